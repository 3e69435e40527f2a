"""A table saved in the page's table editor counts at once in the calculators open on the same page
(USE 5.0's Combat Results Table here), without waiting for the next input change."""
import pytest

from viewer.calculators import REGISTRY
from viewer.rules.charts import ChartError
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


def test_check_and_use_keeps_the_table_and_reaches_the_card(tmp_path, monkeypatch):
    """A table has one copy, the one the calculators read: "Check and use" keeps it, so the open
    card computes from it at once, and the page says so in words (no empty name)."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    card = CalculatorCard(calculator=REGISTRY["use.combat"](attacker_drm=2), state=state, store=store)
    assert len(card.result.missing) == 36
    editor = TableEditors(state=state, store=store, tables=tables).editor("use.crt")
    editor.text.value = _crt_text(2)
    editor.validate_button.clicks += 1
    assert not editor.error.visible, editor.error.object
    assert not card.result.missing and "DR" in card.result_box.object
    assert tables.chart("use.crt").get((3, 1), "result") == "DR"        # kept in the user's folder
    assert "''" not in editor.status.object and "calculators" in editor.status.object
    state.lang = "es"
    editor.validate_button.clicks += 1
    assert "calculadoras" in editor.status.object


def test_a_table_pasted_from_a_spreadsheet_reads_as_csv(tmp_path, monkeypatch):
    """Cells copied from a spreadsheet arrive tab-separated: they read the same as the CSV."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    editor = TableEditors(state=state, store=store, tables=tables).editor("use.crt")
    editor.text.value = _crt_text(1)
    comma = editor.parse()
    editor.format.value = "csv"
    csv_text = editor.text.value
    pasted = csv_text.replace(",", "\t")
    assert editor.parse(pasted, "csv").cells == comma.cells
    bad = pasted.replace("\tDR\t", "\tXX\t", 1)
    assert bad != pasted
    with pytest.raises(ChartError, match="XX"):                         # names the bad value
        editor.parse(bad, "csv")


def test_every_row_sheet_lists_each_row_and_reads_back(tmp_path, monkeypatch):
    """The "every row" download holds one line per row of the chart, the known cells filled, and
    reads back as the same cells."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    editor = TableEditors(state=state, store=store, tables=tables).editor("use.movement")
    assert editor.blank.visible
    sheet = editor.blank.callback().getvalue().decode("utf-8")
    schema = tables.shipped("use.movement").schema
    lines = [ln for ln in sheet.splitlines() if ln and not ln.startswith("#")]
    assert len(lines) == 1 + len(schema.row_keys())
    again = editor.parse(sheet, "csv", "sheet")
    in_use = tables.chart("use.movement")
    assert {k: c.value for k, c in again.cells.items()} == {k: c.value for k, c in in_use.cells.items()}
