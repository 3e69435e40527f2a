"""The rules reference (served at /reference): runs viewer/apps/reference.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("reference")
