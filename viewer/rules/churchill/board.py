"""The Churchill board as geometry: conference table, score track, fronts, A-bomb track, Pol-Mil boxes.

Pure data for any drawing library (Churchill 3.2.1, 3.22-3.26). The conference table is the text's:
a centre, three tracks of six boxes and a chair each. The text gives neither the number of boxes of
the Front tracks nor of the A-bomb track, nor which Front each unnamed marker plays: those are
:class:`BoardSettings` the user fills in from his own board. The defaults are a PLACEHOLDER layout
(``placeholder=True``), drawn as such, never the real board.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from viewer.rules.churchill.polmil import COLONIES, LOCATIONS
from viewer.rules.churchill.table import CHAIR, NATIONS

#: Where each nation's track points (degrees), clockwise Churchill -> Stalin -> Roosevelt (5.12).
TRACK_ANGLE = {"UK": 90.0, "USSR": -30.0, "US": -150.0}
TABLE_CENTRE = (0.0, 0.0)
BOX_STEP = 1.0
#: The theaters stacked right of the table, so each ring has room for its countries' names.
THEATER_CENTRE = {"europe": (18.3, 3.5), "pacific": (18.3, -10.1)}
THEATER_RADIUS = 6.4
AXIS = {"europe": "germany", "pacific": "japan"}
SCORE_ROW_Y = {"x10": -6.5, "x1": -7.6}


@dataclass(frozen=True)
class Front:
    """A Front track: its theater, the nation whose marker plays it, and its number of boxes."""

    id: str
    theater: str
    owner: str
    boxes: int
    named: bool  # the text names this Front (Western, Mediterranean, Eastern, Far East)


#: Placeholder Fronts: 7 markers, UK 2, US 3, USSR 2 (Churchill 2.0). Only four are named in the
#: text (3.22, 6.21, 6.22); owners of the Western and Mediterranean Fronts and every box count are placeholders.
PLACEHOLDER_FRONTS = (
    Front("western", "europe", "US", 6, True),
    Front("mediterranean", "europe", "UK", 6, True),
    Front("eastern", "europe", "USSR", 6, True),
    Front("uk-2", "pacific", "UK", 6, False),
    Front("us-2", "pacific", "US", 6, False),
    Front("us-3", "pacific", "US", 6, False),
    Front("far-east", "pacific", "USSR", 6, True),
)
#: Pol-Mil locations by theater on the placeholder board (the colonies lie in the Pacific theater).
PACIFIC_LOCATIONS = COLONIES


@dataclass(frozen=True)
class BoardSettings:
    """What the text leaves to the user's board: Front box counts and owners, the A-bomb track length."""

    fronts: tuple[Front, ...] = PLACEHOLDER_FRONTS
    abomb_boxes: int = 6
    placeholder: bool = True

    def with_front_boxes(self, front_id: str, boxes: int) -> BoardSettings:
        if not 1 <= boxes <= 20:
            raise ValueError(f"boxes: {boxes} is outside 1..20 for front {front_id}")
        ids = [f.id for f in self.fronts]
        if front_id not in ids:
            raise ValueError(f"front: {front_id!r}; allowed: {', '.join(ids)}")
        return replace(self, fronts=tuple(replace(f, boxes=boxes) if f.id == front_id else f for f in self.fronts),
                       placeholder=False)

    def to_dict(self) -> dict:
        return {"fronts": {f.id: f.boxes for f in self.fronts}, "abomb_boxes": self.abomb_boxes,
                "placeholder": self.placeholder}

    @classmethod
    def from_dict(cls, data: dict) -> BoardSettings:
        s = cls()
        for fid, n in (data.get("fronts") or {}).items():
            s = s.with_front_boxes(fid, int(n))
        n = int(data.get("abomb_boxes", s.abomb_boxes))
        if not 1 <= n <= 20:
            raise ValueError(f"abomb_boxes: {n} is outside 1..20")
        return replace(s, abomb_boxes=n, placeholder=bool(data.get("placeholder", s.placeholder)))


def box_xy(track: str | None, box: int) -> tuple[float, float]:
    """Centre of a conference-table box (the chair is box 7)."""
    if track is None or box == 0:
        return TABLE_CENTRE
    a = math.radians(TRACK_ANGLE[track])
    r = min(box, CHAIR) * BOX_STEP + 0.6
    return TABLE_CENTRE[0] + r * math.cos(a), TABLE_CENTRE[1] + r * math.sin(a)


def table_boxes() -> list[dict]:
    """Every box of the conference table: track, box, x, y, kind (centre / track / chair)."""
    rows = [{"track": "centre", "box": 0, "x": TABLE_CENTRE[0], "y": TABLE_CENTRE[1], "kind": "centre"}]
    for n in NATIONS:
        for b in range(1, CHAIR + 1):
            x, y = box_xy(n, b)
            rows.append({"track": n, "box": b, "x": x, "y": y, "kind": "chair" if b == CHAIR else "track"})
    return rows


def nearest_box(x: float, y: float) -> tuple[str | None, int]:
    """The conference-table box nearest a click (for placing issues by clicking)."""
    boxes = table_boxes()
    xy = np.array([[b["x"], b["y"]] for b in boxes])
    i = int(np.argmin(((xy - [x, y]) ** 2).sum(axis=1)))
    b = boxes[i]
    return (None if b["track"] == "centre" else b["track"]), b["box"]


def score_boxes_xy() -> list[dict]:
    """The score track: a x10 row and a x1 row of boxes 0-9 below the table (3.2.1)."""
    return [{"row": row, "box": k, "x": -4.5 + k, "y": SCORE_ROW_Y[row]}
            for row in ("x10", "x1") for k in range(10)]


def front_boxes(settings: BoardSettings = BoardSettings()) -> list[dict]:
    """Front-track boxes spiralling to their Axis power; box 1 is the outermost (placeholder geometry)."""
    rows = []
    for th in ("europe", "pacific"):
        fronts = [f for f in settings.fronts if f.theater == th]
        cx, cy = THEATER_CENTRE[th]
        for i, f in enumerate(fronts):
            a0 = 2 * math.pi * i / len(fronts) + 0.3
            for k in range(1, f.boxes + 1):
                frac = (k - 1) / max(f.boxes, 1)
                r = 4.0 - 3.0 * frac
                a = a0 + 0.9 * frac
                rows.append({"front": f.id, "owner": f.owner, "theater": th, "box": k,
                             "x": cx + r * math.cos(a), "y": cy + r * math.sin(a)})
    return rows


def location_boxes() -> list[dict]:
    """Pol-Mil countries and colonies around their theater (placeholder positions)."""
    rows = []
    for th in ("europe", "pacific"):
        locs = [loc for loc in LOCATIONS if (loc in PACIFIC_LOCATIONS) == (th == "pacific")]
        cx, cy = THEATER_CENTRE[th]
        for i, loc in enumerate(locs):
            a = 2 * math.pi * (i + 0.5) / len(locs)
            rows.append({"location": loc, "theater": th, "colony": loc in COLONIES,
                         "x": cx + 5.2 * math.cos(a), "y": cy + 5.2 * math.sin(a)})
    return rows


def abomb_boxes(settings: BoardSettings = BoardSettings()) -> list[dict]:
    """The A-bomb track, its last box Trinity (3.24); the length is a setting."""
    n = settings.abomb_boxes
    return [{"box": k, "x": -4.5 + 1.1 * (k - 1), "y": -9.4, "trinity": k == n} for k in range(1, n + 1)]


def leadership_circles() -> list[dict]:
    """The two theater leadership circles (3.26)."""
    return [{"theater": th, "x": THEATER_CENTRE[th][0] + 6.0, "y": THEATER_CENTRE[th][1] + 6.7} for th in THEATER_CENTRE]

