"""The campaign lock: one sender per campaign, across processes (a file lock beside the
journal, released by the operating system when its holder dies)."""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Generator
from pathlib import Path

from filelock import FileLock, Timeout

from app.campaign.journal import Journal


class CampaignLocked(RuntimeError):
    """Another process is sending this campaign."""


def runner_identity() -> str:
    """This process as the journal names a campaign's sender: ``"pid@host"``."""
    return f"{os.getpid()}@{socket.gethostname()}"


def lock_path(journal: Journal, campaign_id: int) -> Path:
    """The file lock held by whoever sends campaign ``campaign_id``."""
    return journal.path.parent / "locks" / f"campaign-{campaign_id}.lock"


@contextlib.contextmanager
def sending_lock(journal: Journal, campaign_id: int) -> Generator[None, None, None]:
    """Hold campaign ``campaign_id``'s lock while inside; raises CampaignLocked when
    another process (or engine) holds it."""
    path = lock_path(journal, campaign_id)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    lock = FileLock(str(path), mode=0o600)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise CampaignLocked(
            f"campaign {campaign_id} is being sent by another process; wait for it to finish or stop it") from None
    try:
        yield
    finally:
        lock.release()


def campaign_is_sending(journal: Journal, campaign_id: int) -> bool:
    """True while some engine, in this process or another, holds the campaign's lock."""
    path = lock_path(journal, campaign_id)
    if not path.exists():
        return False
    lock = FileLock(str(path), mode=0o600, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return True
    lock.release()
    return False
