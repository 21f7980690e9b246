"""Which SMS gateway a campaign's fallback sends through, for the command line and the
window alike (docs/sms.md): the gateway's key, sender line and address from the
environment, or the sandbox's own imitation when the campaign goes to a sandbox."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.api.sms import KavenegarGateway
    from app.campaign import Campaign, Journal

#: The SMS gateway's credentials and address (docs/sms.md).
SMS_KEY_ENV, SMS_SENDER_ENV, SMS_URL_ENV = "SAFIR_SMS_API_KEY", "SAFIR_SMS_SENDER", "SAFIR_SMS_BASE_URL"


class GatewayNotSetUp(ValueError):
    """A gateway half set up (a key without its line), or one it cannot use: a sentence."""


def sms_gateway(service_url: str, *, sandbox: bool, timeout: float | None = None, key: str | None = None,
                sender: str | None = None) -> KavenegarGateway | None:
    """The gateway of ``key`` and ``sender`` (a profile's), or else of ``SAFIR_SMS_API_KEY``
    and ``SAFIR_SMS_SENDER``, at ``SAFIR_SMS_BASE_URL`` (default Kavenegar's). With a
    sandbox (``sandbox``) the sandbox's own imitation at ``service_url``, with its demo
    key and line unless told others; ``timeout`` seconds per request (None: the client's
    defaults). None when no key is set; raises GatewayNotSetUp for a key without a line,
    or one the gateway cannot take."""
    from app.api import ConfigurationError, Timeouts
    from app.api.sms import KAVENEGAR_URL, KavenegarGateway

    key = key or os.environ.get(SMS_KEY_ENV, "")
    sender = sender or os.environ.get(SMS_SENDER_ENV, "")
    url = os.environ.get(SMS_URL_ENV, "")
    if sandbox:
        from app.sandbox.state import DEMO_SMS_KEY, DEMO_SMS_SENDER

        key, sender, url = key or DEMO_SMS_KEY, sender or DEMO_SMS_SENDER, url or service_url
    if not key:
        return None
    if not sender:
        raise GatewayNotSetUp(f"{SMS_KEY_ENV} is set but {SMS_SENDER_ENV} is not: set the gateway's sender line too")
    timeouts = Timeouts() if timeout is None else Timeouts(connect=timeout, read=timeout, write=timeout, pool=timeout)
    try:
        return KavenegarGateway(key, sender, url or KAVENEGAR_URL, timeouts=timeouts)
    except ConfigurationError as exc:
        raise GatewayNotSetUp(exc.message) from None


def campaign_gateway(journal: Journal, campaign: Campaign, *, sandbox: bool,
                     timeout: float | None = None) -> KavenegarGateway | None:
    """The gateway of ``campaign``'s SMS fallback (None without a fallback, or with no
    gateway set up): a run of a repeating campaign made in the window uses the account of
    the profile its series names (the key from the keyring, the line from the series),
    anything else :func:`sms_gateway`'s. Raises GatewayNotSetUp."""
    if campaign.sms_fallback is None:
        return None
    key = sender = None
    if campaign.series_id is not None:
        from app.campaign.repeat import one_series
        from app.desktop.profiles import SecretStore

        plan = one_series(journal, campaign.series_id).plan
        if plan.get("sms_profile"):
            key = SecretStore().get(str(plan["sms_profile"]), "sms_api_key")
            sender = str(plan.get("sms_sender") or "") or None
    return sms_gateway(campaign.base_url, sandbox=sandbox, timeout=timeout, key=key, sender=sender)
