"""A campaign made from a checked sheet (or one typed number) in the journal, with the
send-time rules a creation applies first: the repeat guard, the frequency cap
(docs/architecture.md, "Send-time rules")."""

from __future__ import annotations

import collections
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import compress
from operator import and_
from datetime import datetime, timedelta
from typing import cast

from app.api import RequestValidationError
from app.campaign import (
    Campaign,
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
from app.campaign.definition import SENDABLE, limit_problem
from app.campaign.journal import RecipientColumns
from app.campaign.journal.keys import repeat_keys, repeat_prefix
from app.campaign.render_columns import ColumnRender, fits_by_length, renders_by_column
from app.campaign.approval import initial_approval
from app.campaign.shown import shown_status
from app.campaign.caps import FrequencyCap, frequency_cap
from app.campaign.defaults import DEFAULT_IN_FLIGHT, DEFAULT_RATE_PER_MINUTE, REPEAT_WINDOW_DAYS
from app.contacts import ValidCells, Verdict, Verdicts, mark_unsaved_formula_cells, normalise
from app.reasons import Reason, campaign_name, content_problem
from app.jobs.inputs import CampaignInputError, check_bot_id, check_in_flight, check_rate
from app.jobs.sheet import CheckedSheet


class RepeatedCampaign(CampaignInputError):
    """``count`` of the campaign's ``total`` recipients already got the same message from
    the same bot and service recently, or are still to get it from a campaign that is not
    cancelled (``waiting`` of the ``count``: resuming that campaign would reach them);
    ``earlier`` is the newest such campaign. Pass ``only_new=True`` to send to the others,
    ``allow_repeat=True`` to send to all (docs/architecture.md, "Send-time rules").
    ``shown``: ``earlier``'s status as every screen tells it (app.campaign.shown: a
    "running" one no process sends is interrupted)."""

    def __init__(self, earlier: Campaign, count: int, total: int, waiting: int = 0, shown: str | None = None) -> None:
        when = earlier.created_at[:16].replace("T", " ")
        everyone = "all" if count == total else f"{count:,} of the {total:,}"
        if waiting:
            got = count - waiting
            how = (f"got this message from this bot at {earlier.base_url} in the last {REPEAT_WINDOW_DAYS} days "
                   f"or are still to get it ({got:,} sent, {waiting:,} still to send in a campaign not cancelled)")
        else:
            how = f"already got this message from this bot at {earlier.base_url} in the last {REPEAT_WINDOW_DAYS} days"
        super().__init__(
            f"{everyone} recipients {how} (latest: campaign {earlier.id}, {earlier.title}, created {when} UTC, "
            f"{shown or earlier.status}); send only to the others with --only-new, or to everyone again with "
            "--allow-repeat."
        )
        self.earlier, self.count, self.total, self.waiting = earlier, count, total, waiting


def _repeated(journal: Journal, found: RepeatFound) -> RepeatedCampaign:
    """The RepeatedCampaign of what the repeat guard ``found``, its latest campaign's status
    as every screen tells it."""
    return RepeatedCampaign(found.earlier, found.count, found.total, found.waiting,
                            shown_status(journal, found.earlier).value)


def _check_input(checked: CheckedSheet, content: Content, template_fields: list[str] | None, bot_id: int,
                 rate_per_minute: float, in_flight: int, sms_fallback: str | None = None) -> None:
    """CampaignInputError for content this sheet cannot fill (naming the field), a bad bot
    id, rate or in-flight limit, or an SMS fallback for a message that has no SMS form."""
    try:
        content.check(checked.sheet.columns, template_fields)
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem.text()} (columns: {', '.join(checked.sheet.columns)}).",
                                 exc.field, exc.problem) from None
    problem = (check_bot_id(bot_id) or check_rate(rate_per_minute) or check_in_flight(in_flight))
    if problem:
        raise CampaignInputError(problem)
    if sms_fallback is not None:
        problem = sms_problem(content)
        if problem:
            raise CampaignInputError(content_problem(problem, kind=content.kind))


def sms_problem(content: Content) -> str | None:
    """Why ``content`` cannot go by SMS (a CONTENT_PROBLEMS code), or None: a template's
    text is the service's, media has no caption to send, and an SMS is not secure."""
    if content.is_secure:
        return "sms_not_secure"
    if content.kind == "template" or (content.kind == "media" and not content.text):
        return "sms_no_form"
    return None


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
    sms_fallback: str | None = None,
) -> int:
    """Store a campaign of ``content`` to every valid row of ``checked``; return its id.

    ``rate_per_minute`` 0 means as fast as ``in_flight`` allows. Raises
    CampaignInputError for content that cannot be rendered from this sheet (naming the
    field), a bad bot id, rate or in-flight limit; RepeatedCampaign when some recipients
    already got the same message from this bot and service in the last
    :data:`REPEAT_WINDOW_DAYS` days (judged per recipient, whatever the row order), unless
    ``only_new`` (those rows are skipped as repeats) or ``allow_repeat``. With
    ``ignore_cap`` the frequency cap does not apply to it (see :func:`count_capped`).
    ``sms_fallback``: numbers without a Bale account are sent an SMS ending with this
    opt-out line ('' none; docs/sms.md); None: no SMS.
    """
    _check_input(checked, content, template_fields, bot_id, rate_per_minute, in_flight, sms_fallback)
    # A formula cell with no saved result would send an empty value: that row is invalid.
    verdicts = mark_unsaved_formula_cells(checked.sheet, checked.verdicts, content.columns_used())
    policy = RepeatPolicy.ALLOW if allow_repeat else RepeatPolicy.ONLY_NEW if only_new else RepeatPolicy.REFUSE
    try:
        campaign_id = journal.creation.create(
            name=name or checked.sheet.path.name,
            kind=content.kind,
            content=content.to_json(),
            bot_id=bot_id,
            rate_per_minute=rate_per_minute,
            in_flight=in_flight,
            base_url=base_url,
            recipients=_recipients(verdicts, checked, content),
            source_path=str(checked.sheet.path),
            quiet_hours=quiet_hours.text() if quiet_hours else None,
            time_zone=quiet_hours.time_zone if quiet_hours else "Asia/Tehran",
            start_at=start_at,
            repeats_since=journal.store_now() - timedelta(days=REPEAT_WINDOW_DAYS),  # the store's days, not ours
            repeat_policy=policy,
            ignore_cap=ignore_cap,
            approval=initial_approval(journal),
            series_id=series_id,
            sms_fallback=None if sms_fallback is None else "" if content.kind == "otp" else sms_fallback,
        )
    except RepeatFound as found:
        raise _repeated(journal, found) from None
    return campaign_id


def _recipients(verdicts: Verdicts, checked: CheckedSheet,
                content: Content) -> Iterator[NewRecipient] | Iterator[RecipientColumns]:
    """Every row of ``checked`` (judged by ``verdicts``) as creating stores it, lazily: a text
    message or a template rendered column by column, a slice of the sheet at a time
    (app/campaign/render_columns.py); other kinds row by row. Call Content.check first."""
    if not renders_by_column(content):
        return build_recipients(zip(verdicts.rows(), checked.sheet.iter_records(content.columns_used())), content)
    return _recipients_by_column(verdicts, checked, content)


def _recipients_by_column(verdicts: Verdicts, checked: CheckedSheet,
                          content: Content) -> Iterator[RecipientColumns]:
    """:func:`_recipients` as a batch a slice of the sheet (app/contacts/verdicts.py,
    ITER_CHUNK_ROWS rows): each valid row's message rendered by column; one the service
    would refuse rendered alone, for its verdict and reason."""
    parts = verdicts.valid_cells(checked.sheet, content.columns_used())
    for (rows, inputs, phones, judged, reasons), part in zip(verdicts.column_slices(), parts, strict=True):
        rendered = ColumnRender.of(content, part.cells, len(part.rows))
        assert rendered is not None  # the caller asked renders_by_column
        valid = [n for n, verdict in enumerate(judged) if verdict == SENDABLE]
        assert [rows[n] for n in valid] == part.rows, "the valid rows and their cells go in the same order"
        messages: list[str | None] = [None] * len(rows)
        for n, json in zip(valid, rendered.jsons()):
            messages[n] = json
        for k in (k for k, ok in enumerate(rendered.ok) if not ok):  # refused: rendered alone, for its reason
            alone, n = _rendered_alone(content, part, k), valid[k]
            judged[n], reasons[n], messages[n] = alone.verdict, alone.reason, alone.stored_message
        yield RecipientColumns(rows, inputs, phones, judged, reasons, messages)


def rendered_rows(checked: CheckedSheet, content: Content) -> Iterator[NewRecipient]:
    """Every row of ``checked`` as creating would store it (its message rendered; a formula
    cell with no saved result makes its row invalid), lazily. Raises CampaignInputError
    for content that does not fit the sheet."""
    verdicts = _message_verdicts(checked, content)
    return build_recipients(zip(verdicts.rows(), checked.sheet.iter_records(content.columns_used())), content)


def _message_verdicts(checked: CheckedSheet, content: Content) -> Verdicts:
    """``checked``'s verdicts with a valid row made invalid where a cell its message uses is
    a formula with no saved result. Raises CampaignInputError for content that does not
    fit the sheet."""
    try:
        content.check(checked.sheet.columns)
    except ContentError as exc:
        raise CampaignInputError(f"{exc.field}: {exc.problem.text()}", exc.field, exc.problem) from None
    return mark_unsaved_formula_cells(checked.sheet, checked.verdicts, content.columns_used())


#: The earlier recipients a repeat count reads (to look for a sheet's rows only among
#: their phones), at most: this many a row of the sheet, and at least as many as below.
CANDIDATES_PER_ROW = 2
CANDIDATES_AT_LEAST = 10_000


def _by_column(journal: Journal, checked: CheckedSheet, content: Content, *, bot_id: int, base_url: str,
               excluding: int | None) -> tuple[InvalidMessages | None, RepeatedCampaign | None] | None:
    """The valid rows' messages rendered column by column (app/campaign/render_columns.py),
    a slice of the sheet at a time: the rows whose message the service would refuse, and
    what :func:`count_repeats` finds, the repeat keys made only for rows whose phone an
    earlier campaign reached (RepeatGuard.phones_since); None for a content rendered row
    by row only. When the longest cells show every message fits, only those rows are
    rendered. Raises CampaignInputError for content that does not fit."""
    if not renders_by_column(content):
        return None
    verdicts = _message_verdicts(checked, content)
    columns = content.columns_used()
    with journal.reopen() as own:
        since = own.store_now() - timedelta(days=REPEAT_WINDOW_DAYS)
        earlier = own.repeat_guard.phones_since(since, excluding=excluding,
                                                at_most=max(CANDIDATES_AT_LEAST, CANDIDATES_PER_ROW * len(verdicts)))
        if earlier.phones is not None and fits_by_length(content, verdicts.longest_valid_cells(checked.sheet, columns)):
            keyed = _Keyed.of(content, verdicts.valid_cells(checked.sheet, columns, among=earlier.phones),
                              repeat_prefix(base_url, bot_id))
            keyed.valid = keyed.with_message = verdicts.counts()[Verdict.VALID.value]  # every one has a message
        else:
            keyed = _Keyed.of(content, verdicts.valid_cells(checked.sheet, columns), repeat_prefix(base_url, bot_id),
                              earlier.phones)
        found = own.repeat_guard.count_repeat_keys(keyed.phones, keyed.keys, since=since, excluding=excluding,
                                                   total=keyed.with_message, ready_upto=earlier.ready_upto)
    first = keyed.first
    invalid = None if first is None else InvalidMessages(keyed.valid - keyed.with_message, first.row, str(first.reason))
    repeats = None if found is None else _repeated(journal, found)
    return invalid, repeats


@dataclass
class _Keyed:
    """Valid rows rendered column by column: how many (``valid``), how many have a message
    (``with_message``), the first without one, and the wire-form ``phones`` and repeat
    ``keys`` of those with a message whose phone is among the candidates."""

    valid: int = 0
    with_message: int = 0
    first: NewRecipient | None = None
    phones: list[str] = field(default_factory=list)
    keys: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, content: Content, parts: Iterable[ValidCells], prefix: str,
           candidates: Collection[str] | None = None) -> _Keyed:
        """``parts`` rendered; keys only for phones among ``candidates`` (all when None)."""
        keyed = cls()
        for part in parts:
            rendered = ColumnRender.of(content, part.cells, len(part.rows))
            assert rendered is not None  # renders_by_column said so
            keyed.valid, keyed.with_message = keyed.valid + len(part.rows), keyed.with_message + sum(rendered.ok)
            if keyed.first is None and not all(rendered.ok):
                keyed.first = _rendered_alone(content, part, rendered.ok.index(False))
            wanted = rendered.ok if candidates is None else map(and_, rendered.ok,
                                                                map(candidates.__contains__, part.phones))
            chosen = list(compress(range(len(part.rows)), wanted))
            jsons = cast("list[str]", rendered.jsons(chosen))  # chosen rows have a message
            chosen_phones = [part.phones[n] for n in chosen]
            keyed.phones += chosen_phones
            keyed.keys += repeat_keys(prefix, chosen_phones, jsons)
        return keyed


@dataclass(frozen=True)
class _ValidRow:
    """A valid row as app.campaign.definition.CheckedRow, for rendering it alone."""

    row: int
    phone: str
    phone_input: str = ""
    verdict: str = SENDABLE
    reason: str | None = None


def _rendered_alone(content: Content, part: ValidCells, n: int) -> NewRecipient:
    """Valid row ``n`` of ``part`` rendered on its own, as creating would (its reason)."""
    fields = {name: cells[n] for name, cells in part.cells.items()}
    return next(build_recipients([(_ValidRow(part.rows[n], part.phones[n]), fields)], content))


def count_repeats(journal: Journal, checked: CheckedSheet, *, content: Content, bot_id: int,
                  base_url: str, excluding: int | None = None) -> RepeatedCampaign | None:
    """Before creating: the recipients of ``checked`` who already got this message from this
    bot and service in the last :data:`REPEAT_WINDOW_DAYS` days, as the RepeatedCampaign that
    creating would raise (None when there are none). A text message or a template is
    rendered column by column; other kinds row by row, as long as a creation's rendering:
    the window calls it off the GUI thread, on a connection of its own to ``journal``'s
    store. The campaign ``excluding`` (the one made from this review) is not a repeat of
    itself. Raises CampaignInputError for content that does not fit the sheet."""
    by_column = _by_column(journal, checked, content, bot_id=bot_id, base_url=base_url, excluding=excluding)
    if by_column is not None:
        return by_column[1]
    return _repeats_among(journal, rendered_rows(checked, content), bot_id=bot_id, base_url=base_url,
                          excluding=excluding)


def _repeats_among(journal: Journal, rows: Iterable[NewRecipient], *, bot_id: int, base_url: str,
                   excluding: int | None) -> RepeatedCampaign | None:
    with journal.reopen() as own:
        since = own.store_now() - timedelta(days=REPEAT_WINDOW_DAYS)
        found = own.repeat_guard.count_repeats(rows, base_url=base_url, bot_id=bot_id, since=since,
                                               excluding=excluding)
    return None if found is None else _repeated(journal, found)


#: Row reasons of a valid number whose own values make a message the service refuses.
MESSAGE_REASONS = frozenset({"message_over_limit", "message_problem", "invalid_message"})


@dataclass(frozen=True)
class InvalidMessages:
    """Before creating: ``count`` rows with a valid number whose values make a message the
    service would refuse (a text over app.api.models.MAX_TEXT_CHARS; a value a filter
    cannot read), which a campaign would skip as ``invalid``; the first such sheet ``row``
    and its ``reason`` as a row's reason is stored (app.reasons.row_reason)."""

    count: int
    row: int
    reason: str


def look_at_messages(journal: Journal, checked: CheckedSheet, *, content: Content, bot_id: int, base_url: str,
                     excluding: int | None = None) -> tuple[InvalidMessages | None, RepeatedCampaign | None]:
    """Review's looks at the messages, in one rendering of the sheet (off the GUI thread:
    a text message or a template is rendered column by column, other kinds as long as a
    creation's rendering): the rows with a valid number whose message the service would
    refuse (None when there are none), and what :func:`count_repeats` finds (never looked
    for in a media campaign: its file's id is fixed only at upload). Raises
    CampaignInputError for content that does not fit the sheet."""
    if content.kind != "media":
        by_column = _by_column(journal, checked, content, bot_id=bot_id, base_url=base_url, excluding=excluding)
        if by_column is not None:
            return by_column
    tally = _InvalidTally()
    rows = tally.watch(rendered_rows(checked, content))
    if content.kind == "media":
        collections.deque(rows, maxlen=0)
        return tally.found(), None
    repeats = _repeats_among(journal, rows, bot_id=bot_id, base_url=base_url, excluding=excluding)
    collections.deque(rows, maxlen=0)  # whatever the count left unread
    return tally.found(), repeats


class _InvalidTally:
    """The rows whose message the service would refuse, counted as the rows go by."""

    def __init__(self) -> None:
        self.count = 0
        self.first: tuple[int, str] | None = None

    def watch(self, rows: Iterable[NewRecipient]) -> Iterator[NewRecipient]:
        for made in rows:
            reason = Reason.from_stored(made.reason) if made.message_data is None and made.reason else None
            if reason is not None and reason.code in MESSAGE_REASONS:
                self.count += 1
                self.first = self.first or (made.row, str(made.reason))
            yield made

    def found(self) -> InvalidMessages | None:
        return None if self.first is None else InvalidMessages(self.count, *self.first)


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
                 now: datetime | None = None, excluding: int | None = None) -> CappedCount | None:
    """How many valid rows of ``checked`` the frequency cap would skip for a campaign of
    ``kind`` from ``bot_id`` (None when no cap is set, it does not apply to the kind, or
    nobody is capped); the messages of campaign ``excluding`` (the one made from this
    review) do not count. Reads the journal once (the numbers at the cap in its days)."""
    cap = frequency_cap(journal)
    if cap is None or not cap.applies_to(kind):
        return None
    capped = journal.outcomes.phones_at_cap(cap.since(now or journal.store_now()), cap.max_messages,
                                            None if cap.any_bot else bot_id, cap.count_otp, excluding)
    phones = [p for p in checked.verdicts.valid_phones()]
    count = sum(1 for p in phones if p in capped)
    return CappedCount(count, len(phones), cap) if count else None


def count_known_without_account(journal: Journal, checked: CheckedSheet, base_url: str) -> int:
    """How many valid rows of ``checked`` have a number a campaign of the service at
    ``base_url`` found without a Bale account in the last 30 days: an SMS fallback sends
    them an SMS at once."""
    return len(journal.sms.known_without_account(list(checked.verdicts.valid_phones()), base_url))


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
    if not phone_input.strip():  # a form has no cell: the sheet's "the phone cell is empty" would puzzle
        raise CampaignInputError.of_field("phone", content_problem("no_phone"))
    check = normalise(phone_input)
    if check.phone is None:
        raise CampaignInputError.of_field(phone_input, Reason.from_stored(check.reason) or Reason.said(""))
    try:
        content.check(fields, template_fields)
        message = content.render(fields).to_wire()
    except ContentError as exc:
        raise CampaignInputError.of_field(exc.field, exc.problem) from None
    except RequestValidationError as exc:
        limit = limit_problem(exc)
        if limit is None:
            raise CampaignInputError(exc.message) from None
        raise CampaignInputError.of_field(exc.field, limit) from None
    except RenderError as exc:
        raise CampaignInputError(exc.reason) from None
    return journal.creation.create(
        name=campaign_name("test_send" if test else "quick_send", phone=check.phone), kind=content.kind,
        content=content.to_json(), bot_id=bot_id, rate_per_minute=0, in_flight=1, base_url=base_url,
        recipients=[NewRecipient(1, phone_input, check.phone, "valid", None, message)], ignore_cap=test,
        test_send=test,
    )


def record_v2_otp(journal: Journal, *, phone_input: str, phone: str, base_url: str) -> int:
    """Keep a delivered v2 one-time password (spec 4.2, sent outside the campaign
    engine) in the journal as a finished one-recipient campaign, so the phone's recent
    sends list it; returns its id. Only delivered ones are kept: a failed or unanswered
    v2 send must not be retried through v3 from History. The code itself is not kept:
    the record says a password went out, not which."""
    content = Content(kind="otp")
    campaign_id = journal.creation.create(
        name=campaign_name("otp_v2", phone=phone), kind="otp", content=content.to_json(), bot_id=0,
        rate_per_minute=0, in_flight=1, base_url=base_url,
        recipients=[NewRecipient(1, phone_input, phone, "valid", None, {"v2_otp": True})])
    journal.outcomes.record_outcome(campaign_id, 1, RecipientState.SENT)
    journal.control.set_status(campaign_id, CampaignStatus.FINISHED)
    return campaign_id
