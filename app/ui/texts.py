"""The lower layers' reasons and the service's errors in the user's language.

Verdict reasons come as English sentences made from :data:`app.reasons.REASONS`; they
are parsed back to a code and parameters and shown through ``tr()`` of the template.
Service errors are shown by their spec code (7.2, 7.3). Anything else is shown as it
came. ``build.py`` puts every template here into the translation file.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.reasons import REASONS, parse_reason

#: Spec error codes (7.2, 7.3) as a user should read them.
SERVICE_ERRORS: dict[int, str] = {
    2: "the service had an internal error; try again later",
    3: "too many messages at once: the service asked to slow down",
    4: "the service refused the message as invalid (check the template, bot and fields)",
    8: "the service says this phone number is not valid",
    17: "this phone has no Bale account",
    18: "too many one-time passwords to this phone in the last hour",
    20: "the account's balance is used up: payment required",
    21: "the bot has reached its contact limit",
}

CONTEXT = "Reasons"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def describe(text: str | None, error_code: int | None = None) -> str:
    """``text`` (a verdict reason or an error from the journal) in the user's language."""
    if error_code is not None and error_code in SERVICE_ERRORS:
        return _tr(SERVICE_ERRORS[error_code])
    if not text:
        return ""
    parsed = parse_reason(text)
    if parsed is None:
        return text
    code, params = parsed
    if code == "invalid_message":  # its detail is the content check's own words
        return _tr(REASONS[code]).format(detail=params["detail"])
    return _tr(REASONS[code]).format(**params)


def templates() -> list[str]:
    """Every English template :func:`describe` may translate (for build.py)."""
    return [*REASONS.values(), *SERVICE_ERRORS.values()]
