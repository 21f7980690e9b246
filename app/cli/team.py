"""``team``: the people of a team store and their roles (docs/team.md, "Members and roles").

Each person signs in with a PostgreSQL login of their own; what a role may do is decided
by the store itself, so these commands only ask it (an admin's to run, but ``list``).
"""

from __future__ import annotations

import argparse
import getpass
import sys

from app.cli.common import EXIT_OK, CliError, open_journal

#: The roles a member may have, weakest first (app.campaign.journal.TeamRole).
ROLES = ("viewer", "sender", "approver", "admin")


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``team`` command and its actions."""
    team = commands.add_parser("team", help="the team store's members and their roles (viewer, sender, approver, "
                               "admin)")
    team.set_defaults(run=cmd_team)
    actions = team.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="give a person a role; a new login is made with the password given")
    add.add_argument("name", metavar="NAME", help="their login (lower-case letters, digits, _ . -)")
    add.add_argument("--role", required=True, choices=ROLES, help="what they may do")
    add.add_argument("--password-stdin", action="store_true", help="read their password from one line of standard "
                     "input (otherwise it is asked for on the terminal)")
    role = actions.add_parser("role", help="change a member's role")
    role.add_argument("name", metavar="NAME")
    role.add_argument("role", choices=ROLES, metavar="ROLE", help="viewer, sender, approver or admin")
    remove = actions.add_parser("remove", help="take a member's role away (a campaign they are sending pauses)")
    remove.add_argument("name", metavar="NAME")
    actions.add_parser("list", help="every member and their role")


def cmd_team(args: argparse.Namespace) -> int:
    from app.campaign.journal import TeamRole
    from app.campaign.journal.team import TeamJournal

    with open_journal() as journal:
        if not isinstance(journal, TeamJournal):
            raise CliError("members and roles belong to a team store: this desktop uses its own journal "
                           "(see docs/team.md: safir-campaign store use URL)")
        me = journal.who()
        if args.action == "list":
            for member in journal.members():
                mark = " (you)" if member.name == me.name else ""
                print(f"{member.name}: {member.role}{mark}")
            return EXIT_OK
        journal.require(TeamRole.ADMIN)  # before a password is asked for nothing
        if args.action == "add":
            journal.add_member(args.name, TeamRole(args.role), _password(args.name, args.password_stdin))
            print(f"{args.name} is {_article(args.role)} {args.role} of the team store; they sign in as {args.name} "
                  f"(safir-campaign store password postgresql://{args.name}@…)")
        elif args.action == "role":
            journal.set_member_role(args.name, TeamRole(args.role))
            print(f"{args.name} is now {_article(args.role)} {args.role}")
        else:
            journal.remove_member(args.name)
            print(f"{args.name} has no role on the team store any more")
    return EXIT_OK


def _password(name: str, from_stdin: bool) -> str | None:
    """The new member's password: a line of standard input, or asked for twice on a
    terminal; None (keep theirs) when nothing is given for a login the server has."""
    if from_stdin:
        secret = sys.stdin.readline().rstrip("\n")
    elif sys.stdin.isatty():
        secret = getpass.getpass(f"password for {name} (empty: keep the one they have): ")
        if secret and getpass.getpass("again: ") != secret:
            raise CliError("the two passwords differ; nothing was changed")
    else:
        raise CliError("give the password on standard input with --password-stdin, or run this on a terminal")
    return secret or None


def _article(role: str) -> str:
    """"an" before a role that starts with a vowel sound (an admin, an approver), else "a"."""
    return "an" if role[:1] in "aeiou" else "a"
