"""Replies to the SMS line (issue 37): ``safir-campaign replies`` reads each once from the
gateway (the sandbox's imitation, over real HTTP); an opt-out puts its number on the
suppression list of the store this desktop uses, with the reply in the audit trail."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from app.jobs.replies import is_opt_out
from app.jobs.store import open_store
from app.jobs.suppression import close_team_stores, suppression_list
from app.sandbox import EmbeddedSandbox
from app.sandbox.state import DEMO_SMS_KEY, DEMO_SMS_SENDER
from tests.helpers.cli import run

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")


@pytest.mark.parametrize(("text", "opted_out"), [
    ("لغو ۱۱", True), ("لغو", True), ("11", True), ("۱۱", True), ("STOP please", True), (" stop.", True),
    ("ممنون", False), ("لغوی نیست", False), ("stopped by the shop", False), ("", False), ("112", False),
])
def test_an_opt_out_is_a_reply_that_starts_with_an_opt_out_word(text: str, opted_out: bool) -> None:
    assert is_opt_out(text) is opted_out


def test_replies_are_listed_once_and_opt_outs_go_on_the_suppression_list(
        sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    for phone, text in (("09121110001", "لغو ۱۱"), ("09121110002", "ممنون، رسید"), ("09121110003", "STOP"),
                        ("+447700900123", "STOP")):
        assert httpx.post(f"{sandbox.url}/sandbox/sms/replies", json={"phone": phone, "text": text}).status_code == 201
    monkeypatch.setenv("SAFIR_SMS_API_KEY", DEMO_SMS_KEY)
    monkeypatch.setenv("SAFIR_SMS_SENDER", DEMO_SMS_SENDER)
    monkeypatch.setenv("SAFIR_SMS_BASE_URL", sandbox.url)
    done = run("replies")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "09121110001: لغو ۱۱ — opted out: on the suppression list",
        "09121110002: ممنون، رسید",
        "09121110003: STOP — opted out: on the suppression list",
        "+447700900123: STOP — asks to opt out, but it is no Iranian mobile number: not listed"]
    with open_store() as journal:
        assert suppression_list(journal).phones() == {"989121110001", "989121110003"}
        assert [a["detail"] for a in journal.audit_trail.entries() if a["action"] == "opt-out"] == [
            "09121110001: لغو ۱۱", "09121110003: STOP"]
    close_team_stores()
    again = run("replies")
    assert again.returncode == 0 and again.stdout.strip() == "no new replies", again


def test_replies_without_the_gateways_key_say_which_variable_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SAFIR_SMS_API_KEY", raising=False)
    done = run("replies")
    assert done.returncode == 2 and "SAFIR_SMS_API_KEY" in done.stderr and "Traceback" not in done.stderr, done


@pytest.mark.embedded_only
def test_an_opt_out_whose_number_could_not_be_listed_is_handled_at_the_next_read(
        sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch, state_home: Path) -> None:
    assert httpx.post(f"{sandbox.url}/sandbox/sms/replies", json={"phone": "09121110001", "text": "لغو"}).status_code == 201
    monkeypatch.setenv("SAFIR_SMS_API_KEY", DEMO_SMS_KEY)
    monkeypatch.setenv("SAFIR_SMS_SENDER", DEMO_SMS_SENDER)
    monkeypatch.setenv("SAFIR_SMS_BASE_URL", sandbox.url)
    (state_home / "suppression.csv").mkdir(parents=True)  # the list cannot be written: the gateway has marked the reply read
    failed = run("replies")
    assert failed.returncode == 2 and "Traceback" not in failed.stderr, failed
    (state_home / "suppression.csv").rmdir()
    again = run("replies")
    assert again.returncode == 0 and again.stdout.splitlines() == [
        "09121110001: لغو — opted out: on the suppression list"], again
    with open_store() as journal:
        assert suppression_list(journal).phones() == {"989121110001"}
    assert run("replies").stdout.strip() == "no new replies"
