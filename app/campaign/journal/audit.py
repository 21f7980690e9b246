"""The audit trail: who did what to which campaign, and when (docs/architecture.md,
"The store's repositories"). On a team store the store's own triggers and functions
write the entries that matter to authority; these are the app's own."""

from __future__ import annotations

from typing import Any

from app.campaign.journal.errors import sentences
from app.campaign.journal.records import actor, now_text
from app.campaign.journal.repository import Repository


class AuditTrail(Repository):
    """The ``audit`` table: ``at`` (ISO 8601, UTC), ``campaign_id`` (None: none),
    ``action``, ``os_user``, ``machine`` and ``detail`` per entry."""

    @sentences
    def add(self, action: str, campaign_id: int | None = None, detail: str | None = None) -> None:
        """Record that this OS user on this machine did ``action`` (created, sent,
        paused, resumed, cancelled, exported...) to the campaign."""
        with self.transaction():
            self.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                            " VALUES ($1,$2,$3,$4,$5,$6)", (now_text(), campaign_id, action, *actor(), detail))

    @sentences
    def entries(self, campaign_id: int | None = None) -> list[dict[str, Any]]:
        """The trail, oldest first (of one campaign, or all): a dict of the columns each."""
        sql = "SELECT at, campaign_id, action, os_user, machine, detail FROM audit"
        args: tuple[Any, ...] = ()
        if campaign_id is not None:
            sql, args = sql + " WHERE campaign_id = $1", (campaign_id,)
        return [dict(row) for row in self.db.execute(sql + " ORDER BY id", args)]
