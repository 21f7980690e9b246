"""The command line's parser: every command and flag, no abbreviations, and an unknown flag
told by the command it was given to, with the nearest flag it has."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn

from app import __version__


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the window's flags, then each command as its module
    declares it (each sets ``run``, the function that carries it out)."""
    from app.cli import background, campaigns, manage, report, send, series, sms, store, suppression, team
    from app.sandbox.flags import add_arguments as add_sandbox_arguments

    parser = _Parser(
        prog="safir-campaign",
        description="Message campaigns through Bale's business messaging service. "
        "Without a command, opens the window.",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true", help="open the window on the built-in sandbox")
    parser.add_argument("--self-test", action="store_true",
                        help="check this installation: a demo campaign through the window, offscreen; exit 0 if "
                        "all is well")
    parser.add_argument("--base-url", help="service address for the window (default: production)")
    parser.add_argument("--store", metavar="URL", help="the team store shared with other desktops, "
                        "postgresql://USER@HOST:PORT/DATABASE (default: SAFIR_CAMPAIGN_STORE; without either, this "
                        "desktop's own journal); its password from the keyring, PGPASSWORD or ~/.pgpass")
    parser.add_argument("--home", metavar="DIR", help="the folder of campaigns: journal, settings, logs (default: "
                        "SAFIR_CAMPAIGN_HOME, else the per-user data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (send, campaigns, background, suppression, sms, store, team, manage, report, series):
        module.add_parsers(commands)
    add_sandbox_arguments(commands.add_parser("sandbox", help="run the local imitation of the service"))
    return parser


class _HelpFormatter(argparse.HelpFormatter):
    """Leaves out the commands added with ``help=argparse.SUPPRESS`` (the processes' own,
    such as run-campaign), which Python before 3.14 lists as "==SUPPRESS=="."""

    def _iter_indented_subactions(self, action: argparse.Action) -> Iterator[argparse.Action]:
        return (sub for sub in super()._iter_indented_subactions(action) if sub.help != argparse.SUPPRESS)


class _ParseError(Exception):
    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser, self.message = parser, message


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are raised, so :func:`_parse` can name an unknown flag
    before a missing one (``--bot 1001`` lacks --bot-id only because --bot is misspelt)."""

    def error(self, message: str) -> NoReturn:
        raise _ParseError(self, message)


#: argparse keeps a parser's actions and its sub-commands' class private, and offers no public way to them.
_SUBPARSERS = argparse._SubParsersAction  # noqa: SLF001


def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return parser._actions  # noqa: SLF001 - see _SUBPARSERS


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse like ``parse_args``, but an unknown flag is reported by the command it was
    given to (its usage, and the nearest flag it has), and no flag is abbreviated."""
    for command_parser in _parsers(parser):
        command_parser.allow_abbrev = False
    tokens = list(sys.argv[1:] if argv is None else argv)
    try:
        args, extras = parser.parse_known_args(tokens)
    except _ParseError as problem:
        owner, message = problem.parser, problem.message
        known = {flag for action in _actions(owner) for flag in action.option_strings}
        unknown = [t for t in tokens if t.startswith("--") and t.split("=")[0] not in known]
        if owner is not parser and unknown:
            message = _unknown_flag(owner, unknown[0])
        argparse.ArgumentParser.error(owner, message)
    if extras:
        owner = parser
        for name in ("command", "action"):
            chosen = getattr(args, name, None)
            for action in _actions(owner):
                if isinstance(action, _SUBPARSERS) and chosen in action.choices:
                    owner = action.choices[chosen]
        argparse.ArgumentParser.error(owner, _unknown_flag(owner, extras[0]))
    return args


def _unknown_flag(owner: argparse.ArgumentParser, token: str) -> str:
    flags = [flag for action in _actions(owner) for flag in action.option_strings]
    close = difflib.get_close_matches(token.split("=")[0], flags, n=1)
    return f"unrecognized argument {token}" + (f"; did you mean {close[0]}?" if close else "")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in _actions(parser):
        if isinstance(action, _SUBPARSERS):
            for child in action.choices.values():
                yield from _parsers(child)
