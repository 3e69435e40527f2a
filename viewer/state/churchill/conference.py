"""Session state of a Churchill conference: issues on the table, markers on the board, the stepper.

Parameters only, plus the moves (through :mod:`viewer.rules.churchill`) and saving: the state is
kept in the user's data folder (kind ``settings``, name ``churchill``) so it survives a reload.
"""
from __future__ import annotations

import param

from viewer.rules.churchill.board import BoardSettings
from viewer.rules.churchill.table import ISSUES, NATIONS, Position, card_value, resolve
from viewer.state.userdata import UserStore

CONDITIONAL = ("second-front", "ussr-dwoj")
SAVE_NAME = "churchill"


class ChurchillState(param.Parameterized):
    """The Churchill board of one session."""

    issues = param.Dict(default={}, doc="""
        Issue id -> [track, box] on the table ('centre' and 0 for the centre; box 7 = captured in the chair).
        Issues not in the dict are in the storage box.""")
    selected_issue = param.Selector(default=ISSUES[0], objects=list(ISSUES), doc="The issue the next click or move applies to.")
    last_move = param.Dict(default={}, doc="The last move: start, end, captured_by, path.")
    step = param.Integer(default=0, bounds=(0, None), doc="The stepper's current step.")
    agenda_winner = param.Selector(default="US", objects=list(NATIONS), doc="Who won the agenda (sets the meeting order).")
    conference_winner = param.Selector(default="UK", objects=list(NATIONS), doc="Who won the conference (sets the decision order).")
    scores = param.Dict(default=dict.fromkeys(NATIONS, 0), doc="VP per nation, for the score track.")
    leadership = param.Dict(default={"europe": "UK", "pacific": "US"}, doc="Theater commands (campaign start, 6.91).")
    settings = param.ClassSelector(class_=BoardSettings, default=BoardSettings(), doc="Front and A-bomb track layout.")

    def position(self, issue: str) -> Position | None:
        at = self.issues.get(issue)
        return None if at is None else Position.make(at[0], int(at[1]))

    def place(self, issue: str, track: str | None, box: int) -> None:
        """Put ``issue`` at a box by hand (the agenda, or a correction)."""
        if issue not in ISSUES:
            raise ValueError(f"issue: {issue!r}; allowed: {', '.join(ISSUES)}")
        p = Position.make(track, box)
        self.issues = {**self.issues, issue: ["centre" if p.centre else p.track, p.box]}

    def remove(self, issue: str) -> None:
        self.issues = {k: v for k, v in self.issues.items() if k != issue}

    def move(self, issue: str, mover: str, card: int, kind: str = "advisor", bonus: int = 0,
             debater: str | None = None, debate_card: int = 0, debate_kind: str = "advisor",
             debate_bonus: int = 0, stop_in_centre: bool = False):
        """Advance ``issue`` with a card (Churchill 5.22-5.26); the issue starts in the centre if it is off the table."""
        start = self.position(issue) or Position()
        v = card_value(card, mover, "advance", kind, bonus)
        w = card_value(debate_card, debater, "debate", debate_kind, debate_bonus) if debater else 0
        out = resolve(start, mover, v, debater, w, issue in CONDITIONAL, stop_in_centre, False)
        self.place(issue, out.end.track, out.end.box)
        self.last_move = {"issue": issue, "start": out.start.label(), "end": out.end.label(),
                          "captured_by": out.captured_by, "path": list(out.path), "advance": v,
                          "debate": out.debate_value, "difference": out.difference}
        return out

    def positions(self) -> list[Position]:
        return [self.position(i) for i in self.issues]

    # -- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"issues": {k: list(v) for k, v in self.issues.items()}, "step": self.step,
                "agenda_winner": self.agenda_winner, "conference_winner": self.conference_winner,
                "scores": dict(self.scores), "leadership": dict(self.leadership), "settings": self.settings.to_dict()}

    def from_dict(self, data: dict) -> None:
        issues = {}
        for k, v in (data.get("issues") or {}).items():
            if k in ISSUES:
                p = Position.make(v[0], int(v[1]))
                issues[k] = ["centre" if p.centre else p.track, p.box]
        self.param.update(
            issues=issues, step=max(0, int(data.get("step", 0))),
            agenda_winner=data.get("agenda_winner", "US") if data.get("agenda_winner") in NATIONS else "US",
            conference_winner=data.get("conference_winner", "UK") if data.get("conference_winner") in NATIONS else "UK",
            scores={n: int((data.get("scores") or {}).get(n, 0)) for n in NATIONS},
            leadership={th: h if h in ("UK", "US") else d for (th, d), h in zip(
                (("europe", "UK"), ("pacific", "US")),
                ((data.get("leadership") or {}).get(t) for t in ("europe", "pacific")))},
            settings=BoardSettings.from_dict(data.get("settings") or {}))

    def save(self, store: UserStore) -> None:
        store.save("settings", SAVE_NAME, self.to_dict())

    def restore(self, store: UserStore) -> str | None:
        """Load the saved state if there is one. Returns None, or the problem with a saved file
        that could not be used (the file is then kept aside as a backup, never overwritten;
        :meth:`UserStore.restore`)."""
        return store.restore("settings", SAVE_NAME, self.from_dict,
                             (ValueError, TypeError, KeyError, IndexError, AttributeError)) or None
