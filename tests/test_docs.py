"""README and docs stay true: CI runs README's test command, and nothing points outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start (developers)", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_makes_a_virtual_environment_and_ci_runs_its_test_command() -> None:
    start, tests = _quick_start_commands()
    assert start.startswith("python3 -m venv .venv && ") and "safir-campaign --demo" in start
    assert tests.startswith("python3 -m venv .venv && ") and tests.endswith("pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()


def test_no_reference_to_files_outside_the_repository() -> None:
    offenders = []
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("app/**/*.py"), *ROOT.glob("tests/*.py")]:
        text = path.read_text(encoding="utf-8")
        if path.name != "test_docs.py" and ("../shared" in text or "DESIGN.md" in text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
