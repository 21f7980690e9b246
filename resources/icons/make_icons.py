"""Render safir-campaign.svg to the PNG sizes desktops ask for (16-512) and a Windows
.ico holding the small ones. Run after editing the SVG: python resources/icons/make_icons.py
(needs PySide6, which the app installs, and Pillow for the .ico)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)  # noqa: F841 - Qt needs one
    renderer = QSvgRenderer(str(HERE / "safir-campaign.svg"))
    if not renderer.isValid():
        print("the SVG could not be read", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(HERE / f"safir-campaign-{size}.png"))
    try:
        from PIL import Image
    except ImportError:
        print("error: the .ico needs Pillow: pip install -e '.[packaging]'", file=sys.stderr)
        return 2

    Image.open(HERE / "safir-campaign-256.png").save(
        HERE / "safir-campaign.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    print(f"wrote {len(SIZES)} PNGs and safir-campaign.ico in {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
