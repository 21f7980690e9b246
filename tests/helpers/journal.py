"""A small campaign made straight in a journal, for the journal's own tests."""

from __future__ import annotations

from app.campaign import Journal, NewRecipient


def make(journal: Journal) -> int:
    """A text campaign of three rows (one valid, one invalid, one duplicate of the first)
    in ``journal``; its id."""
    return journal.creation.create(
        name="t", kind="text", content={"text": "hi"}, bot_id=1001, rate_per_minute=60, in_flight=2,
        base_url="http://127.0.0.1:1",
        recipients=[
            NewRecipient(2, "0912 123 4567", "989121234567", "valid", None, {"message": {"text": "hi"}}),
            NewRecipient(3, "x", None, "invalid", "letters", None),
            NewRecipient(4, "09121234567", "989121234567", "duplicate", "same number as row 2", None),
        ],
    )
