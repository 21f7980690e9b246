"""Why a campaign stopped or waits travels as a code and its parameters (app/reasons.py):
stored and read back as such, its sentence made only at the edges."""

from __future__ import annotations

import pytest

from app.campaign import CampaignStatus, NewRecipient, StopRequest
from app.jobs.store import open_store
from app.reasons import SAID, Reason, pause_reason, waiting_reason


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
    campaign_id = journal.create_campaign(
        name="t", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60, in_flight=2,
        base_url="http://127.0.0.1:1",
        recipients=[NewRecipient(2, "09121234567", "989121234567", "valid", None, {"message": {"text": "hi"}})])
    asked = pause_reason("signal", signal="SIGTERM")
    journal.request_stop(campaign_id, StopRequest.PAUSE, asked)
    assert journal.stop_requested(campaign_id) == (StopRequest.PAUSE, asked)
    journal.set_status(campaign_id, CampaignStatus.PAUSED, asked)
    campaign = journal.campaign(campaign_id)
    assert campaign.reason == asked and campaign.reason.code == "signal"
    assert [Reason.from_stored(a["detail"]) for a in journal.audit_trail(campaign_id)
            if a["action"] == "pause asked"] == [asked]
    journal.close()
