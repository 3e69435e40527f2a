"""The round tracker's refusals on /starcraft in the page's language (SC 8.2, 8.8, 8.9.6): each
refusal the view can meet, read in Spanish, holds no English word (the check of
tests/common/test_spanish.py), names units and actions by their Spanish names, and follows a
language switch in place."""
from __future__ import annotations

import pytest

pytest.importorskip("panel")

from tests.common.test_spanish import english_left  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.state.starcraft.table import StarcraftState  # noqa: E402
from viewer.views.starcraft.rounds import RoundTrackerView  # noqa: E402


def _refusals(lang: str) -> dict[str, str]:
    """Every refusal the tracker view shows on the demo table, by what was tried, in ``lang``."""
    state = SessionState(lang=lang)
    sc = StarcraftState()
    view = RoundTrackerView(state=state, game_state=sc)
    shown: dict[str, str] = {}

    def refused(what: str, button) -> None:
        button.clicks += 1
        assert view.error.visible, f"{what}: no refusal shown"
        shown[what] = view.error.object

    view.unit.value = "a-squad"
    view.action.value = "move"
    refused("no starter", view.activate)
    refused("pass before the phase starts", view.pass_button)
    refused("next phase before both pass", view.next)
    refused("round ends in scoring", view.end)
    view.start.clicks += 1                            # A starts the phase
    view.unit.value, view.action.value = "b-brute", "move"
    refused("not your turn", view.activate)
    view.unit.value = "a-squad"
    view.action.param.update(options={"move": "move", "charge": "charge"}, value="charge")
    refused("illegal action", view.activate)
    sc.tracker.phase = 4
    refused("scoring has no activations", view.start)
    refused("scoring ends the round", view.next)
    refused("tie without a roll-off", _tie(view))
    sc.tracker.phase, sc.tracker.active = 3, "A"
    sc.tracker.units["a-squad"].engaged, sc.tracker.units["a-squad"].location = True, "table"
    refused("engaged units to fight", view.pass_button)
    return shown


def _tie(view):
    view.vp_a.value = view.vp_b.value = 3
    view.roll_off.param.update(options=["A", "B", "?"], value="?")
    return view.end


def test_every_refusal_reads_in_spanish():
    en, es = _refusals("en"), _refusals("es")
    assert set(en) == set(es)
    found = english_left({(k, "text", 0): v for k, v in en.items()}, {(k, "text", 0): v for k, v in es.items()})
    assert not found, "English in the round tracker's Spanish refusals:\n" + "\n".join(
        f"  {k!r} in {sorted(v)[:2]}" for k, v in sorted(found.items()))
    assert "Escuadra A" in es["illegal action"] and "Cargar" in es["illegal action"]
    assert "Bruto B" in es["not your turn"]


def test_a_shown_refusal_follows_a_language_switch():
    state = SessionState()
    view = RoundTrackerView(state=state, game_state=StarcraftState())
    view.unit.value, view.action.value = "a-squad", "move"
    view.activate.clicks += 1
    english = view.error.object
    state.lang = "es"
    assert view.error.visible and view.error.object != english
    assert not english_left({(0, "text", 0): english}, {(0, "text", 0): view.error.object})
    state.lang = "en"
    assert view.error.object == english


def test_every_refusal_has_a_label_in_both_languages():
    from viewer.i18n import catalogue
    from viewer.rules.starcraft.rounds import REFUSALS

    missing = [k for k in REFUSALS if f"sc.ui.rounds.refused.{k}" not in catalogue()]
    assert not missing, f"refusals without a label: {missing}"


def test_nobody_passes_before_the_phase_starts():
    """SC 8.2: the First Player marker's holder picks who acts first; until then nobody may pass
    (a pass by "nobody" once took the marker from both players)."""
    from viewer.rules.starcraft.rounds import RoundTracker, TrackedUnit, TrackerError

    tr = RoundTracker({"a1": TrackedUnit("a1", "A")}, first_player="A")
    with pytest.raises(TrackerError) as err:
        tr.pass_turn(None)
    assert err.value.key == "no_starter" and tr.first_player == "A" and tr.passed == []
