"""Browser test of /starcraft: drag a model into 3" of a mission marker and see control change
(SC 8.9.1), a warning for a drag past its Speed, and the places kept across a reload."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT, screen_xy, wait_until  # noqa: E402

pytestmark = pytest.mark.ui

_SCREEN_XY = screen_xy("sctable")


def _wait_for_table(page, idle=False):
    """Wait until the table's figure is on the page (and, with ``idle``, every document settled)."""
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('sctable'))",
                           timeout=WAIT)
    if idle:
        page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)


def _open(page, base, idle=True):
    page.goto(base + "/starcraft")
    _wait_for_table(page, idle)


def _drag(page, frm, to):
    sx, sy = page.evaluate(_SCREEN_XY, frm)
    tx, ty = page.evaluate(_SCREEN_XY, to)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=8)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def test_drag_a_model_onto_a_marker_takes_control(server, watched):
    base, _ = server
    page = watched.page
    _open(page, base)
    marker1 = page.get_by_text("Marker 1 (red)", exact=False).first
    assert "nobody contests" in marker1.inner_text()
    # demo table: model a-squad-1 at (4, 4); marker 1 at (6, 18)
    _drag(page, [4, 4], [6, 16])
    page.get_by_text("only one side contests", exact=False).first.wait_for(timeout=WAIT)
    assert "Marker 1 (red): A — supply A 2, B 0" in marker1.inner_text()
    # its name beside its base went with it, in the same source
    page.wait_for_function("""() => Bokeh.documents.some(d => {
        const s = d.get_model_by_name('sc-model-names'); if (!s) return false;
        const i = s.data.name.indexOf('Squad A 1');
        return i >= 0 && Math.abs(s.data.x[i] - 6) < 1.5 && Math.abs(s.data.y[i] - 16) < 1.5; })""", timeout=WAIT)
    # about 12" in one drag, past the squad's Speed of 5" (SC 8.5.3): said, not refused
    page.get_by_text('more than its Speed of 5"', exact=False).first.wait_for(timeout=WAIT)
    # the places are kept for this visitor: a reload puts the squad back beside marker 1
    page.reload()
    _wait_for_table(page)
    page.get_by_text("Marker 1 (red): A — supply A 2, B 0", exact=False).first.wait_for(timeout=WAIT)
    assert watched.errors == [] and watched.external == []


def test_a_bad_profile_file_lists_every_fault_and_its_corrected_copy_replaces_it(server, watched, tmp_path):
    """The format and template are on the page; a file with two faults names both and the file; the
    same file corrected, chosen again under the same name, loads and replaces what was there."""
    from viewer.rules.starcraft.profiles import template

    base, _ = server
    page = watched.page
    _open(page, base, idle=False)
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


_MODEL_AT = """(id) => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('sc-models');
    if (!src) continue;
    const i = src.data.id.indexOf(id);
    return [src.data.x[i], src.data.y[i]];
  }
  return null;
}"""


def test_a_unit_unticked_out_of_coherency_on_the_page_stops_contesting(server, watched):
    """The selected model's unit's Coherency is a box beside the table (SC 4.4 is not in the
    text): untick it and the marker the squad held is no longer contested, with the reason."""
    base, _ = server
    page = watched.page
    _open(page, base)
    _drag(page, [4, 4], [6, 16])
    page.get_by_text("Marker 1 (red): A — supply A 2, B 0", exact=False).first.wait_for(timeout=WAIT)
    box = page.locator(".sc-in_coherency input")
    sx, sy = page.evaluate(_SCREEN_XY, [6, 16])
    page.mouse.click(sx, sy)
    box.first.wait_for(state="visible", timeout=WAIT)
    assert box.first.is_checked()
    box.first.uncheck()
    page.get_by_text("it is out of Coherency", exact=False).first.wait_for(timeout=WAIT)
    marker1 = page.get_by_text("Marker 1 (red)", exact=False).first
    wait_until(lambda: "nobody contests" in marker1.inner_text())
    assert watched.errors == [] and watched.external == []


def test_picking_an_attacker_and_a_target_fills_the_ranged_attack_card(server, watched):
    """A model clicked on the table is the attacker, the target select names the enemy units; the
    ranged-attack card's inputs become what the table gives (SC 8.7.3: models in range with a
    visible target, visible target models, the target's size) and follow the weapon range, and
    its result changes with them."""
    from viewer.calculators import REGISTRY
    from viewer.rules.starcraft.geometry import attack_geometry
    from viewer.rules.starcraft.table import demo_table_path, load_table

    base, _ = server
    page = watched.page
    _open(page, base)
    page.locator(".calculator-list-select select").first.select_option(label="Ranged attack")
    card = page.locator(".calc-starcraft-ranged-attack")
    card.locator(".calc-result").first.wait_for(timeout=WAIT)

    def inputs():
        return {k: card.locator(f".calc-input-{k} input").first.input_value()
                for k in ("models", "visible", "target_models")}

    def dice():
        """The result's attack dice, as the card shows them."""
        row = card.locator(".calc-result tr", has_text="Attack dice").first
        # read once: the table is written anew on each result, so a row counted a moment ago
        # may be read while the new one is drawn
        text = row.inner_text() if row.count() else ""
        return text.split()[-1] if "Attack dice" in text and len(text.split()) > 2 else None

    def dice_for(values):
        calc = REGISTRY["starcraft.ranged-attack"](**{k: int(v) for k, v in values.items()})
        return str(calc.compute().value["attack_dice"])

    wait_until(dice)
    before = inputs()
    assert dice() == dice_for(before)
    # the tower hides the pack from the squad: bring one pack model (b-pack-1, at (30, 31)) near it
    _drag(page, [30, 31], [14, 4])
    page.wait_for_function(f"() => ({_MODEL_AT})('b-pack-1')[1] < 10", timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    x, y = page.evaluate(_MODEL_AT, "b-pack-1")
    table = load_table(demo_table_path()).move_model("b-pack-1", x, y)
    sx, sy = page.evaluate(_SCREEN_XY, [5.2, 4])      # a-squad-2
    page.mouse.click(sx, sy)
    page.get_by_text("Squad A 2: ground", exact=False).first.wait_for(timeout=WAIT)
    target = page.locator(".sc-target select").first
    assert "Brute B" in target.inner_text() and "Flyer A" not in target.inner_text()
    target.select_option(label="Pack B")
    want = attack_geometry(table, "a-squad", "b-pack", 12.0)
    assert want["models"] >= 1 and want["visible"] >= 1 and want["target_models"] == 6
    expected = {k: str(want[k]) for k in ("models", "visible", "target_models")}
    assert expected != before
    wait_until(lambda: inputs() == expected)
    assert dice_for(expected) != dice_for(before)
    wait_until(lambda: dice() == dice_for(expected))
    # a shorter weapon: fewer squad models reach the pack model
    short = 8.0
    want = attack_geometry(table, "a-squad", "b-pack", short)
    assert want["models"] < int(expected["models"])
    field = page.locator(".sc-range input").first
    field.fill(str(short))
    field.press("Enter")
    wait_until(lambda: inputs()["models"] == str(want["models"]))
    wait_until(lambda: dice() == dice_for(inputs()))
    assert dice() != dice_for(expected)
    assert watched.errors == [] and watched.external == []
