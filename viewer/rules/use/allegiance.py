"""Who holds each city and which countries are neutral: the settings behind enemy cities and
neutral shores (USE 2.1.1, 2.3, 2.3.1, 4.2.4.1).

The text names the three factions by their leaders (2.3: Germany, Great Britain, the USSR) and
says every city is held by a faction (2.3.1) while a neutral country belongs to none (2.1.1). The
Country List (16.0) and the Scenario Book, which say which country starts in which faction, are
not in the text. So the allegiance of a country is a setting:

* :data:`START_ALLEGIANCE` is the reading the real board opens with, named as a setting and not
  as the text: the three leaders (2.3), France and Italy (the factions the worked examples give
  their units: the French armies of 4.2.3.3 are Western Allied, the Italian convoy the Allies intercept in 5.0 is Axis),
  and the overseas territories of Great Britain, France and Italy that the map draws as countries
  of their own (Gibraltar, Malta, Cyprus, Palestine, Transjordan, Egypt; Algeria, Tunisia,
  Morocco, Syria; Libya, Albania, the Dodecanese). Every other country is neutral.
* the user changes any country (``Spain=axis``) and any single city (``Gibraltar=axis``: who holds
  it now, 2.3.1) on top of it.

The worked examples of 4.2.4 name no allegiance at all (a unit goes from Istanbul to Athens, from
Rotterdam to Brest): the reading ``all-friendly`` makes every port friendly to the moving faction
and no country neutral, which is what the fixture boards of those examples open with.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from viewer.errors import ViewerError
from viewer.rules.use.units import FACTIONS, Situation, Unit

NEUTRAL = "neutral"
#: What a country may be set to: a faction or neutral (2.1.1, 2.3).
ALLEGIANCES = (*FACTIONS, NEUTRAL)
#: The readings of city control: the countries' allegiance (with the user's changes), or every
#: port friendly to the mover and nobody neutral (the reading of the 4.2.4 worked examples).
CONTROLS = ("allegiance", "all-friendly")

_WA, _AX, _SU = "western-allies", "axis", "soviet"
#: The allegiance the real board opens with: a setting, not the text (see the module docstring).
START_ALLEGIANCE: dict[str, str] = {
    "Germany": _AX, "Italy": _AX, "Libya": _AX, "Albania": _AX, "Dodecanese": _AX,
    "United Kingdom": _WA, "Great Britain": _WA, "Gibraltar": _WA, "Malta": _WA, "Cyprus": _WA,
    "Palestine": _WA, "Transjordan": _WA, "Egypt": _WA,
    "France": _WA, "Algeria": _WA, "Tunisia": _WA, "Morocco": _WA, "Syria": _WA,
    "USSR": _SU,
}


class AllegianceError(ViewerError):
    """A country, city or allegiance the board or the rules do not know; names what is allowed.
    ``fault`` says which: ``form`` (no NAME=VALUE), ``name`` or ``value``; ``item`` is the bad part."""

    def __init__(self, parameter: str, message: str, allowed=None, *, fault: str = "", item: str = ""):
        super().__init__(parameter, message, allowed)
        self.fault, self.item = fault, item


@dataclass(frozen=True)
class Allegiance:
    """Country -> faction or ``neutral`` (a country not listed is neutral), and city hex -> the
    faction holding it now (2.3.1), over the countries' own."""

    countries: dict[str, str] = field(default_factory=lambda: dict(START_ALLEGIANCE))
    cities: dict[str, str] = field(default_factory=dict)

    def of(self, country: str) -> str:
        return self.countries.get(country, NEUTRAL) if country else NEUTRAL

    def neutral_countries(self, board) -> list[str]:
        return sorted({h.country for h in board.hexes.values() if h.country and self.of(h.country) == NEUTRAL})

    def changed(self, countries: dict[str, str] | None = None, cities: dict[str, str] | None = None) -> "Allegiance":
        return Allegiance({**self.countries, **(countries or {})}, {**self.cities, **(cities or {})})

    def situation(self, board, units: list[Unit] = ()) -> Situation:  # type: ignore[assignment]
        """The situation of ``units`` with every city held as this allegiance says."""
        control = {}
        for h in board.hexes.values():
            if not h.city:
                continue
            owner = self.cities.get(h.label) or self.of(h.country)
            if owner != NEUTRAL:
                control[h.label] = owner
        fort = {h.label: self.of(h.fortress) for h in board.hexes.values() if h.fortress}
        neutral = frozenset(c for c in {h.country for h in board.hexes.values()} if c and self.of(c) == NEUTRAL)
        return Situation(list(units), control=control, neutral_countries=neutral, fortress_factions=fort)


def all_friendly(board, faction: str, units: list[Unit] = ()) -> Situation:  # type: ignore[assignment]
    """The reading of the 4.2.4 worked examples: every port friendly to ``faction``, nobody neutral
    (only the board's own neutral flags count)."""
    return Situation(list(units), control={h.label: faction for h in board.hexes.values() if h.port})


def parse_pairs(text: str, parameter: str, keys: list[str], values: tuple[str, ...]) -> dict[str, str]:
    """``"Spain=axis, Turkey=neutral"`` -> a dict, every key in ``keys`` (case-insensitive) and every
    value in ``values``; a clear :class:`AllegianceError` naming the fault otherwise."""
    by_fold = {k.casefold(): k for k in keys}
    out: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        key, sep, value = (x.strip() for x in part.partition("="))
        if not sep or not key or not value:
            raise AllegianceError(parameter, f"{part!r} is not NAME=VALUE", "like Spain=axis, Gibraltar=axis",
                                  fault="form", item=part)
        if key.casefold() not in by_fold:
            raise AllegianceError(parameter, f"{key!r} is not one of the board's names", sorted(keys),
                                  fault="name", item=key)
        if value not in values:
            raise AllegianceError(parameter, f"{value!r} is not allowed for {key}", list(values),
                                  fault="value", item=value)
        out[by_fold[key.casefold()]] = value
    return out


def parse_countries(board, text: str, parameter: str = "allegiance") -> dict[str, str]:
    """Country changes like ``Spain=axis, Turkey=western-allies``."""
    return parse_pairs(text, parameter, sorted({h.country for h in board.hexes.values() if h.country}), ALLEGIANCES)


def parse_cities(board, text: str, parameter: str = "city_control") -> dict[str, str]:
    """City changes like ``Gibraltar=axis`` or ``7507=axis`` (a city's name or hex number) -> hex: faction."""
    names = {}
    for h in board.hexes.values():
        if h.city:
            names[h.label] = h.label
            if h.name:
                names.setdefault(h.name, h.label)
    raw = parse_pairs(text, parameter, list(names), FACTIONS)
    return {names[k]: v for k, v in raw.items()}


__all__ = ["ALLEGIANCES", "Allegiance", "AllegianceError", "CONTROLS", "NEUTRAL", "START_ALLEGIANCE",
           "all_friendly", "parse_cities", "parse_countries", "parse_pairs"]
