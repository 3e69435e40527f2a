"""Unit and weapon profiles, loaded from the user's own file (SC 8.7.3, 8.7.4).

The project ships no profile values: the published cards and the fan datasets carry no licence
that allows redistribution. A player writes the profiles of the units they own in a YAML file::

    units:
      - name: Example Trooper        # any name
        tag: ground                  # ground | flying (Combat Tag)
        speed: 5
        armor: 4                     # save on X+
        evade: 5                     # optional; evade on X+
        hit_points: 2
        supply: 1
        surge_tags: [light]          # tags Surge types look for; optional
        weapons:
          - {name: Rifle, phase: assault, range: 10, target: all, roa: 2, hit: 4, damage: 1,
             surge_type: light, surge_die: d3}

``phase: assault`` marks a ranged weapon (fired in the Assault Phase, SC 8.7.3) and
``phase: combat`` a melee weapon (the Combat Phase, SC 8.8). Loading validates every field and
reports every fault at once, each with the file, the entry and the allowed values;
:data:`TEMPLATES_BY_LANGUAGE` is the commented file a player starts from.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from viewer.errors import Refusal
from viewer.i18n import t
from viewer.safeload import LoadError, load_yaml

PHASES = ("assault", "combat")
TARGETS = ("ground", "air", "all")
TAGS = ("ground", "flying")
TEMPLATES = ("none", "blast", "flame")


class ProfileError(Refusal):
    """A profile file or entry is wrong. A file's faults are kept as :class:`Fault` s so a page
    words them in its language (:meth:`text`); the error's own message is the English text."""

    def __init__(self, message: str = "", allowed=None, parameter: str | None = None, *,
                 faults: tuple[Fault, ...] = (), source: str = ""):
        self.faults, self.source = tuple(faults), source
        super().__init__(message or self.text("en"), allowed, parameter)

    def text(self, lang: str) -> str:
        """Every fault, one a line, each naming the file (and the unit and weapon), in ``lang``."""
        if not self.faults:
            return self.message
        lines = [f.text(lang) for f in self.faults]
        if len(lines) > 1:
            lines.insert(0, t("sc.profile.faults", lang, file=self.source, count=len(lines)))
        return "\n".join(lines)


@dataclass(frozen=True)
class Fault:
    """One fault of a profile file: what (the label ``sc.profile.fault.<code>`` and its values) and
    where (the file, the unit by its name or its place in the list, the weapon by its place)."""
    code: str
    values: tuple[tuple[str, object], ...]
    file: str
    unit: int | None = None
    unit_name: str | None = None
    weapon: int | None = None

    def text(self, lang: str) -> str:
        where = self.file
        if self.unit_name is not None:
            where = t("sc.profile.where.unit", lang, file=where, name=self.unit_name)
        elif self.unit is not None:
            where = t("sc.profile.where.unit_n", lang, file=where, n=self.unit + 1)
        if self.weapon is not None:
            where = t("sc.profile.where.weapon", lang, where=where, n=self.weapon + 1)
        return t(f"sc.profile.fault.{self.code}", lang, where=where, **dict(self.values))


def shown(value) -> str:
    """A value of the file as the player wrote it (YAML spelling, never Python's)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    return str(value)


@dataclass(frozen=True)
class Weapon:
    name: str
    phase: str
    range: float
    target: str
    roa: int
    hit: int
    damage: int
    surge_type: str | None = None
    surge_die: str | None = None
    template: str = "none"
    secondary: bool = False

    def can_target(self, tag: str) -> bool:
        """Weapon target type against the unit's Combat Tag (SC 8.7.3): all, ground, or air for flying."""
        return self.target == "all" or (self.target == "ground") == (tag == "ground")


@dataclass(frozen=True)
class UnitProfile:
    name: str
    tag: str
    speed: float
    armor: int
    hit_points: int
    supply: int
    weapons: tuple[Weapon, ...]
    evade: int | None = None
    surge_tags: tuple[str, ...] = ()

    def weapon(self, name: str) -> Weapon:
        for w in self.weapons:
            if w.name == name:
                return w
        raise ProfileError(f"{self.name} has no weapon {name!r}; weapons: {[w.name for w in self.weapons]}")


class _Faults(list):
    """Every fault found in one file, in reading order, and where the reading is."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file
        self.unit: int | None = None
        self.unit_name: str | None = None
        self.weapon: int | None = None

    def add(self, code: str, **values) -> None:
        self.append(Fault(code, tuple(values.items()), self.file, self.unit, self.unit_name, self.weapon))


_BAD = object()   # a field that could not be read (its fault is recorded)


def _get(entry, key, kind, faults: _Faults, *, lo=None, default=..., allowed=None):
    """The field ``key`` of ``entry``, or ``_BAD`` after recording why it cannot be used."""
    if key not in entry or entry[key] is None:
        if default is ...:
            faults.add("missing", field=key)
            return _BAD
        return default
    v = entry[key]
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        faults.add(f"kind_{kind.__name__}", field=key, value=shown(v))
        return _BAD
    if lo is not None and v < lo:
        faults.add("at_least", field=key, lo=f"{lo:g}", value=shown(v))
        return _BAD
    if allowed is not None and v not in allowed:
        faults.add("not_allowed", field=key, value=shown(v), allowed=", ".join(allowed))
        return _BAD
    return v


def _weapon(w, faults: _Faults) -> Weapon | None:
    if not isinstance(w, dict):
        faults.add("weapon_not_mapping")
        return None
    n = len(faults)
    surge_type = _get(w, "surge_type", str, faults, default=None)
    surge_die = _get(w, "surge_die", str, faults, default=None)
    if isinstance(surge_die, str):
        from viewer.rules.starcraft.attack import surge_distribution

        try:
            surge_distribution(surge_die)
        except ValueError:
            faults.add("surge_die", value=surge_die)
    fields = (_get(w, "name", str, faults), _get(w, "phase", str, faults, allowed=PHASES),
              _get(w, "range", float, faults, lo=0, default=0.0),
              _get(w, "target", str, faults, allowed=TARGETS),
              _get(w, "roa", int, faults, lo=0), _get(w, "hit", int, faults, lo=1),
              _get(w, "damage", int, faults, lo=0))
    template = _get(w, "template", str, faults, default="none", allowed=TEMPLATES)
    secondary = _get(w, "secondary", bool, faults, default=False)
    if len(faults) > n:
        return None
    return Weapon(*fields, surge_type and surge_type.lower(), surge_die, template, secondary)


def profiles_from_dict(data, source: str = "profiles") -> dict[str, UnitProfile]:
    """Validate a profile mapping; returns profiles by name. A file with faults is refused with
    every fault, one a line, each naming the file and the unit or weapon (the format: the module's
    docstring, or the template on /starcraft)."""
    source = source or "profiles"
    faults = _Faults(source)
    if not isinstance(data, dict) or not isinstance(data.get("units"), list):
        faults.add("no_units")
        raise ProfileError(faults=tuple(faults), source=source, parameter=source)
    out: dict[str, UnitProfile] = {}
    for i, u in enumerate(data["units"]):
        faults.unit, faults.unit_name, faults.weapon = i, None, None
        if not isinstance(u, dict):
            faults.add("unit_not_mapping")
            continue
        n = len(faults)
        name = _get(u, "name", str, faults)
        if name is not _BAD:
            faults.unit_name = name
            if name in out:
                faults.add("name_twice")
        weapons = u.get("weapons") or []
        if not isinstance(weapons, list):
            faults.add("not_list", field="weapons")
            weapons = []
        tags = u.get("surge_tags") or []
        if not isinstance(tags, list):
            faults.add("not_list", field="surge_tags")
            tags = []
        fields = (_get(u, "tag", str, faults, allowed=TAGS), _get(u, "speed", float, faults, lo=0),
                  _get(u, "armor", int, faults, lo=1), _get(u, "hit_points", int, faults, lo=1),
                  _get(u, "supply", int, faults, lo=0))
        arms = []
        for j, w in enumerate(weapons):
            faults.weapon = j
            arms.append(_weapon(w, faults))
        faults.weapon = None
        evade = _get(u, "evade", int, faults, lo=1, default=None)
        if len(faults) == n:
            out[name] = UnitProfile(name, *fields, tuple(a for a in arms if a is not None), evade,
                                    tuple(str(t).lower() for t in tags))
    if faults:
        raise ProfileError(faults=tuple(faults), source=source, parameter=source)
    return out


def profiles_from_text(text: str | bytes, origin: str) -> dict[str, UnitProfile]:
    """Read and validate a profile file's content; a YAML syntax error is named with the file and
    its line, in words a player can act on."""
    origin = origin or "profiles"
    try:
        data = load_yaml(text, origin, "profiles")
    except LoadError as err:
        if "not valid YAML" in err.message:
            line = err.origin[len(origin):].removeprefix(", line ")
            fault = Fault("yaml", (("line", line),), origin) if line.isdigit() else Fault("yaml_noline", (), origin)
            raise ProfileError(faults=(fault,), source=origin, parameter=origin) from None
        raise ProfileError(str(err), parameter=origin) from None
    return profiles_from_dict(data, origin)


def load_profiles(path: str | Path) -> dict[str, UnitProfile]:
    """Read and validate the user's profile file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise ProfileError(f"{path}: cannot read the profile file: {err.strerror or err}") from None
    return profiles_from_text(raw, str(path))


#: The commented profile file a player downloads from /starcraft and fills in, by language: every
#: field, what it means and what is allowed. Its two units are made up (no published values).
TEMPLATES_BY_LANGUAGE = {
    "en": """\
# StarCraft TMG unit profiles: your own values, from the cards you own (SC 8.7.3, 8.7.4).
# Keep the indentation (two spaces a level) and the '- ' before each unit and each weapon.
# Lines after '#' are comments. The two units below are made up: replace them with yours.
units:
  - name: Example Trooper        # any name, once in the file
    tag: ground                  # Combat Tag: ground or flying (flying = Air: never Engaged, never contests a marker)
    speed: 5                     # inches
    armor: 4                     # the save succeeds on this or more (X+)
    evade: 5                     # optional: evade on X+; leave the line out if the unit has none
    hit_points: 2                # per model, at least 1
    supply: 1                    # Supply Value, 0 or more
    surge_tags: [light]          # optional: tags that Surge types look for, besides the Combat Tag
    weapons:                     # a list; [] for none
      - name: Example Rifle
        phase: assault           # assault = a ranged weapon (used in the Assault Phase: Ranged Attack, 8.7.3)
        range: 10                # inches (ranged weapons)
        target: all              # ground, air or all
        roa: 2                   # Rate of Attack: dice per model
        hit: 4                   # hits on X+
        damage: 1
        surge_type: light        # optional: the Surge counts against a target carrying this tag
        surge_die: d3            # optional: the Surge die (d3, d6 ...)
        template: none           # optional: none, blast or flame (template weapons, 8.7.6)
        secondary: false         # optional: true for a secondary weapon
      - name: Example Blade
        phase: combat            # combat = a melee weapon (used in the Combat Phase, 8.8)
        target: ground
        roa: 1
        hit: 5
        damage: 1
  - name: Example Flyer
    tag: flying
    speed: 8
    armor: 3
    hit_points: 4
    supply: 2
    weapons: []
""",
    "es": """\
# Perfiles de unidades de StarCraft TMG: tus propios valores, de las cartas que tengas (SC 8.7.3, 8.7.4).
# Respeta la sangría (dos espacios por nivel) y el '- ' delante de cada unidad y de cada arma.
# Lo que sigue a '#' es un comentario. Las dos unidades de abajo son inventadas: pon las tuyas.
# Los nombres de los campos van en inglés, como aquí.
units:
  - name: Example Trooper        # cualquier nombre, una vez en el archivo
    tag: ground                  # Etiqueta de Combate: ground (terrestre) o flying (aérea: nunca trabada, nunca disputa un marcador)
    speed: 5                     # pulgadas
    armor: 4                     # la salvación tiene éxito con este valor o más (X+)
    evade: 5                     # opcional: evasión con X+; quita la línea si la unidad no tiene
    hit_points: 2                # por miniatura, al menos 1
    supply: 1                    # Valor de Suministro, 0 o más
    surge_tags: [light]          # opcional: etiquetas que buscan los tipos de Impulso, además de la de combate
    weapons:                     # una lista; [] si no tiene
      - name: Example Rifle
        phase: assault           # assault = arma a distancia (se usa en la Fase de Asalto: Ataque a Distancia, 8.7.3)
        range: 10                # pulgadas (armas a distancia)
        target: all              # ground, air o all (terrestre, aérea o todas)
        roa: 2                   # Cadencia de Ataques (CdA): dados por miniatura
        hit: 4                   # impacta con X+
        damage: 1
        surge_type: light        # opcional: el Impulso cuenta contra un objetivo con esta etiqueta
        surge_die: d3            # opcional: el dado de Impulso (d3, d6 ...)
        template: none           # opcional: none, blast o flame (armas de plantilla, 8.7.6)
        secondary: false         # opcional: true para un arma secundaria
      - name: Example Blade
        phase: combat            # combat = arma cuerpo a cuerpo (se usa en la Fase de Combate, 8.8)
        target: ground
        roa: 1
        hit: 5
        damage: 1
  - name: Example Flyer
    tag: flying
    speed: 8
    armor: 3
    hit_points: 4
    supply: 2
    weapons: []
""",
}


def template(lang: str) -> str:
    """The commented profile file in ``lang`` (English if there is none in that language)."""
    return TEMPLATES_BY_LANGUAGE.get(lang, TEMPLATES_BY_LANGUAGE["en"])


def surge_matches(weapon: Weapon, target: UnitProfile) -> bool:
    """SC 8.7.4 step 2: the Surge counts only when the target carries the weapon's Surge type
    (among its Combat Tag and its surge tags)."""
    if not weapon.surge_type:
        return False
    return weapon.surge_type in (target.tag, *target.surge_tags)
