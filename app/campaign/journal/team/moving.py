"""Moving in: a desktop's own journal copied into the team store (docs/team.md, "Moving
in"), campaigns with their recipients, outcomes, request_ids and attempts, and the
suppression list. Copying again copies only what is not there yet: each copied campaign
leaves an ``audit`` row naming where it came from."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.campaign.approval import APPROVAL_SETTING, ApprovalRule
from app.campaign.caps import CAP_SETTING, FrequencyCap
from app.campaign.journal.connection import placeholders
from app.campaign.journal.records import TeamRole, actor, now_text
from app.campaign.suppression import SUPPRESSION_FILE, SuppressionWatch

if TYPE_CHECKING:
    from app.campaign.journal.store import Journal
    from app.campaign.journal.team.store import TeamJournal

#: Rows written per statement while copying a big campaign.
CHUNK = 5000


@dataclass(frozen=True)
class CopyResult:
    """What a copy did: ``campaigns`` and their ``recipients`` copied, numbers newly
    ``suppressed``, campaigns that were there ``already``; the rules (shared setting keys)
    this desktop's journal brought into a team that had none (``rules_copied``), and
    those the team has otherwise and keeps (``rules_kept``: key → (the team's, this
    desktop's), each described in words)."""

    campaigns: int
    recipients: int
    suppressed: int
    already: int
    rules_copied: tuple[str, ...] = ()
    rules_kept: dict[str, tuple[str, str]] = field(default_factory=dict[str, tuple[str, str]])


#: The rules a desktop's journal brings: the frequency cap and whether campaigns need approval.
RULES = (CAP_SETTING, APPROVAL_SETTING)


def copy_journal(local: Journal, team: TeamJournal) -> CopyResult:
    """Copy every campaign of ``local`` (oldest first, a retry campaign's parent before it),
    the suppression list beside it and its rules into ``team`` (an admin's to do: makers
    and approvals are kept as they were). Each campaign is copied in one transaction: an
    interrupted copy leaves whole campaigns, and running it again finishes it. A rule the
    team has already stays the team's (the difference is told). Raises JournalError."""
    team.require(TeamRole.ADMIN)
    user, machine = team.who().name, actor()[1]
    copied = recipients = already = 0
    new_ids: dict[int, int] = {}
    for campaign in reversed(local.campaigns.all()):
        origin = f"{user}@{machine}:{local.path}#{campaign.id}"
        found = team.db.execute("SELECT campaign_id FROM audit WHERE action = 'copied' AND detail = $1",
                                (origin,)).fetchone()
        if found is not None:
            new_ids[campaign.id] = int(found[0])
            already += 1
            continue
        with team.transaction():
            team.db.execute("SET LOCAL safir.copying = 'on'")  # makers and approvals as this desktop had them
            new_ids[campaign.id] = new_id = _copy_campaign(local, team, campaign.id, new_ids)
            recipients += _copy_rows(local, team, "recipients", campaign.id, new_id)
            _copy_rows(local, team, "attempts", campaign.id, new_id)
            team.db.execute("INSERT INTO audit (at, campaign_id, action, os_user, machine, detail)"
                            " VALUES ($1, $2, 'copied', $3, $4, $5)", (now_text(), new_id, user, machine, origin))
        copied += 1
    phones = SuppressionWatch(Path(local.path).with_name(SUPPRESSION_FILE)).phones()
    suppressed = team.suppression_watch().suppress(phones) if phones else 0
    rules_copied, rules_kept = _copy_rules(local, team)
    return CopyResult(copied, recipients, suppressed, already, rules_copied, rules_kept)


def _copy_rules(local: Journal, team: TeamJournal) -> tuple[tuple[str, ...], dict[str, tuple[str, str]]]:
    """This desktop's rules into a team that has none of its own; the differences kept.
    An approval rule comes without its names and password: a team's approvers are roles."""
    copied: list[str] = []
    kept: dict[str, tuple[str, str]] = {}
    for key in RULES:
        mine, theirs = local.shared.get(key), team.shared.get(key)
        if key == APPROVAL_SETTING and mine is not None:
            rule = ApprovalRule.from_json(mine)
            mine = None if rule is None else ApprovalRule(rule.required).to_json()
        if mine is None or mine == theirs:
            continue
        if theirs is None:
            team.shared.set(key, mine)
            copied.append(key)
        else:
            kept[key] = (_described(key, theirs), _described(key, mine))
    return tuple(copied), kept


def _described(key: str, value: Any) -> str:
    if key == CAP_SETTING:
        cap = FrequencyCap.from_json(value)
        return cap.describe() if cap is not None else "no cap"
    rule = ApprovalRule.from_json(value)
    return rule.describe(by_roles=True) if rule is not None else "campaigns need no approval"


def _copy_campaign(local: Journal, team: TeamJournal, campaign_id: int, new_ids: dict[int, int]) -> int:
    row: dict[str, Any] = dict(local.db.execute("SELECT * FROM campaigns WHERE id = $1", (campaign_id,)).fetchone())
    row.pop("id")
    row["parent_id"] = new_ids.get(row["parent_id"]) if row["parent_id"] is not None else None
    row["runner"] = row["stop_request"] = row["stop_reason"] = None
    row["series_id"] = None  # a series of this desktop's is not copied: its runs stand alone
    json.loads(row["content"])  # stored as text on both sides; a damaged row fails here, not in the store
    columns = list(row)
    return int(team.db.execute(
        f"INSERT INTO campaigns ({', '.join(columns)}) VALUES ({placeholders(1, len(columns))}) RETURNING id",
        [row[c] for c in columns]).fetchone()[0])


def _copy_rows(local: Journal, team: TeamJournal, table: str, campaign_id: int, new_id: int) -> int:
    cursor = local.db.execute(f"SELECT * FROM {table} WHERE campaign_id = $1", (campaign_id,))
    count = 0
    while True:
        rows = [dict(r) for r in cursor.fetchmany(CHUNK)]
        if not rows:
            return count
        columns = [c for c in rows[0] if c != "id"]  # attempts get ids of the team store's own
        for row in rows:
            row["campaign_id"] = new_id
            if table == "recipients":
                row["lease_owner"] = row["lease_until"] = None
        team.db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders(1, len(columns))})",
                            [[row[c] for c in columns] for row in rows])
        count += len(rows)
