"""Turning the draft into a stored campaign, asking first when its recipients already got
this message recently (the repeat guard, docs/architecture.md "Send-time rules")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from app.campaign import JournalError
from app.ui.bidi import ltr
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.review_looks import ReviewLooks
from app.ui.context import AppContext
from app.ui.dialogs import choose
from app.ui.formatting import figure, tehran_time
from app.ui.texts import campaign_title, describe_content_error, describe_failure, describe_reason
from app.jobs.creating import RepeatedCampaign, create_campaign
from app.jobs.inputs import CampaignInputError
from app.campaign.defaults import DEFAULT_OPT_OUT, REPEAT_WINDOW_DAYS


async def create_from_draft(parent: QWidget, context: AppContext, draft: CampaignDraft) -> int | None:
    """Store the campaign ``draft`` describes (rendering every row off the GUI thread) and
    return its id; None when the user chose not to send to recipients who already got
    this message. Raises CampaignInputError or ValueError for a draft that cannot be a
    campaign, and JournalError."""
    checked = draft.checked
    assert checked is not None  # the page checks a sheet is open before it asks
    repeats = {"allow_repeat": False, "only_new": False}
    while True:
        try:
            return await asyncio.to_thread(
                create_campaign, context.journal, checked, content=draft.content,
                bot_id=draft.bot_id, base_url=context.connection.base_url,
                rate_per_minute=float(draft.rate_per_minute), in_flight=draft.in_flight,
                quiet_hours=draft.parsed_quiet_hours(), start_at=draft.start_at or None,
                template_fields=draft.template_fields, allow_repeat=repeats["allow_repeat"],
                only_new=repeats["only_new"], sms_fallback=DEFAULT_OPT_OUT if draft.sms_fallback else None)
        except RepeatedCampaign as repeat:
            choice = await ask_about_repeat(parent, repeat, context.settings.get("language"))
            if choice is None:
                return None
            repeats[choice] = True


async def create_and_tell(parent: QWidget, context: AppContext, draft: CampaignDraft,
                          say: Callable[..., None], looks: ReviewLooks | None = None) -> int | None:
    """:func:`create_from_draft`, its outcome told through ``say(text, error=...)``: the
    campaign's id, or None when it was not made (the reason said; not made either when
    the review's ``looks`` found that no row makes a message the service accepts). The
    rate and quiet hours chosen become the next campaign's defaults."""
    unsendable = await looks.unsendable() if looks is not None else None
    if unsendable:
        say(unsendable, error=True)
        return None
    say(QCoreApplication.translate("CampaignPage", "Preparing the campaign…"))
    try:
        campaign_id = await create_from_draft(parent, context, draft)
    except (CampaignInputError, ValueError) as exc:
        say(QCoreApplication.translate("CampaignPage", "The campaign cannot start: {0}").format(
            describe_content_error(exc)), error=True)
        return None
    if campaign_id is None:
        say(QCoreApplication.translate("CampaignPage", "Not sent: these recipients got this message recently."))
        return None
    context.settings.set("rate_per_minute", draft.rate_per_minute)
    context.settings.set("quiet_hours", draft.quiet_hours)
    return campaign_id


async def make_series_and_tell(context: AppContext, draft: CampaignDraft, say: Callable[..., None]) -> int | None:
    """:func:`create_series_from_draft`, its outcome told through ``say(text, error=...)``:
    the repeating campaign's id, or None when it was not made (the reason said)."""
    from app.jobs.runner import RunnerFailed
    from app.ui.campaign.repeat_picker import describe_rule

    try:
        series_id = await create_series_from_draft(context, draft)
    except (ValueError, RunnerFailed, JournalError) as exc:
        why = describe_reason(exc.reason) if isinstance(exc, RunnerFailed) else describe_failure(exc)
        say(QCoreApplication.translate("CampaignPage", "The repeating campaign cannot start: {0}").format(why),
            error=True)
        return None
    assert draft.repeat is not None
    made = QCoreApplication.translate(
        "CampaignPage", "Repeating campaign {0} made: {1}. Each run reads the sheet again and is sent in the "
                        "background, also with the window closed (see Repeating).")
    say(made.format(figure(series_id, grouped=False), describe_rule(draft.repeat)))
    return series_id


async def create_series_from_draft(context: AppContext, draft: CampaignDraft) -> int:
    """Make the repeating campaign ``draft`` describes (its rule in ``draft.repeat``) and
    start the background runner that sends its runs; its id. Raises ValueError (a rule
    that never runs), RunnerFailed and JournalError."""
    from datetime import datetime, timezone

    from app.campaign.repeat import add_series
    from app.jobs.runner import remember_key, start_series_runner
    from app.jobs.series import plan_for

    checked, rule = draft.checked, draft.repeat
    assert checked is not None and rule is not None
    plan = plan_for(str(checked.sheet.path), content=draft.content, bot_id=draft.bot_id,
                    base_url=context.connection.base_url, rate_per_minute=float(draft.rate_per_minute),
                    in_flight=draft.in_flight, phone_column=checked.phone_column.column,
                    sheet_name=checked.sheet.sheet_name, quiet_hours=draft.parsed_quiet_hours(),
                    sms_fallback=DEFAULT_OPT_OUT if draft.sms_fallback else None,
                    sms_profile=context.connection.name if context.connection.sms_api_key else None,
                    sms_sender=context.connection.sms_sender or None)
    name, now = checked.sheet.path.name, datetime.now(timezone.utc)
    series_id = await context.store.in_thread(lambda journal: add_series(journal, name, rule, plan, now))
    key = context.connection.api_key or ""
    if not context.connection.demo:
        remember_key(context.connection.base_url, key)
    # Each series names its profile: the runner reads that profile's SMS key from the keyring.
    _series_runners.append(await asyncio.to_thread(start_series_runner, context.journal, key))
    return series_id


#: The series runners this window started: they go on without it (kept, not waited for).
_series_runners: list[object] = []


async def ask_about_repeat(parent: QWidget, repeat: RepeatedCampaign, language: str) -> str | None:
    """"only_new", "allow_repeat" or None (do not send), as the user answers; the latest
    campaign's time in Tehran's, as History shows it, in the interface's ``language``."""
    earlier = repeat.earlier
    latest = (figure(earlier.id, grouped=False), campaign_title(earlier.name),
              ltr(tehran_time(earlier.created_at, language)))
    if repeat.waiting:
        question = QCoreApplication.translate(
            "CampaignPage",
            "{0} of these {1} recipients got this message from this bot in the last {2} days or are still to get "
            "it ({3} still to send in a campaign not cancelled; latest: campaign {4}, {5}, {6}).").format(
                figure(repeat.count), figure(repeat.total), figure(REPEAT_WINDOW_DAYS), figure(repeat.waiting),
                *latest)
    else:
        question = QCoreApplication.translate(
            "CampaignPage",
            "{0} of these {1} recipients already got this message from this bot in the last {2} days (latest: "
            "campaign {3}, {4}, {5}).").format(
                figure(repeat.count), figure(repeat.total), figure(REPEAT_WINDOW_DAYS), *latest)
    new = repeat.total - repeat.count
    choices = [QCoreApplication.translate("CampaignPage", "Send to everyone again"),
               QCoreApplication.translate("CampaignPage", "Do not send")]
    if new:
        choices.insert(0, QCoreApplication.translate("CampaignPage", "Send only to the other one") if new == 1 else
                       QCoreApplication.translate("CampaignPage", "Send only to the {0} others").format(figure(new)))
    _, answer = choose(parent, QCoreApplication.translate("CampaignPage", "Send again?"), question, choices)
    picked = await answer
    if new and picked == 0:
        return "only_new"
    return "allow_repeat" if picked == len(choices) - 2 else None
