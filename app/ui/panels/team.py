"""The team store's people and their roles (docs/team.md, "Members and roles"): everyone
sees who is on the team and their own role; an admin adds people, changes their role and
removes them. The store decides what each may do; this panel only asks it."""

from __future__ import annotations

import asyncio

import qasync
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign.journal import JournalError, Member, TeamRole
from app.campaign.journal.team import TeamJournal
from app.ui.bidi import ltr
from app.ui.context import AppContext
from app.ui.texts import describe_failure
from app.ui.widgets import title


class TeamPanel(QWidget):
    """The members table (name, role), who you are, and an admin's add / change / remove."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.you = QLabel()
        self.you.setWordWrap(True)
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels([self.tr("Member"), self.tr("Role")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setAccessibleName(self.tr("Members"))
        self.table.itemSelectionChanged.connect(self._chosen)
        self.name = QLineEdit()
        self.name.setAccessibleName(self.tr("Member's login"))
        self.name.setPlaceholderText(self.tr("their login: lower-case letters, digits, _ . -"))
        self.role = QComboBox()
        self.role.setAccessibleName(self.tr("Role"))
        for role in TeamRole:
            self.role.addItem(self.role_name(role), str(role))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(self.tr("Their password"))
        self.password.setPlaceholderText(self.tr("a password for a new login (empty: keep theirs)"))
        self.add_button = QPushButton(self.tr("Add or change role"))
        self.remove_button = QPushButton(self.tr("Remove from the team"))
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.admin = QWidget()
        grid = QGridLayout(self.admin)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("Login:")), 0, 0)
        grid.addWidget(self.name, 0, 1)
        grid.addWidget(QLabel(self.tr("Role:")), 1, 0)
        grid.addWidget(self.role, 1, 1)
        grid.addWidget(QLabel(self.tr("Password:")), 2, 0)
        grid.addWidget(self.password, 2, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        grid.addLayout(buttons, 3, 0, 1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Team")))
        layout.addWidget(self.you)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.admin)
        layout.addWidget(self.outcome)

    def role_name(self, role: str) -> str:
        """A role in the interface's language."""
        return {"viewer": self.tr("viewer (reads)"), "sender": self.tr("sender (makes and sends campaigns)"),
                "approver": self.tr("approver (also approves others' campaigns)"),
                "admin": self.tr("admin (also the rules and the members)"), "owner": self.tr("owner of the store"),
                "none": self.tr("no role")}.get(role, role)

    async def refresh(self) -> None:
        """Read the members (off the window's thread) and show them; an admin's controls
        only for admins."""
        journal = self.context.journal
        if not isinstance(journal, TeamJournal):
            self.you.setText(self.tr("This desktop keeps its campaigns in its own journal. A team store has "
                                     "members, each with a role: Profiles and bots → Team store (docs/team.md)."))
            self.table.setRowCount(0)
            self.admin.setVisible(False)
            return
        try:
            members = await asyncio.to_thread(journal.members)
        except JournalError as exc:
            self.outcome.setText(describe_failure(exc))
            return
        me = self.context.member()
        self.you.setText(self.tr("You are {0}, {1}, on the team store {2}.").format(
            ltr(me.name), self.role_name(me.role), ltr(journal.location)))
        self.table.setRowCount(len(members))
        for row, member in enumerate(members):
            self.table.setItem(row, 0, QTableWidgetItem(ltr(member.name)))
            self.table.setItem(row, 1, QTableWidgetItem(self.role_name(member.role)))
        self.admin.setVisible(me.may(TeamRole.ADMIN))
        self._members = members

    def _chosen(self) -> None:
        row = self.table.currentRow()
        members: list[Member] = getattr(self, "_members", [])
        if 0 <= row < len(members) and members[row].role in {str(r) for r in TeamRole}:
            self.name.setText(members[row].name)
            self.role.setCurrentIndex(max(0, self.role.findData(members[row].role)))

    @qasync.asyncSlot()
    async def _on_add(self) -> None:
        await self.add(self.name.text().strip(), TeamRole(self.role.currentData()), self.password.text() or None)

    @qasync.asyncSlot()
    async def _on_remove(self) -> None:
        await self.remove(self.name.text().strip())

    async def add(self, name: str, role: TeamRole, password: str | None) -> str:
        """Give ``name`` the ``role`` (a new login with ``password``); the outcome in a sentence."""
        journal = self.context.journal
        if not name or not isinstance(journal, TeamJournal):
            return self._say(self.tr("Type the member's login first."))
        try:
            await asyncio.to_thread(journal.add_member, name, role, password)
        except JournalError as exc:
            return self._say(describe_failure(exc))
        self.password.clear()
        await self.refresh()
        return self._say(self.tr("{0} is now {1}.").format(ltr(name), self.role_name(role)))

    async def remove(self, name: str) -> str:
        """Take every role of this store from ``name``; the outcome in a sentence."""
        journal = self.context.journal
        if not name or not isinstance(journal, TeamJournal):
            return self._say(self.tr("Type the member's login first."))
        try:
            await asyncio.to_thread(journal.remove_member, name)
        except JournalError as exc:
            return self._say(describe_failure(exc))
        await self.refresh()
        return self._say(self.tr("{0} has no role on the team store any more.").format(ltr(name)))

    def _say(self, text: str) -> str:
        self.outcome.setText(text)
        return text
