"""The headless command end to end: a real process, a real sandbox on loopback, and the
results file checked against what the sandbox delivered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import REPO, SAMPLES, delivered, free_port, sandbox_state_when_up
from tests.helpers.cli import COLUMNS, read_csv, run
from tests.helpers import processes

#: Every test here runs on the embedded journal and on a team store (PostgreSQL).
pytestmark = pytest.mark.usefixtures("each_store")


def test_send_writes_every_row_and_agrees_with_what_the_sandbox_delivered(
        sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    results = tmp_path / "r.csv"
    done = run("send", str(SAMPLES / "contacts.xlsx"), "--base-url", sandbox.url, "--bot-id", "1001",
               "--text", "سلام {{نام}}", "--rate", "0", "--results", str(results), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("campaign ") and lines[0].split()[1].isdigit()
    assert "phone column: موبایل (detected" in done.stdout
    assert "13 sent, 1 failed" in done.stdout

    rows = read_csv(results)
    assert [int(r["row"]) for r in rows] == list(range(2, 22))  # every data row, in sheet order
    messages = delivered(sandbox)
    sent = {r["phone"]: r for r in rows if r["status"] == "sent"}
    assert len(messages) == len(sent) == 13
    for message in messages:
        row = sent[message["phone_number"]]
        assert row["message_id"] == message["message_id"] and row["request_id"] == message["request_id"]
    statuses = {r["row"]: (r["status"], r["error_code"]) for r in rows}
    assert statuses["11"] == ("duplicate", "") and statuses["14"] == ("invalid", "")
    assert statuses["19"] == ("failed", "17")
    assert next(r for r in rows if r["row"] == "11")["phone"] == "989121110001"


def test_send_sandbox_flag_runs_without_any_setup(tmp_path: Path) -> None:
    results = tmp_path / "r.xlsx"
    done = run("send", str(SAMPLES / "contacts.csv"), "--sandbox", "--bot-id", "1001", "--text", "سلام {{نام}}",
               "--rate", "0", "--results", str(results))
    assert done.returncode == 0, done.stderr
    sheet = openpyxl.load_workbook(results).active
    values = list(sheet.iter_rows(values_only=True))
    assert list(values[0]) == COLUMNS and len(values) == 21
    assert sum(1 for v in values[1:] if v[3] == "sent") == 13


def test_dry_run_sends_nothing_and_reports_verdicts(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    results = tmp_path / "dry.csv"
    done = run("send", str(SAMPLES / "contacts.csv"), "--base-url", sandbox.url, "--bot-id", "1001",
               "--text", "x", "--dry-run", "--results", str(results), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    rows = read_csv(results)
    assert {r["status"] for r in rows} == {"valid", "invalid", "duplicate", "empty"}
    assert sum(r["status"] == "valid" for r in rows) == 14
    assert delivered(sandbox) == []


@pytest.mark.parametrize(("args", "key", "message"), [
    (["--text", "x"], None, "SAFIR_API_KEY"),
    (["--text", "x", "--phone-column", "tel"], "k", "no column named 'tel'"),
    (["--text", "{{missing}}"], "k", "{{missing}} but the sheet has no such column"),
    (["--text", "x", "--base-url", "http://safir.example"], "k", "plain http"),
])
def test_configuration_errors_exit_non_zero_with_one_line(args: list[str], key: str | None, message: str) -> None:
    done = run("send", str(SAMPLES / "contacts.csv"), "--bot-id", "1001", *args, api_key=key)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_an_unreadable_file_is_a_configuration_error(tmp_path: Path) -> None:
    bad = tmp_path / "contacts.csv"
    bad.write_bytes(b"\x00\x01" * 100)
    done = run("send", str(bad), "--bot-id", "1001", "--text", "x", api_key="k")
    assert done.returncode == 2 and "not a text CSV" in done.stderr


def test_an_unreachable_service_exits_non_zero_and_keeps_the_rows_pending(tmp_path: Path) -> None:
    done = run("send", str(SAMPLES / "contacts.csv"), "--base-url", "http://127.0.0.1:1", "--bot-id", "1001",
               "--text", "x", "--results", str(tmp_path / "r.csv"), api_key="k")
    assert done.returncode == 3
    assert "could not connect" in done.stderr and "Traceback" not in done.stderr
    rows = read_csv(tmp_path / "r.csv")
    # Requests still retrying when the campaign paused are cut off within a second: their
    # outcome is told as unknown (a resume re-sends them under the same request_id).
    assert sum(r["status"] in ("pending", "unknown") for r in rows) == 14


def test_the_standalone_sandbox_serves_on_the_given_port(tmp_path: Path) -> None:
    import httpx

    port = free_port()
    config = tmp_path / "sandbox.toml"
    config.write_text('balance = 7\n[[accounts]]\nclient_id = "two"\nclient_secret = "s2"\napi_key = "k2"\n'
                      'bots = { 2001 = "دو" }\n', encoding="utf-8")
    env = dict(os.environ)
    server = processes.popen([sys.executable, "-m", "app", "sandbox", "--port", str(port), "--config", str(config),
                               "--api-key", "custom-key"], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert "sandbox on http://127.0.0.1" in (server.stdout.readline() if server.stdout else "")
        url = f"http://127.0.0.1:{port}"
        state = sandbox_state_when_up(url)
        assert state["balances"] == {"demo": 7, "two": 10000}
        body = {"bot_id": 2001, "phone_number": "989121234567", "message_data": {"message": {"text": "x"}}}
        assert httpx.post(f"{url}/api/v3/send_message", json=body, headers={"api-access-key": "k2"}).status_code == 200
        assert httpx.post(f"{url}/api/v3/send_message", json=body,
                          headers={"api-access-key": "custom-key"}).status_code == 400  # not the first account's bot
        assert httpx.post(f"{url}/api/v3/send_message", json=body,
                          headers={"api-access-key": DEMO_API_KEY}).status_code == 401  # --api-key replaced it
    finally:
        server.terminate()
        server.wait(10)
        if server.stdout:
            server.stdout.close()


def test_a_bad_sandbox_config_is_one_line() -> None:
    done = run("sandbox", "--config", str(SAMPLES / "contacts.csv"))
    assert done.returncode == 2 and "cannot read sandbox config" in done.stderr


def test_list_status_export_resume_and_retry_failed(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    sent = run("send", str(SAMPLES / "contacts.csv"), "--base-url", sandbox.url, "--bot-id", "1001",
               "--text", "سلام {{نام}}", "--rate", "0", api_key=DEMO_API_KEY)
    campaign_id = sent.stdout.splitlines()[0].split()[1]
    listed = run("list")
    assert listed.returncode == 0 and "finished" in listed.stdout and "contacts.csv" in listed.stdout
    status = run("status", campaign_id)
    assert "13 sent, 1 failed" in status.stdout
    assert "6 skipped (4 invalid, 1 duplicate, 1 empty) of 20 rows" in status.stdout
    assert "errors by code: 17: 1 (this phone has no Bale account)" in status.stdout
    out = tmp_path / "again.csv"
    assert run("export", campaign_id, str(out)).returncode == 0
    assert len(read_csv(out)) == 20
    resumed = run("resume", campaign_id, "--base-url", sandbox.url, api_key=DEMO_API_KEY)
    assert resumed.returncode == 0 and "13 sent" in resumed.stdout
    assert len(delivered(sandbox)) == 13  # nothing sent twice
    retry = run("retry-failed", campaign_id, "--base-url", sandbox.url, api_key=DEMO_API_KEY)
    assert retry.returncode == 2 and "no failures worth retrying" in retry.stderr  # code 17 is permanent
    assert "its failure cannot succeed on a retry (17: this phone has no Bale account)" in retry.stderr
    assert run("status", "999").returncode == 2


def test_every_kind_from_the_command_line(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    sheet = tmp_path / "k.csv"
    sheet.write_text("name,mobile,code\nعلی,09121110001,4821\nرضا,09121110002,1234\n", encoding="utf-8")
    poster = tmp_path / "poster.png"
    poster.write_bytes(b"\x89PNG" + b"0" * 500)
    common = [str(sheet), "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "0"]
    runs = [
        ["--file", str(poster), "--text", "پوستر {{name}}"],
        ["--text", "منو", "--button-row", "سایت=https://example.com/{{code}}", "کد=copy:{{code}}"],
        ["--otp-column", "code"],
        ["--template", "welcome", "--field", "name={{name}}", "--field", "shop=فروشگاه"],
        ["--text", "رمز {{code}}", "--secure"],
    ]
    for extra in runs:
        done = run("send", *common, *extra, api_key=DEMO_API_KEY)
        assert done.returncode == 0, (extra, done.stderr)
    texts = [m["text"] for m in delivered(sandbox, "989121110001")]
    assert "[poster.png]\nپوستر علی" == texts[0]
    assert "https://example.com/4821" in texts[1] and "4821" in texts[1]
    assert "4821" in texts[2].splitlines()[0]
    assert texts[3] == "سلام علی، به فروشگاه خوش آمدید"
    assert texts[4].startswith("🔒") and texts[4].endswith("رمز 4821")
    bad = run("send", *common, "--template", "welcome", "--text", "x", api_key=DEMO_API_KEY)
    assert bad.returncode == 2 and "cannot go with" in bad.stderr
    no_button_action = run("send", *common, "--text", "x", "--button-row", "label", api_key=DEMO_API_KEY)
    assert no_button_action.returncode == 2 and "LABEL=ACTION" in no_button_action.stderr


def test_check_prints_verdicts_and_writes_them(tmp_path: Path) -> None:
    out = tmp_path / "v.xlsx"
    done = run("check", str(SAMPLES / "contacts.xlsx"), "--results", str(out))
    assert done.returncode == 0 and "14 valid, 4 invalid, 1 duplicate, 0 suppressed, 1 empty" in done.stdout
    assert len(list(openpyxl.load_workbook(out).active.iter_rows())) == 21
    # Each row that will not be sent is named, with why, in sheet order.
    named = [line for line in done.stdout.split("rows that will not be sent:\n")[1].splitlines() if line[:2] == "  "]
    assert [line.split(":")[0].strip() for line in named] == ["row 11", "row 14", "row 15", "row 16", "row 17",
                                                              "row 18"]
    assert "duplicate, same number as row 2" in named[0] and "a landline number" in named[1]
    assert "(empty): empty" in named[4] and "… and" not in done.stdout


def test_check_names_the_first_rows_not_sent_and_says_how_many_more(tmp_path: Path) -> None:
    sheet = tmp_path / "typos.csv"
    sheet.write_text("mobile\n" + "".join(f"0912{i:03d}\n" for i in range(25)) + "09121110001\n", encoding="utf-8")
    done = run("check", str(sheet), "--phone-column", "mobile")
    assert done.returncode == 0, done.stderr
    named = done.stdout.split("rows that will not be sent:\n")[1].splitlines()
    assert len(named) == 21 and named[0].startswith("  row 2: 0912000: invalid, ")
    assert named[-1] == "  … and 5 more; --results FILE writes every row's verdict"


def test_suppression_commands_and_a_results_copy_of_the_source(tmp_path: Path) -> None:
    assert "added 2" in run("suppression", "add", "09121110003", "09121110004").stdout
    assert "2 numbers" in run("suppression", "count").stdout
    typo = run("suppression", "add", "0912")  # nothing usable: an error, not "added 0" and exit 0
    assert typo.returncode == 2 and "nothing was added: 0912: " in typo.stderr and "Iranian mobile" in typo.stderr
    some = run("suppression", "add", "09121110005", "0912")  # the usable one is added, the other told
    assert some.returncode == 0 and "added 1" in some.stdout and "not added: 0912: " in some.stderr
    assert run("suppression", "remove", "09121110005").stdout.startswith("removed 1; 2 numbers")
    assert run("suppression", "remove", "x").returncode == 2
    out = tmp_path / "checked.xlsx"
    done = run("check", str(SAMPLES / "contacts.xlsx"), "--results", str(out), "--with-source")
    assert done.returncode == 0 and "2 suppressed" in done.stdout
    rows = list(openpyxl.load_workbook(out).active.iter_rows(values_only=True))
    header = rows[0]  # the user's own workbook, with the result columns after its own
    assert header[:3] == ("نام", "موبایل", "شهر") and header[3] == "result_phone"
    statuses = [r[header.index("result_status")] for r in rows[1:]]
    assert statuses[2:4] == ["suppressed", "suppressed"]
    assert run("suppression", "export", str(tmp_path / "s.csv")).returncode == 0
    assert (tmp_path / "s.csv").read_text(encoding="utf-8-sig").splitlines() == ["phone", "989121110003", "989121110004"]
    bad = run("suppression", "import", str(tmp_path / "missing.csv"))
    assert bad.returncode == 2 and "was not found" in bad.stderr


def test_a_backwards_report_period_is_told_as_such(tmp_path: Path) -> None:
    backwards = run("report", "--from", "2026-11-30", "--to", "2026-11-01", str(tmp_path / "r.pdf"))
    assert backwards.returncode == 2
    assert "the period is backwards: --from 2026-11-30 comes after --to 2026-11-01" in backwards.stderr
    future = run("report", "--from", "2999-01-01", str(tmp_path / "r.pdf"))
    assert future.returncode == 2 and "comes after today (" in future.stderr and not (tmp_path / "r.pdf").exists()


def test_help_lists_every_command_a_person_uses_and_none_of_the_processes_own() -> None:
    from app.cli.parser import build_parser

    shown = build_parser().format_help()
    assert "SUPPRESS" not in shown
    assert "run-campaign" not in shown and "series-runner" not in shown
    for command in ("send", "resume", "watch", "suppression", "series", "report", "sandbox"):
        assert f"\n    {command} " in shown, command
    # Hidden from the list, the runners still parse: the desktop starts them by name.
    assert build_parser().parse_args(["run-campaign", "7"]).command == "run-campaign"


def test_progress_lines_come_when_the_counts_change_and_now_and_then_when_they_do_not(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from app.campaign import Progress
    from app.cli import progress as printing

    clock = [1000.0]
    monkeypatch.setattr(printing.time, "monotonic", lambda: clock[0])
    printer = printing.ProgressPrinter()

    def at(seconds: float, sent: int) -> None:
        clock[0] = 1000.0 + seconds
        counts = {"sent": sent, "failed": 0, "unknown": 0, "pending": 10 - sent, "in_flight": 0, "skipped": 0,
                  "total": 10}
        printer(Progress(1, counts, "running", rate_per_minute=60))

    for second, sent in ((0, 0), (1, 0), (2, 0), (3, 1), (3.5, 2), (5, 2), (20, 2), (34.5, 2), (35.5, 2), (37, 3)):
        at(second, sent)
    lines = capsys.readouterr().out.splitlines()
    # 0 s first; 3 s a change; 3.5 s too soon after it; 5 s the change held back; 35.5 s unchanged for 30 s.
    assert [line.split()[1] for line in lines] == ["0/10", "1/10", "2/10", "2/10", "3/10"]
