"""Iranian mobile numbers as people type them, normalised to the wire form ``98`` + 10 digits.

Validity comes from ``phonenumbers`` metadata, not a hand-written prefix list. Each
distinct input is parsed once (phonenumbers costs tens of microseconds per parse).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import phonenumbers
import pyarrow as pa
from phonenumbers import NumberParseException, PhoneNumberType

from app.contacts.arrow import pc
from app.reasons import row_reason

#: Persian (U+06F0..) and Arabic-Indic (U+0660..) digits to ASCII.
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
#: What people put between digits: spaces of every kind, dashes, dots, parentheses,
#: slashes, ZWNJ/ZWJ, direction marks and isolates, BOM.
_SEPARATORS = re.compile(r"[\s\u00a0\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\-\u2010-\u2015\u2212.()/_]")
_FLOAT_TEXT = re.compile(r"(\d+)\.0+")
_SCIENTIFIC = re.compile(r"\d(?:\.\d+)?[eE][+]?\d+")

_TYPE_WORDS = {
    PhoneNumberType.FIXED_LINE: row_reason("landline"),
    PhoneNumberType.VOIP: row_reason("voip"),
    PhoneNumberType.TOLL_FREE: row_reason("toll_free"),
    PhoneNumberType.PREMIUM_RATE: row_reason("premium_rate"),
    PhoneNumberType.SHARED_COST: row_reason("shared_cost"),
    PhoneNumberType.UAN: row_reason("uan"),
    PhoneNumberType.PAGER: row_reason("pager"),
}


@dataclass(frozen=True)
class PhoneCheck:
    """The verdict on one phone input: ``phone`` in wire form, or ``reason`` it is not
    a usable Iranian mobile number (exactly one of them is set; the reason as
    :func:`app.reasons.row_reason` stores it)."""

    phone: str | None
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.phone is not None


EMPTY = PhoneCheck(None, row_reason("empty"))


def clean(raw: str) -> str:
    """``raw`` with ASCII digits and without separators or invisible marks."""
    return _SEPARATORS.sub("", raw.translate(_DIGITS))


@lru_cache(maxsize=1 << 20)
def normalise(raw: str) -> PhoneCheck:
    """Check one input as typed (``0912 123 4567``, ``+98-912…``, ``۰۹۱۲…``,
    ``9121234567.0``) and return its :class:`PhoneCheck`. Never raises."""
    text = raw.translate(_DIGITS).strip() if isinstance(raw, str) else ""
    if not text:
        return EMPTY
    if _SCIENTIFIC.fullmatch(text.replace(" ", "")):
        return PhoneCheck(None, row_reason("scientific"))
    float_text = _FLOAT_TEXT.fullmatch(text)
    compact = clean(float_text.group(1) if float_text else text)
    if not compact:
        return EMPTY
    if compact.startswith("00"):
        compact = "+" + compact[2:]
    digits = compact[1:] if compact.startswith("+") else compact
    if not digits.isdigit() or not digits.isascii():
        return PhoneCheck(None, row_reason("not_digits"))
    if compact.startswith("+"):
        candidate = compact
    elif digits.startswith("98") and len(digits) == 12:
        candidate = "+" + digits
    elif digits.startswith("9") and len(digits) == 10:
        candidate = "+98" + digits  # Excel dropped the leading zero
    elif digits.startswith("0"):
        candidate = digits
    else:
        return PhoneCheck(None, row_reason("digit_count", digits=len(digits)))
    try:
        number = phonenumbers.parse(candidate, "IR")
    except NumberParseException:
        return PhoneCheck(None, row_reason("not_a_phone"))
    if number.country_code != 98:
        region = phonenumbers.region_code_for_number(number) or "unknown"
        return PhoneCheck(None, row_reason("foreign", country=number.country_code, region=region))
    if not phonenumbers.is_possible_number(number):
        return PhoneCheck(None, row_reason("wrong_length"))
    kind = phonenumbers.number_type(number)
    if len(str(number.national_number)) != 10 and kind not in _TYPE_WORDS:
        return PhoneCheck(None, row_reason("wrong_length"))
    if kind in _TYPE_WORDS:
        return PhoneCheck(None, _TYPE_WORDS[kind])
    if kind not in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE):
        return PhoneCheck(None, row_reason("not_mobile_prefix"))
    return PhoneCheck("98" + str(number.national_number))


#: The usual clean forms, with separators already removed: +98 / 0098 / 98 / 0 and a
#: 10-digit national number, or a bare 9xxxxxxxxx (RE2 syntax, run by Arrow over whole
#: columns).
_FAST_FORM = r"^(?:(?:\+98|0098|98|0)[1-9]\d{9}|9\d{9})$"
_FAST_SEPARATORS = "[\\s\u00a0\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\\-\u2010-\u2015\u2212.()/_]"
#: The national digits that decide a number's type in phonenumbers' metadata for
#: Iranian mobiles; each distinct prefix is checked once (and per number if two probes
#: of the same prefix disagree).
_PREFIX_DIGITS = 5


def normalise_column(values: Sequence[str | None] | pa.Array | pa.ChunkedArray) -> tuple[pa.Array, pa.Array]:
    """:func:`normalise` over a whole column at once: ``(phones, reasons)`` as Arrow
    string arrays in input order, exactly one of the two non-null per value.

    Common forms are cleaned and matched by Arrow compute over the whole column and
    validated once per distinct 5-digit prefix with phonenumbers; everything else goes
    through :func:`normalise` once per distinct value, so both paths always agree.
    """
    source: Any = values
    if isinstance(source, pa.ChunkedArray):
        source = source.combine_chunks()
    texts: Any = source if isinstance(source, pa.Array) else pa.array(source, type=pa.string(), from_pandas=True)
    if isinstance(texts, pa.ChunkedArray):
        texts = texts.combine_chunks()
    texts = texts.cast(pa.string()).fill_null("")
    non_ascii = pc.invert(pc.string_is_ascii(texts))
    if pc.any(non_ascii).as_py():
        wide = pc.filter(texts, non_ascii)
        for digits in ("۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩"):  # Persian, then Arabic-Indic
            if pc.any(pc.match_substring_regex(wide, f"[{digits[0]}-{digits[9]}]")).as_py():
                for index, local in enumerate(digits):
                    wide = pc.replace_substring(wide, pattern=local, replacement=str(index))
        texts = pc.replace_with_mask(texts, non_ascii, wide)
    # Most cells are already clean: match them as they are, and clean only the rest.
    national = _national(texts)
    unmatched = pc.is_null(national)
    if pc.any(unmatched).as_py():
        rest = pc.filter(texts, unmatched)
        # A dot may be float text ("9121234567.0") whose meaning the one-value path
        # knows: leave every value with a dot to it.
        rest = pc.if_else(pc.match_substring(rest, "."), "",
                          pc.replace_substring_regex(rest, pattern=_FAST_SEPARATORS, replacement=""))
        national = pc.replace_with_mask(national, unmatched, _national(rest))
    prefixes = pc.utf8_slice_codeunits(national, 0, _PREFIX_DIGITS)
    checks = {prefix: _prefix_check(prefix) for prefix in pc.unique(prefixes).to_pylist() if prefix}
    good = pa.array([p for p, c in checks.items() if c.valid], type=pa.string())
    fast_valid = pc.fill_null(pc.is_in(prefixes, value_set=good), False)
    phones = pc.if_else(fast_valid, pc.binary_join_element_wise("98", national, ""), pa.scalar(None, pa.string()))
    bad = {p: c.reason for p, c in checks.items() if not c.valid and c is not _AMBIGUOUS}
    bad_prefixes = pa.array(list(bad), type=pa.string())
    fast_invalid = pc.fill_null(pc.is_in(prefixes, value_set=bad_prefixes), False)
    reasons = pc.if_else(fast_invalid, pc.take(pa.array(list(bad.values()), type=pa.string()),
                                               pc.index_in(prefixes, value_set=bad_prefixes)),
                         pa.scalar(None, pa.string()))
    slow = pc.invert(pc.or_(fast_valid, fast_invalid))
    if pc.any(slow).as_py():
        # The rest, one normalise() per distinct value: odd forms, invalid prefixes, empties.
        slow_values = pc.filter(texts, slow)
        distinct = pc.unique(slow_values)
        results = [normalise(v) for v in distinct.to_pylist()]
        positions = pc.index_in(slow_values, value_set=distinct)
        slow_phones = pc.take(pa.array([r.phone for r in results], type=pa.string()), positions)
        slow_reasons = pc.take(pa.array([r.reason for r in results], type=pa.string()), positions)
        phones = pc.replace_with_mask(phones, slow, slow_phones)
        reasons = pc.replace_with_mask(reasons, slow, slow_reasons)
    return phones, reasons


def _national(texts: pa.Array) -> pa.Array:
    """The 10-digit national number of each clean text in a usual form, else null.

    Every usual form ends in its national number, so a match is enough: the last ten
    characters are it (cheaper than extracting regex groups).
    """
    matched = pc.match_substring_regex(texts, _FAST_FORM)
    return pc.if_else(matched, pc.utf8_slice_codeunits(texts, -10), pa.scalar(None, pa.string()))


_AMBIGUOUS = PhoneCheck(None, "ambiguous prefix")


def _prefix_check(prefix: str) -> PhoneCheck:
    """The verdict shared by every 10-digit national number starting with ``prefix``,
    or _AMBIGUOUS when two probes of the prefix disagree."""
    low, high = normalise("0" + prefix.ljust(10, "0")), normalise("0" + prefix.ljust(10, "9"))
    if low.valid != high.valid or low.reason != high.reason:
        return _AMBIGUOUS
    return PhoneCheck("valid") if low.valid else low
