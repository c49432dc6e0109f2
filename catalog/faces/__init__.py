"""Card faces drawn with Pillow: one layout per game (a module, or a package split by idea),
shared drawing tools in common.

Everything here is pure: a card is a dict (the docs/card-data.md record plus
`game` and `set`), nothing needs Django's settings or a database, so faces
render in worker processes and benchmarks. catalog.render is the entry
point that adds caching.
"""
