"""The jobs both front ends (CLI and window) share: a sheet checked and ready to send,
a campaign made from it, and its results. Composes app.contacts and app.campaign."""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from enum import StrEnum
from pathlib import Path
from typing import Any

from app import paths
from app.api import RequestValidationError
from app.campaign import (
    Campaign,
    CampaignEngine,
    CampaignStatus,
    Content,
    ContentError,
    Journal,
    NewRecipient,
    QuietHours,
    RecipientState,
    RenderError,
    RepeatFound,
    RepeatPolicy,
    build_recipients,
)
from app.campaign.approval import initial_approval
from app.campaign.caps import FrequencyCap
from app.campaign.defaults import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE, OTP_PER_MINUTE, REPEAT_WINDOW_DAYS
from app.campaign.journal.team.suppression import TeamSuppression
from app.campaign.shown import ShownStatus, shown_status
from app.campaign.suppression import SUPPRESSION_FILE
from app.contacts import (
    ColumnGuess,
    Sheet,
    SheetError,
    SuppressionList,
    Verdicts,
    mark_unsaved_formula_cells,
    normalise,
    read_sheet,
    resolve_phone_column,
    validate,
)
from app.reasons import campaign_name, parse_reason, problem_text
from app.store import open_store, store_location

MAX_BOT_ID = 2**63 - 1  # the journal stores it as a signed 64-bit integer
MAX_RATE_PER_MINUTE = 100_000.0
MAX_IN_FLIGHT = 256


class CampaignInputError(ValueError):
    """Campaign settings that cannot work with this sheet, in one plain sentence; where
    the problem is one input's, ``field`` names it (a phone as typed, a content field)
    and ``problem`` is a catalogued sentence of app.reasons the window can translate."""

    def __init__(self, message: str, field: str | None = None, problem: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.problem = problem


def check_bot_id(bot_id: int) -> str | None:
    """None for a usable bot id, else the problem in a sentence."""
    if not 1 <= bot_id <= MAX_BOT_ID:
        return f"the bot id must be a whole number from 1 to {MAX_BOT_ID}."
    return None


def check_rate(rate_per_minute: float) -> str | None:
    """None for a usable rate (messages per minute; 0: no pacing), else the problem."""
    if not math.isfinite(rate_per_minute) or rate_per_minute < 0:
        return (f"the rate must be from 1 to {MAX_RATE_PER_MINUTE:,.0f} messages per minute, or 0 for as fast as "
                "allowed.")
    if 0 < rate_per_minute < 1:
        return ("the rate must be at least 1 message per minute (or 0 for as fast as allowed); "
                "a slower campaign would take days per message.")
    if rate_per_minute > MAX_RATE_PER_MINUTE:
        return f"the rate can be at most {MAX_RATE_PER_MINUTE:,.0f} messages per minute."
    return None


def check_in_flight(in_flight: int) -> str | None:
    """None for a usable number of requests at once, else the problem."""
    if not 1 <= in_flight <= MAX_IN_FLIGHT:
        return f"the requests in flight must be from 1 to {MAX_IN_FLIGHT}."
    return None


#: Signals that end a sender with the desktop session (a logout, a shutdown, a closed
#: terminal): the campaign they paused goes on at the next login. A Ctrl+C (SIGINT) is
#: the user's own pause and stays one.
SESSION_END_SIGNALS = ("SIGTERM", "SIGHUP")


def resumes_at_login(journal: Journal, campaign: Campaign) -> bool:
    """Whether the login entry (``resume-due``) hands ``campaign`` to a new sender: its
    sender died (interrupted), or the end of the desktop session paused it
    (:data:`SESSION_END_SIGNALS`); docs/architecture.md, "Processes"."""
    shown = shown_status(journal, campaign)
    if shown is ShownStatus.INTERRUPTED:
        return True
    parsed = parse_reason(campaign.status_reason or "") if shown is ShownStatus.PAUSED else None
    return parsed is not None and parsed[0] == "signal" and parsed[1].get("signal") in SESSION_END_SIGNALS


class RepeatedCampaign(CampaignInputError):
    """``count`` of the campaign's ``total`` recipients already got the same message from
    the same bot and service recently, or are still to get it from a campaign that is not
    cancelled (``waiting`` of the ``count``: resuming that campaign would reach them);
    ``earlier`` is the newest such campaign. Pass ``only_new=True`` to send to the others,
    ``allow_repeat=True`` to send to all (docs/architecture.md, "Send-time rules")."""

    def __init__(self, earlier: Campaign, count: int, total: int, waiting: int = 0) -> None:
        when = earlier.created_at[:16].replace("T", " ")
        everyone = "all" if count == total else f"{count:,} of the {total:,}"
        if waiting:
            got = count - waiting
            how = (f"got this message from this bot at {earlier.base_url} in the last {REPEAT_WINDOW_DAYS} days "
                   f"or are still to get it ({got:,} sent, {waiting:,} still to send in a campaign not cancelled)")
        else:
            how = f"already got this message from this bot at {earlier.base_url} in the last {REPEAT_WINDOW_DAYS} days"
        super().__init__(
            f"{everyone} recipients {how} (latest: campaign {earlier.id}, {earlier.name}, created {when} UTC, "
            f"{earlier.status}); send only to the others with --only-new, or to everyone again with --allow-repeat."
        )
        self.earlier, self.count, self.total, self.waiting = earlier, count, total, waiting


@dataclass
class CheckedSheet:
    """A sheet with its phone column and every row's verdict (in sheet order)."""

    sheet: Sheet
    phone_column: ColumnGuess
    verdicts: Verdicts

    @property
    def counts(self) -> dict[str, int]:
        """Rows per verdict (valid, invalid, duplicate, suppressed)."""
        return self.verdicts.counts()

    def dry_run_rows(self) -> Iterator[dict[str, Any]]:
        """Results rows as a dry run reports them: status is the verdict."""
        return self.verdicts.result_rows()


def suppression_list(journal: Journal | None = None) -> SuppressionList:
    """The suppression list of ``journal``'s store (the window's, a series'): the file in
    the state dir, or a team store's list. Without one, of the store this desktop uses
    (app.store; the command line). Raises JournalError when that team store cannot be
    opened."""
    if journal is None:
        location = store_location()
        if location is None:
            return SuppressionList(paths.state_dir() / SUPPRESSION_FILE)
        journal = _TEAM_STORES.get(location)
        if journal is None:
            journal = _TEAM_STORES[location] = open_store(location)
    watch = journal.suppression_watch()
    if isinstance(watch, TeamSuppression):
        return SuppressionList(watch.path, store=watch)
    return SuppressionList(paths.state_dir() / SUPPRESSION_FILE)


#: Team stores opened for their suppression list, by URL (one connection each per process).
_TEAM_STORES: dict[str, Journal] = {}


def close_team_stores() -> None:
    """Close the team stores :func:`suppression_list` opened in this process (a test's
    store is dropped after it)."""
    for journal in _TEAM_STORES.values():
        journal.close()
    _TEAM_STORES.clear()

#: What separates numbers typed or pasted together: a new line, a comma or a semicolon,
#: Latin or Persian (spaces and dashes are part of how people write one number).
_BETWEEN_PHONES = re.compile("[\n,;\u060c\u061b]")


def typed_phones(text: str) -> list[str]:
    """The numbers in ``text`` as a person types or pastes them for the suppression list:
    one per line, or several separated by commas or semicolons; each as written."""
    return [part.strip() for part in _BETWEEN_PHONES.split(text) if part.strip()]


def unusable_phones(typed: Collection[str]) -> list[tuple[str, str]]:
    """Each of ``typed`` that is no usable Iranian mobile number, as written, with the
    sentence why (app.reasons), in input order."""
    return [(value, check.reason) for value in typed if (check := normalise(value)).reason]


def check_sheet(path: str | Path, *, phone_column: str | None = None, sheet_name: str | None = None,
                suppressed: Collection[str] | None = None, journal: Journal | None = None) -> CheckedSheet:
    """Read ``path`` and judge every row, the suppression list applied (``suppressed``,
    or the list of ``journal``'s store, see :func:`suppression_list`). Raises SheetError
    with a plain sentence, JournalError when a team store's list cannot be read."""
    sheet = read_sheet(path, sheet_name)
    guess = resolve_phone_column(sheet, phone_column)
    assert guess.column is not None
    blocked = suppression_list(journal).phones() if suppressed is None else suppressed
    return CheckedSheet(sheet, guess, validate(sheet, guess.column, blocked))


def _check_input(checked: CheckedSheet, content: Content, template_fields: list[str] | None, bot_id: int,
                 rate_per_minute: float, in_flight: int) -> None:
    """CampaignInputError for content this sheet cannot fill (naming the field), a bad bot
    id, rate or in-flight limit."""
    try:
        content.check(checked.sheet.columns, template_fields)
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem} (columns: {', '.join(checked.sheet.columns)}).") from None
    problem = (check_bot_id(bot_id) or check_rate(rate_per_minute) or check_in_flight(in_flight))
    if problem:
        raise CampaignInputError(problem)


def create_campaign(
    journal: Journal,
    checked: CheckedSheet,
    *,
    content: Content,
    bot_id: int,
    base_url: str,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    in_flight: int = DEFAULT_IN_FLIGHT,
    quiet_hours: QuietHours | None = None,
    start_at: str | None = None,
    template_fields: list[str] | None = None,
    name: str | None = None,
    allow_repeat: bool = False,
    only_new: bool = False,
    ignore_cap: bool = False,
    series_id: int | None = None,
) -> int:
    """Store a campaign of ``content`` to every valid row of ``checked``; return its id.

    ``rate_per_minute`` 0 means as fast as ``in_flight`` allows. Raises
    CampaignInputError for content that cannot be rendered from this sheet (naming the
    field), a bad bot id, rate or in-flight limit; RepeatedCampaign when some recipients
    already got the same message from this bot and service in the last
    :data:`REPEAT_WINDOW_DAYS` days (judged per recipient, whatever the row order), unless
    ``only_new`` (those rows are skipped as repeats) or ``allow_repeat``. With
    ``ignore_cap`` the frequency cap does not apply to it (see :func:`count_capped`).
    """
    _check_input(checked, content, template_fields, bot_id, rate_per_minute, in_flight)
    # A formula cell with no saved result would send an empty value: that row is invalid.
    verdicts = mark_unsaved_formula_cells(checked.sheet, checked.verdicts, content.columns_used())
    policy = RepeatPolicy.ALLOW if allow_repeat else RepeatPolicy.ONLY_NEW if only_new else RepeatPolicy.REFUSE
    try:
        campaign_id = journal.create_campaign(
            name=name or checked.sheet.path.name,
            kind=content.kind,
            content=content.to_json(),
            bot_id=bot_id,
            rate_per_minute=rate_per_minute,
            in_flight=in_flight,
            base_url=base_url,
            recipients=build_recipients(zip(verdicts.rows(), checked.sheet.iter_records(content.columns_used())),
                                        content),
            source_path=str(checked.sheet.path),
            quiet_hours=quiet_hours.text() if quiet_hours else None,
            time_zone=quiet_hours.time_zone if quiet_hours else "Asia/Tehran",
            start_at=start_at,
            repeats_since=datetime.now(timezone.utc) - timedelta(days=REPEAT_WINDOW_DAYS),
            repeat_policy=policy,
            ignore_cap=ignore_cap,
            approval=initial_approval(journal),
            series_id=series_id,
        )
    except RepeatFound as found:
        raise RepeatedCampaign(found.earlier, found.count, found.total, found.waiting) from None
    return campaign_id


def count_repeats(journal: Journal, checked: CheckedSheet, *, content: Content, bot_id: int,
                  base_url: str) -> RepeatedCampaign | None:
    """Before creating: the recipients of ``checked`` who already got this message from this
    bot and service in the last :data:`REPEAT_WINDOW_DAYS` days, as the RepeatedCampaign that
    creating would raise (None when there are none). Renders every row, so it takes as long
    as a creation's rendering: the window calls it off the GUI thread, on a connection of
    its own to ``journal``'s store. Raises CampaignInputError for content that does not
    fit the sheet."""
    try:
        content.check(checked.sheet.columns)
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem}") from None
    verdicts = mark_unsaved_formula_cells(checked.sheet, checked.verdicts, content.columns_used())
    rows = build_recipients(zip(verdicts.rows(), checked.sheet.iter_records(content.columns_used())), content)
    since = datetime.now(timezone.utc) - timedelta(days=REPEAT_WINDOW_DAYS)
    with journal.reopen() as own:
        found = own.count_repeats(rows, base_url=base_url, bot_id=bot_id, since=since)
    return None if found is None else RepeatedCampaign(found.earlier, found.count, found.total, found.waiting)


@dataclass(frozen=True)
class CappedCount:
    """Before sending: ``count`` of a campaign's ``total`` recipients already got as many
    messages as the frequency ``cap`` allows (they would be skipped)."""

    count: int
    total: int
    cap: FrequencyCap

    def sentence(self, ignoring: bool = False) -> str:
        """What to tell the user (English; the window renders its own)."""
        if ignoring:
            return (f"{self.count:,} of the {self.total:,} recipients already got {self.cap.max_messages} messages in "
                    f"the last {self.cap.days} days; --ignore-cap sends to them too")
        return (f"{self.count:,} of the {self.total:,} recipients already got {self.cap.max_messages} messages in the "
                f"last {self.cap.days} days (the frequency cap): they will be skipped; --ignore-cap sends to them too")


def count_capped(journal: Journal, checked: CheckedSheet, *, kind: str, bot_id: int,
                 now: datetime | None = None) -> CappedCount | None:
    """How many valid rows of ``checked`` the frequency cap would skip for a campaign of
    ``kind`` from ``bot_id`` (None when no cap is set, it does not apply to the kind, or
    nobody is capped). Reads the journal once (the numbers at the cap in its days)."""
    cap = journal.frequency_cap()
    if cap is None or not cap.applies_to(kind):
        return None
    capped = journal.phones_at_cap(cap.since(now or datetime.now(timezone.utc)), cap.max_messages,
                                   None if cap.any_bot else bot_id, cap.count_otp)
    phones = [p for p in checked.verdicts.valid_phones()]
    count = sum(1 for p in phones if p in capped)
    return CappedCount(count, len(phones), cap) if count else None


def create_quick_send(
    journal: Journal, *, phone_input: str, content: Content, bot_id: int, base_url: str,
    template_fields: list[str] | None = None, fields: Mapping[str, str] | None = None, test: bool = False,
) -> int:
    """A one-recipient campaign for a support agent's single message (or, with ``test``,
    a draft's test send, ``fields`` filling its ``{{column}}`` placeholders: the
    frequency cap neither refuses nor counts it, nor does the repeat guard); returns its id.

    Raises CampaignInputError for a phone that is not an Iranian mobile or content that
    cannot be sent. Going through the journal gives the send a fixed request_id and a
    place in the phone's history.
    """
    fields = fields or {}
    check = normalise(phone_input)
    if check.phone is None:
        where = phone_input or "the phone"
        raise CampaignInputError(f"{where}: {check.reason}.", where, check.reason)
    try:
        content.check(fields, template_fields)
        message = content.render(fields).to_wire()
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem}.", exc.field, exc.problem) from None
    except RequestValidationError as exc:
        raise CampaignInputError(exc.message) from None
    except RenderError as exc:
        raise CampaignInputError(f"{exc}.") from None
    return journal.create_campaign(
        name=campaign_name("test_send" if test else "quick_send", phone=check.phone), kind=content.kind,
        content=content.to_json(), bot_id=bot_id, rate_per_minute=0, in_flight=1, base_url=base_url,
        recipients=[NewRecipient(1, phone_input, check.phone, "valid", None, message)], ignore_cap=test,
        test_send=test,
    )


#: Spec 8: at most this many requests per minute per organization member; a faster
#: set rate only meets rate-limit answers.
SERVICE_RATE_LIMIT = OTP_PER_MINUTE


@dataclass(frozen=True)
class Estimate:
    """What a campaign will take, before it starts: ``recipients`` (valid rows),
    ``skipped`` (duplicate + suppressed + invalid + empty rows), ``unit_price`` and
    ``cost`` in the account's currency, ``rate_per_minute`` actually expected (the set
    rate capped at the service's limit; messages per minute) and ``minutes`` at that
    rate (0 when there is nobody to send to)."""

    recipients: int
    skipped: int
    unusable: int
    unit_price: float
    cost: float
    rate_per_minute: float
    minutes: float
    above_limit: bool


def estimate(counts: Mapping[str, int], *, unit_price: float, rate_per_minute: float,
             service_limit: float = SERVICE_RATE_LIMIT) -> Estimate:
    """The review's figures from a sheet's verdict ``counts`` (valid, invalid,
    duplicate, suppressed, empty). A rate of 0 ("as fast as allowed") and any rate above
    ``service_limit`` are expected to run at the limit (spec 8)."""
    recipients = int(counts.get("valid", 0))
    unusable = int(counts.get("invalid", 0)) + int(counts.get("empty", 0))
    skipped = unusable + int(counts.get("duplicate", 0)) + int(counts.get("suppressed", 0))
    effective = min(rate_per_minute, service_limit) if rate_per_minute > 0 else service_limit
    return Estimate(recipients=recipients, skipped=skipped, unusable=unusable, unit_price=unit_price,
                    cost=recipients * unit_price, rate_per_minute=effective,
                    minutes=recipients / effective if effective else 0.0,
                    above_limit=rate_per_minute > service_limit)


def parse_fields(text: str) -> dict[str, str]:
    """Template fields typed one ``name=value`` per line (spaces around both trimmed;
    lines without "=" ignored; a later line wins). Raises CampaignInputError for a
    line with an empty name."""
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if "=" not in line:
            continue
        name, value = line.split("=", 1)
        if not name.strip():
            problem = problem_text("field_without_name")
            raise CampaignInputError(f"line {number}: {problem}.", f"line {number}", problem)
        fields[name.strip()] = value.strip()
    return fields


class SingleOutcome(StrEnum):
    """How one message to one phone ended."""

    SENT = "sent"
    UNKNOWN = "unknown"  # the answer was lost: it may have arrived
    FAILED = "failed"  # the service refused it
    NOT_SENT = "not_sent"  # the run stopped before it
    INVALID = "invalid"  # never sent: the phone or the content is wrong


@dataclass(frozen=True)
class SingleSend:
    """The outcome of one message to one phone (a quick send or a campaign's test send):
    see :class:`SingleOutcome`; ``error``/``error_code`` say why it was not sent, and
    for an invalid one ``input_error`` keeps the field and the catalogued problem."""

    outcome: SingleOutcome
    phone: str | None = None
    message_id: str | None = None
    error: str | None = None
    error_code: int | None = None
    campaign_id: int | None = None
    input_error: CampaignInputError | None = None


async def send_one(journal: Journal, client: Any, *, phone_input: str, content: Content, bot_id: int,
                   base_url: str, template_fields: list[str] | None = None,
                   fields: Mapping[str, str] | None = None, test: bool = False) -> SingleSend:
    """Send ``content`` (its placeholders filled from ``fields``) to one phone through
    the journal and the campaign engine, so it has a fixed request_id and a place in
    the phone's history; ``test``: a draft's test send (see :func:`create_quick_send`).
    ``client`` is an open SafirClient. Never raises for a bad phone or content (outcome
    "invalid"); spec 4.3."""
    try:
        campaign_id = create_quick_send(journal, phone_input=phone_input, content=content, bot_id=bot_id,
                                        base_url=base_url, template_fields=template_fields, fields=fields, test=test)
    except CampaignInputError as exc:
        return SingleSend(SingleOutcome.INVALID, error=str(exc), input_error=exc)
    result = await CampaignEngine(journal, client).run(campaign_id)
    row = journal.recipients(campaign_id)[0]
    if row.state == RecipientState.SENT:
        return SingleSend(SingleOutcome.SENT, row.phone, row.message_id, campaign_id=campaign_id)
    if row.state in (RecipientState.UNKNOWN, RecipientState.FAILED):
        outcome = SingleOutcome.UNKNOWN if row.state == RecipientState.UNKNOWN else SingleOutcome.FAILED
        return SingleSend(outcome, row.phone, error=row.error, error_code=row.error_code, campaign_id=campaign_id)
    return SingleSend(SingleOutcome.NOT_SENT, row.phone, error=result.reason or row.error, error_code=row.error_code,
                      campaign_id=campaign_id)


def campaign_source(campaign: Campaign, rows: list[dict[str, Any]], sheet_name: str | None = None) -> Sheet:
    """The sheet ``campaign`` was sent from, read again for a results copy. Raises
    CampaignInputError if it was not sent from a sheet, cannot be read, or no longer
    matches its ``rows`` (a phone as typed is not in its row any more)."""
    if not campaign.source_path:
        raise CampaignInputError(f"campaign {campaign.id} was not sent from a sheet.")
    try:
        sheet = read_sheet(campaign.source_path, sheet_name)
    except SheetError as exc:
        raise CampaignInputError(f"the campaign's sheet cannot be read again: {exc}") from None
    records = sheet.records()
    for result in rows:
        index = result["row"] - sheet.header_row - 1
        typed = str(result["phone_input"] or "").strip()
        if typed and not (0 <= index < len(records) and typed in (str(v).strip() for v in records[index].values())):
            raise CampaignInputError(f"{Path(campaign.source_path).name} has changed since campaign {campaign.id} "
                                     f"was sent (row {result['row']} no longer holds {typed!r}).")
    return sheet


def record_v2_otp(journal: Journal, *, phone_input: str, phone: str, base_url: str) -> int:
    """Keep a delivered v2 one-time password (spec 4.2, sent outside the campaign
    engine) in the journal as a finished one-recipient campaign, so the phone's recent
    sends list it; returns its id. Only delivered ones are kept: a failed or unanswered
    v2 send must not be retried through v3 from History. The code itself is not kept:
    the record says a password went out, not which."""
    content = Content(kind="otp")
    campaign_id = journal.create_campaign(
        name=campaign_name("otp_v2", phone=phone), kind="otp", content=content.to_json(), bot_id=0,
        rate_per_minute=0, in_flight=1, base_url=base_url,
        recipients=[NewRecipient(1, phone_input, phone, "valid", None, {"v2_otp": True})])
    journal.record_outcome(campaign_id, 1, RecipientState.SENT)
    journal.set_status(campaign_id, CampaignStatus.FINISHED)
    return campaign_id
