"""ASL night calculators: the NVR change at the Wind Change DR and the NVR Table (ASL E1.2, E1)."""
from __future__ import annotations


import param

from viewer.calculators import register
from viewer.calculators.base import (
    Calculator,
    CalculatorInputError,
    MissingValue,
    Result,
)
from viewer.calculators.format import percent
from viewer.dice import Distribution
from viewer.i18n import DEFAULT_LANGUAGE, t
from viewer.ruleref import RuleRef
from viewer.rules.asl import nvr as nvr_rules

R_CHANGE, R_NIGHT = RuleRef("asl", "E1.2"), RuleRef("asl", "E1")
TABLE = "asl.nvr-table"


class Terms:
    """Ids shown in the step's language: templates write ``{what:en}`` / ``{what:es}``.

    ``"woods / wall"`` shows each id's label ``<prefix>.<id>``.
    """

    def __init__(self, text: str, prefix: str = "ui.asl.terrain"):
        self.ids, self.prefix = [w.strip() for w in str(text).split("/")], prefix

    def __format__(self, lang: str) -> str:
        return " / ".join(t(f"{self.prefix}.{w}", lang or DEFAULT_LANGUAGE) for w in self.ids)

    def __str__(self) -> str:
        return format(self, DEFAULT_LANGUAGE)


@register
class NvrChange(Calculator):
    """The new NVR after the Wind Change DR: the roll's effect, the clamp and the exact odds (E1.2)."""

    slug, game = "asl.nvr-change", "asl"
    rules = (R_CHANGE,)
    result_names = ("new_nvr", "change", "p_down", "p_same", "p_up")
    step_names = ("first_turn", "not_six", "down", "up", "white_four_fired", "amount_one", "amount_dr",
                  "need_dr", "clamped", "bounds", "odds")

    nvr = param.Integer(default=3, bounds=(0, 9), doc="The NVR before the roll (0-6, or 2-9 with snow terrain).")
    colored = param.Integer(default=6, bounds=(0, 6), doc="The coloured die of the Wind Change DR (0: not rolled).")
    white = param.Integer(default=4, bounds=(0, 6), doc="The white die of the Wind Change DR (0: not rolled).")
    dr = param.Integer(default=0, bounds=(0, 6), doc="The further dr for the size of the change (0: not rolled).")
    clouds = param.Selector(default="none", objects=list(nvr_rules.CLOUDS), doc="Cloud cover.")
    moon = param.Selector(default="full", objects=list(nvr_rules.MOONS), doc="Moon phase.")
    first_turn = param.Boolean(default=False, doc="This is the first Game Turn (no change then).")
    snow = param.Boolean(default=False, doc="There is snow terrain (limits 2-9 instead of 0-6).")
    starshell_fired = param.Boolean(default=False, doc="A starshell or IR has been fired in this game.")

    def compute(self) -> Result:
        lo, hi = nvr_rules.bounds(self.snow)
        if not lo <= self.nvr <= hi:
            raise CalculatorInputError("nvr", f"{self.nvr} is outside {lo}..{hi} for this terrain", [lo, hi])
        value = dict.fromkeys(self.result_names)
        steps = [self.step("bounds", rule=R_CHANGE, lo=lo, hi=hi)]
        kw = {"first_turn": self.first_turn, "snow": self.snow, "starshell_fired": self.starshell_fired,
              "clouds": self.clouds, "moon": self.moon}
        dist = nvr_rules.change_distribution(self.nvr, **kw)
        down = sum(p for n, p in dist.items() if n < self.nvr)
        up = sum(p for n, p in dist.items() if n > self.nvr)
        value.update(p_down=str(down), p_same=str(1 - down - up), p_up=str(up))
        if self.colored and self.white:
            ch = nvr_rules.new_nvr(self.nvr, self.colored, self.white, dr=self.dr or None, **kw)
            if self.first_turn:
                steps.append(self.step("first_turn", rule=R_CHANGE))
            elif self.colored != 6:
                steps.append(self.step("not_six", rule=R_CHANGE, colored=self.colored))
            elif ch.direction == 0:
                steps.append(self.step("white_four_fired", rule=R_CHANGE))
            else:
                steps.append(self.step("down" if ch.direction < 0 else "up", rule=R_CHANGE, white=self.white))
                if ch.amount is None:
                    steps.append(self.step("need_dr", rule=R_CHANGE, moon=Terms(self.moon, "ui.asl.moon")))
                elif self.clouds == "scattered" and self.moon in ("half", "full"):
                    steps.append(self.step("amount_dr", rule=R_CHANGE, dr=self.dr,
                                           div=2 if self.moon == "full" else 3, amount=ch.amount))
                else:
                    steps.append(self.step("amount_one", rule=R_CHANGE))
                if ch.clamped:
                    steps.append(self.step("clamped", rule=R_CHANGE, nvr=ch.new_nvr))
            if ch.new_nvr is not None:
                value.update(new_nvr=ch.new_nvr, change=ch.new_nvr - self.nvr)
        steps.append(self.step("odds", rule=R_CHANGE, down=percent(down), same=percent(1 - down - up), up=percent(up)))
        return Result(value, steps, Distribution(dist))


@register
class NvrTable(Calculator):
    """Cloud Cover, Moon Phase and the base NVR from the NVR Table (public eASLRB excerpt; doubtful row flagged)."""

    slug, game = "asl.nvr", "asl"
    rules = (R_NIGHT,)
    result_names = ("cloud_cover", "moon_phase", "modifier", "base_nvr", "doubtful")
    step_names = ("source", "winter", "overcast_weather", "cloud", "moon", "doubtful_row", "reading", "modifier",
                  "base")

    colored = param.Integer(default=3, bounds=(1, 6), doc="The coloured dr (Cloud Cover).")
    white = param.Integer(default=1, bounds=(1, 6), doc="The white dr (Moon Phase).")
    winter = param.Boolean(default=False, doc="December, January or February (+1 to the coloured dr).")
    overcast_weather = param.Boolean(default=False, doc="Weather rules are in play and the weather is Overcast.")
    snow = param.Boolean(default=False, doc="Ground Snow or Deep Snow (base 6 instead of 3).")
    last_row = param.Selector(default="as-stored", objects=list(nvr_rules.LAST_ROW_READINGS), doc="""
        How to read the table's doubtful last row: as stored (6 or more; a 5 is unknown) or as 5 or more.""")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        steps, miss = [self.step("source", rule=R_NIGHT)], []
        final = self.colored + (1 if self.winter else 0)
        if self.winter:
            steps.append(self.step("winter", rule=R_NIGHT, dr=final))
        doubtful = False
        if self.overcast_weather:
            cloud = "overcast"
            steps.append(self.step("overcast_weather", rule=R_NIGHT))
        else:
            cloud = nvr_rules.cloud_cover(final, self.last_row)
            doubtful |= final == 5
        moon = nvr_rules.moon_phase(self.white, self.last_row)
        doubtful |= self.white == 5
        for kind, got, dr in (("cloud", cloud, final), ("moon", moon, self.white)):
            if got is None:
                steps.append(self.step("doubtful_row", rule=R_NIGHT, dr=dr))
                miss.append(MissingValue(TABLE, f"{kind} dr {dr}", R_NIGHT))
            else:
                steps.append(self.step(kind, rule=R_NIGHT, dr=dr, value=Terms(got, f"ui.asl.{kind}")))
        if doubtful and self.last_row != "as-stored":
            steps.append(self.step("reading", rule=R_NIGHT))
        value.update(cloud_cover=cloud, moon_phase=moon, doubtful=doubtful)
        if cloud and moon:
            mod = nvr_rules.MODIFIER[cloud][moon]
            base = nvr_rules.base_nvr(cloud, moon, self.snow)
            steps.append(self.step("modifier", rule=R_NIGHT, modifier=f"{mod:+d}"))
            steps.append(self.step("base", rule=R_NIGHT, start=6 if self.snow else 3, nvr=base))
            value.update(modifier=mod, base_nvr=base)
        return Result(value, steps, self._distribution(), miss)

    def _distribution(self) -> Distribution | None:
        """The base NVR over both dice; None while the doubtful row leaves a reachable case unknown."""
        counts: dict[int, int] = {}
        for c in range(1, 7):
            for w in range(1, 7):
                final = c + (1 if self.winter else 0)
                cloud = "overcast" if self.overcast_weather else nvr_rules.cloud_cover(final, self.last_row)
                moon = nvr_rules.moon_phase(w, self.last_row)
                if cloud is None or moon is None:
                    return None
                n = nvr_rules.base_nvr(cloud, moon, self.snow)
                counts[n] = counts.get(n, 0) + 1
        return Distribution.from_weights(counts)
