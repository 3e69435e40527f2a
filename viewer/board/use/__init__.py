"""The board layer of Unconditional Surrender!: its map vocabulary."""
