"""README and docs stay true: CI runs README's test command, and nothing points outside the repository."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start (developers)", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_makes_a_virtual_environment_and_ci_runs_its_test_command() -> None:
    start, tests, checks = _quick_start_commands()
    assert start.startswith("python3 -m venv .venv && ") and "safir-campaign --demo" in start
    assert tests.startswith("python3 -m venv .venv && ") and tests.endswith("pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any(line.startswith(tests) for line in ci.splitlines())  # CI goes on to the checks when it fails
    for check in checks.split(" && "):
        assert check in ci, check


def test_no_reference_to_files_outside_the_repository() -> None:
    offenders = []
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("app/**/*.py"), *ROOT.glob("tests/*.py")]:
        text = path.read_text(encoding="utf-8")
        if path.name != "test_docs.py" and ("../shared" in text or "DESIGN.md" in text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def _headless_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Headless", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]
    return [c.split("  #")[0].strip() for c in commands]


def test_every_headless_example_of_readme_runs_on_the_samples(tmp_path: Path) -> None:
    examples = _headless_examples()
    assert len(examples) >= 12
    ran = 0
    for example in examples:
        if example.startswith("SAFIR_API_KEY=") or example.startswith("safir-campaign sandbox"):
            continue  # the real service; a server that runs until stopped
        args = shlex.split(example.replace("/tmp/", f"{tmp_path}/"))
        assert args[0] == "safir-campaign", example
        done = run(*args[1:])
        if args[1] == "retry-failed":  # the sample's one failure is permanent (not a Bale user)
            assert done.returncode == 2 and "no failures worth retrying" in done.stderr, done.stderr
        else:
            assert done.returncode == 0, (example, done.stderr)
        assert "Traceback" not in done.stderr
        ran += 1
    assert (tmp_path / "results.csv").exists() and (tmp_path / "results.xlsx").exists()
    assert "5 skipped" in run("status", "7").stdout  # the repeat, sent only to new numbers: none
    assert ran >= 12
