"""Imports point down only (DESIGN.md "Layers"): rules, calculators and storage never reach up."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMPORT = re.compile(r"^\s*(?:from|import)\s+([\w.]+)", re.M)

#: package -> modules it must never import
FORBIDDEN = {
    "viewer/rules": ("panel", "bokeh", "holoviews", "viewer.views", "viewer.state", "viewer.calculators"),
    "viewer/calculators": ("panel", "bokeh", "holoviews", "viewer.views", "viewer.state"),
    "viewer/board": ("panel", "bokeh", "holoviews", "viewer.views", "viewer.state", "viewer.rules"),
    "viewer/reference": ("panel", "bokeh", "holoviews", "viewer.views"),
}


def _imports(path: Path) -> set[str]:
    text = path.read_text()
    names = set(IMPORT.findall(text))
    # relative imports: resolve "..state" against the file's package
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for dots, rest in re.findall(r"^\s*from\s+(\.+)([\w.]*)\s+import", text, re.M):
        base = package.split(".")[: len(package.split(".")) - (len(dots) - 1)]
        names.add(".".join(base + ([rest] if rest else [])))
    return names


def test_the_scanner_resolves_relative_imports(tmp_path):
    assert "viewer.state" in _imports(ROOT / "viewer" / "views" / "hexinfo.py")


def test_no_layer_imports_upwards():
    offenders = []
    for folder, banned in FORBIDDEN.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            for name in _imports(path):
                if any(name == b or name.startswith(b + ".") for b in banned):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, "\n".join(offenders)
