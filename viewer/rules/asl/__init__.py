"""Pure rules of game `asl` (no Panel imports)."""
