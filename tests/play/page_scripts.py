"""Reading a table page's JSON script blocks (#match-initial, #live-strings, #table-strings)."""

from __future__ import annotations

from html.parser import HTMLParser


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
