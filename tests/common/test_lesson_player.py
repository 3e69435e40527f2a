"""The lesson player of the apps (viewer/views/common/lesson_player.py, docs/lessons.md "In the
apps"): every game's lessons step forward and back, texts follow the language, the board shows the
step's highlight, permalinks open a step or say what is allowed, and a step or a language switch
creates no model."""
from __future__ import annotations

import html
import importlib
import re
from collections import Counter
from html import escape
from pathlib import Path

import panel as pn
import pytest

import viewer.lessons as lessons
from viewer.lessons.model import read_lesson
from viewer.views import AppShell
from viewer.views.common.lesson_player import LessonPlayer, LessonSection
from viewer.views.common.text import label_any

from tests.common.page_watch import Watch, build_page

GAMES = ["wif", "use", "asl", "churchill", "starcraft"]
APPS = Path(__file__).resolve().parents[2] / "viewer" / "apps"


def section(game: str, lang: str = "en") -> tuple[AppShell, LessonSection]:
    shell = AppShell(f"game.{game}.name", url_sync=False)
    shell.state.lang = lang
    module = importlib.import_module(f"viewer.views.{game}.lesson_board")
    return shell, module.lesson_section(shell)


def _first_lesson_with_steps(game: str, n: int = 2) -> str:
    return next(lesson.id for lesson in lessons.all_lessons(game) if len(lesson.steps) >= n)


@pytest.mark.parametrize("game", GAMES)
def test_stepping_forward_and_back_through_a_lesson(game):
    shell, sec = section(game)
    player = sec.player
    lesson_id = _first_lesson_with_steps(game)
    player.choose.value = lesson_id                      # choosing from the list opens it at step 1
    lesson = lessons.load(lesson_id)
    n = len(lesson.steps)
    assert player.lesson == lesson_id and player.step == 0
    assert player.back.disabled and not player.next.disabled
    assert player.counter.object == f"Step 1 of {n}"
    seen = []
    for i in range(n):
        assert html.escape(lesson.steps[i].title("en")) in player.title.object
        seen.append(player.title.object)
        player.next.clicks += 1                          # a click on Next
    assert player.step == n - 1 and player.next.disabled and not player.back.disabled
    assert player.counter.object == f"Step {n} of {n}"
    player.back.clicks += 1
    assert player.step == n - 2
    assert html.escape(lesson.steps[n - 2].title("en")) in player.title.object
    assert len(set(seen)) == n or len({s.title("en") for s in lesson.steps}) < n


@pytest.mark.parametrize("game", GAMES)
def test_texts_follow_the_language(game):
    shell, sec = section(game)
    player = sec.player
    player.go(1)
    step = player.player.lesson.steps[1]
    assert html.escape(step.title("en")) in player.title.object
    assert player.back.label == "◀ Back"
    shell.state.lang = "es"
    assert html.escape(step.title("es")) in player.title.object
    assert step.explain("es").split()[0] in player.explanation.object
    assert player.counter.object == f"Paso 2 de {player.player.count}"
    assert player.back.label == "◀ Atrás"
    groups = player.choose.groups
    assert any(lessons.load(player.lesson).title("es") in label for g in groups.values() for label in g)


def test_lessons_are_listed_by_rule_each_once():
    shell, sec = section("use")
    groups = sec.player.choose.groups
    ids = [i for g in groups.values() for i in g.values()]
    assert sorted(ids) == lessons.names("use")
    rules = list(groups)
    order = list(lessons.by_rule("use"))
    assert rules == sorted(rules, key=order.index)


def test_the_answer_shows_the_engines_values_and_rule_links():
    shell, sec = section("use")
    player = sec.player
    player.open("use/panzer-ezoc", 0)
    view = player.player.view()
    html = player.answer.object
    slug = view.computed.slug
    assert escape(label_any([f"calc.{slug}.title"], "en", slug)) in html  # the engine by its name
    for key in view.expected:
        assert f"<li>{escape(label_any([f'calc.{slug}.result.{key}'], 'en', key))}: " in html
    assert "lesson-agrees" in html and "lesson-mismatch" not in html
    assert 'href="#rule-use-' in player.title.object


def test_a_disagreeing_engine_is_marked(monkeypatch):
    """A lesson stating what the engine does not compute shows the mark, naming the field."""
    text = (Path(lessons.__file__).parent / "use" / "panzer-ezoc.yaml").read_text()
    good = "expect: {legal: false, reason: same-unit, refused_at: 0}"
    assert good in text
    bad = read_lesson(text.replace(good, "expect: {legal: true, reason: same-unit, refused_at: 0}").encode(),
                      "use/panzer-ezoc", "test")
    real = lessons.load
    monkeypatch.setattr(lessons, "load", lambda lesson_id: bad if lesson_id == "use/panzer-ezoc" else real(lesson_id))
    shell = AppShell("game.use.name", url_sync=False)
    player = LessonPlayer(state=shell.state, game="use", lesson="use/panzer-ezoc")
    assert not player.player.view().agrees
    assert "lesson-mismatch" in player.answer.object
    assert "every action allowed: the lesson says Yes, the engine No" in player.answer.object
    player.go(1)
    assert "lesson-mismatch" not in player.answer.object


#: A field or value shown as its key: lower-case words joined by "_" (``first_player``), or in
#: Spanish by "-" too (``same-unit``; English writes "off-map" as a word).
_KEY = {"en": re.compile(r"(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.])"),
        "es": re.compile(r"(?<![\w.])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w.])")}


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_names_its_fields_and_values(game):
    """Every step's answer lists its fields by their names and its values in words, in both
    languages (labels ``calc.<engine>.result.<field>``, ``calc.<engine>.value.<key>``), never by key."""
    shell, sec = section(game)
    player = sec.player
    for lang in ("en", "es"):
        shell.state.lang = lang
        for lesson in lessons.all_lessons(game):
            for i, step in enumerate(lesson.steps):
                if step.answer is None:
                    continue
                player.open(lesson.id, i)
                items = re.findall(r"<li>(.*?)</li>", player.answer.object)
                assert items, (lesson.id, i)
                for item in items:
                    name, _, value = html.unescape(item).partition(": ")
                    if lang == "es":   # an English name may be its key's word ("coastal")
                        assert name not in {str(k) for k in step.answer.expect}, (lang, lesson.id, i, name)
                    assert not _KEY[lang].findall(name + " " + value), (lang, lesson.id, i, item)


def test_needs_and_roles_are_noted():
    shell, sec = section("wif")
    player = sec.player
    with_needs = next(lesson for lesson in lessons.all_lessons("wif") if lesson.needs)
    player.open(with_needs.id, 0)
    assert "lesson-needs" in player.notes.object
    assert with_needs.needs[0].key in player.notes.object
    with_roles = next(lesson for lesson in lessons.all_lessons("wif") if lesson.roles)
    player.open(with_roles.id, 0)
    assert "lesson-roles" in player.notes.object and with_roles.roles[0].role("en") in player.notes.object
    shell.state.lang = "es"
    assert with_roles.roles[0].role("es") in player.notes.object


@pytest.mark.parametrize("game, lesson_id", [("wif", "wif/supply-kiev"), ("use", "use/panzer-ezoc")])
def test_map_boards_mark_the_steps_hexes(game, lesson_id):
    shell, sec = section(game)
    player, board = sec.player, sec.player.board
    player.open(lesson_id, 0)
    lesson = lessons.load(lesson_id)
    for i, step in enumerate(lesson.steps):
        player.go(i)
        hl = step.highlight.to_json()
        m = board.maps[player.player.board]
        lay = m.mapview.overlays.layers["lesson"]
        shifts = m.mapview.shifts
        shown = {(s, int(q) - shifts[s][0], int(r) - shifts[s][1])
                 for s, src in lay.sources.items() for q, r in zip(src.data["q"], src.data["r"])}
        for label in hl["hexes"]:
            assert m.key(label) in shown, (i, label)
        path = m.mapview.overlays.layers["lesson-path"].sources[""].data
        assert len(path["x0"]) == max(0, len(hl["path"]) - 1) + len(hl["hexsides"])
        if hl["hexes"] or hl["path"]:
            x = m.mapview.overlays.centre(m.key((hl["hexes"] or hl["path"])[0]))[0]
            assert m.mapview.figure.x_range.start <= x <= m.mapview.figure.x_range.end
        assert "lesson-marks" not in player.notes.object or "track" in player.notes.object


def test_asl_board_fills_hexes_and_rings_the_range():
    shell, sec = section("asl")
    player, board = sec.player, sec.player.board
    player.open("asl/fire-illumination", 0)
    assert len(board.figure.light.data["q"]) == 1          # 2P7
    assert len(board.figure.ring.data["q"]) > 0            # radius 2 around it
    assert len(board.figure.fire.data["x"]) == 1           # the wreck
    player.go(1)
    assert len(board.figure.light.data["q"]) == 2          # 2U6, 2V7


def test_churchill_rings_track_boxes_and_places_issues():
    shell, sec = section("churchill")
    player, board = sec.player, sec.player.board
    player.open("churchill/conference", 0)
    from viewer.rules.churchill.board import box_xy

    assert board.rings.data["x"] == [box_xy("US", 3)[0]]
    assert board.game_state.position("global").track == "US"
    player.go(2)
    assert len(board.rings.data["x"]) == 3                 # USSR 2, centre, UK 2


def test_starcraft_table_draws_the_lessons_models():
    shell, sec = section("starcraft")
    player, board = sec.player, sec.player.board
    player.open("starcraft/engaged-casualties", 0)
    data = board.models.data
    assert sorted(data["id"]) == ["A", "B", "C", "D"]
    assert data["color"][data["id"].index("D")] != data["color"][data["id"].index("A")]


def test_unmarkable_highlights_are_named_in_words():
    shell = AppShell("game.churchill.name", url_sync=False)
    player = LessonPlayer(state=shell.state, game="churchill", lesson="churchill/conference")   # no board
    assert "lesson-marks" in player.notes.object and "US 3" in player.notes.object
    shell.state.lang = "es"
    assert "Casillas" in player.notes.object


def test_permalinks_open_a_step_or_say_what_is_allowed():
    shell = AppShell("game.wif.name", url_sync=False)
    player = LessonPlayer(state=shell.state, game="wif")
    reports: list[str] = []
    player.from_url("supply-kiev", "2", reports.append)
    assert (player.lesson, player.step, reports) == ("wif/supply-kiev", 1, [])
    player.from_url("wif/zoc", "", reports.append)
    assert (player.lesson, player.step) == ("wif/zoc", 0)
    player.from_url("kiev", "1", reports.append)
    assert "Unknown lesson 'kiev'" in reports[-1] and "supply-kiev" in reports[-1] and "off-map" in reports[-1]
    n = len(lessons.load("wif/supply-syria").steps)
    player.from_url("supply-syria", "99", reports.append)
    assert f"allowed 1 to {n}" in reports[-1] and player.lesson == "wif/supply-syria" and player.step == 0
    shell.state.lang = "es"
    player.from_url("supply-syria", "x", reports.append)
    assert f"se admite de 1 a {n}" in reports[-1]


# ---------------------------------------------------------------- models made per step


@pytest.mark.parametrize("game", GAMES)
def test_steps_and_language_switches_create_no_model(game, monkeypatch, tmp_path):
    """The app page opened at a lesson permalink, as the server builds it; then every step of the
    lesson forward and back and two language switches create no model."""
    import viewer.views.common.url as url

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    lesson_id = _first_lesson_with_steps(game, 3)
    asked = {"lesson": lesson_id.split("/", 1)[1], "step": "1"}
    monkeypatch.setattr(url, "url_value", lambda name: asked.get(name, ""))
    doc, ns = build_page(game, monkeypatch)
    sections = ns["sections"]
    assert sections.switch.value == "ui.lessons"            # the permalink opened the Lessons section
    player = sections.build("ui.lessons").player
    assert player.lesson == lesson_id and player.step == 0
    assert not ns["shell"].banner.visible
    watch = Watch(doc, monkeypatch)
    n = player.player.count
    for _ in range(n):
        watch.run(lambda: setattr(player.next, "clicks", player.next.clicks + 1))
    for lang in ("es", "en"):
        watch.run(lambda lang=lang: setattr(ns["shell"].state, "lang", lang))
    for _ in range(n):
        watch.run(lambda: setattr(player.back, "clicks", player.back.clicks + 1))
    assert player.step == 0
    assert watch.created == Counter()
    assert watch.walks == 0


# ---------------------------------------------------------------- permalinks follow the step


def test_the_address_follows_the_step(monkeypatch):
    """Each step replaces ``?lesson=&step=`` in the page's address in place; a copied link opens it."""
    import panel as pn
    from panel.io.location import Location

    loc = Location(search="?lang=es")
    monkeypatch.setattr(type(pn.state), "location", property(lambda self: loc))
    shell, sec = section("use")
    player = sec.player
    player.open("use/panzer-ezoc", 0)
    assert "lesson=panzer-ezoc" in loc.search and "step=1" in loc.search and "lang=es" in loc.search
    player.next.clicks += 1
    player.next.clicks += 1
    assert "step=3" in loc.search and loc.reload is False
    assert player.permalink == "?lesson=panzer-ezoc&step=3"
    other = LessonPlayer(state=AppShell("game.use.name", url_sync=False).state, game="use")
    other.from_url("panzer-ezoc", "3", [].append)
    assert (other.lesson, other.step) == ("use/panzer-ezoc", 2)
    quiet = LessonPlayer(state=shell.state, game="use")        # a notebook's player leaves the address alone
    before = loc.search
    quiet.go(1)
    assert loc.search == before


# ---------------------------------------------------------------- try it yourself


def _answer_value(player, key):
    return player.trial_view("en").computed.field(key)


def test_try_it_yourself_on_use_moves_a_unit_and_the_rules_answer_again():
    shell, sec = section("use")
    player, board = sec.player, sec.player.board
    player.open("use/panzer-ezoc", 0)
    assert "lesson-agrees" in player.answer.object
    assert not board.controls.visible
    player.try_it.clicks += 1
    assert player.trying and board.controls.visible and player.untry.visible and not player.try_it.visible
    assert board.unit.value == "2pz" and set(board.unit.options.values()) == {"10th", "6th", "2pz"}
    board.unit.value = "10th"
    m = board.maps[player.player.board]
    m.mapview.select(m.key("2912"))                      # a tap on 2912: the 10th Army moves away
    assert "10th (2912)" in board.unit.options
    assert _answer_value(player, "legal") is True        # nothing's zone now covers both hexes
    assert "lesson-try-differs" in player.answer.object and "every action allowed: the lesson says No, the engine Yes" \
        in player.answer.object
    shown = {(s, int(q) - m.mapview.shifts[s][0], int(r) - m.mapview.shifts[s][1])
             for s, src in m.mapview.overlays.layers["lesson"].sources.items()
             for q, r in zip(src.data["q"], src.data["r"])}
    assert m.key("2912") in shown                        # the moved unit is marked
    player.untry.clicks += 1                             # back to the lesson
    assert not player.trying and not board.controls.visible
    assert "lesson-agrees" in player.answer.object and "<li>every action allowed: No</li>" in player.answer.object
    assert player.player.state()["units"]["10th"]["at"] == "2914"    # the lesson's state is untouched


def test_try_it_yourself_on_wif_moves_a_scenario_unit_and_sets_the_weather():
    shell, sec = section("wif")
    player, board = sec.player, sec.player.board
    player.open("wif/supply-kiev", 0)
    player.try_yourself()
    assert board.unit.value == "inf-kiev" and "inf-north" in board.unit.options.values()
    board.weather.value = "snow"                         # snow everywhere: the leg may count only 3
    assert _answer_value(player, "in_supply") is False and "lesson-try-differs" in player.answer.object
    board.weather.value = "fine"
    assert _answer_value(player, "in_supply") is True
    m = board.maps[player.player.board]
    m.mapview.select(m.key("4428"))                      # two hexes nearer Kiev
    view = player.trial_view("en")
    assert view.state["units"]["inf-kiev"]["at"] == "4428"
    assert view.computed.field("chain")[0]["cost"] < 4
    shell.state.lang = "es"                              # the language follows while trying
    assert "Tu tablero:" in player.try_note.object and board.unit.name == "Unidad a mover"
    player.next.clicks += 1                              # Next leaves the trial for the next step
    assert not player.trying and player.step == 1 and not board.controls.visible
    assert "lesson-agrees" in player.answer.object


def test_a_board_that_cannot_be_edited_says_so():
    from viewer.views.common.lesson_player import LessonBoard

    shell = AppShell("game.asl.name", url_sync=False)
    player = LessonPlayer(state=shell.state, game="asl", board=LessonBoard())
    assert player.try_it.disabled
    assert "cannot be edited" in player.try_note.object
    player.try_yourself()
    assert not player.trying
    shell.state.lang = "es"
    assert "no se puede editar" in player.try_note.object


@pytest.mark.parametrize("game", ["asl", "churchill", "starcraft"])
def test_an_untouched_trial_answers_as_every_step(game):
    """Trying without changing anything: the engine answers every step as the lesson states
    (the trial starts on the state the step's answer reads)."""
    shell, sec = section(game)
    player = sec.player
    assert not player.try_it.disabled
    for lesson in lessons.all_lessons(game):
        for i, step in enumerate(lesson.steps):
            player.open(lesson.id, i)
            player.try_yourself()
            assert player.trying and sec.player.board.controls.visible
            if step.answer:
                assert player.trial_view("en").agrees, (lesson.id, i)
                assert "lesson-try-same" in player.answer.object, (lesson.id, i)


def test_try_it_yourself_on_asl_lights_a_fire_and_the_blind_hex_is_lit():
    """Levels 0 and 1 of 2W7 burn and 2T5 is blind (ASL E1.941); the learner puts out level 1
    and lights level 2: level 2 sees over 2V7, so 2T5 is lit, drawn lit on the board."""
    from viewer.views.asl.board import LIGHT_FILL

    shell, sec = section("asl")
    player, board = sec.player, sec.player.board
    player.open("asl/fire-illumination", 2)
    assert "<li>Hexes lit or blind (2T5): blind</li>" in player.answer.object
    player.try_it.clicks += 1
    assert player.trying and board.controls.visible
    board.level.value = "1"
    board.tap("2W7")                                     # level 1 put out
    assert sorted(f["at"] for f in player.trial_view("en").state["fires"].values()) == ["2W7@0"]
    board.level.value = "2"
    board.tap("2W7")                                     # level 2 lit
    view = player.trial_view("en")
    assert view.computed.inputs["fires"] == "2W7@0, 2W7@2"
    assert view.computed.field("hexes.2T5") == "lit" and view.computed.field("radii") == {"2W7": 4}
    assert "lesson-try-differs" in player.answer.object and "Hexes lit or blind (2T5): the lesson says blind, the engine lit" \
        in player.answer.object
    fig = board.figure
    lit = {(q, r): fill for q, r, fill in zip(fig.light.data["q"], fig.light.data["r"], fig.light.data["fill"])}
    assert LIGHT_FILL["lit"] in lit.values()
    assert sorted(fig.fire.data["text"]) == ["0", "2"]   # both fires drawn with their levels
    shell.state.lang = "es"
    assert board.level.name == "Fuego en el nivel" and "Toca un hexágono" in player.try_note.object
    player.untry.clicks += 1                             # back to the lesson
    assert not player.trying and not board.controls.visible
    assert "<li>Hexágonos iluminados o ciegos (2T5): ciego</li>" in player.answer.object and "lesson-agrees" in player.answer.object
    assert sorted(f["at"] for f in player.player.state()["fires"].values()) == ["2W7@0", "2W7@1"]
    board.tap("2V7")                                     # a tap outside a trial changes nothing
    assert sorted(fig.fire.data["text"]) == ["0", "1"]


def test_try_it_yourself_on_asl_changes_a_value_the_step_uses():
    """A (6,4) raises the NVR only while no starshell has been fired (ASL E1.2)."""
    shell, sec = section("asl")
    player, board = sec.player, sec.player.board
    player.open("asl/night-changes", 0)
    player.try_yourself()
    values = board.values
    assert "starshell_fired" in values.name.options.values() and "nvr" in values.name.options.values()
    values.name.value = "starshell_fired"
    assert values.choice.visible and not values.text.visible and values.choice.value == "false"
    values.choice.value = "true"
    view = player.trial_view("en")
    assert view.computed.field("new_nvr") == 3 and view.computed.field("change") == 0
    assert "New NVR: the lesson says 4, the engine 3" in player.answer.object
    values.name.value = "nvr"
    assert values.text.visible and values.text.value == "3"
    values.text.value = "nine"                           # the calculator's own refusal is shown
    assert "lesson-mismatch" in player.answer.object and "cannot answer" in player.answer.object
    player.next.clicks += 1                              # Next ends the trial
    assert not player.trying and player.step == 1 and values.overrides == {}
    assert "lesson-agrees" in player.answer.object


def test_try_it_yourself_on_churchill_changes_a_card_and_the_issue_moves():
    """The agenda: Roosevelt's 4 beats the lowest value, 1, by 3, so the issue goes to US box 3
    (Churchill 4.21); with a 2 he beats it by 1 and the table shows the issue in US box 1."""
    shell, sec = section("churchill")
    player, board = sec.player, sec.player.board
    player.open("churchill/conference", 0)
    assert board.game_state.issues["global"] == ["US", 3]
    player.try_yourself()
    values = board.values
    assert {"uk_card", "us_card", "ussr_card"} <= set(values.name.options.values())
    values.name.value = "us_card"
    assert values.text.value == "4"
    values.text.value = "2"
    view = player.trial_view("en")
    assert view.computed.field("placement") == "US 1" and not view.agrees
    assert "His issue goes to: the lesson says US 3, the engine US 1" in player.answer.object
    assert board.game_state.issues["global"] == ["US", 1]
    player.go(1)                                         # another step ends the trial
    assert not player.trying and not board.controls.visible
    player.go(0)
    assert board.game_state.issues["global"] == ["US", 3] and "lesson-agrees" in player.answer.object


def test_try_it_yourself_on_churchill_changes_the_advancing_nation():
    shell, sec = section("churchill")
    player, board = sec.player, sec.player.board
    player.open("churchill/conference", 1)              # the UK moves Pol-Mil with a 3 (Churchill 5.22)
    player.try_yourself()
    values = board.values
    values.name.value = "mover"
    assert values.choice.visible and set(values.choice.options) == {"UK", "US", "USSR"}
    values.choice.value = "USSR"
    assert player.trial_view("en").computed.field("end") == "USSR 3"
    shell.state.lang = "es"
    assert values.name.name == "Valor a cambiar" and "(elige un valor)" in values.name.options
    player.back_to_lesson()
    assert "lesson-agrees" in player.answer.object


def test_try_it_yourself_on_starcraft_brings_a_model_into_reach():
    """D is in reach of no enemy, so it goes first (SC 8.7.5); brought within 1" of the
    Zerglings its priority rises to 2."""
    shell, sec = section("starcraft")
    player, board = sec.player, sec.player.board
    player.open("starcraft/engaged-casualties", 0)
    player.try_yourself()
    assert board.model.value == "D" and board.model.options == ["A", "B", "C", "D"]
    assert not board.contact.value and not board.reach.value
    board.reach.value = True
    view = player.trial_view("en")
    assert view.state["models"]["D"]["in_range_of"] == ["zerglings"]
    assert view.computed.field("priority")["D"] == 2 and "lesson-try-differs" in player.answer.object
    board.contact.value = True                           # touching: priority 3, like A and C
    view = player.trial_view("en")
    assert view.computed.field("priority")["D"] == 3 and view.computed.field("valid") == ["A", "C", "D"]
    board.model.value = "A"
    assert board.contact.value and board.reach.value     # the checkboxes show the model chosen
    player.back_to_lesson()
    assert not player.trying and "lesson-agrees" in player.answer.object
    assert player.player.state()["models"]["D"].get("in_range_of") in (None, [])


def test_try_it_yourself_on_starcraft_changes_a_charge_distance():
    shell, sec = section("starcraft")
    player, board = sec.player, sec.player.board
    lesson = lessons.load("starcraft/assault-and-control")
    i = next(j for j, s in enumerate(lesson.steps) if s.answer and s.answer.slug == "starcraft.charge")
    player.open(lesson.id, i)
    player.try_yourself()
    board.values.name.value = "distance"
    board.values.text.value = "7"
    assert player.trial_view("en").computed.field("needed_roll") != 3
    assert "lesson-try-differs" in player.answer.object


def test_starcraft_lesson_table_draws_only_the_lessons_models():
    shell, sec = section("starcraft")
    board = sec.player.board
    sec.player.open("starcraft/engaged-casualties", 0)
    assert board.table.models.data["id"] == []           # none of the demo table's models
    assert board.table.game_state.table.units == ()
    assert sorted(board.models.data["id"]) == ["A", "B", "C", "D"]


def test_missing_is_public():
    from viewer.lessons import MISSING
    from viewer.lessons.answers import pick

    assert pick({"a": {"b": None}}, "a.b") is None and pick({"a": 1}, "z") is MISSING
    assert not MISSING and repr(MISSING) == "MISSING"


# ---------------------------------------------------------------- save as lesson


def _saved(text: str, lesson_id: str):
    data = __import__("yaml").safe_load(text)
    lesson = read_lesson(text, lesson_id, "saved")
    return data, lesson


@pytest.mark.parametrize("game", GAMES)
def test_save_as_lesson_writes_a_lesson_that_validates(game, monkeypatch, tmp_path):
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    shell, sec = section(game)
    player = sec.player
    lesson = next(x for x in lessons.all_lessons(game) if any(s.answer for s in x.steps))
    i = next(j for j, s in enumerate(lesson.steps) if s.answer)
    player.open(lesson.id, i)
    step = lesson.steps[i]
    assert player.save_rule.value == str(step.rule)
    player.save_question.value = "What does the engine answer here?"
    player.save_name.value = "my lesson"
    text = player.lesson_text()
    data, saved = _saved(text, f"{game}/my-lesson")
    assert lessons.check(saved) == []
    assert data["game"] == game and data["rules"] == [str(step.rule)] and len(saved.steps) == 1
    assert saved.steps[0].question("en") == "What does the engine answer here?"
    # the saved start is the step's state: played again, it is the same state
    here, again = player.player.state(), lessons.LessonPlayer(saved).state()
    for kind in ("units", "fires", "issues", "models", "scenario", "control", "facts"):
        assert (again[kind] or None) == (here[kind] or None), kind
    assert (again["weather"] or None) == (here["weather"] or None)
    # offered as a download (the same text) and saved in the visitor's folder
    assert player.download.callback().getvalue() == text and player.download.filename == "my-lesson.yaml"
    path = player.save_lesson()
    assert path is not None and path.endswith(f"lessons/{game}/my-lesson.yaml")
    assert Path(path).read_text(encoding="utf-8") == text
    assert "lesson-agrees" in player.save_status.object and f"{game}/my-lesson" in player.save_status.object
    from viewer.userdata import UserStore

    assert ("lessons", game, "my-lesson") in UserStore().items(game)


@pytest.mark.parametrize("game", ["wif", "use"])
def test_save_as_lesson_keeps_what_the_learner_changed(game, monkeypatch, tmp_path):
    """Saved while trying: the start is the learner's board and the expected answer the one the
    engine computes there (not the lesson's), so the saved lesson validates."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    shell, sec = section(game)
    player, board = sec.player, sec.player.board
    lesson_id, unit, where, key = {"wif": ("wif/supply-kiev", "inf-kiev", "4428", "chain"),
                                   "use": ("use/panzer-ezoc", "10th", "2912", "legal")}[game]
    player.open(lesson_id, 0)
    player.try_yourself()
    board.unit.value = unit
    board.move(unit, where)
    changed = player.trial_view("en").computed.field(key)
    assert changed != lessons.load(lesson_id).steps[0].answer.expect[key]
    text = player.lesson_text()
    data, saved = _saved(text, f"{game}/tried")
    assert lessons.check(saved) == []
    assert {u["id"]: u["at"] for u in data["start"]["units"]}[unit] == where
    view = lessons.LessonPlayer(saved).view()
    assert view.agrees and view.computed.field(key) == changed


def _asl_trial(player, board):
    player.open("asl/fire-illumination", 2)
    player.try_yourself()
    board.level.value = "1"
    board.tap("2W7")
    board.level.value = "2"
    board.tap("2W7")
    return "hexes.2T5"


def _churchill_trial(player, board):
    player.open("churchill/conference", 0)
    player.try_yourself()
    board.values.name.value = "us_card"
    board.values.text.value = "2"
    return "placement"


def _starcraft_trial(player, board):
    player.open("starcraft/engaged-casualties", 0)
    player.try_yourself()
    board.reach.value = True
    return "priority"


@pytest.mark.parametrize("game", ["asl", "churchill", "starcraft"])
def test_save_as_lesson_keeps_the_learners_fires_values_and_models(game, monkeypatch, tmp_path):
    """Saved while trying on ASL, Churchill or StarCraft: the learner's fires, values or model
    facts are the saved lesson's, and its expected answer is what the engine computes there."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    shell, sec = section(game)
    player, board = sec.player, sec.player.board
    key = {"asl": _asl_trial, "churchill": _churchill_trial, "starcraft": _starcraft_trial}[game](player, board)
    changed = player.trial_view("en").computed.field(key)
    assert changed != player.player.step.answer.expect[key]
    data, saved = _saved(player.lesson_text(), f"{game}/tried")
    assert lessons.check(saved) == []
    view = lessons.LessonPlayer(saved).view()
    assert view.agrees and view.computed.field(key) == changed


def test_a_saved_lesson_asks_its_question_in_english_and_spanish(monkeypatch, tmp_path):
    """No question written: the step's own, in both languages. One written: in the page's
    language, and marked to translate in the other; the file validates either way."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    shell, sec = section("asl")
    player = sec.player
    player.open("asl/fire-illumination", 1)
    step = player.player.step
    data, saved = _saved(player.lesson_text(), "asl/both")
    assert lessons.check(saved) == []
    assert data["steps"][0]["question"] == {"en": step.question("en"), "es": step.question("es")}
    assert step.question("en") != step.question("es")
    assert data["title"] == data["steps"][0]["title"] == data["steps"][0]["question"]
    shell.state.lang = "es"
    player.save_question.value = "¿Está iluminada  2U6?"
    data, saved = _saved(player.lesson_text(), "asl/written")
    assert lessons.check(saved) == []
    assert saved.steps[0].question("es") == "¿Está iluminada 2U6?"
    assert saved.steps[0].question("en") == "To translate: ¿Está iluminada 2U6?"


def test_skeleton_takes_a_question_in_each_language():
    from viewer.lessons.skeleton import skeleton, texts

    assert texts("Is 2U6 lit?", "ASL E1.94") == {"en": "Is 2U6 lit?", "es": "Is 2U6 lit?"}
    assert texts({"en": "Lit?", "es": ""}, "ASL E1.94") == {"en": "Lit?", "es": "Lit?"}
    assert texts(None, "ASL E1.94") == {"en": "ASL E1.94", "es": "ASL E1.94"}
    data = skeleton("asl", "teaching", {}, "ASL E1.94", {"en": "Lit?", "es": "¿Iluminada?"})
    assert data["steps"][0]["question"] == {"en": "Lit?", "es": "¿Iluminada?"}
    saved = read_lesson(__import__("yaml").safe_dump(data), "asl/skel", "saved")
    assert lessons.check(saved) == [] and saved.steps[0].question("es") == "¿Iluminada?"


def test_try_and_save_create_no_model(monkeypatch, tmp_path):
    """Trying, moving a unit, changing the weather and going back create no model on the page."""
    import viewer.views.common.url as url

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    asked = {"lesson": "supply-kiev", "step": "1"}
    monkeypatch.setattr(url, "url_value", lambda name: asked.get(name, ""))
    doc, ns = build_page("wif", monkeypatch)
    player = ns["sections"].build("ui.lessons").player
    board = player.board
    m = board.maps[player.player.board]
    watch = Watch(doc, monkeypatch)
    watch.run(lambda: setattr(player.try_it, "clicks", player.try_it.clicks + 1))
    watch.run(lambda: m.mapview.select(m.key("4428")))
    watch.run(lambda: setattr(board.weather, "value", "snow"))
    watch.run(lambda: setattr(ns["shell"].state, "lang", "es"))
    watch.run(lambda: setattr(player.untry, "clicks", player.untry.clicks + 1))
    watch.run(player.lesson_text)
    assert not player.trying
    assert watch.created == Counter()


_TRIALS = {"asl": ("fire-illumination", 3), "churchill": ("conference", 2), "starcraft": ("engaged-casualties", 1)}


@pytest.mark.parametrize("game", list(_TRIALS))
def test_trials_on_asl_churchill_and_starcraft_create_no_model(game, monkeypatch, tmp_path):
    """Trying, changing the board's pieces and values, switching the language and going back
    create no model on the page (the controls are made once and updated in place)."""
    import viewer.views.common.url as url

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    name, step = _TRIALS[game]
    asked = {"lesson": name, "step": str(step)}
    monkeypatch.setattr(url, "url_value", lambda key: asked.get(key, ""))
    doc, ns = build_page(game, monkeypatch)
    player = ns["sections"].build("ui.lessons").player
    board = player.board
    watch = Watch(doc, monkeypatch)
    watch.run(lambda: setattr(player.try_it, "clicks", player.try_it.clicks + 1))
    if game == "asl":
        watch.run(lambda: setattr(board.level, "value", "2"))
        watch.run(lambda: board.tap("2W7"))
        watch.run(lambda: board.tap("2W7"))
    elif game == "starcraft":
        watch.run(lambda: setattr(board.reach, "value", True))
        watch.run(lambda: setattr(board.model, "value", "A"))
    name_value, widget, value = {"asl": ("kindling_ssr", board.values.choice, "true"),
                                 "churchill": ("card", board.values.text, "1"),
                                 "starcraft": ("unit", board.values.text, "marines ")}[game]
    watch.run(lambda: setattr(board.values.name, "value", name_value))
    watch.run(lambda: setattr(widget, "value", value))
    assert "lesson-try-differs" in player.answer.object or "lesson-try-same" in player.answer.object
    watch.run(lambda: setattr(ns["shell"].state, "lang", "es"))
    watch.run(player.lesson_text)
    watch.run(lambda: setattr(board.values.text, "value", "not a number"))    # a value the engine refuses
    watch.run(player.download.callback)
    assert "lesson-mismatch" in player.save_status.object
    watch.run(lambda: setattr(player.untry, "clicks", player.untry.clicks + 1))
    assert not player.trying
    assert watch.created == Counter()


def test_a_hidden_map_keeps_no_marks():
    """A lesson on another board hides the first map and clears its marks (the page reads them)."""
    shell, sec = section("use")
    player, board = sec.player, sec.player.board
    boards = {lessons.LessonPlayer(lesson).board: lesson.id for lesson in lessons.all_lessons("use")
              if lesson.steps[0].highlight.hexes}
    assert len(boards) > 1
    (first_board, first), (second_board, second) = list(boards.items())[:2]
    player.open(first, 0)
    marked = board.maps[first_board].mapview.overlays.layers["lesson"].sources
    assert sum(len(src.data["q"]) for src in marked.values()) > 0
    player.open(second, 0)
    hidden = board.maps[first_board].mapview.overlays.layers
    assert all(len(src.data["q"]) == 0 for src in hidden["lesson"].sources.values())
    assert len(hidden["lesson-path"].sources[""].data["x0"]) == 0
    assert not board._frames[first_board].visible and board._frames[second_board].visible


def test_leaving_the_lessons_section_ends_a_trial():
    """A trial belongs to the Lessons section: switching to another section goes back to the
    lesson, so a tap on the app's own map no longer moves the trial's unit."""
    from viewer.views.common.lesson_player import open_lessons_from_url
    from viewer.views.common.sections import Sections

    shell, sec = section("use")
    sections = Sections(state=shell.state, sections={"ui.map": pn.Column(), "ui.lessons": sec})
    open_lessons_from_url(sections)
    sections.switch.value = "ui.lessons"
    sec.player.open("use/panzer-ezoc", 0)
    sec.player.try_yourself()
    assert sec.player.trying
    sections.switch.value = "ui.map"
    assert not sec.player.trying and not sec.player.board.controls.visible
