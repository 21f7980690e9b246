"""Running the sandbox: standalone (blocking) or embedded in a background thread."""

from __future__ import annotations

import argparse
import logging
import threading
from dataclasses import fields
from pathlib import Path

import uvicorn

from app.sandbox.server import SandboxApp
from app.sandbox.state import Settings

log = logging.getLogger(__name__)


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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sandbox's command-line flags (``safir-campaign sandbox --help``)."""
    defaults = Settings()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--client-id", default=defaults.client_id)
    parser.add_argument("--client-secret", default=defaults.client_secret)
    parser.add_argument("--api-key", default=defaults.api_key)
    parser.add_argument("--balance", type=int, default=defaults.balance, help="starting balance in messages")
    parser.add_argument("--token-ttl", type=int, default=defaults.token_ttl, help="token lifetime in seconds")
    parser.add_argument("--rate-per-minute", type=int, default=defaults.rate_per_minute,
                        help="sending requests per minute per account (0: off)")
    parser.add_argument("--burst-per-second", type=int, default=defaults.burst_per_second,
                        help="sending requests in any one second (0: off)")
    parser.add_argument("--contact-limit", type=int, default=defaults.contact_limit,
                        help="distinct phones one bot may reach (0: off)")
    parser.add_argument("--max-upload-bytes", type=int, default=defaults.max_upload_bytes)
    parser.add_argument("--latency-ms", type=int, default=defaults.latency_ms, help="added to every answer")
    parser.add_argument("--fault-5xx", type=float, default=0.0, help="share of sends answered with 500")
    parser.add_argument("--seed", type=int, default=None, help="seed of the fault injection")


def settings_from_args(args: argparse.Namespace) -> Settings:
    """Settings from parsed flags; names match :class:`Settings` fields."""
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in vars(args).items() if k in known})


def serve(args: argparse.Namespace, files_dir: Path | None = None) -> None:
    """Serve the sandbox in the foreground until interrupted."""
    server, _ = _server(settings_from_args(args), args.host, args.port, files_dir)
    print(f"sandbox on http://{args.host}:{args.port}  (api-access-key, client id/secret: see --help)", flush=True)
    server.run()
