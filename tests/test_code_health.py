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
