"""Every row's message rendered at once, column by column: what the repeat guard's count
and a review's look at the messages need (each row's ``message_data`` as JSON text) without
making a row's dict, request objects and JSON encoder call.

Only a plain text message and a template take this path: their wire form is a fixed
skeleton with one JSON string per rendered part, so a row's JSON is the skeleton with
each part's text escaped into it (JSON escapes character by character). Other kinds
return None and the caller renders row by row. Property tests (hypothesis) check that
every row's text equals ``to_json(Content.render_wire(row))`` (tests/test_render_columns.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import repeat
from json.encoder import encode_basestring
from typing import cast

from app.api import MAX_FIELD_CHARS, MAX_TEXT_CHARS, RequestValidationError
from app.campaign.definition import Content
from app.campaign.journal.keys import to_json
from app.campaign.render import FILTERS, PLACEHOLDER, RenderError, cell_text, has_control

#: Stands for part ``n`` while the skeleton is made: private-use characters, which JSON
#: leaves as they are and a content that holds one takes the row-by-row path.
_MARK = "\ue000{}\ue001"

#: A part: its text with placeholders, and the shortest and longest the service takes.
_Part = tuple[str, int, int]


def wire_jsons(content: Content, columns: Mapping[str, Sequence[str]], count: int) -> list[str | None] | None:
    """The ``message_data`` JSON of ``count`` rows, as :data:`app.campaign.journal.keys.to_json`
    makes of :meth:`Content.render_wire` (spec 2.6, 2.10), or None for a row whose message
    the service would refuse (text empty or over :data:`MAX_TEXT_CHARS`, a template field
    over :data:`MAX_FIELD_CHARS`) or a filter cannot show. ``columns`` maps each column the
    content uses to its ``count`` cells, in row order. Returns None (no list) when the
    content is not a plain text message or a template, holds the private-use character
    this module marks parts with, or has a fixed part the service refuses: render those
    row by row. Call :meth:`Content.check` first (a column it lacks raises KeyError)."""
    rendered = ColumnRender.of(content, columns, count)
    return None if rendered is None else rendered.jsons()


class ColumnRender:
    """``count`` rows' messages rendered column by column: ``ok[n]``, whether row ``n`` has
    a message the service takes, and its JSON when asked (see :func:`wire_jsons`)."""

    def __init__(self, chunks: list[str], parts: list[list[str | None]], ok: list[bool]) -> None:
        self._chunks = chunks
        self._fixed = chunks[0]  # a message with no rendered part
        self._parts = parts
        self.ok = ok

    @classmethod
    def of(cls, content: Content, columns: Mapping[str, Sequence[str]], count: int) -> ColumnRender | None:
        """None when ``content`` is rendered row by row only (see :func:`wire_jsons`)."""
        made = _skeleton(content)
        if made is None:
            return None
        chunks, parts = made
        texts = [_rendered(text, columns, count) for text, _, _ in parts]
        if any(t is None for t in texts):
            return None
        rendered = [t for t in texts if t is not None]
        ok = [True] * count
        for part, (_, shortest, longest) in zip(rendered, parts):
            if not _all_fit(part, shortest, longest):
                ok = [fine and value is not None and shortest <= len(value) <= longest
                      for fine, value in zip(ok, part)]
        return cls(chunks, rendered, ok)

    def jsons(self, rows: Sequence[int] | None = None) -> list[str | None]:
        """The JSON of ``rows`` (by index; every row when None), None for a row without a message."""
        parts, ok = self._parts, self.ok
        if rows is not None:
            parts = [[part[n] for n in rows] for part in parts]
            ok = [ok[n] for n in rows]
        if not parts:
            return [self._fixed if fine else None for fine in ok]
        if all(ok):  # then no part is None
            whole = cast("list[list[str]]", parts)
            return list[str | None](_joined(self._chunks, [map(encode_basestring, part) for part in whole]))
        escaped = [map(encode_basestring, (value or "" for value in part)) for part in parts]
        return [json if fine else None for json, fine in zip(_joined(self._chunks, escaped), ok)]


def fits_by_length(content: Content, longest: Mapping[str, int]) -> bool:
    """Whether every row's message of ``content`` is one the service takes, seen from the
    length (characters) of the ``longest`` cell of each column it uses: True only for
    content :func:`renders_by_column` with no filter, whose fixed text reaches each part's
    shortest and whose fixed text plus the longest cell at every placeholder stays within
    its longest (a cell is only ever shortened: app.campaign.render.cell_text). False
    means only "not known": render the rows to see."""
    made = _skeleton(content)
    if made is None:
        return False
    for text, shortest, most in made[1]:
        matches = list(PLACEHOLDER.finditer(text))
        if any(match.group(2) is not None or match.group(1) not in longest for match in matches):
            return False
        fixed = len(PLACEHOLDER.sub("", text))
        if fixed < shortest or fixed + sum(longest[match.group(1)] for match in matches) > most:
            return False
    return True


def renders_by_column(content: Content) -> bool:
    """Whether :func:`wire_jsons` renders ``content`` (else it returns None)."""
    return _skeleton(content) is not None


def _skeleton(content: Content) -> tuple[list[str], list[_Part]] | None:
    """The content's JSON cut where its rendered parts go (``len(parts) + 1`` chunks) and
    its parts, or None for a content that takes the row-by-row path."""
    if content.kind == "text" and not (content.buttons or content.copy_text or content.file_id):
        parts: list[_Part] = [(content.text, 1, MAX_TEXT_CHARS)]
        marked = replace(content, text=_MARK.format(0))
    elif content.kind == "template":
        named = [name for name, value in content.text_fields.items() if value]
        parts = [(content.text_fields[name], 0, MAX_FIELD_CHARS) for name in named]
        marked = replace(content, text_fields={
            name: _MARK.format(named.index(name)) if value else value for name, value in content.text_fields.items()})
    else:
        return None
    if "\ue000" in to_json([content.text, content.template_id, content.text_fields]):
        return None
    try:
        json = to_json(marked.render_wire({}))
    except (RequestValidationError, RenderError):
        return None  # a fixed part the service refuses: every row's own render says why
    chunks: list[str] = []
    for n in range(len(parts)):
        before, found, json = json.partition(encode_basestring(_MARK.format(n)))
        if not found:
            return None
        chunks.append(before)
    return chunks + [json], parts


def _rendered(text: str, columns: Mapping[str, Sequence[str]], count: int) -> list[str | None] | None:
    """``text`` rendered for every row (None for a row a filter cannot show); None when a
    placeholder names a filter :data:`FILTERS` does not know."""
    matches = list(PLACEHOLDER.finditer(text))
    if not matches:
        return [text for _ in range(count)]
    literals: list[str] = []
    at = 0
    values: list[list[str | None]] = []
    for match in matches:
        literals.append(text[at:match.start()])
        at = match.end()
        shown = _shown(match.group(2))
        if shown is None:
            return None
        values.append(shown(columns[match.group(1)]))
    literals.append(text[at:])
    if not any(None in v for v in values):
        return list[str | None](_joined(literals, cast("list[list[str]]", values)))
    joined = _joined(literals, [[value or "" for value in column] for column in values])
    return [None if None in row else text for row, text in zip(zip(*values), joined)]


def _joined(literals: Sequence[str], columns: Sequence[Iterable[str]]) -> Iterator[str]:
    """Each row's ``literals[0] + columns[0][row] + literals[1] + … + literals[-1]``: one
    ``"".join`` a row over zipped columns (faster than a format string parsed a row)."""
    pieces: list[Iterable[str]] = []
    for literal, column in zip(literals, columns):
        pieces += ([repeat(literal)] if literal else []) + [column]
    if literals[-1]:
        pieces.append(repeat(literals[-1]))
    return map("".join, zip(*pieces))


def _shown(filter_name: str | None) -> Callable[[Sequence[str]], list[str | None]] | None:
    """How a placeholder with ``filter_name`` (None: no filter) shows a column's cells."""
    if filter_name is None:
        return _cells_shown
    apply = FILTERS.get(filter_name)
    if apply is None:
        return None

    def filtered(cells: Sequence[str]) -> list[str | None]:
        done: dict[str, str | None] = {}
        for cell in set(cells):
            try:
                done[cell] = apply(cell_text(cell))
            except RenderError:
                done[cell] = None
        return [done[cell] for cell in cells]

    return filtered


def _cells_shown(cells: Sequence[str]) -> list[str | None]:
    """Each cell as :func:`cell_text` shows it; a column without control characters (most)
    only stripped, without a Python step a cell."""
    if not has_control("".join(cells)):
        return list[str | None](map(str.strip, cells))
    return list[str | None](map(cell_text, cells))


def _all_fit(part: list[str | None], shortest: int, longest: int) -> bool:
    """Whether every row's ``part`` is rendered and as long as the service takes (the
    common case, seen without a Python step a row)."""
    if None in part:
        return False
    lengths = list(map(len, cast("list[str]", part)))  # None is not in it
    return not lengths or (shortest <= min(lengths) and max(lengths) <= longest)
