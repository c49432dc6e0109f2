"""What the three table-script test modules share.

The page's JSON script blocks (#match-initial, #live-strings, #table-strings),
the card codes in a view (what the match service looks up for a frame), and
Node, which runs the scripts outside a browser.
"""

from __future__ import annotations

import shutil
from html.parser import HTMLParser

import pytest

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


def codes_in(value) -> set[str]:
    """Every card code anywhere in a view (zones, events): a dict's "code" string."""
    found = set()
    if isinstance(value, dict):
        if isinstance(value.get("code"), str):
            found.add(value["code"])
        for item in value.values():
            found |= codes_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= codes_in(item)
    return found


class ScriptBlocks(HTMLParser):
    """The text of every <script> with an id, by id."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: dict[str, str] = {}
        self._id: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self._id = dict(attrs).get("id")
            if self._id:
                self.blocks[self._id] = ""

    def handle_endtag(self, tag):
        if tag == "script":
            self._id = None

    def handle_data(self, data):
        if self._id:
            self.blocks[self._id] += data


def scripts(html: str) -> dict[str, str]:
    parser = ScriptBlocks()
    parser.feed(html)
    return parser.blocks
