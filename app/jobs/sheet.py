"""A sheet checked and ready to send: its phone column and every row's verdict; the
sheet of a campaign read again for a results copy."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.campaign import Campaign, Journal
from app.contacts import (
    MIN_CONFIDENCE,
    ColumnGuess,
    Sheet,
    SheetError,
    Verdicts,
    detect_phone_column,
    read_sheet,
    resolve_phone_column,
    validate,
)
from app.jobs.inputs import CampaignInputError
from app.jobs.suppression import suppression_list


@dataclass
class CheckedSheet:
    """A sheet with its phone column and every row's verdict (in sheet order)."""

    sheet: Sheet
    phone_column: ColumnGuess
    verdicts: Verdicts
    #: The column chosen gave no valid number and this one looks like phones (a hint), else None.
    likelier_column: str | None = None

    @property
    def counts(self) -> dict[str, int]:
        """Rows per verdict (valid, invalid, duplicate, suppressed)."""
        return self.verdicts.counts()

    def dry_run_rows(self) -> Iterator[dict[str, Any]]:
        """Results rows as a dry run reports them: status is the verdict."""
        return self.verdicts.result_rows()


def check_sheet(path: str | Path, *, phone_column: str | None = None, sheet_name: str | None = None,
                suppressed: Collection[str] | None = None, journal: Journal | None = None) -> CheckedSheet:
    """Read ``path`` and judge every row, the suppression list applied (``suppressed``,
    or the list of ``journal``'s store, see :func:`suppression_list`). Raises SheetError
    with a plain sentence, JournalError when a team store's list cannot be read."""
    sheet = read_sheet(path, sheet_name)
    guess = resolve_phone_column(sheet, phone_column)
    assert guess.column is not None
    blocked = suppression_list(journal).phones() if suppressed is None else suppressed
    verdicts = validate(sheet, guess.column, blocked)
    return CheckedSheet(sheet, guess, verdicts, _likelier_column(sheet, guess.column, verdicts, phone_column))


def _likelier_column(sheet: Sheet, used: str, verdicts: Verdicts, requested: str | None) -> str | None:
    """A column that looks like phones when ``requested`` (the one chosen) gave no valid number."""
    if requested is None or verdicts.counts()["valid"]:
        return None
    guess = detect_phone_column(sheet)
    return guess.column if guess.column not in (None, used) and guess.confidence >= MIN_CONFIDENCE else None


def campaign_source(campaign: Campaign, rows: list[dict[str, Any]], sheet_name: str | None = None) -> Sheet:
    """The sheet ``campaign`` was sent from, read again for a results copy. Raises
    CampaignInputError if it was not sent from a sheet, cannot be read, or no longer
    matches its ``rows`` (a phone as typed is not in its row any more)."""
    if not campaign.source_path:
        raise CampaignInputError(f"campaign {campaign.id} was not sent from a sheet.")
    try:
        sheet = read_sheet(campaign.source_path, sheet_name)
    except SheetError as exc:
        raise CampaignInputError(f"the campaign's sheet cannot be read again: {exc}") from None
    records = sheet.records()
    for result in rows:
        index = result["row"] - sheet.header_row - 1
        typed = str(result["phone_input"] or "").strip()
        if typed and not (0 <= index < len(records) and typed in (str(v).strip() for v in records[index].values())):
            raise CampaignInputError(f"{Path(campaign.source_path).name} has changed since campaign {campaign.id} "
                                     f"was sent (row {result['row']} no longer holds {typed!r}).")
    return sheet
