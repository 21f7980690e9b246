"""``suppression``: numbers that must never be messaged (import, add, remove, export, count)."""

from __future__ import annotations

import argparse
import sys

from app.cli.common import EXIT_OK, CliError
from app.cli.flags import add_sheet_arguments, readable_file, results_path


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``suppression`` command and its actions."""
    suppress = commands.add_parser("suppression", help="numbers that must never be messaged")
    suppress.set_defaults(run=cmd_suppression)
    actions = suppress.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("import", help="add every number of a sheet")
    add.add_argument("sheet", type=readable_file)
    add_sheet_arguments(add)
    actions.add_parser("add", help="add numbers").add_argument("phones", nargs="+")
    actions.add_parser("remove", help="take numbers off the list").add_argument("phones", nargs="+")
    actions.add_parser("export", help="write the list to a .csv or .xlsx file").add_argument("out", type=results_path)
    actions.add_parser("count", help="how many numbers are listed")


def cmd_suppression(args: argparse.Namespace) -> int:
    from app.contacts import ExportError, SheetError
    from app.jobs.suppression import suppression_list

    listed = suppression_list()
    try:
        if args.action == "import":
            done = listed.import_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
        elif args.action == "add":
            unusable = _unusable(args.phones)
            if len(unusable) == len(args.phones):
                raise CliError("nothing was added: " + "; ".join(unusable))
            done = listed.add(args.phones)
            for said in unusable:
                print(f"not added: {said}", file=sys.stderr)
        elif args.action == "remove":
            unusable = _unusable(args.phones)
            if len(unusable) == len(args.phones):
                raise CliError("nothing was removed: " + "; ".join(unusable))
            print(f"removed {listed.remove(args.phones)}; {_numbers(len(listed))} on the suppression list")
            for said in unusable:
                print(f"not a number to remove: {said}", file=sys.stderr)
            return EXIT_OK
        elif args.action == "export":
            listed.export(args.out)
            print(f"suppression list: {args.out}")
            return EXIT_OK
        else:
            print(f"{_numbers(len(listed))} on the suppression list ({listed.path})")
            return EXIT_OK
    except (SheetError, ExportError) as exc:
        raise CliError.of(exc) from None
    print(f"added {done.added}, already listed {done.already}, not a usable number {done.invalid}; "
          f"{_numbers(len(listed))} on the suppression list")
    return EXIT_OK


def _unusable(typed: list[str]) -> list[str]:
    """Each of ``typed`` that is no usable mobile number, with why ("0912: …")."""
    from app.jobs.suppression import unusable_phones
    from app.reasons import reason_words

    return [f"{value}: {reason_words(why)}" for value, why in unusable_phones(typed)]


def _numbers(count: int) -> str:
    return "1 number" if count == 1 else f"{count:,} numbers"
