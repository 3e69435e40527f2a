"""Churchill (served at /churchill): runs viewer/apps/churchill.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("churchill")
