"""What a manager sets and decides: the frequency cap (``cap``), whether campaigns need
approval (``approval``), and approving or rejecting one (``approve``, ``reject``)."""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from app.cli.common import EXIT_OK, CliError, open_journal, stored_campaign
from app.cli.flags import campaign_id_type, cap_days_type, cap_messages_type

#: The environment variable an approver's password may come from (never the command line).
APPROVER_PASSWORD_ENV = "SAFIR_APPROVER_PASSWORD"


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``cap``, ``approval``, ``approve`` and ``reject``."""
    cap = commands.add_parser("cap", help="the frequency cap: at most N messages to one number in D days, across "
                              "campaigns (without flags: show it)")
    cap.set_defaults(run=cmd_cap)
    cap.add_argument("--max", type=cap_messages_type, metavar="N", help="messages to one number at most")
    cap.add_argument("--days", type=cap_days_type, metavar="D", help="in this many calendar days (Tehran time)")
    cap.add_argument("--any-bot", action="store_true", help="count messages from every bot (default: the same bot)")
    cap.add_argument("--include-otp", action="store_true", help="count and cap one-time passwords too")
    cap.add_argument("--off", action="store_true", help="no frequency cap")

    approval = commands.add_parser("approval", help="whether campaigns need an approver's OK before they are sent "
                                   "(without flags: show it)")
    approval.set_defaults(run=cmd_approval)
    approval.add_argument("--require", action="store_true", help="campaigns need approval from now on")
    approval.add_argument("--approver", action="append", default=[], metavar="USER[@MACHINE]",
                          help="who may approve (repeatable): an OS user, on any machine or on one")
    approval.add_argument("--password", action="store_true", help="also an approver password, asked for here "
                          f"(or from {APPROVER_PASSWORD_ENV}): for one machine shared by maker and approver")
    approval.add_argument("--off", action="store_true", help="campaigns need no approval")

    for name, text in (("approve", "approve a campaign that awaits approval"),
                       ("reject", "reject a campaign that awaits approval, saying why")):
        decide = commands.add_parser(name, help=text)
        decide.set_defaults(run=cmd_decide, approve=name == "approve")
        decide.add_argument("campaign_id", type=campaign_id_type, metavar="ID")
        if name == "reject":
            decide.add_argument("--reason", required=True, help="why, in a sentence its maker will read")


def cmd_cap(args: argparse.Namespace) -> int:
    from app.campaign.caps import FrequencyCap, frequency_cap, set_frequency_cap

    with open_journal() as journal:
        if args.off:
            set_frequency_cap(journal, None)
            print("no frequency cap")
            return EXIT_OK
        if args.max is None and args.days is None:
            cap = frequency_cap(journal)
            print(f"frequency cap: {cap.describe()}" if cap else "no frequency cap (set one: cap --max N --days D)")
            return EXIT_OK
        if args.max is None or args.days is None:
            raise CliError("give both --max N and --days D (or --off)")
        cap = FrequencyCap(args.max, args.days, any_bot=args.any_bot, count_otp=args.include_otp)
        try:
            set_frequency_cap(journal, cap)
        except ValueError as exc:
            raise CliError.of(exc) from None
        print(f"frequency cap: {cap.describe()}")
        return EXIT_OK


def cmd_approval(args: argparse.Namespace) -> int:
    from app.campaign.approval import ApprovalRule, approval_rule, hash_password, set_approval_rule
    from app.campaign.journal import TeamRole

    with open_journal() as journal:
        by_roles = journal.decides_in_store
        if not (args.off or args.require or args.approver or args.password):
            rule = approval_rule(journal)
            print(rule.describe(by_roles=by_roles) if rule else "campaigns need no approval")
            return EXIT_OK
        if args.off:
            rule = ApprovalRule(False)
        else:
            if by_roles and (args.approver or args.password):
                raise CliError(ApprovalRule(True, tuple(args.approver) or ("?",)).problem(by_roles=True) or "")
            journal.require(TeamRole.ADMIN)  # before a password is asked for nothing
            secret = _approver_password(confirm=True) if args.password else None
            rule = ApprovalRule(True, tuple(args.approver), hash_password(secret) if secret else None)
        try:
            set_approval_rule(journal, rule)
        except ValueError as exc:
            raise CliError.of(exc) from None
        print(rule.describe(by_roles=by_roles))
        return EXIT_OK


def cmd_decide(args: argparse.Namespace) -> int:
    from app.campaign.approval import approval_rule, decide
    from app.campaign.journal import actor
    from app.cli.common import print_summary

    user, machine = actor()
    with open_journal() as journal:
        campaign = stored_campaign(journal, args.campaign_id)
        rule = approval_rule(journal)
        password = os.environ.get(APPROVER_PASSWORD_ENV) or None
        if (password is None and sys.stdin.isatty() and not journal.decides_in_store and rule is not None
                and rule.required and rule.password_hash
                and (not rule.may_approve(user, machine) or campaign.created_by == user)):
            password = _approver_password(confirm=False)
        # What the approver decides on: the campaign's figures, as its review showed them.
        print(f"campaign {campaign.id}: {campaign.title} ({campaign.kind}, bot {campaign.bot_id}, made by "
              f"{campaign.created_by} on {campaign.created_on})")
        print_summary(journal.recipients.summary(campaign.id), campaign.id, campaign.status)
        try:
            decided = decide(journal, campaign.id, approve=args.approve, user=user, machine=machine,
                             password=password, reason=getattr(args, "reason", None))
        except (ValueError, PermissionError) as exc:
            raise CliError.of(exc) from None
    if args.approve:
        print(f"campaign {decided.id} approved by {decided.approved_by}; send it with: safir-campaign resume "
              f"{decided.id}")
    else:
        print(f"campaign {decided.id} rejected: {decided.approval_note}")
    return EXIT_OK


def _approver_password(*, confirm: bool) -> str:
    secret = os.environ.get(APPROVER_PASSWORD_ENV)
    if secret:
        return secret
    if not sys.stdin.isatty():
        raise CliError(f"the approver password is asked for on a terminal, or taken from {APPROVER_PASSWORD_ENV}")
    secret = getpass.getpass("approver password: ")
    if confirm and getpass.getpass("again: ") != secret:
        raise CliError("the two passwords differ; nothing was changed")
    if not secret:
        raise CliError("an empty approver password cannot be set")
    return secret
