"""Async client of Bale's business messaging service (Safir), spec-exact and campaign-agnostic."""

from app.api.client import (
    MAX_UPLOAD_BYTES,
    PRODUCTION_URL,
    RetryPolicy,
    SafirClient,
    Secret,
    Timeouts,
    check_base_url,
    check_credential,
)
from app.api.errors import *  # noqa: F403 - the error hierarchy is part of the public surface
from app.api.errors import Category, classify
from app.api.models import (
    MAX_BUTTONS,
    MAX_CAPTION_CHARS,
    MAX_FIELD_CHARS,
    MAX_TEXT_CHARS,
    AccessToken,
    InlineButton,
    Message,
    MessageData,
    OtpMessage,
    OtpResult,
    SendResult,
    TemplateMessage,
    UploadResult,
)
from app.api.scrub import ScrubbingFilter, scrub
from app.api.scrub import register as register_secret
