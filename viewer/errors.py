"""The one shape of a refused input: what was wrong (``parameter``), why (``message``) and what is
allowed there (``allowed``). The command line prints it as ``{"error": {...}}``; pages show the
message as text (docs/security.md)."""
from __future__ import annotations

import math
from typing import Any


class ViewerError(ValueError):
    """A refused input, file or value, with the field, the fault and what is allowed.

    ``text`` replaces the default wording (``"parameter: message; allowed: ..."``) where a kind of
    error words its whole message itself (a file and a row, a cell of a chart)."""

    def __init__(self, parameter: str | None, message: str, allowed: Any = None, *, text: str | None = None):
        self.parameter, self.message, self.allowed = parameter, message, allowed
        super().__init__(text if text is not None else
                         (f"{parameter}: {message}" if parameter else message) + _allowed_tail(allowed))

    def to_json(self) -> dict[str, Any]:
        """``{"error": {"parameter", "message", "allowed"}}``, every value plain JSON."""
        return {"error": {"parameter": self.parameter, "message": self.message, "allowed": jsonable(self.allowed)}}


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON: sequences as lists (sets sorted), mappings with text keys, numbers
    that are not finite as null, anything else as its text."""
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    return str(value)


class Refusal(ViewerError):
    """A refusal worded as one sentence that names the field itself: ``Refusal("no unit 'x'")``."""

    def __init__(self, message: str, allowed: Any = None, parameter: str | None = None):
        super().__init__(parameter, message, allowed, text=message)


def _allowed_tail(allowed: Any) -> str:
    if isinstance(allowed, (list, tuple)):
        shown = ", ".join(map(str, allowed[:30])) + (" …" if len(allowed) > 30 else "")
    else:
        shown = "" if allowed is None else str(allowed)
    return f"; allowed: {shown}" if shown else ""
