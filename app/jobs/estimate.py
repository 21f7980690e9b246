"""What a campaign will take before it starts: recipients, cost, pace and time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.campaign.defaults import OTP_PER_MINUTE


#: Spec 8: at most this many requests per minute per organization member; a faster
#: set rate only meets rate-limit answers.
SERVICE_RATE_LIMIT = OTP_PER_MINUTE


@dataclass(frozen=True)
class Estimate:
    """What a campaign will take, before it starts: ``recipients`` (valid rows),
    ``skipped`` (duplicate + suppressed + invalid + empty rows), ``unit_price`` and
    ``cost`` in the account's currency, ``rate_per_minute`` actually expected (the set
    rate capped at the service's limit; messages per minute) and ``minutes`` at that
    rate (0 when there is nobody to send to)."""

    recipients: int
    skipped: int
    unusable: int
    unit_price: float
    cost: float
    rate_per_minute: float
    minutes: float
    above_limit: bool


def estimate(counts: Mapping[str, int], *, unit_price: float, rate_per_minute: float,
             service_limit: float = SERVICE_RATE_LIMIT) -> Estimate:
    """The review's figures from a sheet's verdict ``counts`` (valid, invalid,
    duplicate, suppressed, empty). A rate of 0 ("as fast as allowed") and any rate above
    ``service_limit`` are expected to run at the limit (spec 8)."""
    recipients = int(counts.get("valid", 0))
    unusable = int(counts.get("invalid", 0)) + int(counts.get("empty", 0))
    skipped = unusable + int(counts.get("duplicate", 0)) + int(counts.get("suppressed", 0))
    effective = min(rate_per_minute, service_limit) if rate_per_minute > 0 else service_limit
    return Estimate(recipients=recipients, skipped=skipped, unusable=unusable, unit_price=unit_price,
                    cost=recipients * unit_price, rate_per_minute=effective,
                    minutes=recipients / effective if effective else 0.0,
                    above_limit=rate_per_minute > service_limit)
