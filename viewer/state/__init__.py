"""Per-session state: Param models holding parameters only (no widgets, no derived data)."""
from viewer.state.section import SectionState
from viewer.state.session import SessionState

__all__ = ["SectionState", "SessionState"]
