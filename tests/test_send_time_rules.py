"""Rules that hold at send time, over a real sandbox: a number put on the suppression list
while a campaign runs, while it is paused, or before its failures are retried is never
messaged, and ends ``skipped`` with the reason "on the suppression list"."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.reasons import pause_reason, reason_words
from app.jobs.store import open_store
from app.desktop import paths
from app.api import (
    InlineButton,
    Message,
    MessageData,
    RequestValidationError,
    RetryPolicy,
    SafirClient,
    TemplateMessage,
)
from app.campaign import (
    ButtonSpec,
    CampaignEngine,
    CampaignStatus,
    Content,
    ContentError,
    Journal,
    RecipientState,
)
from app.campaign.definition import build_recipients
from app.campaign.engine import Progress
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from app.jobs.creating import RepeatedCampaign, create_campaign
from app.jobs.sheet import check_sheet
from app.jobs.suppression import suppression_list
from tests.helpers import delivered, fast_settings, said
from tests.helpers.cli import read_csv, run

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")

PHONES = [f"98912300{i:04d}" for i in range(1, 21)]


class Row:
    def __init__(self, row: int, phone: str) -> None:
        self.row, self.phone_input, self.phone, self.verdict, self.reason = row, phone, phone, "valid", None


def make_campaign(journal: Journal, sandbox: EmbeddedSandbox, phones: list[str], rate: float = 0) -> int:
    content = Content(kind="text", text="hello {{name}}")
    rows = [(Row(i + 2, p), {"name": f"n{i}"}) for i, p in enumerate(phones)]
    return journal.creation.create(name="t", kind="text", content=content.to_json(), bot_id=1001,
                                   recipients=build_recipients(rows, content), rate_per_minute=rate,
                                   in_flight=1, base_url=sandbox.url)


def delivered_phones(sandbox: EmbeddedSandbox) -> list[str]:
    return [m["phone_number"] for m in delivered(sandbox)]


def assert_skipped_as_suppressed(journal: Journal, campaign_id: int, phones: set[str]) -> None:
    rows = {r["phone"]: r for r in journal.recipients.result_rows(campaign_id)}
    for phone in phones:
        assert rows[phone]["status"] == "suppressed"
        assert (reason_words(rows[phone]["error"]) or "").startswith("on the suppression list")
    assert journal.recipients.counts(campaign_id).skipped == len(phones)


async def test_a_number_suppressed_while_the_campaign_runs_is_not_messaged(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = make_campaign(journal, sandbox, PHONES, rate=600)  # 0.1 s apart: time to add them
    late = set(PHONES[10:])

    def on_progress(progress: Progress) -> None:
        if progress.state == RecipientState.SENT and progress.counts[RecipientState.SENT] == 3:
            suppression_list().add(sorted(late))  # as the window's or the CLI's suppression command would

    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, on_progress=on_progress).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED
    sent = delivered_phones(sandbox)
    assert not late & set(sent) and len(sent) == 10
    assert_skipped_as_suppressed(journal, campaign_id, late)


async def test_a_number_suppressed_while_paused_is_not_messaged_on_resume(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = make_campaign(journal, sandbox, PHONES, rate=600)
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        engine = CampaignEngine(journal, client)
        engine.on_progress = lambda p: engine.pause() if p.counts[RecipientState.SENT] == 5 else None
        assert (await engine.run(campaign_id)).status == CampaignStatus.PAUSED
        already = set(delivered_phones(sandbox))
        later = set(PHONES) - already
        suppression_list().add(sorted(later)[:4])
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.FINISHED
    assert not set(sorted(later)[:4]) & set(delivered_phones(sandbox))
    assert len(delivered_phones(sandbox)) == len(PHONES) - 4
    assert_skipped_as_suppressed(journal, campaign_id, set(sorted(later)[:4]))


async def test_a_number_suppressed_before_a_retry_is_not_messaged(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    phones = PHONES[:6]
    campaign_id = make_campaign(journal, sandbox, phones)
    sandbox.settings.fault_5xx = 1.0  # every send fails with a retryable 5xx
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY, retry=RetryPolicy(max_retries=0)) as client:
        await CampaignEngine(journal, client).run(campaign_id)
    assert journal.recipients.counts(campaign_id).failed == 6 and delivered(sandbox) == []
    sandbox.settings.fault_5xx = 0.0
    retry_id = journal.creation.retry(campaign_id)
    suppression_list().add(phones[:2])
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(retry_id)
    assert result.status == CampaignStatus.FINISHED
    assert sorted(delivered_phones(sandbox)) == phones[2:]
    assert_skipped_as_suppressed(journal, retry_id, set(phones[:2]))


@pytest.mark.embedded_only
async def test_an_unreadable_suppression_list_pauses_instead_of_sending(sandbox: EmbeddedSandbox) -> None:
    journal = open_store()
    campaign_id = make_campaign(journal, sandbox, PHONES[:3])
    (paths.state_dir() / "suppression.csv").mkdir()  # a folder where the list should be
    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client).run(campaign_id)
    assert result.status == CampaignStatus.PAUSED and "suppression list" in said(result.reason)
    assert delivered(sandbox) == []
    assert journal.recipients.counts(campaign_id).pending == 3
    await asyncio.sleep(0)


# -- the repeat guard, judged per recipient ------------------------------------------------

def _sheet(tmp_path: Path, name: str, rows: list[tuple[str, str]]) -> Path:
    path = tmp_path / name
    path.write_text("نام,موبایل\n" + "".join(f"{n},{p}\n" for n, p in rows), encoding="utf-8")
    return path


ROWS = [(f"n{i}", f"0912400{i:04d}") for i in range(1, 9)]


def test_a_resorted_or_grown_sheet_is_a_repeat_and_only_new_sends_to_the_new_numbers(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    send = ("--base-url", sandbox.url, "--bot-id", "1001", "--text", "سلام {{نام}}", "--rate", "0")
    assert run("send", str(_sheet(tmp_path, "a.csv", ROWS)), *send, api_key=DEMO_API_KEY).returncode == 0
    resorted = run("send", str(_sheet(tmp_path, "b.csv", ROWS[::-1])), *send, api_key=DEMO_API_KEY)
    assert resorted.returncode == 2 and "all recipients already got this message" in resorted.stderr
    grown = _sheet(tmp_path, "c.csv", [*ROWS[3:], ("new1", "09124009991"), *ROWS[:3], ("new2", "09124009992")])
    refused = run("send", str(grown), *send, api_key=DEMO_API_KEY)
    assert refused.returncode == 2 and "8 of the 10 recipients already got this message" in refused.stderr
    assert "--only-new" in refused.stderr and "Traceback" not in refused.stderr
    assert len(delivered(sandbox)) == 8
    only_new = run("send", str(grown), *send, "--only-new", api_key=DEMO_API_KEY)
    assert only_new.returncode == 0, only_new.stderr
    assert sorted(m["phone_number"] for m in delivered(sandbox)[8:]) == ["989124009991", "989124009992"]
    status = run("status", only_new.stdout.split()[1]).stdout  # "campaign N" comes first
    assert "8 skipped" in status or "skipped: 8" in status or "skipped 8" in status, status


def test_a_repeat_still_to_send_in_a_waiting_campaign_is_told_apart_from_one_sent(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    send = ("--base-url", sandbox.url, "--bot-id", "1001", "--text", "سلام {{نام}}", "--rate", "0")
    sent = run("send", str(_sheet(tmp_path, "a.csv", ROWS[:3])), *send, api_key=DEMO_API_KEY)
    assert sent.returncode == 0, sent.stderr
    first = sent.stdout.split()[1]  # "campaign N" comes first
    journal = open_store()
    # A campaign made but not sent (as a paused or scheduled one): its rows are on their way.
    waiting = create_campaign(journal, check_sheet(_sheet(tmp_path, "b.csv", ROWS)),
                              content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001, base_url=sandbox.url,
                              allow_repeat=True)
    grown = _sheet(tmp_path, "c.csv", [*ROWS, ("new1", "09124009991"), ("new2", "09124009992")])
    refused = run("send", str(grown), *send, api_key=DEMO_API_KEY)
    assert refused.returncode == 2, refused.stderr
    assert "8 of the 10 recipients got this message" in refused.stderr
    assert "(3 sent, 5 still to send in a campaign not cancelled)" in refused.stderr
    assert f"latest: campaign {waiting}," in refused.stderr
    dry = run("send", str(grown), *send, "--dry-run", api_key=DEMO_API_KEY)
    assert "3 sent, 5 still to send" in dry.stdout, dry.stdout
    only_new = run("send", str(grown), *send, "--only-new", api_key=DEMO_API_KEY)
    assert only_new.returncode == 0, only_new.stderr
    reasons = {r.phone: reason_words(r.reason) for r in journal.recipients.listed(int(only_new.stdout.split()[1]), RecipientState.SKIPPED)}
    assert sorted(reasons.values()) == sorted(
        [f"already got this message in campaign {first}"] * 3
        + [f"still to get this message from campaign {waiting}, which is not cancelled"] * 5)


def test_a_repeat_is_per_service_and_a_changed_message_is_not_one(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, "a.csv", ROWS)
    send = ("--bot-id", "1001", "--rate", "0")
    assert run("send", str(sheet), "--base-url", sandbox.url, *send, "--text", "hi {{نام}}",
               api_key=DEMO_API_KEY).returncode == 0
    journal = open_store()
    checked = check_sheet(sheet)
    content = Content(kind="text", text="hi {{نام}}")
    # The real service is another service: the sandbox's sends do not block it...
    create_campaign(journal, checked, content=content, bot_id=1001, base_url="https://safir.bale.ai")
    # ...but any sandbox run is the sandbox, whatever port it got this time.
    with EmbeddedSandbox(fast_settings()) as other:
        again = run("send", str(sheet), "--base-url", other.url, *send, "--text", "hi {{نام}}", api_key=DEMO_API_KEY)
        assert again.returncode == 2 and "already got this message" in again.stderr
    changed = run("send", str(sheet), "--base-url", sandbox.url, *send, "--text", "bye {{نام}}",
                  api_key=DEMO_API_KEY)
    assert changed.returncode == 0 and len(delivered(sandbox)) == 16


def test_two_identical_campaigns_created_at_once_let_exactly_one_through(sandbox: EmbeddedSandbox,
                                                                       tmp_path: Path) -> None:
    checked = check_sheet(_sheet(tmp_path, "a.csv", ROWS))
    content = Content(kind="text", text="hi {{نام}}")
    for attempt in range(8):
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def create(content: Content = content) -> None:
            journal = open_store()  # each its own connection, as two processes would
            barrier.wait()
            try:
                create_campaign(journal, checked, content=content, bot_id=1001, base_url=sandbox.url)
                outcomes.append("created")
            except RepeatedCampaign:
                outcomes.append("repeat")
            finally:
                journal.close()

        threads = [threading.Thread(target=create) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["created", "repeat"], f"try {attempt}: {outcomes}"
        content = Content(kind="text", text=f"hi {{{{نام}}}} {attempt}")


def test_a_cancelled_campaigns_unsent_rows_do_not_block_sending_them_again(sandbox: EmbeddedSandbox,
                                                                           tmp_path: Path) -> None:
    journal = open_store()
    checked = check_sheet(_sheet(tmp_path, "a.csv", ROWS))
    content = Content(kind="text", text="hi {{نام}}")
    first = create_campaign(journal, checked, content=content, bot_id=1001, base_url=sandbox.url)
    journal.control.set_status(first, CampaignStatus.CANCELLED, pause_reason("user_cancelled"))
    assert create_campaign(journal, checked, content=content, bot_id=1001, base_url=sandbox.url) > first


# -- the service's limits and formula cells, per recipient ----------------------------------

def test_a_huge_cell_makes_its_row_invalid_with_the_limit_and_the_others_go_out(sandbox: EmbeddedSandbox,
                                                                                 tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, "a.csv", [("x" * 10_000, "09124100001"), ("Sara", "09124100002")])
    results = tmp_path / "r.csv"
    done = run("send", str(sheet), "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi {{نام}}",
               "--rate", "0", "--results", str(results), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    assert [m["phone_number"] for m in delivered(sandbox)] == ["989124100002"]
    rows = {r["phone"]: r for r in read_csv(results)}
    assert rows["989124100001"]["status"] == "invalid"
    assert "10,003 characters long; it can be at most 4,096" in rows["989124100001"]["error"]


def test_the_limits_of_a_caption_a_template_field_and_the_button_count() -> None:
    def problem(data: MessageData) -> str:
        with pytest.raises(RequestValidationError) as caught:
            data.to_wire()
        return caught.value.message

    assert "caption is 1,025 characters long" in problem(MessageData(message=Message("x" * 1025, "file-1")))
    MessageData(message=Message("x" * 1024, "file-1")).to_wire()
    MessageData(message=Message("x" * 4096)).to_wire()
    long_field = MessageData(template_message=TemplateMessage("welcome", {"name": "x" * 5000}))
    assert "field's value is 5,000 characters long" in problem(long_field)
    keyboard = tuple((InlineButton(f"b{i}", url="https://example.ir"),) for i in range(101))
    assert "101 buttons; a message can have at most 100" in problem(MessageData(message=Message("hi", None, None,
                                                                                                 keyboard)))
    with pytest.raises(ContentError, match="at most 100"):
        Content(kind="buttons", text="hi", buttons=[[ButtonSpec("b", url="https://example.ir")]] * 101).check([])


def test_a_formula_without_a_saved_result_in_a_used_column_is_caught(sandbox: EmbeddedSandbox,
                                                                     tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["نام", "موبایل"])
    sheet.append(['=CONCAT("Al", "i")', "09124200001"])  # openpyxl saves no result for a formula
    sheet.append(["Sara", "09124200002"])
    path = tmp_path / "formulas.xlsx"
    book.save(path)
    results = tmp_path / "r.csv"
    done = run("send", str(path), "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi {{نام}}",
               "--rate", "0", "--results", str(results), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    assert [m["text"] for m in delivered(sandbox)] == ["hi Sara"]
    first = read_csv(results)[0]
    assert first["status"] == "invalid" and "the نام cell is a formula whose result was not saved" in first["error"]


@pytest.mark.parametrize("writes_on_loop", [False, True], ids=["writer-thread", "writes-on-the-loop"])
async def test_a_journal_busy_with_another_program_is_a_wait_not_a_pause(
        sandbox: EmbeddedSandbox, monkeypatch: pytest.MonkeyPatch, writes_on_loop: bool) -> None:
    import sqlite3

    monkeypatch.setattr(Journal, "BUSY_TIMEOUT_SECONDS", 0.3)  # each try gives up fast; the writer tries again
    journal = open_store()
    campaign_id = make_campaign(journal, sandbox, PHONES, rate=600)
    other = sqlite3.connect(paths.journal_path(), isolation_level=None)
    held = asyncio.Event()

    def on_progress(progress: Progress) -> None:
        if progress.counts[RecipientState.SENT] == 3 and not held.is_set():
            other.execute("BEGIN IMMEDIATE")  # another program takes the write lock for 2 s
            held.set()
            asyncio.get_running_loop().call_later(2.0, lambda: other.execute("COMMIT"))

    async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
        result = await CampaignEngine(journal, client, on_progress=on_progress,
                                      writes_on_loop=writes_on_loop).run(campaign_id)
    other.close()
    journal.close()
    assert held.is_set()
    assert result.status == CampaignStatus.FINISHED, result.reason
    sent = delivered_phones(sandbox)
    assert sorted(sent) == sorted(PHONES)  # everyone, once


@pytest.mark.embedded_only
def test_a_creation_that_fills_the_disk_says_nothing_was_created(sandbox: EmbeddedSandbox, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from app.campaign import JournalError
    from app.campaign.journal.creation import CampaignCreation

    def full(*_args: object) -> None:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"  # as SQLite itself reports it
        raise error

    journal = open_store()
    monkeypatch.setattr(CampaignCreation, "_write_rows", full)
    with pytest.raises(JournalError) as caught:
        create_campaign(journal, check_sheet(_sheet(tmp_path, "a.csv", ROWS)), content=Content(text="hi"),
                        bot_id=1001, base_url=sandbox.url)
    assert "the campaign was not created" in str(caught.value) and "resume" not in str(caught.value)
    assert journal.campaigns.all() == []  # nothing half-made is shown


@given(text=st.text(max_size=40) | st.just("x" * 5000), name=st.text(max_size=30), secure=st.booleans())
def test_the_short_path_for_text_messages_builds_exactly_what_the_request_objects_build(
        text: str, name: str, secure: bool) -> None:
    from app.campaign.definition import Content

    content = Content(kind="text", text=text + "{{name}}" if text else "", is_secure=secure)
    fields = {"name": name}

    def outcome(build: Any) -> Any:
        try:
            return build()
        except RequestValidationError as exc:
            return ("refused", exc.field, exc.message)
        except Exception as exc:  # noqa: BLE001 - the same kind of error either way
            return ("error", type(exc).__name__)

    assert outcome(lambda: content.render_wire(fields)) == outcome(lambda: content._message(fields).to_wire())


def test_a_repeat_of_an_interrupted_campaign_calls_it_interrupted_as_status_does(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    """Found by an attack: after the sender was killed, ``status`` said interrupted and the
    repeat's refusal said the campaign was running."""
    from app.campaign import CampaignStatus

    journal = open_store()
    earlier = create_campaign(journal, check_sheet(_sheet(tmp_path, "a.csv", ROWS)),
                              content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001, base_url=sandbox.url)
    journal.control.set_status(earlier, CampaignStatus.RUNNING)  # as a killed sender leaves it: nobody holds it
    send = ("--base-url", sandbox.url, "--bot-id", "1001", "--text", "سلام {{نام}}", "--rate", "0")
    refused = run("send", str(_sheet(tmp_path, "b.csv", ROWS)), *send, api_key=DEMO_API_KEY)
    assert refused.returncode == 2, refused.stderr
    assert "UTC, interrupted); send only to the others" in refused.stderr, refused.stderr
    assert "interrupted" in run("status", str(earlier)).stdout  # as the status command says
