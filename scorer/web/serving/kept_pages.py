"""A page that many phones fetch in the same moment, made once and kept for a moment.

When the slowest table of a club night records a deal, that deal appears on every other table's
board, and every phone following a board fetches it again within the two seconds of its poll
(``static/live.js``): 200 phones, 50 boards, most of them in the first half second. A board as a
phone outside its table sees it is the same for every such phone until its tag moves
(``policy/readers.sees_as_everyone``), so:

- it is made once: the first phone's request makes it, the others asking meanwhile wait for it,
  and those asking within ``SECONDS`` get it as made (by its match and tag: a phone's request for
  a kept page reads the match's row and nothing else, ``readers.shared_or_404``).

Whatever the tag does not follow (a player renamed, a rating folded in) shows at most ``SECONDS``
later. Kept in this process only (another process makes its own), one store per app.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import current_app

SECONDS = 2.0
MOST = 256   # pages kept at once; the oldest goes first


class KeptPages:
    def __init__(self) -> None:
        self.pages: OrderedDict[Hashable, tuple[float, str]] = OrderedDict()
        self.lock = threading.Lock()
        self.making: dict[Hashable, threading.Lock] = {}  # a lock per page being made

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

    def kept_or_made(self, key: Hashable, make: Callable[[], str]) -> str:
        page = self.get(key)
        if page is not None:
            return page
        with self.lock:
            one = self.making.setdefault(key, threading.Lock())
        try:
            with one:  # another phone's request may be making it: wait for it
                page = self.get(key)
                if page is None:
                    page = make()
                    self.put(key, page)
                return page
        finally:
            with self.lock:
                if self.making.get(key) is one and not one.locked():
                    del self.making[key]


def kept_or_made(key: Hashable, make: Callable[[], str]) -> str:
    """The page kept under ``key`` if it was made less than ``SECONDS`` ago, else ``make()``'s,
    kept: one request makes it while the others asking for it wait."""
    store: KeptPages = current_app.extensions.setdefault("scorer.kept_pages", KeptPages())
    return store.kept_or_made(key, make)
