"""Small fixture boards that reproduce the hexes and geometry of the rulebook's worked examples
(use-rules digest, section E, T01-T40).

They are not the USE map: each holds only what one group of examples needs, with the hex numbers
the examples name. Where an example names a place but not its number (Metz, Palermo, Istanbul
...), the fixture puts it at a number of its own (``FIXTURE_PLACES``), and sea zones the text
does not number get descriptive ids (``aegean``, ``red-sea`` ...). Terrain not named by an
example is clear. Every board says ``fixture=True``; the app labels it so.

A named place carries its Spanish name (``name_es``) as the USE map names it (the map's places,
built from maps/build/europe_1939.yaml), so the pages show a fixture's places as they show the
map's; a place whose Spanish name is its English one leaves ``name_es`` empty.
"""
from __future__ import annotations

from viewer.rules.use.board import UseBoard, build


def _rect(rows, cols, **attrs) -> list[dict]:
    return [{"label": f"{r:02d}{c:02d}", **attrs} for r in rows for c in cols]


def _merge(hexes: list[dict], updates: dict[str, dict]) -> list[dict]:
    by = {h["label"]: dict(h) for h in hexes}
    for lbl, upd in updates.items():
        by.setdefault(lbl, {"label": lbl}).update(upd)
    return list(by.values())


#: Places the examples name without a hex number, and where the fixtures put them.
FIXTURE_PLACES = {"Metz": "3017", "Palermo": "3147", "Istanbul": "4043", "Athens": "4340",
                  "Samsun": "3947", "Sevastopol": "3845", "Kharkov": "2952"}


def france_1940() -> UseBoard:
    """4.2.3.1/4.2.3.3/3.3 examples: Paris 3014, Calais 2813, the 2nd Panzer's rivers, Metz.

    Rivers: 2915|2914 and 2914|2813 (both attacks of the 2nd Panzer cross one, 4.2.3.3).
    A transport line runs 3116-3115-3014-3013 (a road through Paris), 2916-2917 and 2916-2816; the hex
    2816 is rough (for the transport-line and non-additive cost checks of 4.2.1 and 4.2.3.4).
    """
    hexes = _rect(range(27, 33), range(11, 19), country="France")
    hexes = _merge(hexes, {
        "3014": {"name": "Paris", "name_es": "París", "city": True, "capital": True},
        "2813": {"name": "Calais", "city": True, "port": True, "coastal": True, "sea_zones": ["10"]},
        "3017": {"name": "Metz", "city": True, "fortress": "France"},
        "2816": {"terrain": "rough"},
        "2917": {"country": "Germany"}, "2918": {"country": "Germany"}, "3018": {"country": "Germany"},
    })
    sides = [{"a": "2915", "b": "2914", "features": ["river"]},
             {"a": "2914", "b": "2813", "features": ["river"]},
             {"a": "3116", "b": "3115", "features": ["transport-line"]},
             {"a": "3115", "b": "3014", "features": ["transport-line"]},
             {"a": "3014", "b": "3013", "features": ["transport-line"]},
             {"a": "2916", "b": "2917", "features": ["transport-line", "land-border"]},
             {"a": "2916", "b": "2816", "features": ["transport-line"]}]
    return build("fixture:france-1940", hexes, sides, notes=("Metz at 3017 is the fixture's choice",))


def geography() -> UseBoard:
    """1.3.2-1.3.6 and 1.4 examples: greyed hexes, coastal/land/sea classes, islands, borders,
    multi-zone hexes, straits, the 3055->3060 range."""
    hexes = []
    hexes += [{"label": "1805", "greyed": True}, {"label": "5640", "greyed": True},
              {"label": "0757", "greyed": True, "sea_zones": ["6"]},
              {"label": "0758", "greyed": True, "sea_zones": ["6"]}]
    # 1.3.3: 1642 coastal land, 1742 land not coastal, 1841 land, 1542 sea
    hexes += [{"label": "1542", "terrain": "sea", "sea_zones": ["14"]},
              {"label": "1642", "coastal": True, "sea_zones": ["14"]},
              {"label": "1742"}, {"label": "1841"}, {"label": "1743"}, {"label": "1842"}, {"label": "1843"}]
    # 1.3.6 multi-zone hexes
    hexes += [{"label": "1540", "terrain": "sea", "sea_zones": ["14", "33"]},
              {"label": "1639", "terrain": "sea", "sea_zones": ["14", "33"]}]
    # 1.3.4 borders: 2714|2715 land border, 2125|2126 a border crossed by a strait
    hexes += [{"label": "2714", "country": "France"}, {"label": "2715", "country": "Belgium"},
              {"label": "2125", "country": "Denmark", "coastal": True, "sea_zones": ["12", "13"]},
              {"label": "2126", "country": "Sweden", "coastal": True, "sea_zones": ["12", "13"]}]
    # 1.3.3 islands: Malta (one hex), Crete (two), Sicily (two, with a transport line) and mainland
    hexes += [{"label": f"{r:02d}{c:02d}", "terrain": "sea"} for r in range(44, 50) for c in range(40, 50)]
    hexes = _merge(hexes, {
        "4644": {"terrain": "clear", "name": "Malta", "port": True, "city": True, "sea_zones": ["22"]},
        "4547": {"terrain": "clear", "name": "Crete", "name_es": "Creta", "country": "Greece"},
        "4548": {"terrain": "clear", "country": "Greece"},
        "4441": {"terrain": "clear", "name": "Sicily", "name_es": "Sicilia", "country": "Italy"},
        "4442": {"terrain": "clear", "country": "Italy"},
    })
    hexes += [{"label": f"30{c}"} for c in range(55, 61)]
    sides = [{"a": "2714", "b": "2715", "features": ["land-border"]},
             {"a": "4441", "b": "4442", "features": ["transport-line"]}]
    straits = [{"name": "Øresund", "hexes": ["2125", "2126"], "zones": ["12", "13"]}]
    return build("fixture:geography", hexes, sides, straits=straits, zone_links=[("14", "33")])


def seas() -> UseBoard:
    """4.2.4 examples: Rotterdam, Amsterdam, Antwerp, Brest (zones 11, 10, 7), Port Said-Suez,
    Malta (zone 22), Gibraltar and Tangier (16 and 17), Istanbul, Samsun, Athens, Sevastopol and
    the Dardanelles strait 4141|4241, the map boxes and the arrows the text gives (1.3.5, 4.2.4).

    Port hexes other than 4141/4241 are the fixture's own numbers; zones the text does not
    number have descriptive ids.
    """
    P = {"port": True, "city": True, "coastal": True}
    hexes: list[dict[str, object]] = [
        {"label": "2519", "name": "Rotterdam", "name_es": "Róterdam", "country": "Netherlands", "sea_zones": ["11"], **P},
        {"label": "2419", "name": "Amsterdam", "name_es": "Ámsterdam", "country": "Netherlands", "sea_zones": ["11"], **P},
        {"label": "2618", "name": "Antwerp", "name_es": "Amberes", "country": "Belgium", "sea_zones": ["10", "11"], **P},
        {"label": "3005", "name": "Brest", "country": "France", "sea_zones": ["7"], **P},
        {"label": "4644", "name": "Malta", "country": "Great Britain", "sea_zones": ["22"], **P},
        {"label": "4401", "name": "Gibraltar", "country": "Great Britain", "sea_zones": ["16", "17"], **P},
        {"label": "4501", "name": "Tangier", "name_es": "Tánger", "country": "Spanish Morocco", "sea_zones": ["16", "17"], **P},
        {"label": "5258", "name": "Port Said", "name_es": "Puerto Saíd", "country": "Egypt", "sea_zones": ["east-med"], **P},
        {"label": "5459", "name": "Suez", "country": "Egypt", "sea_zones": ["red-sea"], **P},
        {"label": "5358", "country": "Egypt"}, {"label": "5359", "country": "Egypt"},
        {"label": "4043", "name": "Istanbul", "name_es": "Estambul", "country": "Turkey", "sea_zones": ["marmara", "black-sea"], **P},
        {"label": "4044", "terrain": "sea", "sea_zones": ["marmara", "black-sea"]},
        {"label": "4141", "country": "Turkey", "coastal": True, "sea_zones": ["marmara", "aegean"]},
        {"label": "4241", "country": "Turkey", "coastal": True, "sea_zones": ["marmara", "aegean"]},
        {"label": "4340", "name": "Athens", "name_es": "Atenas", "country": "Greece", "sea_zones": ["aegean"], **P},
        {"label": "3947", "name": "Samsun", "country": "Turkey", "sea_zones": ["black-sea"], **P},
        {"label": "3845", "name": "Sevastopol", "name_es": "Sebastopol", "country": "USSR", "sea_zones": ["black-sea"], **P},
    ]
    zone_links = [("11", "10"), ("10", "7"), ("16", "22"), ("17", "7"), ("22", "east-med"),
                  ("aegean", "east-med")]
    straits = [{"name": "Dardanelles", "hexes": ["4141", "4241"], "zones": ["marmara", "aegean"]},
               {"name": "Bosporus", "hexes": ["4043", "4044"], "zones": ["marmara", "black-sea"]},
               {"name": "Gibraltar", "hexes": ["4401", "4501"], "zones": ["16", "17"]}]
    canals = [{"name": "Suez Canal", "ends": ["5258", "5459"], "hexes": ["5358", "5359"]}]
    box_zones = {"arabian-sea": ["31", "32"], "north-atlantic": [], "northeast-america": [],
                 "south-atlantic": [], "western-indian-ocean": [], "central-russia": []}
    box_links = [("north-atlantic", "northeast-america"), ("north-atlantic", "south-atlantic"),
                 ("south-atlantic", "western-indian-ocean"), ("northeast-america", "south-atlantic")]
    zone_links += [("31", "32"), ("red-sea", "31")]
    return build("fixture:seas", hexes, (), zone_links=zone_links, straits=straits, canals=canals,
                 box_zones=box_zones, box_links=box_links,
                 notes=("Port numbers other than 4141/4241 and the unnumbered zones are the fixture's",))


def eastern_front_1941() -> UseBoard:
    """4.1 example: a German air unit in 2951 next to a Soviet unit in Kharkov (2952 here) moves
    by strategic movement along a transport line to Palermo (3147 here), avoiding EZOC."""
    hexes = _rect(range(28, 32), range(44, 54), country="USSR")
    hexes = _merge(hexes, {"2952": {"name": "Kharkov", "name_es": "Járkov", "city": True},
                           "3147": {"name": "Palermo", "city": True, "port": True, "country": "Italy"}})
    line = ["2951", "3050", "3049", "3048", "3047", "3147"]
    sides = [{"a": a, "b": b, "features": ["transport-line"]} for a, b in zip(line, line[1:])]
    # a branch that runs into the Soviet unit's zone of control
    sides += [{"a": "2951", "b": "2851", "features": ["transport-line"]}]
    return build("fixture:eastern-front-1941", hexes, sides)


BOARDS = {"france-1940": france_1940, "geography": geography, "seas": seas,
          "eastern-front-1941": eastern_front_1941}


def board(name: str) -> UseBoard:
    try:
        return BOARDS[name]()
    except KeyError:
        raise ValueError(f"unknown fixture board {name!r}; allowed: {', '.join(BOARDS)}") from None
