"""Per-recipient content: ``{{column}}`` placeholders filled from the recipient's row."""

from __future__ import annotations

import re
from collections.abc import Mapping

#: ``{{name}}`` with optional inner spaces; names may be Persian (``{{نام}}``).
PLACEHOLDER = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")


def placeholders(text: str) -> list[str]:
    """The distinct placeholder names in ``text``, in order of first use."""
    return list(dict.fromkeys(PLACEHOLDER.findall(text)))


def render(text: str, fields: Mapping[str, str]) -> str:
    """``text`` with every ``{{name}}`` replaced by ``fields[name]`` (surrounding spaces
    trimmed). Raises KeyError for a placeholder with no field."""
    return PLACEHOLDER.sub(lambda m: str(fields[m.group(1)]).strip(), text)
