"""The /use app's state: the board, the units the user placed, what is selected, the settings of
the open questions (USE 4.2.3.1 first step, 4.2.4 map-box cost), who holds which city and which
countries are neutral (2.1.1, 2.3.1: on the real board; the fixture boards keep the reading of their
worked examples, every port friendly to the mover), and the answers of the rules for the selection
(derived data, no UI).

The units and settings are saved in the per-user data folder (kind ``scenarios``, group ``use``,
name ``use-<board>``: a folder of this game's own, so they are never listed among another game's
saved scenarios) on every change and read back when the board opens, so they survive a reload. A
save from before the group (``scenarios/use-<board>.yaml``) is moved into it when its board opens.
"""
from __future__ import annotations

import param

from viewer.rules.use import boards
from viewer.rules.use.board import SOVIET_BOX
from viewer.rules.use.allegiance import ALLEGIANCES, Allegiance, all_friendly
from viewer.rules.use.fixtures import FIXTURE_PLACES
from viewer.rules.use.movement import Reach, land_reach
from viewer.rules.use.naval import BOX_COSTS, NavalGraph, NavalReach, passages
from viewer.rules.use.tables import Costs
from viewer.rules.use.units import FACTIONS, SUPPLY, TYPES, Situation, Unit, UnitError
from viewer.rules.use.zoc import ezoc
from viewer.userdata import UserDataError, UserStore

#: The group (a subfolder of the kind ``scenarios``) this game's boards are saved in: the game's id,
#: so that viewer.userdata.owner gives them to this game and no other game lists them.
SAVE_GROUP = "use"

#: Units each fixture board opens with: the worked examples' setups (4.2.3.1, 4.1, 4.2.4).
DEFAULT_UNITS = {
    "fixture:france-1940": [
        Unit("10th Army", "western-allies", "land", "infantry", "2914", country="France"),
        Unit("6th Army", "western-allies", "land", "infantry", "3115", country="France"),
        Unit("2nd Panzer", "axis", "land", "tank", "2915", country="Germany"),
        Unit("French 3rd Army", "western-allies", "land", "infantry", FIXTURE_PLACES["Metz"], country="France",
             in_fortress=True),
        Unit("Luftflotte 2", "axis", "air", "bomber", "2916", country="Germany", sorties=2),
    ],
    "fixture:eastern-front-1941": [
        Unit("Luftflotte 4", "axis", "air", "fighter", "2951", country="Germany"),
        Unit("Soviet 21st Army", "soviet", "land", "infantry", "2952", country="USSR"),
    ],
    "fixture:seas": [Unit("Home Fleet", "western-allies", "naval", "surface", "2519", country="Great Britain")],
}


class UseState(param.Parameterized):
    """What the user set on the /use page; the views draw :meth:`reach`, :meth:`ezoc` ..."""

    board_name = param.String(default="", doc="The board shown: 'use' or 'fixture:<name>'.")
    units = param.List(default=[], item_type=Unit, doc="The units on the board.")
    unit = param.String(default="", doc="The selected unit's id ('' for none).")
    port = param.String(default="", doc="The selected port (hex number) for naval reach.")
    faction = param.Selector(default="western-allies", objects=list(FACTIONS), doc="Naval reach: the faction moving.")
    ezoc_faction = param.Selector(default="axis", objects=list(FACTIONS), doc="EZOC drawn for this faction's units.")
    weather = param.String(default="clear", doc="Weather for attack costs (4.2.3.3).")
    first_step_stops = param.Boolean(default=True, doc="""
        A unit starting in EZOC that moves into another enemy unit's EZOC must stop there (use-rules I.8).""")
    box_cost = param.Selector(default="every-box", objects=list(BOX_COSTS), doc="Map-box cost reading (4.2.4).")
    strategic = param.Boolean(default=False, doc="Show the selected unit's strategic movement (4.1) instead of its operational reach.")
    range = param.Integer(default=0, bounds=(0, 30), doc="Range ring around the selected unit, in hexes (1.4); 0: none.")
    countries = param.Dict(default={}, doc="""
        The user's changes to the countries' allegiance: country -> axis, western-allies, soviet
        or neutral (2.1.1, 2.3), over the board's starting reading (viewer.rules.use.allegiance).""")
    cities = param.Dict(default={}, doc="Cities held by another faction than their country's: hex -> faction (2.3.1).")

    def __init__(self, store: UserStore | None = None, **params):
        super().__init__(**params)
        self.store = store or UserStore()
        #: Why the saved units could not be restored ('' when they were, or none were saved).
        self.restore_problem = ""
        if not self.board_name:
            self.board_name = boards.names()[0]
        self.open(self.board_name)

    # -- the board ------------------------------------------------------------------------
    @property
    def board(self):
        return boards.load(self.board_name)

    def open(self, name: str) -> None:
        """Open board ``name`` with its saved units (or the example setup)."""
        boards.load(name)  # a clear error for a wrong name
        self.board_name = name
        self.countries, self.cities = {}, {}
        units = self._load()
        self.unit, self.port = "", ""
        self.units = units if units is not None else list(DEFAULT_UNITS.get(name, []))

    @property
    def allegiance(self) -> Allegiance:
        """The board's starting allegiance with the user's changes (2.1.1, 2.3, 2.3.1)."""
        return Allegiance().changed(self.countries, self.cities)

    @property
    def situation(self) -> Situation:
        if self.board.fixture:
            return Situation(list(self.units))
        return self.allegiance.situation(self.board, list(self.units))

    def naval_situation(self, faction: str) -> Situation:
        """The situation a naval move of ``faction`` sees: on the real board the cities as the
        allegiance holds them; on a fixture board every port friendly (the 4.2.4 examples)."""
        if self.board.fixture:
            return all_friendly(self.board, faction, list(self.units))
        return self.allegiance.situation(self.board, list(self.units))

    def set_country(self, country: str, allegiance: str) -> None:
        """Set ``country`` to a faction or neutral (2.1.1, 2.3)."""
        known = sorted({h.country for h in self.board.hexes.values() if h.country})
        if country not in known:
            raise UnitError(f"{country!r} is not a country of board {self.board_name}; allowed: {', '.join(known)}")
        if allegiance not in ALLEGIANCES:
            raise UnitError(f"allegiance must be one of {', '.join(ALLEGIANCES)}, not {allegiance!r}")
        self.countries = {**self.countries, country: allegiance}
        self.save()

    def set_city(self, hex: str, faction: str) -> None:
        """``faction`` now holds the city in ``hex`` (2.3.1); ``""`` gives it back to its country."""
        h = self.board.hexes.get(hex)
        if h is None or not h.city:
            raise UnitError(f"{hex!r} is not a city of board {self.board_name}")
        if faction and faction not in FACTIONS:
            raise UnitError(f"a city is held by one of {', '.join(FACTIONS)}, not {faction!r}")
        cities = {k: v for k, v in self.cities.items() if k != hex}
        self.cities = {**cities, hex: faction} if faction else cities
        self.save()

    # -- editing --------------------------------------------------------------------------
    def add_unit(self, uid: str, faction: str, cls: str, type: str, hex: str, supply: str = "full") -> Unit:
        uid = uid.strip()
        if not uid or any(u.id == uid for u in self.units):
            raise UnitError(f"unit name {uid!r} is empty or taken")
        if hex not in self.board.hexes and hex not in self.board.box_zones:
            raise UnitError(f"{hex!r} is not a hex of board {self.board_name}")
        unit = Unit(uid, faction, cls, type, hex, supply=supply)
        self.units = [*self.units, unit]
        self.save()
        return unit

    def remove_unit(self, uid: str) -> None:
        if self.unit == uid:
            self.unit = ""
        self.units = [u for u in self.units if u.id != uid]
        self.save()

    def selected_unit(self) -> Unit | None:
        """The selected unit, or None (also when it was just removed)."""
        return next((u for u in self.units if u.id == self.unit), None) if self.unit else None

    def set_supply(self, uid: str, supply: str) -> None:
        if supply not in SUPPLY:
            raise UnitError(f"supply must be one of {', '.join(SUPPLY)}")
        self.units = [Unit(**{**u.__dict__, "supply": supply}) if u.id == uid else u for u in self.units]
        self.save()

    # -- the rules' answers ---------------------------------------------------------------
    def reach(self) -> Reach | None:
        """The selected land unit's reach, stops and attacks (4.2.3), or None; a Soviet unit may
        start in the Central Russia box."""
        u = self.selected_unit()
        if u is None or not u.land or (u.hex not in self.board.hexes and u.hex != SOVIET_BOX):
            return None
        return land_reach(self.board, self.situation, self.unit, costs=Costs.user(self.store),
                          weather=self.weather, first_step_stops=self.first_step_stops)

    def ezoc(self) -> dict:
        """Hexes in enemy ZOC for ``ezoc_faction`` (1.7)."""
        return ezoc(self.board, self.situation, self.ezoc_faction)

    def naval(self) -> NavalReach | None:
        """Naval reach from the selected port for ``faction`` (4.2.4), or None."""
        if not self.port or self.port not in self.board.hexes:
            return None
        g = NavalGraph(self.board, self.naval_situation(self.faction), self.faction, Costs.user(self.store),
                       self.box_cost)
        mp = 10
        return g.search(self.port, mp)

    def play_example(self, upto: int):
        """The first ``upto`` steps of the 2nd Panzer's activation (4.2.3.3 example) on the France
        1940 fixture, as an :class:`Activation` with its log; None on another board."""
        from viewer.rules.use.activation import PANZER_EXAMPLE, play
        if self.board_name != "fixture:france-1940":
            return None
        situation = Situation(list(DEFAULT_UNITS["fixture:france-1940"]))
        return play(self.board, situation, "2nd Panzer", PANZER_EXAMPLE[:upto], costs=Costs.user(self.store),
                    weather=self.weather)

    def air_ends(self) -> set[str]:
        """Hexes where the selected air unit may end a move (4.2.2.1); empty for other units."""
        from viewer.rules.use.strategic import air_ends
        u = self.selected_unit()
        if u is None or u.cls != "air" or u.hex not in self.board.hexes:
            return set()
        return air_ends(self.board, self.situation, self.unit)

    def strategic_reach(self) -> dict | None:
        """The selected unit's strategic movement (4.1), when ``strategic`` is on."""
        from viewer.rules.use.strategic import strategic_reach
        u = self.selected_unit()
        if u is None or not self.strategic or u.hex not in self.board.hexes:
            return None
        return strategic_reach(self.board, self.situation, self.unit)

    def range_hexes(self) -> set[str]:
        """Hexes within ``range`` of the selected unit (1.4), empty when none."""
        from viewer.rules.use.basics import hexes_in_range
        u = self.selected_unit()
        if u is None or not self.range or u.hex not in self.board.hexes:
            return set()
        return hexes_in_range(self.board, u.hex, self.range)

    def passages(self) -> list[tuple[str, tuple[str, ...], bool]]:
        """Every strait and canal with its hexes and whether it is open to ``faction`` (4.2.4.1)."""
        return [(name, hexes, why is None) for name, hexes, why in self.passage_reasons()]

    def passage_reasons(self) -> list[tuple[str, tuple[str, ...], tuple[str, str] | None]]:
        """Every strait and canal with its hexes and why it is closed to ``faction`` (None: open),
        as :func:`viewer.rules.use.naval.passages` words it (4.2.4.1)."""
        return passages(self.board, self.naval_situation(self.faction), self.faction)

    # -- saving ---------------------------------------------------------------------------
    def _key(self) -> str:
        return "use-" + self.board_name.replace(":", "-")

    def save(self) -> None:
        data = {"board": self.board_name, "units": [dict(u.__dict__) for u in self.units],
                "countries": dict(self.countries), "cities": dict(self.cities)}
        try:
            self.store.save("scenarios", self._key(), data, SAVE_GROUP)
        except UserDataError:
            pass

    def _migrate(self) -> None:
        """Move a save from before :data:`SAVE_GROUP` (``scenarios/use-<board>.yaml``) into it; a
        save already in the group wins, and the old file is then left alone."""
        old, new = self.store.path("scenarios", self._key()), self.store.path("scenarios", self._key(), SAVE_GROUP)
        if old.is_file() and not old.is_symlink() and not new.exists():
            new.parent.mkdir(parents=True, exist_ok=True)
            try:
                old.replace(new)
            except OSError:
                pass

    def _load(self) -> list[Unit] | None:
        """The saved units; a file that cannot be used is set aside and named in ``restore_problem``
        (:meth:`UserStore.restore`)."""
        self.restore_problem = ""
        try:
            self._migrate()
        except UserDataError as err:
            self.restore_problem = str(err)
            return None
        loaded: list[list[Unit]] = []

        def apply(data: dict) -> None:
            units = data.get("units", [])
            if not isinstance(units, list) or not all(isinstance(u, dict) for u in units):
                raise UnitError("units must be a list of units")
            countries, cities = data.get("countries", {}), data.get("cities", {})
            if not isinstance(countries, dict) or not all(v in ALLEGIANCES for v in countries.values()):
                raise UnitError(f"countries must map a country to one of {', '.join(ALLEGIANCES)}")
            if not isinstance(cities, dict) or not all(v in FACTIONS for v in cities.values()):
                raise UnitError(f"cities must map a hex to one of {', '.join(FACTIONS)}")
            out = [Unit(**u) for u in units]
            self.countries, self.cities = {str(k): v for k, v in countries.items()}, \
                {str(k): v for k, v in cities.items()}
            loaded.append(out)

        self.restore_problem = self.store.restore("scenarios", self._key(), apply,
                                                  (UnitError, TypeError, ValueError), SAVE_GROUP)
        return loaded[0] if loaded else None


__all__ = ["UseState", "DEFAULT_UNITS", "SAVE_GROUP", "TYPES"]
