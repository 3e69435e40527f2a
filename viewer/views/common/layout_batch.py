"""One layout of the page per server message, not one per changed widget, and no whole-map
repaint for a layout that changed nothing (docs/NOTES.md, page speed: language switch).

BokehJS lays a page out synchronously whenever a widget's look changes: a Select's title, a
Button's label, an HTML pane's text each re-render the widget and then lay out the *whole* root
it sits in (``LayoutDOMView.invalidate_layout`` and ``compute_layout`` climb to the root, measure
every view's box and place every child again). Several changes arrive in one patch (a language
switch: about 75 on /wif), so the browser laid the page out about 47 times for one switch, most
of the 1-4 s it spent applying it. A widget's title re-renders after an ``await``, so these
layouts run in the microtasks that follow the patch as well as inside it.

Laying a root out also lays out every figure in it, and ``PlotView._update_layout`` marks the
whole figure for a repaint even when nothing in it moved: on /wif every hex layer was drawn
again for a relabelled button beside the map. Bokeh's legend (a DOM key observed for its size)
rebuilt its entries whenever a renderer it names changed data, and repainted the figure through
that size check.

:func:`attach` adds a ``CustomJS`` run once when the document is ready in the browser. It wraps
BokehJS methods, without changing what is sent or what is drawn:

* ``Document.apply_json_patch`` opens a batch (if none is open) that closes in a ``setTimeout(0)``
  task, after the patch and the microtasks it started have run;
* ``LayoutDOMView.compute_layout`` on a layout root, while a batch is open, only records the root;
  closing the batch updates and lays out each recorded root once;
* ``PlotView._update_layout``, while a batch is open or closing, keeps the figure's canvases as
  they were; the figure's own check after the layout still repaints it all when its canvas or
  its frame changed size, and each changed renderer asks for its own repaint;
* ``LegendView._render_items`` keeps a key's entries when their items and labels are unchanged
  (it shows or hides an entry whose item's ``visible`` changed), and asks for the key's repaint
  after it rebuilt them. With :data:`viewer.views.map.mapview.FIXED_LEGEND` the key keeps its size
  in both languages, so its new names repaint the board once, with the layers that changed.

The script keeps its counts in ``window.wargameLayoutBatch`` (``deferred``: layouts asked for
during batches, ``computed``: layouts run when batches closed, ``kept``: figure layouts that kept
the canvases, ``legends_kept``: keys that kept their entries), read by the browser tests. If
BokehJS does not have the names it wraps (another version), that part changes nothing.
"""
from __future__ import annotations

from bokeh.models import CustomJS

SCRIPT = """
if (window.wargameLayoutBatch == null && window.Bokeh != null && Bokeh.require != null) {
  let layouts = null
  try { layouts = Bokeh.require("models/layouts/layout_dom") } catch (e) { layouts = null }
  const LayoutDOMView = layouts != null ? layouts.LayoutDOMView : null
  const Document = Bokeh.documents.length > 0 ? Bokeh.documents[0].constructor : null
  if (LayoutDOMView != null && Document != null && Document.prototype.apply_json_patch != null &&
      LayoutDOMView.prototype.compute_layout != null && LayoutDOMView.prototype.update_layout != null) {
    const stats = {deferred: 0, computed: 0, batches: 0, kept: 0, legends_kept: 0}
    window.wargameLayoutBatch = stats
    const compute = LayoutDOMView.prototype.compute_layout
    const update = LayoutDOMView.prototype.update_layout
    let pending = null
    let closing = false
    const close = () => {
      const roots = pending
      pending = null
      closing = true
      try {
        for (const root of roots) {
          if (root.model.document == null || root.el == null || !root.el.isConnected)
            continue
          stats.computed += 1
          update.call(root)
          compute.call(root)
        }
      } finally {
        closing = false
      }
    }
    let plots = null
    try { plots = Bokeh.require("models/plots/plot_canvas") } catch (e) { plots = null }
    const PlotView = plots != null ? plots.PlotView : null
    if (PlotView != null && PlotView.prototype._update_layout != null) {
      const plot_layout = PlotView.prototype._update_layout
      PlotView.prototype._update_layout = function () {
        const all = this._invalidate_all
        plot_layout.call(this)
        if ((closing || pending != null) && !all) {
          this._invalidate_all = false
          stats.kept += 1
        }
      }
    }
    let legends = null
    try { legends = Bokeh.require("models/annotations/legend") } catch (e) { legends = null }
    let legend_css = null
    try { legend_css = Bokeh.require("styles/legend.css") } catch (e) { legend_css = null }
    const LegendView = legends != null ? legends.LegendView : null
    if (LegendView != null && LegendView.prototype._render_items != null && legend_css != null &&
        legend_css.hidden != null && LegendView.prototype._toggle_inactive != null) {
      const render_items = LegendView.prototype._render_items
      LegendView.prototype._render_items = function () {
        if (this.entries.length > 0 && this._should_rerender_items === false) {
          stats.legends_kept += 1
          for (const entry of this.entries) {
            entry.el.classList.toggle(legend_css.hidden, !entry.item.visible)
            this._toggle_inactive(entry)
          }
          return
        }
        render_items.call(this)
        if (this.plot_view != null && this.entries.length > 0)
          this.request_paint()
      }
    }
    LayoutDOMView.prototype.compute_layout = function () {
      if (pending == null || this.parent instanceof LayoutDOMView)
        return compute.call(this)
      stats.deferred += 1
      pending.add(this)
    }
    const apply = Document.prototype.apply_json_patch
    Document.prototype.apply_json_patch = function (...args) {
      if (pending == null) {
        pending = new Set()
        stats.batches += 1
        setTimeout(close, 0)
      }
      return apply.apply(this, args)
    }
  }
}
"""


def attach(doc) -> None:
    """Have ``doc``, once ready in the browser, lay each root out once per server patch (once per
    document; the script itself installs once per page)."""
    if getattr(doc, "_wargame_layout_batch", False):
        return
    doc.js_on_event("document_ready", CustomJS(code=SCRIPT))
    doc._wargame_layout_batch = True
