"""A sixth game needs one manifest entry and one folder per layer (docs/adding-a-game.md).

The test copies the package, adds a throwaway game the way the guide says (a manifest entry, new
files only, no other file touched), and checks in a fresh interpreter that every layer knows it
and that its app and the landing page are served with it."""
from __future__ import annotations

import json
from html import unescape
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = "kriegspiel"

FILES = {
    f"viewer/rules/{GAME}/__init__.py": '"""Kriegspiel: a throwaway game of the layout test."""\n',
    f"viewer/rules/{GAME}/fire.py": '''
        """Fire at a target: a hit on 1d6 at or under the strength (KS 4.2)."""
        from fractions import Fraction


        def p_hit(strength: int) -> Fraction:
            return Fraction(min(max(strength, 0), 6), 6)
        ''',
    f"viewer/calculators/{GAME}/__init__.py": '"""Kriegspiel calculators."""\n',
    f"viewer/calculators/{GAME}/fire.py": '''
        """``kriegspiel.fire`` (KS 4.2)."""
        import param

        from viewer.calculators import register
        from viewer.calculators.base import Calculator, Result
        from viewer.calculators.format import percent
        from viewer.rules.kriegspiel.fire import p_hit
        from viewer.ruleref import RuleRef

        R_FIRE = RuleRef("kriegspiel", "4.2")


        @register
        class Fire(Calculator):
            """The chance that a fire attack hits (KS 4.2)."""

            slug, game = "kriegspiel.fire", "kriegspiel"
            rules = (R_FIRE,)
            result_names = ("p_hit",)
            step_names = ("need",)
            strength = param.Integer(default=3, bounds=(1, 6), doc="Fire strength.")

            def compute(self) -> Result:
                p = p_hit(self.strength)
                return Result({"p_hit": percent(p)}, [self.step("need", rule=R_FIRE, p=percent(p))])
        ''',
    f"viewer/lessons/{GAME}/__init__.py": '"""Kriegspiel lessons (none yet)."""\n',
    f"viewer/state/{GAME}/__init__.py": '"""Kriegspiel session state (none yet)."""\n',
    f"viewer/views/{GAME}/__init__.py": '"""Kriegspiel views (the shared ones suffice)."""\n',
    f"viewer/reference/data/rules-{GAME}.yaml": '''
        game: kriegspiel
        numbering: decimal
        top_level: "N.0"
        rules:
          - {number: "4.0", en: Fire, es: Fuego}
          - {number: "4.2", en: Hits, es: Impactos}
        ''',
    f"viewer/i18n/labels/{GAME}.yaml": '''
        game.kriegspiel.name: {en: Kriegspiel, es: Kriegspiel}
        game.kriegspiel.abbr: {en: KS, es: KS}
        game.kriegspiel.tagline: {en: "A throwaway game.", es: "Un juego de usar y tirar."}
        game.kriegspiel.status: {en: "Test only.", es: "Solo de prueba."}
        calc.kriegspiel.fire.title: {en: Fire at a target, es: Fuego contra un objetivo}
        calc.kriegspiel.fire.summary: {en: "The chance of a hit.", es: "La probabilidad de impacto."}
        calc.kriegspiel.fire.param.strength: {en: Strength, es: Fuerza}
        calc.kriegspiel.fire.result.p_hit: {en: Chance to hit, es: Probabilidad de impacto}
        calc.kriegspiel.fire.step.need: {en: "A hit on the strength or less: {p}.", es: "Impacto con la fuerza o menos: {p}."}
        ''',
    f"apps/{GAME}.py": '''
        """Kriegspiel (served at /kriegspiel)."""
        from viewer.games import section
        from viewer.views import AppShell, extension
        from viewer.views.common.calculator_list import CalculatorList

        extension()
        shell = AppShell("game.kriegspiel.name")
        shell.serve(CalculatorList(shell.state, section("kriegspiel", "calculators")))
        ''',
}
ENTRY = ('    Game("kriegspiel", "KS", "hexes", ("clear",) * 7,\n'
         '         sections={"calculators": ("kriegspiel.fire",)}),\n')

CHECK = '''
import json
from viewer import GAMES
from viewer.board.terrain import GAMES as BOARD_GAMES
from viewer.calculators import REGISTRY
from viewer.i18n import t
from viewer.reference.rulelist import rules
from viewer.ruleref import RuleRef
from viewer.views.common.landing import picture
calc = REGISTRY["kriegspiel.fire"](strength=4).compute()
print(json.dumps({"games": list(GAMES), "board": list(BOARD_GAMES), "ref": str(RuleRef("kriegspiel", "4.2")),
                  "name": t("game.kriegspiel.name", "es"), "p_hit": calc.value["p_hit"],
                  "step": calc.steps[0].text("es"), "picture": picture("kriegspiel")[:4],
                  "rules": len(rules("kriegspiel"))}))
'''


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sixth-game")
    shutil.copytree(ROOT / "viewer", root / "viewer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "apps", root / "apps", ignore=shutil.ignore_patterns("__pycache__"))
    before = {p.relative_to(root) for p in root.rglob("*") if p.is_file()}
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    manifest = root / "viewer" / "games.py"
    source = manifest.read_text()
    assert source.count("\n)\n\n#: The declared games") == 1
    manifest.write_text(source.replace("\n)\n\n#: The declared games", "\n" + ENTRY + ")\n\n#: The declared games"))
    after = {p.relative_to(root) for p in root.rglob("*") if p.is_file()}
    assert after - before == {Path(p) for p in FILES}   # new files only, besides the manifest entry
    return root


def _env(root: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "WARGAME_VIEWER_DATA": str(root / "data")}


def test_every_layer_knows_the_new_game(copy):
    out = subprocess.run([sys.executable, "-c", CHECK], cwd=copy, env=_env(copy), capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["games"][-1] == GAME and GAME in seen["board"]
    assert seen["ref"] == "KS 4.2" and seen["name"] == "Kriegspiel" and seen["rules"] == 2
    assert seen["p_hit"] == "66.7%" and seen["step"] == "Impacto con la fuerza o menos: 66.7%."
    assert seen["picture"] == "<svg"


def test_the_layers_test_accepts_the_new_game(copy):
    tests = copy / "tests" / "common"
    tests.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "tests" / "common" / "test_layers.py", tests / "test_layers.py")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(copy),
                          str(tests / "test_layers.py")], cwd=copy, env=_env(copy), capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-3000:]


def test_the_new_games_app_and_the_landing_page_serve_it(copy, tmp_path_factory):
    from bokeh.client import pull_session
    import panel.models  # noqa: F401  (Panel's own Bokeh models, for reading the pulled documents)
    from bokeh.models import Select

    from tests.conftest import apart, serve_apps

    def pulled(url: str) -> tuple[list[str], str]:
        """The options of every Select and the text of every model of the page's document."""
        session = pull_session(url=url)
        try:
            doc = session.document
            return ([str(s.options) for s in doc.select({"type": Select})],
                    " ".join(str(getattr(m, "text", "")) for m in doc.models))
        finally:
            session.close()

    with serve_apps(tmp_path_factory, data_dir=str(copy / "data"), root=copy) as (base, log):
        options, _ = apart(pulled, f"{base}/{GAME}")
        assert any("Fire at a target" in o for o in options), log.read_text()[-2000:]
        _, text = apart(pulled, f"{base}/index")
        html = unescape(text)
        assert "Kriegspiel" in html and f'href="./{GAME}' in html
