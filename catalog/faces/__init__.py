"""Card faces drawn with Pillow: one layout module per game, shared drawing tools in common.

Everything here is pure: a card is a dict (the docs/card-data.md record plus
`game` and `set`), nothing imports Django, so faces render in worker
processes and benchmarks without a database. catalog.render is the entry
point that adds caching.
"""
