"""``suppression``: numbers that must never be messaged (import, add, remove, export, count)."""

from __future__ import annotations

import argparse



from app.cli.common import CliError, EXIT_OK
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
    from app.workflow import suppression_list

    listed = suppression_list()
    try:
        if args.action == "import":
            done = listed.import_sheet(args.sheet, phone_column=args.phone_column, sheet_name=args.sheet_name)
        elif args.action == "add":
            done = listed.add(args.phones)
        elif args.action == "remove":
            print(f"removed {listed.remove(args.phones)}; {len(listed)} numbers on the suppression list")
            return EXIT_OK
        elif args.action == "export":
            listed.export(args.out)
            print(f"suppression list: {args.out}")
            return EXIT_OK
        else:
            print(f"{len(listed)} numbers on the suppression list ({listed.path})")
            return EXIT_OK
    except (SheetError, ExportError) as exc:
        raise CliError(str(exc)) from None
    print(f"added {done.added}, already listed {done.already}, not a usable number {done.invalid}; "
          f"{len(listed)} numbers on the suppression list")
    return EXIT_OK
