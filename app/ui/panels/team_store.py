"""The team store of a profile (docs/team.md): its address, its password (kept in the OS
keyring), a check that it answers, and copying this desktop's own campaigns into it."""

from __future__ import annotations

import asyncio

import qasync
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from app.desktop import paths
from app.campaign import Journal, JournalError
from app.campaign.journal.team import TeamJournal, is_team_store, shown_address
from app.reasons import store_problem
from app.jobs.store import remember_password, stored_password, url_password
from app.ui.bidi import ltr
from app.ui.formatting import figure
from app.ui.texts import describe_failure, describe_reason


class TeamStoreBox(QGroupBox):
    """"Team store" of the profile form: a postgresql:// address (empty: this desktop's
    own journal) and its password. :meth:`problem` says what is wrong with the address
    as typed; :meth:`keep_password` puts a typed password in the keyring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Team store (shared with the other desktops of this account)"), parent)
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("postgresql://USER@HOST:5432/DATABASE")
        self.url_edit.setAccessibleName(self.tr("Team store address"))
        self.url_edit.setLayoutDirection(self.url_edit.layoutDirection().LeftToRight)
        self.password_edit = QLineEdit()
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setAccessibleName(self.tr("Team store password"))
        self.password_edit.setPlaceholderText(self.tr("stored in the keyring; leave empty to keep"))
        self.check_button = QPushButton(self.tr("Check team store"))
        self.copy_button = QPushButton(self.tr("Copy this desktop's campaigns into it"))
        self.check_button.clicked.connect(self._on_check_clicked)
        self.copy_button.clicked.connect(self._on_copy_clicked)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        form = QFormLayout(self)
        form.addRow(self.tr("Address:"), self.url_edit)
        form.addRow(self.tr("Password:"), self.password_edit)
        form.addRow(buttons)
        form.addRow(self.outcome)

    def show_store(self, url: str) -> None:
        self.url_edit.setText(url)
        self.password_edit.clear()
        self.outcome.clear()

    def url(self) -> str:
        return self.url_edit.text().strip()

    def problem(self) -> str | None:
        """What is wrong with the address as typed, in a sentence; None when it is
        empty (this desktop's own journal) or usable."""
        url = self.url()
        if not url:
            return None
        if not is_team_store(url):
            return describe_reason(store_problem("store_bad_address", address=shown_address(url)))
        if url_password(url):
            return self.tr("Do not put the password in the address: type it in the password field (it is kept in "
                           "the keyring).")
        return None

    def keep_password(self) -> None:
        """Put a typed password in the keyring (for this address)."""
        if self.url() and self.password_edit.text():
            remember_password(self.url(), self.password_edit.text())
            self.password_edit.clear()

    def _open(self) -> Journal:
        """The team store of the form (in a worker thread: connecting may take seconds)."""
        password = self.password_edit.text() or stored_password(self.url())
        return TeamJournal(self.url(), paths.journal_path(), password=password)

    @qasync.asyncSlot()
    async def _on_check_clicked(self) -> None:
        await self.check()

    async def check(self) -> str:
        """Connect to the store of the form (setting it up if new); the outcome in a
        sentence (shown)."""
        problem = self.problem() or (None if self.url() else self.tr("Type the team store's address first."))
        if problem:
            return self._say(problem, passed=False)
        self.check_button.setEnabled(False)
        self._say(self.tr("Connecting to the team store…"), passed=True)
        try:
            journal = await asyncio.to_thread(self._open)
            count = len(await asyncio.to_thread(journal.campaigns.all))
            journal.close()
        except JournalError as exc:
            return self._say(describe_failure(exc), passed=False)
        finally:
            self.check_button.setEnabled(True)
        return self._say(self.tr("The team store {0} answers: {1} campaigns.").format(
            ltr(shown_address(self.url())), figure(count)), passed=True)

    @qasync.asyncSlot()
    async def _on_copy_clicked(self) -> None:
        await self.copy()

    async def copy(self) -> str:
        """Copy this desktop's own journal into the store of the form (again: only what is
        not there yet); the outcome in a sentence (shown)."""
        from app.campaign.journal.team.moving import copy_journal

        problem = self.problem() or (None if self.url() else self.tr("Type the team store's address first."))
        if problem:
            return self._say(problem, passed=False)
        self.copy_button.setEnabled(False)
        self._say(self.tr("Copying…"), passed=True)

        def work() -> tuple[int, int, int]:
            with Journal(paths.journal_path()) as local, self._open() as team:
                assert isinstance(team, TeamJournal)
                done = copy_journal(local, team)
            return done.campaigns, done.suppressed, done.already

        try:
            campaigns, suppressed, already = await asyncio.to_thread(work)
        except JournalError as exc:
            return self._say(describe_failure(exc), passed=False)
        finally:
            self.copy_button.setEnabled(True)
        return self._say(self.tr("Copied {0} campaigns and {1} suppressed numbers; {2} campaigns were there "
                                 "already.").format(figure(campaigns), figure(suppressed), figure(already)),
                         passed=True)

    def _say(self, text: str, *, passed: bool) -> str:
        self.outcome.setStyleSheet("" if passed else "color: #b71c1c")
        self.outcome.setText(text)
        return text
