"""One layout of the page per server message, not one per changed widget (docs/NOTES.md, page
speed: language switch).

BokehJS lays a page out synchronously whenever a widget's look changes: a Select's title, a
Button's label, an HTML pane's text each re-render the widget and then lay out the *whole* root
it sits in (``LayoutDOMView.invalidate_layout`` and ``compute_layout`` climb to the root, measure
every view's box and place every child again). Several changes arrive in one patch (a language
switch: about 75 on /wif), so the browser laid the page out about 47 times for one switch, most
of the 1-4 s it spent applying it. A widget's title re-renders after an ``await``, so these
layouts run in the microtasks that follow the patch as well as inside it.

:func:`attach` adds a ``CustomJS`` run once when the document is ready in the browser. It wraps
two BokehJS methods, without changing what is sent or what is drawn:

* ``Document.apply_json_patch`` opens a batch (if none is open) that closes in a ``setTimeout(0)``
  task, after the patch and the microtasks it started have run;
* ``LayoutDOMView.compute_layout`` on a layout root, while a batch is open, only records the root;
  closing the batch updates and lays out each recorded root once.

The script keeps its counts in ``window.wargameLayoutBatch`` (``deferred``: layouts asked for
during batches, ``computed``: layouts run when batches closed), read by the browser test. If
BokehJS does not have the names it wraps (another version), it changes nothing.
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
    const stats = {deferred: 0, computed: 0, batches: 0}
    window.wargameLayoutBatch = stats
    const compute = LayoutDOMView.prototype.compute_layout
    const update = LayoutDOMView.prototype.update_layout
    let pending = null
    const close = () => {
      const roots = pending
      pending = null
      for (const root of roots) {
        if (root.model.document == null || root.el == null || !root.el.isConnected)
          continue
        stats.computed += 1
        update.call(root)
        compute.call(root)
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
