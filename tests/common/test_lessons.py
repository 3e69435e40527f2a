"""Every shipped lesson is a test (docs/lessons.md): the validator finds nothing, and stepping
through each lesson, the engine's answer at every step is the one the lesson states."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import viewer.lessons as lessons
from viewer.games import GAME_IDS
from viewer.lessons import LessonError, LessonPlayer
from viewer.lessons.answers import same

ROOT = Path(__file__).resolve().parents[2]
NAMES = lessons.names()


def test_every_game_ships_lessons():
    assert {n.split("/")[0] for n in NAMES} == set(GAME_IDS)
    assert all(len(lessons.names(g)) >= 2 for g in GAME_IDS)


@pytest.mark.parametrize("name", NAMES)
def test_the_lesson_validates(name):
    problems = lessons.check(lessons.load(name))
    assert problems == [], "\n".join(map(str, problems))


@pytest.mark.parametrize("name", NAMES)
def test_every_step_answers_as_the_lesson_says(name):
    lesson = lessons.load(name)
    player = LessonPlayer(lesson)
    answered = 0
    for i, step in enumerate(lesson.steps):
        view = player.goto(i).view(lang="en")
        if step.answer is None:
            continue
        answered += 1
        for key, expected in step.answer.expect.items():
            got = view.computed.field(str(key))
            assert same(expected, got), f"{name} step {i}: {key} = {got!r}, the lesson says {expected!r}"
        assert view.agrees
        assert set(view.computed.missing) <= {n.key for n in (*step.needs, *lesson.needs)}
    assert answered >= 1


@pytest.mark.parametrize("name", NAMES)
def test_every_text_is_in_both_languages_and_differs(name):
    lesson = lessons.load(name)
    for text in (lesson.title, lesson.summary, *(t for s in lesson.steps for t in (s.title, s.question, s.explain))):
        assert text("en") and text("es") and text("en") != text("es")


def test_the_player_steps_forward_and_back_and_stops_at_the_ends():
    player = LessonPlayer(lessons.load("use/panzer-ezoc"))
    assert player.at_start and player.back().index == 0
    assert player.forward().index == 1
    while not player.at_end:
        player.forward()
    assert player.forward().index == player.count - 1
    with pytest.raises(LessonError) as err:
        player.goto(player.count)
    assert err.value.parameter == "step" and err.value.allowed == [0, player.count - 1]


def test_each_step_shows_its_own_state():
    """Moves change where the pieces stand from their step on; earlier steps keep the old state."""
    player = LessonPlayer(lessons.load("use/panzer-ezoc"))
    assert player.state(0)["units"]["2pz"]["at"] == "2915"
    assert player.state(3)["units"]["10th"]["at"] == "2813" and player.state(3)["units"]["2pz"]["at"] == "2914"
    assert player.state(2)["units"]["10th"]["at"] == "2914"
    player.state(3)["units"]["2pz"]["at"] = "9999"          # a copy: the lesson is not changed
    assert player.state(3)["units"]["2pz"]["at"] == "2914"


def test_removed_pieces_and_fires_change_by_step():
    casualties = LessonPlayer(lessons.load("starcraft/engaged-casualties"))
    assert set(casualties.state(0)["models"]) == {"A", "B", "C", "D"}
    assert set(casualties.state(2)["models"]) == {"A", "B"}
    fires = LessonPlayer(lessons.load("asl/fire-illumination"))
    assert [f["at"] for f in fires.state(0)["fires"].values()] == ["2P7 wreck"]
    assert sorted(f["at"] for f in fires.state(3)["fires"].values()) == ["2W7@0", "2W7@2"]


def test_weather_changes_reach_the_engine():
    """The Kiev lesson's Snow step is answered in Snow (budget 3), the next one in Fine again."""
    player = LessonPlayer(lessons.load("wif/supply-kiev"))
    assert player.state(1)["weather"]["north-temperate"] == "snow"
    assert player.view(1).computed.value["budget"] == 3
    assert player.view(2).computed.value["in_supply"] is True


def test_a_view_holds_what_a_page_shows_in_both_languages():
    player = LessonPlayer(lessons.load("churchill/conference"))
    en, es = player.view(0, "en"), player.view(0, "es")
    assert en.rules == ["Churchill 4.21", "Churchill 5.14"] and en.highlight["track_boxes"] == ["US 3"]
    assert en.explanation != es.explanation and en.computed.value["placement"] == "US 3"
    assert es.computed.steps and es.computed.steps[0]["text"] != en.computed.steps[0]["text"]
    data = en.to_json()
    assert json.loads(json.dumps(data))["state"]["issues"]["global"]["at"] == "US 3"
    assert data["agrees"] is True and data["count"] == player.count


def test_rolls_feed_the_answer_inputs():
    player = LessonPlayer(lessons.load("asl/night-changes"))
    rally = [i for i, s in enumerate(player.lesson.steps) if s.answer and s.answer.slug == "asl.rally"]
    assert [player.view(i).computed.inputs["dr"] for i in rally] == [5, 8, 0]   # the last has no roll: the default
    assert [player.view(i).computed.value["outcome"] for i in rally] == ["rallied", "dm-removed", "not-attempted"]


def test_lessons_listed_by_rule():
    listed = lessons.by_rule("use")
    assert [x.id for x in listed["USE 4.2.3.1"]][:1] == ["use/costs-and-stacking"]
    assert "use/panzer-ezoc" in [x.id for x in listed["USE 4.2.3.1"]]
    keys = list(listed)
    assert keys.index("USE 1.4") < keys.index("USE 4.2.1") < keys.index("USE 4.2.4.4")


def test_unknown_lesson_names_the_lessons():
    with pytest.raises(LessonError) as err:
        lessons.load("use/panzer-ezok")
    assert "did you mean 'use/panzer-ezoc'" in err.value.message and "use/panzer-ezoc" in err.value.allowed
    with pytest.raises(LessonError) as err:
        lessons.names("chess")
    assert err.value.parameter == "game"


# -- the command line ----------------------------------------------------------------------------
def _cli(*args):
    out = subprocess.run([sys.executable, "-m", "viewer", "lessons", *args], capture_output=True, text=True,
                         cwd=ROOT, check=False)
    return out.returncode, json.loads(out.stdout)


def test_cli_lists_a_games_lessons():
    code, data = _cli("list", "--game", "churchill", "--lang", "es")
    assert code == 0
    assert [x["id"] for x in data["lessons"]] == lessons.names("churchill")
    assert data["lessons"][0]["title"] == lessons.load(lessons.names("churchill")[0]).title("es")


def test_cli_checks_every_shipped_lesson():
    code, data = _cli("check")
    assert code == 0 and data["checked"] == len(NAMES) and data["with_problems"] == 0


def test_cli_check_of_a_bad_file_exits_2_naming_the_fault(tmp_path):
    bad = tmp_path / "use" / "bad.yaml"
    bad.parent.mkdir()
    text = (ROOT / "viewer" / "lessons" / "use" / "panzer-ezoc.yaml").read_text()
    bad.write_text(text.replace("expect: {legal: false, reason: same-unit, refused_at: 0}",
                                "expect: {legal: true, reason: same-unit, refused_at: 0}"))
    code, data = _cli("check", str(bad))
    assert code == 2
    [problem] = data["lessons"][str(bad)]["problems"]
    assert problem["where"].endswith("steps[0].answer.expect.legal")
    assert "the lesson says True but use.activation computes False" in problem["message"]


# -- docs/lessons.md maps every example ----------------------------------------------------------
DOC = ROOT / "docs" / "lessons.md"


def test_every_lessons_examples_are_in_the_docs_table():
    text = DOC.read_text()
    for lesson in lessons.all_lessons():
        for ex in lesson.examples:
            rows = [line for line in text.splitlines() if line.startswith("|") and f"`{lesson.id}`" in line]
            assert any(ex in row for row in rows), f"{ex} of {lesson.id} is not in the table of docs/lessons.md"


SHARED = ROOT.parent / "shared" / "rules"
_DIGESTS = {"wif": ("wif-A-general.md", "wif-B-phases-weather.md", "wif-C-naval-air-land.md"),
            "use": ("use-rules.md",), "asl": ("asl-night.md",), "churchill": ("churchill.md",),
            "starcraft": ("starcraft-tmg.md",)}


@pytest.mark.skipif(not SHARED.is_dir(), reason="the rule digests (../shared/rules) are not here")
@pytest.mark.parametrize("game, pattern", [
    ("asl", r"Ex\. (V|VI|VII)-\d"),
    ("use", r"^\| (T\d\d) \|"),
    ("churchill", r"^\| (T\d+) \|"),
    ("starcraft", r"^\| (E\d) \|"),
    ("wif", r"\*\*Ex\. (2\.[\d.-]*\d)"),
    ("wif", r"^\| (EX-[\d.]+-[a-z]) \|"),
])
def test_every_digest_example_has_a_row_in_the_docs(game, pattern):
    text = DOC.read_text()
    found = set()
    for name in _DIGESTS[game]:
        for m in re.finditer(pattern, (SHARED / name).read_text(), re.M):
            found.add(m.group(0).strip("|* ").replace("**", ""))
    assert found
    rows = "\n".join(line for line in text.splitlines() if line.startswith("|"))
    ids = {re.sub(r"^(Ex\. )?", "", f.split(" ")[-1] if f.startswith("Ex.") else f).rstrip(":") for f in found}
    missing = [i for i in sorted(ids) if not re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w.-])", rows)]
    assert missing == [], f"examples with no row in docs/lessons.md: {missing}"
