"""What no visible text may hold: a Python value printed as it is, an internal key, a chance in
another format than ``format.percent`` (docs/NOTES.md; read by the browser walk and by the
in-process walk of every calculator input)."""
from __future__ import annotations

import re

#: A Python value printed as it is: a dict or list repr, None, True, False.
PYTHON_VALUE = re.compile(r"\{'|\['|\{\}|\[\]|\bNone\b|\bTrue\b|\bFalse\b")
#: Keys no sentence holds: ``attack:clear``, ``last_asterisks``.
KEY_LIKE = re.compile(r"\b[a-z]+:[a-z][a-z0-9-]*\b|\b[a-z]+(?:_[a-z0-9]+)+\b")
#: A chance in another format than ``format.percent`` (one decimal, no space): ``58.33%``, ``12.5 %``.
OTHER_PERCENT = re.compile(r"\d\.\d{2,}\s?%|\d\s%")


def _option_keys() -> set[str]:
    """Every calculator choice that is a slug (``baltic-states``, ``jul-aug``): shown as it is, it
    is an internal key, not a word (the cards show its label)."""
    import param

    from viewer.calculators import REGISTRY

    keys: set[str] = set()
    for cls in REGISTRY.values():
        for name in cls.input_names():
            p = cls.param[name]
            if isinstance(p, param.Selector):
                keys |= {o for o in p.objects if isinstance(o, str) and re.search(r"[-:./_]", o)}
    return keys


OPTION_KEYS = _option_keys()
OPTION_KEY = re.compile(r"(?<![\w./-])(" + "|".join(map(re.escape, sorted(OPTION_KEYS, key=len, reverse=True)))
                        + r")(?![\w/-])") if OPTION_KEYS else None


def bad_text(text: str) -> list[str]:
    """The Python values and internal keys in one visible text (empty: the text reads well)."""
    found = [m.group(0) for m in PYTHON_VALUE.finditer(text)]
    found += [m.group(0) for m in KEY_LIKE.finditer(text)]
    found += [m.group(0) for m in OTHER_PERCENT.finditer(text)]
    if OPTION_KEY is not None:
        found += [m.group(0) for m in OPTION_KEY.finditer(text)]
    return found
