"""A page that many phones fetch in the same moment, made once and kept for a moment.

When the slowest table of a club night records a deal, that deal appears on every other table's
board, and every phone following a board fetches it again within the two seconds of its poll
(``static/live.js``): 200 phones, 50 boards. A board as a phone outside its table sees it is the
same for every such phone until its tag moves (``policy/readers.sees_as_everyone``), so it is made
once and kept, by its match and tag, for ``SECONDS``: the other phones following the table get it
as made. Whatever the tag does not follow (a player renamed, a rating folded in) shows at most
``SECONDS`` later. Kept in this process only (another process makes its own), one store per app.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable

from flask import current_app

SECONDS = 2.0
MOST = 256  # pages kept at once; the oldest goes first


class KeptPages:
    def __init__(self) -> None:
        self.pages: OrderedDict[Hashable, tuple[float, str]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> str | None:
        with self.lock:
            found = self.pages.get(key)
            if found is None:
                return None
            if time.monotonic() - found[0] > SECONDS:
                del self.pages[key]
                return None
            return found[1]

    def put(self, key: Hashable, page: str) -> None:
        with self.lock:
            self.pages[key] = (time.monotonic(), page)
            self.pages.move_to_end(key)
            while len(self.pages) > MOST:
                self.pages.popitem(last=False)


def _store() -> KeptPages:
    store: KeptPages = current_app.extensions.setdefault("scorer.kept_pages", KeptPages())
    return store


def kept(key: Hashable) -> str | None:
    """The page kept under ``key``, if it was made less than ``SECONDS`` ago."""
    return _store().get(key)


def keep(key: Hashable, page: str) -> None:
    _store().put(key, page)
