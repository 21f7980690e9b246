"""The frequency cap: at most N messages to one number in D days, across campaigns
(docs/architecture.md, "Send-time rules"). Shared by everyone using the journal (a team
store's whole team); checked when a campaign is reviewed and again when each request is
about to leave."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from app.campaign.journal.records import TeamRole

if TYPE_CHECKING:
    from app.campaign.journal import Journal

#: Days are calendar days in this time zone.
CAP_TIME_ZONE = "Asia/Tehran"
#: The shared setting that holds the cap.
CAP_SETTING = "frequency_cap"
#: Limits a user may set (messages, days).
MAX_CAP_MESSAGES = 1000
MAX_CAP_DAYS = 366


@dataclass(frozen=True)
class FrequencyCap:
    """At most ``max_messages`` messages to one number in the last ``days`` calendar days
    (Tehran time: today counts as one), from this campaign's bot only or, with
    ``any_bot``, from any bot; one-time passwords are exempt unless ``count_otp``."""

    max_messages: int
    days: int
    any_bot: bool = False
    count_otp: bool = False

    def problem(self) -> str | None:
        """Why this cap cannot be set, in a sentence; None when it can."""
        if not 1 <= self.max_messages <= MAX_CAP_MESSAGES:
            return f"the frequency cap must allow from 1 to {MAX_CAP_MESSAGES} messages (use 'cap --off' for none)"
        if not 1 <= self.days <= MAX_CAP_DAYS:
            return f"the frequency cap's period must be from 1 to {MAX_CAP_DAYS} days"
        return None

    def since(self, now: datetime) -> str:
        """The first instant the cap counts (the start of the calendar day ``days - 1``
        days before ``now``, Tehran time), as the journal stores instants."""
        zone = ZoneInfo(CAP_TIME_ZONE)
        first_day = now.astimezone(zone).date() - timedelta(days=self.days - 1)
        start = datetime.combine(first_day, time(0, 0), zone)
        return start.astimezone(timezone.utc).isoformat(timespec="milliseconds")

    def applies_to(self, kind: str) -> bool:
        """Whether messages of ``kind`` are capped (and counted)."""
        return kind != "otp" or self.count_otp

    def describe(self) -> str:
        """The cap in words, for the CLI."""
        return (f"at most {self.max_messages} messages to one number in {self.days} days (Tehran calendar days), "
                + ("from any bot" if self.any_bot else "from the same bot")
                + ("" if self.count_otp else "; one-time passwords are exempt"))

    def to_json(self) -> dict[str, Any]:
        return {"max_messages": self.max_messages, "days": self.days, "any_bot": self.any_bot,
                "count_otp": self.count_otp}

    @classmethod
    def from_json(cls, data: object) -> FrequencyCap | None:
        """The cap a shared setting holds, or None (no cap, or not a cap)."""
        if not isinstance(data, dict):
            return None
        try:
            fields: dict[str, Any] = dict(data)  # type: ignore[arg-type]  # JSON from the store
            return cls(int(fields["max_messages"]), int(fields["days"]), bool(fields.get("any_bot", False)),
                       bool(fields.get("count_otp", False)))
        except (KeyError, TypeError, ValueError):
            return None


@dataclass(frozen=True)
class CapScope:
    """The frequency cap as one campaign's requests are reserved against it (the journal's
    ``mark_many_in_flight``): ``cap`` and the bot whose messages count (None: any bot's)."""

    cap: FrequencyCap
    bot_id: int | None

    @classmethod
    def of(cls, cap: FrequencyCap | None, kind: str, bot_id: int, ignore_cap: bool) -> CapScope | None:
        """The scope for a campaign of ``kind`` sent by ``bot_id``; None when no cap applies."""
        if cap is None or ignore_cap or not cap.applies_to(kind):
            return None
        return cls(cap, None if cap.any_bot else bot_id)


def frequency_cap(journal: Journal) -> FrequencyCap | None:
    """The frequency cap everyone using ``journal`` shares, or None (no cap)."""
    return FrequencyCap.from_json(journal.shared.get(CAP_SETTING))


def set_frequency_cap(journal: Journal, cap: FrequencyCap | None) -> None:
    """Set the journal's frequency cap (None: none). Raises ValueError for a cap that
    cannot be set (its sentence), and JournalError (a team store refuses anyone but an admin)."""
    problem = cap.problem() if cap is not None else None
    if problem:
        raise ValueError(problem)
    journal.require(TeamRole.ADMIN)
    journal.shared.set(CAP_SETTING, cap.to_json() if cap is not None else None)
    if not journal.decides_in_store:  # a team store audits every rule change itself
        journal.audit_trail.add("frequency cap set", None, cap.describe() if cap is not None else "no cap")
