"""Views and apps hold no literal UI strings: every visible label comes from the catalogue."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_\-]+)+$")
CODE_LIKE = re.compile(r"[<>{};#@=/\\]|^\s*$")


def literal_ui_strings(source: str) -> list[tuple[int, str]]:
    """String constants that read like words for a person (docstrings and keys excluded)."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    # Developer-facing text: parameter docs and exception messages.
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "doc":
            docstrings.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.Raise) and node.exc is not None:
            docstrings.update(id(n) for n in ast.walk(node.exc))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        text = node.value.strip()
        if text.isidentifier() or KEY.match(text) or CODE_LIKE.search(text):
            continue
        if re.search(r"[A-Z][a-z]{2,}", text) or re.search(r"[a-z]{3,} [a-z]{3,}", text):
            found.append((node.lineno, text))
    return found


def test_the_scanner_catches_a_literal_label():
    sample = 'pn.widgets.Button(name="Select a hex")\nx = t("ui.select_hex", lang)\n'
    assert literal_ui_strings(sample) == [(1, "Select a hex")]


def test_no_literal_ui_strings_in_views_and_apps():
    offenders = []
    for folder in ("viewer/views", "apps"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, text in literal_ui_strings(path.read_text()):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not offenders, "use the label catalogue (viewer/i18n) instead of:\n" + "\n".join(offenders)
