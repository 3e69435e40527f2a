"""The one shape of a refused input: what was wrong (``parameter``), why (``message``) and what is
allowed there (``allowed``). The command line prints it as ``{"error": {...}}``; pages show the
message as text (docs/security.md)."""
from __future__ import annotations

from typing import Any


class ViewerError(ValueError):
    """A refused input, file or value, with the field, the fault and what is allowed."""

    def __init__(self, parameter: str | None, message: str, allowed: Any = None):
        self.parameter, self.message, self.allowed = parameter, message, allowed
        super().__init__((f"{parameter}: {message}" if parameter else message) + _allowed_tail(allowed))

    def to_json(self) -> dict[str, Any]:
        allowed = self.allowed
        if isinstance(allowed, (set, frozenset, tuple)):
            allowed = sorted(map(str, allowed)) if isinstance(allowed, (set, frozenset)) else list(allowed)
        return {"error": {"parameter": self.parameter, "message": self.message, "allowed": allowed}}


def _allowed_tail(allowed: Any) -> str:
    if isinstance(allowed, (list, tuple)):
        shown = ", ".join(map(str, allowed[:30])) + (" …" if len(allowed) > 30 else "")
    else:
        shown = "" if allowed is None else str(allowed)
    return f"; allowed: {shown}" if shown else ""
