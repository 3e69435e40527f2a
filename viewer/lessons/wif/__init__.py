"""wif lessons."""
