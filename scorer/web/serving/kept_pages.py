"""A page that many phones fetch in the same moment, made once and kept for a moment.

When the slowest table of a club night records a deal, that deal appears on every other table's
board, and every phone following a board fetches it again within the two seconds of its poll
(``static/live.js``): 200 phones, 50 boards, most of them in the first half second. A board as a
phone outside its table sees it is the same for every such phone until its tag moves
(``policy/readers.sees_as_everyone``), so:

- it is made once: the first phone's request makes it, the others asking meanwhile wait for it,
  and those asking within ``SECONDS`` get it as made (by its match and tag: a phone's request for
  a kept page reads the match's row and nothing else, ``readers.shared_or_404``).

- it is compressed once: each encoding a phone asks for (br, gzip) is made from the kept page the
  first time it is asked for and kept with it (``compression.py`` asks ``encoded`` and ``keep_encoded``
  through Flask-Compress's cache), so the phones after the first are sent kept bytes.

The director's screen of a night is kept the same way, by its set, its tag and its language.

Whatever the tag does not follow (a player renamed, a rating folded in) shows at most ``SECONDS``
later. Kept in this process only (another process makes its own), one store per app.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from flask import current_app, g

SECONDS = 2.0
MOST = 256   # pages kept at once; the oldest goes first
ENTRY = "scorer_kept_page"  # on flask.g: the kept page this request answers with


@dataclass
class Kept:
    """A page as made, when, and its compressed forms by encoding as they were asked for."""

    made: float
    page: str
    encoded: dict[str, bytes] = field(default_factory=dict)


class KeptPages:
    def __init__(self) -> None:
        self.pages: OrderedDict[Hashable, Kept] = OrderedDict()
        self.lock = threading.Lock()
        self.making: dict[Hashable, threading.Lock] = {}  # a lock per page being made

    def get(self, key: Hashable) -> Kept | None:
        with self.lock:
            found = self.pages.get(key)
            if found is None:
                return None
            if time.monotonic() - found.made > SECONDS:
                del self.pages[key]
                return None
            return found

    def put(self, key: Hashable, page: str) -> Kept:
        kept = Kept(time.monotonic(), page)
        with self.lock:
            self.pages[key] = kept
            self.pages.move_to_end(key)
            while len(self.pages) > MOST:
                self.pages.popitem(last=False)
        return kept

    def kept_or_made(self, key: Hashable, make: Callable[[], str]) -> Kept:
        kept = self.get(key)
        if kept is not None:
            return kept
        with self.lock:
            one = self.making.setdefault(key, threading.Lock())
        try:
            with one:  # another phone's request may be making it: wait for it
                kept = self.get(key)
                if kept is None:
                    kept = self.put(key, make())
                return kept
        finally:
            with self.lock:
                if self.making.get(key) is one and not one.locked():
                    del self.making[key]


def kept_or_made(key: Hashable, make: Callable[[], str]) -> str:
    """The page kept under ``key`` if it was made less than ``SECONDS`` ago, else ``make()``'s,
    kept: one request makes it while the others asking for it wait. The response is then sent
    compressed from the kept page's bytes (``encoded``)."""
    store: KeptPages = current_app.extensions.setdefault("scorer.kept_pages", KeptPages())
    kept = store.kept_or_made(key, make)
    setattr(g, ENTRY, kept)
    return kept.page


def encoded(encoding: str) -> bytes | None:
    """The kept page this request answers with, compressed with ``encoding``, if it was already."""
    kept: Kept | None = g.get(ENTRY)
    return kept.encoded.get(encoding) if kept is not None else None


def keep_encoded(encoding: str, body: bytes) -> None:
    """Keep the page this request answers with, as compressed with ``encoding``, for the next phone."""
    kept: Kept | None = g.get(ENTRY)
    if kept is not None:
        kept.encoded.setdefault(encoding, body)


def answers_kept() -> bool:
    """Whether this request answers with a kept page (its body is that page, as made)."""
    return g.get(ENTRY) is not None
