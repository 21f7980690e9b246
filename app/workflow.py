"""The jobs both front ends (CLI and window) share: a sheet checked and ready to send,
a campaign made from it, and its results. Composes app.contacts and app.campaign."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.api import RequestValidationError
from app.campaign import Content, ContentError, Journal, NewRecipient, QuietHours, build_recipients
from app import paths
from app.contacts import (
    ColumnGuess,
    Sheet,
    SuppressionList,
    Verdicts,
    normalise,
    read_sheet,
    resolve_phone_column,
    validate,
)

DEFAULT_RATE_PER_MINUTE = 120.0
DEFAULT_IN_FLIGHT = 8


class CampaignInputError(ValueError):
    """Campaign settings that cannot work with this sheet, in one plain sentence."""


@dataclass
class CheckedSheet:
    """A sheet with its phone column and every row's verdict (in sheet order)."""

    sheet: Sheet
    phone_column: ColumnGuess
    verdicts: Verdicts

    @property
    def counts(self) -> dict[str, int]:
        """Rows per verdict (valid, invalid, duplicate, suppressed)."""
        return self.verdicts.counts()

    def dry_run_rows(self) -> Iterator[dict[str, Any]]:
        """Results rows as a dry run reports them: status is the verdict."""
        return self.verdicts.result_rows()


def suppression_list() -> SuppressionList:
    """The user's suppression list, kept in the state dir."""
    return SuppressionList(paths.state_dir() / "suppression.csv")


def check_sheet(path: str | Path, *, phone_column: str | None = None, sheet_name: str | None = None,
                suppressed: Collection[str] | None = None) -> CheckedSheet:
    """Read ``path`` and judge every row, the suppression list applied (``suppressed``,
    or the user's list when None). Raises SheetError with a plain sentence."""
    sheet = read_sheet(path, sheet_name)
    guess = resolve_phone_column(sheet, phone_column)
    assert guess.column is not None
    blocked = suppression_list().phones() if suppressed is None else suppressed
    return CheckedSheet(sheet, guess, validate(sheet, guess.column, blocked))


def create_campaign(
    journal: Journal,
    checked: CheckedSheet,
    *,
    content: Content,
    bot_id: int,
    base_url: str,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    in_flight: int = DEFAULT_IN_FLIGHT,
    quiet_hours: QuietHours | None = None,
    start_at: str | None = None,
    template_fields: list[str] | None = None,
    name: str | None = None,
) -> int:
    """Store a campaign of ``content`` to every valid row of ``checked``; return its id.

    ``rate_per_minute`` 0 means as fast as ``in_flight`` allows. Raises
    CampaignInputError for content that cannot be rendered from this sheet (naming the
    field), a bad bot id, rate or in-flight limit.
    """
    try:
        content.check(checked.sheet.columns, template_fields)
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem} (columns: {', '.join(checked.sheet.columns)}).") from None
    if bot_id <= 0:
        raise CampaignInputError("the bot id must be a positive number.")
    if rate_per_minute < 0:
        raise CampaignInputError("the rate cannot be negative (0 means as fast as allowed).")
    if in_flight < 1:
        raise CampaignInputError("at least one request must be allowed in flight.")
    recipients = build_recipients(zip(checked.verdicts, checked.sheet.records()), content)
    return journal.create_campaign(
        name=name or checked.sheet.path.name,
        kind=content.kind,
        content=content.to_json(),
        bot_id=bot_id,
        rate_per_minute=rate_per_minute,
        in_flight=in_flight,
        base_url=base_url,
        recipients=recipients,
        source_path=str(checked.sheet.path),
        quiet_hours=quiet_hours.text() if quiet_hours else None,
        time_zone=quiet_hours.time_zone if quiet_hours else "Asia/Tehran",
        start_at=start_at,
    )


def create_quick_send(
    journal: Journal, *, phone_input: str, content: Content, bot_id: int, base_url: str,
    template_fields: list[str] | None = None, fields: Mapping[str, str] | None = None,
) -> int:
    """A one-recipient campaign for a support agent's single message (or a campaign's
    test send, ``fields`` filling its ``{{column}}`` placeholders); returns its id.

    Raises CampaignInputError for a phone that is not an Iranian mobile or content that
    cannot be sent. Going through the journal gives the send a fixed request_id and a
    place in the phone's history.
    """
    fields = fields or {}
    check = normalise(phone_input)
    if check.phone is None:
        raise CampaignInputError(f"{phone_input or 'the phone'}: {check.reason}.")
    try:
        content.check(fields, template_fields)
        message = content.render(fields).to_wire()
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem}.") from None
    except RequestValidationError as exc:
        raise CampaignInputError(exc.message) from None
    return journal.create_campaign(
        name=f"quick send to {check.phone}", kind=content.kind, content=content.to_json(), bot_id=bot_id,
        rate_per_minute=0, in_flight=1, base_url=base_url,
        recipients=[NewRecipient(1, phone_input, check.phone, "valid", None, message)],
    )
