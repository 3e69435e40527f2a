"""The command line: ``wargame-viewer VERB [ARGS] [--options]`` (or ``python -m viewer ...``),
results as JSON on stdout.

Verbs are small functions that add a subparser; a later verb (``supply``, ``index`` …) adds its
own ``configure_<verb>`` to :data:`VERBS`. Bad input exits with status 2 and prints
``{"error": {"parameter", "message", "allowed"}}`` on stderr, never a traceback; usage texts name
the program as it was run (:func:`program_name`); ``--version`` prints the package's version.
``serve`` runs the pages with Panel's server (viewer/apps).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from viewer.errors import ViewerError
from viewer.i18n import DEFAULT_LANGUAGE, LANGUAGES
from viewer.safeload import trusted_paths

EXIT_OK, EXIT_BAD_INPUT = 0, 2


class InputError(ViewerError):
    """Bad command-line input; carries the ``{"parameter", "message", "allowed"}`` triple."""

    def __init__(self, parameter: str | None, message: str, allowed: Any = None):
        super().__init__(parameter, message, allowed, text=message)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`InputError` (printed as JSON)."""

    def error(self, message: str):  # noqa: D401 - argparse API
        m = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$", message)
        if m:
            name = m.group(1).split("/")[-1].lstrip("-").lower()
            allowed = [c.strip().strip("'") for c in m.group(3).split(",")]
            raise InputError(name, f"{self.prog}: {m.group(2)!r} is not a known {name}", allowed)
        raise InputError(None, f"{self.prog}: {message}")


def emit(data: Any, stream=None) -> None:
    stream = stream or sys.stdout
    stream.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def emit_error(err: ViewerError) -> int:
    """Print ``err`` as JSON on stderr; returns the bad-input status."""
    emit(err.to_json(), sys.stderr)
    return EXIT_BAD_INPUT


# -- calc -----------------------------------------------------------------------------------------
def parse_pairs(pairs: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """``["a=1", "b=x y"]`` -> ``{"a": "1", "b": "x y"}``; malformed or repeated -> InputError."""
    raw: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError(key or pair, f"expected key=value, not {pair!r}", list(names))
        if key in raw:
            raise InputError(key, f"{key!r} is given twice", list(names))
        raw[key] = value
    return raw


def run_calc(args: argparse.Namespace) -> int:
    from viewer.calculators import REGISTRY, CalculatorInputError, get

    if args.list:
        for slug in sorted(REGISTRY):
            print(slug)
        return EXIT_OK
    if not args.slug:
        raise InputError("calculator", "name a calculator (or use --list)", sorted(REGISTRY))
    try:
        cls = get(args.slug)
        raw = parse_pairs(args.inputs, cls.input_names())
        calc = cls.from_inputs(**raw)
        emit(calc.to_json(args.lang))
    except CalculatorInputError as err:
        raise InputError(err.parameter, err.message, err.to_json()["error"]["allowed"]) from None
    return EXIT_OK


def configure_calc(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("calc", help="run a calculator and print its JSON result",
                       description="calc SLUG key=value ...  |  calc --list")
    p.add_argument("slug", nargs="?", help="calculator slug, e.g. core.dice")
    p.add_argument("inputs", nargs="*", metavar="key=value", help="calculator inputs")
    p.add_argument("--list", action="store_true", help="print every calculator slug, one a line")
    p.add_argument("--lang", default=DEFAULT_LANGUAGE, choices=LANGUAGES,
                   help="language of the step texts")
    p.set_defaults(run=run_calc)


# -- index ----------------------------------------------------------------------------------------
def run_index(args: argparse.Namespace) -> int:
    from pathlib import Path

    from viewer.reference.indexer import decode, index_text

    path = Path(args.rulebook)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError("rulebook", f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = decode(raw)
    except ValueError as exc:
        raise InputError("rulebook", f"{path} is not a plain-text file: {exc}") from None
    emit(index_text(text, args.game).to_json())
    return EXIT_OK


def configure_index(sub: argparse._SubParsersAction) -> None:
    from viewer import GAMES

    p = sub.add_parser("index", help="split your own plain-text rulebook into its numbered sections",
                       description="index RULEBOOK.txt --game wif")
    p.add_argument("rulebook", help="path of a plain-text rulebook (UTF-8 or Latin-1)")
    p.add_argument("--game", required=True, choices=list(GAMES),
                   help="the game, which sets the numbering style (e.g. 2.4.2, 4.23, 7.0)")
    p.set_defaults(run=run_index)


# -- supply ---------------------------------------------------------------------------------------
def run_supply(args: argparse.Namespace) -> int:
    """Every unit's supply (WiF 2.4) in a scenario file laid over a bundled map."""
    from viewer.board import MapFileError, bundled_maps, load_map
    from viewer.rules.wif.scenario import ScenarioError
    from viewer.rules.wif.scenario_io import load_scenario
    from viewer.rules.wif.supply import trace_all

    try:
        hexmap = load_map(args.map)
    except (MapFileError, FileNotFoundError, KeyError, ValueError) as exc:
        raise InputError("map", f"cannot load map {args.map!r}: {exc}", sorted(bundled_maps())) from None
    from viewer.state.wif.scenario import bundled_scenarios

    path = Path(args.scenario)
    bundled = bundled_scenarios()
    if not path.exists() and args.scenario in bundled:
        path = bundled[args.scenario]
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError("scenario", f"cannot read {args.scenario}: {exc.strerror or exc}",
                         ["a scenario file", *sorted(bundled)]) from None
    try:
        scenario = load_scenario(raw, hexmap, origin=str(args.scenario))
    except ScenarioError as err:
        raise InputError(err.parameter, err.message, err.to_json()["error"]["allowed"]) from None
    if scenario.map != hexmap.name:
        raise InputError("map", f"the scenario is for map {scenario.map!r}, not {hexmap.name!r}", [scenario.map])
    results = trace_all(hexmap, scenario)
    emit({"units": {uid: r.to_json() for uid, r in results.items()}})
    return EXIT_OK


def configure_supply(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("supply", help="trace every unit's supply in a WiF scenario (WiF 2.4)",
                       description="supply --map europe --scenario FILE.yaml (or a bundled scenario's name)")
    p.add_argument("--map", required=True, help="a bundled map name (e.g. europe) or a .gpkg path")
    p.add_argument("--scenario", required=True,
                   help="a scenario YAML file (maps/scenarios/README.md) or a bundled scenario's name")
    p.set_defaults(run=run_supply)


# -- lessons --------------------------------------------------------------------------------------
def run_lessons(args: argparse.Namespace) -> int:
    """``lessons list``: the shipped lessons; ``lessons check [FILE...]``: the validator
    (docs/lessons.md), every shipped lesson when no file is named; exit 2 on any problem."""
    import viewer.lessons as lessons

    if args.action == "list":
        if args.files:
            raise InputError("files", "lessons list takes no file; use --game to choose a game", [])
        emit({"lessons": [{"id": x.id, "title": x.title(args.lang), "examples": list(x.examples),
                           "rules": [str(r) for r in x.all_rules()], "steps": len(x.steps)}
                          for x in lessons.all_lessons(args.game)]})
        return EXIT_OK
    if args.files:
        report = {f: [p.to_json() for p in lessons.check_file(f)] for f in args.files}
    else:
        report = {x.id: [p.to_json() for p in lessons.check(x)] for x in lessons.all_lessons(args.game)}
    bad = sum(1 for v in report.values() if v)
    emit({"checked": len(report), "with_problems": bad,
          "lessons": {k: {"ok": not v, "problems": v} for k, v in report.items()}})
    return EXIT_BAD_INPUT if bad else EXIT_OK


def configure_lessons(sub: argparse._SubParsersAction) -> None:
    from viewer.games import GAME_IDS

    p = sub.add_parser("lessons", help="list the lessons or check lesson files (docs/lessons.md)",
                       description="python -m viewer lessons list [--game G] | lessons check [FILE.yaml ...]")
    p.add_argument("action", choices=["list", "check"], help="list the shipped lessons, or check lessons")
    p.add_argument("files", nargs="*", help="lesson YAML files to check (default: every shipped lesson)")
    p.add_argument("--game", choices=list(GAME_IDS), default=None, help="only this game's lessons")
    p.add_argument("--lang", choices=list(LANGUAGES), default=DEFAULT_LANGUAGE, help="language of the titles")
    p.set_defaults(run=run_lessons)


# -- serve ----------------------------------------------------------------------------------------
def _whole(args: argparse.Namespace, name: str, low: int, high: int, what: str) -> int:
    text = getattr(args, name.replace("-", "_"))
    if not text.isdigit() or not low <= int(text) <= high:
        raise InputError(name, f"{text!r} is not {what}", [low, high])
    return int(text)


def run_serve(args: argparse.Namespace) -> int:
    """Serve the pages (viewer/apps) with Panel's server until interrupted."""
    from viewer import apps

    unknown = [a for a in args.apps if a not in apps.names()]
    if unknown:
        raise InputError("app", f"{unknown[0]!r} is not an app", apps.names())
    port = _whole(args, "port", 1, 65535, "a port number")
    procs = _whole(args, "num-procs", 0, 64, "a number of server processes (0: one per CPU)")
    day = 86_400_000
    lifetime = _whole(args, "unused-session-lifetime", 1, day, "a number of milliseconds")
    keep_alive = _whole(args, "keep-alive", 0, day, "a number of milliseconds (0: no pings)")
    apps.serve(args.apps, port=port, address=args.address, num_procs=procs, show=args.show,
               allow_websocket_origin=args.allow_websocket_origin, unused_session_lifetime=lifetime,
               keep_alive=keep_alive)
    return EXIT_OK


def configure_serve(sub: argparse._SubParsersAction) -> None:
    from viewer import apps

    p = sub.add_parser("serve", help="serve the apps in a browser (Panel's server; Ctrl-C stops it)",
                       description="serve [APP ...] [--port N] [--address A] [--num-procs N] [--show] "
                                   "[--unused-session-lifetime MS] [--keep-alive MS]")
    p.add_argument("apps", nargs="*", metavar="APP",
                   help="pages to serve (default: all): index (the landing page, also at /), reference, "
                        "or a game id")
    p.add_argument("--port", default="5006", help="port to listen on (default 5006)")
    p.add_argument("--address", default="localhost",
                   help="address to listen on (default localhost: this computer only; 0.0.0.0 for the "
                        "network, with --allow-websocket-origin HOST:PORT)")
    p.add_argument("--num-procs", default="1", help="server processes (default 1; 0 = one per CPU)")
    p.add_argument("--allow-websocket-origin", action="append", default=[], metavar="HOST[:PORT]",
                   help="a host the visitors' browsers name (repeatable; default: the address and localhost)")
    p.add_argument("--show", action="store_true", help="open the landing page in a browser")
    p.add_argument("--unused-session-lifetime", default=str(apps.UNUSED_SESSION_LIFETIME_MS), metavar="MS",
                   help="milliseconds a page's session waits for its websocket before the server drops it "
                        f"(default {apps.UNUSED_SESSION_LIFETIME_MS}, for a class opening pages at once; "
                        "Bokeh's own is 15000)")
    p.add_argument("--keep-alive", default=str(apps.KEEP_ALIVE_MS), metavar="MS",
                   help=f"milliseconds between the server's pings to open pages (default {apps.KEEP_ALIVE_MS}, "
                        "under a proxy's idle timeout; 0: no pings)")
    p.set_defaults(run=run_serve)


#: One configure function per verb; each adds a subparser with ``set_defaults(run=...)``.
VERBS: list[Callable[[argparse._SubParsersAction], None]] = [configure_calc, configure_index, configure_lessons,
                                                             configure_serve, configure_supply]


def program_name() -> str:
    """How the user ran us: ``wargame-viewer`` (the installed script) or ``python -m viewer``."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return "wargame-viewer" if name.startswith("wargame-viewer") else "python -m viewer"


def build_parser() -> argparse.ArgumentParser:
    from viewer import __version__

    parser = _Parser(prog=program_name(),
                     description="wargame-viewer command line: VERB [ARGS] [--options], JSON on stdout")
    parser.add_argument("--version", action="version", version=f"wargame-viewer {__version__}")
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    for configure in VERBS:
        configure(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            verbs = sorted(parser._subparsers._group_actions[0].choices)  # noqa: SLF001
            raise InputError("verb", "name a verb", verbs)
        with trusted_paths():  # the command line may read the files it is named (docs/security.md)
            return args.run(args)
    except ViewerError as err:
        return emit_error(err)
    except RecursionError:
        return emit_error(InputError(None, "the input is nested too deeply to read"))
