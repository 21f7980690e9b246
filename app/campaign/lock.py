"""The campaign lock: one sender per campaign, across processes (a file lock beside the
journal, released by the operating system when its holder dies)."""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from app.campaign.journal import Journal


class CampaignLocked(RuntimeError):
    """Another process is sending this campaign."""


def lock_path(journal: Journal, campaign_id: int) -> Path:
    """The file lock held by whoever sends campaign ``campaign_id``."""
    return journal.path.parent / "locks" / f"campaign-{campaign_id}.lock"


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
