"""``suppression``: numbers that must never be messaged (import, add, remove, export, count)."""

from __future__ import annotations

import argparse

from app.cli.common import CliError, EXIT_OK


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
