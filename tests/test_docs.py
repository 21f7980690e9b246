"""README and docs stay true: CI runs README's test command, and nothing points outside the repository."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.sandbox import DEMO_API_KEY, EmbeddedSandbox
from tests.helpers.cli import run
from tests.helpers import processes

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


OUTSIDE = ("../shared", "DESIGN.md", "LAYOUT", "PRODUCTION-NOTES", "STYLE.md", "messaging-service.md")
CITED = re.compile(r"(?<![\w/.-])((?:app|docs|resources|benchmarks|tests|packaging|\.ci)/[\w./-]*[\w/])")


def test_no_reference_to_files_outside_the_repository() -> None:
    offenders = []
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("app/**/*.py"), *ROOT.glob("tests/*.py")]:
        text = path.read_text(encoding="utf-8")
        if path.name != "test_docs.py" and any(name in text for name in OUTSIDE):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_every_file_the_docs_cite_is_in_the_repository() -> None:
    missing = []
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md")]:
        for cited in CITED.findall(path.read_text(encoding="utf-8")):
            cited = cited.rstrip("/.")
            if not (ROOT / cited).exists() and not any(ROOT.glob(cited)):
                missing.append(f"{path.name}: {cited}")
    assert missing == []


def _headless_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Headless", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]
    return [c.split("  #")[0].strip() for c in commands]


def _runnable(example: str) -> bool:
    """Whether a test runs ``example``: not the real service's, not a server that runs until stopped."""
    return not (example.startswith("SAFIR_API_KEY=") or example.startswith("safir-campaign sandbox"))


#: README's headless examples in groups, each run in order on a state of its own, as a user
#: types them: indices into :func:`_headless_examples`, and how many campaigns are made
#: before (a group's campaigns are numbered from 1; "watch 8" needs seven before it).
HEADLESS_GROUPS: dict[str, tuple[list[int], int]] = {
    "a campaign and what follows it": ([0, 8, 9, 10, 11, 12, 13], 0),
    "a check and three message kinds": ([1, 2, 3, 4], 0),
    "a template, a secure message and its repeat": ([5, 6, 7], 0),
    "in the background": ([14, 15, 16], 7),
    "with an SMS fallback": ([18], 0),
}


def test_the_groups_run_every_headless_example_of_readme() -> None:
    examples = _headless_examples()
    runnable = [i for i, example in enumerate(examples) if _runnable(example)]
    assert len(runnable) >= 12
    assert sorted(i for indices, _ in HEADLESS_GROUPS.values() for i in indices) == runnable, (
        "README's headless examples changed: put each in a group of HEADLESS_GROUPS")
    assert "watch 8" in examples[15] and "--background" in examples[14]  # what "seven before" is for


def _make_campaigns(count: int) -> None:
    """``count`` small campaigns in this test's journal, so the next one made is ``count + 1``."""
    from app.campaign import NewRecipient
    from app.jobs.store import open_store

    with open_store() as journal:
        for _ in range(count):
            journal.creation.create(name="earlier", kind="text", content={"kind": "text", "text": "hi"}, bot_id=1001,
                                    rate_per_minute=0, in_flight=1, base_url="http://127.0.0.1:9",
                                    recipients=[NewRecipient(2, "09120000001", "989120000001", "valid", None,
                                                             {"message": {"text": "hi"}})])


@pytest.mark.parametrize("group", list(HEADLESS_GROUPS))
def test_every_headless_example_of_readme_runs_on_the_samples(group: str, tmp_path: Path) -> None:
    examples = _headless_examples()
    indices, made_before = HEADLESS_GROUPS[group]
    _make_campaigns(made_before)
    for example in (examples[i] for i in indices):
        args = shlex.split(example.replace("/tmp/", f"{tmp_path}/"))
        assert args[0] == "safir-campaign", example
        done = run(*args[1:])
        if args[1] == "retry-failed":  # the sample's one failure is permanent (not a Bale user)
            assert done.returncode == 2 and "no failures worth retrying" in done.stderr, done.stderr
        else:
            assert done.returncode == 0, (example, done.stderr)
        assert "Traceback" not in done.stderr
    if 0 in indices:
        assert (tmp_path / "results.csv").exists() and (tmp_path / "results.xlsx").exists()
    if 7 in indices:
        assert "5 skipped" in run("status", "3").stdout  # the repeat, sent only to new numbers: none


def _manager_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## The manager's view", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]
    return [c.split("  #")[0].strip() for c in commands]


def _run_example(example: str, tmp_path: Path, sandbox_url: str, stdin: str | None = None) -> Any:
    """One README line as written: ``VAR=value`` before the command goes to its environment;
    the real service's key and address become the test sandbox's (a test never reaches it)."""
    example = example.replace("/tmp/", f"{tmp_path}/").replace("https://safir.bale.ai", sandbox_url)
    env = dict(os.environ)
    args = shlex.split(example)
    while "=" in args[0]:
        name, _, value = args.pop(0).partition("=")
        env[name] = DEMO_API_KEY if value == "..." else value
    assert args[0] == "safir-campaign", example
    return processes.run([sys.executable, "-m", "app", *args[1:]], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, input=stdin)


def _desktop_manager_examples() -> list[str]:
    """The manager's view's examples that run on one desktop's journal (not the team's)."""
    return [e for e in _manager_examples() if " team " not in f" {e} "]


#: The manager's view's desktop examples in groups, as :data:`HEADLESS_GROUPS`.
MANAGER_GROUPS: dict[str, tuple[list[int], int]] = {
    "reports": ([0, 1, 2], 0),
    "approval": ([3, 4, 5, 6, 7], 1),  # "approve 2": the campaign that awaits approval is the second
    "the frequency cap": ([8, 9], 0),
    "a repeating campaign": ([10, 11, 12], 0),
}


def test_the_groups_run_every_example_of_the_managers_view() -> None:
    examples = _desktop_manager_examples()
    assert len(examples) >= 11
    assert sorted(i for indices, _ in MANAGER_GROUPS.values() for i in indices) == list(range(len(examples))), (
        "the manager's view's examples changed: put each in a group of MANAGER_GROUPS")
    assert "approve 2" in examples[5] and "series add" in examples[10]


@pytest.mark.parametrize("group", list(MANAGER_GROUPS))
def test_every_example_of_the_managers_view_runs_as_written(group: str, tmp_path: Path,
                                                             sandbox: EmbeddedSandbox) -> None:
    examples = _desktop_manager_examples()
    indices, made_before = MANAGER_GROUPS[group]
    _make_campaigns(made_before)
    try:
        for example in (examples[i] for i in indices):
            done = _run_example(example, tmp_path, sandbox.url)
            expected = 3 if "awaits approval" in example or "تخفیف" in example else 0
            assert done.returncode == expected, (example, done.stdout, done.stderr)
            assert "Traceback" not in done.stderr
    finally:
        if 10 in indices:
            _run_example("safir-campaign series stop 1", tmp_path, sandbox.url)
    if 2 in indices:
        assert (tmp_path / "report.pdf").exists() and (tmp_path / "summary.xlsx").exists()
    if 6 in indices:
        status = _run_example("safir-campaign status 2", tmp_path, sandbox.url).stdout
        assert "finished" in status  # approved with the password, then sent


def test_the_team_examples_of_the_managers_view_run_on_a_team_store(team_store: str, tmp_path: Path) -> None:
    # Logins are the whole server's: the examples' alice and bob get names no other test made.
    database = team_store.rsplit("/", 1)[1]
    examples = [re.sub(r"\b(alice|bob)\b", rf"\1_{database}", e) for e in _manager_examples() if " team " in f" {e} "]
    assert len(examples) == 4
    for example in examples:
        if "|" in example:  # echo "PASSWORD" | safir-campaign ...
            echoed, _, example = example.partition("| ")
            done = _run_example(example, tmp_path, "", shlex.split(echoed)[1] + "\n")
        elif example.startswith("safir-campaign team add"):  # asks for the password on the terminal
            done = _run_pty(example, "bob's password\nbob's password\n")
        else:
            done = _run_example(example, tmp_path, "")
        assert done.returncode == 0, (example, done.stdout, done.stderr)
    listed = _run_example("safir-campaign team list", tmp_path, "").stdout
    assert f"alice_{database}" in listed and "approver" in listed and f"bob_{database}" in listed


def _run_pty(example: str, typed: str) -> Any:
    """``example`` with a terminal for standard input, on which each line of ``typed`` is
    typed once the program asks (getpass flushes what was typed before it asked)."""
    import pty
    import select

    controller, terminal = pty.openpty()
    # A session of its own: no controlling terminal, so getpass asks on standard error and
    # reads the terminal given as standard input.
    process = processes.popen([sys.executable, "-m", "app", *shlex.split(example)[1:]], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=ROOT, stdin=terminal, start_new_session=True)
    assert process.stderr is not None and process.stdout is not None
    said = b""
    try:
        for line in typed.splitlines(keepends=True):
            asked = len(said)
            while not said[asked:].rstrip().endswith(b":"):
                ready, _, _ = select.select([process.stderr], [], [], 60)
                assert ready, f"{example}: no question asked; said {said!r}"
                chunk = os.read(process.stderr.fileno(), 1024)
                assert chunk, f"{example}: ended before it asked; said {said!r}"
                said += chunk
            os.write(controller, line.encode())
        process.wait(timeout=120)
        return subprocess.CompletedProcess(process.args, process.returncode, process.stdout.read().decode(),
                                           (said + process.stderr.read()).decode())
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
        os.close(terminal)
        os.close(controller)


def test_the_samples_are_made_again_without_a_display(tmp_path: Path) -> None:
    script = Path(__file__).parents[1] / "resources" / "samples" / "make_samples.py"
    (tmp_path / script.name).write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, str(tmp_path / script.name)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    made = {p.name for p in tmp_path.iterdir()}
    assert {"poster.jpg", "list.xlsx", "contacts.xlsx", "contacts.csv"} <= made
