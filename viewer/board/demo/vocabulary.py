"""The ``demo`` map uses the World in Flames vocabulary under its own name."""
from dataclasses import replace

from viewer.board.wif.vocabulary import VOCABULARY as WIF

VOCABULARY = replace(WIF, game="demo")
