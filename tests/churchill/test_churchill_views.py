"""Churchill board, mover, stepper and the saved session (no browser)."""
from __future__ import annotations

from viewer.rules.churchill.board import (
    BoardSettings,
    front_boxes,
    nearest_box,
    table_boxes,
)
from viewer.rules.churchill.stepper import conference_steps, debate_order
from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.userdata import UserStore
from viewer.views.churchill.board import ChurchillBoard
from viewer.views.churchill.moves import IssueMover
from viewer.views.churchill.settings import BoardSettingsPanel
from viewer.views.churchill.stepper import ConferenceStepper


def _views():
    state, session = SessionState(), ChurchillState()
    return state, session, ChurchillBoard(game_state=session, state=state), IssueMover(game_state=session, state=state), ConferenceStepper(game_state=session, state=state)


def test_table_has_centre_three_tracks_and_chairs():  # Churchill 3.2.1
    rows = table_boxes()
    assert len(rows) == 1 + 3 * 7 and sum(r["kind"] == "chair" for r in rows) == 3
    for r in rows:
        assert nearest_box(r["x"], r["y"]) == ((None if r["track"] == "centre" else r["track"]), r["box"])


def test_mover_moves_issue_and_explains():  # Ex. T05 on the board, Churchill 5.22
    _, session, board, mover, _ = _views()
    session.place("production-uk", "USSR", 2)
    mover.issue.value = "production-uk"
    mover.card.value, mover.bonus.value = 3, 1
    mover.button.clicks += 1
    assert session.issues["production-uk"] == ["UK", 2]
    assert "UK track, box 2" in mover.result.object and "Churchill 5.22" in mover.result.object
    i = board.issue_source.data["issue"].index("production-uk")
    assert board.issue_source.data["colour"][i] == "#2e8b3a"  # drawn on the UK track


def test_clicking_a_box_places_the_selected_issue():
    _, session, board, mover, _ = _views()
    mover.issue.value = "a-bomb"
    board.tap_box("US", 3)
    assert session.issues["a-bomb"] == ["US", 3] and "US track, box 3" in mover.result.object


def test_stepper_walks_the_conference_with_turns():  # Churchill 4.1, 4.22, 5.24
    state, session, board, _, stepper = _views()
    steps = conference_steps("US", "UK")
    first_advance = next(i for i, s in enumerate(steps) if s.key == "advance")
    assert [s.actor for s in steps[first_advance:first_advance + 3]] == ["UK", "USSR", "US"]
    assert sum(s.key == "advance" for s in steps) == 21 and debate_order("UK") == ("USSR", "US")
    session.step = first_advance
    assert "Turn: UK" in stepper.text.object and "USSR first" in stepper.text.object
    assert board.turn_ring.data["x"]  # the actor's chair is ringed
    state.lang = "es"
    assert "Turno: RU" in stepper.text.object  # the nations as the Spanish board abbreviates them


def test_settings_change_the_fronts_and_leave_the_placeholder():
    _, session, board, _, _ = _views()
    panel = BoardSettingsPanel(game_state=session, state=SessionState())
    panel.front.value = "eastern"
    panel.boxes.value = 9
    panel.apply.clicks += 1
    assert not session.settings.placeholder
    assert board.front_source.data["front"].count("eastern") == 9
    assert len(front_boxes(BoardSettings())) == 7 * 6 and BoardSettings().placeholder


def test_saved_state_survives(tmp_path):
    store = UserStore(tmp_path)
    s = ChurchillState()
    s.move("pol-mil-1", "UK", 3)
    s.param.update(step=5, scores={"UK": 21, "US": 3, "USSR": 0}, leadership={"europe": "US", "pacific": "US"})
    s.settings = s.settings.with_front_boxes("western", 8)
    s.save(store)
    t = ChurchillState()
    assert t.restore(store) is None
    assert t.issues == {"pol-mil-1": ["UK", 3]} and t.step == 5 and t.scores["UK"] == 21
    assert t.leadership["europe"] == "US" and t.settings.to_dict() == s.settings.to_dict()
    saved = tmp_path / "settings" / "churchill.yaml"
    saved.write_text("issues: [1, 2")
    problem = ChurchillState().restore(store)  # a broken file is reported and kept aside
    assert "churchill.yaml" in problem and "not valid YAML" in problem and "kept as" in problem
    backups = list(saved.parent.glob("churchill.yaml.unreadable-*"))
    assert len(backups) == 1 and backups[0].read_text() == "issues: [1, 2" and not saved.exists()
    saved.write_text("issues: {pol-mil-1: [UK, 99]}\nstep: many\n")  # YAML, but not a board
    problem = ChurchillState().restore(store)
    assert problem and "kept as" in problem and not saved.exists()


def test_stepper_counts_the_board_at_the_end_of_the_meeting():  # Churchill 5.27
    _, session, _, _, stepper = _views()
    session.place("a-bomb", "US", 7)
    session.place("global", "US", 2)
    session.place("pol-mil-1", None, 0)
    session.step = next(i for i, s in enumerate(stepper.steps()) if s.key == "end_meeting")
    assert "UK 0, US 2, USSR 0" in stepper.text.object and "ahead: US" in stepper.text.object


def test_stepping_to_a_meeting_turn_presets_the_advancing_nation():  # Churchill 5.22
    state, session, board, mover, stepper = _views()
    steps = conference_steps(session.agenda_winner, session.conference_winner)
    advances = [i for i, s in enumerate(steps) if s.key == "advance"]
    actors = {steps[i].actor for i in advances}
    assert len(actors) == 3                       # every nation takes a meeting turn
    for i in advances[:3]:
        while session.step < i:
            stepper.next.clicks += 1
        assert mover.mover.value == steps[i].actor


def test_the_mover_names_the_nations_in_the_pages_language():
    state, _, _, mover, _ = _views()
    mover.mover.value = "USSR"
    state.lang = "es"
    assert mover.mover.value == "USSR"
    assert set(mover.mover.options) == {"RU", "EE. UU.", "URSS"}
    assert {"RU", "EE. UU.", "URSS"} <= set(mover.debater.options)


def test_the_board_names_nations_in_the_pages_language():
    """Who leads each theater, the chairs and the track boxes read RU, EE. UU., URSS in Spanish."""
    state, _, board, _, _ = _views()
    assert all(t.startswith("leads: ") for t in board.lead_source.data["text"])
    state.lang = "es"
    texts = board.lead_source.data["text"]
    assert all(t.startswith("lidera: ") for t in texts) and not any(t.endswith((" UK", " US", " USSR")) for t in texts)
    names = board.table_source.data["name"]
    assert "Silla de URSS (casilla 7: capturada)" in names and not any("USSR" in n for n in names)
