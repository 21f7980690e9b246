"""What the user is composing in the campaign wizard, and what each step still lacks.

Plain Python (no Qt), so the wizard's rules are tested without a window and a draft
survives the window being rebuilt (a language switch).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from app.campaign import Content, ContentError, QuietHours
from app.campaign.repeat import RepeatRule, runs_wait_for_quiet_hours
from app.jobs.inputs import check_bot_id, check_in_flight, check_rate
from app.jobs.sheet import CheckedSheet

#: A start this far in the past is still "now" (the minute being picked).
START_GRACE = timedelta(minutes=1)


@dataclass(frozen=True)
class Problem:
    """Why a step cannot be left yet: a ``code`` the step words in the user's language,
    and the English ``detail`` (or the ContentError) of a lower layer, if any."""

    code: str
    detail: str = ""
    error: ContentError | None = None


@dataclass
class CampaignDraft:
    """The campaign being composed: the checked sheet and its rows (text per column),
    the content with its placeholders, the uploaded file's id and name, the template's fields
    (when the template is in the local library) and the review's settings: bot id,
    rate (messages per minute, 0 = as fast as allowed), requests in flight, quiet
    hours ("HH:MM-HH:MM" or "") and start time (ISO 8601 with offset, or ""), a repeat
    rule when it is to be a series, and whether numbers without Bale get an SMS."""

    path: Path | None = None
    checked: CheckedSheet | None = None
    records: list[dict[str, str]] = field(default_factory=list)
    content: Content = field(default_factory=lambda: Content(kind="text"))
    template_fields: list[str] | None = None
    file_id: str = ""
    file_name: str = ""
    bot_id: int = 0
    rate_per_minute: int = 120
    in_flight: int = 8
    quiet_hours: str = ""
    start_at: str = ""
    repeat: RepeatRule | None = None  # a repeating campaign (series) instead of one send
    sms_fallback: bool = False  # numbers without a Bale account get an SMS (docs/sms.md)

    @property
    def columns(self) -> list[str]:
        return self.checked.sheet.columns if self.checked is not None else []

    def row_fields(self, row: int) -> dict[str, str]:
        """The cells of the sheet row numbered ``row`` (as the sheet shows it); {} if none."""
        if self.checked is None:
            return {}
        index = row - self.checked.sheet.header_row - 1
        return self.records[index] if 0 <= index < len(self.records) else {}

    def first_valid_row(self) -> int | None:
        if self.checked is None:
            return None
        return next((v.row for v in self.checked.verdicts if v.verdict.value == "valid"), None)

    def recipients_problem(self) -> Problem | None:
        """None when the sheet has someone to send to."""
        if self.checked is None:
            return Problem("no_sheet")
        if not self.checked.counts["valid"]:
            return Problem("no_valid_phone")
        return None

    def message_problem(self) -> Problem | None:
        """None when the content can be rendered for this sheet's rows."""
        try:
            self.content.check(self.columns, self.template_fields)
        except ContentError as exc:
            return Problem("content", str(exc), exc)
        return None

    def review_problem(self) -> Problem | None:
        """None when the settings can start a campaign."""
        for code, detail in (("bot", check_bot_id(self.bot_id)), ("rate", check_rate(self.rate_per_minute)),
                             ("in_flight", check_in_flight(self.in_flight))):
            if detail:
                return Problem(code, detail)
        try:
            quiet = self.parsed_quiet_hours()
        except ValueError as exc:
            return Problem("quiet_hours", str(exc))
        if self.start_at and datetime.fromisoformat(self.start_at) < datetime.now(timezone.utc) - START_GRACE:
            return Problem("start_past", self.start_at)
        if self.repeat is not None and runs_wait_for_quiet_hours(self.repeat, quiet, datetime.now(timezone.utc)):
            return Problem("repeat_quiet", self.repeat.at)
        return None

    def problem_before(self, step: int) -> Problem | None:
        """What stops the wizard from showing step ``step`` (0 recipients, 1 message,
        2 review, 3 send): the first problem of the steps before it."""
        checks = (self.recipients_problem, self.message_problem, self.review_problem)
        for check in checks[:step]:
            problem = check()
            if problem is not None:
                return problem
        return None

    def parsed_quiet_hours(self) -> QuietHours | None:
        """The quiet hours, or None; raises ValueError for text that is not HH:MM-HH:MM."""
        text = self.quiet_hours.strip()
        return QuietHours.parse(text) if text else None
