"""The landing page (served at / with `--index index`): runs viewer/apps/index.py, for `panel serve apps/*.py --index index`."""
from pathlib import Path

from viewer.apps import run

run("index", beside=Path(__file__).parent)
