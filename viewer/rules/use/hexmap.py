"""Between the board files (:class:`viewer.board.HexMap`) and the rules' :class:`UseBoard`.

* :func:`to_hexmap`: a fixture board as a one-sheet ``HexMap`` so the map view can draw it
  (hex numbers ``AABB`` as labels, the ``even-r`` numbering).
* :func:`from_hexmap`: the real board ``maps/use.gpkg`` as a ``UseBoard``. It reads the columns
  and tables the ``use`` board vocabulary defines (viewer/board/terrain.py): hex flags
  ``greyed``, ``prohibited``, ``coastal``, ``port``, ``city``, ``sea_zones`` ("10;11"),
  ``country``, ``climate_zone``; hexside features; features ``capital``/``city``/``port``/
  ``fortress`` by name; regions ``strait``, ``canal``, ``map_box`` with their adjacency rows.
  Columns a file lacks read as empty.
"""
from __future__ import annotations

import math

import pandas as pd

from viewer import hexgrid
from viewer.board import HexMap, Sheet
from viewer.rules.use import grid
from viewer.rules.use.board import HEXSIDE_FEATURES, MAP_BOXES, UseBoard, build

SHEET = "main"


def sheet_for(numbering: str = grid.DEFAULT_NUMBERING) -> Sheet:
    return Sheet(SHEET, offset=numbering, label_format="{row:02d}{col:02d}", col_base=0, row_base=0)


def to_hexmap(board: UseBoard) -> HexMap:
    """A ``HexMap`` of the board's hexes (terrain, coast, port, city) and hexside features."""
    labels = board.labels.tolist()
    q, r = grid.labels_to_axial(labels, board.numbering)
    hx = [board.hexes[x] for x in labels]
    hexes = pd.DataFrame({"sheet": SHEET, "q": q, "r": r,
                          "terrain": [h.terrain for h in hx],
                          "coastal": [h.coastal for h in hx], "port": [h.port for h in hx],
                          "city": [h.city for h in hx], "country": [h.country or None for h in hx],
                          "sea_zones": [";".join(sorted(h.sea_zones)) or None for h in hx],
                          "greyed": [h.greyed for h in hx]})
    rows = []
    for pair, feats in board.hexsides.items():
        a, b = sorted(pair)
        (qa, ra), (qb, rb) = grid.to_axial(a, board.numbering), grid.to_axial(b, board.numbering)
        for f in sorted(feats):
            rows.append({"sheet_a": SHEET, "q_a": qa, "r_a": ra, "sheet_b": SHEET, "q_b": qb, "r_b": rb,
                         "feature": f})
    sides = pd.DataFrame(rows) if rows else None
    countries = sorted({h.country for h in hx if h.country})
    regions = pd.DataFrame({"kind": "country", "name": countries}) if countries else None
    return HexMap(board.name, "use", [sheet_for(board.numbering)], hexes, hexsides=sides, regions=regions)


def _text(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA:
        return ""
    return str(v)


def _flag(v) -> bool:
    return bool(v) if _text(v) else False


def from_hexmap(hm: HexMap, numbering: str | None = None) -> UseBoard:
    """The real board as the rules see it (see the module docstring for what is read)."""
    sheet = next(iter(hm.sheets.values()))
    numbering = numbering or sheet.offset
    h = hm.hexes
    col = (lambda c: h[c] if c in h.columns else pd.Series([None] * len(h), index=h.index))
    feats = hm.features
    names: dict[str, dict] = {}
    for row in feats.itertuples(index=False):
        key = hm.label((row.sheet, int(row.q), int(row.r)))
        d = names.setdefault(key, {"kinds": set(), "name": ""})
        d["kinds"].add(row.kind)
        if row.kind != "fortress" and not d["name"]:
            d["name"] = _text(row.name)
        if row.kind == "fortress":
            d["fortress_name"] = _text(row.name)
    fort_nat = {}
    regions = hm.regions
    if "nationality" in regions.columns:
        for row in regions[regions["kind"] == "fortress"].itertuples(index=False):
            fort_nat[row.name] = _text(row.nationality)
    hexes = []
    for i, lbl in enumerate(h["label"].tolist()):
        f = names.get(lbl, {"kinds": set(), "name": ""})
        kinds = f["kinds"]
        zones = [z for z in _text(col("sea_zones").iloc[i]).split(";") if z]
        country = _text(col("country").iloc[i])
        fortress = ""
        if "fortress" in kinds:
            fortress = fort_nat.get(f.get("fortress_name", ""), "") or country
        hexes.append({"label": lbl, "terrain": _text(h["terrain"].iloc[i]) or "clear", "name": f["name"],
                      "country": country, "coastal": _flag(col("coastal").iloc[i]),
                      "greyed": _flag(col("greyed").iloc[i]),
                      "city": _flag(col("city").iloc[i]) or bool(kinds & {"city", "capital", "port"}),
                      "capital": "capital" in kinds,
                      "port": _flag(col("port").iloc[i]) or bool(kinds & {"port", "major-port", "minor-port"}),
                      "sea_zones": zones, "fortress": fortress,
                      "climate": _text(col("climate_zone").iloc[i])})
    sides = []
    for row in hm.hexsides.itertuples(index=False):
        feat = {"transport": "transport-line", "rail": "transport-line", "road": "transport-line"}.get(row.feature, row.feature)
        if feat not in HEXSIDE_FEATURES:
            continue
        a, b = hm.label((row.sheet_a, int(row.q_a), int(row.r_a))), hm.label((row.sheet_b, int(row.q_b), int(row.r_b)))
        sides.append({"a": a, "b": b, "features": [feat]})
    adj = hm.region_adjacency
    zone_links, box_links, box_zones = [], [], {b: [] for b in MAP_BOXES}
    for row in adj.itertuples(index=False):
        a, b = _text(row.a), _text(row.b)
        if row.kind == "sea_zone":
            zone_links.append((a, b))
        elif row.kind == "map_box":
            if a in MAP_BOXES and b in MAP_BOXES:
                box_links.append((a, b))
            elif a in MAP_BOXES:
                box_zones[a].append(b)
            elif b in MAP_BOXES:
                box_zones[b].append(a)
    straits, canals = _straits_and_canals(hm)
    zone_links = [p for p in zone_links if frozenset(p) not in {frozenset(s["zones"]) for s in straits}]
    return build("use", hexes, sides, zone_links=zone_links, straits=straits, canals=canals,
                 box_zones=box_zones, box_links=box_links, numbering=numbering, fixture=False)


def _straits_and_canals(hm: HexMap) -> tuple[list, list]:
    """Straits: a hexside feature ``strait`` between two hexes whose zones differ; canals from
    ``canal`` regions (their hexes carry the region name in a ``canal`` column or hexsides)."""
    straits, canals = [], []
    h = hm.hexes
    zones = dict(zip(h["label"].tolist(), (h["sea_zones"] if "sea_zones" in h.columns else pd.Series([None] * len(h))).tolist()))
    for row in hm.hexsides[hm.hexsides["feature"] == "strait"].itertuples(index=False):
        a, b = hm.label((row.sheet_a, int(row.q_a), int(row.r_a))), hm.label((row.sheet_b, int(row.q_b), int(row.r_b)))
        za = set(_text(zones.get(a)).split(";")) - {""}
        zb = set(_text(zones.get(b)).split(";")) - {""}
        both = sorted(za | zb)
        if len(both) >= 2:
            straits.append({"name": f"{a}-{b}", "hexes": [a, b], "zones": both[:2]})
    canal_sides = hm.hexsides[hm.hexsides["feature"] == "canal"]
    if len(canal_sides):
        cells = set()
        for row in canal_sides.itertuples(index=False):
            cells.add(hm.label((row.sheet_a, int(row.q_a), int(row.r_a))))
            cells.add(hm.label((row.sheet_b, int(row.q_b), int(row.r_b))))
        ports = [c for c in cells if bool(h.loc[h["label"] == c, "port"].any()) if "port" in h.columns]
        if len(ports) >= 2:
            canals.append({"name": "canal", "ends": sorted(ports)[:2], "hexes": sorted(cells - set(ports))})
    return straits, canals


__all__ = ["to_hexmap", "from_hexmap", "sheet_for", "hexgrid"]
