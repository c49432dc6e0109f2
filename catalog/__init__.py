"""Games, sets and cards; search; card faces; importers."""
