"""The rule reference value: ``(game, number)``, as cited by rules, calculators and views."""
from __future__ import annotations

import re
from dataclasses import dataclass

from viewer.games import GAMES as DECLARED_GAMES

#: How each game id is written in citations such as ``WiF 2.4.2``.
#: Citation prefix of each declared game (viewer/games.py): ``WiF 2.4.2``.
GAME_PREFIXES = {g.id: g.prefix for g in DECLARED_GAMES.values()}
_PREFIX_TO_GAME = {v.lower(): k for k, v in GAME_PREFIXES.items()}
#: A rule number: digits and dots, with an optional chapter letter (ASL "E1.94", "A10.61") or a
#: bare chapter letter before the first dot (ASL "G.5"), and an optional lower-case suffix.
_NUMBER = re.compile(r"^(?:[A-Z]?\d+|[A-Z])(?:\.\d+)*[a-z]?$")


@dataclass(frozen=True, order=True)
class RuleRef:
    """A rule of a game's rulebook, e.g. ``RuleRef("wif", "2.4.2")``."""

    game: str
    number: str

    def __post_init__(self):
        if self.game not in GAME_PREFIXES:
            raise ValueError(f"unknown game {self.game!r}; allowed: {', '.join(GAME_PREFIXES)}")
        if not _NUMBER.match(self.number):
            raise ValueError(f"malformed rule number {self.number!r} (expected like 2.4.2, 7.74, E1.94 or G.5)")

    def __str__(self) -> str:
        return f"{GAME_PREFIXES[self.game]} {self.number}"

    @classmethod
    def parse(cls, text: str) -> "RuleRef":
        """Parse a citation such as ``"WiF 2.4.2"`` or ``"wif:2.4.2"``."""
        m = re.match(r"^\s*([A-Za-z]+)\s*[: ]\s*(\S+)\s*$", text)
        if not m:
            raise ValueError(f"cannot read rule citation {text!r} (expected e.g. 'WiF 2.4.2')")
        prefix, number = m.group(1).lower(), m.group(2)
        game = _PREFIX_TO_GAME.get(prefix, prefix)
        return cls(game, number)
