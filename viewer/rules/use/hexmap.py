"""Between the board files (:class:`viewer.board.HexMap`) and the rules' :class:`UseBoard`.

* :func:`to_hexmap`: a fixture board as a one-sheet ``HexMap`` so the map view can draw it
  (hex numbers ``AABB`` as labels, the ``even-r`` numbering).
* :func:`from_hexmap`: the real board ``maps/use.gpkg`` as a ``UseBoard``. It reads the columns
  and tables the ``use`` board vocabulary defines (viewer/board/terrain.py): hex flags
  ``greyed``, ``prohibited``, ``coastal``, ``port``, ``city``, ``sea_zones`` ("10;11"),
  ``country``, ``climate_zone``; hexside features; features ``capital``/``city``/``port``/
  ``fortress`` by name (and ``name_es``, the Spanish name); regions ``strait``, ``canal``, ``map_box`` with their adjacency rows.
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
    reg = [{"kind": "country", "name": c} for c in sorted({h.country for h in hx if h.country})]
    reg += [{"kind": "sea_zone", "name": z} for z in board.zones]
    reg += [{"kind": "strait", "name": st.name, "sea_zones": ";".join(st.zones)} for st in board.straits]
    reg += [{"kind": "canal", "name": c.name, "ends": ";".join(board.hexes[e].name or e for e in c.ends)}
            for c in board.canals]
    reg += [{"kind": "map_box", "name": bx, "sea_zones": ";".join(sorted(zs))} for bx, zs in board.box_zones.items()]
    adj = [{"kind": "sea_zone", "a": a, "b": b, "via": None} for a, b in map(sorted, board.zone_links)]
    adj += [{"kind": "sea_zone", "a": st.zones[0], "b": st.zones[1], "via": st.name} for st in board.straits]
    adj += [{"kind": "map_box", "a": a, "b": b, "via": None} for a, b in map(sorted, board.box_links)]
    return HexMap(board.name, "use", [sheet_for(board.numbering)], hexes, hexsides=sides,
                  regions=pd.DataFrame(reg) if reg else None,
                  region_adjacency=pd.DataFrame(adj) if adj else None)


def _text(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA:
        return ""
    return str(v)


def _flag(v) -> bool:
    return bool(v) if _text(v) else False


#: The map file's box names -> the rules' box ids (USE 1.3.5).
BOX_IDS = {"Arabian Sea": "arabian-sea", "Central Russia": "central-russia",
           "North Atlantic Ocean": "north-atlantic", "North Atlantic": "north-atlantic",
           "Northeast America": "northeast-america", "South Atlantic Ocean": "south-atlantic",
           "South Atlantic": "south-atlantic", "Western Indian Ocean": "western-indian-ocean"}


def _box(name: str) -> str | None:
    if name in MAP_BOXES:
        return name
    return BOX_IDS.get(name)


def _zones(v) -> list[str]:
    return [z.strip() for z in _text(v).split(";") if z.strip()]


def from_hexmap(hm: HexMap, numbering: str | None = None) -> UseBoard:
    """The real board as the rules see it (see the module docstring for what is read)."""
    sheet = next(iter(hm.sheets.values()))
    numbering = numbering or sheet.offset
    h = hm.hexes
    n = len(h)

    def col(c):
        return h[c].tolist() if c in h.columns else [None] * n
    feats = hm.features
    places: dict[str, dict] = {}
    for row in feats.to_dict("records"):
        key = hm.label((row["sheet"], int(row["q"]), int(row["r"])))
        d = places.setdefault(key, {"kinds": set(), "name": "", "name_es": "", "fortress": ""})
        d["kinds"].add(row["kind"])
        if row["kind"] == "fortress":
            d["fortress"] = _text(row.get("nationality")) or "?"
            d["fortress_name"], d["fortress_name_es"] = _text(row.get("name")), _text(row.get("name_es"))
        elif not d["name"]:
            d["name"], d["name_es"] = _text(row.get("name")), _text(row.get("name_es"))
    labels = h["label"].tolist()
    terrain, country, coastal, greyed = col("terrain"), col("country"), col("coastal"), col("greyed")
    city, port, zones, climate, closed, box = (col("city"), col("port"), col("sea_zones"), col("climate_zone"),
                                               col("prohibited"), col("map_box"))
    hexes = []
    for i, lbl in enumerate(labels):
        f = places.get(lbl, {"kinds": set(), "name": "", "name_es": "", "fortress": ""})
        kinds = f["kinds"]
        if f["name"]:
            name, name_es = f["name"], f["name_es"]
        elif f["fortress"]:
            name, name_es = (f.get(k, "").split(" (")[0] for k in ("fortress_name", "fortress_name_es"))
        else:
            name, name_es = "", ""
        hexes.append({"label": lbl, "terrain": _text(terrain[i]) or "clear", "name": name, "name_es": name_es,
                      "country": _text(country[i]), "coastal": _flag(coastal[i]), "greyed": _flag(greyed[i]),
                      "city": _flag(city[i]) or bool(kinds & {"city", "capital", "port"}),
                      "capital": "capital" in kinds,
                      "port": _flag(port[i]) or bool(kinds & {"port", "major-port", "minor-port"}),
                      "sea_zones": _zones(zones[i]), "fortress": f["fortress"], "climate": _text(climate[i]),
                      "closed": _flag(closed[i]), "edge_central_russia": _box(_text(box[i])) == "central-russia"})
    by_label = {x["label"]: x for x in hexes}
    sides: dict[tuple, set] = {}
    strait_sides, canal_cells = [], set()
    for row in hm.hexsides.to_dict("records"):
        feat = {"transport": "transport-line", "rail": "transport-line", "road": "transport-line"}.get(
            row["feature"], row["feature"])
        a = hm.label((row["sheet_a"], int(row["q_a"]), int(row["r_a"])))
        b = hm.label((row["sheet_b"], int(row["q_b"]), int(row["r_b"])))
        if feat == "strait":
            strait_sides.append((a, b))
            continue
        if feat == "canal":
            canal_cells |= {a, b}
        if feat in HEXSIDE_FEATURES and b in grid.neighbors(a, numbering):
            sides.setdefault((a, b), set()).add(feat)
    regions = hm.regions.to_dict("records")
    straits, canals, used = [], [], set()
    box_zones: dict[str, list[str]] = {b: [] for b in MAP_BOXES}
    # prefer hexsides whose both hexes hold the strait's zones (USE 1.3.6 puts strait hexes in both)
    strait_sides.sort(key=lambda ab: -len(set(by_label[ab[0]]["sea_zones"]) & set(by_label[ab[1]]["sea_zones"])))
    for reg in regions:
        kind, name = reg.get("kind"), _text(reg.get("name"))
        if kind == "strait":
            zs = _zones(reg.get("sea_zones"))
            # two straits may part the same zones (Øresund, Great Belt): each takes its own hexside
            for a, b in strait_sides:
                if (a, b) not in used and set(zs) <= set(by_label[a]["sea_zones"]) | set(by_label[b]["sea_zones"]):
                    straits.append({"name": name, "hexes": [a, b], "zones": zs[:2]})
                    used.add((a, b))
                    break
        elif kind == "canal":
            ends = [e for e in _text(reg.get("ends")).split(";") if e]
            found = [next((x["label"] for x in hexes if x["name"] == e and x["port"]), None) for e in ends]
            if len(found) == 2 and all(found):
                canals.append({"name": name, "ends": found, "hexes": sorted(canal_cells - set(found))})
        elif kind == "map_box" and (box := _box(name)):
            box_zones[box] = _zones(reg.get("sea_zones"))
    zone_links, box_links = [], []
    for row in hm.region_adjacency.to_dict("records"):
        a, b, via = _text(row.get("a")), _text(row.get("b")), _text(row.get("via"))
        if row.get("kind") == "sea_zone" and not via:
            zone_links.append((a, b))
        elif row.get("kind") == "map_box" and _box(a) and _box(b):
            box_links.append((_box(a), _box(b)))
    side_rows = [{"a": a, "b": b, "features": sorted(f)} for (a, b), f in sides.items()]
    return build("use", hexes, side_rows, zone_links=zone_links, straits=straits, canals=canals,
                 box_zones=box_zones, box_links=box_links, numbering=numbering, fixture=False)


__all__ = ["to_hexmap", "from_hexmap", "sheet_for", "hexgrid"]
