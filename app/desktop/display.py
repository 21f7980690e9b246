"""Before the window opens on Linux: can Qt's xcb platform plugin load here?

On a fresh Debian or Ubuntu desktop, Qt's xcb plugin aborts the process with "could not
load the Qt platform plugin" when a system library is missing (libxcb-cursor0 on most,
more on minimal systems). This finds the missing libraries first, with ``ldd`` on the
plugin and Qt's xcb library, and names the Debian/Ubuntu packages to install.
No Qt import here: it must work when Qt itself would abort.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

#: Libraries Qt 6's xcb plugin loads, by the Debian/Ubuntu package that ships each.
XCB_PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}

def qt_directory() -> Path | None:
    """PySide6's Qt folder (plugins and libraries), in a source install or a bundle."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        qt = Path(location) / "Qt"
        if qt.is_dir():
            return qt
    return None


def missing_libraries(ldd_output: str) -> list[str]:
    """Library names ``ldd`` reported as "not found", in order, without repeats."""
    missing: list[str] = []
    for line in ldd_output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and "not found" in where and name.strip() not in missing:
            missing.append(name.strip())
    return missing


def advice(missing: list[str]) -> str:
    """The sentence and command for a user whose system lacks ``missing`` libraries."""
    packages = sorted({XCB_PACKAGES.get(name, name) for name in missing})
    return (
        "The window cannot open: this system lacks libraries Qt needs to draw on the screen "
        f"({', '.join(missing)}).\n"
        "On Debian or Ubuntu, install them with:\n"
        f"    sudo apt-get install {' '.join(packages)}\n"
        "then start the app again. (Only for a machine without a screen, such as a server or a "
        "test run, start it with QT_QPA_PLATFORM=offscreen.)"
    )


def display_unreachable(display: str) -> str | None:
    """None when an X server answers at ``display`` (``:0``, ``host:1.0``), else a sentence.
    A local display is its socket in /tmp/.X11-unix; a remote one is TCP port 6000 + n."""
    host, _, number = display.rpartition(":")
    number = number.split(".")[0]
    if not number.isdigit():
        return f"The window cannot open: DISPLAY={display!r} is not a display name (expected :0 or host:0)."
    try:
        if host in ("", "unix") or host.startswith("/"):
            socket_path = host if host.startswith("/") else f"/tmp/.X11-unix/X{number}"
            with socket.socket(socket.AF_UNIX) as probe:
                probe.settimeout(2)
                probe.connect(socket_path)
        else:
            socket.create_connection((host, 6000 + int(number)), timeout=2).close()
    except OSError:
        return (f"The window cannot open: no X server answers at DISPLAY={display} (was the desktop session "
                "closed?). Start it from a desktop session, or unset DISPLAY and use QT_QPA_PLATFORM=offscreen "
                "or the headless commands (safir-campaign --help).")
    return None


def xcb_problem() -> str | None:
    """None when the window can open (or it is not Linux/xcb), else what to do, in words."""
    if not sys.platform.startswith("linux"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None
    if not platform and os.environ.get("WAYLAND_DISPLAY"):
        return None  # Qt picks its Wayland plugin, which needs none of these
    if not os.environ.get("DISPLAY"):
        return ("The window cannot open: there is no display (no DISPLAY or WAYLAND_DISPLAY). Start it from "
                "a desktop session; for a machine without a screen, use QT_QPA_PLATFORM=offscreen, or the "
                "headless commands (safir-campaign --help).")
    unreachable = display_unreachable(os.environ["DISPLAY"])
    if unreachable:
        return unreachable
    qt = qt_directory()
    ldd = shutil.which("ldd")
    if qt is None or ldd is None:
        return None
    targets = [qt / "plugins" / "platforms" / "libqxcb.so", *sorted((qt / "lib").glob("libQt6XcbQpa.so*"))[:1]]
    output = ""
    for target in targets:
        if target.exists():
            try:
                output += subprocess.run([ldd, str(target)], capture_output=True, text=True, timeout=10).stdout
            except (OSError, subprocess.SubprocessError):
                return None
    missing = missing_libraries(output)
    return advice(missing) if missing else None
