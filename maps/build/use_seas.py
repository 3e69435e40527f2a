"""Sea steps of the ``use`` build: numbered sea zones, multi-zone hexes, ports' zones, straits,
the canal and the map boxes (USE 1.3.5, 1.3.6, 4.2.4, 4.2.4.2-4.2.4.4).

Our drawing, from the seeds of ``use_board.yaml``:

* every sea hex joins the zone of the nearest seed reached over sea hexes (breadth-first search,
  as the europe map's sea areas); a sea hex no seed reaches (an enclosed lagoon) has no zone;
* a zone border runs along the hexsides between sea hexes of two zones; where it ends at a coast,
  the sea hexes on both sides of its last hexside (those touching land) belong to both zones
  (USE 1.3.6: "each hex is in sea zones 14 and 33");
* the two land hexes of a strait belong to both zones it separates (USE 1.3.6: Gibraltar and
  Tangier in 16 and 17);
* a port belongs to the zones of the sea hexes next to it, or of the nearest sea hex when it
  touches none (London: an all-land port in a zone, USE 1.3.6), or to the zones ``port_zones``
  fixes (Antwerp: a border ends in its hex).

The ``sea_zones`` column holds a hex's zones as numbers joined by ``;`` in increasing order
(``"10;11"``); hexes in no zone hold nothing.
"""
from __future__ import annotations

import collections

import numpy as np
from use_land import neighbour_rows


def _bfs(hexes, nb, seeds) -> np.ndarray:
    """Zone number of each sea hex (0: not reached) by multi-source breadth-first search."""
    sea = (hexes["terrain"] == "sea").to_numpy()
    zone = np.zeros(len(hexes), dtype=np.int64)
    frontier = collections.deque()
    for number, i in seeds:
        if zone[i] == 0:
            zone[i] = number
            frontier.append(i)
    while frontier:
        i = frontier.popleft()
        for j in nb[i]:
            if j >= 0 and sea[j] and zone[j] == 0:
                zone[j] = zone[i]
                frontier.append(j)
    return zone


def _nearest_sea(hexes, sea, i):
    """``i`` if it is a sea hex, else the nearest sea hex within one hex spacing (None if none)."""
    if i is None or sea[i]:
        return i
    rows = np.flatnonzero(sea)
    d = np.hypot(hexes["x"].to_numpy()[rows] - hexes.at[i, "x"], hexes["y"].to_numpy()[rows] - hexes.at[i, "y"])
    k = int(np.argmin(d))
    step = np.hypot(hexes.at[0, "x"] - hexes.at[1, "x"], hexes.at[0, "y"] - hexes.at[1, "y"])
    return int(rows[k]) if d[k] <= step * 1.01 else None


def _text(zones) -> str | None:
    return ";".join(str(z) for z in sorted(zones)) or None


def sea_zones(sheet, hexes, hexsides, cities, row_at, facts) -> tuple[dict, dict]:
    """Set ``hexes["sea_zones"]``; return the zone data the regions need and the build numbers."""
    nb = neighbour_rows(hexes)
    sea = (hexes["terrain"] == "sea").to_numpy()
    wet = sea | (hexes["terrain"] == "lake").to_numpy()
    seeds, bad = [], []
    for number, spec in facts["sea_zones"].items():
        for p in spec["seeds"]:
            i = _nearest_sea(hexes, sea, row_at(p))
            if i is None:
                bad.append(f"{p} (zone {number})")
            seeds.append((int(number), i))
    if bad:
        raise SystemExit(f"use_board.yaml: sea-zone seeds not within a hex of the sea: {', '.join(bad)}")
    zone = _bfs(hexes, nb, seeds)
    members = [set() if z == 0 else {int(z)} for z in zone]
    has = nb >= 0
    touches_land = (has & ~wet[np.where(has, nb, 0)]).any(axis=1)
    for i in np.flatnonzero((zone > 0) & touches_land):
        for j in nb[i]:
            if j >= 0 and zone[j] > 0 and zone[j] != zone[i] and touches_land[j]:
                members[i].add(int(zone[j]))
    straits = {}
    for name, spec in facts["straits"].items():
        a, b = (row_at(p) for p in spec["sides"])
        zs = {int(z) for z in spec["zones"]}
        members[a] |= zs
        members[b] |= zs
        straits[name] = (a, b, tuple(sorted(zs)))
    zone_rows = np.flatnonzero(zone > 0)
    port_zones = {}
    overrides = {name: {int(z) for z in zs} for name, zs in facts.get("port_zones", {}).items()}
    for c in cities:
        if not {"major-port", "minor-port"} & set(c["kinds"]):
            continue
        i = c["row"]
        near = {int(zone[j]) for j in nb[i] if j >= 0 and zone[j] > 0}
        if not near:
            d = np.hypot(hexes["x"].to_numpy()[zone_rows] - hexes.at[i, "x"], hexes["y"].to_numpy()[zone_rows] - hexes.at[i, "y"])
            near = {int(zone[zone_rows[np.argmin(d)]])}
        zs = overrides.get(c["en"], near | members[i])
        members[i] = set(zs) if c["en"] in overrides else members[i] | zs
        port_zones[i] = _text(members[i])
    hexes["sea_zones"] = [_text(m) for m in members]
    canals = {}
    by_name = {c["en"]: c["row"] for c in cities}
    for name, spec in facts["canals"].items():
        ends = [by_name[e] for e in spec["ends"]]
        canals[name] = (spec["ends"], [members[e] for e in ends])
    used = sorted(set(zone[zone > 0].tolist()))
    missing = sorted({int(n) for n in facts["sea_zones"]} - set(used))
    if missing:
        raise SystemExit(f"use_board.yaml: sea zone(s) {missing} got no hex")
    touching = _touching(zone, nb)
    for name, (_, _, zs) in straits.items():
        if zs in touching:
            print(f"  note: the zones of strait {name} {zs} also meet across open water")
    stats = {"sea zones": len(used), "sea hexes": int(sea.sum()), "sea hexes in no zone": int((sea & (zone == 0)).sum()),
             "border-end hexes in two zones": int(sum(len(m) > 1 for m, s in zip(members, sea) if s)),
             "ports": len(port_zones)}
    return {"zone": zone, "touching": touching, "straits": straits, "canals": canals, "port_zones": port_zones,
            "used": used}, stats


def _touching(zone, nb) -> set[tuple[int, int]]:
    out = set()
    for d in range(6):
        j = nb[:, d]
        ok = (zone > 0) & (j >= 0)
        a = zone[ok]
        b = zone[j[ok]]
        keep = (b > 0) & (a != b)
        out.update(zip(np.minimum(a, b)[keep].tolist(), np.maximum(a, b)[keep].tolist()))
    return out


def regions(hexes, zones, facts) -> tuple[list[dict], list[dict]]:
    """Region rows (sea zones, straits, the canal, map boxes) and their adjacency rows."""
    regions, adjacency = [], []
    for number in zones["used"]:
        spec = facts["sea_zones"][number]
        regions.append({"kind": "sea_zone", "name": str(number), "name_es": str(spec["es"]), "number": number})
    for a, b in sorted(zones["touching"]):
        adjacency.append({"kind": "sea_zone", "a": str(a), "b": str(b), "via": None})
    for name, (_, _, zs) in zones["straits"].items():
        spec = facts["straits"][name]
        regions.append({"kind": "strait", "name": name, "name_es": spec["es"], "sea_zones": _text(zs)})
        adjacency.append({"kind": "sea_zone", "a": str(zs[0]), "b": str(zs[1]), "via": name})
    for name, (ends, end_zones) in zones["canals"].items():
        spec = facts["canals"][name]
        za, zb = (min(z) for z in end_zones)
        regions.append({"kind": "canal", "name": name, "name_es": spec["es"], "ends": ";".join(ends),
                        "sea_zones": _text({za, zb})})
        if za != zb:
            adjacency.append({"kind": "sea_zone", "a": str(za), "b": str(zb), "via": name})
    for name, spec in facts["map_boxes"].items():
        regions.append({"kind": "map_box", "name": name, "name_es": spec["es"], "friendly_to": spec["friendly_to"],
                        "sea_zones": _text({int(z) for z in spec["sea_zones"]})})
    for a, b in facts["box_links"]:
        adjacency.append({"kind": "map_box", "a": a, "b": b, "via": None})
    return regions, adjacency
