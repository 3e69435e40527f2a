"""Pure rules of game `churchill` (no Panel imports)."""
