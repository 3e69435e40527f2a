"""What a chart's cells may hold: row axes, value columns, and the errors that name a bad cell.

Split out of :mod:`viewer.rules.charts` (which re-exports every name here). A chart's row key is
one value per :class:`Axis`; each :class:`Column` holds values of one kind:

* ``enum``: one of a fixed list (weather conditions);
* ``int``: a whole number within bounds (asterisks, points);
* ``code``: a result code from a set **the chart file itself declares**, each code with a short
  meaning (``AS: attacker shattered``). The rulebooks name combat tables whose result codes
  they never print (WiF 11.16, 14.3), so the shipped file may declare no code at all and a
  player who owns the game declares their own table's codes next to the cells they type.
  An optional ``pattern`` (a regular expression) limits what a declared code may look like.

An axis may be *open*: besides the values it lists (the rows or columns the rulebook shows),
it accepts any value matching its ``pattern`` (e.g. a modified 2D10 result past 20, or an odds
column the text never names). Listed values are the ones :meth:`ChartSchema.row_keys` walks.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from viewer.errors import ViewerError
from viewer.ruleref import RuleRef

VALUE_TYPES = ("enum", "int", "code")
#: What a declared code may look like when the schema gives no pattern of its own.
DEFAULT_CODE_PATTERN = r"[A-Za-z0-9*/+½.:-]{1,12}"


class ChartError(ViewerError):
    """A malformed chart file or schema: the message names the origin, the cell and what is allowed."""

    def __init__(self, origin: str, message: str, cell: str | None = None, allowed: Any = None):
        self.origin, self.cell, self.problem = origin, cell, message
        where = f"{origin}: cell {cell}" if cell else origin
        tail = f"; allowed: {', '.join(map(str, allowed))}" if isinstance(allowed, (list, tuple)) and allowed else (
            f"; allowed: {allowed}" if allowed else "")
        super().__init__(cell or origin, message, allowed, text=f"{where}: {message}{tail}")


class UnknownCell(ViewerError, LookupError):
    """A chart cell that nobody has filled in yet (``chart``, ``cell`` id, ``rule`` citing the chart)."""

    def __init__(self, chart: str, cell: str, rule: RuleRef | None = None):
        self.chart, self.cell, self.rule = chart, cell, rule
        super().__init__(cell, f"chart {chart!r} has no value for cell {cell}",
                         text=f"chart {chart!r} has no value for cell {cell}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Axis:
    """A row key of a chart and the values it lists (e.g. ``roll``: 1..13).

    With a ``pattern`` the axis is open: a value that matches it is accepted too (a whole number
    when every listed value is one).
    """

    name: str
    values: tuple
    pattern: str | None = None

    @property
    def numeric(self) -> bool:
        return bool(self.values) and all(_is_int(v) for v in self.values)

    def check(self, value: Any, origin: str, cell: str) -> Any:
        text = str(value).strip()
        for v in self.values:
            if str(v) == text:
                return v
        if self.pattern and re.fullmatch(self.pattern, text):
            return int(text) if self.numeric else text
        allowed = list(self.values) + ([f"or any value like {self.pattern}"] if self.pattern else [])
        raise ChartError(origin, f"{self.name} {value!r} is not a row of this chart", cell, allowed)

    def sort_key(self, value: Any) -> tuple:
        """Listed values in their order, then other values (numerically when numeric)."""
        for i, v in enumerate(self.values):
            if v == value:
                return (0, i, "")
        if _is_int(value):
            return (1, value, "")
        return (2, 0, str(value))


@dataclass(frozen=True)
class Column:
    """A value column: ``enum`` with ``allowed`` values, ``int`` within ``bounds`` (inclusive), or
    ``code`` with the declared ``codes`` (``((code, meaning), ...)``) and an optional ``pattern``."""

    name: str
    type: str = "enum"
    allowed: tuple = ()
    bounds: tuple[int | None, int | None] = (None, None)
    codes: tuple[tuple[str, str], ...] = ()
    pattern: str | None = None

    @property
    def code_names(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.codes)

    def meaning(self, code: str) -> str:
        """The declared meaning of ``code`` (KeyError if it is not declared)."""
        return dict(self.codes)[code]

    def describe_allowed(self) -> Any:
        if self.type == "enum":
            return list(self.allowed)
        if self.type == "code":
            return list(self.code_names) or "no code is declared yet: declare your table's codes under 'codes:'"
        lo, hi = self.bounds
        return f"a whole number{'' if lo is None else f' from {lo}'}{'' if hi is None else f' to {hi}'}"

    def check_code_name(self, code: Any, origin: str) -> str:
        """A code being declared: a non-empty word matching the column's pattern."""
        text = str(code).strip()
        pattern = self.pattern or DEFAULT_CODE_PATTERN
        if not text or not re.fullmatch(pattern, text):
            raise ChartError(origin, f"code {code!r} of column {self.name!r} does not look like a result code",
                             allowed=f"text matching {pattern}")
        return text

    def with_codes(self, codes: Mapping[str, str], origin: str) -> "Column":
        """This column with ``codes`` declared too (a code declared again takes the new meaning)."""
        if self.type != "code":
            raise ChartError(origin, f"column {self.name!r} holds {self.type} values, not codes")
        merged = dict(self.codes)
        for code, meaning in codes.items():
            code = self.check_code_name(code, origin)
            if not isinstance(meaning, str) or not meaning.strip():
                raise ChartError(origin, f"code {code!r} of column {self.name!r} needs a short meaning",
                                 allowed="code: meaning, e.g. 'X: destroyed'")
            clash = [c for c in merged if c.lower() == code.lower() and c != code]
            for c in clash:
                del merged[c]
            merged[code] = meaning.strip()
        return replace(self, codes=tuple(merged.items()))

    def check(self, value: Any, origin: str, cell: str) -> Any:
        if self.type == "enum":
            text = str(value).strip().lower()
            if text in self.allowed:
                return text
            close = difflib.get_close_matches(text, list(self.allowed), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ChartError(origin, f"{value!r} is not an allowed value{hint}", cell, list(self.allowed))
        if self.type == "code":
            text = str(value).strip()
            for code in self.code_names:
                if code == text:
                    return code
            for code in self.code_names:
                if code.lower() == text.lower():
                    return code
            close = difflib.get_close_matches(text, list(self.code_names), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ChartError(origin, f"{value!r} is not a declared code of column {self.name!r}{hint}", cell,
                             self.describe_allowed())
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

    def to_dict(self) -> dict:
        out: dict = {"name": self.name, "type": self.type}
        if self.type == "enum":
            out["allowed"] = list(self.allowed)
        elif self.type == "int":
            out["bounds"] = list(self.bounds)
        else:
            out["codes"] = dict(self.codes)
            if self.pattern:
                out["pattern"] = self.pattern
        return out


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

    def axis(self, name: str) -> Axis:
        for a in self.rows:
            if a.name == name:
                return a
        raise KeyError(f"chart {self.id!r} has no row axis {name!r}; axes: {', '.join(self.axis_names)}")

    def row_keys(self) -> list[tuple]:
        """Every row key of the listed axis values, in order (the product of the axes)."""
        keys: list[tuple] = [()]
        for axis in self.rows:
            keys = [k + (v,) for k in keys for v in axis.values]
        return keys

    def row_sort_key(self, row: tuple) -> tuple:
        return tuple(a.sort_key(v) for a, v in zip(self.rows, row))

    def cell_id(self, row: tuple, column: str) -> str:
        """A cell's readable id: the row values and the column joined by ``/`` (``jul-aug/10/asterisks``)."""
        return "/".join([*map(str, row), column])

    @property
    def size(self) -> int:
        return len(self.row_keys()) * len(self.columns)

    @property
    def code_columns(self) -> tuple[Column, ...]:
        return tuple(c for c in self.columns if c.type == "code")

    def with_codes(self, declared: Mapping, origin: str) -> "ChartSchema":
        """This schema with the codes a chart file declares, ``{column: {code: meaning}}``."""
        if not isinstance(declared, Mapping):
            raise ChartError(origin, "'codes' must map a column to its codes and their meanings",
                             allowed=[c.name for c in self.code_columns])
        columns = list(self.columns)
        for name, codes in declared.items():
            try:
                i = self.column_names.index(str(name))
            except ValueError:
                raise ChartError(origin, f"'codes' names no code column {name!r}",
                                 allowed=[c.name for c in self.code_columns]) from None
            if not isinstance(codes, Mapping):
                raise ChartError(origin, f"the codes of column {name!r} must be a mapping code: meaning")
            columns[i] = columns[i].with_codes({str(k): v for k, v in codes.items()}, origin)
        return replace(self, columns=tuple(columns))

    def declared_codes(self) -> dict[str, dict[str, str]]:
        """``{column: {code: meaning}}`` for every code column that declares any."""
        return {c.name: dict(c.codes) for c in self.code_columns if c.codes}

    # -- (de)serialisation ------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "rule": str(self.rule) if self.rule else None,
            "rows": [{"name": a.name, "values": list(a.values), **({"pattern": a.pattern} if a.pattern else {})}
                     for a in self.rows],
            "columns": [c.to_dict() for c in self.columns],
        }

    @classmethod
    def from_dict(cls, data: Mapping, origin: str = "<schema>") -> "ChartSchema":
        """Read a schema: ``{id, rule, rows: [{name, values, pattern?}], columns: [{name, type,
        allowed|bounds|codes+pattern}]}``. ``values`` may be a list or ``{from: 1, to: 13}``."""
        if not isinstance(data, Mapping):
            raise ChartError(origin, "the schema must be a mapping")
        try:
            rule = RuleRef.parse(data["rule"]) if data.get("rule") else None
            rows = []
            for a in data["rows"]:
                values = a["values"]
                if isinstance(values, Mapping):
                    values = list(range(int(values["from"]), int(values["to"]) + 1))
                pattern = a.get("pattern")
                if pattern is not None:
                    re.compile(str(pattern))
                rows.append(Axis(str(a["name"]), tuple(values), str(pattern) if pattern is not None else None))
            columns = []
            for c in data["columns"]:
                kind = c.get("type", "enum")
                if kind not in VALUE_TYPES:
                    raise ChartError(origin, f"column {c.get('name')!r} has unknown type {kind!r}",
                                     allowed=list(VALUE_TYPES))
                bounds = tuple(c.get("bounds", (None, None)))
                pattern = c.get("pattern")
                if pattern is not None:
                    re.compile(str(pattern))
                column = Column(str(c["name"]), kind, tuple(str(v) for v in c.get("allowed", ())),
                                (bounds[0], bounds[1]), (), str(pattern) if pattern is not None else None)
                if kind == "code" and c.get("codes"):
                    column = column.with_codes(c["codes"], origin)
                columns.append(column)
            return cls(str(data["id"]), rule, tuple(rows), tuple(columns))
        except (KeyError, TypeError, ValueError, re.error) as exc:
            if isinstance(exc, ChartError):
                raise
            raise ChartError(origin, f"malformed schema ({exc!s})") from None


__all__ = ["Axis", "ChartError", "ChartSchema", "Column", "DEFAULT_CODE_PATTERN", "UnknownCell", "VALUE_TYPES"]
