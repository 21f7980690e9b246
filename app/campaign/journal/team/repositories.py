"""The team store's repositories where the store's own functions decide: members may not
change a campaign's message, its rows' request_ids or a series' plan themselves, nor
delete (app/campaign/journal/team/authority.py). The send path's are in
app/campaign/journal/team/sending.py."""

from __future__ import annotations

from app.campaign.journal.control import CampaignControl, SeriesRuns
from app.campaign.journal.creation import CampaignCreation
from app.campaign.journal.errors import sentences
from app.campaign.journal.records import Campaign


class TeamCampaignControl(CampaignControl):
    """:class:`CampaignControl` whose retargeting is the store's function ``safir_retarget``."""

    def hold(self, campaign_id: int) -> None:
        # The lock a sender's registration and a stop request take: they wait for this transaction.
        self.db.execute("SELECT 1 FROM campaigns WHERE id = $1 FOR NO KEY UPDATE", (campaign_id,))

    def _retarget(self, campaign: Campaign, bot_id: int | None, template_id: str | None, rows: list[int],
                  request_ids: list[str]) -> int:
        # ``request_ids`` are not sent: the store makes the new ones (a member's could be another campaign's).
        with self.transaction():
            return int(self.db.execute("SELECT safir_retarget($1, $2, $3, $4::int[])",
                                       (campaign.id, bot_id, template_id, rows)).fetchone()[0])


class TeamSeriesRuns(SeriesRuns):
    """:class:`SeriesRuns` through the store's functions: only the series' maker or an
    admin changes what its runs send; a run is taken forward only, from the run that is due."""

    @sentences
    def claim(self, series_id: int, due: str, following: str) -> bool:
        with self.transaction():
            return bool(self.db.execute("SELECT safir_claim_run($1, $2, $3)",
                                        (series_id, due, following)).fetchone()[0])

    @sentences
    def write(self, series_id: int, status: str, rule: str, plan: str, next_run: str | None) -> None:
        with self.transaction():
            self.db.execute("SELECT safir_change_series($1, $2, $3, $4, $5)", (series_id, status, rule, plan, next_run))


class TeamCampaignCreation(CampaignCreation):
    """:class:`CampaignCreation` whose dropping of an abandoned or refused creation is the
    store's function ``safir_drop_creation``: it takes a creation away whole, and nothing else."""

    def _drop(self, campaign_id: int) -> None:
        with self.transaction():
            self.db.execute("SELECT safir_drop_creation($1)", (campaign_id,))
