"""Approving or rejecting a campaign from History (docs/architecture.md, "Approval"): the
approver sees the campaign's figures in History, and may open it to test-send it first."""

from __future__ import annotations

from collections.abc import Callable

import qasync
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.campaign.approval import Approval, MakerCannotApprove, approval_rule, decide
from app.campaign import Journal
from app.campaign.journal import JournalError, actor
from app.ui.context import AppContext
from app.ui.dialogs import ask_text, confirm
from app.ui.formatting import figure
from app.ui.texts import campaign_title, describe_failure


def approval_needed(journal: Journal) -> bool:
    """Whether campaigns of ``journal`` need approval (False when its rule cannot be read).
    It reads the journal: in a worker thread."""
    try:
        rule = approval_rule(journal)
    except JournalError:
        return False
    return rule is not None and rule.required


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
        """Shown only when campaigns need approval (the rule read in a worker thread)."""
        self.context.store.read_then(approval_needed, self.setVisible)

    async def read(self) -> None:
        """:meth:`refresh`, awaited."""
        self.setVisible(await self.context.store.in_thread(approval_needed))

    @qasync.asyncSlot()
    async def _on_approve(self) -> None:
        await self.decide(approve=True)

    @qasync.asyncSlot()
    async def _on_reject(self) -> None:
        await self.decide(approve=False)

    async def decide(self, *, approve: bool, reason: str | None = None, password: str | None = None,
                     confirmed: bool = False) -> str:
        """Approve or reject the chosen campaign as this member (a team store's login, or
        this OS account), asking first: whether to approve it (its maker and figures
        shown), or why it is rejected; and, on one desktop where this account is no named
        approver or made the campaign, the approver password. The outcome in a sentence
        (also shown)."""
        store = self.context.store
        campaign_id = self._campaign_of()
        if campaign_id is None:
            return self._tell(self.tr("Choose a campaign in the list first."))
        user, machine = self.context.member().name, actor()[1]
        try:
            rule = await store.in_thread(approval_rule)
            maker = (await store.campaign(campaign_id)).created_by == user
        except JournalError as exc:
            return self._tell(describe_failure(exc))
        number = figure(campaign_id, grouped=False)
        if not approve and reason is None:
            reason = await ask_text(self, self.tr("Reject campaign {0}").format(number),
                                    self.tr("Why? Its maker reads this:"), accept=self.tr("Reject"))
            if not reason:
                return self._tell(self.tr("Nothing was changed."))
        if approve and not confirmed and not await self._confirm_approval(campaign_id):
            return self._tell(self.tr("Nothing was changed."))
        if (not self.context.journal.decides_in_store and rule is not None and rule.password_hash and password is None
                and (maker or not rule.may_approve(user, machine))):
            password = await ask_text(self, self.tr("Approver password"), self.tr("The approver password:"),
                                      secret=True)
            if password is None:
                return self._tell(self.tr("Nothing was changed."))
        try:
            campaign = await store.in_thread(lambda journal: decide(
                journal, campaign_id, approve=approve, user=user, machine=machine, password=password, reason=reason))
        except MakerCannotApprove:
            return self._tell(self.tr("You made campaign {0}: another approver must approve or reject it.").format(
                number))
        except PermissionError:
            return self._tell(self.tr("You may not approve campaigns: ask an approver ({0}).").format(
                ", ".join(rule.approvers) if rule is not None and rule.approvers else self.tr("by password")))
        except (ValueError, KeyError):  # made before approval was needed, or it has ended
            return self._tell(self.tr("Campaign {0} has nothing to approve: it needs no approval, or it has "
                                      "ended.").format(figure(campaign_id, grouped=False)))
        except JournalError as exc:
            return self._tell(describe_failure(exc))
        self._changed()
        if campaign.approval == Approval.APPROVED:
            return self._tell(self.tr("Campaign {0} is approved: Resume sends it.").format(
                figure(campaign.id, grouped=False)))
        return self._tell(self.tr("Campaign {0} is rejected.").format(figure(campaign.id, grouped=False)))

    async def _confirm_approval(self, campaign_id: int) -> bool:
        """Ask whether to approve the campaign, naming its maker and its figures."""
        campaign = await self.context.store.campaign(campaign_id)
        counts = await self.context.store.counts(campaign_id)
        text = self.tr("Approve campaign {0} ({1}), made by {2}? Its {3} recipients can then be sent.").format(
            figure(campaign_id, grouped=False), campaign_title(campaign.name), campaign.created_by or "?",
            figure(counts.pending))
        return await confirm(self, self.tr("Approve campaign {0}").format(figure(campaign_id, grouped=False)), text)

    def _tell(self, text: str) -> str:
        self._say(text)
        return text
