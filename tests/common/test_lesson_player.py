"""The lesson player of the apps (viewer/views/common/lesson_player.py, docs/lessons.md "In the
apps"): every game's lessons step forward and back, texts follow the language, the board shows the
step's highlight, permalinks open a step or say what is allowed, and a step or a language switch
creates no model."""
from __future__ import annotations

import html
import importlib
from collections import Counter
from html import escape
from pathlib import Path

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
    assert "legal: the lesson says Yes, the engine No" in player.answer.object
    player.go(1)
    assert "lesson-mismatch" not in player.answer.object


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
