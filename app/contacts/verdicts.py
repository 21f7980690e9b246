"""Per-row verdicts on a contact sheet: valid, invalid (with a reason), duplicate (of
which row), suppressed or empty. The counts always add up to the number of data rows."""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa

from app.contacts.arrow import pc
from app.contacts.formulas import unsaved_formula_rows
from app.contacts.phones import EMPTY, normalise_column
from app.contacts.sheets import Sheet
from app.reasons import row_reason


class Verdict(str, enum.Enum):
    VALID = "valid"
    INVALID = "invalid"
    DUPLICATE = "duplicate"
    SUPPRESSED = "suppressed"
    EMPTY = "empty"


@dataclass(frozen=True)
class RowVerdict:
    """One data row's verdict. ``row`` is the row number Excel shows; ``phone`` is the
    wire form (also for duplicates and suppressed rows); ``duplicate_of`` is the row
    number of the first row with the same phone; ``reason`` why it is not sent, as
    :func:`app.reasons.row_reason` stores it (``reason_words`` gives its sentence)."""

    row: int
    phone_input: str
    phone: str | None
    verdict: Verdict
    reason: str | None = None
    duplicate_of: int | None = None


_CODE = {v: i for i, v in enumerate(Verdict)}
#: Stands for the first row's number while the duplicates' reasons are made.
_ROW_MARK = "{row}"
#: Rows turned into Python objects at a time when iterating a big sheet.
ITER_CHUNK_ROWS = 65536


class RowTuple(NamedTuple):
    """A row's verdict as :meth:`Verdicts.rows` gives it (``verdict`` as text)."""

    row: int
    phone_input: str
    phone: str | None
    verdict: str
    reason: str | None


def missing_ints(count: int) -> pd.arrays.IntegerArray:
    """``count`` missing values of a nullable integer column, made without a Python loop."""
    return pd.arrays.IntegerArray(np.zeros(count, dtype=np.int64), np.ones(count, dtype=bool))


class ValidCells(NamedTuple):
    """Valid rows, in sheet order: their sheet ``rows``, wire-form ``phones`` and the
    ``cells`` of some columns (each a list, a value a row)."""

    rows: list[int]
    phones: list[str]
    cells: dict[str, list[str]]


class Verdicts:
    """Every row's verdict, held column-wise in ``frame`` (columns ``row``,
    ``phone_input``, ``phone``, ``verdict``, ``reason``, ``duplicate_of``) so a million
    rows cost little; iterating yields :class:`RowVerdict` objects in sheet order."""

    COLUMNS = ("row", "phone_input", "phone", "verdict", "reason", "duplicate_of")

    def __init__(self, frame: pd.DataFrame) -> None:
        self.frame = frame

    def __len__(self) -> int:
        return len(self.frame)

    def __iter__(self) -> Iterator[RowVerdict]:
        for row, phone_input, phone, verdict, reason, duplicate_of in zip(
            *(self.frame[c].tolist() for c in self.COLUMNS)
        ):
            yield RowVerdict(row, phone_input, _none(phone), Verdict(verdict), _none(reason),
                             None if _none(duplicate_of) is None else int(duplicate_of))

    def rows(self) -> Iterator[RowTuple]:
        """Each row's ``(row, phone_input, phone, verdict, reason)`` as a light named
        tuple (the verdict as its text): what a campaign needs, made fast for a million."""
        for columns in self.column_slices():
            yield from map(RowTuple._make, zip(*columns))

    def column_slices(self) -> Iterator[tuple[list[Any], ...]]:
        """The rows :data:`ITER_CHUNK_ROWS` at a time (a million never sit as objects), as
        the lists ``(rows, phone_inputs, phones, verdicts, reasons)`` (missing: None), in
        the slices of :meth:`valid_cells`."""
        for start in range(0, len(self.frame), ITER_CHUNK_ROWS):
            part = self.frame.iloc[start:start + ITER_CHUNK_ROWS]
            yield tuple(part[c].astype(object).where(part[c].notna(), None).tolist() for c in self.COLUMNS[:5])

    def not_valid(self, at_most: int) -> list[RowVerdict]:
        """The first ``at_most`` rows that will not be sent (any verdict but valid), in
        sheet order: what a check shows a person, found without walking every row."""
        part = self.frame.loc[self.frame["verdict"] != Verdict.VALID.value].head(at_most)
        return list(Verdicts(pd.DataFrame(part)))

    def valid_phones(self) -> list[str]:
        """The wire-form phones of the valid rows, in sheet order."""
        valid = self.frame[self.frame["verdict"] == Verdict.VALID.value]
        return [str(p) for p in valid["phone"].tolist()]

    def valid_cells(self, sheet: Sheet, columns: Iterable[str],
                    among: Collection[str] | None = None) -> Iterator[ValidCells]:
        """The valid rows, :data:`ITER_CHUNK_ROWS` sheet rows at a time (a million never sit
        as objects), in sheet order, each slice as :class:`ValidCells` (a column the sheet
        lacks is left out); only those whose wire-form phone is ``among`` when given. The
        verdicts must be ``sheet``'s, row for row."""
        names = [name for name in dict.fromkeys(columns) if name in sheet.frame.columns]
        wanted = None if among is None else pa.array(list(among), type=pa.string())
        for start in range(0, len(self.frame), ITER_CHUNK_ROWS):
            part = self.frame.iloc[start:start + ITER_CHUNK_ROWS]
            valid = (part["verdict"] == Verdict.VALID.value).to_numpy(dtype=bool)
            if wanted is not None:
                valid = valid & pc.is_in(pa.array(part["phone"]), value_set=wanted).to_numpy(zero_copy_only=False)
            cells = sheet.frame.iloc[start:start + ITER_CHUNK_ROWS]
            kept = pa.array(valid)  # cells are kept by arrow before they become Python text (twice as fast)
            yield ValidCells(part["row"].to_numpy()[valid].tolist(),
                             pa.array(part["phone"]).filter(kept).to_pylist(),
                             {name: pa.array(cells[name]).filter(kept).to_pylist()
                              for name in names})

    def longest_valid_cells(self, sheet: Sheet, columns: Iterable[str]) -> dict[str, int]:
        """The length (characters) of the longest cell of each of ``columns`` among the
        valid rows (0 when none; a column the sheet lacks is left out), counted by Arrow
        without a Python step a row."""
        valid = pa.array((self.frame["verdict"] == Verdict.VALID.value).to_numpy(dtype=bool))
        longest: dict[str, int] = {}
        for name in dict.fromkeys(columns):
            if name in sheet.frame.columns:
                cells = pa.array(sheet.frame[name], type=pa.string()).filter(valid)
                longest[name] = int(pc.max(pc.utf8_length(cells)).as_py() or 0)
        return longest

    def counts(self) -> dict[str, int]:
        """Rows per verdict, every verdict present (zero included)."""
        found = self.frame["verdict"].value_counts()
        return {v.value: int(found.get(v.value, 0) or 0) for v in Verdict}

    def result_rows(self) -> Iterator[dict[str, Any]]:
        """Results-file rows as a dry run reports them: the status is the verdict."""
        for v in self:
            yield {"row": v.row, "phone_input": v.phone_input, "phone": v.phone, "status": v.verdict.value,
                   "error_code": None, "error": v.reason, "message_id": None, "request_id": None}


def _none(value: Any) -> Any:
    return None if value is None or (isinstance(value, float) and value != value) or value is pd.NA else value


def _mark_unsaved_formulas(sheet: Sheet, phone_column: str, rows: np.ndarray, failed: np.ndarray,
                           codes: np.ndarray, reasons: pa.Array) -> pa.Array:
    """The reasons with rows whose phone cell is a formula with no saved result (read
    as empty or 0) told so, instead of "empty" or "invalid"; ``codes`` made invalid
    for those rows in place. ``failed`` marks the rows without a phone."""
    if sheet.path.suffix.lower() not in (".xlsx", ".xlsm", ".xls", ".ods") or not failed.any():
        return reasons
    column = sheet.columns.index(phone_column)
    found = unsaved_formula_rows(sheet.path, sheet.sheet_name, column, set(rows[failed].tolist()))
    if not found:
        return reasons
    mask = np.isin(rows, np.fromiter(found, dtype=np.int64))
    codes[mask] = _CODE[Verdict.INVALID]
    return pc.if_else(pa.array(mask), pa.scalar(row_reason("formula_unsaved")), reasons)


def validate(sheet: Sheet, phone_column: str, suppressed: Collection[str] = frozenset()) -> Verdicts:
    """Verdicts for every data row of ``sheet``, in sheet order, computed column-wise.

    ``suppressed`` holds wire-form phones that must never be messaged; a suppressed
    number stays suppressed on every row. Duplicates are counted among the other
    valid rows, and name the first row with the same number. Raises KeyError if
    ``phone_column`` is not a column of the sheet.
    """
    inputs = sheet.frame[phone_column]
    phones, reasons = normalise_column(pa.array(inputs.array, type=pa.string(), from_pandas=True))
    count = len(inputs)
    rows = np.arange(sheet.header_row + 1, sheet.header_row + 1 + count, dtype=np.int64)
    # Wire phones are 12 digits: as int64 they dedupe and group fast.
    numbers = pc.cast(phones, pa.int64()).to_numpy(zero_copy_only=False)  # NaN where there is no phone
    has_phone = pc.is_valid(phones).to_numpy(zero_copy_only=False)
    codes = np.full(count, _CODE[Verdict.INVALID], dtype=np.int8)
    codes[pc.fill_null(pc.equal(reasons, EMPTY.reason), False).to_numpy(zero_copy_only=False)] = _CODE[Verdict.EMPTY]
    reasons = _mark_unsaved_formulas(sheet, phone_column, rows, ~has_phone, codes, reasons)
    is_suppressed = np.zeros(count, dtype=bool)
    if suppressed:
        is_suppressed = pc.fill_null(pc.is_in(phones, value_set=pa.array(sorted(suppressed), type=pa.string())),
                                     False).to_numpy(zero_copy_only=False)
    candidates = has_phone & ~is_suppressed
    # Each candidate's number as a group code; rows are in order, so a group's first
    # position is its first row.
    group = np.full(count, -1, dtype=np.int64)
    group[candidates] = pd.factorize(numbers[candidates])[0]
    first = np.full(int(group.max()) + 1 if candidates.any() else 0, -1, dtype=np.int64)
    positions = np.flatnonzero(candidates)
    first[group[positions[::-1]]] = positions[::-1]  # the last write wins: the first position
    duplicate = np.zeros(count, dtype=bool)
    duplicate[positions] = first[group[positions]] != positions
    codes[candidates & ~duplicate] = _CODE[Verdict.VALID]
    codes[duplicate] = _CODE[Verdict.DUPLICATE]
    codes[is_suppressed] = _CODE[Verdict.SUPPRESSED]
    verdict = pd.Categorical.from_codes(codes, categories=[v.value for v in Verdict])

    duplicate_of = missing_ints(count)
    reason = pd.Series(pd.array(reasons, dtype="string"))
    if duplicate.any():
        first_rows = rows[first[group[duplicate]]]
        duplicate_of[duplicate] = first_rows
        before, after = row_reason("duplicate", row=_ROW_MARK).split(_ROW_MARK)
        reason[duplicate] = before + pd.Series(first_rows).astype(str).to_numpy() + after
    if is_suppressed.any():
        reason[is_suppressed] = row_reason("suppressed")
    frame = pd.DataFrame({
        "row": rows,
        "phone_input": inputs.array,
        "phone": pd.array(phones, dtype="string"),
        "verdict": verdict,
        "reason": reason.array,
        "duplicate_of": duplicate_of,
    })
    return Verdicts(frame)


def mark_unsaved_formula_cells(sheet: Sheet, verdicts: Verdicts, columns: Iterable[str]) -> Verdicts:
    """``verdicts`` with every valid row made ``invalid`` whose cell in one of ``columns``
    (the columns a message uses) is a formula with no saved result (it reads as empty or
    0, so the message would go out without that value). Only such suspect cells are
    looked up in the file; other formats and clean files come back unchanged."""
    if sheet.path.suffix.lower() not in (".xlsx", ".xlsm", ".xls", ".ods"):
        return verdicts
    frame = verdicts.frame
    rows = frame["row"].to_numpy()
    valid = (frame["verdict"] == Verdict.VALID.value).to_numpy(dtype=bool, copy=True)
    verdict, reason = frame["verdict"].copy(), frame["reason"].copy()
    changed = False
    for name in dict.fromkeys(columns):
        if name not in sheet.columns:
            continue
        values = sheet.frame[name].astype("string").fillna("").str.strip()
        suspect = valid & values.isin(["", "0"]).to_numpy(dtype=bool)
        if not suspect.any():
            continue
        found = unsaved_formula_rows(sheet.path, sheet.sheet_name, sheet.columns.index(name),
                                     set(rows[suspect].tolist()))
        if found:
            mask = np.isin(rows, np.fromiter(found, dtype=np.int64))
            verdict[mask] = Verdict.INVALID.value
            reason[mask] = row_reason("formula_unsaved_in", column=name)
            valid = valid & ~mask
            changed = True
    return Verdicts(frame.assign(verdict=verdict, reason=reason)) if changed else verdicts
