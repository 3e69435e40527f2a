"""A widget's new title or label written into its page element, not a re-rendered widget
(docs/NOTES.md, "Language switch: titles and labels in place").

A language switch changes the title of every Select and number input and the label of every
Button on screen. BokehJS answers each such change by re-rendering the whole widget: it empties
the widget's shadow root, builds its elements again and installs its stylesheets again. The
browser must then recompute the page's styles before the map canvas can read its colours, and on
/churchill that was most of the switch (about 0.85 s of the browser's time, 10 Selects,
8 number inputs and 7 Buttons).

:func:`attach` adds a ``CustomJS`` run once when the document is ready in the browser. It wraps
two BokehJS methods so that a plain-text title (``InputWidgetView._build_title``) or a plain-text
button label (``AbstractButtonView._rebuild_label``) replacing another plain text is written
into the element already on the page; the re-render that BokehJS asks for next is then only a
layout of the widget (``update_layout`` and ``compute_layout``, which
viewer/views/common/layout_batch.py batches). Anything else (a title that is an HTML model, a
widget not yet rendered, an icon change) goes the usual way. A skipped re-render is armed only
until the current browser task ends, so no later change can be lost to it.

The script keeps its counts in ``window.wargameRelabel`` (``titles``, ``labels``), read by the
browser test. If BokehJS does not have the names it wraps (another version), it changes nothing.
"""
from __future__ import annotations

from bokeh.models import CustomJS

SCRIPT = """
if (window.wargameRelabel == null && window.Bokeh != null && Bokeh.require != null) {
  const load = (name) => { try { return Bokeh.require(name) } catch (e) { return null } }
  const inputs = load("models/widgets/input_widget")
  const buttons = load("models/widgets/abstract_button")
  const stats = {titles: 0, labels: 0}
  window.wargameRelabel = stats
  const arm = (view) => {
    view._wargame_relabelled = true
    setTimeout(() => { view._wargame_relabelled = false }, 0)
  }
  const layout_only = (View) => {
    const rerender = View.prototype.rerender
    View.prototype.rerender = function () {
      if (!this._wargame_relabelled)
        return rerender.call(this)
      this._wargame_relabelled = false
      this.update_layout()
      this.compute_layout()
    }
  }
  const IW = inputs != null ? inputs.InputWidgetView : null
  if (IW != null && IW.prototype._build_title != null && IW.prototype.rerender != null) {
    const build = IW.prototype._build_title
    IW.prototype._build_title = function () {
      const title = this.model.title
      const el = this.title_el
      const text = el != null ? el.firstChild : null
      if (typeof title !== "string" || typeof this.title !== "string" || text == null ||
          text.nodeType !== Node.TEXT_NODE || !el.isConnected)
        return build.call(this)
      this.title = title
      text.data = title
      el.style.display = title == "" ? "none" : ""
      stats.titles += 1
      arm(this)
      return Promise.resolve()
    }
    layout_only(IW)
  }
  const AB = buttons != null ? buttons.AbstractButtonView : null
  if (AB != null && AB.prototype._rebuild_label != null && AB.prototype.rerender != null) {
    const rebuild = AB.prototype._rebuild_label
    AB.prototype._rebuild_label = function () {
      const label = this.model.label
      const view = this.label_view
      if (typeof label !== "string" || view == null || view.model == null ||
          typeof view.model.content !== "string" || view.el == null || !view.el.isConnected)
        return rebuild.call(this)
      view.model.content = label
      stats.labels += 1
      arm(this)
      return Promise.resolve()
    }
    layout_only(AB)
  }
}
"""


def attach(doc) -> None:
    """Have ``doc``, once ready in the browser, write new plain-text widget titles and button
    labels in place (once per document; the script itself installs once per page)."""
    if getattr(doc, "_wargame_relabel_in_place", False):
        return
    doc.js_on_event("document_ready", CustomJS(code=SCRIPT))
    doc._wargame_relabel_in_place = True
