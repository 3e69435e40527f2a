"""starcraft lessons."""
