"""Why a campaign stopped or waits, and why a row was not sent, travel as a code and its
parameters (app/reasons.py): stored and read back as such, the sentence made only at the
edges."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.campaign import CampaignStatus, NewRecipient, RecipientState, StopRequest
from app.jobs.runner import last_words, runner_log
from app.jobs.store import STORE_ENV, open_store
from app.reasons import REASONS, SAID, Reason, pause_reason, reason_words, row_reason, store_problem, waiting_reason
from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers import SAMPLES
from tests.helpers.cli import read_csv, run


def test_a_reason_is_stored_and_read_back_as_its_code_and_parameters() -> None:
    reason = pause_reason("not_answering", url="https://safir.example", count=12)
    again = Reason.from_stored(reason.stored())
    assert again == reason and again.code == "not_answering" and again.arguments()["count"] == "12"
    assert again.text().startswith("the service at https://safir.example is not answering (12 requests")
    persian_words = pause_reason("account", error="کلید پذیرفته نشد")
    assert Reason.from_stored(persian_words.stored()) == persian_words


def test_text_that_is_no_stored_reason_is_kept_as_words_said_never_parsed() -> None:
    old = "paused by the user"  # what an older version stored: a sentence of the catalogue
    kept = Reason.from_stored(old)
    assert kept is not None and kept.code == SAID and kept.text() == old
    assert Reason.from_stored('{"code": "no such code", "params": {}}') == Reason.said(
        '{"code": "no such code", "params": {}}')
    assert Reason.from_stored(None) is None


def test_an_unknown_code_or_a_missing_parameter_fails_where_the_reason_is_made() -> None:
    with pytest.raises(KeyError):
        pause_reason("start_time", start="2026-01-01T10:00")  # a waiting reason, not a pause
    with pytest.raises(KeyError):
        waiting_reason("quiet_hours", end="08:00")  # no zone
    assert waiting_reason("quiet_hours", end="08:00", zone="Asia/Tehran").text() == "quiet hours until 08:00 (Asia/Tehran)"


@pytest.mark.usefixtures("each_store")
def test_the_journal_keeps_a_stop_request_and_a_status_as_reasons() -> None:
    journal = open_store()
    campaign_id = journal.creation.create(
        name="t", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60, in_flight=2,
        base_url="http://127.0.0.1:1",
        recipients=[NewRecipient(2, "09121234567", "989121234567", "valid", None, {"message": {"text": "hi"}})])
    asked = pause_reason("signal", signal="SIGTERM")
    journal.control.request_stop(campaign_id, StopRequest.PAUSE, asked)
    assert journal.control.stop_requested(campaign_id) == (StopRequest.PAUSE, asked)
    journal.control.set_status(campaign_id, CampaignStatus.PAUSED, asked)
    campaign = journal.campaigns.get(campaign_id)
    assert campaign.reason == asked and campaign.reason.code == "signal"
    assert [Reason.from_stored(a["detail"]) for a in journal.audit_trail.entries(campaign_id)
            if a["action"] == "pause asked"] == [asked]
    journal.close()


@pytest.mark.usefixtures("each_store")
def test_a_rows_reason_is_kept_as_a_code_and_worded_only_at_the_edges(sandbox: EmbeddedSandbox,
                                                                      tmp_path: Path) -> None:
    results = tmp_path / "r.csv"
    done = run("send", str(SAMPLES / "contacts.xlsx"), "--base-url", sandbox.url, "--bot-id", "1001",
               "--text", "سلام {{نام}}", "--rate", "0", "--results", str(results), api_key=DEMO_API_KEY)
    assert done.returncode == 0, done.stderr
    journal = open_store()
    try:
        kept = {r.row: r for r in journal.recipients.listed(int(done.stdout.split()[1]))}
    finally:
        journal.close()
    skipped = {row: Reason.from_stored(r.reason) for row, r in kept.items() if r.state == RecipientState.SKIPPED}
    assert skipped[11] == Reason.of("duplicate", row=2) and skipped[14] == Reason.of("landline")
    assert skipped[15] == Reason.of("foreign", country=1, region="US") and skipped[17] == Reason.of("empty")
    assert all(reason is not None and reason.code in REASONS for reason in skipped.values())
    assert kept[19].error_code == 17 and Reason.from_stored(kept[19].error).code == SAID  # the service's words

    worded = {int(r["row"]): r["error"] for r in read_csv(results)}  # English, made from the codes
    assert worded[11] == "same number as row 2" and worded[17] == "the phone cell is empty"
    assert worded[15] == "a foreign number (+1, US), not Iranian" and worded[19] == kept[19].error
    dry = run("send", str(SAMPLES / "contacts.xlsx"), "--dry-run", "--bot-id", "1001", "--text", "x", "--sandbox")
    assert "row 14: 02188776655: invalid, a landline number, not a mobile" in dry.stdout, dry.stdout


def test_a_stored_reason_that_does_not_fit_its_template_is_kept_as_words_said() -> None:
    for odd in ('{"code": "duplicate", "params": {}}', '{"code": "duplicate", "params": ["5"]}',
                '{"code": "capped"}'):
        assert Reason.from_stored(odd) == Reason.said(odd)
        assert reason_words(odd) == odd
    with pytest.raises(KeyError):
        row_reason("user_paused")  # a campaign's reason, not a row's


def test_a_sender_that_cannot_reach_its_store_tells_its_follower_the_code_not_a_sentence_to_parse(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STORE_ENV, "postgresql://team@127.0.0.1:1/safir")
    done = run("run-campaign", "7")
    assert done.returncode == 2 and "error: the team store postgresql://team@127.0.0.1:1/safir cannot be reached" \
        in done.stderr, done.stderr
    runner_log(7).parent.mkdir(parents=True, exist_ok=True)
    runner_log(7).write_text(done.stderr, encoding="utf-8")
    told = last_words(7)
    assert told is not None and told.code == "store_unreachable"
    assert told.arguments()["store"] == "postgresql://team@127.0.0.1:1/safir"


def test_no_sentence_is_read_back_into_a_code() -> None:
    import app.reasons

    sentence = store_problem("store_disk_full", store="postgresql://team@db/safir").text()
    assert Reason.from_stored(sentence) == Reason.said(sentence)
    assert not [name for name in dir(app.reasons) if "parse" in name.lower()]


def test_no_code_is_in_two_catalogues() -> None:
    """A stored reason names only its code: a code in two catalogues would be read back
    with the other one's sentence."""
    import app.reasons as r

    catalogues = (r.PAUSE_REASONS, r.WAITING, r.REASONS, r.CONTENT_PROBLEMS, r.FILE_PROBLEMS, r.STORE_PROBLEMS,
                  r.TEAM_PROBLEMS, r.CAMPAIGN_NAMES)
    assert sum(len(c) for c in catalogues) == len(set().union(*catalogues)) == len(r._CODED)
    assert r.SAID not in r._CODED


def test_a_row_over_a_limit_whose_problem_names_its_part_says_it_once(qapp: object) -> None:
    """Found by hand: "this row makes an invalid message: the text: the text is 4,209
    characters long"; a template field's value still says which field."""
    from app.ui.texts import describe

    text = row_reason("message_over_limit", field="message_data.message.text", problem="text_too_long",
                      length="4,209", limit="4,096")
    assert describe(text).startswith("this row makes an invalid message: the text is ")
    assert describe(text).count("the text") == 1
    field = row_reason("message_over_limit", field="message_data.template_message.text_fields['name']",
                       problem="field_too_long", length="5000", limit="4096")
    assert "{{name}}" in describe(field)  # a field's value does not say which field: its name stays
