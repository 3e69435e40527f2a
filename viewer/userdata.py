"""User data: presets, charts, scenarios and settings kept in a per-user folder.

The folder is ``platformdirs.user_data_dir("wargame-viewer")`` unless the environment variable
``WARGAME_VIEWER_DATA`` names another (tests and classroom servers use it). Files are YAML,
written atomically so a crash never leaves half a file, and read back with errors that name the
file and the fault. Everything survives a server restart. A saved file that cannot be read is
moved aside (``<name>.yaml.unreadable-<time>``), never overwritten, and the error says where it went
(docs/security.md).
"""
from __future__ import annotations

import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from viewer.errors import Refusal
from viewer.safeload import LoadError, decode, load_mapping

ENV_VAR = "WARGAME_VIEWER_DATA"
KINDS = ("settings", "presets", "charts", "scenarios")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.\-]{0,63}$")


class UserDataError(Refusal):
    """A bad name or a malformed file; the message says which and what is allowed."""


class UnreadableSave(UserDataError):
    """A saved file that could not be read; it was moved to ``backup`` so nothing overwrites it."""

    def __init__(self, message: str, path: Path, backup: Path | None):
        super().__init__(message)
        self.path, self.backup = path, backup


def base_dir() -> Path:
    """The data folder of this installation: ``WARGAME_VIEWER_DATA`` or the platform's user data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("wargame-viewer", appauthor=False))


#: Folder name of the visitor the running code serves, or None outside a served page (set by the
#: views layer: docs/deploy.md "Whose data is it").
_visitor: Callable[[], str | None] | None = None
_VISITOR_NAME = re.compile(r"^(user|browser)-[0-9a-f]{32}$")


def set_visitor_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Register how to tell which visitor the running code serves (the server's session)."""
    global _visitor
    _visitor = resolver


def visitor_dir(name: str) -> Path:
    """The data folder of one visitor of a served page: ``<base>/visitors/<name>``."""
    if not _VISITOR_NAME.match(name):
        raise UserDataError(f"bad visitor folder name {name!r}")
    return base_dir() / "visitors" / name


def data_dir() -> Path:
    """The data folder of whoever the running code serves: a served page's visitor has one of
    their own (:func:`visitor_dir`); the command line, notebooks and tests use :func:`base_dir`."""
    name = _visitor() if _visitor is not None else None
    return visitor_dir(name) if name else base_dir()


def check_name(name: str) -> str:
    if not isinstance(name, str) or not _NAME.match(name) or name.endswith((".", " ")):
        raise UserDataError(
            f"bad name {name!r}: use 1 to 64 letters, digits, spaces, '_', '-' or '.', "
            "starting with a letter or digit"
        )
    return name


class UserStore:
    """Named YAML documents by kind (and optional group, e.g. a calculator slug)."""

    def __init__(self, root: Path | str | None = None):
        self.root = Path(root) if root is not None else data_dir()

    def _folder(self, kind: str, group: str | None) -> Path:
        if kind not in KINDS:
            raise UserDataError(f"unknown kind {kind!r}; allowed: {', '.join(KINDS)}")
        folder = self.root / kind
        return folder / check_name(group) if group else folder

    def path(self, kind: str, name: str, group: str | None = None) -> Path:
        return self._folder(kind, group) / f"{check_name(name)}.yaml"

    def save(self, kind: str, name: str, data: dict, group: str | None = None) -> Path:
        """Write ``data`` as YAML, atomically; returns the file's path."""
        if not isinstance(data, dict):
            raise UserDataError(f"expected a mapping to save, got {type(data).__name__}")
        target = self.path(kind, name, group)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".yaml")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def load(self, kind: str, name: str, group: str | None = None) -> dict:
        """The saved document; one that cannot be read is moved aside and :class:`UnreadableSave`
        names the file, the fault and the backup."""
        path = self.path(kind, name, group)
        if not path.exists():
            raise UserDataError(f"{path}: no such saved {kind[:-1] if kind.endswith('s') else kind}")
        try:
            return load_mapping(decode(path.read_bytes(), str(path), "settings").text, str(path))
        except LoadError as err:
            raise self.unreadable(path, f"{err.origin}: {err.message}") from None

    def unreadable(self, path: Path, fault: str) -> UnreadableSave:
        """Move the saved file ``path`` aside as a backup and return the error that says so."""
        target = path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
        backup: Path | None = target
        try:
            os.replace(path, target)
        except OSError:
            backup = None
        kept = f"; it was kept as {backup.name}" if backup else ""
        return UnreadableSave(f"{fault}{kept}", path, backup)

    def set_aside(self, kind: str, name: str, fault: str, group: str | None = None) -> UnreadableSave:
        """For a saved file that parsed but does not fit (a caller's own check failed)."""
        return self.unreadable(self.path(kind, name, group), fault)

    def names(self, kind: str, group: str | None = None) -> list[str]:
        folder = self._folder(kind, group)
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.yaml") if not p.name.startswith("."))

    def delete(self, kind: str, name: str, group: str | None = None) -> None:
        self.path(kind, name, group).unlink(missing_ok=True)


def parse_yaml_mapping(text: str | bytes, origin: str) -> dict:
    """Parse YAML that must hold a mapping (bounded: viewer.safeload); errors name ``origin``."""
    try:
        return load_mapping(text, origin, "settings")
    except LoadError as err:
        raise UserDataError(f"{err.origin}: {err.message}") from None
