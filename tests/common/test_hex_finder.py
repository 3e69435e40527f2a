"""Hex numbers drawn when zoomed in, and "go to hex" by number or place name (viewer/views/map/hex_finder.py)."""
import pytest

from viewer.state import SessionState
from viewer.views.map.mapview import MapView


@pytest.fixture(scope="module")
def view(europe):
    return MapView(hexmap=europe, state=SessionState())


def test_no_numbers_at_full_view_and_the_hexes_in_view_when_zoomed(view, europe):
    numbers = view.numbers
    assert len(numbers.source.data["x"]) == 0          # the first document carries none
    x0, x1, y0, y1 = view.bounds()
    assert numbers.show(x0, x1, y0, y1) == 0            # thousands in view: none drawn
    x, y = view.overlays.centre(europe.find("3821"))
    w = (x1 - x0) / 40
    shown = numbers.show(x - w, x + w, y - w, y + w)
    assert 0 < shown <= numbers.limit
    assert "3821" in list(numbers.source.data["text"])
    assert all(x - w <= v <= x + w for v in numbers.source.data["x"])


def test_go_to_a_number_or_a_place_in_either_language(view, europe):
    go = view.go_to
    assert go.go_to("3821") == europe.find("3821") and view.state.selected == europe.find("3821")
    warsaw = go.go_to("Warsaw")
    assert warsaw is not None and go.go_to("varsovia") == warsaw   # Spanish name, any case
    box = go.box.box
    x, y = view.overlays.centre(warsaw)
    assert box.left < x < box.right and box.bottom < y < box.top
    assert len(view.numbers.source.data["x"]) > 0       # numbers around the hex gone to


def test_an_unknown_name_says_what_the_box_takes_in_the_page_language(view):
    go = view.go_to
    selected = view.state.selected
    go.query = "Atlantis <b>"
    assert go.message.visible and "Atlantis" in go.message.object and "\\<b>" in go.message.object
    assert view.state.selected == selected              # nothing else changed
    view.state.lang = "es"
    assert "Ningún hexágono" in go.message.object and go._examples("es")[1] in go.input.placeholder
    go.query = "Varsovia"
    assert not go.message.visible
    view.state.lang = "en"
