"""A page that many phones fetch in the same moment, made once and kept for a moment.

When the slowest table of a club night records a deal, that deal appears on every other table's
board, and every phone following a board fetches it again within the two seconds of its poll
(``static/live.js``): 200 phones, 50 boards, most of them in the first half second. A board as a
phone outside its table sees it is the same for every such phone until its tag moves
(``policy/readers.sees_as_everyone``), so:

- it is made once: the first phone's request makes it, the others asking meanwhile wait for it,
  and those asking within ``SECONDS`` get it as made (by its match and tag: a phone's request for
  a kept page reads the live poll's one statement and nothing else, ``readers.shared_key``).

- it is compressed once: each encoding a phone asks for (br, gzip) is made from the kept page the
  first time it is asked for and kept with it (``compression.py`` asks ``encoded`` and ``keep_encoded``
  through Flask-Compress's cache), so the phones after the first are sent kept bytes.

- it is made once on the server, not once a worker process: a page made is written to a folder
  of the instance (``kept-pages/``, one a database) and the other processes read it from there
  (0.1 ms where a board is made in 20); a process about to make a page holds a lock on its file
  (``fcntl.flock``) while it does, and a process asking meanwhile waits for it. Where the folder
  cannot be written, or on Windows (no ``fcntl``), each process makes its own, as before.

The director's screen of a night is kept the same way, by its set, its tag, its address and its
language.

Whatever the tag does not follow (a player renamed, a rating folded in) shows at most ``SECONDS``
later. One store per app in each process; its pages are forgotten ``SECONDS`` after they were
made, and their files a minute after.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from flask import current_app, g

try:
    import fcntl
except ImportError:  # Windows: each process keeps its own
    fcntl = None  # type: ignore[assignment]

SECONDS = 2.0
MOST = 256   # pages kept at once; the oldest goes first
ENTRY = "scorer_kept_page"  # on flask.g: the kept page this request answers with
FILES_KEPT = 60.0  # seconds a page's file is left in the folder before it is cleared away
CLEAR_EVERY = 10.0  # seconds between two clearings of the folder by one process


def clock() -> float:
    """The time, as every process of the server reads it (a page's file carries when it was made)."""
    return time.time()


@dataclass
class Kept:
    """A page as made, when, and its compressed forms by encoding as they were asked for."""

    made: float
    page: str
    encoded: dict[str, bytes] = field(default_factory=dict)


class KeptPages:
    """The pages kept in this process, and the folder shared with the server's other processes
    (``folder``; None: this process's own only)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.pages: OrderedDict[Hashable, Kept] = OrderedDict()
        self.lock = threading.Lock()
        self.making: dict[Hashable, threading.Lock] = {}  # a lock per page being made
        self.folder = folder if fcntl is not None else None
        self.cleared = clock()

    def get(self, key: Hashable) -> Kept | None:
        with self.lock:
            found = self.pages.get(key)
            if found is None:
                return None
            if clock() - found.made > SECONDS:
                del self.pages[key]
                return None
            return found

    def put(self, key: Hashable, page: str, made: float | None = None) -> Kept:
        kept = Kept(clock() if made is None else made, page)
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
                    kept = self.shared_or_made(key, make)
                return kept
        finally:
            with self.lock:
                if self.making.get(key) is one and not one.locked():
                    del self.making[key]

    def shared_or_made(self, key: Hashable, make: Callable[[], str]) -> Kept:
        """The page another process made and wrote to the folder, else made here and written there."""
        if self.folder is None:
            return self.put(key, make())
        path = self.folder / (hashlib.sha256(repr(key).encode()).hexdigest()[:32] + ".html")
        try:
            with self.file_lock(path):
                made = read_made(path)
                if made is not None:
                    return self.put(key, made[1], made[0])
                page, now = make(), clock()
                write_made(path, page, now)
        except OSError:  # the folder cannot be written: this process keeps its own
            return self.put(key, make())
        self.clear_old()
        return self.put(key, page, now)

    @contextlib.contextmanager
    def file_lock(self, path: Path) -> Iterator[None]:
        with open(path.with_suffix(".lock"), "a+b") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another process making it: wait for it (the GIL is let go)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def clear_old(self) -> None:
        """Every ``CLEAR_EVERY`` seconds, the folder's files older than ``FILES_KEPT`` go."""
        now = clock()
        if self.folder is None or now - self.cleared < CLEAR_EVERY:
            return
        self.cleared = now
        for path in self.folder.iterdir():
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime > FILES_KEPT:
                    path.unlink()


def read_made(path: Path) -> tuple[float, str] | None:
    """The page in ``path`` and when it was made, if it was made less than ``SECONDS`` ago."""
    try:
        stamp, _, page = path.read_text(encoding="utf-8").partition("\n")
        made = float(stamp)
    except (OSError, ValueError):
        return None
    return (made, page) if clock() - made <= SECONDS else None


def write_made(path: Path, page: str, made: float) -> None:
    """The page and when it was made, written whole or not at all (a reader never sees half)."""
    part = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    part.write_text(f"{made!r}\n{page}", encoding="utf-8")
    os.replace(part, path)


def store_for(app_folder: str, database_url: str) -> KeptPages:
    """An app's store: its folder in ``app_folder``, one a database (two apps on two databases
    never share a page)."""
    folder = Path(app_folder) / hashlib.sha256(database_url.encode()).hexdigest()[:12]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return KeptPages()
    return KeptPages(folder)


def kept_or_made(key: Hashable, make: Callable[[], str]) -> str:
    """The page kept under ``key`` if it was made less than ``SECONDS`` ago, else ``make()``'s,
    kept: one request makes it while the others asking for it wait. The response is then sent
    compressed from the kept page's bytes (``encoded``)."""
    store: KeptPages | None = current_app.extensions.get("scorer.kept_pages")
    if store is None:
        folder = current_app.config.get("KEPT_PAGES_FOLDER") or os.path.join(current_app.instance_path, "kept-pages")
        store = current_app.extensions.setdefault("scorer.kept_pages", store_for(
            folder, str(current_app.config["SQLALCHEMY_DATABASE_URI"])))
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


PARTS = 64  # parts of pages kept by the key of what they show


def kept_part(key: Hashable, make: Callable[[], str]) -> str:
    """A part of a page kept, in this process, for as long as ``key`` (which names everything the
    part shows) is asked for: the director's screen's published deals and standings, made again
    when the night publishes, not at every deal recorded (docs/DECISIONS.md 90)."""
    parts: OrderedDict[Hashable, str] = current_app.extensions.setdefault("scorer.kept_parts", OrderedDict())
    lock: threading.Lock = current_app.extensions.setdefault("scorer.kept_parts_lock", threading.Lock())
    with lock:
        found = parts.get(key)
        if found is not None:
            parts.move_to_end(key)
            return found
    made = make()
    with lock:
        parts[key] = made
        while len(parts) > PARTS:
            parts.popitem(last=False)
    return made
