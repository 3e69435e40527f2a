"""The lesson validator and reader (docs/lessons.md): each bad input gets a message naming the
file and field, the fault and what is allowed."""
from __future__ import annotations

import copy

import pytest
import yaml

from viewer.lessons import LessonError, check, check_file
from viewer.lessons.model import parse_lesson, read_lesson
from viewer.safeload import LoadError, trusted_paths

GOOD = {
    "game": "use",
    "title": {"en": "A test lesson", "es": "Una lección de prueba"},
    "board": "fixture:france-1940",
    "examples": ["Ex. T25"],
    "rules": ["USE 4.2.3.1"],
    "start": {"units": [
        {"id": "10th", "at": "2914", "faction": "western-allies", "cls": "land", "type": "infantry"},
        {"id": "2pz", "at": "2915", "faction": "axis", "cls": "land", "type": "tank"}]},
    "steps": [
        {"rule": "USE 4.2.3.1", "title": {"en": "Same zone", "es": "Misma zona"},
         "explain": {"en": "Refused.", "es": "Prohibido."},
         "highlight": {"hexes": ["2915", "3014"], "path": ["2915", "3014"], "hexsides": [["2915", "2914"]]},
         "change": {"move": {"piece": "2pz", "to": "3015"}},
         "answer": {"engine": "use.activation", "reads": "start",
                    "inputs": {"unit": "2pz", "actions": [{"move": "3014"}]},
                    "expect": {"legal": False, "reason": "same-unit"}}},
        {"rule": "USE 4.2.1", "title": {"en": "Cost", "es": "Coste"},
         "explain": {"en": "Three.", "es": "Tres."},
         "answer": {"calculator": "use.attack-cost", "inputs": {"river": True, "mp_left": 2},
                    "expect": {"cost": 3, "legal": False}}},
    ],
}


def lesson(**changes):
    data = copy.deepcopy(GOOD)
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        if value is DELETE:
            del node[int(last) if last.isdigit() else last]
        else:
            node[int(last) if last.isdigit() else last] = value
    return parse_lesson(data, "use/test")


DELETE = object()


def only(problems):
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def test_the_good_lesson_passes():
    assert check(lesson()) == []


def test_unknown_hex_for_the_board():
    p = only(check(lesson(steps__0__highlight__hexes=["2915", "9999"])))
    assert p.where == "use/test.yaml: steps[0].highlight.hexes[1]"
    assert "no hex '9999' on board 'fixture:france-1940'" in p.message and "2915" in p.allowed


def test_unknown_hex_in_the_starting_state_and_a_move():
    p = only(check(lesson(start__units__0__at="0101")))
    assert p.where.endswith("start.units[0].at") and "0101" in p.message
    p = only(check(lesson(steps__0__change={"move": {"piece": "2pz", "to": "7777"}})))
    assert p.where.endswith("steps[0].change.move.to")


def test_a_hexside_of_hexes_that_do_not_touch():
    p = only(check(lesson(steps__0__highlight__hexsides=[["2915", "2917"]])))
    assert p.where.endswith("hexsides[0]") and "not adjacent" in p.message


def test_a_path_that_jumps():
    p = only(check(lesson(steps__0__highlight__path=["2915", "3017"])))
    assert p.where.endswith("highlight.path[1]") and "not adjacent to the path's previous hex 2915" in p.message


def test_unknown_board():
    p = only(check(lesson(board="fixture:mars")))
    assert p.where == "use/test.yaml: board" and "unknown board 'fixture:mars'" in p.message
    assert "fixture:france-1940" in p.allowed


def test_rule_number_the_rulebook_lacks():
    p = only(check(lesson(steps__1__rule="USE 4.2.9")))
    assert p.where == "use/test.yaml: steps[1].rule"
    assert "USE 4.2.9: the rulebook's rule list has no rule '4.2.9'" in p.message and "4.2.1" in p.allowed
    p = only(check(lesson(rules=["USE 99.1"])))
    assert p.where == "use/test.yaml: rules[0]"


def test_answer_the_engine_does_not_compute():
    p = only(check(lesson(steps__1__answer__expect={"cost": 2, "legal": False})))
    assert p.where == "use/test.yaml: steps[1].answer.expect.cost"
    assert p.message == "the lesson says 2 but use.attack-cost computes 3" and p.allowed == [3]


def test_answer_field_the_result_lacks():
    p = only(check(lesson(steps__1__answer__expect={"costs": 3})))
    assert p.where.endswith("expect.costs") and "has no result field 'costs'; did you mean 'cost'?" in p.message
    assert "cost" in p.allowed


def test_unknown_calculator_and_input():
    p = only(check(lesson(steps__1__answer__calculator="use.attack-costs")))
    assert p.where == "use/test.yaml: steps[1].answer.calculator"
    assert "unknown calculator 'use.attack-costs'; did you mean 'use.attack-cost'?" in p.message
    assert "use.attack-cost" in p.allowed
    p = only(check(lesson(steps__1__answer__inputs={"rivers": True})))
    assert p.where == "use/test.yaml: steps[1].answer.inputs.rivers"
    assert "unknown parameter 'rivers'" in p.message and "river" in p.allowed


def test_bad_input_value_names_the_input():
    p = only(check(lesson(steps__1__answer__inputs={"mp_left": "lots"})))
    assert p.where.endswith("answer.inputs.mp_left") and "whole number" in p.message


def test_unknown_engine_and_engine_input():
    p = only(check(lesson(steps__0__answer__engine="use.activations")))
    assert p.where.endswith("steps[0].answer.engine") and "did you mean 'use.activation'?" in p.message
    p = only(check(lesson(steps__0__answer__inputs={"unit": "2pz", "moves": []})))
    assert p.where.endswith("answer.inputs.moves") and "unit" in p.allowed


def test_a_missing_cell_the_lesson_does_not_name():
    data = {"calculator": "use.move-cost", "inputs": {"enemy_fortress": True}, "expect": {"cost": None}}
    p = only(check(lesson(steps__1__answer=data)))
    assert p.where.endswith("steps[1].needs") and "use.movement: enemy-fortress/cost" in p.message
    named = check(lesson(steps__1__answer=data,
                         steps__1__needs=[{"chart": "use.movement", "cell": "enemy-fortress/cost"}]))
    assert named == []


def test_a_named_cell_the_engine_does_not_lack():
    p = only(check(lesson(steps__1__needs=[{"chart": "use.move-cost", "cell": "clear/cost"}])))
    assert "names cells use.attack-cost does not lack" in p.message


def test_unknown_piece_moved_or_marked():
    p = only(check(lesson(steps__0__change={"move": {"piece": "3rd", "to": "3015"}})))
    assert p.where.endswith("change.move.piece") and p.allowed == ["10th", "2pz"]


def test_a_roll_that_contradicts_the_inputs():
    p = only(check(lesson(steps__1__change={"roll": {"value": 4, "input": "mp_left"}})))
    assert p.where.endswith("steps[1].change.roll.input") and "feeds 'mp_left' = 4" in p.message


@pytest.mark.parametrize("changes, where, words", [
    ({"game": "chess"}, "use/test.yaml: game", "unknown game 'chess'"),
    ({"steps__0__title": {"en": "Only English"}}, "steps[0].title", "the key 'es' is required"),
    ({"steps__0__title": "plain"}, "steps[0].title", "expected a text in each language"),
    ({"steps__0__rule": "WiF 2.4"}, "steps[0].rule", "cites game 'wif', not the lesson's game 'use'"),
    ({"steps__0__rule": "USE four"}, "steps[0].rule", "malformed rule number"),
    ({"steps__0__colour": "red"}, "steps[0].colour", "unknown key 'colour'"),
    ({"steps__0__change": {"teleport": {}}}, "steps[0].change.teleport", "unknown change 'teleport'"),
    ({"steps__0__answer__reads": "later"}, "steps[0].answer.reads", "unknown state 'later'"),
    ({"steps__1__answer__engine": "x.y"}, "steps[1].answer", "exactly one calculator or one engine"),
    ({"steps__0__highlight__range": {"origin": "2915", "radius": -1}}, "highlight.range.radius", "0 or more"),
    ({"start__units__1__id": "10th"}, "start.units[1].id", "used twice"),
    ({"steps": []}, "steps", "at least one step"),
    ({"title": DELETE}, "use/test.yaml", "the key 'title' is required"),
])
def test_shape_faults_name_the_field(changes, where, words):
    with pytest.raises(LessonError) as err:
        lesson(**changes)
    assert err.value.parameter.endswith(where) and words in err.value.message


def test_bad_yaml_and_files(tmp_path):
    with pytest.raises(LoadError) as err:
        read_lesson("game: [use", "use/x")
    assert "not valid YAML" in err.value.message and err.value.parameter.startswith("use/x.yaml")
    with pytest.raises(LessonError) as err:
        read_lesson("x" * (65 * 1024), "use/x")
    assert "at most 64 KB" in err.value.message
    path = tmp_path / "use" / "test.yaml"
    path.parent.mkdir()
    data = copy.deepcopy(GOOD)
    data["steps"][1]["rule"] = "USE 77.7"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    with trusted_paths():
        [p] = check_file(path)
        assert p.where == f"{path}: steps[1].rule"
        [p] = check_file(tmp_path / "nope.yaml")
        assert "cannot read the file" in p.message
    [p] = check_file(path)                                   # outside the command line and tests
    assert p.where == "path" and "only by the command line and tests" in p.message


def test_each_game_board_refuses_what_it_does_not_have():
    from viewer.lessons.boards import board_for

    assert board_for("churchill").check_track_box("US 3") is None
    msg, allowed = board_for("churchill").check_track_box("US 8")
    assert "no place 'US 8'" in msg and "US chair" in allowed
    assert board_for("churchill").check_hex(None, "0101")[0].startswith("the conference table has no hexes")
    assert board_for("starcraft").check_place("models", None, [3, 4.5]) is None
    assert "[x, y]" in board_for("starcraft").check_place("models", None, [3])[0]
    assert board_for("asl").check_hex("teaching", "2W7") is None
    assert board_for("asl").check_place("fires", "teaching", "2W7@2") is None
    assert board_for("asl").check_hex("teaching", "2ZZ7") is not None
    assert board_for("wif").check_weather({"arctic": "snow"}) is None
    assert "unknown climate zone 'artic'" in board_for("wif").check_weather({"artic": "snow"})[0]
    assert board_for("wif").check_hex("europe", "4329") is None
    assert "no hex '0000' on map 'europe'" in board_for("wif").check_hex("europe", "0000")[0]


def test_a_churchill_issue_is_one_of_the_tables_markers():
    """A starting issue the table has no marker for could not be placed on the lesson's board."""
    from pathlib import Path

    from viewer.lessons import load

    assert check(load("churchill/conference")) == []
    shipped = Path(__file__).resolve().parents[2] / "viewer" / "lessons" / "churchill" / "conference.yaml"
    data = yaml.safe_load(shipped.read_text(encoding="utf-8"))
    data["start"]["issues"][1]["id"] = "uk-production"
    bad = only([p for p in check(parse_lesson(data, "churchill/bad", "test")) if p.where.endswith(".id")])
    assert bad.where == "test: start.issues[1].id" and "no issue marker 'uk-production'" in bad.message
    assert "did you mean 'production-uk'?" in bad.message and "pol-mil-1" in bad.allowed
