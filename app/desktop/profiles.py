"""Connection profiles and their secrets.

A profile (name, base URL, v2 client id, bots) is plain data the window persists in its
settings; its secrets (v2 client secret, v3 API access key) live only in the OS keyring
through ``keyring``. Where no keyring backend exists, secrets are kept in memory for the
session and :attr:`SecretStore.persistent` says so.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Any

import keyring
from keyring.errors import KeyringError

from app import APP_NAME
from app.api.addresses import PRODUCTION_URL

log = logging.getLogger(__name__)

@dataclass
class Profile:
    """Where and as whom to send: ``bots`` maps bot id to a name the user chose."""

    name: str
    base_url: str = PRODUCTION_URL
    client_id: str = ""
    bots: dict[int, str] = field(default_factory=dict)
    #: The team store the profile's team shares (a postgresql:// URL without the password,
    #: which the keyring keeps); "" for this desktop's own journal (docs/team.md).
    team_store: str = ""
    #: The SMS gateway's sender line for the fallback (its key is the keyring's; docs/sms.md).
    sms_sender: str = ""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = {str(k): v for k, v in self.bots.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Profile:
        return cls(
            name=str(data.get("name", "")),
            base_url=str(data.get("base_url", PRODUCTION_URL)),
            client_id=str(data.get("client_id", "")),
            bots={int(k): str(v) for k, v in dict(data.get("bots", {})).items()},
            team_store=str(data.get("team_store", "")),
            sms_sender=str(data.get("sms_sender", "")),
        )


class SecretStore:
    """Secrets per profile: the OS keyring when one exists, otherwise this session only."""

    def __init__(self, service: str = APP_NAME) -> None:
        self.service = service
        self._session: dict[tuple[str, str], str] = {}
        backend = keyring.get_keyring()
        self.persistent = (backend.priority or 0) > 0 and "fail" not in type(backend).__module__
        self.backend_name = type(backend).__name__

    def _key(self, profile: str, name: str) -> str:
        return f"{profile}:{name}"

    def get(self, profile: str, name: str) -> str | None:
        """The secret ``name`` (client_secret, api_key or sms_api_key) of ``profile``, or None."""
        if (profile, name) in self._session:
            return self._session[(profile, name)]
        if not self.persistent:
            return None
        try:
            return keyring.get_password(self.service, self._key(profile, name))
        except KeyringError as exc:
            log.warning("keyring read failed: %s", type(exc).__name__)
            return None

    def set(self, profile: str, name: str, value: str) -> None:
        """Store a secret (an empty value deletes it)."""
        if not value:
            self.delete(profile, name)
            return
        if self.persistent:
            try:
                keyring.set_password(self.service, self._key(profile, name), value)
                self._session.pop((profile, name), None)
                return
            except KeyringError as exc:
                log.warning("keyring write failed, keeping the secret for this session: %s", type(exc).__name__)
        self._session[(profile, name)] = value

    def delete(self, profile: str, name: str) -> None:
        self._session.pop((profile, name), None)
        if self.persistent:
            try:
                keyring.delete_password(self.service, self._key(profile, name))
            except KeyringError:
                pass
