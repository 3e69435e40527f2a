"""The README's screenshots: every image it links exists, and its gallery shows every app in both
languages (the shots ``docs/screenshot.py`` takes)."""
from __future__ import annotations

import re
from pathlib import Path

from viewer.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: Local targets of Markdown links and images: ``](docs/x.png)``.
LINKED = [m.group(1) for m in re.finditer(r"\]\(([^)\s]+\.png)\)", README) if "://" not in m.group(1)]


def test_every_screenshot_the_readme_links_exists():
    assert LINKED, "the README links no screenshot"
    missing = [path for path in LINKED if not (ROOT / path).is_file()]
    assert missing == [], f"linked from README.md but missing: {', '.join(missing)}"


def test_the_gallery_shows_every_app_in_both_languages():
    apps = ["index", *GAME_IDS, "reference"]
    wanted = {f"docs/screenshots/{app}-{lang}.png" for app in apps for lang in ("en", "es")}
    assert sorted(wanted - set(LINKED)) == []


def test_every_screenshot_is_a_png_image():
    for path in set(LINKED):
        assert (ROOT / path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
