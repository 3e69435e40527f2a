"""A card built from any calculator's parameters: inputs, result, steps with rule links, chart.

The card recomputes as inputs change. Bad input shows a message naming the parameter, the value
refused and the allowed values, scrolled into view; the page keeps working and the last good
result stays visible underneath. A refused value stays refused (its message shown, whatever else
changes) until its field holds an accepted value again.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from viewer.calculators import Calculator, CalculatorInputError
from viewer.calculators.format import NAME_FAMILIES, cell_name, chart_name, percent, shown, value_name
from viewer.rules.charts import ChartError
from viewer.state import SessionState
from viewer.userdata import UserStore
from viewer.views.common.presets import PresetBar
from viewer.views.common.rulelink import RuleLink
from viewer.views.common.step_list import StepList
from viewer.views.common.breakdown_chart import BreakdownChart
from viewer.views.common.distribution_chart import DistributionChart
from viewer.views.common.layout import CARD_CSS, wrapping
from viewer.views.common.text import alert, label, label_any, markdown, plain


def _widget_for(calc: Calculator, name: str):
    """A Panel widget for calculator parameter ``name`` (labels are set later, per language)."""
    p = calc.param[name]
    value = getattr(calc, name)
    if isinstance(p, param.Boolean):
        return pn.widgets.Checkbox(value=value)
    if isinstance(p, param.ListSelector):   # several names from a fixed list, in the order chosen
        return pn.widgets.MultiChoice(options=list(p.objects), value=list(value))
    if isinstance(p, param.Selector):
        return pn.widgets.Select(options=list(p.objects), value=value)
    if isinstance(p, param.String) and name not in type(calc).sequences and calc.places(name) is not None:
        return pn.widgets.Select(options=_place_options(calc, name, value), value=value)
    if isinstance(p, param.String) and name not in type(calc).sequences and type(calc).choices(name) is not None:
        return pn.widgets.Select(options=_options(type(calc), name, value), value=value)
    # No start/end on a number: the browser would quietly clamp a value typed out of range (9 on a
    # 1..6 die read as 6); the card checks the bounds itself and says what it refused.
    if isinstance(p, param.Integer):
        return pn.widgets.IntInput(value=value)
    if isinstance(p, param.Number):
        return pn.widgets.FloatInput(value=value)
    return pn.widgets.TextInput(value=str(value))


def _options(calc: type[Calculator], name: str, value: object) -> list:
    """The values input ``name`` is picked from: its options, or the names it may take now
    (:meth:`Calculator.choices`), with the current ``value`` kept among them."""
    p = calc.param[name]
    objects = list(p.objects) if isinstance(p, param.Selector) else list(calc.choices(name) or [])
    if not isinstance(p, param.ListSelector) and value not in objects:
        objects.append(value)
    return objects


def _place_options(calc: Calculator, name: str, value: object, lang: str = "en") -> dict[str, object] | None:
    """The places input ``name`` is picked from, by their names in ``lang``, with the current
    ``value`` kept among them (by itself: a place of no board, refused when computed); None
    when ``name`` is no place."""
    places = calc.places(name, lang)
    if places is None:
        return None
    named: dict[str, object] = dict(places)
    if value not in named.values():
        named[str(value)] = value
    return named


#: Label families an option value may be named by when its calculator has no label of its own.
OPTION_FAMILIES = NAME_FAMILIES


def option_name(calc: type[Calculator], name: str, value: object, lang: str) -> str:
    """The name of option ``value`` of input ``name``: the calculator's own label
    (``calc.<slug>.option.<name>.<value>``, ``calc.<slug>.option.<value>``), its game's
    (``<game>.<name>.<value>``, ``<game>.option.<value>``), then a shared family (``weather.<value>`` …),
    then the name its results give it (``calc.<slug>.value.<value>``); else the value."""
    slug, key = calc.slug, str(value)
    game = slug.split(".")[0]
    keys = [f"calc.{slug}.option.{name}.{key}", f"calc.{slug}.option.{key}", f"{game}.{name}.{key}",
            f"{game}.option.{key}",
            *(f"{family}.{key}" for family in OPTION_FAMILIES), f"calc.{slug}.value.{key}"]
    return label_any(keys, lang, key)


def _allowed_name(calc: type[Calculator], name: str, value: str, lang: str) -> str:
    """An allowed value of input ``name`` as a message lists it: its option name, else the name
    the calculator's results give it (a country, a faction), else the value."""
    named = option_name(calc, name, value, lang)
    if named != value:
        return named
    return value_name(calc.slug, value, lang) or value


#: Scrolls a card's message into view when it appears or changes (the browser's own scrolling, on
#: the one pane the card has: no model is made per change).
_SCROLL_INTO_VIEW = """
if (!source.visible) return;
const view = Bokeh.index.find_one_by_id(source.id);
if (view && view.el) requestAnimationFrame(() => view.el.scrollIntoView({block: "nearest", behavior: "smooth"}));
"""


def allowed_range(allowed: Any, lang: str) -> str | None:
    """Bounds ``[lo, hi]`` in words (``1 to 6``, ``0 or more``), or None when ``allowed`` is no bounds."""
    if not isinstance(allowed, (list, tuple)) or len(allowed) != 2:
        return None
    lo, hi = allowed
    if lo is not None and hi is not None:
        return label("ui.range", lang, lo=lo, hi=hi)
    if lo is not None:
        return label("ui.range_min", lang, lo=lo)
    if hi is not None:
        return label("ui.range_max", lang, hi=hi)
    return None


#: The label wording each kind of refused number (:class:`CalculatorInputError` ``kind``).
_REFUSED = {"range": "ui.input.refused_range", "whole_number": "ui.input.refused_whole",
            "number": "ui.input.refused_number", "empty": "ui.input.refused_empty"}

#: The same, for a number with no bounds: the reason alone, in the page's language.
_REFUSED_UNBOUNDED = {"whole_number": "ui.input.refused_whole_any", "number": "ui.input.refused_number_any",
                      "empty": "ui.input.refused_empty_any"}


def refusal_reason(err: CalculatorInputError, lang: str, value: Any = None) -> str | None:
    """Why ``err`` refused ``value`` (else the value it holds), worded in ``lang``: a number out of
    range or not a number, or text that is no dice expression; None when the reason is the
    calculator's own (then its message is shown)."""
    text = plain(shown(err.value if value is None else value, lang))
    span = allowed_range(err.allowed, lang) if err.kind in _REFUSED else None
    if span is not None:
        return label(_REFUSED[err.kind], lang, value=text, allowed=span)
    if err.kind in _REFUSED_UNBOUNDED:
        return label(_REFUSED_UNBOUNDED[err.kind], lang, value=text)
    if err.kind == "dice":
        return label("ui.input.refused_dice", lang, value=text)
    return None


def _prose(allowed: Any) -> bool:
    """Whether ``allowed`` is English prose (``"like 3:2 or 11:1"``) rather than values to pick."""
    if isinstance(allowed, (list, tuple)) and len(allowed) == 1:   # ["a whole number, optionally followed by *"]
        allowed = allowed[0]
    return isinstance(allowed, str) and " " in allowed


def value_term(slug: str, lang: str):
    """The name of a key a result of calculator or lesson engine ``slug`` holds, in ``lang``
    (:func:`viewer.calculators.format.value_name`), else the key in words."""
    def term(key: str) -> str:
        name = value_name(slug, key, lang)
        return name if name is not None else key.replace("_", " ")
    return term


class CalculatorCard(pn.viewable.Viewer):
    """One calculator as a card; the same class serves notebooks and the web apps."""

    calculator = param.ClassSelector(class_=Calculator, doc="The calculator this card drives.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language and rule panel.")

    store = param.ClassSelector(class_=UserStore, doc="""
        Where saved presets live; the per-user data folder by default.""")

    def __init__(self, **params):
        if params.get("state") is None:
            params["state"] = SessionState()
        if params.get("store") is None:
            params["store"] = UserStore()
        super().__init__(**params)
        calc = self.calculator
        self.widgets = {name: _widget_for(calc, name) for name in calc.input_names()}
        for name, widget in self.widgets.items():
            widget.param.watch(self._input_handler(name), "value")
            widget.css_classes = [f"calc-input-{name}"]
        #: For a list input whose items may repeat: a choice that adds one item to its text.
        self.adders = {name: pn.widgets.Select(options={}, value="", css_classes=[f"calc-add-{name}"])
                       for name in calc.sequences if type(calc).choices(name) is not None}
        for name, adder in self.adders.items():
            adder.param.watch(self._adder_handler(name), "value")
        self.summary = markdown("", margin=(0, 10))
        self.error_box = alert("", alert_type="danger", visible=False, css_classes=["calc-error"])
        # one property per call: Panel keeps only the last of several; ``text`` is the model's
        # name for the message (an Alert does not rename ``object``)
        self.error_box.jscallback(visible=_SCROLL_INTO_VIEW)
        self.error_box.jscallback(text=_SCROLL_INTO_VIEW)
        self.result_box = markdown("", css_classes=["calc-result"], margin=(0, 10))
        self._steps_title = markdown("", margin=(0, 10))
        self._steps = StepList(item_class="calc-step", css_classes=["calc-steps"])
        self.chart = DistributionChart(name=f"chart-{calc.slug}")
        self.breakdown = BreakdownChart(name=f"breakdown-{calc.slug}")
        self._rules = wrapping(*[RuleLink(ref=r, state=self.state) for r in calc.rules])
        #: The inputs wrap onto as many lines as the card's width needs (never past the window).
        self.inputs = wrapping(*[w for name, widget in self.widgets.items()
                                 for w in (widget, self.adders.get(name)) if w is not None],
                               css_classes=["calc-inputs"])
        self.presets = PresetBar(self, self.store)
        self._card = pn.Card(
            self.summary, self._rules, self.inputs, self.error_box, self.result_box,
            self.chart.pane, self.breakdown.pane, self._steps_title, self._steps, self.presets.layout,
            title="", collapsible=False, sizing_mode="stretch_width", stylesheets=[CARD_CSS],
            css_classes=["calculator-card", f"calc-{calc.slug.replace('.', '-')}"],
        )
        self.result = None
        #: Inputs whose field holds a value the card refused: the value and why, in input order.
        self.refused: dict[str, tuple[Any, CalculatorInputError]] = {}
        #: A problem not about one field's value (a computation, a preset, a file), until the next result.
        self._problem: CalculatorInputError | None = None
        self.state.param.watch(self._on_lang, "lang")
        self.state.param.watch(self._on_chart_saved, "charts_saved")
        self._on_lang()

    # ------------------------------------------------------------------ behaviour
    @property
    def error(self) -> CalculatorInputError | None:
        """What the card's message says is wrong (a problem, else the first refused value), or None."""
        if self._problem is not None:
            return self._problem
        return next((err for _, err in self.refused.values()), None)

    def _input_handler(self, name: str):
        def handler(event):
            calc = type(self.calculator)
            try:
                if event.new is None and isinstance(calc.param[name], param.Number):
                    raise CalculatorInputError(name, "a number is needed", calc.param[name].bounds, kind="empty")
                value = calc.convert(name, event.new)
                setattr(self.calculator, name, value)
            except CalculatorInputError as err:
                self._refuse(name, event.new, err)
                return
            except ValueError as err:
                self._refuse(name, event.new, CalculatorInputError(name, str(err)))
                return
            self.refused.pop(name, None)
            with pn.io.hold():
                self._list_places(name)
                self.recompute()
        return handler

    def _refuse(self, name: str, value: Any, err: CalculatorInputError) -> None:
        """Field ``name`` holds ``value``, refused: say so until the field holds an accepted value."""
        self.refused[name] = (value, err)
        self.refused = {n: self.refused[n] for n in self.widgets if n in self.refused}
        self._show_errors()

    def _adder_handler(self, name: str):
        def handler(event):
            if not event.new:
                return
            text = self.widgets[name].value.strip().rstrip(",")
            self.widgets[name].value = f"{text}, {event.new}" if text else event.new
            event.obj.value = ""
        return handler

    def apply_inputs(self, values: dict) -> bool:
        """Set several inputs at once (a preset or an uploaded file), all checked first."""
        try:
            checked = type(self.calculator).from_inputs(**{k: _text(v) for k, v in values.items()})
        except CalculatorInputError as err:
            self._show_error(err)
            return False
        calc = type(self.calculator)
        with pn.io.hold():
            for name in values:
                widget, value = self.widgets[name], getattr(checked, name)
                if isinstance(widget, pn.widgets.Select) and not isinstance(calc.param[name], param.Selector):
                    # a chart row no chart has yet (a place of no board) is kept on show, with its message
                    widget.options = self._named_options(name, value, self.state.lang)
                widget.value = value
        return True

    def _named_options(self, name: str, value: object, lang: str) -> dict[str, object]:
        """The options of choice ``name`` by their names in ``lang``, ``value`` among them: the
        board's places it is picked from, else its options or the names it may take now."""
        places = _place_options(self.calculator, name, value, lang)
        if places is not None:
            return places
        calc = type(self.calculator)
        return {option_name(calc, name, v, lang): v for v in _options(calc, name, value)}

    def _list_places(self, changed: str) -> None:
        """After input ``changed`` (a board, say), every place choice lists the places it has now;
        one whose place the new board lacks moves to the board's first place."""
        for name, widget in self.widgets.items():
            if name == changed or not isinstance(widget, pn.widgets.Select):
                continue
            places = self.calculator.places(name, self.state.lang)
            if places is None or places == widget.options:
                continue
            if places and widget.value not in places.values():
                widget.param.update(options=places, value=next(iter(places.values())))
            else:
                widget.options = _place_options(self.calculator, name, widget.value, self.state.lang)

    def replace_field(self, name: str, widget) -> None:
        """Show ``widget`` in place of input ``name``'s own field, for a page whose board picks
        that value; the page keeps the value in step with :meth:`apply_inputs`."""
        field = self.widgets[name]
        self.inputs.insert(self.inputs.objects.index(field), widget)
        field.visible = False

    def show_problem(self, parameter: str, message: str) -> None:
        """Show a problem that is not about one input (a preset name, a file)."""
        self._show_error(CalculatorInputError(parameter, message))

    def _show_error(self, err: CalculatorInputError) -> None:
        """Show ``err``, a problem not about what one field holds now, with any refused values."""
        self._problem = err
        self._show_errors()

    def _show_errors(self) -> None:
        """The message box: each refused value (and what the result uses instead), then the problem;
        hidden when there is neither."""
        lang = self.state.lang
        parts = [self._error_text(err, lang, value, name) for name, (value, err) in self.refused.items()]
        if self._problem is not None:
            parts.append(self._error_text(self._problem, lang))
        with pn.io.hold():
            if parts:
                self.error_box.object = "\n\n".join(parts)
            self.error_box.visible = bool(parts)

    def _error_text(self, err: CalculatorInputError, lang: str, value: Any = None, field: str | None = None) -> str:
        """``err`` in ``lang``: who, what was refused and what is allowed; for a refused ``value`` of
        input ``field``, also the value the result still uses."""
        calc = type(self.calculator)
        if err.parameter in calc.input_names():
            who = calc.param_label(err.parameter, lang)
        else:
            who = label_any([f"ui.{err.parameter}"], lang, err.parameter)
        still = ""
        if field is not None and self.result is not None:
            still = f"; {label('ui.input.still_uses', lang, value=plain(self._input_text(field, lang)))}"
        refused = refusal_reason(err, lang, value)
        if refused is not None:
            return f"**{plain(who)}**: {refused}{still}"
        allowed = ""
        if err.allowed is not None and not (err.said is not None and _prose(err.allowed)):  # said says it
            names = err.allowed if isinstance(err.allowed, str) else [
                _allowed_name(calc, err.parameter, v, lang) if isinstance(v, str) and err.parameter in calc.input_names()
                else str(v) for v in err.allowed]
            listed = names if isinstance(names, str) else ", ".join(names)
            allowed = f"\n\n{label('ui.allowed', lang)}: {plain(listed)}"
        message = err.said.text(lang) if err.said is not None else err.message
        return f"**{plain(who)}**: {plain(message)}{still}{allowed}"

    def _input_text(self, name: str, lang: str) -> str:
        """The value input ``name`` has in the calculator now, as its field names it."""
        calc, value = type(self.calculator), getattr(self.calculator, name)
        places = self.calculator.places(name, lang)
        if places is not None:
            return next((shown for shown, v in places.items() if v == value), str(value))
        if isinstance(value, str):
            return option_name(calc, name, value, lang) if calc.choices(name) is not None or isinstance(
                calc.param[name], param.Selector) else value
        if isinstance(value, (list, tuple)):
            return ", ".join(option_name(calc, name, v, lang) if isinstance(v, str) else str(v) for v in value)
        return shown(value, lang)

    def recompute(self) -> None:
        """Compute and show the result, its steps and its distribution."""
        try:
            result = self.calculator.compute()
        except CalculatorInputError as err:
            self._show_error(err)
            return
        except ChartError as err:  # e.g. the user's saved chart file is malformed
            self._show_error(CalculatorInputError("chart", str(err), err.allowed))
            return
        self._problem = None
        with pn.io.hold():
            self.result = result
            self._show_errors()
            self._show_result(self.state.lang)
            # a breakdown by row says more than the roll's own distribution: it is drawn instead
            self.chart.show(None if result.breakdown else result, getattr(self.calculator, "target", None),
                            self.state.lang)
            self.breakdown.show(result.breakdown, self.state.lang)

    def _show_result(self, lang: str) -> None:
        """The result table and the steps in ``lang`` (from the last result: nothing is recomputed)."""
        result, calc = self.result, type(self.calculator)
        def cell(key, value) -> str:
            if key in calc.chances and isinstance(value, float):
                return percent(value)
            return shown(value, lang, self._term(lang))
        rows = "\n".join(f"| {calc.result_label(k, lang)} | {_cell(cell(k, v))} |"
                         for k, v in result.value.items() if k not in calc.card_hides)
        missing = "".join(
            f"\n\n> {label('ui.missing_value', lang, chart=chart_name(m.chart, lang), cell=cell_name(m.cell, lang))}"
            for m in result.missing
        )
        self.result_box.object = f"| | |\n|---|---|\n{rows}{missing}"
        self._show_steps(result.steps, lang)

    def _term(self, lang: str):
        """The name of a key a result holds: the calculator's own label for it, else the key in words."""
        return value_term(type(self.calculator).slug, lang)

    def _show_steps(self, steps, lang: str) -> None:
        """The steps in ``lang``, in one pane updated in place."""
        self._steps.show(steps, lang)

    def _set_options(self, lang: str) -> None:
        """Every choice's options by their names in ``lang`` (a chart's rows as they are now)."""
        calc = type(self.calculator)
        for name, widget in self.widgets.items():
            if isinstance(widget, (pn.widgets.Select, pn.widgets.MultiChoice)):
                value = widget.value
                widget.options = self._named_options(name, value, lang)
                widget.value = value
        for name, adder in self.adders.items():
            adder.label = label(calc.label_key("add", name), lang)
            adder.options = {"—": "", **{option_name(calc, name, v, lang): v for v in calc.choices(name) or []}}
            adder.value = ""

    def _on_chart_saved(self, *_):
        """A chart was saved on this page: its rows are offered as they are now, and the card
        computes again from the current inputs, since the calculator reads its charts when it
        computes (a bad input's message stays shown)."""
        with pn.io.hold():
            self._set_options(self.state.lang)
        calc = type(self.calculator)
        problem = self._problem
        if problem is not None and problem.parameter != "chart" and calc.choices(problem.parameter) is None:
            return
        if self.result is not None or self.error is not None:
            self.recompute()

    def _on_lang(self, *_):
        """Every label in the new language; the result is shown again, not recomputed."""
        lang = self.state.lang
        calc = type(self.calculator)
        with pn.io.hold():
            self._card.title = calc.title(lang)
            self.summary.object = calc.summary(lang)
            for name, widget in self.widgets.items():
                widget.label = calc.param_label(name, lang)
            self._set_options(lang)
            self._steps_title.object = f"**{label('ui.steps', lang)}**"
            self.presets.relabel(lang)
            if self.result is None and self.error is None:
                self.recompute()
                return
            self._show_errors()
            if self.result is not None:
                self._show_result(lang)
                self.chart.relabel(lang)
                self.breakdown.relabel(lang)

    def __panel__(self):
        return self._card


def _text(value: object) -> str:
    """A preset's or file's value as the text an input reads (a list as its items, comma separated)."""
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return value if isinstance(value, str) else str(value)


def _cell(text: str) -> str:
    """``text`` made safe for one cell of a Markdown table (inert, its bars escaped)."""
    return plain(text).replace("|", "\\|")
