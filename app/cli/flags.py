"""Flag types: every number and path is checked before anything is sent, each refusal one
sentence (argparse shows it with the command's usage)."""

from __future__ import annotations

import argparse
import math
import os
import stat
from pathlib import Path


def _whole(text: str, low: int, high: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, not {text}")
    return value


def campaign_id_type(text: str) -> int:
    return _whole(text, 1, 2**63 - 1, "the campaign id")


def bot_id_type(text: str) -> int:
    from app.jobs.inputs import MAX_BOT_ID

    return _whole(text, 1, MAX_BOT_ID, "the bot id")


def in_flight_type(text: str) -> int:
    from app.jobs.inputs import MAX_IN_FLIGHT

    return _whole(text, 1, MAX_IN_FLIGHT, "the requests in flight")


def series_id_type(text: str) -> int:
    return _whole(text, 1, 2**63 - 1, "the series id")


def cap_messages_type(text: str) -> int:
    from app.campaign.caps import MAX_CAP_MESSAGES

    return _whole(text, 1, MAX_CAP_MESSAGES, "the frequency cap's messages")


def cap_days_type(text: str) -> int:
    from app.campaign.caps import MAX_CAP_DAYS

    return _whole(text, 1, MAX_CAP_DAYS, "the frequency cap's days")


def day_of_month_type(text: str) -> int:
    return _whole(text, 1, 31, "the day of the month")


def date_type(text: str) -> str:
    """A day as ``YYYY-MM-DD``."""
    from datetime import date

    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date like 2026-11-01, not {text!r}") from None


def _finite(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{what} must be a finite number, not {text}")
    return value


def rate_type(text: str) -> float:
    from app.jobs.inputs import check_rate

    value = _finite(text, "the rate")
    problem = check_rate(value)
    if problem:
        raise argparse.ArgumentTypeError(problem.rstrip("."))
    return value


def timeout_type(text: str) -> float:
    value = _finite(text, "the timeout")
    if not 0.1 <= value <= 600:
        raise argparse.ArgumentTypeError(f"the timeout must be from 0.1 to 600 seconds, not {text}")
    return value


def readable_file(text: str) -> Path:
    """A regular file that can be read (a folder, a FIFO or a device is refused without
    opening it: opening a FIFO would wait forever)."""
    path = Path(text)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise argparse.ArgumentTypeError(f"{text} was not found") from None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(f"{text} is a folder; name a file in it")
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a pipe or a device?)")
    if not os.access(path, os.R_OK):
        raise argparse.ArgumentTypeError(f"{text} cannot be read (check its permissions)")
    return path


def results_path(text: str) -> Path:
    """Where results go: .csv or .xlsx, not a folder, in a folder that exists and is writable."""
    path = Path(text)
    if path.suffix.lower() not in (".csv", ".xlsx"):
        raise argparse.ArgumentTypeError(f"the results file must end in .csv or .xlsx, not {path.name!r}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; name a file in it")
    if path.exists() and not path.is_file():  # writing into a FIFO would wait forever
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a pipe or a device?)")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text} cannot be written (check the folder's permissions)")
    return path


def add_target_arguments(parser: argparse.ArgumentParser, help_default: str) -> None:
    """--sandbox or --base-url (``help_default`` names the default service), and --timeout."""
    from app.api.timeouts import Timeouts

    target = parser.add_mutually_exclusive_group()
    target.add_argument("--sandbox", action="store_true", help="use a built-in sandbox started for this run")
    target.add_argument("--base-url", dest="target_url", help=f"service address (default: {help_default})")
    parser.add_argument("--timeout", type=timeout_type, default=None,
                        help=f"seconds to wait for each answer, 0.1-600 (default {Timeouts().read:g})")


def add_sheet_arguments(parser: argparse.ArgumentParser) -> None:
    """--phone-column and --sheet, for a command that reads a sheet."""
    parser.add_argument("--phone-column", help="column with the phone numbers (default: detected)")
    parser.add_argument("--sheet", dest="sheet_name", help="workbook sheet (default: the first)")


def add_results_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """--results (``what`` it holds) and --with-source."""
    parser.add_argument("--results", type=results_path, help=f"write {what} to this .csv or .xlsx file")
    parser.add_argument("--with-source", action="store_true",
                        help="make the results file a copy of the sheet with the result columns appended")
