"""When a card edit extends the newest version, and what changed between two snapshots.

Pure: snapshots are the lists DeckVersion.entries holds
([{"code", "count", "board"}, ...]); no Django, no clock (the caller passes now).
"""

from __future__ import annotations

from datetime import datetime, timedelta

# Edits less than this far apart are one burst, so one version: building a
# deck by + clicks gives a version per sitting, not one per click.
EDIT_BURST = timedelta(minutes=5)


def changes_between(before: list[dict], after: list[dict]) -> list[dict]:
    """Each card and board whose count differs: {"code", "board", "before", "after"}."""
    old = {(e["code"], e["board"]): e["count"] for e in before}
    new = {(e["code"], e["board"]): e["count"] for e in after}
    return [
        {"code": code, "board": board, "before": old.get(key, 0), "after": new.get(key, 0)}
        for key in sorted(set(old) | set(new), key=lambda k: (k[1], k[0]))
        for code, board in [key]
        if old.get(key, 0) != new.get(key, 0)
    ]


def extends_burst(*, kind: str, edited_at: datetime | None, now: datetime, pinned: bool) -> bool:
    """May a card edit made at `now` update this newest version instead of adding one?

    Only a version that is itself a burst of card edits (kind "edited"), whose
    last edit is less than EDIT_BURST ago, and that nothing points to yet: a
    match seat or a print job keeps the exact version it was made with.
    """
    if kind != "edited" or edited_at is None or pinned:
        return False
    return now - edited_at < EDIT_BURST
