"""Decks and their versions; validation; import/export; statistics."""
