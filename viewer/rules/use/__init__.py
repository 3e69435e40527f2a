"""Pure rules of game `use` (no Panel imports)."""
