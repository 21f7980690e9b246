"""The jobs both front ends (CLI and window) share: a sheet checked and ready to send,
a campaign made from it, and its results. Composes app.contacts and app.campaign."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.campaign import Journal, missing_columns, text_recipients
from app.contacts import ColumnGuess, RowVerdict, Sheet, count_verdicts, read_sheet, resolve_phone_column, validate

DEFAULT_RATE_PER_MINUTE = 120.0
DEFAULT_IN_FLIGHT = 8


class CampaignInputError(ValueError):
    """Campaign settings that cannot work with this sheet, in one plain sentence."""


@dataclass
class CheckedSheet:
    """A sheet with its phone column and every row's verdict (in sheet order)."""

    sheet: Sheet
    phone_column: ColumnGuess
    verdicts: list[RowVerdict]

    @property
    def counts(self) -> dict[str, int]:
        """Rows per verdict (valid, invalid, duplicate, suppressed)."""
        return count_verdicts(self.verdicts)

    def dry_run_rows(self) -> Iterator[dict[str, Any]]:
        """Results rows as a dry run reports them: status is the verdict."""
        for v in self.verdicts:
            yield {"row": v.row, "phone_input": v.phone_input, "phone": v.phone, "status": v.verdict.value,
                   "error_code": None, "error": v.reason, "message_id": None, "request_id": None}


def check_sheet(path: str | Path, *, phone_column: str | None = None, sheet_name: str | None = None) -> CheckedSheet:
    """Read ``path`` and judge every row. Raises SheetError with a plain sentence."""
    sheet = read_sheet(path, sheet_name)
    guess = resolve_phone_column(sheet, phone_column)
    assert guess.column is not None
    return CheckedSheet(sheet, guess, validate(sheet, guess.column))


def create_text_campaign(
    journal: Journal,
    checked: CheckedSheet,
    *,
    text: str,
    bot_id: int,
    base_url: str,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    in_flight: int = DEFAULT_IN_FLIGHT,
    name: str | None = None,
) -> int:
    """Store a text campaign to every valid row of ``checked``; return its id.

    Raises CampaignInputError for an empty text, a placeholder naming no column, a bad
    bot id or rate.
    """
    if not text.strip():
        raise CampaignInputError("the message text is empty.")
    missing = missing_columns(text, checked.sheet.columns)
    if missing:
        raise CampaignInputError(
            f"the text uses {{{{{missing[0]}}}}} but the sheet has no such column "
            f"(columns: {', '.join(checked.sheet.columns)})."
        )
    if bot_id <= 0:
        raise CampaignInputError("the bot id must be a positive number.")
    if rate_per_minute < 0:
        raise CampaignInputError("the rate cannot be negative (0 means as fast as allowed).")
    recipients = text_recipients(zip(checked.verdicts, checked.sheet.records()), text)
    return journal.create_campaign(
        name=name or checked.sheet.path.name,
        kind="text",
        content={"text": text},
        bot_id=bot_id,
        rate_per_minute=rate_per_minute,
        in_flight=in_flight,
        base_url=base_url,
        recipients=recipients,
        source_path=str(checked.sheet.path),
    )
