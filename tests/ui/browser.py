"""Helpers shared by the browser tests: open a page, wait for a condition, find a data point."""
import time

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


def bar_count(slug: str) -> str:
    """JavaScript ``() => n``: how many bars the chart of calculator ``slug``'s card draws (0: none yet)."""
    return f"""() => {{
  for (const doc of Bokeh.documents) {{
    const src = doc.get_model_by_name('chart-{slug}');
    if (src) return src.data.x.length;
  }}
  return 0;
}}"""


def open_page(watched, url):
    """Open ``url`` in the watched page and wait until its Bokeh document has rendered and is idle."""
    page = watched.page
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0"
                           " && Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    return page


def wait_until(condition, timeout: float = WAIT / 1000, interval: float = 0.2):
    """Poll ``condition()`` until it returns a true value (returned), or fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"condition not met in {timeout:.0f} s")


def our_tracebacks(log_text: str) -> list[str]:
    """The tracebacks in a piece of server log that pass through this project's code or Bokeh's
    document lock (a closed browser's websocket leaves tornado's own, which are not ours)."""
    blocks = log_text.split("Traceback (most recent call last):")[1:]
    return ["Traceback" + b[:2000] for b in blocks if "/viewer/" in b or "_pending_writes" in b]


def log_since(log, start: int) -> str:
    """The server log written after byte ``start``."""
    return log.read_bytes()[start:].decode("utf-8", "replace") if log.exists() else ""
