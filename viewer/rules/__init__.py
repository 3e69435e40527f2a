"""Pure rules modules, one package per game id; they never import Panel, Bokeh or HoloViews."""
