"""The sandbox's accounts, limits and delivered messages, written from the spec.

Deliberately independent of :mod:`app.api`: its rules are read from the service's
published spec and what production is known to do beyond it, so a mistake in the client's
validation cannot hide behind the same mistake here.
"""

from __future__ import annotations

import re
import secrets
import time
import uuid
from collections import defaultdict, deque
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from app.sandbox.ledger import Ledger

DEMO_CLIENT_ID = "demo"
DEMO_CLIENT_SECRET = "demo-secret"
DEMO_API_KEY = "demo-api-key"
#: The SMS gateway's demo key and sender line (app/sandbox/sms.py).
DEMO_SMS_KEY = "demo-sms-key"
DEMO_SMS_SENDER = "10004346"
DEMO_BOT_ID = 1001
DEMO_BALANCE = 10_000

PLACEHOLDER = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")


@dataclass
class Template:
    """A template defined in the business panel (spec 2.10)."""

    template_id: str
    body: str
    category: str  # "service" or "promotional"

    @property
    def fields(self) -> set[str]:
        return set(PLACEHOLDER.findall(self.body))


@dataclass
class Account:
    """One organisation: v2 credentials, v3 key, balance (messages), bots by id with
    their names, and templates by id."""

    client_id: str = DEMO_CLIENT_ID
    client_secret: str = DEMO_CLIENT_SECRET
    api_key: str = DEMO_API_KEY
    balance: int = DEMO_BALANCE
    bots: dict[int, str] = field(default_factory=lambda: {DEMO_BOT_ID: "فروشگاه نمونه"})
    templates: dict[str, Template] = field(
        default_factory=lambda: {
            "welcome": Template("welcome", "سلام {{name}}، به {{shop}} خوش آمدید", "service"),
            "sale": Template("sale", "{{name}} عزیز، تخفیف {{percent}} درصدی {{shop}} تا {{date}}", "promotional"),
        }
    )


@dataclass
class Settings:
    """Everything that shapes the sandbox's behaviour. A limit of 0 is off.

    Rates are requests per minute (per account) and per second (burst); ``latency_ms``
    is added to every answer; ``token_ttl`` is in seconds; fault rates are shares of
    sending requests in [0, 1]; ``fault_hold_s`` is how long a "timeout" fault holds
    its answer. The top-level ``client_id``/``client_secret``/``api_key``/``balance``
    describe the first account (the demo one unless overridden).
    """

    client_id: str = DEMO_CLIENT_ID
    client_secret: str = DEMO_CLIENT_SECRET
    api_key: str = DEMO_API_KEY
    balance: int = DEMO_BALANCE
    extra_accounts: list[Account] = field(default_factory=list)
    no_account_suffix: str = "0000"
    no_account_numbers: set[str] = field(default_factory=set)
    token_ttl: int = 43200
    otp_per_phone_per_hour: int = 30
    rate_per_minute: int = 300
    burst_per_second: int = 20
    contact_limit: int = 0
    max_upload_bytes: int = 500 * 1024 * 1024
    latency_ms: int = 0
    fault_5xx: float = 0.0
    fault_timeout: float = 0.0
    fault_reset: float = 0.0
    fault_hold_s: float = 5.0
    seed: int | None = None
    bots: dict[int, str] | None = None
    templates: dict[str, Template] | None = None
    jwt_key: str = field(default_factory=lambda: secrets.token_hex(32))
    #: Folder of the on-disk ledger; None keeps everything in memory.
    data_dir: Path | None = None
    #: The SMS gateway it imitates (Kavenegar's REST interface, docs/sandbox.md): its API
    #: key, sender line, credit (rials), cost of one part (rials), seconds until a message is
    #: delivered, numbers ending in these suffixes blocked by their owner or undelivered,
    #: and the share of sends processed, then answered after ``fault_hold_s``.
    sms_api_key: str = DEMO_SMS_KEY
    sms_sender: str = DEMO_SMS_SENDER
    sms_credit: int = 1_000_000
    sms_part_cost: int = 120
    sms_delivery_s: float = 2.0
    sms_blocked_suffix: str = "0099"
    sms_undelivered_suffix: str = "0098"
    sms_fault_timeout: float = 0.0

    def accounts(self) -> list[Account]:
        """Every account, the first built from the top-level fields."""
        first = Account(self.client_id, self.client_secret, self.api_key, self.balance)
        if self.bots is not None:
            first.bots = dict(self.bots)
        if self.templates is not None:
            first.templates = dict(self.templates)
        return [first, *self.extra_accounts]


@dataclass
class Delivered:
    """A message as its recipient sees it."""

    message_id: str
    request_id: str | None
    bot_id: int
    phone_number: str
    kind: str
    text: str
    is_secure: bool
    delivered_at: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class SlidingWindow:
    """Counts events in the last ``span`` seconds, per key."""

    def __init__(self, span: float) -> None:
        self.span = span
        self._events: dict[Any, deque[float]] = defaultdict(deque)

    def count(self, key: Any, now: float) -> int:
        events = self._events[key]
        while events and events[0] <= now - self.span:
            events.popleft()
        return len(events)

    def add(self, key: Any, now: float) -> None:
        self._events[key].append(now)


class AccountState:
    """What changes for one account: balance, contacts per bot, answers by request_id."""

    def __init__(self, account: Account) -> None:
        self.account = account
        self.balance = account.balance
        self.answers: dict[str, tuple[int, dict[str, Any]]] = {}
        self.contacts: dict[int, set[str]] = defaultdict(set)


class SandboxState:
    """Mutable state of one sandbox: accounts, delivered messages, uploaded files and
    counters. Accessed only from the sandbox's event loop thread."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.accounts = [AccountState(a) for a in settings.accounts()]
        self.by_key = {a.account.api_key: a for a in self.accounts}
        self.by_client = {a.account.client_id: a for a in self.accounts}
        self.messages: list[Delivered] = []
        self.files: dict[str, dict[str, Any]] = {}
        self.errors_by_code: dict[int, int] = defaultdict(int)
        #: v3 sending requests with a valid key since the start, and those answered again
        #: from an earlier answer to the same request_id (spec 8).
        self.sending_requests = 0
        self.repeated_requests = 0
        self.otp_per_phone = SlidingWindow(3600.0)
        self.per_minute = SlidingWindow(60.0)
        self.per_second = SlidingWindow(1.0)
        self.ledger = Ledger(settings.data_dir) if settings.data_dir is not None else None
        if self.ledger is not None:
            self._load(self.ledger)

    def _load(self, ledger: Ledger) -> None:
        """Take up where a sandbox on the same data folder left off."""
        self.settings.jwt_key = ledger.meta("jwt_key", self.settings.jwt_key)
        balances = ledger.balances()
        for account in self.accounts:
            account.balance = balances.get(account.account.client_id, account.balance)
            account.answers.update(ledger.answers(account.account.api_key))
            for bot_id, phone in ledger.contacts(account.account.api_key):
                account.contacts[bot_id].add(phone)
        self.messages = [Delivered(**m) for m in ledger.messages()]
        self.errors_by_code.update(ledger.errors())
        self.files.update(ledger.files())

    def count_error(self, code: int) -> None:
        """One more answer with error ``code``."""
        self.errors_by_code[code] += 1
        if self.ledger is not None:
            self.ledger.error(code, self.errors_by_code[code])

    def remember_answer(self, account: AccountState, request_id: str, status: int, answer: dict[str, Any]) -> None:
        """The first answer to ``request_id``, given again to every repeat (spec 8)."""
        account.answers[request_id] = (status, answer)
        if self.ledger is not None:
            self.ledger.answered(account.account.api_key, request_id, status, answer)

    def add_file(self, file_id: str, info: dict[str, Any]) -> None:
        self.files[file_id] = info
        if self.ledger is not None:
            self.ledger.file(file_id, info)

    @staticmethod
    def now() -> float:
        return time.monotonic()

    def rate_limited(self, account: AccountState) -> bool:
        """Record one sending request; True when it breaks the per-minute or burst limit."""
        now = self.now()
        s = self.settings
        key = account.account.api_key
        if s.burst_per_second and self.per_second.count(key, now) >= s.burst_per_second:
            return True
        if s.rate_per_minute and self.per_minute.count(key, now) >= s.rate_per_minute:
            return True
        self.per_second.add(key, now)
        self.per_minute.add(key, now)
        return False

    def has_account(self, phone: str) -> bool:
        s = self.settings
        return phone not in s.no_account_numbers and not (s.no_account_suffix and phone.endswith(s.no_account_suffix))

    def contact_allowed(self, account: AccountState, bot_id: int, phone: str) -> bool:
        """Spec code 21: a bot may reach at most ``contact_limit`` distinct phones."""
        limit = self.settings.contact_limit
        known = account.contacts[bot_id]
        return not limit or phone in known or len(known) < limit

    def deliver(self, account: AccountState, *, request_id: str | None, bot_id: int, phone: str, kind: str,
                text: str, is_secure: bool, message_id: str | None = None) -> Delivered:
        """Store a delivered message and charge one message from the account's balance."""
        account.balance -= 1
        account.contacts[bot_id].add(phone)
        message = Delivered(
            message_id=message_id or str(uuid.uuid4()),
            request_id=request_id,
            bot_id=bot_id,
            phone_number=phone,
            kind=kind,
            text=text,
            is_secure=is_secure,
            delivered_at=datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
        )
        self.messages.append(message)
        if self.ledger is not None:
            self.ledger.delivered(message.to_json(), account.account.client_id, account.balance,
                                  account.account.api_key, bot_id, phone)
        return message

    def snapshot(self) -> dict[str, Any]:
        """The body of GET /sandbox/state."""
        per_phone: dict[str, int] = defaultdict(int)
        for message in self.messages:
            per_phone[message.phone_number] += 1
        return {
            "balance": self.accounts[0].balance,
            "balances": {a.account.client_id: a.balance for a in self.accounts},
            "messages": len(self.messages),
            "messages_per_phone": dict(per_phone),
            "errors_by_code": {str(k): v for k, v in sorted(self.errors_by_code.items())},
            "files": len(self.files),
            "sending_requests": self.sending_requests,
            "repeated_requests": self.repeated_requests,
        }
