"""Typed errors of the messaging service client, and the one table that classifies them.

Hierarchy::

    SafirError
    ├── ConfigurationError          bad base URL or missing credential (nothing was sent)
    ├── RequestValidationError      a request that breaks the spec, refused before sending
    ├── TransportError              the network failed
    │   ├── ConnectFailed           never reached the server: safe to retry
    │   └── RequestTimeout          may have reached the server
    │       └── ConnectionDropped   the connection broke mid-answer
    ├── OutcomeUnknown              v2 send_otp whose request may have reached the server
    └── APIStatusError              the service answered with an error (spec section 7)
        ├── AuthenticationError     401/403, invalid_client, bad api-access-key
        ├── BadRequestError         400 with a plain-text body (token endpoint, 7.1)
        ├── UnexpectedResponseError an answer the spec does not describe
        └── one subclass per documented code: 2, 3, 4, 8, 17, 18, 20, 21

Every error's text is safe to show and log: no secret, token or key ever goes in it.
"""

from __future__ import annotations

import enum


class Category(enum.Enum):
    """How a caller should react to an error (docs/architecture.md, "Errors are classified once")."""

    TRANSIENT = "transient"  # retry with backoff; the same request_id makes v3 safe
    ACCOUNT = "account"  # stop everything: credentials, balance or contact limit
    RECIPIENT = "recipient"  # this phone only: record and move on
    UNKNOWN = "unknown"  # may or may not have been delivered; never retried blindly
    REQUEST = "request"  # the request itself is wrong; fix the input


class SafirError(Exception):
    """Base of every error raised by :mod:`app.api`: ``message`` in English; ``problem``
    a code for the client's own account-wide problems, so a caller can word them in its
    language without reading the message: ``no_key``, ``key_char`` (a character that
    cannot travel in the API access key), ``key_refused``, ``client_refused`` (v2 client
    id or secret), ``auth_failed``, ``cannot_connect``; None for others."""

    category: Category = Category.REQUEST
    default_problem: str | None = None

    def __init__(self, message: str, problem: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problem = problem or self.default_problem


class ConfigurationError(SafirError):
    """The client is set up wrongly (insecure base URL, missing key); nothing was sent."""

    category = Category.ACCOUNT


class RequestValidationError(SafirError, ValueError):
    """A request that the spec forbids, caught before sending.

    ``field`` names the offending field with a dotted path, e.g.
    ``message_data.message.reply_markup.inline_keyboard[0][1]``; ``problem`` says what is
    wrong in English. A limit of the service's messages also comes as ``code``
    (``text_too_long``, ``caption_too_long``, ``field_too_long``, ``copy_too_long``,
    ``buttons_over_limit``) with its numbers in ``params`` (``length`` or ``count``, and
    ``limit``), and so do a one-time password that is not 3 to 8 digits (``otp_digits``)
    and a button without a label (``no_label``) or an action (``no_action``), or an empty
    row of them (``empty_row``), so a caller can word them in its own language.
    """

    category = Category.REQUEST

    def __init__(self, field: str, problem: str, code: str | None = None, **params: int) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem
        self.code = code
        self.params = params


class TransportError(SafirError):
    """The network failed before a complete answer arrived."""

    category = Category.TRANSIENT


class ConnectFailed(TransportError):
    """The connection could not be made; the request never reached the server."""

    default_problem = "cannot_connect"


class RequestTimeout(TransportError):
    """No complete answer in time, or the connection dropped; the server may have acted."""


class ConnectionDropped(RequestTimeout):
    """The connection broke while the answer was on its way (the service is up, but this
    answer was lost); the server may have acted."""


class OutcomeUnknown(SafirError):
    """A non-idempotent request (v2 send_otp) may have reached the server; not retried."""

    category = Category.UNKNOWN


class RetryWithdrawn(SafirError):
    """The caller withdrew a request before its next retry (its ``go_on`` said no): an
    earlier attempt may have reached the server, so its outcome is not known."""

    category = Category.UNKNOWN


class APIStatusError(SafirError):
    """The service answered with an error.

    Attributes: ``status_code`` (HTTP status), ``code`` and ``type`` (spec 7.2/7.3, or
    None), ``phone_number`` (from ErrorInfo, if any), ``retry_after`` (seconds, if the
    answer said so).
    """

    category = Category.RECIPIENT
    default_message = "the service refused the request"

    def __init__(
        self,
        message: str | None = None,
        *,
        status_code: int | None = None,
        code: int | None = None,
        type: int | None = None,
        phone_number: str | None = None,
        retry_after: float | None = None,
        problem: str | None = None,
    ) -> None:
        super().__init__(message or self.default_message, problem)
        self.status_code = status_code
        self.code = code
        self.type = type
        self.phone_number = phone_number
        self.retry_after = retry_after


class AuthenticationError(APIStatusError):
    """Wrong client credentials, expired token or bad api-access-key (401/403)."""

    category = Category.ACCOUNT
    default_message = "authentication failed: check the client id, secret or API access key"
    default_problem = "auth_failed"


class BadRequestError(APIStatusError):
    """A 400 answer with a plain-text body (token endpoint, spec 7.1)."""

    category = Category.REQUEST
    default_message = "the service could not parse the request"


class UnexpectedResponseError(APIStatusError):
    """An answer whose shape the spec does not describe."""

    category = Category.RECIPIENT
    default_message = "the service gave an answer this app does not understand"


class InternalServerError(APIStatusError):
    """Code 2 or any 5xx: the service failed internally."""

    category = Category.TRANSIENT
    default_message = "the service had an internal error"


class RateLimitError(APIStatusError):
    """Code 3 (v3) or HTTP 429 without a code: too many messages; slow down."""

    category = Category.TRANSIENT
    default_message = "too many messages sent: rate limit exceeded"


class InvalidInputError(APIStatusError):
    """Code 4: the request body was not valid."""

    category = Category.REQUEST
    default_message = "the service rejected the request as invalid input"


class InvalidPhoneError(APIStatusError):
    """Code 8: the phone number is not valid."""

    category = Category.RECIPIENT
    default_message = "the phone number is not valid"


class NotBaleUserError(APIStatusError):
    """Code 17: the phone has no account in Bale."""

    category = Category.RECIPIENT
    default_message = "this phone has no Bale account"


class PhoneRateLimitError(APIStatusError):
    """Code 18 (v2): more than 30 OTPs to this phone in an hour."""

    category = Category.RECIPIENT
    default_message = "too many one-time passwords to this phone in the last hour"


class PaymentRequiredError(APIStatusError):
    """Code 20: the account's balance is exhausted."""

    category = Category.ACCOUNT
    default_message = "the account's balance is exhausted: payment required"


class ContactLimitError(APIStatusError):
    """Code 21: the bot has reached its contact limit."""

    category = Category.ACCOUNT
    default_message = "the bot has reached its contact limit"


#: Spec 7.2 and 7.3 codes to their error classes.
ERROR_BY_CODE: dict[int, type[APIStatusError]] = {
    2: InternalServerError,
    3: RateLimitError,
    4: InvalidInputError,
    8: InvalidPhoneError,
    17: NotBaleUserError,
    18: PhoneRateLimitError,
    20: PaymentRequiredError,
    21: ContactLimitError,
}


def classify(error: BaseException) -> Category:
    """Return how to react to ``error``: the single classification table of docs/architecture.md.

    Errors from outside this package count as transient only when they are plain
    ``OSError``s; anything else is a request problem.
    """
    if isinstance(error, SafirError):
        return error.category
    if isinstance(error, OSError):
        return Category.TRANSIENT
    return Category.REQUEST
