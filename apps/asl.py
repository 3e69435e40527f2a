"""ASL night rules (served at /asl): runs viewer/apps/asl.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("asl")
