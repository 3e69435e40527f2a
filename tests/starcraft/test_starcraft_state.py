"""The StarCraft session state and its views without a browser: moving a model updates control,
engagement and the tracker; the side panel feeds the calculators from the table (SC 8.7.3,
8.7.7, 8.9.1)."""
from __future__ import annotations

import pytest

from viewer.rules.starcraft.rounds import TrackerError
from viewer.state import SessionState
from viewer.state.starcraft.table import StarcraftState


def test_move_updates_control_and_settling_keeps_it():
    sc = StarcraftState()
    assert sc.control()[0]["row"] == "nobody"
    sc.move("a-squad-1", 6, 16)
    row = sc.control()[0]
    assert (row["controller"], row["row"], row["supply_a"]) == ("A", "alone", 2)
    sc.settle_markers()
    sc.move("a-squad-1", 4, 4)            # the squad leaves: control persists (SC 8.9.1)
    assert sc.control()[0]["controller"] == "A" and sc.control()[0]["row"] == "nobody"


def test_zones_follow_the_selected_model():
    sc = StarcraftState()
    assert sc.zones() == {"engagement": [], "move": [], "range": []}
    sc.selected = "a-squad-1"
    z = sc.zones()
    assert len(z["engagement"]) == 1 and len(z["move"]) >= 1 and len(z["range"]) == 1
    sc.selected = "a-flyer-1"
    assert sc.zones()["engagement"] == []   # flying models are never engaged


def test_engagement_reaches_the_tracker():
    sc = StarcraftState()
    assert not sc.tracker.units["b-brute"].engaged
    sc.move("b-brute-1", 8.4, 4)
    assert sc.engaged_pairs() == [("a-squad", "b-brute")]
    assert sc.tracker.units["b-brute"].engaged and sc.tracker.legal_actions("a-squad") == ("disengage", "hold")
    with pytest.raises(TrackerError):
        sc.track("activate", "a-squad", "move")


def test_panel_feeds_attack_and_charge_cards():
    pytest.importorskip("panel")
    from viewer.views.starcraft.panel import StarcraftPanel

    sc = StarcraftState()
    panel = StarcraftPanel(state=SessionState(), game_state=sc)
    sc.move("b-pack-1", 14, 4)
    sc.selected = "a-squad-1"
    sc.target = "b-pack"
    ctx = panel.calculators.context
    assert ctx["starcraft.ranged-attack"]["target_models"] == 6
    assert ctx["starcraft.ranged-attack"]["models"] >= 1 and ctx["starcraft.ranged-attack"]["visible"] >= 1
    assert ctx["starcraft.charge"]["speed"] == 5 and ctx["starcraft.charge"]["distance"] > 0


def test_round_view_drives_the_tracker():
    pytest.importorskip("panel")
    from viewer.views.starcraft.rounds import RoundTrackerView

    sc = StarcraftState()
    view = RoundTrackerView(state=SessionState(), game_state=sc)
    view.start.clicks += 1
    view.unit.value = "a-squad"
    assert view.action.options == {"Move": "move", "Hold": "hold"}   # the actions by their names
    view.state.lang = "es"
    assert view.action.options == {"Mover": "move", "Esperar": "hold"}
    view.action.value = "move"
    view.activate.clicks += 1
    assert sc.tracker.active == "B" and "a-squad" in sc.tracker.acted
    view.unit.value = "a-squad"
    view.activate.clicks += 1                 # already acted: the view shows the tracker's refusal
    assert view.error.visible


def test_user_profiles_fill_the_attack_card():
    """Profiles come from the user's file (fictional ones here); a bad file is reported, not raised."""
    pytest.importorskip("panel")
    from test_starcraft_geometry import FICTIONAL

    from viewer.views.starcraft.panel import StarcraftPanel

    panel = StarcraftPanel(state=SessionState(), game_state=StarcraftState())
    panel.upload.widget.value = b"units: [{name: x}]"
    assert panel.problem.visible and "tag" in panel.problem.object
    panel.upload.widget.value = FICTIONAL.encode()
    assert not panel.problem.visible
    panel.attacker_profile.value = "Test Glorp Trooper (fictional)"
    panel.weapon.value = "Zap stick"
    panel.target_profile.value = "Test Sky Blimp (fictional)"
    ctx = panel.calculators.context["starcraft.ranged-attack"]
    assert (ctx["roa"], ctx["hit"], ctx["surge_die"], ctx["surge_matches"], ctx["armor"], ctx["hit_points"]) == \
        (2, 4, "d3", False, 3, 6)
    panel.target_profile.value = "Test Glorp Trooper (fictional)"
    assert panel.calculators.context["starcraft.ranged-attack"]["surge_matches"] is True
