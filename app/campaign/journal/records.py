"""What the journal holds: states, statuses and the rows of campaigns and recipients."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum, StrEnum
from typing import Any

from app.campaign.journal.keys import to_json
from app.reasons import Reason, reason_words

#: Per-recipient errors that no retry can fix: invalid input, invalid phone, not a Bale user.
PERMANENT_CODES = frozenset({4, 8, 17})


class RepeatPolicy(Enum):
    """What creation does with rows that repeat a recent campaign's message."""

    REFUSE = "refuse"
    ONLY_NEW = "only_new"
    ALLOW = "allow"



class RecipientState(StrEnum):
    """Recipient states: pending → in_flight → sent | failed | unknown; skipped for rows
    that are never sent. The values are what the journal stores."""

    PENDING = "pending"
    IN_FLIGHT = "in_flight"
    SENT = "sent"
    FAILED = "failed"
    UNKNOWN = "unknown"
    SKIPPED = "skipped"


class Channel(StrEnum):
    """How a recipient is sent: by the service (Bale), or by SMS when the service said it
    has no Bale account and its campaign sends those by SMS (docs/sms.md)."""

    BALE = "bale"
    SMS = "sms"


class CampaignStatus(StrEnum):
    """Campaign statuses (``creating``: rows are still being written; invisible and
    unsendable until the last chunk commits)."""

    CREATING = "creating"
    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class NewRecipient:
    """A row to store at creation: ``message_data`` is the wire JSON for valid rows and
    None for rows that will be skipped (their ``verdict`` says why)."""

    row: int
    phone_input: str
    phone: str | None
    verdict: str
    reason: str | None
    message_data: dict[str, Any] | None
    request_id: str | None = None  # None: a new one; a retry campaign passes its parent's
    channel: str = "bale"  # a follow-up campaign keeps its parent's row's channel (a Channel value)
    #: ``message_data`` already as the JSON text stored (a sheet rendered column by column,
    #: app/campaign/render_columns.py); stored instead of ``message_data`` when set.
    message_json: str | None = None

    @property
    def stored_message(self) -> str | None:
        """The message's JSON text as the journal stores it; None for a row with no message."""
        if self.message_json is not None:
            return self.message_json
        return None if self.message_data is None else to_json(self.message_data)


@dataclass(frozen=True)
class RecipientColumns:
    """Rows to store at creation as columns, a slice of a sheet at a time (what a
    :class:`NewRecipient` holds, a list a field, a value a row): ``messages`` are the wire
    JSON texts, None for rows that will be skipped. New request ids, the ``bale`` channel."""

    rows: list[int]
    phone_inputs: list[str]
    phones: list[str | None]
    verdicts: list[str]
    reasons: list[str | None]
    messages: list[str | None]

    def __post_init__(self) -> None:
        if len({len(self.rows), len(self.phone_inputs), len(self.phones), len(self.verdicts), len(self.reasons),
                len(self.messages)}) != 1:
            raise ValueError("every column of a batch of recipients has a value a row")


@dataclass(frozen=True)
class Campaign:
    """One campaign's row of the journal."""

    id: int
    created_at: str
    name: str
    source_path: str | None
    kind: str
    content: dict[str, Any]
    bot_id: int
    rate_per_minute: float
    in_flight: int
    base_url: str
    status: str
    status_reason: str | None
    parent_id: int | None
    quiet_start: str | None = None
    quiet_end: str | None = None
    time_zone: str = "Asia/Tehran"
    start_at: str | None = None
    updated_at: str | None = None
    content_hash: str | None = None
    runner: str | None = None  # "pid@host" of the process sending it, while one does
    stop_request: str | None = None  # a StopRequest another process asked for
    stop_reason: str | None = None
    created_by: str | None = None  # the OS user who made it
    created_on: str | None = None  # the machine it was made on
    ignore_cap: int = 0  # 1: the frequency cap does not apply to it
    approval: str | None = None  # an Approval, when campaigns need one
    approval_note: str | None = None  # why it was rejected
    approved_by: str | None = None  # "user@machine" who approved or rejected it
    series_id: int | None = None  # the repeating campaign it is a run of
    pace_per_minute: float | None = None  # its sender's pace now (0: unpaced; None: not told yet)
    pace_slowed: int = 0  # 1: the service's limit holds that pace under the set rate
    ready_seq: int | None = None  # its place in the store's order of becoming ready
    pace_limit: float | None = None  # the service's limit as its sender learned it (messages a minute)
    pace_sharing: int = 0  # other campaigns sending with the same key, as its sender saw
    test_send: int = 0  # 1: a test of a draft, counted by neither the frequency cap nor the repeat guard
    sms_fallback: str | None = None  # the opt-out line of its SMS fallback ('' none); None: no fallback

    @property
    def reason(self) -> Reason | None:
        """Why it has its status (``status_reason`` as stored; None: no reason given)."""
        return Reason.from_stored(self.status_reason)

    @property
    def title(self) -> str:
        """Its name in English: one the app gave (app.reasons.campaign_name) in words, a
        sheet's file name as it is."""
        return reason_words(self.name) or ""


class StopRequest(StrEnum):
    """What another process asked the sender of a campaign to do."""

    PAUSE = "pause"
    CANCEL = "cancel"


#: SQL (a ``SET`` clause's assignments) that forgets a Pause asked of an earlier sender but keeps a Cancel:
#: a campaign cancelled while its sender was frozen or killed stays to be cancelled by
#: whichever sender starts next, never sent (both engines read the row's old values).
FORGET_PAUSE = ("stop_request = CASE WHEN stop_request = 'cancel' THEN stop_request END,"
                " stop_reason = CASE WHEN stop_request = 'cancel' THEN stop_reason END")


class RepeatFound(Exception):
    """``count`` of a new campaign's ``total`` recipients already got the same message
    from the same bot and service in a recent campaign, or are still to get it from one
    that is not cancelled (``waiting`` of the ``count``); ``earlier`` is the newest such."""

    def __init__(self, earlier: Campaign, count: int, total: int, waiting: int = 0) -> None:
        still = f" ({waiting} of them still to get it)" if waiting else ""
        super().__init__(f"{count} of {total} recipients already got this message{still}; "
                         f"latest: campaign {earlier.id}")
        self.earlier, self.count, self.total, self.waiting = earlier, count, total, waiting


@dataclass(frozen=True)
class Recipient:
    """One recipient's row of the journal."""

    campaign_id: int
    row: int
    phone_input: str
    phone: str | None
    verdict: str
    reason: str | None
    message_data: dict[str, Any] | None
    request_id: str | None
    state: str
    attempts: int
    error_code: int | None
    error: str | None
    message_id: str | None
    #: The fencing token of this sender's claim (the team store: every claim raises it and
    #: every write of the row's state checks it); 0 on the embedded store.
    lease_epoch: int = 0
    #: How it is sent (a Channel value), and its SMS's delivery status (an SmsDelivery value).
    channel: str = "bale"
    sms_status: str | None = None


class TeamRole(StrEnum):
    """A team store member's group role, weakest first: each includes the ones before it
    (docs/team.md, "Members and roles")."""

    VIEWER = "viewer"
    SENDER = "sender"
    APPROVER = "approver"
    ADMIN = "admin"


_RANKS = {"viewer": 1, "sender": 2, "approver": 3, "admin": 4, "owner": 5}


@dataclass(frozen=True)
class Member:
    """Who acts on a journal: ``name`` (a team store login, or this desktop's OS account)
    and ``role`` (a TeamRole value; ``owner`` may do everything: the team store's owner,
    or the one user of an embedded journal; ``none``: no role)."""

    name: str
    role: str

    def may(self, role: TeamRole) -> bool:
        """True when this member's role includes ``role``."""
        return _RANKS.get(self.role, 0) >= _RANKS[role]


@dataclass(frozen=True)
class Capped:
    """An in-flight mark the frequency cap refused: the number already got (or may have
    got) ``count`` messages in the cap's ``days``; the row is now skipped as ``capped``."""

    count: int
    days: int


#: What marking a recipient in flight gave: the attempt's id; Capped; or None when the
#: sender no longer holds the recipient's lease (another sender took it over).
MarkResult = int | Capped | None


@dataclass(frozen=True)
class Outcome:
    """A recipient's outcome to record (``state`` a RecipientState value), the attempt it
    closes (``attempt_id``, ``now`` in Unix seconds), what the service answered
    (``message_id``, or ``error_code`` and ``error``), and the fence: on a team store it
    is written only while ``owner`` holds the recipient under ``lease_epoch``."""

    campaign_id: int
    row: int
    state: str
    attempt_id: int | None = None
    now: float | None = None
    message_id: str | None = None
    error_code: int | None = None
    error: str | None = None
    owner: str | None = None
    lease_epoch: int | None = None


@dataclass(frozen=True)
class Counts:
    """One campaign's recipients per state (sent + failed + unknown + skipped + pending +
    in_flight = :attr:`total`, always)."""

    pending: int = 0
    in_flight: int = 0
    sent: int = 0
    failed: int = 0
    unknown: int = 0
    skipped: int = 0

    @classmethod
    def of(cls, per_state: dict[str, int]) -> Counts:
        """From counts keyed by RecipientState values (``total`` and others ignored)."""
        return cls(**{state.value: int(per_state.get(state.value, 0)) for state in RecipientState})

    @property
    def total(self) -> int:
        return self.pending + self.in_flight + self.sent + self.failed + self.unknown + self.skipped

    @property
    def not_sent(self) -> int:
        """Pending or in flight: no answer yet, never asked or interrupted."""
        return self.pending + self.in_flight

    @property
    def to_send(self) -> int:
        """Still needing a request (:data:`STATES_TO_SEND`)."""
        return self.pending + self.in_flight + self.unknown

    def per_state(self) -> dict[str, int]:
        """A run's tally of them (app.campaign.progress): RecipientState value → number,
        plus ``total``."""
        return {**{state.value: getattr(self, state.value) for state in RecipientState}, "total": self.total}


@dataclass(frozen=True)
class Summary:
    """The reconciliation of a campaign: its :class:`Counts`, failed and unknown
    recipients per error code, and the skipped per verdict (the most first)."""

    counts: Counts
    errors_by_code: dict[int, int]
    skipped_by_verdict: dict[str, int]


#: States that still need a request (``unknown``: the answer was lost; re-sending under
#: the same request_id is safe for v3).
STATES_TO_SEND = (RecipientState.IN_FLIGHT, RecipientState.UNKNOWN, RecipientState.PENDING)


def os_account() -> str:
    """The OS account this process runs as, from its user id (``pwd``; on Windows the
    logon name): never ``$USER`` or ``$LOGNAME``, which anyone can set."""
    try:
        import pwd
    except ImportError:  # Windows: GetUserNameW, not the environment
        try:
            return os.getlogin()
        except OSError:
            return "?"
    try:
        return pwd.getpwuid(os.getuid()).pw_name
    except KeyError:  # a uid without a name in the password database
        return str(os.getuid())


def actor() -> tuple[str, str]:
    """Who acts, as the embedded journal records it: (OS account, machine name). A team
    store records its members as database roles instead (docs/team.md)."""
    return os_account(), socket.gethostname()


def now_text() -> str:
    """Now, UTC, as the journal stores instants (ISO 8601, milliseconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")

