"""ASL board calculators: a line of sight with its explained verdict, and fire illumination (ASL E1.94, E1.941).

Line of sight is our own model (viewer/rules/asl/los.py), not ASL chapter A6; the steps say so.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import param

from viewer.calculators import register
from viewer.calculators.asl.night import Terms
from viewer.calculators.base import Calculator, CalculatorInputError, Result, Step
from viewer.ruleref import RuleRef
from viewer.rules.asl.board import BoardError, bundled_boards, load_board
from viewer.rules.asl.illumination import FIRE_KINDS, Fire, illuminate
from viewer.rules.asl.los import Verdict, line_of_sight, parse_location

R_FIRE, R_BLIND = RuleRef("asl", "E1.94"), RuleRef("asl", "E1.941")


def _board(name: str):
    try:
        return load_board(name)
    except BoardError as exc:
        raise CalculatorInputError("board", exc.message, sorted(bundled_boards())) from None


def _said(key: str, **params) -> Step:
    """A message of the ASL calculators' shared labels (``calc.asl.step.<key>``), in any language."""
    return Step(f"calc.asl.step.{key}", params)


def _loc(board, name: str, text: str):
    try:
        return parse_location(board, text)
    except (ValueError, BoardError) as exc:
        raise CalculatorInputError(name, str(getattr(exc, "message", exc)), None,
                                   said=_said("no_location", location=text.strip(), board=board.number)) from None


@lru_cache(maxsize=8)
def location_names(board_name: str) -> tuple[str, ...]:
    """Every location of bundled board ``board_name`` as ``HEX@LEVEL``, in the board's order (read
    once per process)."""
    board = load_board(board_name)
    return tuple(f"{board.hex_id(h)}@{level}" for h, level in board.locations())


def board_choices(name: str) -> list[str] | None:
    """The bundled boards a ``board`` input is picked from."""
    return sorted(bundled_boards()) if name == "board" else None


def _h(x) -> str:
    """A height as an exact fraction: 1, 1/2, 2/3."""
    return str(Fraction(x))


def verdict_steps(calc: Calculator, board, v: Verdict) -> list[Step]:
    """The verdict explained, one step per thing met (shared by the LOS card and the board's thread)."""
    steps = [calc.step("model")]
    for n in v.notes:
        steps.append(calc.step("along" if n.kind == "along" else "vertex", hexes=" | ".join(n.where)))
    for b in v.blocks:
        steps.append(calc.step(f"block_{b.kind}", rule=R_BLIND, hexes=" | ".join(b.where), what=Terms(b.what),
                               top=_h(b.top), line=_h(b.line)))
    for b in v.grazes:
        steps.append(calc.step("graze", hexes=" | ".join(b.where), what=Terms(b.what), top=_h(b.top), line=_h(b.line)))
    for b in v.hindrances:
        steps.append(calc.step("hindrance", hexes=" | ".join(b.where), what=Terms(b.what), top=_h(b.top), line=_h(b.line)))
    steps.append(calc.step(v.status, a=f"{board.hex_id(v.a[0])}@{v.a[1]}", b=f"{board.hex_id(v.b[0])}@{v.b[1]}"))
    return steps


@register
class LineOfSight(Calculator):
    """The line of sight between two locations of a board, with what blocks or hinders it (our model)."""

    slug, game = "asl.los", "asl"
    rules = (R_BLIND,)
    result_names = ("status", "blocked_by", "hindrances", "along_hexside", "vertices")
    step_names = ("model", "along", "vertex", "block_ground", "block_obstacle", "block_hexside", "graze",
                  "hindrance", "clear", "hindered", "blocked")

    board = param.String(default="teaching", doc="A bundled board (teaching) or a board file.")
    a = param.String(default="2W7@2", doc="From: hex id, with @level for an upper level (2W7@2).")
    b = param.String(default="2T5@0", doc="To: hex id, with @level for an upper level.")

    @classmethod
    def choices(cls, name: str) -> list[str] | None:
        return board_choices(name)

    def places(self, name: str, lang: str = "en") -> dict[str, str] | None:
        """The ends are picked from the board's locations (``2W7@2``: hex 2W7, level 2)."""
        if name not in ("a", "b"):
            return None
        try:
            return {loc: loc for loc in location_names(self.board)}
        except BoardError:
            return None

    def compute(self) -> Result:
        board = _board(self.board)
        v = line_of_sight(board, _loc(board, "a", self.a), _loc(board, "b", self.b))
        value = {"status": v.status,
                 "blocked_by": [" | ".join(b.where) for b in v.blocks],
                 "hindrances": [" | ".join(b.where) for b in v.hindrances],
                 "along_hexside": [" | ".join(n.where) for n in v.notes if n.kind == "along"],
                 "vertices": [" | ".join(n.where) for n in v.notes if n.kind == "vertex"]}
        return Result(value, verdict_steps(self, board, v))


def parse_fires(board, text: str) -> list[Fire]:
    """``"2W7@2 blaze, 2P7 wreck, 2M5@1 flame"`` -> fires (kind defaults to blaze)."""
    fires = []
    for item in (x.strip() for x in str(text).split(",") if x.strip()):
        parts = item.split()
        kind = parts[1].lower() if len(parts) > 1 else "blaze"
        if len(parts) > 2 or kind not in FIRE_KINDS:
            raise CalculatorInputError("fires", f"cannot read {item!r}: write 'HEX[@LEVEL] [blaze|flame|wreck]'",
                                       list(FIRE_KINDS), said=_said("fire_form", item=item))
        h, level = _loc(board, "fires", parts[0])
        try:
            fires.append(Fire(h, level, kind))
        except ValueError as exc:
            raise CalculatorInputError("fires", str(exc), list(FIRE_KINDS), said=_said("wreck_level", item=item)) from None
    return fires


@register
class Illumination(Calculator):
    """Which locations the Blazes and Flames light, which stay blind (and why), which are out of radius."""

    slug, game = "asl.illumination", "asl"
    rules = (R_FIRE, R_BLIND)
    result_names = ("radii", "lit", "blind", "hexes", "kindling")
    step_names = ("model", "radius", "flame", "lit", "blind", "none", "kindling_no", "kindling_ssr")

    board = param.String(default="teaching", doc="A bundled board (teaching) or a board file.")
    fires = param.String(default="2W7@2 blaze", doc="""
        Fires separated by commas: HEX[@LEVEL] [blaze|flame|wreck] (a burning wreck counts as one level).""")
    kindling_ssr = param.Boolean(default=False, doc="A scenario rule allows Kindling at night.")

    @classmethod
    def choices(cls, name: str) -> list[str] | None:
        return board_choices(name)

    def compute(self) -> Result:
        board = _board(self.board)
        fires = parse_fires(board, self.fires)
        try:
            il = illuminate(board, fires)
        except ValueError as exc:
            raise CalculatorInputError("fires", str(exc), None, said=_said("no_fire_level")) from None
        steps = [self.step("model")]
        for h, radius in il.radii.items():
            steps.append(self.step("radius", rule=R_FIRE, hex=board.hex_id(h), levels=radius // 2, radius=radius))
        for f in fires:
            if f.kind == "flame":
                steps.append(self.step("flame", rule=R_FIRE, loc=f"{board.hex_id(f.hex)}@{f.level}"))
        lit = sorted(f"{board.hex_id(loc[0])}@{loc[1]}" for loc, li in il.locations.items() if li.state == "lit")
        blind = {}
        for loc, li in sorted(il.locations.items()):
            if li.state == "blind":
                src, blk = li.blinded_by[0]
                name = f"{board.hex_id(loc[0])}@{loc[1]}"
                blind[name] = " | ".join(blk.where)
                steps.append(self.step("blind", rule=R_BLIND, loc=name, src=f"{board.hex_id(src[0])}@{src[1]}",
                                       hexes=blind[name], what=Terms(blk.what), top=_h(blk.top), line=_h(blk.line)))
        steps.append(self.step("lit" if lit else "none", rule=R_FIRE, n=len(lit)))
        steps.append(self.step("kindling_ssr" if self.kindling_ssr else "kindling_no", rule=R_FIRE))
        hexes = {board.hex_id(h): il.hex_state(board, h) for h in board.hexes}
        return Result({"radii": {board.hex_id(h): r for h, r in il.radii.items()}, "lit": lit, "blind": blind,
                       "hexes": {k: s for k, s in hexes.items() if s != "dark"},
                       "kindling": bool(self.kindling_ssr)}, steps)
