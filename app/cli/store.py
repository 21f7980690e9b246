"""``store``: the team store this desktop shares with others (docs/team.md): check it,
keep its password in the keyring, copy this desktop's own journal into it."""

from __future__ import annotations

import argparse
import getpass
import sys

from app.cli.common import EXIT_OK, CliError


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``store`` command and its actions."""
    store = commands.add_parser("store", help="the team store (PostgreSQL) several desktops share")
    store.set_defaults(run=cmd_store)
    actions = store.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="connect to the team store (set up its tables if new) and say so")
    check.add_argument("url", nargs="?", metavar="URL", help="postgresql://USER@HOST:PORT/DATABASE "
                       "(default: --store or SAFIR_CAMPAIGN_STORE)")
    password = actions.add_parser("password", help="keep the team store's password in the OS keyring "
                                  "(read from the terminal, or one line of standard input)")
    password.add_argument("url", metavar="URL")
    use = actions.add_parser("use", help="use this team store from now on on this desktop (the window, every "
                             "command and the login entry); 'use --embedded' goes back to this desktop's own journal")
    target = use.add_mutually_exclusive_group(required=True)
    target.add_argument("url", nargs="?", metavar="URL")
    target.add_argument("--embedded", action="store_true", help="this desktop's own journal again")
    copy = actions.add_parser("copy", help="copy this desktop's campaigns, outcomes and suppression list into the "
                              "team store (again: only what is not there yet)")
    copy.add_argument("--to", required=True, metavar="URL", help="the team store: postgresql://USER@HOST:PORT/DB")


def cmd_store(args: argparse.Namespace) -> int:
    from app.campaign import JournalError

    try:
        if args.action == "check":
            return _check(args.url)
        if args.action == "password":
            return _password(args.url)
        if args.action == "use":
            return _use(None if args.embedded else args.url)
        return _copy(args.to)
    except JournalError as exc:
        raise CliError.of(exc) from None


def _check(url: str | None) -> int:
    from app.campaign.journal.team import TeamJournal
    from app.jobs.store import open_store, store_location

    location = url or store_location()
    if location is None:
        raise CliError("name the team store: safir-campaign store check postgresql://USER@HOST:PORT/DATABASE "
                       "(or set SAFIR_CAMPAIGN_STORE)")
    _refuse_password_in(location)
    with open_store(location) as journal:
        assert isinstance(journal, TeamJournal)
        campaigns = len(journal.campaigns.all())
        print(f"team store {journal.location}: ready ({campaigns} campaigns)")
    return EXIT_OK


def _use(url: str | None) -> int:
    from app.desktop import paths
    from app.jobs.store import use_store

    if url is not None:
        _check(url)  # it opens (and is set up) before this desktop relies on it
    try:
        use_store(url)
    except OSError as exc:
        raise CliError(f"cannot write {paths.state_dir()}: {exc.strerror or exc}") from None
    print("this desktop uses " + (f"the team store {url.split('?')[0]}" if url else "its own journal again")
          + " from now on")
    return EXIT_OK


def _password(url: str) -> int:
    from app.campaign.journal.team import shown_address
    from app.jobs.store import remember_password

    _refuse_password_in(url)
    secret = getpass.getpass(f"password of {shown_address(url)}: ") if sys.stdin.isatty() else sys.stdin.readline()
    secret = secret.rstrip("\r\n")
    if not secret:
        raise CliError("no password given; nothing was kept")
    if not remember_password(url, secret):
        raise CliError("this system has no keyring to keep the password in; use PGPASSWORD or ~/.pgpass instead "
                       "(docs/team.md)")
    print(f"the password of {shown_address(url)} is kept in the keyring")
    return EXIT_OK


def _copy(url: str) -> int:
    from app.desktop import paths
    from app.campaign import Journal
    from app.campaign.journal.team import TeamJournal
    from app.campaign.journal.team.moving import copy_journal
    from app.jobs.store import open_store

    _refuse_password_in(url)
    with Journal(paths.journal_path()) as local, open_store(url) as team:
        assert isinstance(team, TeamJournal)
        done = copy_journal(local, team)
    print(f"copied {done.campaigns} campaigns ({done.recipients} recipients) and {done.suppressed} suppressed "
          f"numbers into {team.location}; {done.already} campaigns were there already")
    names = {"frequency_cap": "frequency cap", "approval": "approval rule"}
    if done.rules_copied:
        print("this desktop's " + " and ".join(names.get(k, k) for k in done.rules_copied)
              + " became the team's (it had none)")
    for key, (theirs, mine) in done.rules_kept.items():
        print(f"the team's {names.get(key, key)} stays: {theirs} (this desktop's was: {mine})")
    return EXIT_OK


def _refuse_password_in(url: str) -> None:
    """A password in a URL on the command line is readable by every user (the process
    list): refuse it, before anything connects."""
    from app.jobs.store import url_password

    if url_password(url):
        raise CliError("do not put the password in the address (the process list shows it to every user): keep it "
                       "with 'safir-campaign store password URL', or in PGPASSWORD or ~/.pgpass")
