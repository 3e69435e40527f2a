"""ASL night board state: the selected location, the fires, the LOS thread's ends and the NVR ring."""
from __future__ import annotations

import param


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
