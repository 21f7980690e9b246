"""Approving or rejecting a campaign from History (docs/architecture.md, "Approval"): the
approver sees the campaign's figures in History, and may open it to test-send it first."""

from __future__ import annotations

from collections.abc import Callable

import qasync
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.campaign.approval import Approval, approval_rule, decide
from app.campaign.journal import JournalError, actor
from app.ui.context import AppContext
from app.ui.dialogs import ask_text
from app.ui.formatting import figure
from app.ui.texts import describe


class ApprovalBar(QWidget):
    """Approve… and Reject… for the campaign chosen in History (``campaign_of()`` gives
    its id, None when none is chosen); ``changed`` is called after a decision. The
    outcome, or why not, goes to ``say``."""

    def __init__(self, context: AppContext, campaign_of: Callable[[], int | None], say: Callable[[str], None],
                 changed: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self._campaign_of, self._say, self._changed = campaign_of, say, changed
        self.approve_button = QPushButton(self.tr("Approve…"))
        self.reject_button = QPushButton(self.tr("Reject…"))
        self.approve_button.clicked.connect(self._on_approve)
        self.reject_button.clicked.connect(self._on_reject)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(self.tr("Approval:")))
        layout.addWidget(self.approve_button)
        layout.addWidget(self.reject_button)
        layout.addStretch(1)
        self.refresh()

    def refresh(self) -> None:
        """Shown only when campaigns need approval."""
        try:
            rule = approval_rule(self.context.journal)
        except JournalError:
            rule = None
        self.setVisible(rule is not None and rule.required)

    @qasync.asyncSlot()
    async def _on_approve(self) -> None:
        await self.decide(approve=True)

    @qasync.asyncSlot()
    async def _on_reject(self) -> None:
        await self.decide(approve=False)

    async def decide(self, *, approve: bool, reason: str | None = None, password: str | None = None) -> str:
        """Approve or reject the chosen campaign as this OS user (asking for the reason of
        a rejection and, when this user is no named approver, the approver password);
        the outcome in a sentence (also shown)."""
        campaign_id = self._campaign_of()
        if campaign_id is None:
            return self._tell(self.tr("Choose a campaign in the list first."))
        user, machine = actor()
        rule = approval_rule(self.context.journal)
        if not approve and reason is None:
            reason = await ask_text(self, self.tr("Reject campaign {0}").format(figure(campaign_id, grouped=False)),
                                    self.tr("Why? Its maker reads this:"))
            if not reason:
                return self._tell(self.tr("Nothing was changed."))
        if rule is not None and not rule.may_approve(user, machine) and rule.password_hash and password is None:
            password = await ask_text(self, self.tr("Approver password"), self.tr("The approver password:"),
                                      secret=True)
            if password is None:
                return self._tell(self.tr("Nothing was changed."))
        try:
            campaign = decide(self.context.journal, campaign_id, approve=approve, user=user, machine=machine,
                              password=password, reason=reason)
        except PermissionError:
            return self._tell(self.tr("You may not approve campaigns: ask an approver ({0}).").format(
                ", ".join(rule.approvers) if rule is not None and rule.approvers else self.tr("by password")))
        except (ValueError, KeyError):  # made before approval was needed, or it has ended
            return self._tell(self.tr("Campaign {0} has nothing to approve: it needs no approval, or it has "
                                      "ended.").format(figure(campaign_id, grouped=False)))
        except JournalError as exc:
            return self._tell(describe(str(exc)))
        self._changed()
        if campaign.approval == Approval.APPROVED:
            return self._tell(self.tr("Campaign {0} is approved: Resume sends it.").format(
                figure(campaign.id, grouped=False)))
        return self._tell(self.tr("Campaign {0} is rejected.").format(figure(campaign.id, grouped=False)))

    def _tell(self, text: str) -> str:
        self._say(text)
        return text
