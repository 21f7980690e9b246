"""The review step's choice to send an SMS to the numbers that have no Bale account
(docs/sms.md): offered only for a message that has an SMS form."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QCheckBox, QWidget

from app.api import RequestValidationError
from app.campaign import Content, ContentError
from app.campaign.defaults import DEFAULT_OPT_OUT
from app.campaign.sms_text import sms_parts, sms_text
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.review_text import SmsFacts
from app.jobs.creating import sms_problem
from app.reasons import content_problem
from app.ui.texts import describe_reason


class SmsChoice(QCheckBox):
    """Checked: the campaign sends an SMS to each number the service says has no Bale
    account. Disabled, with why, for a message that cannot go by SMS (:meth:`refresh`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText(self.tr("Send an SMS to the numbers that have no Bale account"))
        self.setAccessibleName(self.tr("SMS to numbers without Bale"))
        self._offered = self.tr("Each number the service says has no Bale account gets the message by SMS, "
                                "through the SMS gateway of this desktop (the sandbox's own in the demo), ending "
                                "with the opt-out line «لغو ۱۱».")
        self.setToolTip(self._offered)

    def refresh(self, content: Content) -> None:
        """Offer the choice for ``content``, or say why it cannot go by SMS (unchecked)."""
        problem = sms_problem(content)
        why = describe_reason(content_problem(problem, kind=content.kind)) if problem is not None else None
        self.setEnabled(why is None)
        if why is not None:
            self.setChecked(False)
        self.setToolTip(why or self._offered)

    def facts(self, draft: CampaignDraft, fields: Mapping[str, str], known: int | None,
              part_price: float) -> SmsFacts | None:
        """What the review says of the SMS fallback (app/ui/campaign/review_text.py): the
        recipients ``known`` to have no Bale account (None: not looked yet), the parts of
        the SMS of the row with these ``fields`` and the price of a part; None without the
        fallback."""
        if not draft.sms_fallback:
            return None
        try:
            parts = sms_parts(sms_text(draft.content.render(fields).to_wire(), DEFAULT_OPT_OUT) or "")
        except (ContentError, RequestValidationError):
            parts = 1
        return SmsFacts(known, parts, part_price)
