"""What the installed app rests on, checked without building it: the desktop files and
icons, the check that tells a user which system libraries the window lacks, and
``--self-test`` (which packaging/smoke.sh also runs in the built bundle)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app import APP_ID
from app.desktop.display import XCB_PACKAGES, advice, missing_libraries, xcb_problem
from tests.helpers import REPO
from tests.helpers import processes

LINUX = REPO / "packaging" / "linux"
ICONS = REPO / "resources" / "icons"


def test_the_desktop_entry_is_valid_and_named_by_the_app_id() -> None:
    desktop = LINUX / f"{APP_ID}.desktop"
    text = desktop.read_text(encoding="utf-8")
    assert f"Icon={APP_ID}" in text and "Name[fa]=" in text
    if shutil.which("desktop-file-validate") is None:
        pytest.skip("desktop-file-validate not installed (apt-get install desktop-file-utils)")
    done = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_appstream_metainfo_names_the_same_app() -> None:
    root = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]


def test_icons_come_in_every_size_desktops_ask_for() -> None:
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        header = (ICONS / f"safir-campaign-{size}.png").read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", header[16:24]) == (size, size)
    assert (ICONS / "safir-campaign.svg").read_text(encoding="utf-8").startswith("<?xml")
    ico = (ICONS / "safir-campaign.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00" and struct.unpack("<H", ico[4:6])[0] >= 5  # several sizes


LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-cursor.so.0 => not found
\tlibQt6Gui.so.6 => /opt/x/libQt6Gui.so.6 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-cursor.so.0 => not found
"""


def test_missing_system_libraries_become_an_apt_command() -> None:
    missing = missing_libraries(LDD)
    assert missing == ["libxcb-cursor.so.0", "libxcb-icccm.so.4"]
    text = advice(missing)
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4" in text
    assert "QT_QPA_PLATFORM=offscreen" in text and "server" in text
    assert set(XCB_PACKAGES.values()) >= {"libxcb-cursor0", "libxcb-keysyms1", "libxkbcommon-x11-0"}


def test_no_check_gets_in_the_way_offscreen_or_on_wayland(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert xcb_problem() is None
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert xcb_problem() is None


@pytest.mark.skipif(sys.platform != "linux", reason="xcb is Linux's")
def test_the_window_without_a_display_says_so_instead_of_aborting() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = processes.run([sys.executable, "-m", "app", "--demo"], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=60)
    assert done.returncode == 2
    assert "there is no display" in done.stderr and "QT_QPA_PLATFORM=offscreen" in done.stderr
    assert "Aborted" not in done.stderr and "Traceback" not in done.stderr


def test_self_test_sends_a_demo_campaign_offscreen_and_checks_the_export() -> None:
    done = processes.run([sys.executable, "-m", "app", "--self-test"], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "campaign sent: 13 sent, 1 failed" in done.stdout
    assert "results exported and read back: 20 rows, 13 sent, 1 failed" in done.stdout
    assert done.stdout.rstrip().endswith("self-test passed")


def test_install_sh_installs_offers_the_demo_and_removes_or_purges(tmp_path: Path) -> None:
    unpacked = tmp_path / "unpacked"
    (unpacked / "safir-campaign").mkdir(parents=True)
    app = unpacked / "safir-campaign" / "safir-campaign"
    app.write_text("#!/bin/sh\necho bundle\n")
    app.chmod(0o755)
    shutil.copy(LINUX / "install.sh", unpacked)
    for suffix in (".desktop", ".metainfo.xml"):
        shutil.copy(LINUX / f"{APP_ID}{suffix}", unpacked)
    (unpacked / "icons").mkdir()
    for icon in (REPO / "resources" / "icons").glob("safir-campaign*.*"):
        shutil.copy(icon, unpacked / "icons")
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(home / ".local" / "share")}

    def install(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["sh", str(unpacked / "install.sh"), *flags], env=env, capture_output=True, text=True)

    assert install().returncode == 0
    entry = (home / ".local/share/applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    target = home / ".local/opt/safir-campaign/safir-campaign"
    assert f"Exec={target}\n" in entry and f"Exec={target} --demo\n" in entry  # the demo in the menu too
    login = home / ".config/autostart" / f"{APP_ID}-resume.desktop"
    assert not login.exists()  # the window asks first
    login.parent.mkdir(parents=True)
    login.write_text(f"[Desktop Entry]\nExec={target} --home x resume-due\n")  # as the window writes it
    data = home / ".local/share/safir-campaign"
    data.mkdir(parents=True)
    (data / "journal.sqlite3").write_text("campaigns")
    removed = install("--remove")
    assert removed.returncode == 0 and "--purge" in removed.stdout
    assert not target.exists() and (data / "journal.sqlite3").exists() and not login.exists()
    assert install().returncode == 0
    assert install("--purge").returncode == 0 and not data.exists() and not target.exists()
