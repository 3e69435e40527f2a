"""Browser test of /starcraft: drag a model into 3" of a mission marker and see control change
(SC 8.9.1)."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT, screen_xy  # noqa: E402

pytestmark = pytest.mark.ui

_SCREEN_XY = screen_xy("sctable")


def test_drag_a_model_onto_a_marker_takes_control(server, watched):
    base, _ = server
    page = watched.page
    page.goto(base + "/starcraft")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('sctable'))",
                           timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    marker1 = page.get_by_text("Marker 1 (red)", exact=False).first
    assert "nobody contests" in marker1.inner_text()
    # demo table: model a-squad-1 at (4, 4); marker 1 at (6, 18)
    sx, sy = page.evaluate(_SCREEN_XY, [4, 4])
    tx, ty = page.evaluate(_SCREEN_XY, [6, 16])
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=8)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()
    page.get_by_text("only one side contests", exact=False).first.wait_for(timeout=WAIT)
    assert "Marker 1 (red): A — supply A 2, B 0" in marker1.inner_text()
    assert watched.errors == [] and watched.external == []


def test_a_bad_profile_file_lists_every_fault_and_its_corrected_copy_replaces_it(server, watched, tmp_path):
    """The format and template are on the page; a file with two faults names both and the file; the
    same file corrected, chosen again under the same name, loads and replaces what was there."""
    from viewer.rules.starcraft.profiles import template

    base, _ = server
    page = watched.page
    page.goto(base + "/starcraft")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('sctable'))",
                           timeout=WAIT)
    page.get_by_text("phase: assault means a ranged weapon", exact=False).first.wait_for(timeout=WAIT)
    assert page.locator(".sc-profile-template").count() == 1
    army = tmp_path / "army.yaml"
    army.write_text(template("en").replace("tag: flying", "tag: hover").replace("armor: 4", "armor: four"))
    box = page.locator(".sc-profiles input[type=file]")
    box.set_input_files(str(army))
    page.get_by_text("army.yaml: 2 faults", exact=False).first.wait_for(timeout=WAIT)
    assert page.get_by_text("tag 'hover' is not allowed", exact=False).count() >= 1
    army.write_text(template("en").replace("Example Trooper", "Fixed Trooper"))
    box.set_input_files(str(army))
    page.get_by_text("Loaded from army.yaml: 2 profiles (Fixed Trooper, Example Flyer)", exact=False).first.wait_for(
        timeout=WAIT)
    assert watched.errors == [] and watched.external == []
