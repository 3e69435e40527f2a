"""The map's hex columns as the browser receives them (docs/NOTES.md, page speed): q and r as
int16 while they fit, terrain codes as int8."""
from __future__ import annotations

import numpy as np
from bokeh.models import ColumnDataSource

from viewer.board import shared_map
from viewer.state import SessionState
from viewer.views import MapView
from viewer.views.map.overlays import coord_column


def _source(view, name):
    return next(m for m in view.figure.select({"name": name}) if isinstance(m, ColumnDataSource))


def test_the_europe_map_sends_int16_coordinates_and_int8_terrain_codes():
    hexmap = shared_map("europe")
    view = MapView(hexmap=hexmap, state=SessionState())
    base = _source(view, "base-europe")
    assert (base.data["q"].dtype, base.data["r"].dtype, base.data["t"].dtype) == (np.int16, np.int16, np.int8)
    dq, dr = view.shifts["europe"]
    assert sorted(zip(base.data["q"].tolist(), base.data["r"].tolist())) == \
        sorted(zip((hexmap.hexes["q"] + dq).tolist(), (hexmap.hexes["r"] + dr).tolist()))
    names = [view.terrains[t] for t in base.data["t"][:50]]
    assert names == hexmap.hexes["terrain"].iloc[:50].tolist()


def test_coordinates_past_int16_keep_int32_and_their_values():
    wide = coord_column([0, 40_000, -40_000])
    assert wide.dtype == np.int32 and wide.tolist() == [0, 40_000, -40_000]
    assert coord_column([3, -3]).dtype == np.int16 and coord_column([]).dtype == np.int16


def test_hex_numbers_go_as_integers_and_the_hover_box_prints_their_zeros():
    from viewer.views.map.hex_hover import label_column

    hexmap = shared_map("europe")
    view = MapView(hexmap=hexmap, state=SessionState())
    base = _source(view, "base-europe")
    assert base.data["label"].dtype == np.int16
    assert view.hex_hover.formatter.args["widths"] == [4]
    printed = [str(n).zfill(4) for n in base.data["label"][:200]]
    assert printed == hexmap.hexes["label"].iloc[:200].tolist()
    # labels that are not all digits of one width stay text
    for labels in (["A1", "B2"], ["01", "123"]):
        kept, width = label_column(labels)
        assert width == 0 and kept.tolist() == labels
