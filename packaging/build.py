"""Build the app for the platform this runs on: ``python packaging/build.py``.

Makes ``dist/safir-campaign/`` (a one-folder PyInstaller bundle: ``safir-campaign`` or
``safir-campaign.exe``, plus ``safir-campaign-window.exe`` without a console on
Windows), prints the build time and the bundle's size with its largest parts, and on
Linux packs ``dist/safir-campaign-VERSION-linux-ARCH.tar.gz`` with the install script,
the .desktop file, AppStream metainfo and icons. Needs the ``packaging`` extra:
``pip install -e '.[packaging]'`` (a pinned PyInstaller, Pillow); before building it checks
that every module the app needs imports, so a bundle missing one is never reported built.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import APP_ID, APP_NAME, __version__  # noqa: E402


def size_of(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def largest_parts(bundle: Path, count: int = 10) -> list[tuple[str, int]]:
    """The biggest top-level parts of the bundle's _internal folder, in bytes."""
    inside = bundle / "_internal"
    parts = [(p.name, size_of(p) if p.is_dir() else p.lstat().st_size) for p in inside.iterdir()
             if not p.is_symlink()]
    return sorted(parts, key=lambda part: part[1], reverse=True)[:count]


def linux_archive(bundle: Path) -> Path:
    """dist/safir-campaign-VERSION-linux-ARCH.tar.gz: the bundle, install.sh, desktop files, icons."""
    name = f"{APP_NAME}-{__version__}-linux-{platform.machine()}"
    archive = bundle.parent / f"{name}.tar.gz"
    linux = ROOT / "packaging" / "linux"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname=f"{name}/{APP_NAME}")
        tar.add(linux / "install.sh", arcname=f"{name}/install.sh")
        for suffix in (".desktop", ".metainfo.xml"):
            tar.add(linux / f"{APP_ID}{suffix}", arcname=f"{name}/{APP_ID}{suffix}")
        for icon in sorted((ROOT / "resources" / "icons").glob("safir-campaign*.*")):
            if icon.suffix in (".png", ".svg"):
                tar.add(icon, arcname=f"{name}/icons/{icon.name}")
    return archive


#: What the bundle must contain: the app's own dependencies and the builder itself.
NEEDED_MODULES = ("PySide6.QtWidgets", "qasync", "httpx", "pandas", "pyarrow", "python_calamine", "openpyxl",
                  "phonenumbers", "keyring", "platformdirs", "filelock", "starlette", "uvicorn", "multipart",
                  "jwt", "jdatetime", "psycopg", "psycopg_binary", "fpdf", "uharfbuzz", "PIL", "PyInstaller")


def missing_modules() -> list[str]:
    """The modules of :data:`NEEDED_MODULES` this Python cannot import."""
    import importlib

    missing = []
    for name in NEEDED_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes")
    args = parser.parse_args()
    missing = missing_modules()
    if missing:
        print(f"error: this Python cannot import {', '.join(missing)}; install the app and its build tools "
              f"first: pip install -e '.[packaging]'", file=sys.stderr)
        return 2
    work = args.dist.parent / "build"
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(args.dist), "--workpath", str(work),
                    str(ROOT / "packaging" / "safir-campaign.spec")], check=True, cwd=ROOT)
    seconds = time.monotonic() - started
    bundle = args.dist / APP_NAME
    print(f"built {bundle} in {seconds:.0f} s; size {size_of(bundle) / 1e6:.0f} MB")
    for name, size in largest_parts(bundle):
        print(f"  {size / 1e6:7.1f} MB  {name}")
    if sys.platform.startswith("linux"):
        archive = linux_archive(bundle)
        print(f"packed {archive} ({archive.stat().st_size / 1e6:.0f} MB)")
    elif sys.platform == "win32":
        print(f"installer: iscc /DAppVersion={__version__} packaging\\windows\\safir-campaign.iss")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
