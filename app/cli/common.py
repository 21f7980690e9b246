"""What the commands share: exit statuses, the journal and the service they use, the
summary they print, and sending a campaign with signals that pause it."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import socket
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.desktop import paths
from app.jobs.runner import API_KEY_ENV, REASON_PREFIX, LastWordsRoom
from app.reasons import ReasonedError

if TYPE_CHECKING:
    from app.api import SafirClient
    from app.campaign import Campaign, Journal
    from app.campaign.journal.records import Summary
    from app.api.sms import KavenegarGateway
    from app.campaign.sms_fallback import SmsFallback
    from app.campaign.journal import TeamRole
    from app.contacts import Sheet, Verdicts


#: Exit statuses (see app/cli/__init__.py): every recipient has a final outcome; a
#: configuration or input error; the campaign stopped early.
EXIT_OK = 0
EXIT_CONFIG = 2
EXIT_STOPPED = 3


#: Commands that only read the journal: they answer even where no log can be written.
READ_ONLY_COMMANDS = ("status", "list")


class CliError(ReasonedError):
    """A configuration or input problem, told in one line (its reason's English
    sentence, or the words given); exits with EXIT_CONFIG."""

    @classmethod
    def of(cls, error: Exception) -> CliError:
        """The CliError telling ``error``: its reason when it has one, else its words."""
        return cls(error.reason if isinstance(error, ReasonedError) else str(error))


def setup_logging(verbose: bool = False) -> None:
    from app.api import ScrubbingFilter

    # A log that cannot be written (a full disk) must not print tracebacks over the CLI's sentences.
    logging.raiseExceptions = False
    log_file = paths.log_dir() / "safir-campaign.log"
    handler = logging.FileHandler(log_file, encoding="utf-8")
    with contextlib.suppress(OSError):
        os.chmod(log_file, 0o600)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(ScrubbingFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def open_journal(needs: TeamRole | None = None) -> Journal:
    """The store this desktop uses (app.jobs.store: the embedded journal, or the team store of
    --store / SAFIR_CAMPAIGN_STORE); CliError with its sentence when it cannot be opened,
    or when a team store's member lacks the role the command ``needs`` (the store would
    refuse it anyway: asked first, nothing of the command is done)."""
    from app.campaign import JournalError
    from app.jobs.store import open_store

    try:
        journal = open_store()
    except JournalError as exc:
        raise CliError.of(exc) from None
    if needs is not None:
        try:
            journal.require(needs)
        except JournalError as exc:
            journal.close()
            raise CliError.of(exc) from None
    return journal


@contextlib.contextmanager
def service_to_send_to(args: argparse.Namespace, default_url: str | None = None) -> Iterator[tuple[str, str]]:
    """(base_url, api_key) to send to; starts a sandbox for --sandbox."""
    from urllib.parse import urlsplit

    from app.api import PRODUCTION_URL, ConfigurationError, check_base_url, is_loopback

    if args.sandbox:
        from app.sandbox import DEMO_API_KEY, EmbeddedSandbox

        with EmbeddedSandbox(files_dir=paths.sandbox_dir() / "files") as sandbox:
            _RUN_SANDBOXES.add(sandbox.url)  # gone when this run ends: a resume needs --sandbox
            yield sandbox.url, DEMO_API_KEY
        return
    url = args.target_url or default_url or PRODUCTION_URL
    try:
        check_base_url(url)
    except ConfigurationError as exc:
        raise CliError(exc.message) from None
    if not args.target_url and url.rstrip("/") != PRODUCTION_URL and not is_loopback(urlsplit(url).hostname or ""):
        # A stored campaign names its service; this desktop's key goes to another one only when asked by name.
        raise CliError(f"this campaign was made for the service at {url}, not Bale's: to send it there with your API "
                       f"access key, say so: --base-url {url}")
    key = os.environ.get(API_KEY_ENV, "").strip()
    if not key:
        raise CliError(f"no API access key: set the environment variable {API_KEY_ENV} (or use --sandbox).")
    yield url, key


def make_client(base_url: str, api_key: str, timeout: float | None) -> SafirClient:
    from app.api import SafirClient, Timeouts

    timeouts = Timeouts() if timeout is None else Timeouts(connect=timeout, read=timeout, write=timeout, pool=timeout)
    return SafirClient(base_url, api_key=api_key, timeouts=timeouts)


def write_rows(path: Path | None, rows: Iterable[dict[str, Any]] | Verdicts, source: Sheet | None = None) -> None:
    """Write results rows (or a Verdicts table) to ``path``; ``source`` is the sheet to
    copy with the result columns appended."""
    from app.contacts import ExportError, Verdicts, write_results, write_verdicts

    if path is None:
        return
    try:
        if isinstance(rows, Verdicts):
            write_verdicts(path, rows, source)
        else:
            write_results(path, rows, source)
    except ExportError as exc:
        raise CliError.of(exc) from None
    print(f"results: {path}")


def print_summary(summary: Summary, campaign_id: int, status: str) -> None:
    from app.reasons import SERVICE_ERRORS

    c = summary.counts
    why = ", ".join(f"{n} {verdict}" for verdict, n in summary.skipped_by_verdict.items())
    print(f"summary: {c.sent} sent, {c.failed} failed, {c.unknown} unknown, {c.not_sent} not sent, "
          f"{c.skipped} skipped" + (f" ({why})" if why else "")
          + f" of {c.total} rows; campaign {campaign_id} {status}")
    if summary.errors_by_code:
        print("errors by code: " + ", ".join(
            f"{code}: {n}" + (f" ({SERVICE_ERRORS[code]})" if code in SERVICE_ERRORS else "")
            for code, n in summary.errors_by_code.items()))


#: Addresses of the built-in sandboxes this process started (each lives as long as its run).
_RUN_SANDBOXES: set[str] = set()


def sandbox_flag(base_url: str) -> str:
    """" --sandbox" when a campaign went to ``base_url``, a sandbox on this machine that is
    gone now (a built-in one lives only as long as its run); a sandbox still listening
    there is resumed at its own address, without the flag."""
    from urllib.parse import urlsplit

    from app.api import is_loopback

    if base_url in _RUN_SANDBOXES:
        return " --sandbox"
    address = urlsplit(base_url)
    if not address.hostname or not is_loopback(address.hostname):
        return ""
    try:
        socket.create_connection((address.hostname, address.port or 80), timeout=0.5).close()
    except OSError:
        return " --sandbox"
    return ""


def next_step(campaign_id: int, status: str, summary: Summary, base_url: str) -> str | None:
    """The command to run next for a campaign (sent to ``base_url``) in this state; None
    when nothing is left."""
    from app.campaign.journal import PERMANENT_CODES
    from app.campaign.shown import ShownStatus

    if status in (ShownStatus.RUNNING, ShownStatus.SCHEDULED):
        return f"safir-campaign watch {campaign_id}"
    stopped = (ShownStatus.PAUSED, ShownStatus.READY, ShownStatus.INTERRUPTED)
    if status in stopped or (status != ShownStatus.CANCELLED and summary.counts.to_send):
        return f"safir-campaign resume {campaign_id}{sandbox_flag(base_url)}"
    if any(code not in PERMANENT_CODES for code in summary.errors_by_code):
        return f"safir-campaign retry-failed {campaign_id}"
    return None


#: While the team store cannot be reached, a send looks for it again this often (seconds;
#: a look at a frozen server waits out the connect timeout first), for at most this long
#: before it stops (exit 3).
STORE_RETRY_SECONDS = 2.0
STORE_PATIENCE_SECONDS = 600.0


async def run_campaign(journal: Journal, campaign_id: int, base_url: str, api_key: str, timeout: float | None,
                       *, last_words: LastWordsRoom | None = None, forget_stops: bool = True) -> int:
    """Send a stored campaign to its end, printing progress; return the exit status.
    ``last_words``: a sender of its own (``run-campaign``) keeps why it stopped there and
    as its log's last lines, for whoever follows it (app/jobs/runner.py: last_words), its
    reason as a code too. ``forget_stops`` False: its starter forgot earlier stops
    (app/jobs/runner.py: start_runner), so a stop asked while it starts is honoured.
    SIGINT, SIGTERM and SIGHUP pause it (resumable); the exit status is then 128 + the
    signal's number. A team store that goes away pauses the run, which starts again by
    itself once the store answers (within :data:`STORE_PATIENCE_SECONDS`)."""
    from app.campaign import CampaignEngine, CampaignLocked, CampaignStatus, JournalError
    from app.campaign.approval import NotApproved
    from app.campaign.journal import JournalFault
    from app.campaign.journal.records import Summary
    from app.campaign.sms_fallback import FOLLOW_FOR_SECONDS, SmsFallback
    from app.cli.progress import ProgressPrinter, pause_on_signals

    printer = ProgressPrinter()
    gateway = sms_gateway_of(journal, campaign_id, base_url, timeout)
    async with make_client(base_url, api_key, timeout) as client, gateway or contextlib.nullcontext():
        sms = SmsFallback(journal, gateway) if gateway is not None else None
        while True:
            # A process that only sends: the journal's commits run on its loop (app/campaign/writer.py).
            engine = CampaignEngine(journal, client, on_progress=printer, writes_on_loop=True, sms=sms,
                                    forget_stops=forget_stops)
            with pause_on_signals(engine) as received:
                try:
                    result = await engine.run(campaign_id)
                except (CampaignLocked, NotApproved) as exc:
                    raise CliError.of(exc) from None
            if received or result.store_fault != JournalFault.UNREACHABLE:
                break
            print(f"warning: {result.reason.text() if result.reason else ''}", file=sys.stderr, flush=True)
            if not await store_back(journal, campaign_id):
                break
            print(f"the team store answers again; campaign {campaign_id} goes on", file=sys.stderr, flush=True)
        if sms is not None and result.status == CampaignStatus.FINISHED and not received:
            # A sender of its own follows its SMS to their end (nobody waits for it); a send in a terminal, a minute.
            await follow_sms(sms, campaign_id, FOLLOW_FOR_SECONDS if last_words else SMS_FOLLOW_SECONDS)
    try:
        summary, base = journal.recipients.summary(campaign_id), journal.campaigns.get(campaign_id).base_url
    except JournalError:
        summary, base = Summary(result.counts, result.errors_by_code, {}), base_url
    print_summary(summary, campaign_id, result.status)
    if result.status != CampaignStatus.FINISHED:
        hint = sandbox_flag(base)
        go_on = "" if result.store_fault == JournalFault.GONE else (
            f" (continue with: safir-campaign resume {campaign_id}{hint})")
        said = result.reason.text() if result.reason else ""
        sentence = f"campaign {campaign_id} stopped: {said}{go_on}"
        if last_words is not None:
            last_words.say(result.reason, sentence)
        with contextlib.suppress(OSError):  # a full disk under a background sender's log
            if last_words is not None and result.reason is not None:
                print(f"{REASON_PREFIX}{result.reason.stored()}", file=sys.stderr)
            print(f"error: {sentence}", file=sys.stderr)
        return 128 + received[0] if received else EXIT_STOPPED
    return EXIT_OK


def sms_gateway_of(journal: Journal, campaign_id: int, base_url: str,
                   timeout: float | None) -> KavenegarGateway | None:
    """The SMS gateway of a campaign that has an SMS fallback, when one is set up
    (app/jobs/sms_gateway.py); None otherwise: such a campaign pauses when a number needs
    an SMS, and a gateway set up wrong (a key without its line) is said as a warning, so a
    process that sends many campaigns (the series runner) goes on with the others."""
    from urllib.parse import urlsplit

    from app.api import is_loopback
    from app.jobs.sms_gateway import GatewayNotSetUp, campaign_gateway

    try:
        campaign = journal.campaigns.get(campaign_id)
    except KeyError:
        return None
    sandbox = base_url in _RUN_SANDBOXES or is_loopback(urlsplit(base_url).hostname or "")
    try:
        return campaign_gateway(journal, campaign, sandbox=sandbox, timeout=timeout)
    except GatewayNotSetUp as exc:
        print(f"warning: campaign {campaign_id}: {exc}; its SMS wait until the gateway is set up", file=sys.stderr)
        return None


#: Seconds a send in the foreground follows its SMS to their delivery (``status`` asks later).
SMS_FOLLOW_SECONDS = 60.0


async def follow_sms(sms: SmsFallback, campaign_id: int, seconds: float) -> None:
    """Follow the campaign's SMS to their final delivery status for at most ``seconds``,
    and print where they stand."""
    from app.api import SafirError
    from app.campaign import JournalError

    try:
        await sms.follow(campaign_id, seconds)
    except (SafirError, JournalError) as exc:
        print(f"warning: the SMS delivery could not be followed: {exc}", file=sys.stderr)
    print(sms_line(sms.journal, campaign_id), flush=True)


#: Seconds ``status`` waits for the gateway's answer: a command called often never hangs on it.
STATUS_LOOK_SECONDS = 5.0


def look_at_sms(journal: Journal, campaign: Campaign) -> None:
    """Ask the gateway once where ``campaign``'s SMS not final yet stand, when a gateway
    is set up (the same as a send's); a warning when it cannot be asked."""
    import asyncio

    from app.api import SafirError
    from app.campaign import JournalError
    from app.campaign.sms_fallback import SmsFallback, channel_counts

    if not channel_counts(journal, campaign.id).waiting:
        return
    gateway = sms_gateway_of(journal, campaign.id, campaign.base_url, STATUS_LOOK_SECONDS)
    if gateway is None:
        return

    async def look() -> None:
        async with gateway:
            await SmsFallback(journal, gateway).look(campaign.id)

    try:
        asyncio.run(look())
    except (SafirError, JournalError) as exc:
        print(f"warning: the SMS gateway could not say where the SMS stand: {exc}", file=sys.stderr)


def sms_line(journal: Journal, campaign_id: int) -> str:
    """A campaign's recipients per channel and its SMS's delivery, in a line."""
    from app.campaign.sms_fallback import channel_counts

    c = channel_counts(journal, campaign_id)
    left = f", {c.sms_left} to send" if c.sms_left else ""
    return (f"by Bale: {c.bale_sent} sent, {c.bale_failed} failed; by SMS: {c.sms_sent} sent ({c.delivered} "
            f"delivered, {c.undelivered} not delivered, {c.waiting} not known yet), {c.sms_failed} failed{left}; "
            f"SMS cost {c.cost} rials")


async def store_back(journal: Journal, campaign_id: int) -> bool:
    """Wait until the store answers again (True), or :data:`STORE_PATIENCE_SECONDS` pass (False)."""
    import asyncio
    import time

    from app.campaign import JournalError

    deadline = time.monotonic() + STORE_PATIENCE_SECONDS
    while time.monotonic() < deadline:
        await asyncio.sleep(STORE_RETRY_SECONDS)
        try:
            journal.campaigns.get(campaign_id)
        except JournalError:
            continue
        return True
    return False


def stored_campaign(journal: Journal, campaign_id: int) -> Campaign:
    try:
        return journal.campaigns.get(campaign_id)
    except KeyError:
        raise CliError(f"there is no campaign {campaign_id} (see: safir-campaign list).") from None


def start_in_background(args: argparse.Namespace, journal: Journal, campaign_id: int, base_url: str,
                         api_key: str) -> int:
    """Hand campaign ``campaign_id`` to a sending process of its own and say how to
    follow it; the exit status (0 once it sends, 2 when it could not start)."""
    from datetime import datetime, timezone

    from app.campaign.approval import NotApproved, approval_rule, check_sendable
    from app.campaign.journal import CampaignStatus
    from app.campaign.schedule import seconds_until
    from app.report.words import Words
    from app.jobs.runner import RunnerFailed, remember_key, runner_log, start_runner

    campaign = journal.campaigns.get(campaign_id)
    try:
        check_sendable(campaign, approval_rule(journal))  # before a sending process is started for nothing
    except NotApproved as exc:
        raise CliError.of(exc) from None
    left = journal.recipients.counts(campaign_id).to_send
    if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED) and not left:
        print(f"campaign {campaign_id} is {campaign.status}; nobody is left to send to")
        return EXIT_OK
    if not getattr(args, "sandbox", False):
        remember_key(base_url, api_key)  # so resume-due can send it again after a reboot
    try:
        process = start_runner(journal, campaign_id, api_key=api_key, base_url=base_url,
                               sandbox=bool(getattr(args, "sandbox", False)), timeout=args.timeout)
    except RunnerFailed as exc:
        raise CliError(f"campaign {campaign_id} was not started: {exc}") from None
    wait = seconds_until(campaign.start_at, datetime.now(timezone.utc))
    doing = f"will start at {campaign.start_at} (in {Words().duration(wait)})" if wait > 0 else "is sending"
    print(f"campaign {campaign_id} {doing} in the background (process {process.pid}; log: "
          f"{runner_log(campaign_id)})")
    print(f"follow it: safir-campaign watch {campaign_id}   pause it: safir-campaign pause {campaign_id}")
    return EXIT_OK
