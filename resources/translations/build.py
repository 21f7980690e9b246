"""Refresh safir_fa.ts from the interface's sources, fill in the Persian of
fa_strings.py, and compile safir_fa.qm.

Run: python resources/translations/build.py   (needs pyside6-lupdate and pyside6-lrelease,
which PySide6 installs)
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

from fa_strings import DYNAMIC, FA  # noqa: E402

sys.path.insert(0, str(REPO))
from app.ui.texts import CONTEXT as REASONS_CONTEXT  # noqa: E402
from app.ui.texts import templates as reason_templates  # noqa: E402

from app.report import TEXTS as REPORT_TEXTS  # noqa: E402

DYNAMIC = {**DYNAMIC, REASONS_CONTEXT: reason_templates(), "Report": list(REPORT_TEXTS)}

TS = HERE / "safir_fa.ts"
QM = HERE / "safir_fa.qm"


def main() -> int:
    sources = sorted(str(p.relative_to(REPO)) for p in (REPO / "app" / "ui").rglob("*.py"))
    subprocess.run(["pyside6-lupdate", *sources, "-no-obsolete", "-ts", str(TS)], cwd=REPO, check=True)
    tree = ET.parse(TS)
    root = tree.getroot()
    root.set("language", "fa_IR")
    contexts = {c.findtext("name"): c for c in root.iter("context")}
    for name, texts in DYNAMIC.items():
        context = contexts.get(name)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = name
            contexts[name] = context
        present = {m.findtext("source") for m in context.iter("message")}
        for text in texts:
            if text not in present:
                message = ET.SubElement(context, "message")
                ET.SubElement(message, "source").text = text
                ET.SubElement(message, "translation")
    missing = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if source in FA:
                translation.text = FA[source]
                translation.attrib.pop("type", None)
            else:
                missing.append(source)
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    subprocess.run(["pyside6-lrelease", str(TS), "-qm", str(QM)], check=True)
    if missing:
        print(f"{len(missing)} strings without Persian:", *missing, sep="\n  ")
        return 1
    print(f"all strings translated; wrote {QM.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
