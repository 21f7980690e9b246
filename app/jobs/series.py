"""Running repeating campaigns (docs/architecture.md, "Repeating campaigns"): each due run
reads its sheet again, applies the suppression list, the frequency cap and quiet hours as
any campaign does, and becomes a campaign of its own linked to the series. A run that the
last balance the service reported cannot pay for waits, saying so, instead of starting.

The background runner (``safir-campaign series-runner``, started by ``series add`` and at
login) calls :func:`fire_due` whenever a run is due; the clock is the caller's, so tests
run a weekly series twice without waiting a week.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from app.campaign import Content, Journal, JournalError, QuietHours
from app.campaign.repeat import Series, SeriesStatus, all_series, claim_run, note_series
from app.contacts import SheetError
from app.reasons import waiting_reason
from app.jobs.creating import create_campaign
from app.jobs.inputs import CampaignInputError
from app.jobs.sheet import check_sheet


def plan_for(sheet: str, *, content: Content, bot_id: int, base_url: str, rate_per_minute: float, in_flight: int,
             phone_column: str | None = None, sheet_name: str | None = None,
             quiet_hours: QuietHours | None = None, sms_fallback: str | None = None,
             sms_profile: str | None = None, sms_sender: str | None = None) -> dict[str, Any]:
    """What every run of a series sends, as the journal keeps it (JSON); ``sms_fallback``
    the opt-out line of each run's SMS fallback (None: none; docs/sms.md), sent through
    the account of profile ``sms_profile`` (its key in the keyring; never in the plan)
    from line ``sms_sender``, or the environment's gateway without one."""
    return {"sheet": sheet, "sheet_name": sheet_name, "phone_column": phone_column, "content": content.to_json(),
            "bot_id": bot_id, "base_url": base_url, "rate_per_minute": rate_per_minute, "in_flight": in_flight,
            "quiet_hours": "-".join(quiet_hours.text()) if quiet_hours else None,
            "time_zone": quiet_hours.time_zone if quiet_hours else "Asia/Tehran", "sms_fallback": sms_fallback,
            "sms_profile": sms_profile, "sms_sender": sms_sender}


def balance_entries(history: object, now: datetime | None = None) -> list[dict[str, Any]]:
    """The entries of a balance history (``[{"at": ISO instant, "balance": messages}…]``)
    that are one, oldest first: a team's history is a shared setting any sender may write,
    so an entry that is no balance, or one dated after ``now`` (by more than a day) is left
    out rather than stopping every member's window or runner (found by an attack)."""
    latest = (now or datetime.now(timezone.utc)) + timedelta(days=1)
    found: list[tuple[datetime, dict[str, Any]]] = []
    for entry in history if isinstance(history, list) else []:
        try:
            at = datetime.fromisoformat(str(entry["at"]))
            at = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
            if at <= latest and isinstance(entry["balance"], int | float):
                found.append((at, entry))
        except (KeyError, TypeError, ValueError):
            continue
    return [entry for _, entry in sorted(found, key=lambda pair: pair[0])]


def last_balance(journal: Journal) -> int | None:
    """The last balance the service reported (the shared balance history), if any."""
    history = balance_entries(journal.shared.get("balance_history"), journal.store_now())
    return int(history[-1]["balance"]) if history else None


def fire_due(journal: Journal, now: datetime, send: Callable[[int], object]) -> list[int]:
    """Make (and ``send``) a campaign for every active series whose next run is at or before
    ``now``; their ids. A run that cannot start (its sheet is gone, the balance would not
    pay for it, its message does not fit the sheet) waits with the sentence why on the
    series, and is tried again next time."""
    fired: list[int] = []
    moment = now.astimezone(timezone.utc).isoformat(timespec="milliseconds")  # as the journal stores instants
    # On a team store a desktop runs its own member's series only: a series' plan names the
    # address its runs go to, with this desktop's key.
    mine = journal.who().name if journal.decides_in_store else None
    for series in all_series(journal):
        if series.status is not SeriesStatus.ACTIVE or not series.next_run or series.next_run > moment:
            continue
        if mine is not None and series.created_by != mine:
            continue
        campaign_id = _run(journal, series, now)
        if campaign_id is not None:
            fired.append(campaign_id)
            send(campaign_id)
    return fired


def _run(journal: Journal, series: Series, now: datetime) -> int | None:
    plan = series.plan
    try:
        checked = check_sheet(plan["sheet"], phone_column=plan.get("phone_column"), sheet_name=plan.get("sheet_name"),
                              journal=journal)
    except (SheetError, JournalError) as exc:
        note_series(journal, series.id, exc.reason)
        return None
    needed = checked.counts.get("valid", 0)
    balance = last_balance(journal)
    if balance is not None and balance < needed:
        note_series(journal, series.id, waiting_reason("series_balance", balance=f"{balance:,}", count=f"{needed:,}"))
        return None
    if not claim_run(journal, series, now):
        return None  # another desktop of the team took this run
    quiet = QuietHours.parse(plan["quiet_hours"], plan.get("time_zone", "Asia/Tehran")) if plan.get("quiet_hours") \
        else None
    day = now.astimezone(ZoneInfo("Asia/Tehran")).strftime("%Y-%m-%d")
    try:
        campaign_id = create_campaign(
            journal, checked, content=Content.from_json(plan["content"]), bot_id=int(plan["bot_id"]),
            base_url=str(plan["base_url"]), rate_per_minute=float(plan["rate_per_minute"]),
            in_flight=int(plan["in_flight"]), quiet_hours=quiet, name=f"{series.name} ({day})",
            allow_repeat=True, series_id=series.id,  # a series repeats on purpose; the frequency cap still holds
            sms_fallback=plan.get("sms_fallback"))
    except CampaignInputError as exc:
        note_series(journal, series.id, exc.reason)
        return None
    journal.audit_trail.add("series run", campaign_id, f"series {series.id}")
    return campaign_id
