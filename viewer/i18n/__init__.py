"""The label catalogue: every string the interface shows, in English and Spanish.

Labels live in ``labels/*.yaml`` files, one per area (``core``, ``views``, ``calculators`` …),
each mapping a dotted key to ``{en: …, es: …}``. A key may appear in one file only.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml

from viewer.errors import Refusal

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"


class CatalogueError(Refusal):
    """A label file is malformed: the message names the file and the key."""


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, str]]:
    """All labels, keyed by dotted key, each a ``{language: text}`` mapping."""
    labels: dict[str, dict[str, str]] = {}
    origin: dict[str, str] = {}
    folder = resources.files(__name__) / "labels"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        data = yaml.safe_load(entry.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise CatalogueError(f"{entry.name}: expected a mapping of keys to labels")
        for key, texts in data.items():
            if key in labels:
                raise CatalogueError(f"{entry.name}: key {key!r} already defined in {origin[key]}")
            if not isinstance(texts, dict) or set(texts) != set(LANGUAGES):
                raise CatalogueError(
                    f"{entry.name}: key {key!r} must give exactly {', '.join(LANGUAGES)}"
                )
            labels[key] = {lang: str(texts[lang]) for lang in LANGUAGES}
            origin[key] = entry.name
    return labels


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGUAGES)}")
    return lang


def t(key: str, lang: str = DEFAULT_LANGUAGE, **fmt) -> str:
    """The label ``key`` in ``lang``, formatted with ``fmt``; raises KeyError if unknown."""
    check_language(lang)
    try:
        text = catalogue()[key][lang]
    except KeyError:
        raise KeyError(f"no label {key!r} in the catalogue") from None
    return text.format(**fmt) if fmt else text


def has(key: str) -> bool:
    return key in catalogue()
