"""World in Flames (served at /wif): runs viewer/apps/wif.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("wif")
