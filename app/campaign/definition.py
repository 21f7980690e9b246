"""What a campaign sends, with ``{{column}}`` placeholders, and its per-row rendering.

Every message kind of spec 4.3: text, media (file_id + caption), OTP, inline buttons,
template; any of them secure. Rendering happens once, when the campaign is created, so
a resume sends exactly what was reviewed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from app.api import (
    MAX_BUTTONS,
    MAX_TEXT_CHARS,
    InlineButton,
    Message,
    MessageData,
    OtpMessage,
    RequestValidationError,
    TemplateMessage,
    check_length,
)
from app.campaign.journal import NewRecipient
from app.campaign.render import (
    AddressPart,
    RenderError,
    address_parts,
    placeholders,
    render,
    render_address,
    unknown_filters,
)
from app.reasons import CONTENT_PROBLEMS, Reason, content_problem, listed, row_reason

KINDS = ("text", "media", "otp", "buttons", "template")
#: A button address a Bale client can open (a placeholder at its start is checked per row).
_WEB_ADDRESS = re.compile(r"https?://\S", re.IGNORECASE)
#: Verdict of a row that will be sent (the others are stored as skipped).
SENDABLE = "valid"
#: A lone surrogate: no character at all, but what Python makes of bytes that are not
#: UTF-8 (a terminal in another encoding); no message can carry one.
_BROKEN = re.compile("[\ud800-\udfff]")


class ContentError(ValueError):
    """Content that cannot be sent, naming the field: ``field`` and the ``problem`` (a
    code of app.reasons.CONTENT_PROBLEMS with its parameters); ``str()`` says both in
    English."""

    def __init__(self, field_name: str, problem: Reason) -> None:
        super().__init__(f"{field_name}: {problem.text()}")
        self.field = field_name
        self.problem = problem


@dataclass(frozen=True)
class ButtonSpec:
    """One inline button; every part may hold ``{{column}}`` placeholders. Exactly the
    action fields that are non-empty are sent."""

    text: str
    url: str = ""
    web_app_url: str = ""
    copy_text: str = ""


class ButtonProblem(StrEnum):
    """What can be wrong with one inline button before rendering (spec 2.8); the values
    are app.reasons' content-problem codes."""

    NO_LABEL = "no_label"
    NO_ACTION = "no_action"
    BAD_SCHEME = "bad_scheme"


def button_problems(button: ButtonSpec) -> list[tuple[ButtonProblem, str]]:
    """The one home of the button rules, used by Content.check, the window's editor and
    the CLI: ``(problem, address)`` pairs (the address only for BAD_SCHEME), empty when
    the button is fine. An address starting with a ``{{placeholder}}`` is checked per row
    when rendered."""
    found: list[tuple[ButtonProblem, str]] = []
    if not button.text.strip():
        found.append((ButtonProblem.NO_LABEL, ""))
    if not (button.url or button.web_app_url or button.copy_text):
        found.append((ButtonProblem.NO_ACTION, ""))
    for address in (button.url, button.web_app_url):
        if address and not address.startswith("{{") and not _WEB_ADDRESS.match(address):
            found.append((ButtonProblem.BAD_SCHEME, address))
    return found


def button_warnings(button: ButtonSpec) -> list[str]:
    """Placeholders in a button's addresses that stand in the scheme or host (a cell there
    decides where the link goes, which is seldom meant): their column names. Values in
    the path, query or fragment are percent-encoded when rendered (render_address)."""
    return [name for address in (button.url, button.web_app_url)
            for name, part in address_parts(address) if part is AddressPart.HOST]


@dataclass(frozen=True)
class Content:
    """A campaign's message before rendering.

    ``kind`` is one of :data:`KINDS`. ``text`` is the text or caption; ``file_id`` an
    uploaded file (media); ``copy_text`` the value of a copy button on the message;
    ``buttons`` rows of :class:`ButtonSpec`; ``otp`` the one-time password, usually
    ``{{column}}``; ``template_id`` and ``text_fields`` (field → text with placeholders
    or a constant) for templates; ``is_secure`` sends any kind as a secure message.
    """

    kind: str = "text"
    text: str = ""
    file_id: str = ""
    copy_text: str = ""
    buttons: tuple[tuple[ButtonSpec, ...], ...] = ()
    otp: str = ""
    template_id: str = ""
    text_fields: dict[str, str] = field(default_factory=dict[str, str])
    is_secure: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Content:
        values = dict(data)
        values["buttons"] = tuple(tuple(ButtonSpec(**b) for b in row) for row in values.get("buttons", ()))
        return cls(**values)

    def _parts(self) -> list[tuple[str, str]]:
        parts = [("text", self.text), ("copy_text", self.copy_text), ("otp", self.otp)]
        for r, row in enumerate(self.buttons):
            for c, b in enumerate(row):
                where = f"buttons[{r}][{c}]"
                parts += [(f"{where}.text", b.text), (f"{where}.url", b.url),
                          (f"{where}.web_app_url", b.web_app_url), (f"{where}.copy_text", b.copy_text)]
        parts += [(f"text_fields.{k}", v) for k, v in self.text_fields.items()]
        return parts

    def columns_used(self) -> list[str]:
        """Every column named by a placeholder, in order of first use."""
        names: dict[str, None] = {}
        for _, value in self._parts():
            names.update(dict.fromkeys(placeholders(value)))
        return list(names)

    def check(self, columns: Iterable[str], template_fields: Iterable[str] | None = None) -> None:
        """Raise ContentError unless this content can be rendered from rows with
        ``columns``. ``template_fields``, when known (local template library), are the
        template's ``{{fields}}``: every text_fields key must be one of them."""
        if self.kind not in KINDS:
            raise ContentError("kind", content_problem("bad_kind", kinds=", ".join(KINDS)))
        if self.kind in ("text", "buttons") and not self.text.strip():
            raise ContentError("text", content_problem("empty_text"))
        if self.kind == "media" and not self.file_id:
            raise ContentError("file_id", content_problem("no_file"))
        if self.kind == "buttons" and not self.buttons:
            raise ContentError("buttons", content_problem("no_buttons"))
        if self.kind == "otp" and not self.otp.strip():
            raise ContentError("otp", content_problem("no_otp"))
        if self.kind == "template":
            if not self.template_id.strip():
                raise ContentError("template_id", content_problem("no_template"))
            if template_fields is not None:
                allowed = set(template_fields)
                for key in self.text_fields:
                    if key not in allowed:
                        raise ContentError(f"text_fields.{key}",
                                           content_problem("unknown_field", field="{{" + key + "}}"))
        if sum(len(row) for row in self.buttons) > MAX_BUTTONS:
            raise ContentError("buttons", content_problem("too_many_buttons", limit=MAX_BUTTONS))
        for r, row in enumerate(self.buttons):
            if not row:
                raise ContentError(f"buttons[{r}]", content_problem("empty_row"))
            for c, b in enumerate(row):
                for problem, address in button_problems(b):
                    where = f"buttons[{r}][{c}].text" if problem is ButtonProblem.NO_LABEL else f"buttons[{r}][{c}]"
                    raise ContentError(where, content_problem(problem.value, url=address))
        for where, value in [*self._parts(), ("template_id", self.template_id)]:
            if _BROKEN.search(value):
                raise ContentError(where, content_problem("broken_character"))
        available = set(columns)
        for where, value in self._parts():
            for name in unknown_filters(value):
                raise ContentError(where, content_problem("unknown_filter", placeholder="{{…|" + name + "}}"))
            for name in placeholders(value):
                if name not in available:
                    raise ContentError(where, _unknown_column(name, columns))

    def render(self, fields: Mapping[str, str]) -> MessageData:
        """The message for one row (validated). Raises KeyError for a missing column,
        RequestValidationError when the row's values make an invalid message (an
        empty button label, a non-numeric OTP...) and RenderError when a filtered
        placeholder's cell cannot be shown (a ``|jalali`` cell that is not a date)."""
        data = self._message(fields)
        data.to_wire()  # validates
        return data

    def _message(self, fields: Mapping[str, str]) -> MessageData:
        def r(value: str) -> str:
            return render(value, fields) if value else ""

        if self.kind == "otp":
            data = MessageData(otp_message=OtpMessage(r(self.otp)), is_secure=self.is_secure)
        elif self.kind == "template":
            data = MessageData(
                template_message=TemplateMessage(self.template_id, {k: r(v) for k, v in self.text_fields.items()}),
                is_secure=self.is_secure,
            )
        else:
            def address(value: str) -> str | None:
                return render_address(value, fields) if value else None

            keyboard = tuple(
                tuple(InlineButton(r(b.text), address(b.url), address(b.web_app_url), r(b.copy_text) or None)
                      for b in row)
                for row in self.buttons
            )
            message = Message(r(self.text) or None, self.file_id or None, r(self.copy_text) or None, keyboard)
            data = MessageData(message=message, is_secure=self.is_secure)
        return data

    def render_wire(self, fields: Mapping[str, str]) -> dict[str, Any]:
        """:meth:`render` as the wire JSON of ``message_data``, validated once; same errors.
        A plain text message (most campaigns) takes a short path that builds the same JSON
        without the request objects (tests prove both paths agree)."""
        if self.kind == "text" and not self.buttons and not self.copy_text and not self.file_id:
            text = render(self.text, fields) if self.text else ""
            if not text:
                raise RequestValidationError("message_data.message", "needs a text, a file_id or a copy_text")
            check_length(text, MAX_TEXT_CHARS, "message_data.message.text", "text")
            wire: dict[str, Any] = {"message": {"text": text}}
            if self.is_secure:
                wire["is_secure"] = True
            return wire
        return self._message(fields).to_wire()


class CheckedRow(Protocol):
    """What the campaign needs of a row's verdict (app.contacts.RowVerdict fits)."""

    @property
    def row(self) -> int: ...
    @property
    def phone_input(self) -> str: ...
    @property
    def phone(self) -> str | None: ...
    @property
    def verdict(self) -> Any: ...  # str, or a str-valued enum
    @property
    def reason(self) -> str | None: ...


def _verdict(row: CheckedRow) -> str:
    return str(getattr(row.verdict, "value", row.verdict))


def limit_problem(error: RequestValidationError) -> Reason | None:
    """The problem ``error`` reports by its code (a limit of the service's, a one-time
    password's digits, a button's label or action), as a reason of
    app.reasons.CONTENT_PROBLEMS (its numbers grouped: ``4,096``); None for a problem
    app.api words in English only."""
    if error.code not in CONTENT_PROBLEMS:
        return None
    return content_problem(error.code, **{name: f"{value:,}" for name, value in error.params.items()})


def _invalid_message(error: RequestValidationError) -> str:
    """Why a row's message is invalid, as a row's reason is stored."""
    limit = limit_problem(error)
    if limit is not None:
        return row_reason("message_over_limit", field=error.field, problem=limit.code, **limit.arguments())
    return row_reason("invalid_message", detail=error.message)


def build_recipients(rows: Iterable[tuple[CheckedRow, Mapping[str, str]]], content: Content) -> Iterator[NewRecipient]:
    """One :class:`NewRecipient` per ``(verdict, fields)`` pair, in the given order.

    Valid rows get their rendered message; a valid row whose values make an invalid
    message (say a non-numeric OTP) becomes ``invalid`` with the reason; other rows
    carry no message and will be skipped. Call :meth:`Content.check` first.
    """
    for checked, fields in rows:
        verdict, reason = _verdict(checked), checked.reason
        message_data = None
        if verdict == SENDABLE:
            try:
                message_data = content.render_wire(fields)
            except RequestValidationError as exc:
                verdict, reason = "invalid", _invalid_message(exc)
            except RenderError as exc:
                verdict, reason = "invalid", row_reason("message_problem", problem=exc.reason.code,
                                                        **exc.reason.arguments())
        yield NewRecipient(checked.row, checked.phone_input, checked.phone, verdict, reason, message_data)


#: How many of a sheet's columns a message about an unknown one names.
LISTED_COLUMNS = 12


def _unknown_column(name: str, columns: Iterable[str]) -> Reason:
    """Why ``{{name}}`` cannot be filled: the sheet's ``columns`` named (the first
    :data:`LISTED_COLUMNS`), so the user sees what to type; none at all, no sheet."""
    named = list(dict.fromkeys(columns))
    if not named:
        return content_problem("no_sheet_columns", placeholder="{{" + name + "}}")
    return content_problem("unknown_column", placeholder="{{" + name + "}}", columns=listed(named, LISTED_COLUMNS))
