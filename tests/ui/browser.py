"""Helpers shared by the browser tests."""

#: Server round trips on a 2-core machine: a language switch re-labels the whole /wif page
#: (about 8 s measured quietly); a generous wait keeps the tests about behaviour, not speed.
WAIT = 45_000


def screen_xy(plot_name: str, scroll: bool = False) -> str:
    """JavaScript ``([x, y]) => [sx, sy]``: the screen point of data point (x, y) of the Bokeh plot
    named ``plot_name``, through BokehJS's own scales (``null`` when the plot is not there)."""
    scroll_js = 'view.canvas_view.el.scrollIntoView({block: "center"});' if scroll else ""
    return f"""([x, y]) => {{
  for (const doc of Bokeh.documents) {{
    const plot = doc.get_model_by_name('{plot_name}');
    if (!plot) continue;
    const view = Bokeh.index.find_one_by_id(plot.id);
    {scroll_js}
    const rect = view.canvas_view.el.getBoundingClientRect();
    return [rect.left + view.frame.x_scale.compute(x), rect.top + view.frame.y_scale.compute(y)];
  }}
  return null;
}}"""
