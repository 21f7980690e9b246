"""A package's public names loaded on first use (PEP 562): a command that needs one corner
of the app does not pay for importing the rest (the command line answers ``--version``,
``list`` and ``status`` without the service's client, pandas, the sandbox or Qt)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def attribute_loader(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name from its home:
    ``homes`` maps a public name to ``"module"`` or ``"module:attribute"`` (another name
    there). Raises AttributeError for any other name."""

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = home.partition(":")
        return getattr(importlib.import_module(module), attribute or name)

    return load
