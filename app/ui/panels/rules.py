"""The rules every campaign of the journal (a team store's: the team's) follows, set in the
window: the frequency cap and whether campaigns need approval (docs/architecture.md,
"Send-time rules" and "Approval")."""

from __future__ import annotations

import qasync
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.campaign import Journal, JournalError
from app.campaign.approval import ApprovalRule, approval_rule, hash_password, set_approval_rule
from app.campaign.caps import MAX_CAP_DAYS, MAX_CAP_MESSAGES, FrequencyCap, frequency_cap, set_frequency_cap
from app.campaign.journal import TeamRole
from app.ui.bidi import figures_at_the_start
from app.ui.context import AppContext
from app.ui.texts import describe, describe_failure, role_name


def read_rules(journal: Journal) -> tuple[FrequencyCap | None, ApprovalRule | None] | str:
    """``journal``'s frequency cap and approval rule, or why they cannot be read (its
    error's reason, as stored). It reads the journal: in a worker thread."""
    try:
        return frequency_cap(journal), approval_rule(journal)
    except JournalError as exc:
        return exc.reason.stored()


class RulesBox(QGroupBox):
    """"Rules for every campaign": the cap (at most N messages to one number in D days,
    from any bot or the same, one-time passwords counted or not) and approval (who
    approves; an approver password for one machine). :meth:`save` stores both and says
    what is wrong when something is."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Rules for every campaign"), parent)
        self.context = context
        self.cap_check = QCheckBox(self.tr("At most"))
        self.cap_messages = QSpinBox()
        self.cap_messages.setRange(1, MAX_CAP_MESSAGES)
        self.cap_days = QSpinBox()
        self.cap_days.setRange(1, MAX_CAP_DAYS)
        self.cap_messages.setAccessibleName(self.tr("Messages to one number at most"))
        self.cap_days.setAccessibleName(self.tr("In this many days"))
        figures_at_the_start(self.cap_messages, self.cap_days)
        self.any_bot = QCheckBox(self.tr("from any bot"))
        self.count_otp = QCheckBox(self.tr("count one-time passwords too"))
        self.approval_check = QCheckBox(self.tr("Campaigns need approval by"))
        self.approvers = QLineEdit()
        self.approvers.setPlaceholderText(self.tr("user or user@machine, separated by commas"))
        self.approvers.setAccessibleName(self.tr("Approvers"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(self.tr("an approver password (optional; leave empty to keep)"))
        self.password.setAccessibleName(self.tr("Approver password"))
        self.save_button = QPushButton(self.tr("Save the rules"))
        self.save_button.clicked.connect(self._on_save)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        grid = QGridLayout(self)
        grid.addWidget(self.cap_check, 0, 0)
        grid.addWidget(self.cap_messages, 0, 1)
        grid.addWidget(QLabel(self.tr("messages to one number in")), 0, 2)
        grid.addWidget(self.cap_days, 0, 3)
        grid.addWidget(QLabel(self.tr("days (Tehran calendar days)")), 0, 4)
        grid.addWidget(self.any_bot, 1, 1, 1, 2)
        grid.addWidget(self.count_otp, 1, 3, 1, 2)
        grid.addWidget(self.approval_check, 2, 0)
        grid.addWidget(self.approvers, 2, 1, 1, 4)
        grid.addWidget(self.password, 3, 1, 1, 4)
        grid.addWidget(self.save_button, 4, 0)
        grid.addWidget(self.outcome, 4, 1, 1, 4)
        self.context.store.read_then(read_rules, self._show)

    async def load(self) -> None:
        """Show the rules as the journal has them (read in a worker thread): to change them
        on a team store, for its admins (approvers there are the members with the approver
        role); read-only, and saying so, for everyone else."""
        self._show(await self.context.store.in_thread(read_rules))

    def _show(self, read: tuple[FrequencyCap | None, ApprovalRule | None] | str) -> None:
        if isinstance(read, str):
            self.outcome.setText(describe(read))
            return
        cap, rule = read
        by_roles = self.context.journal.decides_in_store
        self.approval_check.setText(self.tr("Campaigns need approval by a member with the approver role") if by_roles
                                    else self.tr("Campaigns need approval by"))
        self.approvers.setVisible(not by_roles)
        self.password.setVisible(not by_roles)
        admin = self.context.may(TeamRole.ADMIN)
        for field in (self.cap_check, self.cap_messages, self.cap_days, self.any_bot, self.count_otp,
                      self.approval_check, self.approvers, self.password):
            field.setEnabled(admin)
        self.save_button.setVisible(admin)
        if not admin:
            self.outcome.setText(self.tr("The team's admins set these rules; you are {0}.").format(
                role_name(self.context.member().role)))
        self.cap_check.setChecked(cap is not None)
        self.cap_messages.setValue(cap.max_messages if cap else 2)
        self.cap_days.setValue(cap.days if cap else 7)
        self.any_bot.setChecked(bool(cap and cap.any_bot))
        self.count_otp.setChecked(bool(cap and cap.count_otp))
        self.approval_check.setChecked(bool(rule and rule.required))
        self.approvers.setText(", ".join(rule.approvers) if rule else "")
        self._password_hash = rule.password_hash if rule else None

    @qasync.asyncSlot()
    async def _on_save(self) -> None:
        await self.save()

    async def save(self) -> str:
        """Store the rules as shown (in a worker thread); the outcome in a sentence (also shown)."""
        cap = (FrequencyCap(self.cap_messages.value(), self.cap_days.value(), self.any_bot.isChecked(),
                            self.count_otp.isChecked()) if self.cap_check.isChecked() else None)
        typed = self.password.text()
        by_roles = self.context.journal.decides_in_store
        rule = ApprovalRule(self.approval_check.isChecked(),
                            () if by_roles else tuple(a.strip() for a in self.approvers.text().split(",") if a.strip()),
                            None if by_roles else hash_password(typed) if typed else self._password_hash)
        if rule.problem(by_roles=by_roles):
            return self._say(self.tr("Nobody could approve a campaign: name an approver or set an approver "
                                     "password."))
        def store(journal: Journal) -> None:
            set_frequency_cap(journal, cap)
            set_approval_rule(journal, rule)

        try:
            await self.context.store.in_thread(store)
        except (ValueError, JournalError) as exc:
            return self._say(describe_failure(exc))
        self.password.clear()
        self._password_hash = rule.password_hash
        return self._say(self.tr("The rules are saved; every campaign from now on follows them."))

    def _say(self, text: str) -> str:
        self.outcome.setText(text)
        return text
