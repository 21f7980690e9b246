"""Running the sandbox: standalone (blocking) or embedded in a background thread."""

from __future__ import annotations

import argparse
import errno
import logging
import socket
import threading
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import uvicorn

from app.sandbox.server import DroppedConnection, SandboxApp
from app.sandbox.state import Account, Settings, Template

log = logging.getLogger(__name__)


class _HideInjectedFaults(logging.Filter):
    """Keep uvicorn from logging the connections the sandbox drops on purpose."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], DroppedConnection))


logging.getLogger("uvicorn.error").addFilter(_HideInjectedFaults())


def _server(settings: Settings, host: str, port: int, files_dir: Path | None) -> tuple[uvicorn.Server, SandboxApp]:
    sandbox = SandboxApp(settings, files_dir=files_dir)
    config = uvicorn.Config(sandbox.app, host=host, port=port, log_level="warning", access_log=False,
                            lifespan="off", timeout_graceful_shutdown=1)
    return uvicorn.Server(config), sandbox


class EmbeddedSandbox:
    """A sandbox on a free loopback port, served from a daemon thread.

    ``url`` is its base URL once :meth:`start` returns. Use as a context manager or call
    :meth:`stop`. Raises RuntimeError when the server does not come up in 10 s.
    """

    def __init__(self, settings: Settings | None = None, files_dir: Path | None = None) -> None:
        self.settings = settings or Settings()
        self.server, self.sandbox = _server(self.settings, "127.0.0.1", 0, files_dir)
        self._thread = threading.Thread(target=self.server.run, name="sandbox", daemon=True)
        self.url = ""

    def start(self) -> EmbeddedSandbox:
        self._thread.start()
        started = threading.Event()
        for _ in range(1000):
            if self.server.started:
                started.set()
                break
            if not self._thread.is_alive():
                break
            self._thread.join(0.01)
        if not started.is_set():
            raise RuntimeError("the built-in sandbox did not start")
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        log.info("sandbox listening on %s", self.url)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self._thread.join(5)

    def __enter__(self) -> EmbeddedSandbox:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def load_config(path: Path) -> dict[str, Any]:
    """Settings fields from a TOML file (see docs/sandbox.md). Raises ValueError with
    the file's problem in words."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read sandbox config {path}: {exc}") from None
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        if name == "bots":
            values["bots"] = {int(k): str(v) for k, v in value.items()}
        elif name == "templates":
            values["templates"] = _templates(value)
        elif name == "no_account_numbers":
            values[name] = {str(v) for v in value}
        elif name == "accounts":
            values["extra_accounts"] = [
                Account(
                    client_id=a["client_id"], client_secret=a["client_secret"], api_key=a["api_key"],
                    balance=int(a.get("balance", Settings.balance)),
                    bots={int(k): str(v) for k, v in a.get("bots", {}).items()},
                    templates=_templates(a.get("templates", [])),
                )
                for a in value
            ]
        elif name == "data_dir":
            values[name] = Path(value)
        elif name in known:
            values[name] = value
        else:
            raise ValueError(f"sandbox config {path}: unknown setting {key!r}")
    return values


def _templates(items: list[dict[str, str]]) -> dict[str, Template]:
    return {t["template_id"]: Template(t["template_id"], t["body"], t.get("category", "service")) for t in items}


#: Settings that count something: whole numbers from 0 (0: off where it is a limit).
_COUNTS = ("balance", "token_ttl", "otp_per_phone_per_hour", "rate_per_minute", "burst_per_second",
           "contact_limit", "max_upload_bytes", "latency_ms", "sms_credit", "sms_part_cost")
#: Settings that are shares of sending requests, from 0 to 1.
_SHARES = ("fault_5xx", "fault_timeout", "fault_reset", "sms_fault_timeout")


def check_settings(settings: Settings) -> None:
    """Raise ValueError with one sentence for a setting no real service could have: a
    negative count or limit, a share outside 0-1, a hold that is not 0-3600 seconds, a data
    folder that is not a folder."""
    for name in _COUNTS:
        value = getattr(settings, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name.replace('_', '-')} must be a whole number from 0, not {value!r}")
    for name in _SHARES:
        value = getattr(settings, name)
        if not isinstance(value, (int, float)) or not 0 <= value <= 1:  # NaN fails both comparisons
            raise ValueError(f"{name.replace('_', '-')} must be a share from 0 to 1 (e.g. 0.05), not {value!r}")
    hold = settings.fault_hold_s
    if not isinstance(hold, (int, float)) or not 0 <= hold <= 3600:
        raise ValueError(f"fault-hold-s must be from 0 to 3600 seconds, not {hold!r}")
    folder = settings.data_dir
    if folder is not None and folder.exists() and not folder.is_dir():
        raise ValueError(f"the data folder {folder} is not a folder; name a folder (it is made if missing)")


def settings_from_args(args: argparse.Namespace) -> Settings:
    """Settings from the --config file, then the flags that were given. Raises ValueError
    with one sentence for a config file that is not a readable regular file, a port
    outside 1-65535 or a setting :func:`check_settings` refuses."""
    config = getattr(args, "config", None)
    if config is not None and not Path(config).is_file():
        raise ValueError(f"the sandbox config {config} is not a regular file")
    port = getattr(args, "port", 1)
    if not 0 < port < 65536:
        raise ValueError(f"the port must be from 1 to 65535, not {port}")
    values = load_config(config) if config else {}
    known = {f.name for f in fields(Settings)}
    values.update({k: v for k, v in vars(args).items() if k in known and v is not None})
    settings = Settings(**values)
    check_settings(settings)
    return settings


def _check_port_free(host: str, port: int) -> None:
    """Raise ValueError with a sentence when ``host:port`` cannot be listened on."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        reason = "it is in use by another program" if exc.errno == errno.EADDRINUSE else exc.strerror or str(exc)
        raise ValueError(f"the sandbox cannot listen on {host}:{port}: {reason}; choose another --port") from None


def serve(args: argparse.Namespace, files_dir: Path | None = None) -> None:
    """Serve the sandbox in the foreground until interrupted."""
    settings = settings_from_args(args)
    if settings.data_dir is not None:
        files_dir = settings.data_dir / "files"
    _check_port_free(args.host, args.port)
    server, sandbox = _server(settings, args.host, args.port, files_dir)
    print(f"sandbox on http://{args.host}:{args.port} - client id {settings.client_id!r}, "
          f"{len(settings.accounts())} account(s); Ctrl+C stops it", flush=True)
    try:
        server.run()
    finally:  # its log copied into the ledger's file: the folder holds it whole
        if sandbox.state.ledger is not None:
            sandbox.state.ledger.close()
