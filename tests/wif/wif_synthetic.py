"""A small synthetic WiF map for the scenario, ZOC and stacking tests (no game data).

A 7 x 5 ``odd-r`` sheet ``main`` (labels ``CCRR``), all clear ``north-temperate`` land of the
countries given per hex (default ``Germany``), with hexside features and other attributes set by
the caller. ``C`` is the centre hex ``0403`` and ``ring(C)`` its six neighbours.
"""
from __future__ import annotations

import pandas as pd

from viewer import hexgrid
from viewer.board import HexMap, Sheet
from viewer.board.synthetic import rectangle_hexes

SHEET = Sheet("main")
COUNTRIES = [
    # name, status, power (the major it belongs to or is aligned with)
    ("Ardenia", "minor", None),
    ("Borlund", "minor", None),
    ("Germany", "major", "Germany"),
    ("France", "major", "France"),
    ("Italy", "major", "Italy"),
    ("Poland", "minor", "Commonwealth"),
    ("Finland", "minor", None),
    ("USSR", "major", "USSR"),
]


def key(label: str) -> tuple[str, int, int]:
    col, row = int(label[:2]) - 1, int(label[2:]) - 1
    q, r = hexgrid.offset_to_axial(col, row, "odd-r")
    return ("main", int(q), int(r))


def label(k) -> str:
    col, row = hexgrid.axial_to_offset(k[1], k[2], "odd-r")
    return f"{int(col) + 1:02d}{int(row) + 1:02d}"


C = "0403"


def ring(center: str = C) -> list[str]:
    k = key(center)
    return [label(("main", q, r)) for q, r in hexgrid.neighbors((k[1], k[2]))]


def make_map(hexes: dict[str, dict] | None = None, hexsides: list[tuple[str, str, str]] = (),
             extra_edges: list[tuple[str, str, str]] = (), off_map: tuple[str, ...] = (),
             features: list[tuple[str, str, str]] = (), country: str = "Germany",
             map_class: str = "european") -> HexMap:
    """``hexes``: label -> column overrides (``terrain``, ``country``, ``port``, ``hex_dot`` …);
    ``hexsides``: (label, label, feature); ``extra_edges``: (label, label, kind); ``off_map``:
    labels of extra off-map hexes added outside the rectangle (given as CCRR beyond it);
    ``features``: (kind, name, label)."""
    h = rectangle_hexes(SHEET, 7, 5, "wif")
    h["terrain"] = "clear"
    h["climate_zone"] = "north-temperate"
    h["country"] = country
    h["map_class"] = map_class
    extra = []
    for lab in off_map:
        k = key(lab)
        extra.append({"sheet": "main", "q": k[1], "r": k[2], "terrain": "clear", "off_map": True,
                      "climate_zone": "north-temperate", "country": country, "map_class": map_class})
    if extra:
        h = pd.concat([h, pd.DataFrame(extra)], ignore_index=True)
    h["label"] = [label(k) for k in zip(h["sheet"], h["q"], h["r"])]
    for lab, cols in (hexes or {}).items():
        m = h["label"] == lab
        for col, value in cols.items():
            if col not in h.columns:
                h[col] = None
            h[col] = h[col].astype(object)
            h.loc[m, col] = value
            if col == "hex_dot" and value:
                h.loc[m, ["terrain", "country", "sea_area"]] = ["sea", None, "Test Sea"]
    h = h.drop(columns=["label"])

    def pair(a, b, extra_cols):
        ka, kb = key(a), key(b)
        return {"sheet_a": ka[0], "q_a": ka[1], "r_a": ka[2], "sheet_b": kb[0], "q_b": kb[1], "r_b": kb[2], **extra_cols}

    sides = pd.DataFrame([pair(a, b, {"feature": f}) for a, b, f in hexsides]) if hexsides else None
    edges = pd.DataFrame([pair(a, b, {"kind": k}) for a, b, k in extra_edges]) if extra_edges else None
    regions = [{"kind": "climate_zone", "name": "north-temperate"}, {"kind": "sea_area", "name": "Test Sea"}]
    for name, status, power in COUNTRIES:
        regions.append({"kind": "country", "name": name, "status": status, "power": power})
    feats = None
    if features:
        rows = []
        for kind, name, lab in features:
            k = key(lab)
            rows.append({"kind": kind, "name": name, "sheet": k[0], "q": k[1], "r": k[2]})
        feats = pd.DataFrame(rows)
    return HexMap("synthetic-wif", "wif", [SHEET], h, hexsides=sides, regions=pd.DataFrame(regions),
                  features=feats, extra_edges=edges)
