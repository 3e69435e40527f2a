"""Unconditional Surrender! (served at /use): runs viewer/apps/use.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("use")
