"""The cache of what is bulky and can always be made again.

Replays' kept engine states and turn lists, a tournament's rendered rows and standings:
many large entries, each worth a little time. They live apart from the default cache,
which holds the counts the limits read (writes a minute, logins, previews): a file cache
past its MAX_ENTRIES drops a third of its files, and a busy replay or event filling one
shared cache would have reset people's counts with them (settings.CACHES, "kept").
"""

from __future__ import annotations

from django.core.cache import caches
from django.utils.connection import ConnectionProxy

kept_cache = ConnectionProxy(caches, "kept")
