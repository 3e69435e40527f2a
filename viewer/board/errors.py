"""The exceptions of the board layer."""
from __future__ import annotations

from viewer.errors import ViewerError


class MapError(ViewerError):
    """A map's tables are inconsistent: names the layer, the 1-based row (if any) and the fault."""

    def __init__(self, fault: str, layer: str | None = None, row: int | None = None, more: int = 0):
        self.fault = fault
        self.layer = layer
        self.row = row
        self.more = more
        super().__init__(layer, fault, text=self._describe())

    def _where(self) -> str:
        parts = []
        if self.layer is not None:
            parts.append(f"layer '{self.layer}'")
        if self.row is not None:
            parts.append(f"row {self.row}")
        return ", ".join(parts)

    def _describe(self) -> str:
        where = self._where()
        text = f"{where}: {self.fault}" if where else self.fault
        if self.more:
            text += f" (and {self.more} more row{'s' if self.more > 1 else ''} with the same fault)"
        return text


class MapFileError(MapError):
    """A map file cannot be loaded: the message names the file, the layer, the row and the fault.

    Every problem :func:`viewer.board.load_map` finds raises this one class.
    """

    def __init__(self, path, fault: str, layer: str | None = None, row: int | None = None, more: int = 0):
        self.path = str(path)
        super().__init__(fault, layer, row, more)

    def _describe(self) -> str:
        return f"{self.path}: {super()._describe()}"

    @classmethod
    def from_map_error(cls, path, err: MapError) -> "MapFileError":
        return cls(path, err.fault, err.layer, err.row, err.more)
