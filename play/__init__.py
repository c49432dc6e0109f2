"""Rules engines, bots and online matches."""
