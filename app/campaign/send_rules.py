"""The rules checked immediately before a request leaves (docs/architecture.md,
"Send-time rules"): the suppression list as it is now, and spec 8's limit of OTPs per
phone per hour."""

from __future__ import annotations

import csv
import time
from dataclasses import dataclass

from app.campaign.caps import CapScope, frequency_cap
from app.campaign.journal import Campaign, Journal, JournalError, Recipient, RecipientState
from app.campaign.suppression import Suppressed
from app.reasons import Reason, pause_reason, row_reason

#: Spec section 8: at most 30 OTPs to one phone per hour.
OTP_PER_PHONE_PER_HOUR = 30


class SuppressionUnreadable(Exception):
    """The suppression list exists but cannot be read: the campaign must pause (sending on
    would break an opt-out) with ``reason``; the message is its sentence."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text())
        self.reason = reason


@dataclass(frozen=True)
class HeldBack:
    """A recipient that must not be sent now: its final ``state`` (skipped or failed),
    the ``reason`` in words, the spec ``error_code`` if one applies, and for a skipped
    one the ``verdict`` it is reported with (suppressed, capped)."""

    state: RecipientState
    reason: str
    error_code: int | None = None
    verdict: str | None = None


class SendTimeRules:
    """Decides, per recipient and at the moment its request would leave, whether it is
    held back, for ``campaign``; reads ``journal`` for recent OTPs. :attr:`scope` is the
    frequency cap as it is set when the run starts (None: none applies), which the
    journal reserves with each in-flight mark (app/campaign/journal/sending.py)."""

    def __init__(self, journal: Journal, suppression: Suppressed, campaign: Campaign) -> None:
        self._journal = journal
        self._suppression = suppression
        self._kind = campaign.kind
        self.scope = CapScope.of(frequency_cap(journal), campaign.kind, campaign.bot_id, bool(campaign.ignore_cap))

    def suppressed(self, recipient: Recipient) -> HeldBack | None:
        """Skipped when its number is on the suppression list now (a request that may have
        arrived already, in flight or unknown, is not re-sent either). Raises
        SuppressionUnreadable."""
        try:
            listed = recipient.phone in self._suppression
        except (OSError, UnicodeDecodeError, csv.Error, JournalError) as exc:
            raise SuppressionUnreadable(pause_reason(
                "suppression_unreadable", file=self._suppression.path,
                detail=getattr(exc, "strerror", None) or exc)) from exc
        if not listed:
            return None
        why = "suppressed" if recipient.state == RecipientState.PENDING else "suppressed_after_attempt"
        return HeldBack(RecipientState.SKIPPED, row_reason(why), verdict="suppressed")

    def otp_limited(self, recipient: Recipient) -> HeldBack | None:
        """Failed (code 18) when it is an OTP to a phone that had
        :data:`OTP_PER_PHONE_PER_HOUR` in the last hour (spec 8)."""
        if self._kind != "otp" or recipient.phone is None:
            return None
        if self._journal.outcomes.recent_attempts(recipient.phone, "otp", time.time() - 3600) < OTP_PER_PHONE_PER_HOUR:
            return None
        return HeldBack(RecipientState.FAILED, f"{OTP_PER_PHONE_PER_HOUR} one-time passwords went to this phone "
                        "in the last hour; not sent", 18)
