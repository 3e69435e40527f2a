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

Loading validates every field and names the file, the entry and the allowed values.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from viewer.errors import Refusal
from viewer.safeload import LoadError, load_yaml

PHASES = ("assault", "combat")
TARGETS = ("ground", "air", "all")
TAGS = ("ground", "flying")
TEMPLATES = ("none", "blast", "flame")


class ProfileError(Refusal):
    """A profile file or entry is wrong."""


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


def _get(entry, key, where, kind, *, lo=None, default=..., allowed=None):
    if key not in entry or entry[key] is None:
        if default is ...:
            raise ProfileError(f"{where}: missing field {key!r}")
        return default
    v = entry[key]
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise ProfileError(f"{where}: {key} must be {kind.__name__}, not {v!r}")
    if lo is not None and v < lo:
        raise ProfileError(f"{where}: {key} must be at least {lo}, not {v}")
    if allowed is not None and v not in allowed:
        raise ProfileError(f"{where}: {key} {v!r} is not allowed; allowed: {list(allowed)}")
    return v


def _weapon(w, where: str) -> Weapon:
    if not isinstance(w, dict):
        raise ProfileError(f"{where}: a weapon is a mapping of fields")
    surge_type = _get(w, "surge_type", where, str, default=None)
    surge_die = _get(w, "surge_die", where, str, default=None)
    if surge_die is not None:
        from viewer.rules.starcraft.attack import surge_distribution

        try:
            surge_distribution(surge_die)
        except ValueError as err:
            raise ProfileError(f"{where}: {err}") from None
    return Weapon(_get(w, "name", where, str), _get(w, "phase", where, str, allowed=PHASES),
                  _get(w, "range", where, float, lo=0, default=0.0), _get(w, "target", where, str, allowed=TARGETS),
                  _get(w, "roa", where, int, lo=0), _get(w, "hit", where, int, lo=1),
                  _get(w, "damage", where, int, lo=0), surge_type and surge_type.lower(), surge_die,
                  _get(w, "template", where, str, default="none", allowed=TEMPLATES),
                  _get(w, "secondary", where, bool, default=False))


def profiles_from_dict(data, source: str = "profiles") -> dict[str, UnitProfile]:
    """Validate a profile mapping; returns profiles by name."""
    if not isinstance(data, dict) or not isinstance(data.get("units"), list):
        raise ProfileError(f"{source}: expected a mapping with a list 'units'")
    out: dict[str, UnitProfile] = {}
    for i, u in enumerate(data["units"]):
        where = f"{source}: units[{i}]"
        if not isinstance(u, dict):
            raise ProfileError(f"{where}: a unit is a mapping of fields")
        name = _get(u, "name", where, str)
        where = f"{source}: unit {name!r}"
        if name in out:
            raise ProfileError(f"{where}: the name is used twice")
        weapons = u.get("weapons") or []
        if not isinstance(weapons, list):
            raise ProfileError(f"{where}: weapons must be a list")
        tags = u.get("surge_tags") or []
        out[name] = UnitProfile(
            name, _get(u, "tag", where, str, allowed=TAGS), _get(u, "speed", where, float, lo=0),
            _get(u, "armor", where, int, lo=1), _get(u, "hit_points", where, int, lo=1),
            _get(u, "supply", where, int, lo=0),
            tuple(_weapon(w, f"{where} weapons[{j}]") for j, w in enumerate(weapons)),
            _get(u, "evade", where, int, lo=1, default=None), tuple(str(t).lower() for t in tags))
    return out


def load_profiles(path: str | Path) -> dict[str, UnitProfile]:
    """Read and validate the user's profile file."""
    path = Path(path)
    try:
        data = load_yaml(path.read_bytes(), str(path), "profiles")
    except OSError as err:
        raise ProfileError(f"{path}: cannot read the profile file: {err.strerror or err}") from None
    except LoadError as err:
        raise ProfileError(str(err)) from None
    return profiles_from_dict(data, str(path))


def surge_matches(weapon: Weapon, target: UnitProfile) -> bool:
    """SC 8.7.4 step 2: the Surge counts only when the target carries the weapon's Surge type
    (among its Combat Tag and its surge tags)."""
    if not weapon.surge_type:
        return False
    return weapon.surge_type in (target.tag, *target.surge_tags)
