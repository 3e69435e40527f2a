"""Per-session state: Param models holding parameters only (no widgets, no derived data)."""
from .session import SessionState

__all__ = ["SessionState"]
