"""Starting at login with the desktop's own mechanism, so a campaign interrupted by a
reboot or a logout (and one scheduled for later) is sent again with no window open:
an XDG autostart entry on Linux, the per-user Run key on Windows, a LaunchAgent on macOS.
What starts is ``safir-campaign resume-due``, which hands every interrupted campaign to a
sending process of its own and exits. Never a root service, never a daemon of our own
(docs/architecture.md, "Processes")."""

from __future__ import annotations

import os
import plistlib
import shlex
import sys
from pathlib import Path

from app import APP_ID
from app.desktop import paths

#: What runs at login.
RESUME_COMMAND = "resume-due"
_NAME = f"{APP_ID}-resume"


def program() -> list[str]:
    """This program's command line (the bundle's executable when frozen)."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "app"]


def entry_path() -> Path:
    """Where this platform's login entry lives (Windows: a registry value, not a file;
    the path names it for messages)."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "LaunchAgents" / f"{_NAME}.plist"
    if sys.platform == "win32":
        return Path(r"HKEY_CURRENT_USER\Software\Microsoft\Windows\CurrentVersion\Run") / _NAME
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return config / "autostart" / f"{_NAME}.desktop"


def xdg_entry(command: list[str]) -> str:
    """The XDG autostart entry that runs ``command`` (the whole command line) at login,
    with no window."""
    return ("[Desktop Entry]\nType=Application\nName=Safir Campaign (resume interrupted campaigns)\n"
            f"Exec={shlex.join(command)}\nTerminal=false\nNoDisplay=true\n"
            "X-GNOME-Autostart-enabled=true\n")


def login_command() -> list[str]:
    """What runs at login: ``resume-due`` on this process's folder of campaigns and the
    team store its environment names (a URL without its password, as ``--store`` sets
    it): the ones the window or the command that writes the entry uses, not the defaults
    a login session would get."""
    store = os.environ.get(paths.STORE_ENV, "").strip()
    return [*program(), "--home", str(paths.state_dir()), *(["--store", store] if store else []), RESUME_COMMAND]


def install() -> Path:
    """Start ``resume-due`` (:func:`login_command`) at every login from now on, replacing
    an entry written for another folder or store; returns where the entry is. Raises
    OSError when it cannot be written."""
    command = login_command()
    path = entry_path()
    if sys.platform == "win32":
        import winreg

        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run", 0,
                            winreg.KEY_SET_VALUE) as key:
            winreg.SetValueEx(key, _NAME, 0, winreg.REG_SZ, " ".join(f'"{part}"' for part in command))
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    if sys.platform == "darwin":
        path.write_bytes(plistlib.dumps({"Label": _NAME, "ProgramArguments": command, "RunAtLoad": True}))
    else:
        path.write_text(xdg_entry(command), encoding="utf-8")
    return path


def remove() -> None:
    """Stop starting at login (nothing happens when it was not set)."""
    if sys.platform == "win32":
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run", 0,
                                winreg.KEY_SET_VALUE) as key:
                winreg.DeleteValue(key, _NAME)
        except FileNotFoundError:
            pass
        return
    entry_path().unlink(missing_ok=True)


def installed() -> bool:
    """Whether the login entry is there."""
    if sys.platform == "win32":
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run") as key:
                winreg.QueryValueEx(key, _NAME)
        except FileNotFoundError:
            return False
        return True
    return entry_path().exists()
