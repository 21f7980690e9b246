"""``pyarrow.compute`` for the column-wise phone and verdict code.

Its functions (``pc.if_else``, ``pc.is_in``…) are generated when the module is imported,
so no type checker can see them: the module is given the type ``Any`` here, once, instead
of an ignore on every call.
"""

from __future__ import annotations

from typing import Any

import pyarrow.compute as _compute

pc: Any = _compute
