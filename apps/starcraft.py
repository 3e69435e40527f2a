"""StarCraft: Tabletop Miniatures Game (served at /starcraft): runs viewer/apps/starcraft.py, for `panel serve apps/*.py --index index`."""
from viewer.apps import run

run("starcraft")
