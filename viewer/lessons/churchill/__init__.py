"""churchill lessons."""
