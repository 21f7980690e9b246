"""``replies``: the replies to the SMS line, opt-outs put on the suppression list (docs/sms.md)."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from app.cli.common import EXIT_OK, CliError, open_journal

if TYPE_CHECKING:
    from app.api.sms import KavenegarGateway

#: The SMS gateway's credentials and address for the command line (docs/sms.md).
SMS_KEY_ENV, SMS_SENDER_ENV, SMS_URL_ENV = "SAFIR_SMS_API_KEY", "SAFIR_SMS_SENDER", "SAFIR_SMS_BASE_URL"


def sms_gateway(service_url: str, *, sandbox: bool, timeout: float | None = None) -> KavenegarGateway | None:
    """The SMS gateway a campaign's fallback sends through: ``SAFIR_SMS_API_KEY``,
    ``SAFIR_SMS_SENDER`` and ``SAFIR_SMS_BASE_URL`` (default Kavenegar's). With a sandbox
    (``sandbox``) the sandbox's own imitation at ``service_url``, with its demo key and
    line unless told others; ``timeout`` (seconds) as the service's ``--timeout``. None
    when no key is set; CliError for a key without a line, or one the gateway cannot take."""
    from app.api import ConfigurationError, Timeouts
    from app.api.sms import KAVENEGAR_URL, KavenegarGateway

    key, sender = os.environ.get(SMS_KEY_ENV, ""), os.environ.get(SMS_SENDER_ENV, "")
    url = os.environ.get(SMS_URL_ENV, "")
    if sandbox:
        from app.sandbox.state import DEMO_SMS_KEY, DEMO_SMS_SENDER

        key, sender, url = key or DEMO_SMS_KEY, sender or DEMO_SMS_SENDER, url or service_url
    if not key:
        return None
    if not sender:
        raise CliError(f"{SMS_KEY_ENV} is set but {SMS_SENDER_ENV} is not: set the gateway's sender line too")
    timeouts = Timeouts() if timeout is None else Timeouts(connect=timeout, read=timeout, write=timeout, pool=timeout)
    try:
        return KavenegarGateway(key, sender, url or KAVENEGAR_URL, timeouts=timeouts)
    except ConfigurationError as exc:
        raise CliError(exc.message) from None


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``replies`` command."""
    replies = commands.add_parser(
        "replies", help="read the replies to the SMS line; an opt-out puts its number on the suppression list",
        description=f"The gateway's key, line and address come from {SMS_KEY_ENV}, {SMS_SENDER_ENV} and "
                    f"{SMS_URL_ENV} (default: Kavenegar's).")
    replies.add_argument("--opt-out", action="append", metavar="WORD",
                         help="a word that, first in a reply, means no more messages (repeat it; default: لغو, ۱۱, "
                              "11, stop)")
    replies.set_defaults(run=cmd_replies)


def cmd_replies(args: argparse.Namespace) -> int:
    import asyncio

    from app.api import SafirError
    from app.api.sms import KAVENEGAR_URL, KavenegarGateway
    from app.campaign import JournalError
    from app.campaign.journal import TeamRole
    from app.contacts import SheetError
    from app.jobs.replies import OPT_OUT_WORDS, read_replies

    key, sender = os.environ.get(SMS_KEY_ENV, ""), os.environ.get(SMS_SENDER_ENV, "")
    words = tuple(args.opt_out or OPT_OUT_WORDS)

    async def read() -> list:
        async with KavenegarGateway(key, sender, os.environ.get(SMS_URL_ENV) or KAVENEGAR_URL) as gateway:
            return await read_replies(gateway, journal, words)

    with open_journal(TeamRole.SENDER) as journal:
        try:
            found = asyncio.run(read())
        except (SafirError, JournalError, SheetError) as exc:
            raise CliError(getattr(exc, "message", None) or str(exc)) from None
    if not found:
        print("no new replies")
    for item in found:
        said = (" — opted out: on the suppression list" if item.listed else
                " — asks to opt out, but it is no Iranian mobile number: not listed" if item.asked_out else "")
        print(f"{item.reply.phone}: {item.reply.text}{said}")
    return EXIT_OK
