"""The maps the World in Flames app shows (``?map=``), and its answer to a wrong one."""
from __future__ import annotations

from viewer.views.common.text import label

#: Maps the WiF app can show (``?map=``), the default first.
MAPS = ("europe", "wif-world")
DEFAULT_MAP = "europe"


def choose_map(value, available=None) -> tuple[str, str | None]:
    """The map to show for URL value ``value`` (``?map=``): ``(name, None)``, or the default and
    the refused value when ``value`` is not one of ``available`` (default :data:`MAPS`)."""
    available = list(MAPS if available is None else available)
    if isinstance(value, (bytes, bytearray)):
        value = value.decode("utf-8", errors="replace")
    if value is None or value == "":
        return DEFAULT_MAP, None
    value = str(value).strip()
    if value in available:
        return value, None
    return DEFAULT_MAP, value


def map_choice_message(value: str, lang: str, available=None) -> str:
    """The message for a refused ``?map=`` value: what was asked, the allowed maps, the map shown."""
    allowed = ", ".join(MAPS if available is None else available)
    return label("map.choice.bad", lang, value=value, allowed=allowed, default=DEFAULT_MAP)


def report_map_choice(shell, refused: str, available=None) -> None:
    """Show the message for a refused ``?map=`` value in ``shell``'s banner (an AppShell), worded
    again in the new language whenever the session's language changes."""
    def report(*_):
        shell.report(map_choice_message(refused, shell.state.lang, available))

    report()
    shell.state.param.watch(report, "lang")
