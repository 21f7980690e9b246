"""The window on a team store (docs/team.md): a profile's team store checked, copied into and
used; History shows the team's campaigns with who made them; a store that cannot be
opened leaves the window on this desktop's own journal, saying why."""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from app.desktop import paths
from app.campaign import NewRecipient
from app.campaign.journal.team import TeamJournal
from app.reasons import reason_words
from app.jobs.store import STORE_ENV, store_location
from app.ui.application import make_context
from app.ui.main_window import MainWindow
from app.ui.panels.history import TEAM_REFRESH_MS
from tests.helpers.qt import run_in_qt_loop, shown_window


def test_a_profiles_team_store_is_checked_copied_into_and_used_from_the_next_start(
        qtbot: Any, qapp: QApplication, team_store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STORE_ENV)  # chosen in the window, not by the environment
    with shown_window(qtbot, qapp, "http://127.0.0.1:9") as window:
        panel = window.profiles
        panel._new()
        panel.name_edit.setText("team")
        box = panel.team_store
        box.url_edit.setText("mysql://db.example/safir")
        assert not panel.save() and "not a team store address" in panel.outcome.text()
        box.url_edit.setText(team_store.replace("@", ":secret@", 1))
        assert not panel.save() and "password field" in panel.outcome.text() and store_location() is None
        box.url_edit.setText(team_store)
        box.password_edit.setText(os.environ["PGPASSWORD"])
        checked = run_in_qt_loop(qapp, box.check)
        assert "answers: 0 campaigns" in checked, checked
        copied = run_in_qt_loop(qapp, box.copy)
        assert copied.startswith("Copied") and "0 campaigns were there already" in copied, copied
        assert panel.save() and "from its next start" in panel.outcome.text()
        assert store_location() == team_store and not isinstance(window.context.journal, TeamJournal)
    context = make_context(None)  # the next start
    try:
        assert isinstance(context.journal, TeamJournal) and context.store_problem is None
        main = MainWindow(context)
        qtbot.addWidget(main)
        assert "team store" in main.statusBar().currentMessage()
    finally:
        context.journal.close()


def test_history_shows_campaigns_another_desktop_made_with_who_made_them(
        qtbot: Any, qapp: QApplication, team_store: str) -> None:
    context = make_context(None)
    try:
        main = MainWindow(context)
        qtbot.addWidget(main)
        history = main.history
        assert history.countdown_timer.interval() == TEAM_REFRESH_MS
        assert history.model.rowCount() == 0
        with TeamJournal(team_store, paths.journal_path(), password=os.environ["PGPASSWORD"]) as other:
            other.creation.create(name="from another desktop", kind="text", content={"kind": "text"}, bot_id=1001,
                                  rate_per_minute=60, in_flight=2, base_url="http://127.0.0.1:9",
                                  recipients=[NewRecipient(2, "09121110001", "989121110001", "valid", None,
                                                           {"message": {"text": "hi"}})])
        run_in_qt_loop(qapp, history.refresh)  # what the timer does every TEAM_REFRESH_MS while History is shown
        assert history.model.rowCount() == 1
        owner = history.model.index(0, history.model.COLUMNS.index("owner")).data()
        user, _, machine = owner.strip("\u2066\u2069").partition("@")
        assert user and machine  # "user@machine", left to right
    finally:
        context.journal.close()


def test_a_team_store_that_cannot_be_opened_leaves_the_window_on_its_own_journal_saying_why(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STORE_ENV, "postgresql://team@127.0.0.1:1/safir")
    context = make_context(None)
    try:
        assert not isinstance(context.journal, TeamJournal)
        assert "cannot be reached" in (reason_words(context.store_problem) or "")
        main = MainWindow(context)
        qtbot.addWidget(main)
        assert "cannot be reached" in main.statusBar().currentMessage()
    finally:
        context.journal.close()


def test_the_window_follows_and_pauses_a_campaign_another_desktop_sends(
        qtbot: Any, qapp: QApplication, team_store: str, tmp_path: Any) -> None:
    from app.campaign import CampaignStatus
    from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
    from app.ui.context import Connection
    from tests.helpers import fast_settings
    from tests.helpers.team import Desktop, sheet
    from tests.helpers.qt import until

    with EmbeddedSandbox(fast_settings(latency_ms=30)) as sandbox:
        other = Desktop(tmp_path / "other", team_store, os.environ["PGPASSWORD"])
        sending = other.start("send", sheet(tmp_path, "s.csv", 1, 300), "--base-url", sandbox.url, "--bot-id",
                              "1001", "--text", "hi {{name}}", "--rate", "240")
        context = make_context(None)
        try:
            main = MainWindow(context)
            qtbot.addWidget(main)
            main.context.connection = Connection("office", sandbox.url, DEMO_API_KEY, bots={1001: "shop"})
            step = main.campaign.send_step
            with context.journal as journal:
                deadline = time.monotonic() + 30
                while not journal.campaigns.all() or not journal.is_sending(journal.campaigns.all()[0].id):
                    assert time.monotonic() < deadline
                    time.sleep(0.1)
                campaign_id = journal.campaigns.all()[0].id

                async def scenario() -> float:
                    following = asyncio.ensure_future(main._resume(campaign_id))  # History → the campaign
                    await until(lambda: step.sending() and step.campaign_id == campaign_id)
                    before = journal.recipients.counts(campaign_id).sent
                    await until(lambda: step.progress.value() > before)  # the other desktop's progress, here
                    asked = time.monotonic()
                    step.pause_button.click()
                    await following
                    return asked

                asked = run_in_qt_loop(qapp, scenario)
                sending.communicate(timeout=30)
                stopped = time.monotonic()
                assert sending.returncode == 3 and stopped - asked < 2.5  # the other desktop's sender paused
                assert journal.campaigns.get(campaign_id).status == CampaignStatus.PAUSED
                actions = [a["action"] for a in journal.audit_trail.entries(campaign_id)]
                assert "pause asked" in actions and actions[-1] == "paused"
        finally:
            if sending.poll() is None:
                sending.kill()


def test_the_template_library_prices_and_balance_history_are_the_teams(
        qapp: QApplication, team_store: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.ui.context import Connection

    desktops = []
    for name in ("first", "second"):  # two desktops: their own state dirs and settings, one store
        monkeypatch.setenv("SAFIR_CAMPAIGN_HOME", str(tmp_path / name))
        context = make_context(None)
        context.connection = Connection(f"{name}'s profile", "https://safir.bale.ai", None)
        desktops.append(context)
    first, second = desktops
    try:
        assert second.templates() == [] and second.balance_history() == []
        first.save_templates([{"template_id": "welcome", "body": "سلام {{name}}", "category": "service"}])
        first.save_prices({"service": 12.5, "promotional": 30.0, "message": 1.0})
        first.record_balance(985)
        second.record_balance(984)
        assert second.templates() == []  # what the other desktop saved shows once read again...

        async def read_again() -> None:
            await first.refresh_team()
            await second.refresh_team()

        run_in_qt_loop(qapp, read_again)  # ...as the window does when a panel is shown
        assert [t["template_id"] for t in second.templates()] == ["welcome"]
        assert second.prices()["service"] == 12.5
        assert [h["balance"] for h in first.balance_history()] == [985, 984]  # the account's, from both desktops
    finally:
        for context in desktops:
            context.journal.close()


def test_the_team_panel_lets_an_admin_add_people_and_shows_everyone_else_the_rules_read_only(
        qtbot: Any, qapp: QApplication, team_store: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from app.campaign.journal import TeamRole

    database = team_store.rsplit("/", 1)[1]
    carol = f"carol_{database}"  # logins are the whole server's: another test may have made a carol
    context = make_context(None)  # the store's owner: an admin
    try:
        main = MainWindow(context)
        qtbot.addWidget(main)
        team = main.team
        run_in_qt_loop(qapp, team.refresh)
        assert not team.admin.isHidden() and not main.templates.rules.save_button.isHidden()
        said = run_in_qt_loop(qapp, lambda: team.add(carol, TeamRole.SENDER, "carol-password"))
        assert carol in said and "sender" in said, said
        shown = {team.table.item(r, 0).text().strip("\u2066\u2069"): team.table.item(r, 1).text()
                 for r in range(team.table.rowCount())}
        assert carol in shown and shown[carol].startswith("sender")
    finally:
        context.journal.close()
    # carol's own desktop: she sees the team, not an admin's controls, and the rules read-only
    monkeypatch.setenv(STORE_ENV, team_store.replace(f"//{database}@", f"//{carol}@", 1))
    monkeypatch.setenv("PGPASSWORD", "carol-password")
    context = make_context(None)
    try:
        main = MainWindow(context)
        qtbot.addWidget(main)
        assert f"as {carol}" in main.statusBar().currentMessage()
        run_in_qt_loop(qapp, main.team.refresh)
        assert main.team.admin.isHidden() and f"You are {carol}" in main.team.you.text()
        rules = main.templates.rules
        assert rules.save_button.isHidden() and not rules.cap_check.isEnabled()
        assert "admins set these rules" in rules.outcome.text()
        refused = run_in_qt_loop(qapp, lambda: main.team.add("dave", TeamRole.ADMIN, "x"))
        assert "admin" in refused and carol in refused  # the store's refusal, in a sentence
    finally:
        context.journal.close()
