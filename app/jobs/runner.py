"""Campaigns sent by a process of their own (docs/architecture.md, "Processes").

:func:`start_runner` starts ``safir-campaign run-campaign ID`` (the same program) detached
from the caller: a new session, no terminal, output to ``logs/campaign-ID.log``. The
window and the CLI then watch it through the journal and stop it by writing a Pause or
Cancel there (:meth:`CampaignControl.request_stop`); the campaign lock keeps a second sender out.
No Qt, no pandas: the window and the CLI both use this.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, BinaryIO

from app.desktop import paths
from app.reasons import Reason, pause_reason

if TYPE_CHECKING:
    from app.campaign.journal import Journal

#: The environment variable that hands the API access key to a headless run (never argv:
#: the process list is readable by every user).
API_KEY_ENV = "SAFIR_API_KEY"
#: The hidden command a runner process runs.
RUNNER_COMMAND = "run-campaign"
#: How a runner's log line with the reason it stopped for begins (then JSON: :meth:`Reason.stored`).
REASON_PREFIX = "reason: "
#: How much lower a background sender's CPU priority is than its starter's (a POSIX nice
#: increment; on Windows, the below-normal priority class): background work yields to the
#: desktop when the CPU is short. The sender waits on the network most of the time and
#: loses no speed. On Linux the sender's session (its autogroup) gets the same increment:
#: a nice value only ranks a process within its session, and the sender has one of its own.
#: (On the 2-core test VM neither shortened the window's waits for a CPU beyond the noise:
#: docs/benchmarks.md, issue 19.)
BACKGROUND_NICENESS = 10
#: Seconds before a second try at a session's nice value: the kernel takes one change of
#: it per 0.1 s from an unprivileged user, system-wide (EAGAIN otherwise).
AUTOGROUP_RETRY_SECONDS = 0.11
PROC = Path("/proc")  # procfs, where Linux shows each process's autogroup
#: Seconds a new runner gets to be named its campaign's sender before it counts as failed.
#: It runs at BACKGROUND_NICENESS: with both CPUs busy (a build, another program) its
#: start took over 20 s, and the campaign was paused as not started.
START_TIMEOUT_SECONDS = 60.0


class RunnerFailed(Exception):
    """The sending process could not be started or stopped at once: ``reason`` why (with
    the last line it logged); the message is its English sentence."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text())
        self.reason = reason


def runner_argv(campaign_id: int, *, base_url: str | None = None, sandbox: bool = False,
                timeout: float | None = None) -> list[str]:
    """The command line of a runner for ``campaign_id``: this program again (the bundle's
    executable when frozen, else this Python with ``-m app``)."""
    program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "app"]
    argv = [*program, RUNNER_COMMAND, str(campaign_id)]
    if sandbox:
        argv.append("--sandbox")
    elif base_url:
        argv += ["--base-url", base_url]
    if timeout is not None:
        argv += ["--timeout", f"{timeout:g}"]
    return argv


def runner_log(campaign_id: int) -> Path:
    """Where the runner of ``campaign_id`` writes what it prints."""
    return paths.log_dir() / f"campaign-{campaign_id}.log"


def last_words_file(campaign_id: int) -> Path:
    """Where the runner of ``campaign_id`` keeps room for why it stopped (:class:`LastWordsRoom`)."""
    return paths.log_dir() / f"campaign-{campaign_id}.last-words"


#: Bytes a runner keeps on disk for its last words (a ``reason:`` line and an ``error:`` line).
LAST_WORDS_BYTES = 16384


class LastWordsRoom:
    """Room on disk for why a runner stopped: :data:`LAST_WORDS_BYTES` written as it
    starts, overwritten in place as it stops. A disk that filled while it sent (ENOSPC)
    still takes them there: overwriting needs no new block, where the log's appends may.
    Where the room cannot be made (the disk already full), :meth:`say` keeps nothing and
    the log alone tells. A context manager; :func:`last_words` reads it back."""

    def __init__(self, campaign_id: int) -> None:
        self._room: BinaryIO | None = None
        path = last_words_file(campaign_id)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            room = os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600), "r+b", buffering=0)
        except OSError:
            return
        try:
            if room.write(_NOTHING_SAID) == LAST_WORDS_BYTES:
                self._room = room
                return
        except OSError:
            pass
        room.close()

    def say(self, reason: Reason | None, sentence: str) -> None:
        """Keep ``reason`` (as a code) and ``sentence`` (English) as the runner's last words,
        replacing any said before."""
        if self._room is None:
            return
        lines = ([f"{REASON_PREFIX}{reason.stored()}"] if reason is not None else []) + [f"error: {sentence}"]
        said = "\n".join(lines).encode("utf-8", "replace")[:LAST_WORDS_BYTES]
        with contextlib.suppress(OSError):
            self._room.seek(0)
            self._room.write(said.ljust(LAST_WORDS_BYTES, b"\n"))

    def __enter__(self) -> LastWordsRoom:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._room is not None:
            with contextlib.suppress(OSError):
                self._room.close()
            self._room = None


_NOTHING_SAID = b"\n" * LAST_WORDS_BYTES  # blank lines: read back as no words


def start_runner(journal: Journal, campaign_id: int, *, api_key: str, base_url: str | None = None,
                 sandbox: bool = False, timeout: float | None = None,
                 secrets: Mapping[str, str] | None = None,
                 on_forgotten: Callable[[], None] = lambda: None) -> subprocess.Popen[bytes]:
    """Start the process that sends ``campaign_id`` and return it once it is the
    campaign's recorded sender (or has already ended well): holding the lock is not yet
    being named, and ``list`` or the window asked at once would show nobody sending.
    ``api_key`` goes to it in its environment (and ``secrets``, variables such as the SMS
    gateway's key); ``sandbox`` makes it start a built-in sandbox of its own. A Pause or
    Cancel asked before is forgotten first (unless senders are at work), and one asked
    from then on, while it starts, is honoured before its first request: ``on_forgotten()``
    is called (in this thread) once that holds, before the process starts. Raises
    RunnerFailed (with the log's last line) when the program cannot be started, exits at
    once, or does not start sending within :data:`START_TIMEOUT_SECONDS`."""
    log = runner_log(campaign_id)
    log.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # an earlier runner's words are not this one's
        last_words_file(campaign_id).unlink(missing_ok=True)
    from app.campaign.journal.errors import JournalError

    try:
        forget_earlier_stops(journal, campaign_id)
        on_forgotten()
    except JournalError as exc:
        raise RunnerFailed(exc.reason) from None
    env = {**os.environ, API_KEY_ENV: api_key, **(secrets or {}), **store_environment(journal), **_LOG_AS_WRITTEN}
    argv = runner_argv(campaign_id, base_url=base_url, sandbox=sandbox, timeout=timeout)
    with _private_log(log) as output:
        try:
            process = _spawn_detached(argv, output.fileno(), env)
        except OSError as exc:
            raise RunnerFailed(pause_reason("sender_not_started", detail=exc.strerror or exc)) from None
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if journal.senders(campaign_id):
            return process
        if process.poll() in _RAN:
            return process  # it already ended its run: every recipient final, or paused with its reason
        if process.returncode is not None:
            raise RunnerFailed(pause_reason("sender_stopped_at_once", status=process.returncode,
                                            detail=_last_line(log)))
        time.sleep(0.05)
    process.terminate()
    raise RunnerFailed(pause_reason("sender_slow", seconds=f"{START_TIMEOUT_SECONDS:.0f}", file=log))


def forget_earlier_stops(journal: Journal, campaign_id: int) -> None:
    """Before a sender of its own is started: forget a Pause asked of an earlier sender,
    unless senders are at work, looked for in the same transaction (Control.forget_stops):
    a stop asked of them stays theirs; one asked from then on is the new sender's. Raises
    JournalError."""
    journal.control.forget_stops(campaign_id, unless=lambda: journal.senders(campaign_id))


#: Exit statuses of a sender that ran its campaign (app/cli/__init__.py): every recipient
#: has a final outcome; the campaign stopped early, its reason in the journal (a follower
#: tells it). Any other status before it sends is a sender that could not start.
_RAN = (0, 3)


#: A background process's output reaches its log in the order it was written: its
#: stdout (progress, the summary) and stderr (the error line a follower reads back) share
#: the file, and a block-buffered stdout would land after the error at exit.
_LOG_AS_WRITTEN = {"PYTHONUNBUFFERED": "1"}


def _private_log(path: Path) -> BinaryIO:
    """``path`` opened to append, readable by its owner only (it names phones and errors)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)
    return os.fdopen(descriptor, "ab")


#: The hidden command that runs repeating campaigns in the background.
SERIES_RUNNER_COMMAND = "series-runner"


def series_runner_log() -> Path:
    """Where the series runner writes what it prints."""
    return paths.log_dir() / "series-runner.log"


def start_series_runner(journal: Journal, api_key: str | None,
                        secrets: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start the background process that runs this desktop's repeating campaigns when they
    are due (one at a time per state dir: a second one exits at once). ``api_key`` goes to
    it in its environment (it also looks in the keyring), with ``secrets`` (the SMS
    gateway's key, say). Raises RunnerFailed when the program cannot be started."""
    program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "app"]
    env = {**os.environ, **(secrets or {}), **store_environment(journal), **_LOG_AS_WRITTEN}
    if api_key:
        env[API_KEY_ENV] = api_key
    log = series_runner_log()
    with _private_log(log) as output:
        try:
            return _spawn_detached([*program, SERIES_RUNNER_COMMAND], output.fileno(), env)
        except OSError as exc:
            raise RunnerFailed(pause_reason("sender_not_started", detail=exc.strerror or exc)) from None


def store_environment(journal: Journal) -> dict[str, str]:
    """What a sending process needs in its environment to open ``journal``'s store: a
    team store's URL and, when this process was given it, its password (never argv)."""
    from app.campaign.journal.team import TeamJournal
    from app.jobs.store import STORE_ENV

    if not isinstance(journal, TeamJournal):
        return {}
    env = {STORE_ENV: journal.url}
    if journal.password:
        env["PGPASSWORD"] = journal.password
    return env


def remember_key(base_url: str, api_key: str) -> bool:
    """Keep ``api_key`` for ``base_url`` in the OS keyring, so a campaign interrupted by a
    reboot can be sent again at login (:func:`resume_due`); False where no keyring is."""
    from app.desktop.profiles import SecretStore

    store = SecretStore()
    if not store.persistent:
        return False
    store.set(_KEYRING_PROFILE, base_url, api_key)
    return True


def key_for(base_url: str) -> str | None:
    """The API key a background sender may send to ``base_url``: the environment's
    (SAFIR_API_KEY) for Bale's own service or this machine's sandbox, otherwise only the
    one kept for exactly that address (:func:`remember_key`). A campaign's address comes
    from the journal, which a team's members share: a key is never sent to an address
    someone else wrote there."""
    from urllib.parse import urlsplit

    from app.api import PRODUCTION_URL, is_loopback

    named = os.environ.get(API_KEY_ENV, "").strip()
    if named and (base_url.rstrip("/") == PRODUCTION_URL or is_loopback(urlsplit(base_url).hostname or "")):
        return named
    return remembered_key(base_url)


def remembered_key(base_url: str) -> str | None:
    """The API key kept for ``base_url`` by :func:`remember_key`, if any."""
    from app.desktop.profiles import SecretStore

    return SecretStore().get(_KEYRING_PROFILE, base_url)


_KEYRING_PROFILE = "background"


def _spawn_detached(argv: list[str], output: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start ``argv`` with no terminal, outside the caller's session or console (so
    closing the window or the terminal does not stop it) and at a lower CPU priority
    (:data:`BACKGROUND_NICENESS`)."""
    if sys.platform == "win32":
        flags = (subprocess.CREATE_NEW_PROCESS_GROUP | subprocess.DETACHED_PROCESS
                 | subprocess.BELOW_NORMAL_PRIORITY_CLASS)
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, env=env,
                                close_fds=True, creationflags=flags)
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, env=env,
                               close_fds=True, start_new_session=True)
    niceness = min(19, os.getpriority(os.PRIO_PROCESS, 0) + BACKGROUND_NICENESS)
    try:  # after the start, not in preexec_fn: the window starts senders from a worker thread
        os.setpriority(os.PRIO_PROCESS, process.pid, niceness)
    except OSError:
        pass  # already gone (it sent nothing, or everything): its exit status says so
    _lower_session_priority(process.pid, niceness)
    return process


def _lower_session_priority(pid: int, niceness: int) -> None:
    """Give the autogroup of ``pid``'s session the nice value ``niceness`` (Linux with
    CONFIG_SCHED_AUTOGROUP, on by default in most desktop kernels: the scheduler shares the
    CPU between sessions first, so a process's own nice value ranks it only within its
    session; see sched(7), "The autogroup feature"). Nothing happens elsewhere, or when
    the process is already gone, or is in the caller's own autogroup (some containers'
    kernels give a new session no group of its own). A caller in no autogroup (its file is
    empty: a process that never started a session since boot, as in many containers) is in
    the default group, which is not the sender's."""
    autogroup = PROC / str(pid) / "autogroup"
    if not sys.platform.startswith("linux") or not autogroup.exists():
        return
    try:
        # "/autogroup-123 nice 0": never the caller's own group (the window would yield too).
        theirs = autogroup_name(autogroup.read_text(encoding="ascii"))
        if not theirs or theirs == autogroup_name((PROC / "self" / "autogroup").read_text(encoding="ascii")):
            return
        try:
            autogroup.write_text(str(niceness), encoding="ascii")
        except BlockingIOError:  # unprivileged, the kernel takes one such change per 0.1 s
            time.sleep(AUTOGROUP_RETRY_SECONDS)
            autogroup.write_text(str(niceness), encoding="ascii")
    except OSError:
        pass  # gone already, or a kernel that refuses it: the process's own nice value stands


def autogroup_name(shown: str) -> str:
    """The group's name in what ``/proc/<pid>/autogroup`` shows ("/autogroup-123 nice 0" gives
    "/autogroup-123"); "" for a process in the default group, whose file is empty."""
    words = shown.split()
    return words[0] if words else ""


def last_words(campaign_id: int) -> Reason | None:
    """Why the runner of ``campaign_id`` stopped when it ended with an error: what it kept
    in its :class:`LastWordsRoom`, else its log's last lines (a ``reason:`` line, JSON:
    app.reasons.Reason, or the ``error:`` line's words); None when it said no error last.
    A runner that could not even record its pause (a full disk) is still understood."""
    for said in (last_words_file(campaign_id), runner_log(campaign_id)):
        try:
            lines = [line for line in said.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
        except OSError:
            continue
        if not lines or not lines[-1].startswith("error: "):
            continue
        if len(lines) > 1 and lines[-2].startswith(REASON_PREFIX):
            return Reason.from_stored(lines[-2].removeprefix(REASON_PREFIX))
        return Reason.said(lines[-1].removeprefix("error: "))
    return None


def _last_line(log: Path) -> str:
    try:
        lines = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    except OSError:
        return f"see {log}"
    return lines[-1].removeprefix("error: ") if lines else f"nothing was logged (see {log})"
