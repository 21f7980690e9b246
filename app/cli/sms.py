"""``replies``: the replies to the SMS line, opt-outs put on the suppression list (docs/sms.md)."""

from __future__ import annotations

import argparse
import os

from app.cli.common import EXIT_OK, CliError, open_journal
from app.jobs.sms_gateway import SMS_KEY_ENV, SMS_SENDER_ENV, SMS_URL_ENV


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
