"""Charts whose values the rulebooks do not print: a schema, the known cells and their sources.

docs/architecture.md "Chart values": never invent a value. A :class:`Chart` is a :class:`ChartSchema`
(row axes, value columns, each column's type and allowed values; :mod:`viewer.rules.chart_schema`)
plus the cells somebody knows, each with its ``source`` (a worked example of the rulebook, or
"user: <file>" for values a player typed in from their own copy of the game). Asking for a cell
nobody filled in raises :class:`UnknownCell`, which calculators turn into a
``MissingValue(chart, cell, rule)``. A chart may also carry ``notes``: facts about the printed
table that are not cell values (where a kind of result sits, how far its rows run), each with
its source and confidence.

File formats (both validated, every error names the file, the cell and the allowed values):

YAML::

    chart: wif.weather            # the schema id (a shipped file may carry the schema itself)
    schema: {...}                 # optional: see ChartSchema.from_dict
    codes:                        # only for ``code`` columns: the codes this file uses
      result: {X: destroyed, A: aborted}
    notes:                        # optional facts that are not cell values
      - {fact: "...", source: "...", confidence: low}
    cells:
      - {bimonth: jul-aug, roll: 10, north-monsoon: storm, asterisks: 1, source: "..."}
      - {bimonth: may-jun, roll: 1, asterisks: 2, sources: {asterisks: "..."}}

CSV: a header with the row axes, any value columns, and an optional ``source`` column; an
empty field is an unknown cell. Lines before the header that start with ``#`` are comments;
``# code <column> <CODE>: <meaning>`` declares a code.

Pure Python: the chart machinery is shared by the weather chart and the combat and war tables.
Saving a user's chart to their data folder is the state layer's job (``viewer.state.wif.weather``)
or :mod:`viewer.rules.wif.tables`, through ``Chart.to_dict`` / ``chart_from_dict``.
"""
from __future__ import annotations

import csv
import difflib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from viewer.rules.chart_schema import (  # noqa: F401  (re-exported: the public names of the machinery)
    DEFAULT_CODE_PATTERN,
    VALUE_TYPES,
    Axis,
    ChartError,
    ChartSchema,
    Column,
    UnknownCell,
)
from viewer.safeload import LoadError, csv_rows, decode, load_yaml

CONFIDENCE = ("high", "medium", "low-medium", "low")
_CODE_LINE = re.compile(r"^#\s*code\s+(\S+)\s+(\S+?)\s*:\s*(.+?)\s*$")


@dataclass(frozen=True)
class Cell:
    """A known value and where it comes from."""

    value: Any
    source: str


@dataclass
class Chart:
    """A schema and its known cells: ``cells[(row_key, column)] = Cell(value, source)``."""

    schema: ChartSchema
    cells: dict[tuple[tuple, str], Cell] = field(default_factory=dict)
    #: Facts about the printed table that are not cell values: ``{fact, source, confidence}``.
    notes: tuple[dict, ...] = ()

    @property
    def id(self) -> str:
        return self.schema.id

    def cell_id(self, row: tuple, column: str) -> str:
        return self.schema.cell_id(tuple(row), column)

    def known(self, row: tuple, column: str) -> bool:
        return (tuple(row), column) in self.cells

    def get(self, row: tuple, column: str) -> Any:
        """The value of a cell; :class:`UnknownCell` when nobody has filled it in."""
        self.schema.column(column)
        try:
            return self.cells[(tuple(row), column)].value
        except KeyError:
            raise UnknownCell(self.id, self.cell_id(row, column), self.schema.rule) from None

    def source(self, row: tuple, column: str) -> str | None:
        cell = self.cells.get((tuple(row), column))
        return cell.source if cell else None

    def set(self, row: tuple, column: str, value: Any, source: str, origin: str = "<input>") -> None:
        """Validate and store one cell (row values and value are checked against the schema)."""
        row = self.check_row(row, origin, column)
        cid = self.cell_id(row, column)
        try:
            col = self.schema.column(column)
        except KeyError:
            raise ChartError(origin, f"no column {column!r}", cid, list(self.schema.column_names)) from None
        if not isinstance(source, str) or not source.strip():
            raise ChartError(origin, "every known value needs a source", cid)
        self.cells[(row, column)] = Cell(col.check(value, origin, cid), source.strip())

    def check_row(self, row: Iterable, origin: str = "<input>", column: str = "") -> tuple:
        """``row`` with each part checked against its axis (ChartError naming the cell otherwise)."""
        row = tuple(row)
        if len(row) != len(self.schema.rows):
            raise ChartError(origin, f"a row key needs {len(self.schema.rows)} parts "
                             f"({', '.join(self.schema.axis_names)})", "/".join(map(str, row)))
        cid = "/".join([*map(str, row), column])
        return tuple(axis.check(v, origin, cid) for axis, v in zip(self.schema.rows, row))

    _check_row = check_row

    def row(self, row: tuple) -> dict[str, Any]:
        """The known values of one row, ``{column: value}``."""
        row = tuple(row)
        return {c: self.cells[(row, c)].value for c in self.schema.column_names if (row, c) in self.cells}

    def missing(self) -> list[str]:
        """Ids of every unknown cell of the listed rows (an open axis may have more rows)."""
        return [self.cell_id(r, c) for r in self.schema.row_keys() for c in self.schema.column_names
                if (r, c) not in self.cells]

    @property
    def complete(self) -> bool:
        return not self.missing()

    def declare_codes(self, codes: Mapping, origin: str = "<input>") -> None:
        """Declare result codes ``{column: {code: meaning}}`` for this chart's code columns."""
        self.schema = self.schema.with_codes(codes, origin)

    def merged(self, other: "Chart", override: bool = False) -> "Chart":
        """A new chart with ``other``'s cells added; a cell that disagrees raises :class:`ChartError`
        unless ``override`` (then ``other`` wins)."""
        if other.id != self.id:
            raise ChartError(f"chart {other.id!r}", f"cannot merge into chart {self.id!r}")
        schema = self.schema.with_codes(other.schema.declared_codes(), f"chart {other.id!r}") \
            if self.schema.code_columns else self.schema
        cells = dict(self.cells)
        for key, cell in other.cells.items():
            mine = cells.get(key)
            if mine is not None and mine.value != cell.value and not override:
                raise ChartError(
                    cell.source, f"{cell.value!r} disagrees with {mine.value!r} ({mine.source})",
                    self.cell_id(*key))
            if mine is None or mine.value != cell.value:
                cells[key] = cell
        return Chart(schema, cells, self.notes + tuple(n for n in other.notes if n not in self.notes))

    # -- (de)serialisation ------------------------------------------------------------------------
    def to_dict(self, include_schema: bool = False) -> dict:
        """``{chart, cells: [{<axes>, <columns>, sources: {column: source}}]}`` (YAML-ready)."""
        rows: dict[tuple, dict] = {}
        for (row, column), cell in self.cells.items():
            entry = rows.setdefault(row, {**dict(zip(self.schema.axis_names, row)), "sources": {}})
            entry[column] = cell.value
            entry["sources"][column] = cell.source
        cells = []
        for row in sorted(rows, key=self.schema.row_sort_key):
            entry = rows[row]
            sources = entry.pop("sources")
            ordered = {a: entry[a] for a in self.schema.axis_names}
            ordered.update({c: entry[c] for c in self.schema.column_names if c in entry})
            if len(set(sources.values())) == 1:
                ordered["source"] = next(iter(sources.values()))
            else:
                ordered["sources"] = sources
            cells.append(ordered)
        out: dict = {"chart": self.id}
        if include_schema:
            out["schema"] = self.schema.to_dict()
        elif self.schema.declared_codes():
            out["codes"] = self.schema.declared_codes()
        if self.notes:
            out["notes"] = [dict(n) for n in self.notes]
        out["cells"] = cells
        return out

    def to_yaml(self, include_schema: bool = False) -> str:
        return yaml.safe_dump(self.to_dict(include_schema), sort_keys=False, allow_unicode=True)

    def to_csv(self, every_row: bool = False) -> str:
        """One line per row that has a known cell (``every_row``: per row of the schema, the rows
        with no known cell left empty, a sheet to fill in); empty fields are unknown cells."""
        buf = io.StringIO()
        for column, codes in self.schema.declared_codes().items():
            for code, meaning in codes.items():
                buf.write(f"# code {column} {code}: {meaning}\n")
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([*self.schema.axis_names, *self.schema.column_names, "source"])
        known = {tuple(entry[a] for a in self.schema.axis_names): entry for entry in self.to_dict()["cells"]}
        for row in (self.schema.row_keys() if every_row else known):
            entry = known.get(row)
            if entry is None:
                writer.writerow([*row, *("" for _ in self.schema.column_names), ""])
                continue
            source = entry.get("source") or "; ".join(f"{k}: {v}" for k, v in entry["sources"].items())
            writer.writerow([*row, *(entry.get(c, "") for c in self.schema.column_names), source])
        return buf.getvalue()


def code_distribution(chart: Chart, prefix: tuple, outcomes: Mapping[int, Any], column: str,
                      rows: Mapping[int, int] | None = None) -> tuple[dict[str, Any], list[int]]:
    """Read ``column`` at row ``prefix + (row,)`` for every outcome of a roll (``{outcome: p}``).

    ``rows`` maps an outcome to the row it reads (default: the outcome itself). Returns
    ``({code: total probability}`` in the column's declared code order, the rows nobody filled
    in)``; when any row is missing the first part is empty (nothing is guessed).
    """
    rows = dict(rows) if rows is not None else {o: o for o in outcomes}
    read, missing = {}, []
    for r in sorted(set(rows[o] for o in outcomes)):
        try:
            read[r] = chart.get((*prefix, r), column)
        except UnknownCell:
            missing.append(r)
    if missing:
        return {}, missing
    totals: dict[str, Any] = {}
    for o, p in outcomes.items():
        code = read[rows[o]]
        totals[code] = totals.get(code, 0) + p
    col = chart.schema.column(column)
    order = col.code_names if col.type == "code" else sorted(totals, key=str)
    return {c: totals[c] for c in order if c in totals}, []


def chart_from_dict(data: Mapping, schema: ChartSchema | None = None, origin: str = "<chart>",
                    default_source: str | None = None) -> Chart:
    """Validate a chart document (see the module docstring) against ``schema`` or its own.

    ``default_source`` is used for cells that give none (e.g. ``"user: mychart.yaml"``); without
    it a cell with no source is an error.
    """
    if not isinstance(data, Mapping):
        raise ChartError(origin, "expected a mapping with 'chart' and 'cells'")
    if data.get("schema") is not None:
        own = ChartSchema.from_dict(data["schema"], origin)
        if schema is not None and own.id != schema.id:
            raise ChartError(origin, f"holds chart {own.id!r}, expected {schema.id!r}")
        schema = schema or own
    if schema is None:
        raise ChartError(origin, "no schema: give one or name a known chart")
    if data.get("chart") is not None and str(data["chart"]) != schema.id:
        raise ChartError(origin, f"holds chart {data['chart']!r}, expected {schema.id!r}", allowed=[schema.id])
    if data.get("codes") is not None:
        schema = schema.with_codes(data["codes"], origin)
    entries = data.get("cells", [])
    if not isinstance(entries, list):
        raise ChartError(origin, "'cells' must be a list of rows")
    chart = Chart(schema, notes=_notes(data.get("notes"), origin))
    known = set(schema.axis_names) | set(schema.column_names) | {"source", "sources"}
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, Mapping):
            raise ChartError(origin, f"row {i} is not a mapping")
        extra = [k for k in entry if k not in known]
        absent = [a for a in schema.axis_names if a not in entry]
        row_id = "/".join(str(entry.get(a, "?")) for a in schema.axis_names)
        if absent:
            raise ChartError(origin, f"row {i} lacks {', '.join(absent)}", row_id, list(schema.axis_names))
        if extra:
            close = difflib.get_close_matches(str(extra[0]), sorted(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ChartError(origin, f"unknown column {extra[0]!r}{hint}", row_id, list(schema.column_names))
        row = tuple(entry[a] for a in schema.axis_names)
        sources = entry.get("sources") or {}
        for column in schema.column_names:
            if column not in entry or entry[column] is None or str(entry[column]).strip() == "":
                continue
            source = sources.get(column) or entry.get("source") or default_source
            cid = "/".join([*map(str, row), column])
            if not source:
                raise ChartError(origin, "a known value needs a source", cid)
            if chart.known(chart.check_row(row, origin, column), column):
                raise ChartError(origin, "cell given twice", cid)
            chart.set(row, column, entry[column], str(source), origin)
    return chart


def _notes(notes: Any, origin: str) -> tuple[dict, ...]:
    """Validated notes: each a mapping with a ``fact``, its ``source`` and a ``confidence``."""
    if notes is None:
        return ()
    if not isinstance(notes, list):
        raise ChartError(origin, "'notes' must be a list of {fact, source, confidence}")
    out = []
    for i, note in enumerate(notes, 1):
        if not isinstance(note, Mapping) or not all(str(note.get(k) or "").strip() for k in ("fact", "source")):
            raise ChartError(origin, f"note {i} needs a fact and its source", allowed=["fact", "source", "confidence"])
        confidence = str(note.get("confidence", "")).strip().lower()
        if confidence not in CONFIDENCE:
            raise ChartError(origin, f"note {i} has confidence {note.get('confidence')!r}", allowed=list(CONFIDENCE))
        out.append({"fact": str(note["fact"]).strip(), "source": str(note["source"]).strip(),
                    "confidence": confidence})
    return tuple(out)


def _csv_codes(text: str, origin: str) -> tuple[dict, str]:
    """The ``# code <column> <CODE>: <meaning>`` lines before a CSV header, and the rest of the text."""
    codes: dict[str, dict[str, str]] = {}
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines) and (lines[i].lstrip().startswith("#") or not lines[i].strip()):
        m = _CODE_LINE.match(lines[i].strip())
        if m:
            codes.setdefault(m.group(1), {})[m.group(2)] = m.group(3)
        elif lines[i].lstrip().lower().startswith("# code"):
            raise ChartError(f"{origin}, line {i + 1}", "cannot read this code line",
                             allowed="# code <column> <CODE>: <meaning>")
        i += 1
    return codes, "".join(lines[i:])


def parse_chart(text: str, fmt: str, schema: ChartSchema | None = None, origin: str = "<chart>",
                default_source: str | None = None) -> Chart:
    """Parse chart text in ``fmt`` ``"yaml"`` or ``"csv"``."""
    if fmt in ("yaml", "yml"):
        try:
            data = load_yaml(text, origin, "chart")
        except LoadError as err:
            raise ChartError(err.origin, err.message, allowed=err.allowed) from None
        return chart_from_dict(data or {}, schema, origin, default_source)
    if fmt == "csv":
        if schema is None:
            raise ChartError(origin, "a CSV chart needs a known schema")
        try:
            text = decode(text, origin, "chart").text
            codes, body = _csv_codes(text, origin)
            rows = csv_rows(body, origin)
        except LoadError as err:
            raise ChartError(err.origin, err.message, allowed=err.allowed) from None
        data = {"chart": schema.id, **({"codes": codes} if codes else {}),
                "cells": [{k: v for k, v in r.items() if v != "" or k in schema.axis_names} for r in rows]}
        return chart_from_dict(data, schema, origin, default_source)
    raise ChartError(origin, f"unknown chart format {fmt!r}", allowed=["yaml", "csv"])


def load_chart(path: str | Path, schema: ChartSchema | None = None,
               default_source: str | None = None) -> Chart:
    """Read a chart file (``.yaml``/``.yml``/``.csv``); errors name the file and the cell."""
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in ("yaml", "yml", "csv"):
        raise ChartError(str(path), f"unknown chart file type {path.suffix!r}", allowed=[".yaml", ".yml", ".csv"])
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ChartError(str(path), f"cannot read the file ({exc.strerror})") from None
    try:
        text = decode(raw, str(path), "chart").text
    except LoadError as err:
        raise ChartError(err.origin, err.message, allowed=err.allowed) from None
    return parse_chart(text, fmt, schema, str(path), default_source)


def user_chart(base: Chart, store=None) -> Chart | None:
    """The user's saved cells of ``base`` (kept under ``charts/<chart id>`` in the user data folder),
    or None when they saved none. A saved file that cannot be read is an error naming the file."""
    from viewer.userdata import UserDataError, UserStore

    store = store or UserStore()
    try:
        if not store.path("charts", base.id).exists():
            return None
        data = store.load("charts", base.id)
    except UserDataError as err:
        raise ChartError(f"user chart {base.id}", str(err)) from None
    return chart_from_dict(data, base.schema, origin=f"user chart {base.id}", default_source="user")
