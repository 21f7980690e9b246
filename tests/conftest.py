"""Shared fixtures: every test gets its own state dir; sandboxes run on loopback."""

from __future__ import annotations

import compileall
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.sandbox import EmbeddedSandbox
from tests.helpers import fast_settings
from tests.pg_server import NoPostgres, ThrowawayServer

pytest_plugins = ["tests.helpers.fixtures"]


@pytest.fixture(autouse=True)
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SAFIR_CAMPAIGN_HOME for this test only: no test touches the user's state."""
    home = tmp_path / "state"
    monkeypatch.setenv("SAFIR_CAMPAIGN_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # login entries go here, never the user's
    monkeypatch.delenv("SAFIR_API_KEY", raising=False)
    monkeypatch.delenv("SAFIR_CAMPAIGN_STORE", raising=False)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    return home


#: Set (as .ci/run does) to make a machine without PostgreSQL fail the team tests instead
#: of skipping them.
REQUIRE_POSTGRES_ENV = "SAFIR_REQUIRE_POSTGRES"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[ThrowawayServer]:
    """A PostgreSQL server of the session's own (the OS package's binaries, a temp dir)."""
    try:
        server = ThrowawayServer()
    except NoPostgres as exc:
        if os.environ.get(REQUIRE_POSTGRES_ENV):
            pytest.fail(f"{exc} ({REQUIRE_POSTGRES_ENV} is set)")
        pytest.skip(f"team store tests need PostgreSQL: {exc}")
    server.start()
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture(autouse=True)
def drop_team_databases() -> Iterator[None]:
    """The team databases a test made are dropped when it ends: hundreds of them (10 MB
    each) kept to the session's end took a minute to remove, after the last test."""
    yield
    for server in ThrowawayServer.running:
        server.drop_databases()


@pytest.fixture
def team_store(postgres_server: ThrowawayServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh team store database this test's processes use (SAFIR_CAMPAIGN_STORE, its
    password in PGPASSWORD as libpq reads it); its URL."""
    from app.jobs import suppression

    url, password = postgres_server.new_database()
    monkeypatch.setenv("SAFIR_CAMPAIGN_STORE", url)
    monkeypatch.setenv("PGPASSWORD", password)
    yield url
    suppression.close_team_stores()


def pytest_configure(config: pytest.Config) -> None:
    """The app's bytecode, written once before any worker starts. The tests start hundreds
    of processes (senders, sandboxes, the CLI); where PYTHONDONTWRITEBYTECODE is set, as on
    some CI machines, each would compile every module it imports again (0.1-0.2 s a process)."""
    if not hasattr(config, "workerinput"):  # the controller, before the workers
        compileall.compile_dir(Path(__file__).resolve().parent.parent / "app", quiet=1)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for ``-n auto`` (pyproject.toml): two per core. Most tests wait on the
    processes they start, on a sandbox's answers or on a clock, not on the CPU: on two
    cores four workers ran the suite in 320 s, two in 506 s (docs/benchmarks.md)."""
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ``embedded_only`` (it injects SQLite's own faults, or checks the
    journal file) runs on the embedded journal only."""
    kept = [item for item in items if not (item.get_closest_marker("embedded_only")
                                           and getattr(item, "callspec", None) is not None
                                           and item.callspec.params.get("each_store") == "postgresql")]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


@pytest.fixture(params=["sqlite", "postgresql"])
def each_store(request: pytest.FixtureRequest) -> str:
    """Run the test on the embedded journal and on a team store: its kind."""
    if request.param == "postgresql":
        request.getfixturevalue("team_store")
    return str(request.param)


@pytest.fixture
def sandbox() -> Iterator[EmbeddedSandbox]:
    """A real sandbox on a free loopback port, limits off."""
    with EmbeddedSandbox(fast_settings()) as running:
        yield running
