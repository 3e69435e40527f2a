"""Pure rules of game `starcraft` (no Panel imports)."""
