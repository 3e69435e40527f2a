"""The info panel: the selected hex's label, terrain, attributes and hexside features, and what
the game's views add about it (on /wif its weather and the units in it: :meth:`HexInfo.add_rows`).

The panel is two Markdown panes whose text is replaced on a click or a change: no Panel model is
made after the panel is built.

Each hexside feature of the hex (WiF 2.1.1) is one row naming the feature and the neighbours
across it: a river towards 2712 and 2713, a railway to 2811 (rail-connected hexes, WiF 11.10).
"""
from __future__ import annotations

import pandas as pd
import panel as pn
import param

from viewer.board import HexMap
from viewer.state import SessionState
from viewer.views.common.text import label, label_any, markdown
from viewer.views.map.sheets import sheet_label

#: Attribute columns shown, in order, with the catalogue prefix that names their values.
_VALUE_PREFIX = {"terrain": ("terrain",), "climate_zone": ("climate", "zone"), "map_class": ("map_class",)}
_FLAGS = ("off_map", "hex_dot", "large_hex_dot", "coastal", "port", "city")


class HexInfo(pn.viewable.Viewer):
    """What the map knows about the selected hex, in the session's language."""

    hexmap = param.ClassSelector(class_=HexMap, doc="The map whose hexes are described.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language and selected hex.")

    def __init__(self, **params):
        super().__init__(**params)
        self._title = markdown("", margin=(0, 10))
        self.table = markdown("", css_classes=["hex-info"], margin=(0, 10))
        self._layout = pn.Column(self._title, self.table, width=300, css_classes=["hex-info-panel"])
        self._providers: list = []
        self.state.param.watch(self._refresh, ["selected", "lang"])
        self._refresh()

    def add_rows(self, provider) -> None:
        """Show the rows ``provider(key, lang) -> [(label, value), ...]`` gives for the selected
        hex ``key``, after the map's attributes; call :meth:`refresh` when what it reads changes."""
        self._providers.append(provider)
        self._refresh()

    def refresh(self) -> None:
        """Re-read every row of the selected hex (the panes' text only)."""
        self._refresh()

    def rows(self, lang: str | None = None) -> list[tuple[str, str]]:
        """The (label, value) rows describing the selected hex; empty when none is selected."""
        lang = lang or self.state.lang
        key = self.state.selected
        if key is None or key not in self.hexmap:
            return []
        attrs = self.hexmap.hex(key)
        rows = [
            (label("ui.hex", lang), str(attrs["label"])),
            (label("ui.sheet", lang), sheet_label(str(key[0]), lang)),
            (label("ui.coordinates", lang), f"q={key[1]}, r={key[2]}"),
        ]
        for column in ("terrain", "climate_zone", "country", "sea_area", "map_class"):
            value = attrs.get(column)
            if value is None or (isinstance(value, float) and pd.isna(value)) or value == "":
                continue
            prefixes = _VALUE_PREFIX.get(column, ())
            shown = label_any([f"{p}.{value}" for p in prefixes], lang, self._region_name(column, value, lang))
            rows.append((label(f"attr.{column}", lang), shown))
        for provider in self._providers:
            rows.extend(provider(key, lang))
        flags = [label(f"attr.{f}", lang) for f in _FLAGS if bool(attrs.get(f))]
        if flags:
            rows.append((label("ui.flags", lang), ", ".join(flags)))
        features = self.hexmap.features
        here = features[(features["sheet"] == key[0]) & (features["q"] == key[1]) & (features["r"] == key[2])]
        for feat in here.to_dict("records"):
            rows.append((label(f"feature.{feat['kind']}", lang), _own_name(feat, lang)))
        return rows + self.hexside_rows(key, lang)

    def hexside_rows(self, key, lang: str) -> list[tuple[str, str]]:
        """One row per hexside feature of hex ``key``: the feature's name and the hexes across it."""
        hs = self.hexmap.hexsides
        if not len(hs):
            return []
        sheet, q, r = key
        at_a = ((hs["sheet_a"] == sheet) & (hs["q_a"] == q) & (hs["r_a"] == r)).to_numpy()
        at_b = ((hs["sheet_b"] == sheet) & (hs["q_b"] == q) & (hs["r_b"] == r)).to_numpy()
        across: dict[tuple[str, str], list[str]] = {}
        for end, mask in (("_b", at_a), ("_a", at_b)):
            for row in hs[mask].to_dict("records"):
                other = (row[f"sheet{end}"], row[f"q{end}"], row[f"r{end}"])
                own = row.get(f"name_{lang}")
                name = _own_name(row, lang) if isinstance(own, str) and own else self._place_names(row.get("name"), lang)
                across.setdefault((row["feature"], name), []).append(self.hexmap.label(other))
        return [(label(f"hexside.{f}", lang) + (f": {name}" if name else ""), "→ " + ", ".join(sorted(set(labels))))
                for (f, name), labels in across.items()]

    def _place_names(self, name, lang: str) -> str:
        """A name made of place names (a railway's ``Warsaw–Moscow``) with each place in ``lang``
        where the map names it so."""
        if not isinstance(name, str) or not name:
            return ""
        f = self.hexmap.features
        column = f"name_{lang}"
        if column not in f.columns:
            return name.replace(";", ", ")
        names = {n: t for n, t in zip(f["name"], f[column]) if isinstance(t, str) and t}
        return "–".join(names.get(part, part) for part in name.split("–")).replace(";", ", ")

    def _region_name(self, column: str, value, lang: str) -> str:
        """A country's or sea area's name in ``lang`` when the map gives one (``name_<lang>``)."""
        regions = self.hexmap.regions
        column_lang = f"name_{lang}"
        if column_lang in regions.columns and column in ("country", "sea_area"):
            hit = regions.loc[(regions["kind"] == column) & (regions["name"] == value), column_lang]
            if len(hit) and isinstance(hit.iat[0], str) and hit.iat[0]:
                return hit.iat[0]
        return str(value)

    def _refresh(self, *_):
        lang = self.state.lang
        rows = self.rows(lang)
        if not rows:
            self._title.object = f"**{label('ui.select_hex', lang)}**"
            self.table.object = ""
            return
        self._title.object = f"### {label('ui.hex', lang)} {rows[0][1]}"
        body = "\n".join(f"| {_cell(k)} | {_cell(v)} |" for k, v in rows)
        self.table.object = f"| | |\n|---|---|\n{body}"

    def __panel__(self):
        return self._layout


def _own_name(row: dict, lang: str) -> str:
    """A hexside feature's own name (a river's) in ``lang`` when the map gives ``name_<lang>``,
    else its ``name``; two rivers sharing a hexside are joined by ";" in the file."""
    for column in (f"name_{lang}", "name"):
        value = row.get(column)
        if isinstance(value, str) and value:
            return value.replace(";", ", ")
    return ""



def _cell(text) -> str:
    """A value as one Markdown table cell (a "|" would end the cell)."""
    return str(text).replace("|", "\\|").replace("\n", " ")
