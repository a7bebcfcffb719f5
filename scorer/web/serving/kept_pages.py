"""A page that many phones fetch in the same moment, made once, kept, and made again off the
requests.

When the slowest table of a club night records a deal, that deal appears on every other table's
board, and every phone following a board fetches it again within the two seconds of its poll
(``static/live.js``): 200 phones, 50 boards, most of them in the first half second. A board as a
phone outside its table sees it is the same for every such phone until its tag moves
(``policy/readers.sees_as_everyone``), so:

- it is made once: the first phone's request makes it, the others asking meanwhile wait for it,
  and those asking within ``SECONDS`` get it as made (by its match, tag and language: a phone's
  request for a kept page reads the match's row and nothing else, ``readers.shared_or_404``);
- when its tag moves (or it is older than ``SECONDS``), the board of the tag before is answered
  for up to ``STALE_SECONDS`` more while one thread of the process makes the new one, a board at
  a time, making room for the requests under way (``locking.make_room``): the burst of boards a
  publication causes no longer takes the interpreter from the polls and saves of the same
  moment. The phone's page carries the tag it was made at, so its next poll (two seconds on)
  fetches it again and gets the new board: a deal shows on the other tables' boards a poll or two
  later, where the tables' own phones see it at once.

Kept in this process only (another process makes its own), one store per app.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from flask import copy_current_request_context, current_app

from scorer.web.data import locking

SECONDS = 2.0          # a page made is answered as it is for this long
STALE_SECONDS = 10.0   # the page of the tag before is answered meanwhile for at most this long
MOST = 256             # pages kept at once; the oldest goes first


@dataclass(frozen=True)
class Kept:
    tag: Hashable
    made: float
    page: str


class KeptPages:
    def __init__(self) -> None:
        self.pages: OrderedDict[Hashable, Kept] = OrderedDict()
        self.lock = threading.Lock()
        self.making: dict[Hashable, threading.Lock] = {}  # a lock per page being made on a request
        self.queued: dict[Hashable, tuple[Hashable, Callable[[], str]]] = {}  # made off the requests next
        self.wanted: queue.SimpleQueue[Hashable] = queue.SimpleQueue()
        self.maker: threading.Thread | None = None

    def get(self, base: Hashable) -> Kept | None:
        with self.lock:
            return self.pages.get(base)

    def put(self, base: Hashable, tag: Hashable, page: str) -> None:
        with self.lock:
            self.pages[base] = Kept(tag, time.monotonic(), page)
            self.pages.move_to_end(base)
            while len(self.pages) > MOST:
                self.pages.popitem(last=False)

    def kept_or_made(self, base: Hashable, tag: Hashable, make: Callable[[], str],
                     make_later: Callable[[], str] | None = None) -> str:
        """The page of ``base`` at ``tag``: kept if made within ``SECONDS``; else the one kept
        of the tag before (within ``STALE_SECONDS``) while ``make_later`` makes the new one off
        the requests; else ``make()``'s, made now (one request makes it, the others wait)."""
        found = self.get(base)
        now = time.monotonic()
        if found is not None and found.tag == tag and now - found.made <= SECONDS:
            return found.page
        if found is not None and make_later is not None and now - found.made <= STALE_SECONDS:
            self.later(base, tag, make_later)
            return found.page
        with self.lock:
            one = self.making.setdefault(base, threading.Lock())
        try:
            with one:  # another phone's request may be making it: wait for it
                found = self.get(base)
                if found is not None and found.tag == tag and time.monotonic() - found.made <= SECONDS:
                    return found.page
                page = make()
                self.put(base, tag, page)
                return page
        finally:
            with self.lock:
                if self.making.get(base) is one and not one.locked():
                    del self.making[base]

    def later(self, base: Hashable, tag: Hashable, make: Callable[[], str]) -> None:
        """Make the page of ``base`` at ``tag`` in the maker thread (once, however many ask)."""
        with self.lock:
            fresh = base not in self.queued
            self.queued[base] = (tag, make)
            if self.maker is None or not self.maker.is_alive():
                self.maker = threading.Thread(target=self.make_queued, name="kept-pages", daemon=True)
                self.maker.start()
        if fresh:
            self.wanted.put(base)

    def make_queued(self) -> None:
        while True:
            base = self.wanted.get()
            with self.lock:
                tag, make = self.queued.pop(base, (None, None))
            if make is None:
                continue
            locking.make_room()  # the requests under way go first
            try:
                self.put(base, tag, make())
            except Exception:  # noqa: BLE001 - a page not made is made by the next request that asks
                with self.lock:
                    self.pages.pop(base, None)


def kept_or_made(base: Hashable, tag: Hashable, make: Callable[[], str], load: Callable[[], str]) -> str:
    """The page kept under ``base`` (a match and a language) for ``tag``, as ``KeptPages.kept_or_made``
    says. ``make`` makes it in this request; ``load`` makes it again from nothing but the match's
    id (it reads the match itself), in the maker thread, with this request's context copied."""
    store: KeptPages = current_app.extensions.setdefault("scorer.kept_pages", KeptPages())
    later = copy_current_request_context(load) if current_app.config.get("KEPT_PAGES_LATER", True) else None
    return store.kept_or_made(base, tag, make, later)
