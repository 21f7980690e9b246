"""Per-row verdicts on a contact sheet: valid, invalid (with a reason), duplicate (of
which row) or suppressed. The counts always add up to the number of data rows."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from app.contacts.phones import normalise_many
from app.contacts.sheets import Sheet


class Verdict(str, enum.Enum):
    VALID = "valid"
    INVALID = "invalid"
    DUPLICATE = "duplicate"
    SUPPRESSED = "suppressed"


@dataclass(frozen=True)
class RowVerdict:
    """One data row's verdict. ``row`` is the row number Excel shows (header is row 1);
    ``phone`` is the wire form (also for duplicates and suppressed rows); ``duplicate_of``
    is the row number of the first row with the same phone."""

    row: int
    phone_input: str
    phone: str | None
    verdict: Verdict
    reason: str | None = None
    duplicate_of: int | None = None


def validate(sheet: Sheet, phone_column: str, suppressed: Collection[str] = frozenset()) -> list[RowVerdict]:
    """Verdicts for every data row of ``sheet``, in sheet order.

    ``suppressed`` holds wire-form phones that must never be messaged. Raises KeyError
    if ``phone_column`` is not a column of the sheet.
    """
    inputs = sheet.frame[phone_column].tolist()
    checks = normalise_many(inputs)
    first_row: dict[str, int] = {}
    verdicts = []
    for index, (raw, check) in enumerate(zip(inputs, checks)):
        row = sheet.row_number(index)
        if check.phone is None:
            verdicts.append(RowVerdict(row, raw, None, Verdict.INVALID, check.reason))
        elif check.phone in suppressed:
            verdicts.append(RowVerdict(row, raw, check.phone, Verdict.SUPPRESSED, "on the suppression list"))
        elif check.phone in first_row:
            original = first_row[check.phone]
            verdicts.append(RowVerdict(row, raw, check.phone, Verdict.DUPLICATE,
                                       f"same number as row {original}", duplicate_of=original))
        else:
            first_row[check.phone] = row
            verdicts.append(RowVerdict(row, raw, check.phone, Verdict.VALID))
    return verdicts


def count_verdicts(verdicts: list[RowVerdict]) -> dict[str, int]:
    """Counts per verdict, every verdict present (zero included)."""
    counts = Counter(v.verdict for v in verdicts)
    return {v.value: counts.get(v, 0) for v in Verdict}
