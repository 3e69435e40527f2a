"""The /use map's legend and unit labels: every legend entry draws the colour it names, and the
labels of units in the same or nearby hexes never cover each other (USE 1.3 counters)."""
import itertools

import pytest

pytest.importorskip("panel")

from viewer.rules.use import grid  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.state.use.board import UseState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.use.board import COLORS, LABEL_PT, LAYERS, UseMap  # noqa: E402

#: A line of 8 pt text is about 11 screen pixels high (1 pt = 4/3 px).
TEXT_HEIGHT_PX = LABEL_PT * 4 / 3


def _map(tmp_path, board):
    return UseMap(state=SessionState(), game_state=UseState(store=UserStore(tmp_path), board_name=board))


def test_every_use_legend_entry_draws_its_colour(tmp_path):
    view = _map(tmp_path, "use")
    items = {layer.name: layer.legend_item for layer in view.mapview.overlays.layers.values()
             if layer.name in LAYERS}
    assert set(items) == set(LAYERS)
    for name, item in items.items():
        assert item is not None and item.renderers, name
        rend = item.renderers[0]
        glyph, data = rend.glyph, rend.data_source.data
        rows = len(next(iter(data.values()), []))
        assert rows >= 1, f"{name}: the legend swatch has no row to draw"
        # Bokeh's legend draws a swatch from the renderer's first row: an empty source draws none
        fill = glyph.fill_color
        field = fill.field if hasattr(fill, "field") else fill if fill in data else None
        colour = data[field][0] if field else fill
        assert colour == COLORS[name], f"{name}: swatch {colour!r}"


def test_near_units_labels_do_not_overlap(tmp_path):
    view = _map(tmp_path, "fixture:france-1940")
    game_state = view.game_state
    d = view._unit_labels.data
    placed = [u for u in game_state.units if u.hex in game_state.board.hexes]
    assert len(placed) == len(d["text"]) >= 2
    near = 0
    for (i, a), (j, b) in itertools.combinations(enumerate(placed), 2):
        if grid.distance(a.hex, b.hex, game_state.board.numbering) > 1:
            continue
        near += 1
        # the same data height and screen offsets a text height apart: apart at every zoom
        assert d["label_y"][i] == d["label_y"][j], (a.id, b.id)
        assert abs(d["dy"][i] - d["dy"][j]) > TEXT_HEIGHT_PX, (a.id, b.id)
    assert near >= 2


def test_a_stack_holds_the_units_next_to_its_top_one_and_no_label_strays_from_its_counter():
    from viewer.rules.use.grid import DEFAULT_NUMBERING, distance
    from viewer.views.use.board import LABEL_STEP, NEAR, stacked_labels

    # 2915 is the highest; 3015 and 2916 are next to it; 2917 is next to 2916 only; 3425 is far
    hexes = ["2915", "3015", "2916", "2917", "3425"]
    assert NEAR == 1 and distance("2915", "2917", DEFAULT_NUMBERING) == 2
    xs, ys = [0.0, 1.0, 0.5, 0.5, 9.0], [6.0, 5.5, 5.0, 4.0, 1.0]
    label_y, dy = stacked_labels(hexes, xs, ys, DEFAULT_NUMBERING)
    # one stack under 2915's marker, left to right
    assert label_y[:3] == [6.0, 6.0, 6.0] and [dy[0], dy[2], dy[1]] == [-10, -10 - LABEL_STEP, -10 - 2 * LABEL_STEP]
    # 2917 is two hexes from the stack's top: it hangs from its own marker, as does the far unit
    assert (label_y[3], dy[3]) == (4.0, -10) and (label_y[4], dy[4]) == (1.0, -10)
    assert stacked_labels([], [], [], DEFAULT_NUMBERING) == ([], [])


def test_every_fixture_label_hangs_within_a_hex_of_its_counter(tmp_path):
    """A label hangs from its own marker or from a neighbour's, never from a unit further off."""
    view = _map(tmp_path, "fixture:france-1940")
    d, units = view._unit_labels.data, view._units.data
    rows = sorted(set(units["y"]))
    row_height = min(b - a for a, b in zip(rows, rows[1:])) if len(rows) > 1 else 0.0
    assert len(d["text"]) == len(units["y"]) >= 4
    for text, y, hang in zip(d["text"], units["y"], d["label_y"]):
        assert 0.0 <= hang - y <= row_height * 1.01, text
