"""ASL night board state: the selected location, the fires, the LOS thread's ends and the NVR ring."""
from __future__ import annotations

import param

from viewer.rules.asl.board import Board
from viewer.userdata import UserStore

#: The parameters saved per visitor, and the settings file they are saved in.
SAVED = ("selected", "level", "fires", "los_a", "los_b", "nvr", "show_nvr")
SETTINGS = "asl-night"


class AslNightState(param.Parameterized):
    """Parameters only; views draw them and calculators compute from them (ASL E1.94)."""

    selected = param.String(default="", doc="The selected hex id (2W7), or empty.")
    level = param.Integer(default=0, bounds=(0, 3), doc="The level of the selected location.")
    fires = param.List(default=[], item_type=str, doc="""
        Fires as 'HEX@LEVEL kind' texts (the asl.illumination calculator's format).""")
    los_a = param.String(default="", doc="LOS thread start, 'HEX@LEVEL', or empty.")
    los_b = param.String(default="", doc="LOS thread end, 'HEX@LEVEL', or empty.")
    nvr = param.Integer(default=3, bounds=(0, 9), doc="The NVR drawn as an informational ring.")
    show_nvr = param.Boolean(default=False, doc="Draw the NVR ring around the selected hex.")

    def location(self) -> str:
        return f"{self.selected}@{self.level}" if self.selected else ""

    def add_fire(self, kind: str) -> None:
        """Put a ``kind`` fire (blaze, flame, wreck) in the selected location, replacing its fire."""
        if not self.selected:
            return
        loc = f"{self.selected}@{0 if kind == 'wreck' else self.level}"
        kept = [f for f in self.fires if f.split()[0] != loc]
        self.fires = kept + [f"{loc} {kind}"]

    def clear_fires(self) -> None:
        self.fires = []

    # ------------------------------------------------------------------ the visitor's saved night
    def save(self, store: UserStore) -> None:
        """Keep the night in the visitor's folder (settings file ``asl-night``)."""
        store.save("settings", SETTINGS, {k: getattr(self, k) for k in SAVED})

    def restore(self, store: UserStore, board: Board) -> str:
        """Put back the saved night; "" when it is back or none was saved. A file that cannot be
        used is set aside (never overwritten in silence) and the problem returned."""
        def apply(data: dict) -> None:
            values = {k: data[k] for k in SAVED if k in data}
            if values.get("selected"):
                board.key(values["selected"])
            for loc in [values.get("los_a"), values.get("los_b")] + [f.split()[0] for f in values.get("fires", [])]:
                if loc:
                    board.key(loc.split("@")[0])
            self.param.update(**values)

        return store.restore("settings", SETTINGS, apply,
                             (ValueError, KeyError, TypeError, AttributeError, IndexError))
