"""The sandbox's command-line flags (``safir-campaign sandbox --help``), apart from the
server so that building the command line never imports uvicorn or Starlette."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.sandbox.state import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sandbox's command-line flags (``safir-campaign sandbox --help``). A flag that
    is not given leaves the --config file's value, or the default, in place."""
    d = Settings()
    add = parser.add_argument
    add("--host", default="127.0.0.1")
    add("--port", type=int, default=8765)
    add("--config", type=Path, help="TOML file with these settings plus accounts, bots, templates and "
        "no_account_numbers (see docs/sandbox.md)")
    add("--client-id", help=f"v2 client id (default {d.client_id})")
    add("--client-secret", help="v2 client secret (default: the demo one)")
    add("--api-key", help="v3 api-access-key (default: the demo one)")
    add("--balance", type=int, help=f"starting balance in messages (default {d.balance})")
    add("--token-ttl", type=int, help=f"token lifetime in seconds (default {d.token_ttl})")
    add("--rate-per-minute", type=int,
        help=f"sending requests per minute per account, 0: off (default {d.rate_per_minute})")
    add("--burst-per-second", type=int,
        help=f"sending requests in any one second, 0: off (default {d.burst_per_second})")
    add("--contact-limit", type=int, help="distinct phones one bot may reach, 0: off (default 0)")
    add("--max-upload-bytes", type=int, help=f"largest upload in bytes (default {d.max_upload_bytes})")
    add("--latency-ms", type=int, help="milliseconds added to every answer (default 0)")
    add("--fault-5xx", type=float, help="share of sends refused with HTTP 500 before processing")
    add("--fault-timeout", type=float, help="share of sends processed, then answered after --fault-hold-s")
    add("--fault-reset", type=float, help="share of sends processed, then the connection dropped")
    add("--fault-hold-s", type=float, help=f"seconds a timeout fault holds its answer (default {d.fault_hold_s})")
    add("--seed", type=int, help="seed of the fault injection, for repeatable runs")
    add("--sms-api-key", help="the SMS gateway's API key (default: the demo one, demo-sms-key)")
    add("--sms-sender", help=f"the SMS gateway's sender line (default {d.sms_sender})")
    add("--sms-credit", type=int, help=f"the SMS gateway account's credit in rials (default {d.sms_credit})")
    add("--sms-delivery-s", type=float, help=f"seconds until an SMS is delivered (default {d.sms_delivery_s:g})")
    add("--sms-fault-timeout", type=float, help="share of SMS sends taken, then answered after --fault-hold-s")
    add("--data", dest="data_dir", type=Path, help="keep the ledger (balances, request_ids with their answers, "
        "delivered messages, files) in this folder, so a restarted sandbox remembers them (default: in memory)")
