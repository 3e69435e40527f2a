"""WiF weather calculators: ``wif.weather-roll``, ``wif.weather-effects`` and ``wif.odds-shift``.

The rules live in :mod:`viewer.rules.wif`; these classes bind inputs to them and explain the
result step by step, citing each rule. A chart cell nobody has filled in is a ``MissingValue``
naming the chart and the cell; everything else is still computed.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import param

from viewer.board.wif.vocabulary import VOCABULARY as WIF
from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result, Step
from viewer.calculators.format import exact, percent
from viewer.i18n import DEFAULT_LANGUAGE, t
from viewer.rules.charts import Chart, ChartError, UnknownCell
from viewer.rules.wif import weather as W
from viewer.rules.wif.odds import (
    LADDER_CHART,
    R_ODDS,
    OddsLadder,
    odds_reduction,
    shift_odds,
    special_benefit_applies,
)
from viewer.rules.wif.weather_chart import CHART_ID, load_weather_chart, parse_weather_chart, with_user_cells
from viewer.rules.wif.weather_effects import (
    MAP_CLASSES,
    air_factor_multiplier,
    air_missions_allowed,
    effective_terrain,
    hex_effects,
    invasion_allowed,
    naval_air_combat_allowed,
    search_roll_modifier,
    shore_bombardment_modifier,
    supply_hex_cost,
    supply_range,
    terrain_cost_multiplier,
)
from viewer.rules.wif.weather_roll import (
    UNKNOWN,
    modified_roll_distribution,
    roll_weather,
    weather_probabilities,
)
from viewer.safeload import paths_trusted


class Term(str):
    """A label key shown in the reader's language inside a step text."""


@dataclass(frozen=True)
class TermStep(Step):
    """A step whose :class:`Term` params (and lists of them) are translated when shown, whose
    ``cell`` (a chart cell's id) is written by its parts' names and whose ``setting`` (a named
    setting's choice) by its name."""

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        from viewer.calculators.format import cell_name, value_name

        slug = self.slug

        def named(k: str, v: Any) -> Any:
            if k == "cell" and isinstance(v, str):
                return cell_name(v, lang)
            if k == "setting" and isinstance(v, str):
                return value_name(slug, v, lang) or v
            return _localize(v, lang)
        return t(self.key, lang, **{k: named(k, v) for k, v in self.params.items()})


def _localize(value: Any, lang: str) -> Any:
    if isinstance(value, Term):
        return t(value, lang)
    if isinstance(value, Fraction):
        return exact(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(" ".join(str(_localize(x, lang)) for x in item) if isinstance(item, tuple)
                         else str(_localize(item, lang)) for item in value)
    return value


def weather_term(cond: str | None) -> Term:
    return Term("weather.unknown" if cond in (None, UNKNOWN) else f"weather.{cond}")


class _WeatherCalculator(Calculator):
    __abstract = True
    game: ClassVar[str] = "wif"

    def step(self, name: str, rule=None, **params: Any) -> Step:  # noqa: D102 - see Calculator.step
        return TermStep(self.label_key("step", name), params, rule)


def resolve_chart(spec: str, user_chart: Chart | None = None) -> Chart:
    """The Weather Chart to use: the shipped cells plus ``user_chart`` or the chart named by
    ``spec``: a chart saved in the user's data folder, or (command line only, docs/security.md)
    a YAML/CSV file path."""
    from viewer.userdata import UserDataError, UserStore  # the user's saved charts

    name = spec.strip()
    if user_chart is None and name:
        path = Path(name).expanduser()
        looks_like_path = path.suffix.lower() in (".yaml", ".yml", ".csv") or "/" in name or "\\" in name
        store = UserStore()
        try:
            if looks_like_path and paths_trusted():
                user_chart = load_weather_chart(path)
            elif looks_like_path:
                raise CalculatorInputError(
                    "chart", "a page takes the name of a chart saved in your data folder, not a file "
                             "path (upload the file in the chart editor to save it)",
                    store.names("charts", group=CHART_ID) or "the name of a saved chart")
            else:
                try:
                    data = store.load("charts", name, group=CHART_ID)
                except UserDataError as err:
                    raise CalculatorInputError("chart", str(err),
                                               store.names("charts", group=CHART_ID) or None) from None
                user_chart = parse_weather_chart(_yaml_dump(data), "yaml", name)
        except ChartError as err:
            raise CalculatorInputError("chart", str(err), err.allowed) from None
    try:
        return with_user_cells(user_chart)
    except ChartError as err:
        raise CalculatorInputError("chart", str(err)) from None


def _yaml_dump(data: dict) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@register
class WeatherRollCalculator(_WeatherCalculator):
    """Resolve a weather roll (WiF 8) and the exact chances of the next one's results."""

    slug = "wif.weather-roll"
    rules = (W.R_ROLL, W.R_ZONES, W.R_DICE, W.R_TURN)
    result_names = ("modified_roll", *W.ZONES, "asterisks", "impulse_advance", "known_rows")
    step_names = ("d10", "modified", "zone", "zone_unknown", "asterisks", "asterisks_unknown",
                  "advance", "advance_unknown", "source", "chances_title", "chances", "asterisk_chances")

    bimonth = param.Selector(default="jul-aug", objects=list(W.BIMONTHS), doc="""
        The turn's two months, the column of the Weather Chart (WiF 8).""")

    raw_roll = param.Integer(default=8, bounds=(0, 10), doc="""
        The first side's d10 (a 0 reads 10, WiF 2.7).""")

    last_asterisks = param.Integer(default=2, bounds=(0, 3), doc="""
        Asterisks of the last weather result, even from the previous turn (0 to 3).""")

    chart = param.String(default="", doc="""
        The player's Weather Chart: a YAML or CSV file, or the name of a chart saved in the
        user's data folder. Empty: only the cells the rulebook's example reveals.""")

    user_chart: Chart | None = None  # set by views that hold a chart in memory

    def compute(self) -> Result:
        chart = resolve_chart(self.chart, self.user_chart)
        res = roll_weather(chart, self.bimonth, self.raw_roll, self.last_asterisks)
        steps: list[Step] = []
        if self.raw_roll == 0:
            steps.append(self.step("d10", rule=W.R_DICE))
        steps.append(self.step("modified", rule=W.R_ROLL, raw=res.raw, asterisks=res.last_asterisks,
                               modified=res.modified, bimonth=Term(f"bimonth.{res.bimonth}")))
        row = res.chart
        for zone in W.ZONES:
            cond = row.weather[zone]
            if cond is None:
                steps.append(self.step("zone_unknown", zone=Term(f"climate.{zone}"),
                                       cell=f"{res.bimonth}/{res.modified}/{zone}"))
            else:
                steps.append(self.step("zone", zone=Term(f"climate.{zone}"), weather=weather_term(cond)))
        if row.asterisks is None:
            steps.append(self.step("asterisks_unknown", rule=W.R_ROLL))
        else:
            steps.append(self.step("asterisks", rule=W.R_ROLL, asterisks=row.asterisks))
        if row.impulse_advance is None:
            steps.append(self.step("advance_unknown", rule=W.R_TURN))
        else:
            steps.append(self.step("advance", rule=W.R_TURN, advance=row.impulse_advance))
        for source in row.sources:
            steps.append(self.step("source", source=source))
        chances = weather_probabilities(chart, self.bimonth, self.last_asterisks)
        steps.append(self.step("chances_title", rule=W.R_ROLL, asterisks=res.last_asterisks,
                               bimonth=Term(f"bimonth.{res.bimonth}")))
        for zone in W.ZONES:
            pairs = [(weather_term(c), p) for c, p in chances["zones"][zone].items()]
            steps.append(self.step("chances", zone=Term(f"climate.{zone}"), chances=pairs))
        pairs = [((Term("weather.unknown"),) if n == UNKNOWN else (n,)) + (p,)
                 for n, p in sorted(chances["asterisks"].items(), key=lambda kv: (kv[0] == UNKNOWN, str(kv[0])))]
        steps.append(self.step("asterisk_chances", chances=pairs))
        value = {"modified_roll": res.modified, **{z: row.weather[z] for z in W.ZONES},
                 "asterisks": row.asterisks, "impulse_advance": row.impulse_advance,
                 "known_rows": f"{len({r for (r, _c) in chart.cells})}/{len(chart.schema.row_keys())}"}
        missing = [MissingValue(CHART_ID, cell, W.R_ROLL) for cell in row.missing]
        breakdown = {f"climate.{zone}": {f"weather.{c}": p for c, p in chances["zones"][zone].items()}
                     for zone in W.ZONES}
        return Result(value, steps, modified_roll_distribution(self.last_asterisks), missing, breakdown=breakdown)


@register
class WeatherEffectsCalculator(_WeatherCalculator):
    """Every effect of a zone's weather on one hex (WiF 8.2), each with its rule."""

    slug = "wif.weather-effects"
    rules = (W.R_DESERT, W.R_SUPPLY, W.R_AIR, W.R_SEARCH, W.R_MOVE, W.R_INVASION, W.R_LAND_COMBAT,
             W.R_TERRAIN, W.R_PORTS)
    result_names = ("effective_weather", "effective_terrain", "supply_range", "supply_hex_cost",
                    "terrain_cost_multiplier", "invasion_allowed", "odds_shift", "odds_shift_special",
                    "air_missions", "air_factor_multiplier", "naval_air_allowed", "search_roll_modifier")
    step_names = ("zone_weather", "desert_shift", "supply_range", "supply_hex_cost",
                  "supply_hex_cost_unknown", "air_missions_all", "air_rebase_only", "air_factors_full",
                  "air_factors_halved", "naval_air_allowed", "naval_air_banned", "search_number_bonus",
                  "search_number_no_bonus", "search_roll_modifier", "movement_normal", "movement_doubled",
                  "invasion_allowed", "invasion_banned", "odds_shift", "bombard_normal", "bombard_asterisk",
                  "bombard_banned", "lake_frozen", "lake_open", "swamp_as_forest", "swamp_normal",
                  "lake_hexside_frozen", "lake_hexside_open", "port_closed_units", "port_open_units",
                  "port_closed_resources", "port_open_resources", "port_closed_supply", "port_open_supply",
                  "swedish_ore_restricted", "swedish_ore_free")

    zone_weather = param.Selector(default="fine", objects=list(W.CONDITIONS), doc="""
        The weather of the hex's climate zone (WiF 8).""")

    terrain = param.Selector(default="clear", objects=list(WIF.terrain), doc="""
        The hex's terrain class; desert and desert-mountain shift the weather (WiF 8.2.1).""")

    zone = param.Selector(default="north-temperate", objects=list(W.ZONES), doc="""
        The hex's climate zone (WiF 8.1); the Arctic adds the Swedish ore rule (WiF 8.2.10).""")

    map_class = param.Selector(default="european", objects=[*MAP_CLASSES, "other"], doc="""
        The map the hex is on, for the supply cost of entering it (WiF 8.2.2).""")

    off_map = param.Boolean(default=False, doc="An off-map hex: a supply line pays 4 to enter it (WiF 8.2.2).")

    port_freezable = param.Boolean(default=False, doc="The hex holds a port that can freeze (WiF 8.2.10).")

    last_impulse_weather = param.Selector(default="same", objects=["same", *W.CONDITIONS], doc="""
        The zone's weather in the last impulse of the turn, for the end-of-turn port and ore
        rules (WiF 8.2.10); "same" uses the current weather.""")

    lake_hexside_other = param.Selector(default="none", objects=["none", *W.CONDITIONS], doc="""
        The weather across a lake hexside of this hex ("none": no lake hexside), WiF 8.2.9.""")

    lake_freeze = param.Selector(default="as-printed", objects=list(W.SETTING_CHOICES["lake_freeze"]), doc="""
        WiF 8.2.9 prints Snow or Storm for lake hexes (as-printed); snow-blizzard reads it like
        the hexside and swamp rules.""")

    port_supply_weather = param.Selector(default="last-impulse",
                                         objects=list(W.SETTING_CHOICES["port_supply_weather"]), doc="""
        Overseas supply through a freezable port: by the last impulse's weather (WiF 8.2.10)
        or by the current weather (WiF 2.4.2).""")

    air_halving = param.Selector(default="both", objects=list(W.SETTING_CHOICES["air_halving"]), doc="""
        WiF 8.2.3 "in a sea area or attacking a hex with Snow or Rain": both (Snow/Rain for both
        cases) or hex-only (halved in every sea area; Snow/Rain only for the attacked hex).""")

    rebase_only_by = param.Selector(default="zone", objects=list(W.SETTING_CHOICES["rebase_only_by"]), doc="""
        The Storm/Blizzard rebase-only rule (WiF 8.2.3) reads the zone's weather (zone) or the
        hex's shifted weather in deserts (effective).""")

    def settings(self) -> W.WeatherSettings:
        return W.WeatherSettings(lake_freeze=self.lake_freeze, port_supply_weather=self.port_supply_weather,
                                 air_halving=self.air_halving, rebase_only_by=self.rebase_only_by)

    def compute(self) -> Result:
        settings = self.settings()
        w = W.effective_weather(self.zone_weather, self.terrain)
        map_class = None if self.map_class == "other" else self.map_class
        effects = hex_effects(
            self.zone_weather, self.terrain, zone=self.zone, map_class=map_class or "other",
            off_map=self.off_map, port_freezable=self.port_freezable,
            last_impulse_weather=None if self.last_impulse_weather == "same" else self.last_impulse_weather,
            other_side_weather=None if self.lake_hexside_other == "none" else self.lake_hexside_other,
            settings=settings)
        steps = [self.step(e.name, rule=e.rule, **_terms(e.params)) for e in effects]
        cost = supply_hex_cost(map_class, self.off_map, self.terrain) if (map_class or self.off_map) else None
        mult = air_factor_multiplier(w, in_sea_area=self.terrain == "sea", settings=settings)
        value = {
            "effective_weather": w,
            "effective_terrain": effective_terrain(self.terrain, w, settings),
            "supply_range": supply_range(w),
            "supply_hex_cost": cost,
            "terrain_cost_multiplier": terrain_cost_multiplier(w),
            "invasion_allowed": invasion_allowed(w),
            "odds_shift": -odds_reduction(w),
            "odds_shift_special": -odds_reduction(w, True),
            "air_missions": air_missions_allowed(self.zone_weather if self.rebase_only_by == "zone" else w),
            "air_factor_multiplier": None if mult is None else str(mult),
            "naval_air_allowed": naval_air_combat_allowed(w),
            "search_roll_modifier": search_roll_modifier(w),
        }
        return Result(value, steps)


def _terms(params: dict) -> dict:
    """Effect params with weather ids as translatable terms."""
    return {k: weather_term(v) if k.endswith("weather") else v for k, v in params.items()}


@register
class OddsShiftCalculator(_WeatherCalculator):
    """The land-attack odds after the weather's shift (WiF 8.2.7), and shore bombardment."""

    slug = "wif.odds-shift"
    rules = (W.R_LAND_COMBAT, R_ODDS)
    result_names = ("shifted", "columns_dropped", "benefit", "first_loss_special", "bombardment_modifier")
    step_names = ("reduction", "benefit", "no_benefit", "benefit_not_here", "shifted", "shift_unknown",
                  "ladder_text", "ladder_user", "ladder_inferred", "bombard", "bombard_banned")

    odds = param.String(default="12:1", doc="""
        The odds column before the weather, like 3:2 or 11:1 (11-1 also reads).""")

    weather = param.Selector(default="rain", objects=list(W.CONDITIONS), doc="""
        The weather in the defender's hex (after the desert shift, WiF 8.2.1).""")

    special_share = param.Number(default=0.0, bounds=(0.0, 1.0), doc="""
        Share of the attacking units that are mountain, ski, Swedish, Finnish, Norwegian or
        white-printed Soviet units (0 to 1); half or more gives the benefit in Snow and Blizzard.""")

    columns = param.String(default="", doc="""
        The full column list of your land combat chart, lowest first, comma separated. Empty:
        only the columns the rulebook's examples show (1:1 to 3:1 and 9:1 to 12:1), with 4:1 to
        8:1 as well when the inferred columns are on.""")

    inferred_columns = param.Boolean(default=True, doc="""
        Columns 4:1 ... 8:1 inferred from 8.2.7's examples: one column per whole number between
        3:1 and 9:1, as the examples count from 9:1 to 12:1. An inference, not the text; your own
        column list takes precedence.""")

    bombardment = param.String(default="", doc="""
        A shore-bombardment modifier as printed, like 0* (asterisk: the section has one); empty
        for none.""")

    def compute(self) -> Result:
        try:
            ladder = OddsLadder.choose(self.columns, self.inferred_columns)
        except W.WeatherError as err:
            raise CalculatorInputError("columns", err.message, err.allowed) from None
        source = ladder.source
        if source == "inferred":   # named only when a column the text does not show is used
            try:
                shift_odds(self.odds, self.weather, self.special_share, OddsLadder())
                source = "text"
            except (UnknownCell, W.WeatherError):
                pass
        steps: list[Step] = [self.step(f"ladder_{source}", rule=R_ODDS if source != "inferred"
                                       else W.R_LAND_COMBAT)]
        missing: list[MissingValue] = []
        benefit = special_benefit_applies(self.weather, self.special_share)
        dropped = odds_reduction(self.weather, benefit)
        try:
            shifted, _, _ = shift_odds(self.odds, self.weather, self.special_share, ladder)
        except W.WeatherError as err:
            raise CalculatorInputError("odds", err.message, err.allowed,
                                       said=self.step("odds_unreadable", odds=self.odds.strip())) from None
        except UnknownCell as cell:
            shifted = None
            missing.append(MissingValue(LADDER_CHART, cell.cell, cell.rule))
        steps.append(self.step("reduction", rule=W.R_LAND_COMBAT, weather=weather_term(self.weather),
                               columns=odds_reduction(self.weather)))
        if self.special_share >= 0.5:
            steps.append(self.step("benefit" if benefit else "benefit_not_here", rule=W.R_LAND_COMBAT,
                                   columns=dropped, weather=weather_term(self.weather)))
        else:
            steps.append(self.step("no_benefit", rule=W.R_LAND_COMBAT, share=percent(self.special_share)))
        if shifted is None:
            steps.append(self.step("shift_unknown", rule=R_ODDS, odds=self.odds, columns=dropped))
        else:
            steps.append(self.step("shifted", rule=W.R_LAND_COMBAT, odds=self.odds, shifted=shifted,
                                   columns=dropped))
        bomb = None
        if self.bombardment.strip():
            try:
                bomb = shore_bombardment_modifier(self.bombardment, self.weather)
            except W.WeatherError as err:
                raise CalculatorInputError("bombardment", err.message, err.allowed,
                                           said=self.step("bombard_unreadable", printed=self.bombardment.strip())) from None
            if bomb is None:
                steps.append(self.step("bombard_banned", rule=W.R_LAND_COMBAT, weather=weather_term(self.weather)))
            else:
                steps.append(self.step("bombard", rule=W.R_LAND_COMBAT, printed=self.bombardment.strip(),
                                       modifier=bomb, weather=weather_term(self.weather)))
        value = {"shifted": shifted, "columns_dropped": dropped, "benefit": bool(benefit),
                 "first_loss_special": bool(benefit), "bombardment_modifier": bomb}
        return Result(value, steps, None, missing)
