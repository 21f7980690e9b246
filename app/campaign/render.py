"""Per-recipient content: ``{{column}}`` placeholders filled from the recipient's row.

``{{column|jalali}}`` shows a date cell (``2024-03-20``, as sheets are read) in the
Jalali calendar with Persian digits (``۱۴۰۲/۱۲/۳۰``), by jdatetime.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from urllib.parse import quote

import jdatetime

from app.reasons import ReasonedError, content_problem

#: ``{{name}}`` or ``{{name|filter}}``, inner spaces allowed; names may be Persian (``{{نام}}``).
PLACEHOLDER = re.compile(r"\{\{\s*([^{}|]+?)\s*(?:\|\s*([^{}|]*?)\s*)?\}\}")

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_JALALI_ALREADY = re.compile(r"1[34]\d\d[/-]\d{1,2}[/-]\d{1,2}")
#: Control characters a cell may carry (a NUL from a broken export) that no message should:
#: every C0 control but tab and line breaks, and DEL.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class RenderError(ReasonedError, ValueError):
    """A cell that a placeholder's filter cannot show (a ``|jalali`` cell that is not a date)."""


def jalali(value: str) -> str:
    """A Gregorian date (``2024-03-20``, with or without a time) as a Jalali date with
    Persian digits (``۱۴۰۲/۱۲/۳۰``); a date already written in Jalali keeps its numbers,
    in Persian digits. Raises RenderError for anything else."""
    text = value.strip().translate(_TO_LATIN)
    if _JALALI_ALREADY.fullmatch(text):
        year, month, day = re.split(r"[/-]", text)
        return f"{year}/{int(month):02d}/{int(day):02d}".translate(_PERSIAN_DIGITS)
    try:
        day_of = dt.date.fromisoformat(text[:10])
        shown = jdatetime.date.fromgregorian(date=day_of)  # ValueError before the Jalali calendar's year 1
    except ValueError:
        raise RenderError(content_problem("not_a_date", value=repr(value))) from None
    return shown.strftime("%Y/%m/%d").translate(_PERSIAN_DIGITS)


#: Filters a placeholder may name after ``|``.
FILTERS: dict[str, Callable[[str], str]] = {"jalali": jalali}


def placeholders(text: str) -> list[str]:
    """The distinct column names in ``text``'s placeholders, in order of first use."""
    return list(dict.fromkeys(m.group(1) for m in PLACEHOLDER.finditer(text)))


def unknown_filters(text: str) -> list[str]:
    """Filter names in ``text`` that :data:`FILTERS` does not know."""
    return [m.group(2) for m in PLACEHOLDER.finditer(text) if m.group(2) is not None and m.group(2) not in FILTERS]


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character :func:`cell_text` removes."""
    return _CONTROL.search(text) is not None


def cell_text(value: object) -> str:
    """A cell's value as a placeholder shows it: control characters (such as NUL) removed,
    surrounding spaces stripped."""
    return _CONTROL.sub("", str(value)).strip()


def render(text: str, fields: Mapping[str, str]) -> str:
    """``text`` with every ``{{name}}`` replaced by ``fields[name]`` (surrounding spaces
    and control characters such as NUL removed), through its filter if it names one.
    Raises KeyError for a placeholder with no field, RenderError for a value its filter
    cannot show."""

    def fill(match: re.Match[str]) -> str:
        value = cell_text(fields[match.group(1)])
        name = match.group(2)
        if name is None:
            return value
        if name not in FILTERS:
            raise RenderError(content_problem("unknown_filter", placeholder="{{…|" + name + "}}"))
        return FILTERS[name](value)

    return PLACEHOLDER.sub(fill, text)


class AddressPart(StrEnum):
    """Where a placeholder stands in a web address (RFC 3986's components)."""

    WHOLE = "whole"  # the address starts with it: the cell is the address
    HOST = "host"  # inside the scheme and host: the cell would change where the link goes
    PATH = "path"
    QUERY = "query"
    FRAGMENT = "fragment"


@functools.lru_cache(maxsize=64)
def address_parts(address: str) -> tuple[tuple[str, AddressPart], ...]:
    """Each placeholder of ``address`` (a button's URL) with the part it stands in:
    ``((column, part), ...)`` in order. Cached: every recipient's button has the same address."""
    found: list[tuple[str, AddressPart]] = []
    for match in PLACEHOLDER.finditer(address):
        before = PLACEHOLDER.sub("", address[:match.start()])
        if match.start() == 0:
            part = AddressPart.WHOLE
        elif "#" in before:
            part = AddressPart.FRAGMENT
        elif "?" in before:
            part = AddressPart.QUERY
        elif "/" in before.partition("://")[2] or "://" not in before:
            part = AddressPart.PATH
        else:
            part = AddressPart.HOST
        found.append((match.group(1), part))
    return tuple(found)


def render_address(address: str, fields: Mapping[str, str]) -> str:
    """``address`` with its placeholders filled, each value percent-encoded for the part it
    stands in (UTF-8, RFC 3986: a space, ``&``, ``=``, ``#``, ``/`` or a Persian letter
    cannot change the link's shape); a cell that is the whole address goes in as it is.
    Same errors as :func:`render`."""
    parts = iter(address_parts(address))

    def fill(match: re.Match[str]) -> str:
        _, part = next(parts)
        value = render(match.group(0), fields)
        if part in (AddressPart.WHOLE, AddressPart.HOST):
            return value
        return quote(value, safe="")

    return PLACEHOLDER.sub(fill, address)
