"""The code's shape, kept by tests (docs/architecture.md, "Layers"): no class over 300
lines nor function over 60, and each layer importing only what it may."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "app"

#: Top-level packages a part of app/ may import, by where it lives (prefix of its path).
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "app/api": ("app.campaign", "app.contacts", "app.ui", "app.cli", "app.jobs", "app.report", "app.sandbox",
                "app.desktop", "pandas", "PySide6"),
    "app/sandbox": ("app.api", "app.campaign", "app.contacts", "app.ui", "app.cli", "app.jobs", "pandas",
                    "PySide6"),
    "app/campaign": ("app.ui", "app.cli", "app.jobs", "app.contacts", "pandas", "PySide6", "qasync"),
    "app/report": ("app.ui", "app.cli", "app.jobs", "pandas", "PySide6", "qasync"),
    "app/contacts": ("app.ui", "app.cli", "app.jobs", "PySide6", "qasync"),
    "app/jobs": ("app.ui", "app.cli", "PySide6", "qasync"),
    "app/desktop": ("app.ui", "app.cli", "app.jobs", "app.campaign", "app.contacts", "app.report", "app.sandbox",
                    "PySide6", "qasync", "pandas"),
    "app/cli": ("PySide6", "qasync", "pandas"),
}
#: Outside these, nobody imports Qt, pandas or Arrow.
ONLY_IN: dict[str, tuple[str, ...]] = {
    "PySide6": ("app/ui",), "qasync": ("app/ui",), "shiboken6": ("app/ui",),
    "pandas": ("app/contacts",), "pyarrow": ("app/contacts",), "python_calamine": ("app/contacts",),
}


def _modules() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(APP.parent).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(APP.rglob("*.py"))]


def _imports(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_no_class_over_300_lines_nor_function_over_60() -> None:
    too_long = []
    for where, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > (300 if isinstance(node, ast.ClassDef) else 60):
                    too_long.append(f"{where}: {node.name} has {lines} lines")
    assert too_long == []


def test_each_layer_imports_only_what_it_may() -> None:
    crossings, seen = [], set()
    for where, tree in _modules():
        imported = _imports(tree)
        seen |= {name.split(".")[0] for name in imported}
        for prefix, forbidden in FORBIDDEN.items():
            if where.startswith(prefix + "/"):
                crossings += [f"{where} imports {name}" for name in imported
                              if any(name == f or name.startswith(f + ".") for f in forbidden)]
        for package, homes in ONLY_IN.items():
            if not any(where.startswith(home + "/") for home in homes):
                crossings += [f"{where} imports {name}" for name in imported
                              if name == package or name.startswith(package + ".")]
    assert {"PySide6", "pandas", "app", "httpx"} <= seen  # the look found the imports there are
    assert crossings == []


def test_a_test_module_imports_helpers_never_another_test_module() -> None:
    """Shared helpers live in tests/helpers/ (its fixtures loaded by conftest.py as a
    plugin): a test module importing another runs that module's fixtures and tests' imports
    too, and its helpers move under it unseen."""
    tests = APP.parent / "tests"
    crossings = [f"{path.name} imports {name}" for path in sorted(tests.rglob("*.py"))
                 for name in _imports(ast.parse(path.read_text(encoding="utf-8")))
                 if name.startswith("tests.test_")]
    helpers = {name for name in _imports(ast.parse((tests / "test_cli.py").read_text(encoding="utf-8")))}
    assert "tests.helpers.cli" in helpers  # the look reads imports as they are written
    assert crossings == []


#: Functions that run a journal off the window's loop: what is handed to them runs in a
#: worker thread (app/ui/journal_calls.py), or before the loop runs (``at_start_up``).
THREADERS = {"to_thread", "in_thread", "read_then", "soon", "at_start_up"}
#: Functions the window may hand its journal: a type check, the context that keeps it, and
#: the engine, its SMS fallback, the follower and a single send, which read and write it in
#: threads of their own (the engine's writer; app/campaign/sms_fallback.py;
#: app/campaign/follow.py; app/jobs/single_send.py).
HANDS_OVER = {"isinstance", "getattr", "AppContext", "WindowJournal", "CampaignEngine", "SmsFallback", "follow",
              "send_one"}


def _chain(node: ast.AST) -> list[str]:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return parts[::-1]


def _journal_calls_on_the_loop(trees: dict[str, ast.Module]) -> list[str]:
    """Each call in ``trees`` of a journal's method (``….journal.m()``, ``journal.m()``,
    ``journal.repository.m()``),
    or handing a journal to a function, outside a thread body. A thread body: a function or
    lambda handed to one of :data:`THREADERS`, or a function every call of which (in all
    ``trees``) lies in thread bodies."""
    handed: set[int] = set()
    named: set[str] = set()
    defined: dict[str, ast.AST] = {}
    calls: list[tuple[str, ast.Call, list[ast.AST]]] = []

    def visit(where: str, node: ast.AST, stack: list[ast.AST]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack = [*stack, node]
            if not isinstance(node, ast.Lambda):
                defined.setdefault(node.name, node)
        if isinstance(node, ast.Call):
            calls.append((where, node, stack))
            if _chain(node.func)[-1:] and _chain(node.func)[-1] in THREADERS and node.args:
                first = node.args[0]
                handed.add(id(first))
                if _chain(first):
                    named.add(_chain(first)[-1])
        for child in ast.iter_child_nodes(node):
            visit(where, child, stack)

    for where, tree in trees.items():
        visit(where, tree, [])

    def in_body(stack: list[ast.AST]) -> bool:
        return any(id(f) in handed or getattr(f, "name", None) in named for f in stack)

    sites_of: dict[str, list[list[ast.AST]]] = {}
    for _, call, stack in calls:
        sites_of.setdefault((_chain(call.func) or [""])[-1], []).append(stack)
    changed = True
    while changed:  # a function only ever called from thread bodies is one too
        changed = False
        for name in set(defined) - named:
            sites = sites_of.get(name, [])
            if sites and all(in_body(stack) for stack in sites):
                named.add(name)
                changed = True
    found = []
    for where, call, stack in calls:
        chain = _chain(call.func)
        method = "journal" in chain[:-1] and chain[-1] != "close"  # its own, or a repository's
        hands = (chain[-1:] and chain[-1] not in THREADERS | HANDS_OVER
                 and any(_chain(arg)[-1:] == ["journal"] for arg in call.args))
        if (method or hands) and not in_body(stack):
            found.append(f"{where}:{call.lineno}: {'.'.join(chain)}")
    return found


def test_the_window_never_calls_the_journal_on_its_own_thread() -> None:
    """app/ui reaches the journal only through app/ui/journal_calls.py: in worker threads
    (docs/architecture.md, "Processes"), so the window draws while a big campaign is read
    or a team store's server answers."""
    trees = {where: tree for where, tree in _modules() if where.startswith("app/ui/")
             and where != "app/ui/journal_calls.py"}
    assert _journal_calls_on_the_loop(trees) == []
    # the look finds what it looks for: a read on the loop, a journal handed to a reader
    planted = ast.parse("def shown(self):\n    self.context.journal.recipients.counts(1)\n    shown_status(journal, c)\n"
                        "async def fine(self):\n    await self.context.store.in_thread(lambda journal: "
                        "journal.recipients.counts(1))\n")
    assert [f.split(": ")[1] for f in _journal_calls_on_the_loop({"planted": planted})] == [
        "self.context.journal.recipients.counts", "shown_status"]
