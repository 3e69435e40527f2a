"""asl lessons."""
