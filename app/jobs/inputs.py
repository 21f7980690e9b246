"""A campaign's settings checked before it is made (bot id, rate, requests in flight,
template fields typed by hand), each problem in one plain sentence."""

from __future__ import annotations

import math

from app.reasons import Reason, ReasonedError, content_problem


MAX_BOT_ID = 2**63 - 1  # the journal stores it as a signed 64-bit integer


MAX_RATE_PER_MINUTE = 100_000.0


MAX_IN_FLIGHT = 256


class CampaignInputError(ReasonedError, ValueError):
    """Campaign settings that cannot work with this sheet: ``reason`` why (a code of
    app.reasons with its parameters, or a plain English sentence kept as words said).
    Where the problem is one input's, ``field`` names it (a phone as typed, a content
    field) and ``problem`` is its reason; ``str()`` then says ``field: problem.``"""

    def __init__(self, reason: Reason | str, field: str | None = None, problem: Reason | None = None) -> None:
        super().__init__(reason)
        self.field = field
        self.problem = problem

    @classmethod
    def of_field(cls, field: str, problem: Reason) -> CampaignInputError:
        """The error of one input: ``field`` (as typed) and its ``problem``."""
        return cls(f"{field}: {problem.text()}.", field, problem)


def check_bot_id(bot_id: int) -> str | None:
    """None for a usable bot id, else the problem in a sentence."""
    if not 1 <= bot_id <= MAX_BOT_ID:
        return f"the bot id must be a whole number from 1 to {MAX_BOT_ID}."
    return None


def check_rate(rate_per_minute: float) -> str | None:
    """None for a usable rate (messages per minute; 0: no pacing), else the problem."""
    if not math.isfinite(rate_per_minute) or rate_per_minute < 0:
        return (f"the rate must be from 1 to {MAX_RATE_PER_MINUTE:,.0f} messages per minute, or 0 for as fast as "
                "allowed.")
    if 0 < rate_per_minute < 1:
        return ("the rate must be at least 1 message per minute (or 0 for as fast as allowed); "
                "a slower campaign would take days per message.")
    if rate_per_minute > MAX_RATE_PER_MINUTE:
        return f"the rate can be at most {MAX_RATE_PER_MINUTE:,.0f} messages per minute."
    return None


def check_in_flight(in_flight: int) -> str | None:
    """None for a usable number of requests at once, else the problem."""
    if not 1 <= in_flight <= MAX_IN_FLIGHT:
        return f"the requests in flight must be from 1 to {MAX_IN_FLIGHT}."
    return None


def parse_fields(text: str) -> dict[str, str]:
    """Template fields typed one ``name=value`` per line (spaces around both trimmed;
    lines without "=" ignored; a later line wins). Raises CampaignInputError for a
    line with an empty name."""
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if "=" not in line:
            continue
        name, value = line.split("=", 1)
        if not name.strip():
            raise CampaignInputError.of_field(f"line {number}", content_problem("field_without_name"))
        fields[name.strip()] = value.strip()
    return fields
