"""The board layer of the bundled demonstration map."""
