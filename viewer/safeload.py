"""Reading what comes from outside the program: uploads, text boxes, saved files (docs/security.md).

Everything a visitor hands the server is *content*, never a path, and is bounded before it is
parsed:

- :func:`check_size` refuses text past a per-kind limit (:data:`MAX_BYTES`), naming the limit;
- :func:`decode` turns bytes into text: UTF-8 (with or without a byte-order mark), UTF-16 with a
  mark, else Windows-1252/Latin-1 with a note saying so; binary data is refused; every line ending
  (CR LF, CR) becomes LF;
- :func:`load_yaml` parses YAML with no anchors or aliases (the "billion laughs" bomb), at most
  :data:`MAX_DEPTH` levels of nesting and :data:`MAX_NODES` values, safe tags only;
- :func:`csv_rows` reads CSV with bounded rows and fields.

Every fault is a :class:`LoadError` naming the file (``origin``), the fault and what is allowed.
Paths are opened only by trusted callers: the command line runs inside :func:`trusted_paths`, and
loaders that accept a path check :func:`paths_trusted` first.
"""
from __future__ import annotations

import contextvars
import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import yaml

from viewer.errors import ViewerError

KIB = 1024
#: The largest file of each kind the server accepts, in bytes.
MAX_BYTES = {
    "scenario": 256 * KIB,
    "chart": 512 * KIB,
    "preset": 64 * KIB,
    "profiles": 256 * KIB,
    "table": 256 * KIB,
    "rulebook": 4 * 1024 * KIB,
    "settings": 1024 * KIB,
}
#: Deepest nesting of lists and mappings a YAML file may have.
MAX_DEPTH = 24
#: Most values (scalars, lists, mappings) one YAML file may hold.
MAX_NODES = 100_000
#: Most rows, and the longest field, of a CSV file.
MAX_CSV_ROWS = 20_000
MAX_CSV_FIELD = 4 * KIB

_TRUSTED = contextvars.ContextVar("wargame_viewer_paths_trusted", default=False)


class LoadError(ViewerError):
    """Content that cannot be read: ``parameter`` is the file (its name or where it came from)."""

    @property
    def origin(self) -> str:
        return self.parameter or ""


@contextmanager
def trusted_paths() -> Iterator[None]:
    """Within this block, loaders may open a file path they are given (the command line, tests)."""
    token = _TRUSTED.set(True)
    try:
        yield
    finally:
        _TRUSTED.reset(token)


def paths_trusted() -> bool:
    """Whether the running code may open paths it is handed (False in every web session)."""
    return _TRUSTED.get()


def size_text(n: int) -> str:
    return f"{n // (1024 * KIB)} MB" if n >= 1024 * KIB and n % (1024 * KIB) == 0 else f"{n // KIB} KB"


def check_size(data: bytes | str, kind: str, origin: str) -> None:
    """Refuse ``data`` when it is larger than the limit for ``kind``."""
    limit = MAX_BYTES[kind]
    size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
    if size > limit:
        raise LoadError(origin, f"the file is {size_text(size)} large; a {kind} file may be at most "
                                f"{size_text(limit)}", f"at most {size_text(limit)}")


@dataclass(frozen=True)
class Decoded:
    """Text decoded from bytes, the encoding used and whether it was UTF-8."""

    text: str
    encoding: str

    @property
    def utf8(self) -> bool:
        return self.encoding.startswith("utf-8")


_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


def decode(raw: bytes | str, origin: str, kind: str | None = None) -> Decoded:
    """Text of ``raw``: see the module's docstring. ``kind`` bounds the size first."""
    if isinstance(raw, str):
        if kind:
            check_size(raw, kind, origin)
        return Decoded(normalise_newlines(raw), "utf-8")
    if kind:
        check_size(raw, kind, origin)
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            try:
                return Decoded(normalise_newlines(raw.decode(encoding)), encoding)
            except UnicodeDecodeError as exc:
                raise LoadError(origin, f"the file starts as {encoding} text but byte {exc.start} is "
                                        "not valid there", "UTF-8 text") from None
    if b"\x00" in raw:
        raise LoadError(origin, "the file holds binary data (NUL bytes), not text", "a UTF-8 text file")
    try:
        return Decoded(normalise_newlines(raw.decode("utf-8")), "utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return Decoded(normalise_newlines(raw.decode("cp1252")), "cp1252")
    except UnicodeDecodeError:
        return Decoded(normalise_newlines(raw.decode("latin-1")), "latin-1")


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader with no aliases, bounded nesting and a bounded number of values."""

    def __init__(self, stream, origin: str, max_nodes: int, max_depth: int):
        super().__init__(stream)
        self._origin, self._max_nodes, self._max_depth = origin, max_nodes, max_depth
        self._nodes, self._depth = 0, 0

    def _fail(self, message: str, allowed: str, event=None) -> None:
        mark = getattr(event, "start_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise LoadError(f"{self._origin}{where}", message, allowed)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self._fail("anchors and aliases (*name) are not allowed in uploaded files",
                       "write each value out in full", event)
        if getattr(event, "anchor", None) is not None:
            self._fail("anchors (&name) are not allowed in uploaded files", "write each value out in full", event)
        self._nodes += 1
        if self._nodes > self._max_nodes:
            self._fail(f"the file holds more than {self._max_nodes:,} values", f"at most {self._max_nodes:,}", event)
        nests = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if nests:
            self._depth += 1
            if self._depth > self._max_depth:
                self._fail(f"lists and mappings are nested more than {self._max_depth} deep",
                           f"at most {self._max_depth} levels", event)
        try:
            return super().compose_node(parent, index)
        finally:
            if nests:
                self._depth -= 1

    def construct_mapping(self, node, deep=False):
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self._fail("a mapping key must be a plain value, not a list or mapping",
                           "a name or a number", key_node)
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str | bytes, origin: str, kind: str | None = None, *,
              max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse one YAML document from outside the program (see the module's docstring)."""
    if isinstance(text, bytes):
        text = decode(text, origin, kind).text
    elif kind:
        check_size(text, kind, origin)
    loader = None
    try:
        if _FAST:
            _check_events(text, origin, max_nodes, max_depth)
            return yaml.load(text, Loader=yaml.CSafeLoader)  # noqa: S506 - the C build of the safe loader
        loader = _BoundedLoader(text, origin, max_nodes, max_depth)
        return loader.get_single_data()
    except LoadError:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise LoadError(f"{origin}{where}", f"not valid YAML ({problem})", "YAML text") from None
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a timestamp out of range
        raise LoadError(origin, f"a value cannot be read ({exc})", "YAML text") from None
    finally:
        if loader is not None:
            loader.dispose()


_FAST = bool(getattr(yaml, "__with_libyaml__", False))


def _check_events(text: str, origin: str, max_nodes: int, max_depth: int) -> None:
    """The bounds of :class:`_BoundedLoader`, checked on libyaml's event stream before loading."""
    def fail(message: str, allowed: str, event) -> None:
        raise LoadError(f"{origin}, line {event.start_mark.line + 1}", message, allowed)

    stack: list[list] = []  # [is_mapping, items seen]
    nodes = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            stack.pop()
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        if isinstance(event, yaml.AliasEvent):
            fail("anchors and aliases (*name) are not allowed in uploaded files", "write each value out in full", event)
        if event.anchor is not None:
            fail("anchors (&name) are not allowed in uploaded files", "write each value out in full", event)
        nodes += 1
        if nodes > max_nodes:
            fail(f"the file holds more than {max_nodes:,} values", f"at most {max_nodes:,}", event)
        nests = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if stack:
            parent = stack[-1]
            if parent[0] and parent[1] % 2 == 0 and nests:
                fail("a mapping key must be a plain value, not a list or mapping", "a name or a number", event)
            parent[1] += 1
        if nests:
            stack.append([isinstance(event, yaml.MappingStartEvent), 0])
            if len(stack) > max_depth:
                fail(f"lists and mappings are nested more than {max_depth} deep", f"at most {max_depth} levels", event)


def load_mapping(text: str | bytes, origin: str, kind: str | None = None) -> dict:
    """:func:`load_yaml` for a file that must hold a mapping with plain keys."""
    data = load_yaml(text, origin, kind)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise LoadError(origin, f"expected a mapping of names to values, found {_kind(data)}",
                        "name: value lines")
    return data


def _kind(value: Any) -> str:
    return {list: "a list", str: "a single text", int: "a number", float: "a number",
            bool: "true/false"}.get(type(value), type(value).__name__)


def csv_rows(text: str, origin: str, *, max_rows: int = MAX_CSV_ROWS,
             max_field: int = MAX_CSV_FIELD) -> list[dict[str, str]]:
    """Rows of a CSV text with a header line, as ``{column: text}``; bounded rows and fields.
    A header line with tabs and no comma reads the text as tab-separated (cells pasted from a
    spreadsheet)."""
    text = normalise_newlines(text)
    first = next((line for line in text.split("\n") if line.strip() and not line.startswith("#")), "")
    delimiter = "\t" if "\t" in first and "," not in first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[dict[str, str]] = []
    header: list[str] | None = None
    allowed = f"comma- or tab-separated values, fields of at most {size_text(max_field)}"
    try:
        for record in reader:
            if any(len(v) > max_field for v in record):
                raise LoadError(f"{origin}, line {reader.line_num}",
                                f"a field is longer than {size_text(max_field)}", allowed)
            if header is None:
                header = [h.strip() for h in record]
                continue
            if not any(v.strip() for v in record):
                continue
            if len(rows) >= max_rows:
                raise LoadError(f"{origin}, line {reader.line_num}", f"more than {max_rows:,} rows",
                                f"at most {max_rows:,} rows")
            rows.append({h: v.strip() for h, v in zip(header, record) if h})
    except csv.Error as exc:
        raise LoadError(f"{origin}, line {reader.line_num}", f"not valid CSV ({exc})", allowed) from None
    return rows
