"""The board layer of World in Flames: its map vocabulary."""
