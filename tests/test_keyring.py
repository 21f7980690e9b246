"""A profile's secrets through a real Secret Service: gnome-keyring-daemon, unlocked in
its own D-Bus session, as on a Linux desktop. Skipped, with the reason, where the daemon
or dbus-run-session is not installed (.ci/run installs both)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import REPO

SCRIPT = textwrap.dedent("""
    import keyring
    from app.desktop.profiles import SecretStore

    store = SecretStore(service="safir-campaign-test")
    print("backend", type(keyring.get_keyring()).__module__, store.persistent)
    store.set("Shop", "api_key", "made-up-key-123")
    store.set("Shop", "client_secret", "made-up-secret-456")
    fresh = SecretStore(service="safir-campaign-test")  # another session reads them back
    print("read", fresh.get("Shop", "api_key"), fresh.get("Shop", "client_secret"))
    fresh.delete("Shop", "api_key")
    fresh.set("Shop", "client_secret", "")
    print("after delete", SecretStore(service="safir-campaign-test").get("Shop", "api_key"),
          SecretStore(service="safir-campaign-test").get("Shop", "client_secret"))
""")


def in_secret_service_session(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in a new D-Bus session with a new gnome-keyring, unlocked, whose
    files live in ``home`` (never the user's own keyring)."""
    shell = ("printf made-up-login-password | gnome-keyring-daemon --unlock --components=secrets --daemonize "
             f">/dev/null && {command}")
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_RUNTIME_DIR": str(home / "run"), "XDG_CONFIG_HOME": str(home / "config")}
    (home / "run").mkdir(mode=0o700, parents=True, exist_ok=True)
    return subprocess.run(["dbus-run-session", "--", "sh", "-c", shell], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)


@pytest.mark.skipif(sys.platform != "linux", reason="the Secret Service is a Linux desktop's keyring")
def test_secrets_are_stored_read_and_deleted_through_a_real_secret_service(tmp_path: Path) -> None:
    missing = [tool for tool in ("dbus-run-session", "gnome-keyring-daemon") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (apt-get install dbus gnome-keyring)")
    script = tmp_path / "keyring_check.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = in_secret_service_session(f"{sys.executable} {script}", tmp_path / "home")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "backend keyring.backends.SecretService True"
    assert lines[1] == "read made-up-key-123 made-up-secret-456"
    assert lines[2] == "after delete None None"
