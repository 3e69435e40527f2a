"""The games, declared once (docs/architecture.md "The game manifest").

Every list of games reads :data:`GAMES` here: the rule references (citation prefix), the board
vocabularies, the landing page (picture, app link), the rules reference app, the CLI, and the
apps' calculator sections. A game's id is the same everywhere: its rules package
``viewer/rules/<id>/``, its calculator slug prefix ``<id>.``, its app ``apps/<id>.py`` and URL
``/<id>``. This module imports nothing of the project, so every layer may read it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Game:
    """One rule system: how it is cited, drawn on the landing page and which calculators it shows."""

    id: str
    #: How its rules are cited: ``"WiF 2.4.2"``.
    prefix: str
    #: The landing page's picture: ``"hexes"`` (seven hexes of ``terrain``), ``"tracks"``, ``"table"``.
    picture: str
    #: Terrain of the seven hexes of a ``"hexes"`` picture (centre first).
    terrain: tuple[str, ...] = ()
    #: Whether the picture is darkened (a night game).
    night: bool = False
    #: The calculator slugs of each section of the app, in the order shown (section label key -> slugs).
    sections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Kinds of saved work (viewer/userdata.py ``KINDS``) whose names the user picks, without the
    #: game's id in front: the game's reset clears them and its share offers them.
    named_saves: tuple[str, ...] = ()
    #: Where a newcomer starts on the app (the landing page's "start here"): the address after
    #: ``/<id>?``, a lesson (``lesson=<name>``) or a worked example (``board=...``).
    start: str = ""

    def calculators(self) -> tuple[str, ...]:
        """Every calculator slug the app shows, section by section."""
        return tuple(s for slugs in self.sections.values() for s in slugs)


_DECLARED = (
    Game("wif", "WiF", "hexes", ("sea", "clear", "forest", "mountain", "clear", "desert", "sea"), sections={
        "weather": ("wif.weather-roll", "wif.weather-effects", "wif.odds-shift"),
        "combat": ("wif.naval-search", "wif.surprise", "wif.naval-result", "wif.aa-fire", "wif.asw",
                   "wif.ground-strike", "wif.strategic-bombing", "wif.carpet-bombing", "wif.land-odds",
                   "wif.air-to-air", "wif.us-entry", "wif.neutrality-pact", "wif.initiative",
                   "wif.soviet-resources"),
    }, named_saves=("scenarios",), start="lesson=weather-initiative-war"),
    Game("use", "USE", "hexes", ("sea", "clear", "clear", "forest", "sea", "mountain", "clear"), sections={
        "calculators": ("use.move-cost", "use.attack-cost", "use.naval-move", "use.range", "use.stacking",
                        "use.national-will", "use.combat"),
    }, start="board=fixture:france-1940"),
    Game("asl", "ASL", "hexes", ("clear", "forest", "clear", "clear", "forest", "clear", "clear"), night=True,
         sections={
             "board": ("asl.illumination", "asl.los"),
             "night": ("asl.nvr-change", "asl.nvr", "asl.cloak", "asl.hip", "asl.fortification-hip",
                       "asl.rally", "asl.recovery"),
         }, start="lesson=fire-illumination"),
    Game("churchill", "Churchill", "tracks", sections={
        "calculators": ("churchill.a-bomb", "churchill.agenda", "churchill.conference-winner",
                        "churchill.directed-offensive", "churchill.front-advance", "churchill.issue-move",
                        "churchill.pol-mil", "churchill.production", "churchill.theater-leadership",
                        "churchill.victory"),
    }, start="lesson=conference"),
    Game("starcraft", "SC", "table", sections={
        "calculators": ("starcraft.ranged-attack", "starcraft.melee", "starcraft.template", "starcraft.charge",
                        "starcraft.disengage", "starcraft.supply-reserve", "starcraft.deploy",
                        "starcraft.control", "starcraft.score"),
    }, start="lesson=assault-and-control"),
)

#: The declared games by id, in the order the pages list them.
GAMES: dict[str, Game] = {g.id: g for g in _DECLARED}
#: Every game's id.
GAME_IDS: tuple[str, ...] = tuple(GAMES)


def game(game_id: str) -> Game:
    """The declared game ``game_id``; a ValueError names the declared ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; allowed: {', '.join(GAMES)}") from None


def section(game_id: str, name: str) -> tuple[str, ...]:
    """The calculator slugs of one section of a game's app."""
    sections = game(game_id).sections
    if name not in sections:
        raise ValueError(f"game {game_id!r} has no section {name!r}; allowed: {', '.join(sections)}")
    return sections[name]
