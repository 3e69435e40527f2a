"""Build ``maps/demo.gpkg``: a small fictional two-sheet map that uses the whole WiF vocabulary.

Run from the repository root::

    python maps/build/demo.py            # writes maps/demo.gpkg
    python maps/build/demo.py --print    # also prints the sheets as text

Everything here is made up for demonstration (places, countries, seas); only the *kinds* of
things follow the World in Flames digests: terrain classes and hexside features
(:mod:`viewer.board.terrain`), hex-dots and a large hex-dot next to an off-map hex
(WiF 2.1.1), sea areas with adjacency (WiF 2.1.2), climate zones (WiF 8.1) and a join
between two map sheets (WiF 2.1.1 case 2). ``maps/README.md`` describes the result.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from viewer.board import HexMap, Sheet, save_map  # noqa: E402

#: One character per hex, columns 01.. left to right, rows 01.. top to bottom (odd-r numbering).
TERRAIN_CODES = {
    ".": "clear",
    "f": "forest",
    "m": "mountain",
    "d": "desert",
    "D": "desert-mountain",
    "s": "swamp",
    "l": "lake",
    "j": "jungle",
    "~": "sea",  # small hex-dot
    "O": "sea",  # large hex-dot
}

MAIN = [
    "..ffmm.~~~..ff",  # row 01
    ".ffmm..~~..ff.",  # row 02
    "..s.....~~..m.",  # row 03
    ".ssl...~~~~...",  # row 04
    "~~....~~~~~~..",  # row 05
    "~~~~.~~~~~~~.~",  # row 06
    "~~~~~~~~~..dd~",  # row 07
    "~~~..~~~..dDDd",  # row 08
    "~~j~~j~~.jddDd",  # row 09
    "~.jjj.~~O..ddd",  # row 10
]
#: The small eastern sheet, joined to column 14 of the main sheet (same row numbers).
EAST = [
    "ff.",  # row 01
    "f..",  # row 02
    "...",  # row 03
    ".mm",  # row 04
]

#: Off-map hex: printed in the grey zone below the main sheet (column 09, row 12); it touches
#: no hex by a hexside, only through extra edges (WiF 2.1.1 adjacency case 4 and large hex-dots).
OFF_MAP = (8, 11)  # 0-based (col, row)


def _country(sheet: str, col: int, row: int) -> str | None:
    """Fictional countries: Ardenia (north-west), Borlund (north-east and the east sheet), Cresta (south)."""
    if sheet == "east":
        return "Borlund"
    if row <= 4 and col <= 6:
        return "Ardenia"
    if row <= 5 and col >= 9:
        return "Borlund"
    return "Cresta"


def _zone(sheet: str, row: int) -> str:
    """Two WiF climate zones (WiF 8.1): the northern half is north-temperate, the south mediterranean."""
    return "north-temperate" if sheet == "east" or row <= 4 else "mediterranean"


def _sheet_rows(sheet: Sheet, grid: list[str]) -> list[dict]:
    rows = []
    for row, line in enumerate(grid):
        for col, ch in enumerate(line):
            q, r = sheet.axial(col, row)
            sea = TERRAIN_CODES[ch] == "sea"
            rows.append(
                dict(
                    sheet=sheet.name,
                    q=int(q),
                    r=int(r),
                    terrain=TERRAIN_CODES[ch],
                    climate_zone=_zone(sheet.name, row),
                    country=None if sea else _country(sheet.name, col, row),
                    map_class="demo",
                    sea_area=(("Northern Bight" if row <= 4 else "Southern Gulf") if sea else None),
                    hex_dot=sea,
                    large_hex_dot=ch == "O",
                )
            )
    return rows


def build() -> HexMap:
    main = Sheet("main", size=1.0, orientation="pointytop", offset="odd-r")
    # The east sheet sits a little apart from column 14 so the join shows as a gap.
    east = Sheet("east", size=1.0, orientation="pointytop", offset="odd-r", x0=15.5 * np.sqrt(3), y0=0.0)
    hexes = pd.DataFrame(_sheet_rows(main, MAIN) + _sheet_rows(east, EAST))
    oq, or_ = main.axial(*OFF_MAP)
    off = dict(sheet="main", q=int(oq), r=int(or_), terrain="desert", climate_zone="mediterranean",
               country="Cresta", map_class="demo", off_map=True)
    hexes = pd.concat([hexes, pd.DataFrame([off])], ignore_index=True)
    for flag in ("off_map", "hex_dot", "large_hex_dot"):
        hexes[flag] = hexes[flag].fillna(False).astype(bool)

    labels = {
        (s, lab): (s, int(q), int(r))
        for s, q, r, lab in zip(
            hexes["sheet"], hexes["q"], hexes["r"],
            [(main if s == "main" else east).label(q, r) for s, q, r in zip(hexes["sheet"], hexes["q"], hexes["r"])],
        )
    }

    def k(label: str, sheet: str = "main"):
        return labels[(sheet, label)]

    def pair(a, b, **extra):
        return dict(sheet_a=a[0], q_a=a[1], r_a=a[2], sheet_b=b[0], q_b=b[1], r_b=b[2], **extra)

    # Coastal: land hexes with a hex-dot neighbour on the same sheet (WiF 2.1.1).
    sea_keys = {key for key, t in zip(labels.values(), hexes["terrain"]) if t == "sea"}
    from viewer import hexgrid

    hexes["coastal"] = [
        t != "sea" and any((s, *n) in sea_keys for n in hexgrid.neighbors((q, r)))
        for s, q, r, t in zip(hexes["sheet"], hexes["q"], hexes["r"], hexes["terrain"])
    ]

    hexsides = pd.DataFrame(
        [
            # A river from the lake (0404) to the Northern Bight.
            pair(k("0404"), k("0504"), feature="river"),
            pair(k("0504"), k("0505"), feature="river"),
            pair(k("0505"), k("0605"), feature="river"),
            # Alpine crest through the Ardenian mountains.
            pair(k("0501"), k("0601"), feature="alpine"),
            pair(k("0402"), k("0502"), feature="alpine"),
            # A narrow lake between the swamp and the plain south of it.
            pair(k("0204"), k("0305"), feature="lake"),
            pair(k("0304"), k("0305"), feature="lake"),
            # Borlund's headland and Cresta: a strait (an all-sea hexside land units may cross).
            pair(k("1306"), k("1307"), feature="strait"),
            pair(k("1306"), k("1307"), feature="all-sea"),
            # An all-sea hexside between the island (0408, 0508) and the jungle coast (0609).
            pair(k("0508"), k("0609"), feature="all-sea"),
            # A railway from the Ardenian capital to its port, and across the strait.
            pair(k("0203"), k("0303"), feature="rail"),
            pair(k("0303"), k("0403"), feature="rail"),
            pair(k("0403"), k("0503"), feature="rail"),
            pair(k("0503"), k("0603"), feature="rail"),
            pair(k("0603"), k("0703"), feature="rail"),
            pair(k("0703"), k("0803"), feature="rail"),
            pair(k("1306"), k("1307"), feature="rail"),
            # Across the sheet join (a rail line continuing onto the east sheet).
            pair(k("1402"), k("0102", "east"), feature="rail"),
            # A road through the Crestan desert.
            pair(k("1210"), k("1209"), feature="road"),
            pair(k("1209"), k("1208"), feature="road"),
            pair(k("1208"), k("1307"), feature="road"),
        ]
    )

    edges = [pair(k(f"14{r:02d}"), k(f"01{r:02d}", "east"), kind="sheet-join", note="main/east join")
             for r in range(1, 5)]
    off_key = (off["sheet"], off["q"], off["r"])
    edges += [
        pair(off_key, k("0910"), kind="large-hex-dot", note="large hex-dot next to an off-map hex (WiF 2.1.1)"),
        pair(off_key, k("1010"), kind="off-map", note="map-edge hex (WiF 2.1.1 case 4)"),
        pair(off_key, k("1110"), kind="off-map", note="map-edge hex (WiF 2.1.1 case 4)"),
    ]
    extra_edges = pd.DataFrame(edges)

    regions = pd.DataFrame(
        [
            dict(kind="sea_area", name="Northern Bight"),
            dict(kind="sea_area", name="Southern Gulf"),
            dict(kind="climate_zone", name="north-temperate"),
            dict(kind="climate_zone", name="mediterranean"),
            dict(kind="country", name="Ardenia"),
            dict(kind="country", name="Borlund"),
            dict(kind="country", name="Cresta"),
            dict(kind="off_map_area", name="Far South"),
        ]
    )
    region_adjacency = pd.DataFrame(
        [dict(kind="sea_area", a="Northern Bight", b="Southern Gulf", via="boundary")]
    )

    def feat(kind, name, key, freezable=False):
        return dict(kind=kind, name=name, sheet=key[0], q=key[1], r=key[2], freezable=freezable)

    features = pd.DataFrame(
        [
            feat("capital", "Ardis", k("0203")),
            feat("city", "Ardis", k("0203")),
            feat("city", "Portvell", k("0803")),
            feat("major-port", "Portvell", k("0803"), freezable=True),
            feat("capital", "Borgen", k("0102", "east")),
            feat("city", "Borgen", k("0102", "east")),
            feat("minor-port", "Skarhavn", k("1305")),
            feat("capital", "Crest", k("1208")),
            feat("city", "Crest", k("1208")),
            feat("minor-port", "Isla", k("0508")),
            feat("city", "Outpost", off_key),
        ]
    )
    ports = {(f["sheet"], f["q"], f["r"]) for f in features.to_dict("records") if f["kind"].endswith("port")}
    cities = {(f["sheet"], f["q"], f["r"]) for f in features.to_dict("records") if f["kind"] in ("city", "capital")}
    keys = list(zip(hexes["sheet"], hexes["q"], hexes["r"]))
    hexes["port"] = [key in ports for key in keys]
    hexes["city"] = [key in cities for key in keys]

    return HexMap(
        "demo",
        "demo",
        [main, east],
        hexes,
        hexsides=hexsides,
        regions=regions,
        region_adjacency=region_adjacency,
        features=features,
        extra_edges=extra_edges,
    )


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "maps" / "demo.gpkg"))
    ap.add_argument("--print", action="store_true", help="print the sheets as text")
    args = ap.parse_args(argv)
    m = build()
    path = save_map(m, args.out)
    print(f"wrote {path}: {m}")
    if args.print:
        print("\n".join(MAIN), "\n", "\n".join(EAST), sep="\n")


if __name__ == "__main__":
    main()
