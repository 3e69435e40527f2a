"""Panel's design shortcuts (viewer/views/common/panel_speed.py) send what Panel would send, and a
property update that changes no stylesheet no longer asks the design."""
from __future__ import annotations

import panel as pn
from panel.theme.base import Design

import viewer.views  # noqa: F401  (installs the shortcuts)
from viewer.views.common import panel_speed


def test_install_is_idempotent_and_modifiers_are_copies():
    panel_speed.install()
    panel_speed.install()
    design = pn.widgets.Button()._design
    theme = design.theme
    a, _ = type(design)._get_modifiers(pn.widgets.Button(), theme)
    b, _ = type(design)._get_modifiers(pn.widgets.Button(), theme)
    assert a == b and a is not b
    if "stylesheets" in a:
        a["stylesheets"].append("x.css")
        assert "x.css" not in b["stylesheets"]


def test_a_label_update_does_not_ask_the_design(monkeypatch):
    button = pn.widgets.Button(label="one")
    model = button.get_root()
    calls = []
    original = Design.params
    monkeypatch.setattr(Design, "params", lambda self, *a, **k: calls.append(1) or original(self, *a, **k))
    button.label = "two"
    assert model.label == "two"
    assert calls == []
    button.stylesheets = [":host { color: red; }"]
    assert calls == [1]
    assert model.stylesheets[-1] == ":host { color: red; }"
