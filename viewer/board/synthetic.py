"""Synthetic rectangular maps for tests and benchmarks (no game data: random terrain)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer import hexgrid
from viewer.board.model import HexMap
from viewer.board.sheet import Sheet
from viewer.board.terrain import vocabulary


def rectangle_hexes(sheet: Sheet, cols: int, rows: int, game: str = "demo", seed: int = 0) -> pd.DataFrame:
    """A ``cols`` x ``rows`` rectangle in ``sheet``'s offset numbering with random land terrain."""
    q, r = hexgrid.rectangle(cols, rows, sheet.offset)
    vocab = vocabulary(game)
    land = [t for t in vocab.terrain if t != vocab.hex_dot_terrain]
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "sheet": sheet.name,
            "q": q.astype(np.int64),
            "r": r.astype(np.int64),
            "terrain": np.asarray(land, dtype=object)[rng.integers(0, len(land), len(q))],
        }
    )


def rectangle_map(cols: int, rows: int, game: str = "demo", seed: int = 0, sheet: Sheet | None = None) -> HexMap:
    """A one-sheet map of ``cols * rows`` hexes with random terrain and no other tables."""
    sheet = sheet or Sheet("main")
    return HexMap(f"synthetic-{cols}x{rows}", game, [sheet], rectangle_hexes(sheet, cols, rows, game, seed))
