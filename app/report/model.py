"""What a campaign report says, read from the journal (docs/architecture.md, "Reports"): the
campaign's figures as numbers, with no words or layout (app.report.pdf and .xlsx lay them
out, in the user's language)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from enum import StrEnum
from zoneinfo import ZoneInfo

from app.campaign.journal import Campaign, CampaignStatus, Journal, RecipientState
from app.campaign.journal.sms import ChannelCounts
from app.reasons import Reason

#: The sends-over-time chart's minutes, hours and days are Tehran's.
REPORT_TIME_ZONE = ZoneInfo("Asia/Tehran")


class Bucket(StrEnum):
    """The width of one bar of the sends-over-time chart, chosen by how long the
    campaign sent (:func:`bucket_for`); the value is the bar's label format."""

    MINUTE = "%Y-%m-%d %H:%M"
    HOUR = "%Y-%m-%d %H"
    DAY = "%Y-%m-%d"


#: Bars of the chart: minutes up to this span of sending (seconds), then hours up to the next, then days.
MINUTES_UP_TO = 2 * 3600
HOURS_UP_TO = 2 * 86400
_WIDTH = {Bucket.MINUTE: timedelta(minutes=1), Bucket.HOUR: timedelta(hours=1), Bucket.DAY: timedelta(days=1)}


def bucket_for(span_seconds: float) -> Bucket:
    """The chart's bar width for a campaign that sent over ``span_seconds``."""
    if span_seconds <= MINUTES_UP_TO:
        return Bucket.MINUTE
    return Bucket.HOUR if span_seconds <= HOURS_UP_TO else Bucket.DAY


def sends_over_time(sends: list[float]) -> tuple[Bucket, list[tuple[str, int]]]:
    """Messages sent per Tehran minute, hour or day (``sends``: Unix seconds, in order):
    the bar width and every bar from the first send's to the last's, empty ones too."""
    if not sends:
        return Bucket.HOUR, []
    bucket = bucket_for(sends[-1] - sends[0])
    counts: dict[str, int] = {}
    for moment in sends:
        label = datetime.fromtimestamp(moment, REPORT_TIME_ZONE).strftime(bucket)
        counts[label] = counts.get(label, 0) + 1
    at = datetime.strptime(min(counts), bucket).replace(tzinfo=REPORT_TIME_ZONE)
    last, bars = max(counts), []
    while (label := at.strftime(bucket)) <= last:
        bars.append((label, counts.get(label, 0)))
        at += _WIDTH[bucket]
    return bucket, bars


#: Skipped recipients' verdicts told apart in the funnel (the rest count as "other").
SKIPPED_KINDS = ("invalid", "duplicate", "empty", "suppressed", "repeat", "capped")


@dataclass(frozen=True)
class Pause:
    """A stop of the campaign: when (an instant as the journal stores it), what
    (``paused``, ``cancelled``, ``pause asked``...), the reason why, and by whom."""

    at: str
    action: str
    reason: Reason | None
    by: str


@dataclass(frozen=True)
class CampaignReport:
    """One campaign's figures. ``imported``: rows of its sheet; ``valid``: rows with a
    message; ``sent``/``failed``/``unknown``/``not_sent`` (pending or in flight) of those;
    ``skipped``: skipped rows by verdict (at import: invalid, duplicate, empty, suppressed,
    repeat; at send time: suppressed, capped); ``errors``: failed and unknown by spec code;
    ``over_time``: messages sent per Tehran minute, hour or day (``bucket``, whose format
    the labels have), every one from the first send's to the last's, in order;
    ``first_send``/``last_send``: Unix seconds (None before any); ``so_far``: the campaign
    is still being sent (the report is of ``made_at``); ``unit_price``: price of one
    message (None: unknown); ``balance_before``/``balance_after``: the last balance the
    service reported before the first send and the first after the last (None: none)."""

    campaign: Campaign
    made_at: str
    started_by: str | None
    imported: int
    valid: int
    sent: int
    failed: int
    unknown: int
    not_sent: int
    skipped: dict[str, int]
    errors: dict[int, int]
    over_time: list[tuple[str, int]]
    first_send: float | None
    last_send: float | None
    pauses: list[Pause]
    so_far: bool
    unit_price: float | None = None
    balance_before: int | None = None
    balance_after: int | None = None
    message: str = ""
    bucket: Bucket = Bucket.HOUR
    channels: ChannelCounts | None = None  # a campaign with an SMS fallback: per channel (docs/sms.md)

    @property
    def by_channel(self) -> list[tuple[str, int]]:
        """The split by channel (English labels of app/report/words.py's TEXTS, counts;
        the SMS cost in the gateway's rials); [] for a campaign without an SMS fallback."""
        c = self.channels
        if c is None:
            return []
        return [("Sent by Bale", c.bale_sent), ("Failed by Bale", c.bale_failed), ("Sent by SMS", c.sms_sent),
                ("SMS delivered", c.delivered), ("SMS not delivered", c.undelivered),
                ("SMS delivery not known yet", c.waiting), ("Failed by SMS", c.sms_failed),
                ("SMS cost (rials)", c.cost)]

    @property
    def not_sent_label(self) -> str:
        """The funnel's label for ``not_sent`` (an English source text for ``tr``): a
        cancelled campaign's never-sent rows will not be sent, so not "yet"."""
        return "Not sent (cancelled)" if self.campaign.status == CampaignStatus.CANCELLED else "Not sent yet"

    @property
    def duration_seconds(self) -> float:
        """From the first request to the last answer (0 before any)."""
        if self.first_send is None or self.last_send is None:
            return 0.0
        return max(0.0, self.last_send - self.first_send)

    @property
    def rate_per_minute(self) -> float:
        """Messages sent per minute over :attr:`duration_seconds` (0 when unknown)."""
        return self.sent * 60.0 / self.duration_seconds if self.duration_seconds > 0 else 0.0

    @property
    def cost(self) -> float | None:
        """The cost of what the service sent at :attr:`unit_price` (None when no price is
        set); an SMS's cost is the gateway's (:attr:`by_channel`)."""
        sent = self.sent if self.channels is None else self.channels.bale_sent
        return None if self.unit_price is None else sent * self.unit_price


@dataclass(frozen=True)
class SummaryReport:
    """Several campaigns (made between ``since`` and ``until``, instants as stored), each
    with its report, oldest first."""

    since: str
    until: str
    reports: list[CampaignReport] = field(default_factory=list[CampaignReport])


def campaign_report(journal: Journal, campaign_id: int, *, unit_price: float | None = None,
                    balances: list[dict[str, object]] | None = None, now: datetime | None = None) -> CampaignReport:
    """The report of ``campaign_id`` as the journal has it now. ``balances``: the balance
    history (``at`` ISO instant, ``balance``) to read the balance before and after from.
    Raises KeyError for an unknown campaign and JournalError."""
    campaign = journal.campaigns.get(campaign_id)
    made_at = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    db = journal.db
    counts = journal.recipients.counts(campaign_id)
    skipped = {str(v): int(n) for v, n in db.execute(
        "SELECT verdict, COUNT(*) FROM recipients WHERE campaign_id = $1 AND state = $2 GROUP BY verdict",
        (campaign_id, RecipientState.SKIPPED))}
    valid = int(db.execute("SELECT COUNT(*) FROM recipients WHERE campaign_id = $1 AND request_id IS NOT NULL",
                           (campaign_id,)).fetchone()[0])
    sends = [float(t) for (t,) in db.execute(
        "SELECT finished_at FROM attempts WHERE campaign_id = $1 AND outcome = $2 AND finished_at IS NOT NULL"
        " ORDER BY finished_at", (campaign_id, RecipientState.SENT))]
    first = db.execute("SELECT MIN(started_at) FROM attempts WHERE campaign_id = $1", (campaign_id,)).fetchone()[0]
    bucket, over_time = sends_over_time(sends)
    trail = journal.audit_trail.entries(campaign_id)
    pauses = [Pause(str(a["at"]), str(a["action"]), Reason.from_stored(a["detail"]), f"{a['os_user']}@{a['machine']}")
              for a in trail
              if a["action"] in (CampaignStatus.PAUSED, CampaignStatus.CANCELLED, "pause asked", "cancel asked")]
    started_by = next((f"{a['os_user']}@{a['machine']}" for a in trail if a["action"] == "sending"), None)
    first_send = float(first) if first is not None else None
    last_send = sends[-1] if sends else None
    before, after = _balances(balances or [], first_send, last_send)
    return CampaignReport(
        campaign=campaign, made_at=made_at, started_by=started_by, imported=counts.total, valid=valid,
        sent=counts.sent, failed=counts.failed, unknown=counts.unknown, not_sent=counts.not_sent, skipped=skipped,
        errors=journal.recipients.error_counts(campaign_id), over_time=over_time, first_send=first_send,
        last_send=last_send, pauses=pauses, so_far=journal.is_sending(campaign_id)
        or campaign.status == CampaignStatus.RUNNING, unit_price=unit_price, balance_before=before,
        balance_after=after, message=_message_of(campaign), bucket=bucket,
        channels=_channels(journal, campaign))


def summary_report(journal: Journal, since: str, until: str, *, unit_price: float | None = None) -> SummaryReport:
    """Every campaign made from ``since`` to ``until`` (ISO instants; ``until`` included
    to the end of its second), each reported. Raises JournalError."""
    chosen = [c for c in journal.campaigns.all()
              if since <= c.created_at[:len(since)] and c.created_at[:len(until)] <= until]
    return SummaryReport(since, until, [campaign_report(journal, c.id, unit_price=unit_price)
                                        for c in sorted(chosen, key=lambda c: c.id)])


def _message_of(campaign: Campaign) -> str:
    content = campaign.content
    if campaign.kind == "template":
        return str(content.get("template_id", ""))
    if campaign.kind == "otp":
        return str(content.get("otp", ""))
    return str(content.get("text", ""))


def _balances(history: list[dict[str, object]], first: float | None,
              last: float | None) -> tuple[int | None, int | None]:
    """The last balance reported before ``first`` and the first one after ``last``."""
    if first is None or last is None:
        return None, None
    before = after = None
    for entry in sorted(history, key=lambda h: str(h.get("at", ""))):
        try:
            moment = datetime.fromisoformat(str(entry["at"])).timestamp()
            balance = int(str(entry["balance"]))
        except (KeyError, ValueError):
            continue
        if moment <= first:
            before = balance
        elif moment >= last and after is None:
            after = balance
    return before, after


def unit_price(campaign: Campaign, templates: list[dict[str, str]], prices: dict[str, float]) -> float | None:
    """The price of one of ``campaign``'s messages: its template's category's price (from
    the template library), or the plain message price; None when no price is set."""
    category = "message"
    if campaign.kind == "template":
        template_id = str(campaign.content.get("template_id", ""))
        category = next((t.get("category", "service") for t in templates if t.get("template_id") == template_id),
                        "service")
    price = prices.get(category)
    return float(price) if price else None


def _channels(journal: Journal, campaign: Campaign) -> ChannelCounts | None:
    """The campaign's recipients per channel; None without an SMS fallback (whose module
    brings the gateway's client, so it is imported only for a campaign that has one)."""
    if campaign.sms_fallback is None:
        return None
    from app.campaign.sms_fallback import channel_counts

    return channel_counts(journal, campaign.id)
