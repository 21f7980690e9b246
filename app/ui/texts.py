"""The lower layers' reasons and the service's errors in the user's language.

Why a campaign stopped or waits, why a row was not sent, why a file, the store or an
input cannot be used (an :class:`app.reasons.ReasonedError`) and the names the app gives
campaigns come as an :class:`app.reasons.Reason` (a code and its parameters), shown
through ``tr()`` of the template; no sentence is read back into a code. Service errors
are shown by their spec code (7.2, 7.3). Anything else is shown as it came. ``build.py``
puts every template here into the translation file.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from app.api.errors import SafirError
from app.reasons import (
    CAMPAIGN_NAMES,
    CLIENT_PROBLEMS,
    CONTENT_PROBLEMS,
    FILE_PROBLEMS,
    PAUSE_REASONS,
    REASONS,
    SERVICE_ERRORS,
    STORE_PROBLEMS,
    TEAM_PROBLEMS,
    WAITING,
    SAID,
    LIST_SEPARATOR,
    Reason,
    ReasonedError,
)
from app.ui.bidi import fsi, ltr
from app.ui.formatting import figure
from app.jobs.single_send import SingleOutcome, SingleSend

#: What the operating system says when a file cannot be written or read (strerror).
OS_ERRORS: dict[str, str] = {
    "No space left on device": "the disk is full: free some space or choose another place",
    "Permission denied": "permission denied: the file may be open in another program, or the folder is read-only",
    "Read-only file system": "the disk is read-only: choose another place",
    "No such file or directory": "the folder does not exist",
    "Is a directory": "that is a folder, not a file",
}
_NUMBERS = ("row", "count", "digits", "rounds", "seconds", "line", "id", "country", "length", "limit", "days",
            "campaign", "series", "balance")
#: Of those, the ones never grouped: a row or line number, an id.
_UNGROUPED = ("row", "id", "line", "campaign", "series")

CONTEXT = "Reasons"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def state_name(state: str) -> str:
    """A recipient state, verdict, campaign status or message kind ("sent", "paused",
    "media"...) in the user's language (one list for every screen, kept with the tables');
    a code left untranslated reads as words ("not_sent": "not sent")."""
    shown = QCoreApplication.translate("ResultsModel", state)
    return shown.replace("_", " ") if shown == state else shown


def describe(text: str | None, error_code: int | None = None) -> str:
    """``text`` in the user's language: a reason as stored (app.reasons.Reason.stored: a
    row's reason, a pause), or the service's words with its ``error_code``; other words
    as they came."""
    if error_code is not None and error_code in SERVICE_ERRORS:
        return _tr(SERVICE_ERRORS[error_code])
    if not text:
        return ""
    reason = Reason.from_stored(text)
    if reason is not None and reason.code != SAID:
        return _render(reason.code, reason.arguments())
    return text


def describe_failure(error: BaseException) -> str:
    """An error raised in this process in the user's language: by its reason when it
    has one (app.reasons.ReasonedError: a file, the store, the team, an input), by its
    codes for the client's (app.api.SafirError), else its words as they came."""
    if isinstance(error, ReasonedError):
        return describe_reason(error.reason)
    if isinstance(error, SafirError):
        return service_words(error.message, getattr(error, "code", None), error.problem)
    return str(error)


def describe_reason(reason: Reason | None) -> str:
    """Why a campaign stopped or waits (app.reasons.Reason) in the user's language; words
    someone else said, as :func:`describe` shows them."""
    if reason is None:
        return ""
    if reason.code == SAID:
        return describe(reason.arguments()["words"])
    return _render(reason.code, reason.arguments())


def message_problem_words(stored: str) -> str:
    """A row's invalid message (a stored ``message_over_limit`` or ``message_problem``
    reason) told as its problem alone, which names its part ("the text is 4,097
    characters long; …"); any other reason as :func:`describe` tells it."""
    reason = Reason.from_stored(stored)
    if reason is None or reason.code not in ("message_over_limit", "message_problem"):
        return describe(stored)
    params = reason.arguments()
    problem = params.pop("problem")
    params.pop("field", None)
    return _render(problem, params)


def _render(code: str, params: dict[str, str]) -> str:
    """The catalogue's template of ``code`` in the user's language, with ``params`` shown
    as the interface writes them (its digits, directions, words)."""
    if code in ("retry", "rest"):  # a follow-up's name: the earlier campaign's name inside
        params["name"] = campaign_title(params["name"])
        params["id"] = figure(int(params["id"]), grouped=False)
        return _tr(CAMPAIGN_NAMES[code]).format(**params)
    if code == "message_over_limit":  # a limit of the service's: its own template, in a field's words
        field_name, problem = params.pop("field"), params.pop("problem")
        if problem in NAMES_ITS_PART:  # "the text is 4,209 characters long": not "the text: the text is…"
            return _tr(REASONS["message_problem"]).format(problem=_render(problem, params))
        return _tr(REASONS[code]).format(field=field_words(field_name), problem=_render(problem, params))
    if code == "message_problem":  # a row's value the message cannot hold: the content problem's own template
        problem = params.pop("problem")
        return _tr(REASONS[code]).format(problem=_render(problem, params))
    for inner in ("error", "answer"):  # a pause reason quoting the service's or the client's words
        if inner in params:
            params[inner] = service_words(params[inner], params.get("service_code"), params.get("client_problem"))
    if code == "start_time":  # an ISO instant, shown to the minute
        params["start"] = params["start"][:16].replace("T", " ")
    for name, value in params.items():  # row numbers, counts, seconds: the interface's digits
        if name in _NUMBERS and value.replace(",", "").isdigit():  # "10,003" as the lower layers group it
            params[name] = figure(int(value.replace(",", "")), grouped=name not in _UNGROUPED)
    if "detail" in params and params["detail"] in OS_ERRORS:
        params["detail"] = _tr(OS_ERRORS[params["detail"]])
    for name in ("file", "sheet", "sheets", "column", "columns"):  # may be Persian or Latin: their own direction
        if name in params:  # a list (app.reasons.listed): each item so, joined by this language's comma
            params[name] = _tr(", ").join(fsi(item) for item in params[name].split(LIST_SEPARATOR))
    for name, value in params.items():  # any other list: as English writes it
        params[name] = value.replace(LIST_SEPARATOR, ", ")
    for name in ("url", "placeholder", "field", "kinds", "start", "end", "zone", "phone", "suffix", "store",
                 "address", "user", "database", "folder", "path"):
        if name in params:  # "http://…" and "{{نام}}" must not turn around inside Persian text
            params[name] = ltr(params[name])
    for name in ("role", "has"):  # a team role, in the interface's words
        if name in params:
            params[name] = role_name(params[name])
    if "member" in params:
        params["member"] = ltr(params["member"])
    template = (WINDOW_WORDS.get(code) or REASONS.get(code) or PAUSE_REASONS.get(code) or CONTENT_PROBLEMS.get(code)
                or WAITING.get(code) or CAMPAIGN_NAMES.get(code) or FILE_PROBLEMS.get(code) or STORE_PROBLEMS.get(code)
                or TEAM_PROBLEMS[code])
    return _tr(template).format(**params)


#: Content problems whose words name the part of the message they are about.
NAMES_ITS_PART = frozenset({"text_too_long", "caption_too_long", "copy_too_long", "empty_text", "no_phone"})


#: Reasons the window words its own way: what to do there, not on a command line.
WINDOW_WORDS: dict[str, str] = {
    "file_no_phone_column": "No column of {file} looks like phone numbers: choose the phone column in the list "
                            "above (columns: {columns}).",
}


#: Team store roles as a person reads them (app.campaign.journal.TeamRole, and the owner).
ROLE_NAMES: dict[str, str] = {
    "viewer": "viewer", "sender": "sender", "approver": "approver", "admin": "admin", "owner": "owner",
    "none": "no role",
}


def role_name(role: str) -> str:
    """A team store role ("sender", "owner"…) in the user's language."""
    return _tr(ROLE_NAMES[role]) if role in ROLE_NAMES else role


def describe_content_error(error: Exception | None) -> str:
    """A ContentError or CampaignInputError (``field: problem``) or another error in the
    user's language; the field (a phone as typed, a content field) stays as written,
    left to right."""
    if error is None:
        return ""
    field_name, problem = getattr(error, "field", None), getattr(error, "problem", None)
    if field_name is None or not isinstance(problem, Reason):
        return describe_failure(error)
    if problem.code in NAMES_ITS_PART:  # "the text: the message text is empty" said it twice
        return describe_reason(problem)
    return f"{field_words(field_name)}: {describe_reason(problem)}"


_BUTTON_FIELD = re.compile(r"(?:message_data\.message\.reply_markup\.inline_keyboard|buttons)\[(\d+)\](?:\[(\d+)\])?"
                           r"(?:\.(text|url|web_app|web_app_url|copy_text))?")
_TEMPLATE_FIELD = re.compile(r"(?:message_data\.template_message\.)?text_fields(?:\.|\[')([^']+?)(?:'\])?")
_PLAIN_FIELDS = {
    "text": "the text", "message_data.message.text": "the text", "otp": "the one-time password",
    "message_data.otp_message.otp": "the one-time password", "template_id": "the template",
    "message_data.template_message.template_id": "the template", "file_id": "the file", "buttons": "the buttons",
    "message_data.message.reply_markup.inline_keyboard": "the buttons", "kind": "the message kind",
    "copy_text": "the copy text", "message_data.message.copy_text": "the copy text", "phone": "the phone number",
}
_BUTTON_PARTS = {"text": "label", "url": "address", "web_app": "mini-app address", "web_app_url": "mini-app address",
                 "copy_text": "text to copy"}


def field_words(field_name: str) -> str:
    """A content field as words in the user's language ("button 1 of row 2: address",
    "template field {{name}}") instead of ``buttons[1][0].url`` or ``text_fields.name``;
    an unknown field stays as written, left to right."""
    if field_name in _PLAIN_FIELDS:
        return _tr(_PLAIN_FIELDS[field_name])
    button = _BUTTON_FIELD.fullmatch(field_name)
    if button:
        row, column, part = button.groups()
        words = (_tr("button {0} of row {1}").format(figure(int(column) + 1, grouped=False),
                                                     figure(int(row) + 1, grouped=False))
                 if column is not None else _tr("row {0} of buttons").format(figure(int(row) + 1, grouped=False)))
        return words + (f" ({_tr(_BUTTON_PARTS[part])})" if part else "")
    template = _TEMPLATE_FIELD.fullmatch(field_name)
    if template:
        return _tr("template field {0}").format(ltr("{{" + template.group(1) + "}}"))
    return ltr(field_name)


def campaign_title(name: str) -> str:
    """A campaign's name as stored, as the user reads it: the app's own names
    (app.reasons.campaign_name: "quick send to 98…", a retry's) in the user's language,
    a sheet's file name as it is (left to right)."""
    reason = Reason.from_stored(name)
    if reason is None or reason.code not in CAMPAIGN_NAMES:
        return ltr(name)
    return _render(reason.code, reason.arguments())


def service_words(words: str, code: object = None, problem: object = None) -> str:
    """What the service or the client said in the user's language when its spec
    ``code`` (SERVICE_ERRORS) or the client's ``problem`` code (CLIENT_PROBLEMS) is
    known, else ``words`` as they came."""
    number = int(code) if isinstance(code, int) or (isinstance(code, str) and code.isdigit()) else None
    if number is not None and number in SERVICE_ERRORS:
        return _tr(SERVICE_ERRORS[number])
    if isinstance(problem, str) and problem in CLIENT_PROBLEMS:
        return _tr(CLIENT_PROBLEMS[problem])
    return words


def templates() -> list[str]:
    """Every English template :func:`describe` may translate (for build.py)."""
    return [*REASONS.values(), *PAUSE_REASONS.values(), *CONTENT_PROBLEMS.values(), *WAITING.values(),
            *CAMPAIGN_NAMES.values(), *FILE_PROBLEMS.values(), *STORE_PROBLEMS.values(), *TEAM_PROBLEMS.values(),
            *ROLE_NAMES.values(), *OS_ERRORS.values(), *WINDOW_WORDS.values(),
            *SERVICE_ERRORS.values(),
            *CLIENT_PROBLEMS.values(), *_PLAIN_FIELDS.values(),
            *_BUTTON_PARTS.values(), "button {0} of row {1}", "row {0} of buttons", "template field {0}", ", "]


def single_send_sentence(sent: SingleSend, *, test: bool = False) -> str:
    """How one message to one phone ended, in the user's language: a quick send's outcome
    or (``test``) a campaign's test send. One sentence per :class:`SingleOutcome`; an
    unknown outcome always says it may have arrived, so nobody sends blindly again."""
    if sent.outcome is SingleOutcome.SENT:
        if test:
            return QCoreApplication.translate("SingleSend", "Test sent to {0}.").format(ltr(sent.phone or ""))
        return QCoreApplication.translate("SingleSend", "Sent to {0}: the service took it (message id {1}).").format(
            ltr(sent.phone or ""), ltr(sent.message_id or ""))
    if sent.outcome is SingleOutcome.UNKNOWN:
        return QCoreApplication.translate(
            "SingleSend", "The answer was lost on the way: it may have arrived. Sending again is safe.")
    why = (describe_content_error(sent.input_error) if sent.outcome is SingleOutcome.INVALID
           else describe(sent.error, sent.error_code))
    if test:
        return QCoreApplication.translate("SingleSend", "The test was not sent: {0}").format(why)
    return QCoreApplication.translate("SingleSend", "Not sent: {0}").format(why)
