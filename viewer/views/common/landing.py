"""The landing page: the five games, each with a picture, a line, what its app lets you do and a
"start here" link (a lesson or a worked example, as the game declares in viewer/games.py);
unbuilt ones say what is coming."""
from __future__ import annotations

import panel as pn
import param

import html

from viewer import GAMES, games, hexgrid, lessons
from viewer.state import SessionState
from viewer.views.common.colors import TERRAIN_COLORS
from viewer.views.common.text import label

#: Games whose app is linked when no list is given: every declared game (viewer/games.py).
BUILT = games.GAME_IDS



def _hex_svg(terrain: list[str], night: bool = False) -> str:
    """A seven-hex flower drawn from the project's own geometry."""
    hexes = [(0, 0)] + hexgrid.ring((0, 0), 1)
    q, r = hexgrid.hexes_to_arrays(hexes)
    xs, ys = hexgrid.corners(q, r, size=18)
    polys = []
    for i in range(len(hexes)):
        pts = " ".join(f"{x + 60:.1f},{-y + 55:.1f}" for x, y in zip(xs[i], ys[i]))
        polys.append(f'<polygon points="{pts}" fill="{TERRAIN_COLORS[terrain[i]]}" stroke="#fff" stroke-width="1.5"/>')
    shade = ('<circle cx="60" cy="55" r="30" fill="#ffe9a8" opacity="0.55"/>'
             '<rect width="120" height="110" fill="#0b1a33" opacity="0.45"/>' if night else "")
    return f'<svg viewBox="0 0 120 110" width="120" height="110">{"".join(polys)}{shade}</svg>'


def _tracks_svg() -> str:
    bars = "".join(
        f'<rect x="10" y="{15 + 22 * i}" width="{40 + 18 * i}" height="14" rx="3" fill="{c}"/>'
        for i, c in enumerate(["#8e2c2c", "#2c4f8e", "#6b6b6b", "#b08d2c"])
    )
    return f'<svg viewBox="0 0 120 110" width="120" height="110">{bars}</svg>'


def _table_svg() -> str:
    rings = "".join(f'<circle cx="60" cy="55" r="{r}" fill="none" stroke="#555" stroke-dasharray="3 3"/>'
                    for r in (15, 30, 45))
    return (f'<svg viewBox="0 0 120 110" width="120" height="110"><rect width="120" height="110" fill="#3a4a3a"/>'
            f'{rings}<circle cx="60" cy="55" r="6" fill="#d95f02"/><circle cx="95" cy="30" r="6" fill="#4c78a8"/></svg>')


def picture(game: str) -> str:
    """The landing picture the game declares (viewer/games.py)."""
    declared = games.game(game)
    if declared.picture == "tracks":
        return _tracks_svg()
    if declared.picture == "table":
        return _table_svg()
    return _hex_svg(list(declared.terrain), night=declared.night)


def start_what(game: str, lang: str) -> str:
    """What a newcomer starts with: the start lesson's title, or the worked example's name."""
    start = games.game(game).start
    if start.startswith("lesson="):
        return label("landing.start.lesson", lang, title=lessons.load(f"{game}/{start[7:]}").title(lang))
    return label(f"landing.start.{game}", lang)


def start_link(game: str, lang: str) -> str:
    """The "start here" link of ``game``'s app ('' when the game declares no start)."""
    start = games.game(game).start
    if not start:
        return ""
    href = html.escape(f"./{game}?{start}&lang={lang}")
    return (f'<a class="start-{game} start-here" href="{href}"><b>{label("landing.start", lang)}</b></a> '
            f'{html.escape(start_what(game, lang))}')


class Landing(pn.viewable.Viewer):
    """The cards of the declared games, relabelled when the language changes."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    built = param.List(default=list(BUILT), doc="The games whose app is served (linked); the others show their status.")

    def __init__(self, **params):
        super().__init__(**params)
        state = self.state
        self.cards = {g: pn.pane.HTML("", css_classes=["game-card", f"game-{g}"], width=300, min_height=420,
                                       styles={"border": "1px solid #ddd", "border-radius": "8px"})
                       for g in GAMES}
        self._reference = pn.pane.HTML("", css_classes=["landing-reference"], sizing_mode="stretch_width")
        self.layout = pn.Column(self._reference, pn.FlexBox(*self.cards.values(), gap="16px"),
                                sizing_mode="stretch_width")
        state.param.watch(self._refresh, "lang")
        self._refresh()

    def _refresh(self, *_):
        lang = self.state.lang
        self._reference.object = (f'<p><a class="open-reference" href="./reference?lang={lang}">'
                                  f'{label("ref.open_reference", lang)}</a> · {label("ref.landing_blurb", lang)}</p>')
        for game, card in self.cards.items():
            name = label(f"game.{game}.name", lang)
            tagline = label(f"game.{game}.tagline", lang)
            if game in self.built:
                action = (f'<p class="can-do"><b>{label("landing.can_do", lang)}</b> {label(f"landing.can_do.{game}", lang)}</p>'
                          f'<p>{start_link(game, lang)}</p>'
                          f'<p><a class="open-{game}" href="./{game}?lang={lang}">{label("ui.open", lang)}</a></p>')
            else:
                action = f'<p><em>{label(f"game.{game}.status", lang)}</em></p>'
            # the padding inside the markup: on the pane it would push the text past the border
            card.object = (f'<div class="card-body" style="padding: 8px; overflow-wrap: anywhere">'
                           f'<div>{picture(game)}</div><h4>{name}</h4><p>{tagline}</p>{action}</div>')

    def __panel__(self):
        return self.layout
