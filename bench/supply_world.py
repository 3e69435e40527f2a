"""A synthetic WiF-like map of about 70,200 hexes for ``bench/supply.py`` (bench only, not shipped).

:func:`tiled_europe` lays copies of the bundled europe map (4,760 hexes) side by side on its one
sheet, each tile shifted east by the map's width in columns, the last tile cut to reach the hex
count asked for. Every named thing of a tile is renamed with the tile's number (tile 1 keeps the
real names; "Germany 2", "Berlin 2", "North Sea 2" ...), so its tables stay consistent:

* countries keep their status and owning power (``Germany 2`` is a home country of Germany,
  ``Poland 2`` a minor country aligned with the Commonwealth, ``Algeria 2`` a French territory),
  with their capitals renamed the same way: every tile has primary sources (home cities) and
  secondary ones (minor capitals) for the scenario's powers;
* sea areas, their adjacency and chokepoints are per tile (overseas supply stays inside a tile);
* climate zones are the game's own three, shared by all tiles (one weather per zone).

Tiles meet where one tile's eastern edge (Soviet and Persian land) touches the next one's western
edge (the Atlantic, hex-dots): adjacent hexes of two tiles join like any other hexes of the sheet.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer.board import HexMap, load_map

#: Home countries (major powers) and minors with their units: (power, country, is a minor).
POWERS = [("Poland", "Poland", True), ("Germany", "Germany", False), ("France", "France", False),
          ("Commonwealth", "United Kingdom", False), ("Italy", "Italy", False), ("USSR", "USSR", False)]


def _suffix(k: int):
    """The renaming of tile ``k`` (0-based): names unchanged in the first tile."""
    tag = "" if k == 0 else f" {k + 1}"

    def name(v):
        return v if not isinstance(v, str) or not v or not tag else v + tag

    def names(v):   # ";"-joined feature names (chokepoints)
        return v if not isinstance(v, str) or not tag else ";".join(x + tag for x in v.split(";"))
    return name, names


def tiled_europe(n_hexes: int = 70_200) -> HexMap:
    """``n_hexes`` hexes of europe tiles (see the module doc); raises ``ValueError`` below one tile."""
    base = load_map("europe")
    h0 = base.hexes
    per_tile = len(h0)
    if n_hexes < per_tile:
        raise ValueError(f"{n_hexes} hexes: a tiled map holds at least one europe map ({per_tile} hexes)")
    col = h0["q"] + (h0["r"] - (h0["r"] & 1)) // 2
    width = int(col.max() - col.min() + 1)
    tiles = -(-n_hexes // per_tile)
    order = np.lexsort((h0["q"].to_numpy(), h0["r"].to_numpy()))   # the last tile: whole rows from the north
    hex_cols = [c for c in h0.columns if c != "label"]
    parts = {k: [] for k in ("hexes", "hexsides", "regions", "region_adjacency", "features", "chokepoints")}
    for k in range(tiles):
        name, names = _suffix(k)
        shift = k * width
        h = h0[hex_cols].copy()
        if k == tiles - 1:
            h = h.iloc[order[: n_hexes - k * per_tile]].sort_index()
        h["q"] = h["q"] + shift
        for c in ("country", "sea_area"):
            h[c] = h[c].map(name, na_action="ignore")
        parts["hexes"].append(h)
        kept = set(zip(h["q"], h["r"]))
        hs = base.hexsides.copy()
        hs["q_a"], hs["q_b"] = hs["q_a"] + shift, hs["q_b"] + shift
        hs = hs[[(a, b) in kept and (c, d) in kept
                 for a, b, c, d in zip(hs["q_a"], hs["r_a"], hs["q_b"], hs["r_b"])]]
        parts["hexsides"].append(hs)
        f = base.features.copy()
        f["q"] = f["q"] + shift
        f = f[[(a, b) in kept for a, b in zip(f["q"], f["r"])]]
        f["name"] = f["name"].map(name)
        f["sea_area"] = f["sea_area"].map(name, na_action="ignore")
        f["name_es"] = f["name_es"].map(name, na_action="ignore")
        parts["features"].append(f)
        present = set(h["country"].dropna()) | set(h["sea_area"].dropna())
        places = set(f["name"])
        r = base.regions.copy()
        r = r[r["kind"] != "climate_zone"] if k else r
        named = r["kind"].isin(["country", "sea_area"])
        r.loc[named, "name"] = r.loc[named, "name"].map(name)
        r.loc[named, "name_es"] = r.loc[named, "name_es"].map(name, na_action="ignore")
        r["capital"] = r["capital"].map(name, na_action="ignore")
        r = r[~named | r["name"].isin(present)]
        r.loc[~r["capital"].isin(places), "capital"] = None       # a capital cut off with the last tile
        parts["regions"].append(r)
        ra = base.region_adjacency.copy()
        for c in ("a", "b", "via"):
            ra[c] = ra[c].map(name, na_action="ignore")
        parts["region_adjacency"].append(ra[ra["a"].isin(present) & ra["b"].isin(present)])
        cp = base.chokepoints.copy()
        for c in ("name", "a", "b", "name_es"):
            cp[c] = cp[c].map(name, na_action="ignore")
        for c in ("controlled_by", "via"):
            cp[c] = cp[c].map(names, na_action="ignore")
        ok = cp["a"].isin(present) & cp["b"].isin(present) & cp["controlled_by"].map(
            lambda v: all(x in places for x in v.split(";")))
        ok &= cp["via"].map(lambda v: not isinstance(v, str) or all(x in places for x in v.split(";")))
        parts["chokepoints"].append(cp[ok])
        kept_cp = set(cp.loc[ok, "name"])
        last = parts["region_adjacency"][-1]
        parts["region_adjacency"][-1] = last[last["via"].isna() | last["via"].isin(kept_cp)]
    tables = {k: pd.concat(v, ignore_index=True) for k, v in parts.items()}
    return HexMap(f"europe-tiled-{n_hexes}", base.game, list(base.sheets.values()), tables.pop("hexes"),
                  extra_edges=base.extra_edges, **tables)


def make_scenario(hexmap: HexMap, n_units: int = 2_000, seed: int = 1):
    """``n_units`` random land units in the home countries of :data:`POWERS` on random tiles (a
    minor's units belong to that tile's minor, e.g. ``Poland 3``), an HQ every 25 units, the Axis
    at war with the Allies."""
    from viewer.rules.wif.scenario_io import load_scenario

    h = hexmap.hexes
    land = h[~h["hex_dot"]]
    by_country = {c: labels for c, labels in land.groupby("country")["label"]}
    tiles = [k for k in range(1, 10_000) if (f"Germany {k}" if k > 1 else "Germany") in by_country]
    rng = np.random.default_rng(seed)
    units = []
    for i in range(n_units):
        power, country, minor = POWERS[i % len(POWERS)]
        while True:
            k = int(rng.choice(tiles))
            home = country if k == 1 else f"{country} {k}"
            if home in by_country:
                break
        owner = home if minor else power
        utype = "HQ-I" if i % 25 == 0 else "INF"
        units.append({"id": f"u{i}", "type": utype, "power": owner, "hex": str(rng.choice(by_country[home]))})
    return load_scenario({"map": hexmap.name, "name": "bench-70200", "at_war": [["axis", "allies"]],
                          "units": units}, hexmap)
