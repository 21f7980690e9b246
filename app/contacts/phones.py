"""Iranian mobile numbers as people type them, normalised to the wire form ``98`` + 10 digits.

Validity comes from ``phonenumbers`` metadata, not a hand-written prefix list. Each
distinct input is parsed once (phonenumbers costs tens of microseconds per parse).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberType

#: Persian (U+06F0..) and Arabic-Indic (U+0660..) digits to ASCII.
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
#: What people put between digits: spaces of every kind, dashes, dots, parentheses,
#: slashes, ZWNJ/ZWJ, direction marks and isolates, BOM.
_SEPARATORS = re.compile(r"[\s\u00a0\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\-\u2010-\u2015\u2212.()/_]")
_FLOAT_TEXT = re.compile(r"(\d+)\.0+")
_SCIENTIFIC = re.compile(r"\d(?:\.\d+)?[eE][+]?\d+")

_TYPE_WORDS = {
    PhoneNumberType.FIXED_LINE: "a landline number, not a mobile",
    PhoneNumberType.VOIP: "a VoIP number, not a mobile",
    PhoneNumberType.TOLL_FREE: "a toll-free number, not a mobile",
    PhoneNumberType.PREMIUM_RATE: "a premium-rate number, not a mobile",
    PhoneNumberType.SHARED_COST: "a shared-cost number, not a mobile",
    PhoneNumberType.UAN: "a company (UAN) number, not a mobile",
    PhoneNumberType.PAGER: "a pager number, not a mobile",
}


@dataclass(frozen=True)
class PhoneCheck:
    """The verdict on one phone input: ``phone`` in wire form, or ``reason`` it is not
    a usable Iranian mobile number (exactly one of them is set)."""

    phone: str | None
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.phone is not None


EMPTY = PhoneCheck(None, "the phone cell is empty")


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
        return PhoneCheck(None, "written in scientific notation, so Excel has lost digits: "
                                "format the column as text in the source and export again")
    float_text = _FLOAT_TEXT.fullmatch(text)
    compact = clean(float_text.group(1) if float_text else text)
    if not compact:
        return EMPTY
    if compact.startswith("00"):
        compact = "+" + compact[2:]
    digits = compact[1:] if compact.startswith("+") else compact
    if not digits.isdigit() or not digits.isascii():
        return PhoneCheck(None, "contains letters or symbols that are not part of a phone number")
    if compact.startswith("+"):
        candidate = compact
    elif digits.startswith("98") and len(digits) == 12:
        candidate = "+" + digits
    elif digits.startswith("9") and len(digits) == 10:
        candidate = "+98" + digits  # Excel dropped the leading zero
    elif digits.startswith("0"):
        candidate = digits
    else:
        return PhoneCheck(None, f"{len(digits)} digits: not an Iranian mobile number (expected 09xx xxx xxxx)")
    try:
        number = phonenumbers.parse(candidate, "IR")
    except NumberParseException:
        return PhoneCheck(None, "not a phone number")
    if number.country_code != 98:
        region = phonenumbers.region_code_for_number(number) or "unknown"
        return PhoneCheck(None, f"a foreign number (+{number.country_code}, {region}), not Iranian")
    if not phonenumbers.is_possible_number(number):
        return PhoneCheck(None, "wrong number of digits for an Iranian mobile (expected 09xx xxx xxxx)")
    kind = phonenumbers.number_type(number)
    if len(str(number.national_number)) != 10 and kind not in _TYPE_WORDS:
        return PhoneCheck(None, "wrong number of digits for an Iranian mobile (expected 09xx xxx xxxx)")
    if kind in _TYPE_WORDS:
        return PhoneCheck(None, _TYPE_WORDS[kind])
    if kind not in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE):
        return PhoneCheck(None, "not an Iranian mobile prefix")
    return PhoneCheck("98" + str(number.national_number))


def normalise_many(values: Iterable[str]) -> list[PhoneCheck]:
    """:func:`normalise` over ``values``, each distinct value parsed once."""
    seen: dict[str, PhoneCheck] = {}
    out = []
    for value in values:
        check = seen.get(value)
        if check is None:
            check = seen[value] = normalise(value)
        out.append(check)
    return out
