"""Charts whose values the rulebooks do not print: a schema, the known cells and their sources.

DESIGN.md "Chart values": never invent a value. A :class:`Chart` is a :class:`ChartSchema`
(row axes, value columns, each column's type and allowed values) plus the cells somebody knows,
each with its ``source`` (a worked example of the rulebook, or "user: <file>" for values a
player typed in from their own copy of the game). Asking for a cell nobody filled in raises
:class:`UnknownCell`, which calculators turn into a ``MissingValue(chart, cell, rule)``.

File formats (both validated, every error names the file, the cell and the allowed values):

YAML::

    chart: wif.weather            # the schema id (a shipped file may carry the schema itself)
    schema: {...}                 # optional: see ChartSchema.from_dict
    cells:
      - {bimonth: jul-aug, roll: 10, north-monsoon: storm, asterisks: 1, source: "..."}
      - {bimonth: may-jun, roll: 1, asterisks: 2, sources: {asterisks: "..."}}

CSV: a header with the row axes, any value columns, and an optional ``source`` column; an
empty field is an unknown cell.

Pure Python: the chart machinery is shared by the weather chart and, later, the combat and war
tables. Saving a user's chart to their data folder is the state layer's job
(``viewer.state.weather``), through ``Chart.to_dict`` / ``chart_from_dict``.
"""
from __future__ import annotations

import csv
import difflib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from viewer.reference.ruleref import RuleRef

VALUE_TYPES = ("enum", "int")


class ChartError(ValueError):
    """A malformed chart file or schema: the message names the origin, the cell and what is allowed."""

    def __init__(self, origin: str, message: str, cell: str | None = None, allowed: Any = None):
        self.origin, self.cell, self.allowed, self.problem = origin, cell, allowed, message
        where = f"{origin}: cell {cell}" if cell else origin
        tail = f"; allowed: {', '.join(map(str, allowed))}" if isinstance(allowed, (list, tuple)) else (
            f"; allowed: {allowed}" if allowed else "")
        super().__init__(f"{where}: {message}{tail}")


class UnknownCell(LookupError):
    """A chart cell that nobody has filled in yet (``chart``, ``cell`` id, ``rule`` citing the chart)."""

    def __init__(self, chart: str, cell: str, rule: RuleRef | None = None):
        self.chart, self.cell, self.rule = chart, cell, rule
        super().__init__(f"chart {chart!r} has no value for cell {cell}")


@dataclass(frozen=True)
class Axis:
    """A row key of a chart and the values it takes (e.g. ``roll``: 1..13)."""

    name: str
    values: tuple

    def check(self, value: Any, origin: str, cell: str) -> Any:
        for v in self.values:
            if str(v) == str(value).strip():
                return v
        raise ChartError(origin, f"{self.name} {value!r} is not a row of this chart", cell,
                         list(self.values))


@dataclass(frozen=True)
class Column:
    """A value column: ``enum`` with ``allowed`` values, or ``int`` within ``bounds`` (inclusive)."""

    name: str
    type: str = "enum"
    allowed: tuple = ()
    bounds: tuple[int | None, int | None] = (None, None)

    def describe_allowed(self) -> Any:
        if self.type == "enum":
            return list(self.allowed)
        lo, hi = self.bounds
        return f"a whole number{'' if lo is None else f' from {lo}'}{'' if hi is None else f' to {hi}'}"

    def check(self, value: Any, origin: str, cell: str) -> Any:
        if self.type == "enum":
            text = str(value).strip().lower()
            if text in self.allowed:
                return text
            close = difflib.get_close_matches(text, list(self.allowed), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ChartError(origin, f"{value!r} is not an allowed value{hint}", cell, list(self.allowed))
        try:
            number = int(str(value).strip()) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number is None or (isinstance(value, float) and value != int(value)):
            raise ChartError(origin, f"{value!r} is not a whole number", cell, self.describe_allowed())
        lo, hi = self.bounds
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            raise ChartError(origin, f"{number} is out of range", cell, self.describe_allowed())
        return number


@dataclass(frozen=True)
class ChartSchema:
    """What a chart's cells may hold: ``id``, the ``rule`` printing it, row axes and columns."""

    id: str
    rule: RuleRef | None
    rows: tuple[Axis, ...]
    columns: tuple[Column, ...]

    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.rows)

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"chart {self.id!r} has no column {name!r}; columns: {', '.join(self.column_names)}")

    def row_keys(self) -> list[tuple]:
        """Every row key, in order (the product of the axes)."""
        keys: list[tuple] = [()]
        for axis in self.rows:
            keys = [k + (v,) for k in keys for v in axis.values]
        return keys

    def cell_id(self, row: tuple, column: str) -> str:
        """A cell's readable id: the row values and the column joined by ``/`` (``jul-aug/10/asterisks``)."""
        return "/".join([*map(str, row), column])

    @property
    def size(self) -> int:
        return len(self.row_keys()) * len(self.columns)

    # -- (de)serialisation ------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "rule": str(self.rule) if self.rule else None,
            "rows": [{"name": a.name, "values": list(a.values)} for a in self.rows],
            "columns": [
                {"name": c.name, "type": c.type,
                 **({"allowed": list(c.allowed)} if c.type == "enum" else {"bounds": list(c.bounds)})}
                for c in self.columns
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping, origin: str = "<schema>") -> "ChartSchema":
        """Read a schema: ``{id, rule, rows: [{name, values}], columns: [{name, type, allowed|bounds}]}``.

        ``values`` may be a list or ``{from: 1, to: 13}``.
        """
        if not isinstance(data, Mapping):
            raise ChartError(origin, "the schema must be a mapping")
        try:
            rule = RuleRef.parse(data["rule"]) if data.get("rule") else None
            rows = []
            for a in data["rows"]:
                values = a["values"]
                if isinstance(values, Mapping):
                    values = list(range(int(values["from"]), int(values["to"]) + 1))
                rows.append(Axis(str(a["name"]), tuple(values)))
            columns = []
            for c in data["columns"]:
                kind = c.get("type", "enum")
                if kind not in VALUE_TYPES:
                    raise ChartError(origin, f"column {c.get('name')!r} has unknown type {kind!r}",
                                     allowed=list(VALUE_TYPES))
                bounds = tuple(c.get("bounds", (None, None)))
                columns.append(Column(str(c["name"]), kind, tuple(str(v) for v in c.get("allowed", ())),
                                      (bounds[0], bounds[1])))
            return cls(str(data["id"]), rule, tuple(rows), tuple(columns))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ChartError):
                raise
            raise ChartError(origin, f"malformed schema ({exc!s})") from None


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
        """Ids of every unknown cell."""
        return [self.cell_id(r, c) for r in self.schema.row_keys() for c in self.schema.column_names
                if (r, c) not in self.cells]

    @property
    def complete(self) -> bool:
        return len(self.cells) == self.schema.size

    def merged(self, other: "Chart", override: bool = False) -> "Chart":
        """A new chart with ``other``'s cells added; a cell that disagrees raises :class:`ChartError`
        unless ``override`` (then ``other`` wins)."""
        if other.id != self.id:
            raise ChartError(f"chart {other.id!r}", f"cannot merge into chart {self.id!r}")
        cells = dict(self.cells)
        for key, cell in other.cells.items():
            mine = cells.get(key)
            if mine is not None and mine.value != cell.value and not override:
                raise ChartError(
                    cell.source, f"{cell.value!r} disagrees with {mine.value!r} ({mine.source})",
                    self.cell_id(*key))
            if mine is None or mine.value != cell.value:
                cells[key] = cell
        return Chart(self.schema, cells)

    # -- (de)serialisation ------------------------------------------------------------------------
    def to_dict(self, include_schema: bool = False) -> dict:
        """``{chart, cells: [{<axes>, <columns>, sources: {column: source}}]}`` (YAML-ready)."""
        rows: dict[tuple, dict] = {}
        for (row, column), cell in self.cells.items():
            entry = rows.setdefault(row, {**dict(zip(self.schema.axis_names, row)), "sources": {}})
            entry[column] = cell.value
            entry["sources"][column] = cell.source
        order = {k: i for i, k in enumerate(self.schema.row_keys())}
        cells = []
        for row in sorted(rows, key=order.__getitem__):
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
        out["cells"] = cells
        return out

    def to_yaml(self, include_schema: bool = False) -> str:
        return yaml.safe_dump(self.to_dict(include_schema), sort_keys=False, allow_unicode=True)

    def to_csv(self) -> str:
        """One line per row that has a known cell; empty fields are unknown cells."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([*self.schema.axis_names, *self.schema.column_names, "source"])
        for entry in self.to_dict()["cells"]:
            source = entry.get("source") or "; ".join(f"{k}: {v}" for k, v in entry["sources"].items())
            writer.writerow([*(entry[a] for a in self.schema.axis_names),
                             *(entry.get(c, "") for c in self.schema.column_names), source])
        return buf.getvalue()


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
    entries = data.get("cells", [])
    if not isinstance(entries, list):
        raise ChartError(origin, "'cells' must be a list of rows")
    chart = Chart(schema)
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


def parse_chart(text: str, fmt: str, schema: ChartSchema | None = None, origin: str = "<chart>",
                default_source: str | None = None) -> Chart:
    """Parse chart text in ``fmt`` ``"yaml"`` or ``"csv"``."""
    if fmt in ("yaml", "yml"):
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f", line {mark.line + 1}" if mark is not None else ""
            raise ChartError(f"{origin}{where}", f"not valid YAML ({getattr(exc, 'problem', exc)})") from None
        return chart_from_dict(data or {}, schema, origin, default_source)
    if fmt == "csv":
        if schema is None:
            raise ChartError(origin, "a CSV chart needs a known schema")
        reader = csv.DictReader(io.StringIO(text))
        rows = []
        for line in reader:
            rows.append({k.strip(): (v or "").strip() for k, v in line.items() if k is not None})
        data = {"chart": schema.id,
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
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ChartError(str(path), f"cannot read the file ({exc.strerror})") from None
    return parse_chart(text, fmt, schema, str(path), default_source)
