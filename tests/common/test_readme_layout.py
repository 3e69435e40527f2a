"""The README's layout section matches the tree: every folder and file it names exists, for every
declared game where it says ``<game>``, and every folder of a layer is named there."""
from __future__ import annotations

import re
from pathlib import Path

from viewer.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]


def _layout_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1]


def _expand(path: str) -> list[str]:
    """``viewer/{a,b}.py`` -> two paths; ``<game>`` -> one path per declared game."""
    m = re.search(r"\{([^}]*)\}", path)
    if m:
        return [q for alt in m.group(1).split(",") for q in _expand(path[:m.start()] + alt + path[m.end():])]
    if "<game>" in path:
        return [path.replace("<game>", g) for g in GAME_IDS]
    return [path]


def test_every_path_the_layout_names_exists():
    block = _layout_block()
    missing = []
    for line in block.splitlines():
        words = line.split()
        if not words:
            continue
        first = words[0].rstrip(",")
        parent = first.rsplit("/", 2)[0] + "/" if first.count("/") >= 2 and first.endswith("/") else ""
        for i, word in enumerate(w.rstrip(",") for w in words):
            if "/" not in word and not word.endswith(".py"):
                break   # the description starts
            path = word if i == 0 or "/" in word.rstrip("/") else parent + word
            for one in _expand(path):
                if not (ROOT / one.rstrip("/")).exists():
                    missing.append(one)
    assert missing == []


def test_the_layout_names_every_layer_folder():
    block = _layout_block()
    for layer in ("board", "rules", "calculators", "reference", "state", "views", "i18n"):
        assert f"viewer/{layer}/" in block, layer
    for folder in sorted((ROOT / "viewer" / "views").iterdir()):
        if folder.is_dir() and folder.name in ("common", "map"):
            assert f"{folder.name}/" in block
