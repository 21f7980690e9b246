"""What every panel shares: the journal (and its calls off the window's thread), the
settings, the secrets and the current connection (profile). Plain Python; the panels
adapt it."""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from app.api import PRODUCTION_URL, SafirClient, Timeouts, register_secret
from app.campaign import Journal, JournalError
from app.campaign.journal import Member, TeamRole
from app.campaign.journal.team import TeamJournal
from app.desktop.profiles import Profile, SecretStore
from app.jobs.series import balance_entries
from app.jobs.store import STORE_ENV, store_location, use_store
from app.ui.journal_calls import WindowJournal
from app.ui.settings import UiSettings

log = logging.getLogger(__name__)

DEMO_PROFILE = "Sandbox (demo)"
#: The name of the connection used while no profile is saved: the service itself.
DEFAULT_PROFILE = "production"

#: What a team shares instead of each desktop's own settings (docs/team.md).
TEAM_SETTINGS = ("templates", "prices", "balance_history")


@dataclass(frozen=True)
class TeamView:
    """What the window knows of its store's team, read at once: who uses the window
    (None when the store did not say) and the team's shared settings by key (absent:
    none set, or not a team store)."""

    member: Member | None
    shared: dict[str, Any]


def read_team(journal: Journal) -> TeamView:
    """Who uses ``journal`` and its team's shared settings (:data:`TEAM_SETTINGS`); a
    store that does not answer is logged and leaves the part unknown. It reads the store:
    call it in a worker thread (:meth:`AppContext.refresh_team`), or at start-up."""
    try:
        member: Member | None = journal.who()
    except JournalError as exc:
        log.warning("the team store did not say who this is: %s", exc)
        member = None
    shared: dict[str, Any] = {}
    if isinstance(journal, TeamJournal):
        for key in TEAM_SETTINGS:
            try:
                value = journal.shared.get(key)
            except JournalError as exc:
                log.warning("the team's %s could not be read: %s", key, exc)
                continue
            if value is not None:
                shared[key] = value
    return TeamView(member, shared)


@dataclass
class Connection:
    """The service the window talks to, with its credentials (secrets never shown)."""

    name: str
    base_url: str
    api_key: str | None
    client_id: str = ""
    client_secret: str | None = None
    bots: dict[int, str] = field(default_factory=dict)
    demo: bool = False
    sms_api_key: str | None = None  # the SMS gateway's (docs/sms.md); None: the environment's
    sms_sender: str = ""

    def __post_init__(self) -> None:
        for secret in (self.api_key, self.client_secret, self.sms_api_key):
            register_secret(secret)

    def __repr__(self) -> str:
        return (f"Connection(name={self.name!r}, base_url={self.base_url!r}, api_key='***', "
                f"client_id={self.client_id!r}, client_secret='***', bots={self.bots!r}, demo={self.demo!r})")


class AppContext:
    """Shared state of the window: ``journal``, ``settings``, ``secrets``, ``connection``
    and, in demo mode, the sandbox's templates preloaded into the library."""

    def __init__(self, journal: Journal, settings: UiSettings, secrets: SecretStore,
                 connection: Connection | None = None) -> None:
        self.journal = journal
        #: The journal's calls, each in a worker thread (the window's only way to it).
        self.store = WindowJournal(lambda: self.journal)
        self._team = TeamView(None, {})
        self._saves = 0  # the team settings this window saved: a read begun before one is stale
        #: Why the window is not on this desktop's team store, when it could not be opened (a reason, as stored).
        self.store_problem: str | None = None
        self.settings = settings
        self.secrets = secrets
        #: The built-in sandbox's connection when the window runs on it: it stays a
        #: profile to go back to after trying another one.
        self.demo_connection = connection if connection is not None and connection.demo else None
        self.connection = connection or self.connection_for(settings.get("current_profile"))

    # -- who --------------------------------------------------------------------------

    def load_team(self) -> None:
        """Read who uses the window and the team's shared settings now: at start-up,
        before the window's loop runs (afterwards: :meth:`refresh_team`)."""
        self._team = self.store.at_start_up(read_team)

    async def refresh_team(self) -> None:
        """Read who uses the window and the team's shared settings again, in a worker
        thread (what another desktop saved shows here); what this window saved meanwhile
        stands."""
        saves = self._saves
        read = await self.store.in_thread(read_team)
        self._team = read if saves == self._saves else TeamView(read.member, self._team.shared)

    def member(self) -> Member:
        """Who uses the window: a team store's login and role, or this OS account, who may
        do everything on its own journal. A store that has not said: "?", as a viewer,
        until it does (:meth:`refresh_team`)."""
        return self._team.member or Member("?", "viewer")

    def may(self, role: TeamRole) -> bool:
        """Whether the window's member may do what ``role`` may (the store decides anyway)."""
        return self.member().may(role)

    # -- profiles ---------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        return [Profile.from_json(p) for p in self.settings.get("profiles")]

    def save_profile(self, profile: Profile, client_secret: str | None, api_key: str | None,
                     sms_api_key: str | None = None) -> None:
        """Store a profile (secrets to the keyring; None leaves a secret as it is)."""
        profiles = [p for p in self.profiles() if p.name != profile.name] + [profile]
        self.settings.set("profiles", [p.to_json() for p in profiles])
        for name, secret in (("client_secret", client_secret), ("api_key", api_key), ("sms_api_key", sms_api_key)):
            if secret is not None:
                self.secrets.set(profile.name, name, secret)

    def delete_profile(self, name: str) -> None:
        self.settings.set("profiles", [p.to_json() for p in self.profiles() if p.name != name])
        for secret in ("client_secret", "api_key", "sms_api_key"):
            self.secrets.delete(name, secret)

    def connection_for(self, name: str) -> Connection:
        """The connection of profile ``name``; the environment's SAFIR_API_KEY fills a
        missing key. Without profiles: production, key from the environment."""
        if name == DEMO_PROFILE and self.demo_connection is not None:
            return self.demo_connection
        profile = next((p for p in self.profiles() if p.name == name), None)
        env_key = os.environ.get("SAFIR_API_KEY") or None
        if profile is None:
            return Connection(name or DEFAULT_PROFILE, PRODUCTION_URL, env_key)
        return Connection(
            profile.name, profile.base_url, self.secrets.get(profile.name, "api_key") or env_key,
            profile.client_id, self.secrets.get(profile.name, "client_secret"), dict(profile.bots),
            sms_api_key=self.secrets.get(profile.name, "sms_api_key"), sms_sender=profile.sms_sender,
        )

    def use_profile(self, name: str) -> None:
        """Send as profile ``name`` from now on; its team store becomes this desktop's
        store (app.jobs.store) for the processes started from now on and the window's next start."""
        if name != DEMO_PROFILE:  # the sandbox is this session's; the saved choice stays a real profile
            self.settings.set("current_profile", name)
            profile = next((p for p in self.profiles() if p.name == name), None)
            if profile is not None and not os.environ.get(STORE_ENV):
                with contextlib.suppress(OSError):
                    use_store(profile.team_store or None)
        self.connection = self.connection_for(name)

    def store_changed(self) -> bool:
        """True when this desktop's store (app.jobs.store) is no longer the one the window opened."""
        location = store_location()
        return (location or None) != (getattr(self.journal, "url", None) or None)

    def client(self, timeout: float | None = None) -> SafirClient:
        """A client of the current connection (the caller closes it)."""
        c = self.connection
        timeouts = Timeouts() if timeout is None else Timeouts(timeout, timeout, timeout, timeout)
        return SafirClient(c.base_url, api_key=c.api_key, client_id=c.client_id or None,
                           client_secret=c.client_secret, timeouts=timeouts)

    # -- templates, prices, balance -------------------------------------------------------

    # On a team store these are the team's (docs/team.md); until the team has set one, this
    # desktop's own stands in (and becomes the team's when saved). A store that does not
    # answer leaves this desktop's own in use, logged.

    def _shared(self, key: str) -> Any:
        return self._team.shared.get(key)

    def _share(self, key: str, value: Any) -> None:
        self.settings.set(key, value)
        if isinstance(self.journal, TeamJournal):
            self._team = TeamView(self._team.member, {**self._team.shared, key: value})
            self._saves += 1
            self.store.soon(lambda journal: journal.shared.set(key, value), f"the team's {key}")

    def templates(self) -> list[dict[str, str]]:
        """The template library (the team's, on a team store): ``template_id``, ``body``,
        ``category``."""
        shared = self._shared("templates")
        return list(shared if shared is not None else self.settings.get("templates"))

    def save_templates(self, templates: list[dict[str, str]]) -> None:
        self._share("templates", templates)

    def prices(self) -> dict[str, float]:
        """Prices per template category, and of one SMS part (``sms_part``; the team's, on a
        team store)."""
        shared = self._shared("prices")
        return {**{"service": 0.0, "promotional": 0.0, "message": 0.0, "sms_part": 0.0},
                **(shared if shared is not None else self.settings.get("prices"))}

    def save_prices(self, prices: dict[str, float]) -> None:
        self._share("prices", prices)

    def record_balance(self, balance: int, at: datetime | None = None) -> None:
        """Remember a balance the service reported (only send_otp reports one); on a team
        store, in the team's history."""
        entry = {"at": (at or datetime.now(timezone.utc)).isoformat(timespec="seconds"), "balance": balance,
                 "profile": self.connection.name}
        history = self.settings.get("balance_history")
        self.settings.set("balance_history", [*history, entry][-200:])
        if isinstance(self.journal, TeamJournal):
            shared = self._team.shared.get("balance_history") or []
            self._team = TeamView(self._team.member, {**self._team.shared,
                                                      "balance_history": [*shared, entry][-200:]})
            self._saves += 1
            self.store.soon(lambda journal: journal.shared.append("balance_history", entry, keep=200),
                            "the team's balance history")

    def balance_history(self) -> list[dict[str, Any]]:
        """The balances reported to this profile; on a team store, to the whole team (one
        account, whatever each desktop calls its profile)."""
        shared = self._shared("balance_history")
        if shared is not None:
            return balance_entries(shared)
        return balance_entries([h for h in self.settings.get("balance_history")
                                if isinstance(h, dict) and h.get("profile") == self.connection.name])
