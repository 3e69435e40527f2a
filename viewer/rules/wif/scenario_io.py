"""Scenario files: YAML in, validated :class:`Scenario` out, and back (``maps/scenarios/README.md``).

Hexes are written with the map's printed labels (``hexmap.hexes.label``, e.g. ``"3520"``; on a
map with several sheets ``"sheet:label"``), never as q/r. Every fault raises
:class:`ScenarioError` naming the field (``units[3].hex``) and what is allowed there.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from viewer.rules.wif import scenario as S
from viewer.rules.wif.scenario_units import LAND, NAVAL, SECTIONS, UNIT_TYPES, Unit
from viewer.safeload import LoadError, load_yaml

TOP_KEYS = ("map", "name", "notes", "rule_refs", "weather", "options", "sides", "aligned",
            "conquered", "at_war", "neutral", "cooperation", "control", "held_by_enemy_this_turn",
            "units")
UNIT_KEYS = ("id", "type", "power", "home", "face_up", "white_flag", "hex", "sea_area", "section",
             "air_to_sea", "name", "invading", "paradropping", "floatplane", "points", "factors")
#: The languages ``notes`` may be written in (``notes: {en: ..., es: ...}``).
NOTES_LANGS = ["en", "es"]
#: At most this many factors on one counter.
MAX_FACTORS = 6
_BOOL_FIELDS = ("face_up", "white_flag", "invading", "paradropping", "floatplane")


@lru_cache(maxsize=8)
def _labels(hexmap) -> tuple[dict, dict]:
    """label -> key (``"sheet:label"`` always, plain label when unique) and key -> written label."""
    h = hexmap.hexes
    keys = list(zip(h["sheet"].tolist(), h["q"].tolist(), h["r"].tolist()))
    labels = h["label"].tolist()
    counts: dict[str, int] = {}
    for lab in labels:
        counts[lab] = counts.get(lab, 0) + 1
    to_key, to_label = {}, {}
    for key, lab in zip(keys, labels):
        to_key[f"{key[0]}:{lab}"] = key
        if counts[lab] == 1 and len(hexmap.sheets) == 1:
            to_key[lab] = key
            to_label[key] = lab
        else:
            if counts[lab] == 1:
                to_key[lab] = key
            to_label[key] = f"{key[0]}:{lab}"
    return to_key, to_label


@lru_cache(maxsize=8)
def _hex_flags(hexmap) -> dict:
    h = hexmap.hexes
    keys = list(zip(h["sheet"].tolist(), h["q"].tolist(), h["r"].tolist()))
    port = dict(zip(keys, h["port"].tolist()))
    f = hexmap.features
    for kind, *k in zip(f["kind"].tolist(), f["sheet"].tolist(), f["q"].tolist(), f["r"].tolist()):
        if kind in ("major-port", "minor-port"):
            port[(k[0], int(k[1]), int(k[2]))] = True
    return {"hex_dot": dict(zip(keys, h["hex_dot"].tolist())), "port": port}


def _sea_areas(hexmap) -> list[str]:
    r = hexmap.regions
    return sorted(r.loc[r["kind"] == "sea_area", "name"].tolist())


def _map_for(data: dict, hexmap):
    name = data.get("map")
    if hexmap is not None:
        if name is not None and name != hexmap.name:
            raise S.ScenarioError("map", f"the scenario is for map {name!r} but the map given is {hexmap.name!r}",
                                  [hexmap.name])
        return hexmap
    from viewer.board import bundled_maps, load_map

    if not isinstance(name, str) or not name:
        raise S.ScenarioError("map", "missing map name", sorted(bundled_maps()))
    try:
        return load_map(name)
    except Exception as exc:  # noqa: BLE001 - any load fault is reported as the map field
        raise S.ScenarioError("map", f"cannot load map {name!r}: {exc}", sorted(bundled_maps())) from None


#: Most units one scenario may hold (the whole WiF countersheet is about 2,500).
MAX_UNITS = 5_000


def _read(source, origin: str = "scenario") -> dict:
    """The scenario mapping of ``source``: a mapping, YAML text or bytes (content, never a path:
    docs/security.md), or a :class:`~pathlib.Path` handed over by trusted code."""
    if isinstance(source, dict):
        return dict(source)
    if isinstance(source, Path):
        origin = str(source)
        try:
            source = source.read_bytes()
        except OSError as exc:
            raise S.ScenarioError("file", f"cannot read {origin} ({exc.strerror or exc})", "a scenario file") from None
    if not isinstance(source, (str, bytes)):
        raise S.ScenarioError("file", f"cannot read a scenario from {type(source).__name__}", "YAML text")
    try:
        data = load_yaml(source, origin, "scenario")
    except LoadError as err:
        raise S.ScenarioError("file", f"{err.origin}: {err.message}", "YAML text (maps/scenarios/README.md)") from None
    if not isinstance(data, dict):
        raise S.ScenarioError("file", "a scenario must be a YAML mapping", list(TOP_KEYS))
    if any(not isinstance(k, str) for k in data):
        bad = next(k for k in data if not isinstance(k, str))
        raise S.ScenarioError("file", f"unknown top-level key {bad!r}", list(TOP_KEYS))
    units = data.get("units")
    if isinstance(units, list) and len(units) > MAX_UNITS:
        raise S.ScenarioError("units", f"{len(units):,} units; a scenario may hold at most {MAX_UNITS:,}",
                              f"at most {MAX_UNITS:,} units")
    return data


class _Loader:
    """Validates one scenario mapping against one map."""

    def __init__(self, data: dict, hexmap):
        self.data, self.m = data, hexmap
        self.politics = S.map_politics(hexmap)
        self.to_key, _ = _labels(hexmap)
        self.countries = sorted(self.politics.status)
        declared = data.get("sides") or {}
        self.powers = sorted(set(S.MAJOR_POWERS) | set(self.politics.minors)
                             | (set(declared) if isinstance(declared, dict) else set()))

    # -------------------------------------------------------------- helpers
    def _power(self, value, where: str) -> str:
        if value not in self.powers:
            raise S.ScenarioError(where, f"unknown power {value!r}", self.powers)
        return value

    def _hex(self, value, where: str):
        key = self.to_key.get(str(value)) if value is not None else None
        if key is None:
            raise S.ScenarioError(where, f"map {self.m.name!r} has no hex labelled {value!r}",
                                  "a hex label of the map, e.g. " + next(iter(self.to_key)))
        return key

    def _list(self, name: str) -> list:
        v = self.data.get(name) or []
        if not isinstance(v, list):
            raise S.ScenarioError(name, f"{name} must be a list", "a YAML list")
        return v

    def _mapping(self, name: str) -> dict:
        v = self.data.get(name) or {}
        if not isinstance(v, dict):
            raise S.ScenarioError(name, f"{name} must be a mapping", "a YAML mapping")
        return v

    def _pairs(self, name: str) -> set[frozenset[str]]:
        out = set()
        allowed = self.powers + list(S.SIDES)
        for i, pair in enumerate(self._list(name)):
            where = f"{name}[{i}]"
            if not isinstance(pair, (list, tuple)) or len(pair) != 2 or pair[0] == pair[1]:
                raise S.ScenarioError(where, f"a pair needs two different names, got {pair!r}", "[power, power]")
            for j, p in enumerate(pair):
                if p not in allowed:
                    raise S.ScenarioError(f"{where}[{j}]", f"unknown power or side {p!r}", allowed)
            out.add(frozenset(pair))
        return out

    # -------------------------------------------------------------- sections
    def load(self) -> S.Scenario:
        unknown = sorted(set(self.data) - set(TOP_KEYS))
        if unknown:
            raise S.ScenarioError(str(unknown[0]).strip() or repr(unknown[0]), "unknown scenario field", list(TOP_KEYS))
        sides = {}
        for p, side in self._mapping("sides").items():
            if side not in S.SIDES:
                raise S.ScenarioError(f"sides.{p}", f"unknown side {side!r}", list(S.SIDES))
            sides[str(p)] = side
        aligned = {}
        for c, major in self._mapping("aligned").items():
            aligned[self._country(c, f"aligned.{c}")] = self._major(major, f"aligned.{c}")
        conquered = set()
        raw = self.data.get("conquered") or {}
        if isinstance(raw, list):
            raw = {c: aligned.get(c) for c in raw}
        if not isinstance(raw, dict):
            raise S.ScenarioError("conquered", "conquered must map each country to its conqueror", "{country: major power}")
        for c, by in raw.items():
            c = self._country(c, f"conquered.{c}")
            aligned[c] = self._major(by, f"conquered.{c}")
            conquered.add(c)
        scenario = S.Scenario(
            map=self.m.name,
            name=str(self.data.get("name") or ""),
            **self._notes(),
            rule_refs=[str(r) for r in self._list("rule_refs")],
            weather=self._weather(),
            options=self._options(),
            sides=sides,
            aligned=aligned,
            conquered=conquered,
            at_war=self._pairs("at_war"),
            cooperation=self._pairs("cooperation"),
            neutral={self._power(p, f"neutral[{i}]") for i, p in enumerate(self._list("neutral"))},
            control={self._hex(lab, f"control.{lab}"): self._power(p, f"control.{lab}")
                     for lab, p in self._mapping("control").items()},
            held_by_enemy_this_turn={self._hex(lab, f"held_by_enemy_this_turn[{i}]")
                                     for i, lab in enumerate(self._list("held_by_enemy_this_turn"))},
            units=self._units(),
            hexmap=self.m,
        )
        for p in sorted(scenario.neutral):
            enemy = sorted(scenario.enemies_of(p))
            if enemy:
                raise S.ScenarioError("neutral", f"{p} is listed as neutral but is at war with {enemy[0]}",
                                      "powers at war with nobody")
        return scenario

    def _notes(self) -> dict[str, str]:
        """``notes``: plain text (English, as older files have it) or ``{en: ..., es: ...}``."""
        raw = self.data.get("notes")
        if raw is None or isinstance(raw, str):
            return {"notes": raw or "", "notes_es": ""}
        if not isinstance(raw, dict):
            raise S.ScenarioError("notes", "notes must be a text or a mapping of language to text", NOTES_LANGS)
        for lang, text in raw.items():
            if lang not in NOTES_LANGS:
                raise S.ScenarioError(f"notes.{lang}", f"unknown language {lang!r}", NOTES_LANGS)
            if text is not None and not isinstance(text, str):
                raise S.ScenarioError(f"notes.{lang}", f"notes must be text, got {type(text).__name__}", "a text")
        return {"notes": raw.get("en") or "", "notes_es": raw.get("es") or ""}

    def _country(self, value, where):
        if value not in self.countries:
            raise S.ScenarioError(where, f"unknown country {value!r}", self.countries)
        return value

    def _major(self, value, where):
        if value not in S.MAJOR_POWERS:
            raise S.ScenarioError(where, f"{value!r} is not a major power", list(S.MAJOR_POWERS))
        return value

    def _weather(self) -> dict:
        from viewer.rules.wif.weather import CONDITIONS, ZONES

        out = {}
        for zone, cond in self._mapping("weather").items():
            if zone not in ZONES:
                raise S.ScenarioError(f"weather.{zone}", f"unknown climate zone {zone!r}", list(ZONES))
            if str(cond).lower() not in CONDITIONS:
                raise S.ScenarioError(f"weather.{zone}", f"unknown weather {cond!r}", list(CONDITIONS))
            out[zone] = str(cond).lower()
        return out

    def _options(self) -> dict:
        out = {}
        for name, value in self._mapping("options").items():
            if name not in S.OPTIONS:
                raise S.ScenarioError(f"options.{name}", f"unknown option {name!r}", sorted(S.OPTIONS))
            if not isinstance(value, (bool, int)):
                raise S.ScenarioError(f"options.{name}", f"option value must be true/false or a number, got {value!r}",
                                      "true, false or an integer")
            out[name] = value
        return out

    def _units(self) -> dict[str, Unit]:
        raw = self.data.get("units") or []
        if isinstance(raw, dict):
            raw = [{"id": k, **(v or {})} for k, v in raw.items()]
        if not isinstance(raw, list):
            raise S.ScenarioError("units", "units must be a list of unit mappings", list(UNIT_KEYS))
        units: dict[str, Unit] = {}
        for i, item in enumerate(raw):
            unit = self._unit(item, f"units[{i}]")
            if unit.id in units:
                raise S.ScenarioError(f"units[{i}].id", f"duplicate unit id {unit.id!r}", "a unique id")
            units[unit.id] = unit
        return units

    def _unit(self, item, where: str) -> Unit:
        if not isinstance(item, dict):
            raise S.ScenarioError(where, "a unit must be a mapping", list(UNIT_KEYS))
        extra = sorted(set(item) - set(UNIT_KEYS))
        if extra:
            raise S.ScenarioError(f"{where}.{extra[0]}", "unknown unit field", list(UNIT_KEYS))
        uid = item.get("id")
        if not isinstance(uid, (str, int)) or str(uid) == "":
            raise S.ScenarioError(f"{where}.id", "missing unit id", "a non-empty text")
        utype = item.get("type")
        if utype not in UNIT_TYPES:
            raise S.ScenarioError(f"{where}.type", f"unknown unit type {utype!r}", list(UNIT_TYPES))
        power = self._power(item.get("power"), f"{where}.power")
        home = item.get("home")
        if home is not None:
            self._country(home, f"{where}.home")
        for f in _BOOL_FIELDS:
            if f in item and not isinstance(item[f], bool):
                raise S.ScenarioError(f"{where}.{f}", f"{f} must be true or false, got {item[f]!r}", [True, False])
        for f, low in (("air_to_sea", 0), ("points", 1)):
            v = item.get(f, low)
            if isinstance(v, bool) or not isinstance(v, int) or v < low:
                raise S.ScenarioError(f"{where}.{f}", f"{f} must be a whole number >= {low}, got {v!r}", f"integers >= {low}")
        key, sea, section = self._place(item, where, utype)
        fields = {f: item[f] for f in _BOOL_FIELDS + ("air_to_sea", "points") if f in item}
        return Unit(id=str(uid), type=utype, power=power, home=home, hex=key, sea_area=sea, section=section,
                    name=(str(item["name"]) if item.get("name") is not None else None),
                    factors=_factors(item.get("factors"), f"{where}.factors"), **fields)

    def _place(self, item, where, utype):
        hex_label, sea, section = item.get("hex"), item.get("sea_area"), item.get("section")
        if (hex_label is None) == (sea is None):
            raise S.ScenarioError(where, "a unit needs exactly one of hex or sea_area", ["hex", "sea_area"])
        if hex_label is not None:
            if section is not None:
                raise S.ScenarioError(f"{where}.section", "a section is only for units in a sea area", "no section")
            key = self._hex(hex_label, f"{where}.hex")
            category = UNIT_TYPES[utype].category
            if category == LAND and _hex_flags(self.m)["hex_dot"][key]:
                raise S.ScenarioError(f"{where}.hex", f"land units may not be in the hex-dot {hex_label} (WiF 2.1.1)",
                                      "a land hex")
            if category == NAVAL and not _hex_flags(self.m)["port"][key]:
                raise S.ScenarioError(f"{where}.hex", f"naval units are in a port or at sea; {hex_label} is no port",
                                      "a port hex, or sea_area")
            return key, None, None
        areas = _sea_areas(self.m)
        if sea not in areas:
            raise S.ScenarioError(f"{where}.sea_area", f"unknown sea area {sea!r}", areas)
        if section is not None and (isinstance(section, bool) or section not in SECTIONS):
            raise S.ScenarioError(f"{where}.section", f"unknown sea-box section {section!r} (WiF 11.4)", list(SECTIONS))
        return None, sea, section


def _factors(value, where: str) -> tuple[int, ...]:
    """A counter's printed factors: a list of whole numbers >= 0, left to right (none: empty)."""
    if value is None:
        return ()
    allowed = f"a list of 1 to {MAX_FACTORS} whole numbers >= 0, as printed left to right, e.g. [5, 4]"
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_FACTORS:
        raise S.ScenarioError(where, f"factors must be a list of 1 to {MAX_FACTORS} numbers, got {value!r}", allowed)
    for i, v in enumerate(value):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise S.ScenarioError(f"{where}[{i}]", f"a factor must be a whole number >= 0, got {v!r}", allowed)
    return tuple(value)


def load_scenario(source, hexmap=None, origin: str = "scenario") -> S.Scenario:
    """A validated :class:`Scenario` from YAML text (or bytes), a mapping, or a ``Path`` from
    trusted code; ``origin`` names the text in messages (the uploaded file's name).

    ``hexmap`` is the map to validate against; without it the bundled map named in the file is
    loaded. Faults raise :class:`ScenarioError` naming the field and the allowed values.
    """
    data = _read(source, origin)
    return _Loader(data, _map_for(data, hexmap)).load()


def _pairs_out(pairs) -> list[list[str]]:
    return sorted(sorted(p) for p in pairs)


def scenario_to_dict(scenario: S.Scenario, hexmap=None) -> dict:
    """The scenario as plain data in the file format (hex labels need the map: ``hexmap`` or
    the bundled map named ``scenario.map``)."""
    if hexmap is None:
        hexmap = scenario.hexmap if scenario.hexmap is not None else _bundled(scenario.map)
    _, to_label = _labels(hexmap)
    out: dict = {"map": scenario.map, "name": scenario.name}
    if scenario.notes_es:
        out["notes"] = {"en": scenario.notes, "es": scenario.notes_es}
    elif scenario.notes:
        out["notes"] = scenario.notes   # English only: written as older files have it
    if scenario.rule_refs:
        out["rule_refs"] = list(scenario.rule_refs)
    for name in ("weather", "options", "sides"):
        if getattr(scenario, name):
            out[name] = dict(getattr(scenario, name))
    aligned = {c: p for c, p in scenario.aligned.items() if c not in scenario.conquered}
    if aligned:
        out["aligned"] = aligned
    if scenario.conquered:
        out["conquered"] = {c: scenario.aligned.get(c) for c in sorted(scenario.conquered)}
    for name in ("at_war", "cooperation"):
        if getattr(scenario, name):
            out[name] = _pairs_out(getattr(scenario, name))
    if scenario.neutral:
        out["neutral"] = sorted(scenario.neutral)
    if scenario.control:
        out["control"] = {to_label[tuple(k)]: p for k, p in scenario.control.items()}
    if scenario.held_by_enemy_this_turn:
        out["held_by_enemy_this_turn"] = sorted(to_label[tuple(k)] for k in scenario.held_by_enemy_this_turn)
    out["units"] = [_unit_out(u, to_label) for u in scenario.units.values()]
    return out


def _unit_out(u: Unit, to_label) -> dict:
    d: dict[str, object] = {"id": u.id, "type": u.type, "power": u.power}
    if u.name:
        d["name"] = u.name
    if u.home:
        d["home"] = u.home
    if u.hex is not None:
        d["hex"] = to_label[tuple(u.hex)]
    else:
        d["sea_area"] = u.sea_area
        if u.section is not None:
            d["section"] = u.section
    defaults = Unit(id="", type="INF", power="")
    for f in _BOOL_FIELDS + ("air_to_sea", "points"):
        if getattr(u, f) != getattr(defaults, f):
            d[f] = getattr(u, f)
    if u.factors:
        d["factors"] = list(u.factors)
    return d


@lru_cache(maxsize=4)
def _bundled(name: str):
    from viewer.board import load_map

    return load_map(name)


def save_scenario(scenario: S.Scenario, path, hexmap=None) -> Path:
    """Write ``scenario`` as YAML to ``path`` (the format :func:`load_scenario` reads)."""
    path = Path(path)
    text = yaml.safe_dump(scenario_to_dict(scenario, hexmap), sort_keys=False, allow_unicode=True)
    path.write_text(text, encoding="utf-8")
    return path


def _scenario_dirs() -> list[Path]:
    """The wheel's ``viewer/maps/scenarios`` first, then the checkout's ``maps/scenarios``."""
    dirs = []
    pkg = resources.files("viewer") / "maps" / "scenarios"
    if pkg.is_dir():
        dirs.append(Path(str(pkg)))
    checkout = Path(__file__).resolve().parents[3] / "maps" / "scenarios"
    if checkout.is_dir():
        dirs.append(checkout)
    return dirs


def bundled_scenarios() -> dict[str, Path]:
    """Worked scenarios shipped with the package: file stem -> path (WiF 2.4.2 examples)."""
    found: dict[str, Path] = {}
    for d in _scenario_dirs():
        for f in sorted(d.glob("*.yaml")):
            found.setdefault(f.stem, f)
    return found
