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
KINDS = ("settings", "presets", "charts", "scenarios", "lessons")
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

    def restore(self, kind: str, name: str, apply: Callable[[dict], object],
                faults: tuple[type[Exception], ...], group: str | None = None) -> str:
        """Hand the saved document to ``apply``; "" when it was used or none is saved, else the
        problem. A file that cannot be read, or that ``apply`` refuses by raising one of
        ``faults``, is set aside (never overwritten in silence) and the message names the file."""
        try:
            if not self.path(kind, name, group).exists():
                return ""
            data = self.load(kind, name, group)
        except UserDataError as err:
            return str(err)
        try:
            apply(data)
        except faults as err:
            return str(self.set_aside(kind, name, f"{self.path(kind, name, group)}: {err}", group))
        return ""

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

    def names(self, kind: str, group: str | None = None, game: str | None = None) -> list[str]:
        """The saved documents of ``kind`` (in ``group``); ``game``: only those :func:`owner` gives
        that game, so that one game never lists another's saves of the same kind."""
        folder = self._folder(kind, group)
        if not folder.is_dir():
            return []
        found = sorted(p.stem for p in folder.glob("*.yaml") if not p.name.startswith("."))
        return found if game is None else [n for n in found if owner(kind, group, n) == game]

    def delete(self, kind: str, name: str, group: str | None = None) -> None:
        self.path(kind, name, group).unlink(missing_ok=True)


    def items(self, game: str | None = None) -> list[Item]:
        """Every saved document as ``(kind, group, name)``; ``game``: only that game's (:func:`owner`)."""
        out: list[Item] = []
        for kind in KINDS:
            folder = self.root / kind
            if not folder.is_dir():
                continue
            for path in sorted(folder.rglob("*.yaml")):
                rel = path.relative_to(folder).parts
                if path.name.startswith(".") or path.is_symlink() or len(rel) > 2:
                    continue
                group = rel[0] if len(rel) == 2 else None
                if not _NAME.match(path.stem) or (group is not None and not _NAME.match(group)):
                    continue
                if game is None or owner(kind, group, path.stem) == game:
                    out.append((kind, group, path.stem))
        return out

    def reset(self, game: str) -> list[Item]:
        """Delete every saved document of ``game`` (:func:`owner`); returns what was deleted."""
        gone = self.items(game)
        for kind, group, name in gone:
            self.delete(kind, name, group)
        return gone


def parse_yaml_mapping(text: str | bytes, origin: str) -> dict:
    """Parse YAML that must hold a mapping (bounded: viewer.safeload); errors name ``origin``."""
    try:
        return load_mapping(text, origin, "settings")
    except LoadError as err:
        raise UserDataError(f"{err.origin}: {err.message}") from None


# -- a game's saved work: what a reset clears and a share offers ----------------------------------
Item = tuple[str, str | None, str]  # (kind, group or None, name)


def owner(kind: str, group: str | None, name: str) -> str | None:
    """The game a saved document belongs to: the game id its group or name starts with (``wif.``,
    ``use-``, ``churchill``: viewer/games.py), else the game that names that kind of work freely
    (``Game.named_saves``), else None."""
    from viewer.games import GAMES

    prefixed = _prefix_game(group or name)
    if prefixed:
        return prefixed
    for gid, g in GAMES.items():
        if kind in g.named_saves:
            return gid
    return None


# -- sharing by link: read-only copies in <base>/shared/ ------------------------------------------
TOKEN = re.compile(r"^[A-Za-z0-9_-]{24,64}$")
#: The largest share a link may hold (the documents' YAML, together).
MAX_SHARE_BYTES = 2_000_000
SHARE_FORMAT = 1


class ShareError(UserDataError):
    """A shared link that is malformed, unknown or holds something that is not saved work."""


def shared_dir() -> Path:
    """Where shared copies are kept: ``<base>/shared/``, written only by :func:`share`, never by a
    visitor's store (whose folders are ``<base>/visitors/<id>/<kind>``)."""
    return base_dir() / "shared"


def check_token(token: str) -> str:
    if not isinstance(token, str) or not TOKEN.match(token):
        shown = token if isinstance(token, str) else type(token).__name__
        raise ShareError(f"bad shared link {shown[:80]!r}: a link's token is 24 to 64 letters, digits, "
                         "'-' or '_', as the Share button gives it")
    return token


def share(store: "UserStore", items: list[Item], title: str = "") -> str:
    """Keep a read-only copy of ``items`` of ``store`` under a new random token; returns the token.

    The copy is written once (a file that exists is never replaced) and made read-only; a later
    change to the originals does not change what the link gives."""
    if not items:
        raise ShareError("nothing to share: pick at least one saved item")
    documents = []
    for kind, group, name in items:
        documents.append({"kind": kind, "group": group, "name": name, "data": store.load(kind, name, group)})
    bundle = {"format": SHARE_FORMAT, "title": str(title)[:200], "created": time.strftime("%Y-%m-%dT%H:%M:%SZ",
              time.gmtime()), "documents": documents}
    text = yaml.safe_dump(bundle, sort_keys=False, allow_unicode=True)
    if len(text.encode()) > MAX_SHARE_BYTES:
        raise ShareError(f"too much to share in one link: {len(text.encode()):,} bytes, at most {MAX_SHARE_BYTES:,}")
    folder = shared_dir()
    folder.mkdir(parents=True, exist_ok=True)
    import secrets

    for _ in range(5):
        token = secrets.token_urlsafe(24)  # 32 characters
        target = folder / f"{token}.yaml"
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        return token
    raise ShareError("could not find a free token for the link; try again")


def open_shared(token: str) -> dict:
    """The bundle a link's token names: ``{"title", "created", "documents": [{kind, group, name, data}]}``;
    :class:`ShareError` names what is wrong (bad token, no such link, a broken bundle)."""
    path = shared_dir() / f"{check_token(token)}.yaml"
    if not path.is_file() or path.is_symlink():
        raise ShareError(f"no shared work under the link {token!r}: it was never made on this server, "
                         "or it was withdrawn")
    raw = path.read_bytes()
    if len(raw) > MAX_SHARE_BYTES:
        raise ShareError(f"the shared work under {token!r} is too large ({len(raw):,} bytes)")
    try:
        bundle = load_mapping(decode(raw, "shared link", "settings").text, f"shared link {token}", "settings")
    except LoadError as err:
        raise ShareError(f"the shared work under {token!r} cannot be read: {err.message}") from None
    docs = bundle.get("documents")
    if bundle.get("format") != SHARE_FORMAT or not isinstance(docs, list) or not docs:
        raise ShareError(f"the shared work under {token!r} is not a share of this program (format {SHARE_FORMAT})")
    for doc in docs:
        if not isinstance(doc, dict) or doc.get("kind") not in KINDS or not isinstance(doc.get("data"), dict):
            raise ShareError(f"the shared work under {token!r} holds an entry that is not saved work; "
                             f"allowed kinds: {', '.join(KINDS)}")
        check_name(doc["name"] if isinstance(doc.get("name"), str) else "")
        if doc.get("group") is not None:
            check_name(doc["group"])
    return bundle


def copy_shared(token: str, store: "UserStore") -> list[Item]:
    """Copy the shared work of ``token`` into ``store`` (the visitor's own); returns what was written.

    A document with a game's fixed name (a board, a chart of the rules) replaces the visitor's own:
    opening the link loads the shared board. One the user named (a WiF scenario) that would replace
    a different document of the same name is written as ``<name> shared`` instead."""
    written: list[Item] = []
    for doc in open_shared(token)["documents"]:
        kind, group, name, data = doc["kind"], doc.get("group"), doc["name"], doc["data"]
        fixed = _prefix_game(group or name) is not None
        if not fixed and store.path(kind, name, group).exists():
            try:
                same = store.load(kind, name, group) == data
            except UserDataError:
                same = False
            if not same:
                name = check_name(f"{name[:57]} shared")
        store.save(kind, name, data, group)
        written.append((kind, group, name))
    return written


def _prefix_game(key: str) -> str | None:
    """The game whose id ``key`` is or starts with (``wif.weather``, ``use-france-1940``), or None."""
    from viewer.games import GAME_IDS

    for gid in GAME_IDS:
        if key == gid or key.startswith((f"{gid}.", f"{gid}-")):
            return gid
    return None
