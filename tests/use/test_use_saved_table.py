"""A table saved in the page's table editor counts at once in the calculators open on the same page
(USE 5.0's Combat Results Table here), without waiting for the next input change."""
from viewer.calculators import REGISTRY
from viewer.rules.use import tables
from viewer.state import SessionState
from viewer.userdata import ENV_VAR, UserStore
from viewer.views.common.calculator_card import CalculatorCard
from viewer.views.common.tables import TableEditors

CRT = """chart: use.crt
codes:
  result:
    DR: defender retreats
    NE: no effect
cells:
"""


def _crt_text(attacker_drm: int) -> str:
    rows = [f"  - {{attacker: {a}, defender: {d}, result: {'DR' if a > d else 'NE'}, source: test}}"
            for a in range(1 + attacker_drm, 7 + attacker_drm) for d in range(1, 7)]
    return CRT + "\n".join(rows) + "\n"


def test_a_saved_crt_reaches_the_open_combat_card_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    card = CalculatorCard(calculator=REGISTRY["use.combat"](attacker_drm=2), state=state, store=store)
    assert len(card.result.missing) == 36 and card.result.distribution is not None
    editor = TableEditors(state=state, store=store, tables=tables).editor("use.crt")
    editor.text.value = _crt_text(2)
    assert editor.save_as(""), editor.error.object
    assert tables.chart("use.crt").get((3, 1), "result") == "DR"
    # no input touched: the card computed again when the table was saved
    assert not card.result.missing and "DR" in card.result.value["outcomes"]
    assert "DR" in card.result_box.object
    # an input error on the card stays shown across a save; the last good result stays underneath
    card.widgets["attacker_drm"].value = 99
    assert card.error is not None and card.error.parameter == "attacker_drm"
    editor.text.value = _crt_text(2).replace("result: NE", "result: DR")
    assert editor.save_as("")
    assert card.error is not None and card.error_box.visible


def test_a_saved_table_is_named_by_its_id_not_by_an_empty_name(tmp_path, monkeypatch):
    """A table has one saved copy, under its chart id: the message names it (never "Saved as ''.")."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    editor = TableEditors(state=state, store=store, tables=tables).editor("use.crt")
    editor.text.value = _crt_text(1)
    assert editor.save_as(""), editor.error.object
    assert "Saved as 'use.crt'." in editor.status.object and "''" not in editor.status.object
    state.lang = "es"
    editor.text.value = _crt_text(2)
    assert editor.save_as("")
    assert "Guardada como 'use.crt'." in editor.status.object
