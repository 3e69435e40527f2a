"""Pure rules of game `wif` (no Panel imports)."""
