"""The wizard's rules without a window: what each step still lacks (CampaignDraft), the
review's estimate, template fields typed as text, and one send to one phone over real
HTTP against the sandbox."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.api import SafirClient
from app.campaign import ButtonSpec, Content, Journal
from app.campaign.definition import ContentError
from app.sandbox import EmbeddedSandbox
from app.campaign.repeat import Every, RepeatRule
from app.ui.campaign.draft import CampaignDraft, Problem
from app.jobs.estimate import SERVICE_RATE_LIMIT, estimate
from app.jobs.inputs import CampaignInputError, parse_fields
from app.jobs.sheet import check_sheet
from app.jobs.single_send import send_one
from tests.helpers import SAMPLES


def ready_draft() -> CampaignDraft:
    checked = check_sheet(SAMPLES / "contacts.xlsx")
    return CampaignDraft(path=checked.sheet.path, checked=checked, records=checked.sheet.records(),
                         content=Content(kind="text", text="سلام {{نام}}"), bot_id=1001)


def test_an_unknown_placeholder_names_the_columns_there_are() -> None:
    many = [f"c{n}" for n in range(20)]
    with pytest.raises(ContentError) as told:
        Content(kind="text", text="{{x}}").check(many)
    assert told.value.problem.text().endswith("its columns: c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, …")
    with pytest.raises(ContentError) as told:
        Content(kind="text", text="{{x}}").check([])
    assert told.value.problem.code == "no_sheet_columns"


def test_a_column_chosen_without_any_mobile_points_to_the_one_that_looks_like_phones() -> None:
    wrong = check_sheet(SAMPLES / "contacts.xlsx", phone_column="نام")
    assert wrong.counts["valid"] == 0 and wrong.likelier_column == "موبایل"
    assert check_sheet(SAMPLES / "contacts.xlsx", phone_column="موبایل").likelier_column is None
    assert check_sheet(SAMPLES / "contacts.xlsx").likelier_column is None  # detected: nothing to point to


def test_every_step_names_what_it_lacks() -> None:
    draft = CampaignDraft()
    assert draft.recipients_problem().code == "no_sheet"
    assert draft.problem_before(3).code == "no_sheet"
    draft = ready_draft()
    assert draft.problem_before(3) is None
    draft.content = Content(kind="text", text="سلام {{نامی}}")
    problem = draft.message_problem()
    assert problem.code == "content" and "no such column" in problem.detail and problem.error.field == "text"
    assert problem.detail.endswith("its columns: " + ", ".join(draft.columns))  # what to type instead
    assert draft.problem_before(1) is None and draft.problem_before(2).code == "content"
    draft.content = Content(kind="buttons", text="منو", buttons=((ButtonSpec("سایت", url="shop.example.ir"),),))
    assert "must start with https://" in draft.message_problem().detail
    draft.content = Content(kind="buttons", text="منو", buttons=((ButtonSpec("سایت", url="{{شهر}}"),),))
    assert draft.message_problem() is None  # an address from a column is checked per row
    draft.bot_id = 0
    assert draft.review_problem().code == "bot"
    draft.bot_id, draft.rate_per_minute = 1001, -1
    assert draft.review_problem().code == "rate"
    draft.rate_per_minute, draft.quiet_hours = 120, "22-8"
    assert draft.review_problem().code == "quiet_hours"
    draft.quiet_hours = "22:00-08:00"
    assert draft.review_problem() is None and draft.parsed_quiet_hours() is not None
    draft.repeat = RepeatRule(Every.DAY, "23:00")  # each run would wait until 08:00
    assert draft.review_problem() == Problem("repeat_quiet", "23:00")
    draft.repeat = RepeatRule(Every.DAY, "08:00")
    assert draft.review_problem() is None


def test_a_sheet_without_a_valid_phone_cannot_go_on(tmp_path: Path) -> None:
    sheet = tmp_path / "landlines.csv"
    sheet.write_text("name,mobile\na,02188776655\n", encoding="utf-8")
    checked = check_sheet(sheet, phone_column="mobile")
    assert CampaignDraft(checked=checked).recipients_problem().code == "no_valid_phone"


def test_the_row_fields_follow_the_sheets_row_numbers() -> None:
    draft = ready_draft()
    first = draft.first_valid_row()
    assert first == draft.checked.sheet.header_row + 1
    assert draft.row_fields(first)["نام"] == "علی"
    assert draft.row_fields(0) == {} and draft.row_fields(10_000) == {}


@pytest.mark.parametrize(("rate", "expected_rate", "above"), [
    (120, 120.0, False), (SERVICE_RATE_LIMIT, SERVICE_RATE_LIMIT, False), (600, SERVICE_RATE_LIMIT, True),
    (0, SERVICE_RATE_LIMIT, False),
])
def test_the_estimate_runs_at_the_set_rate_or_the_services_limit(rate: float, expected_rate: float,
                                                                 above: bool) -> None:
    counts = {"valid": 600, "invalid": 3, "empty": 1, "duplicate": 2, "suppressed": 4}
    figures = estimate(counts, unit_price=2.5, rate_per_minute=rate)
    assert figures.rate_per_minute == expected_rate and figures.above_limit is above
    assert figures.minutes == pytest.approx(600 / expected_rate)
    assert (figures.recipients, figures.skipped, figures.unusable, figures.cost) == (600, 10, 4, 1500.0)


def test_template_fields_typed_one_per_line() -> None:
    assert parse_fields("name = علی\nno equals sign\nshop=فروشگاه = یک\nname=زهرا") == {
        "name": "زهرا", "shop": "فروشگاه = یک"}
    with pytest.raises(CampaignInputError, match="line 2"):
        parse_fields("a=1\n=2")


def test_one_send_has_a_typed_outcome_over_real_http(sandbox: EmbeddedSandbox, tmp_path: Path) -> None:
    from app.sandbox.state import DEMO_API_KEY

    async def scenario() -> list:
        with Journal(tmp_path / "journal.db") as journal:
            async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
                content = Content(kind="text", text="سلام {{نام}}")
                return [
                    await send_one(journal, client, phone_input="0912 111 0001", content=content, bot_id=1001,
                                   base_url=sandbox.url, fields={"نام": "علی"}),
                    await send_one(journal, client, phone_input="0912 111 0000", content=content, bot_id=1001,
                                   base_url=sandbox.url, fields={"نام": "علی"}),
                    await send_one(journal, client, phone_input="12345", content=content, bot_id=1001,
                                   base_url=sandbox.url, fields={"نام": "علی"}),
                    await send_one(journal, client, phone_input="0912 111 0002", content=content, bot_id=1001,
                                   base_url=sandbox.url, fields={}),
                ]

    sent, no_account, bad_phone, missing_field = asyncio.run(scenario())
    assert sent.outcome == "sent" and sent.phone == "989121110001" and sent.message_id
    assert no_account.outcome == "failed" and no_account.error_code == 17
    assert bad_phone.outcome == "invalid" and bad_phone.campaign_id is None
    assert missing_field.outcome == "invalid" and "نام" in missing_field.error
