"""Bots that play through the engine contract, seeing only their own view."""
