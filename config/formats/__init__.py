"""Date and time formats that replace Django's for a language (FORMAT_MODULE_PATH).

Only English is replaced: Django's `en` is American (month first, a.m./p.m.),
which a reader of this Hungarian site, in Europe, misreads beside the 24-hour
clocks it shows elsewhere. Hungarian keeps Django's own `hu` formats.
"""
