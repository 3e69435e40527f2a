"""A text a calculator's result holds in every language, shown in the reader's: shared by every
game's calculators (docs/adding-a-calculator.md)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from viewer.i18n import DEFAULT_LANGUAGE, LANGUAGES


@dataclass(frozen=True)
class Named:
    """A text a calculator's result holds in every language (a place, a route), shown in the
    reader's (:func:`viewer.calculators.format.shown`, :meth:`viewer.calculators.base.Step.text`);
    as plain text (the command line's JSON) it is the English one."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, words: Callable[[str], str]) -> "Named":
        """The text ``words(lang)`` in every language."""
        return cls(tuple((lang, words(lang)) for lang in LANGUAGES))

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return dict(self.texts)[lang]

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)
