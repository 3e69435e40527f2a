"""User data: presets, charts, scenarios and settings kept in a per-user folder.

The folder is ``platformdirs.user_data_dir("wargame-viewer")`` unless the environment variable
``WARGAME_VIEWER_DATA`` names another (tests and classroom servers use it). Files are YAML,
written atomically so a crash never leaves half a file, and read back with errors that name the
file and the fault. Everything survives a server restart.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import yaml

ENV_VAR = "WARGAME_VIEWER_DATA"
KINDS = ("settings", "presets", "charts", "scenarios")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.\-]{0,63}$")


class UserDataError(ValueError):
    """A bad name or a malformed file; the message says which and what is allowed."""


def data_dir() -> Path:
    """The per-user data folder (created on first use)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("wargame-viewer", appauthor=False))


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
        path = self.path(kind, name, group)
        if not path.exists():
            raise UserDataError(f"{path}: no such saved {kind[:-1] if kind.endswith('s') else kind}")
        return parse_yaml_mapping(path.read_text(encoding="utf-8"), str(path))

    def names(self, kind: str, group: str | None = None) -> list[str]:
        folder = self._folder(kind, group)
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.yaml") if not p.name.startswith("."))

    def delete(self, kind: str, name: str, group: str | None = None) -> None:
        self.path(kind, name, group).unlink(missing_ok=True)


def parse_yaml_mapping(text: str, origin: str) -> dict:
    """Parse YAML that must hold a mapping; errors name ``origin`` and the line."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise UserDataError(f"{origin}{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(data, dict):
        raise UserDataError(f"{origin}: expected a mapping of names to values, got {type(data).__name__}")
    return data
