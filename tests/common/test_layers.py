"""The layers of docs/architecture.md: imports point down only, no module imports itself back
through another, and shared packages name no game."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from viewer.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
VIEWER = ROOT / "viewer"

#: Layers from the bottom up; a module may import its own layer and those below it.
LAYERS = (
    ("foundation", ("viewer", "viewer.games", "viewer.errors", "viewer.ruleref", "viewer.hexgrid",
                    "viewer.dice", "viewer.dice_parse", "viewer.safeload", "viewer.userdata", "viewer.i18n")),
    ("board", ("viewer.board",)),
    ("rules", ("viewer.rules",)),
    ("calculators", ("viewer.calculators",)),
    ("reference", ("viewer.reference",)),
    ("lessons", ("viewer.lessons",)),
    ("state", ("viewer.state",)),
    ("views", ("viewer.views",)),
    ("notebook", ("viewer.lessons.notebook",)),
    ("apps", ("viewer.apps",)),
    ("cli", ("viewer.cli", "viewer.__main__")),
)
#: Packages that hold no drawing: they never import Panel, Bokeh or HoloViews.
NO_DRAWING = ("foundation", "board", "rules", "calculators", "reference", "lessons", "state")
DRAWING = ("panel", "bokeh", "holoviews")
#: Folders of each layer that every game shares; any other sub-package is one game's.
SHARED_FOLDERS = {"views": ("common", "map"), "calculators": ("common",), "state": (), "board": (),
                  "rules": (), "reference": ("data",), "lessons": ()}
#: The imports that point up on purpose, each made inside a function so the importer stays light:
#: ``viewer.lessons.play`` loads the notebook player (Panel) only when a notebook calls it.
LAZY_HOOKS = {("viewer.lessons", "viewer.lessons.notebook")}
#: The bundled demonstration map has a board folder of its own without being a game.
NOT_GAMES = ("demo",)


def _modules() -> dict[str, Path]:
    out = {}
    for path in VIEWER.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function, relative ones resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names} & set(MODULES)
            names.update(subs)
            if len(subs) < len(node.names):   # names defined in the package itself
                names.add(base)
    return names


def layer_of(module: str) -> int:
    best, rank = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best:
                best, rank = len(p), i
    return rank


def test_the_scanner_resolves_relative_imports(tmp_path, monkeypatch):
    pkg = tmp_path / "viewer" / "views" / "x"
    pkg.mkdir(parents=True)
    (pkg / "m.py").write_text("from ..common import text\nfrom . import sibling\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert {"viewer.views.common.text", "viewer.views.x"} <= imports(pkg / "m.py")


def test_every_module_has_a_layer():
    assert [m for m in MODULES if layer_of(m) < 0] == []


def test_no_layer_imports_upwards():
    offenders = []
    for module, path in sorted(MODULES.items()):
        mine = layer_of(module)
        for name in imports(path):
            if (module, _resolve(name)) in LAZY_HOOKS:
                continue
            if name.split(".")[0] in DRAWING and LAYERS[mine][0] in NO_DRAWING:
                offenders.append(f"{module} ({LAYERS[mine][0]}) imports {name}")
            if name.startswith("viewer") and layer_of(_resolve(name)) > mine:
                offenders.append(f"{module} ({LAYERS[mine][0]}) imports {name} "
                                 f"({LAYERS[layer_of(_resolve(name))][0]})")
    assert not offenders, "\n".join(offenders)


def test_no_import_cycles():
    graph = {m: {_resolve(n) for n in imports(p) if n.startswith("viewer") and (m, _resolve(n)) not in LAZY_HOOKS}
             - {m} for m, p in MODULES.items()}
    cycles, index, low, stack, on = [], {}, {}, [], set()

    def visit(v, counter=[0]):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert cycles == []


def test_lazy_hooks_load_nothing_at_import():
    """Importing a module with a lazy hook loads neither the hook's module nor any drawing library."""
    import subprocess

    for module, hook in sorted(LAZY_HOOKS):
        code = (f"import sys, {module}; bad = [m for m in ({hook!r}, *{DRAWING!r}) if m in sys.modules]; "
                "print(bad); sys.exit(1 if bad else 0)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, f"{module}: {done.stdout}{done.stderr}"


def test_every_game_folder_is_a_declared_game():
    for layer, shared in SHARED_FOLDERS.items():
        for folder in (VIEWER / layer).iterdir():
            if folder.is_dir() and (folder / "__init__.py").exists():
                assert folder.name in (*GAME_IDS, *shared, *NOT_GAMES), f"viewer/{layer}/{folder.name}"


@pytest.mark.parametrize("layer", ["rules", "calculators", "lessons", "state", "views"])
def test_every_game_has_its_folder_in_each_layer(layer):
    assert [g for g in GAME_IDS if not (VIEWER / layer / g / "__init__.py").exists()] == []


# ---------------------------------------------------------------------------- shared code names no game
def _shared_files() -> list[Path]:
    files = []
    for path in sorted(VIEWER.rglob("*.py")):
        rel = path.relative_to(VIEWER).parts
        if rel[0] in ("cli.py", "__main__.py", "games.py"):
            continue   # the manifest declares the games; the CLI is above every layer
        if rel[0] == "apps" and path.stem in GAME_IDS:
            continue   # one game's page
        if len(rel) > 2 and rel[1] in (*GAME_IDS, *NOT_GAMES):
            continue   # one game's folder
        files.append(path)
    return files


_UPPER = {g.upper() for g in GAME_IDS}
_NAMES = ({g for g in GAME_IDS} - {"use"}) | _UPPER   # "use" is also an English verb (``target.use()``)


def _names_a_game(text: str) -> bool:
    return text in GAME_IDS or any(text.startswith(g + sep) for g in GAME_IDS for sep in ".-")


def game_names(path: Path) -> list[str]:
    """Where ``path``'s code names a game: an import of a game's package, a game's id as a value
    (``"wif"``, ``"wif.land-odds"``), or a name spelled as one. A rule citation ``RuleRef("wif",
    ...)`` says where an idea comes from and is allowed; docstrings and comments are prose."""
    tree = ast.parse(path.read_text())
    cited = {id(node.args[0]) for node in ast.walk(tree)
             if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "RuleRef"
             and node.args}
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for m in mods:
                parts = m.split(".")
                if len(parts) > 2 and parts[0] == "viewer" and parts[2] in GAME_IDS:
                    found.append(f"{where} imports {m}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in cited | docs:
            if _names_a_game(node.value):
                found.append(f"{where} {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in _NAMES:
            found.append(f"{where} name {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in _NAMES:
            found.append(f"{where} attribute {node.attr}")
    return found


def test_the_checker_sees_a_game_in_shared_code(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    bad = tmp_path / "bad.py"
    bad.write_text('"""Docs may say wif."""\nfrom viewer.rules.wif import odds\nSLUG = "wif.land-odds"\n'
                   'R = RuleRef("wif", "2.7")\nx = WIF\n')
    found = game_names(bad)
    assert len(found) == 3 and "imports viewer.rules.wif" in found[0]


def test_shared_packages_name_no_game():
    found = [hit for path in _shared_files() for hit in game_names(path)]
    assert found == []
