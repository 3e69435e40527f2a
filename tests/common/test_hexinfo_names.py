"""River names in the reader's language on the map: the info panel of a hex and the hexside hover
read ``name_<lang>`` where the map file gives it, else ``name`` (WiF 2.1.1 hexside features)."""
import pandas as pd
import pytest

from viewer.board import HexMap, Sheet
from viewer.board.synthetic import rectangle_hexes
from viewer.state import SessionState
from viewer.views.map.hexinfo import HexInfo
from viewer.views.map.hexside_layers import _names


def _river_map(with_spanish: bool) -> HexMap:
    sheet = Sheet("main")
    hexes = rectangle_hexes(sheet, 3, 2)
    (qa, ra), (qb, rb), (qc, rc) = sheet.axial(0, 0), sheet.axial(1, 0), sheet.axial(0, 1)
    rows = [dict(sheet_a="main", q_a=qa, r_a=ra, sheet_b="main", q_b=qb, r_b=rb, feature="river", name="Rhine"),
            dict(sheet_a="main", q_a=qa, r_a=ra, sheet_b="main", q_b=qc, r_b=rc, feature="river", name="Main")]
    if with_spanish:
        rows[0]["name_es"] = "Rin"
    return HexMap("rivers", "demo", [sheet], hexes, hexsides=pd.DataFrame(rows))


@pytest.mark.parametrize("lang,rhine", [("en", "Rhine"), ("es", "Rin")])
def test_info_panel_names_the_river_in_the_readers_language(lang, rhine):
    hm = _river_map(with_spanish=True)
    state = SessionState()
    state.lang = lang
    first = next(iter(hm.hexes[["sheet", "q", "r"]].itertuples(index=False, name=None)))
    state.selected = first
    info = HexInfo(hexmap=hm, state=state)
    rivers = [k for k, _ in info.rows(lang) if ":" in k]
    assert any(k.endswith(f": {rhine}") for k in rivers)
    assert any(k.endswith(": Main") for k in rivers)   # no Spanish name given: the map's own name


def test_hover_names_fall_back_to_the_map_name():
    rows = _river_map(with_spanish=True).hexsides
    assert list(_names(rows, "es")) == ["Rin", "Main"] and list(_names(rows, "en")) == ["Rhine", "Main"]
    plain = _river_map(with_spanish=False).hexsides
    assert list(_names(plain, "es")) == ["Rhine", "Main"]


def test_places_railways_and_map_class_read_in_spanish():
    """The hex panel names a city, the railways through it (made of place names) and the map
    class in the page's language (Warsaw's hex on the Europe map)."""
    from viewer.board import load_map
    from viewer.state import SessionState
    from viewer.views.map.hexinfo import HexInfo

    europe = load_map("europe")
    f = europe.features
    warsaw = f[f["name"] == "Warsaw"].iloc[0]
    state = SessionState(lang="es", selected=(warsaw["sheet"], int(warsaw["q"]), int(warsaw["r"])))
    rows = dict(HexInfo(hexmap=europe, state=state).rows())
    assert rows["Ciudad"] == "Varsovia" and rows["Mapa"] == "mapa europeo"
    assert "Ferrocarril: Berlín–Varsovia" in rows
    assert not any("Warsaw" in k or "Warsaw" in v for k, v in rows.items())


@pytest.mark.parametrize("lang,sheet", [("en", "Europe (100 km a hex)"), ("es", "Europa (100 km por hexágono)")])
def test_info_panel_names_the_sheet_not_its_key(lang, sheet):
    from viewer.board import load_map
    from viewer.i18n import t

    hm = load_map("europe")
    state = SessionState()
    state.lang = lang
    state.selected = next(iter(hm.hexes[["sheet", "q", "r"]].itertuples(index=False, name=None)))
    rows = dict(HexInfo(hexmap=hm, state=state).rows(lang))
    assert rows[t("ui.sheet", lang)] == sheet
