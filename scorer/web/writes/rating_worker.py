"""The ratings' catch-up thread: one per process, folding stale kinds off the request.

A write that marks a kind stale wakes it after its commit (``wake``, which ``register`` hands to
the unit of work: ``unit.on_commit``; ``RATINGS_CATCH_UP`` says how). It then waits for
the burst of changes to settle (no new wake for ``QUIET`` seconds, ``LONGEST`` at most), so that
thirty edits in a row are folded once or twice, not thirty times, and folds every stale kind
(``ratings.catch_up_all``: a claim in the database keeps two processes off the same kind). It
also looks every ``POLL`` seconds without being woken, for marks left by another process (one
that died mid-fold leaves its mark and a claim that lapses). A failure is logged and left for the
next round: the marks stay.
"""

from __future__ import annotations

import threading
import time

from flask import Flask, current_app

from scorer.web.extensions import db
from scorer.web.writes import ratings, unit

QUIET = 0.3      # seconds without a new change before a fold starts
LONGEST = 2.0    # ... but no longer than this after the first change of a burst
POLL = 10.0      # seconds between looks for other processes' marks

INLINE, THREAD = "inline", "thread"


class Worker:
    """An app's catch-up thread, with the event a write wakes it by and one that stops it."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.woken = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, name="ratings-catch-up", daemon=True)

    def settle(self) -> None:
        """Wait while changes keep coming (each wakes the event again), within ``LONGEST``."""
        began = time.monotonic()
        while time.monotonic() - began < LONGEST and self.woken.wait(QUIET):
            self.woken.clear()

    def run(self) -> None:
        self.woken.set()  # a first look at start: marks left by a migration or a process that died
        while not self.stopping.is_set():
            if self.woken.wait(POLL):
                self.woken.clear()
                self.settle()
            if self.stopping.is_set():
                break
            with self.app.app_context():
                try:
                    ratings.catch_up_all()
                except Exception as error:  # noqa: BLE001 - the thread must go on: the marks stay for the next round
                    db.session.rollback()
                    self.app.logger.warning("Ratings left to fold later: %s", str(error).splitlines()[0])
                finally:
                    db.session.remove()


_workers: dict[int, Worker] = {}
_lock = threading.Lock()
_registered = False


def register() -> None:
    """Hand ``wake`` to the unit of work, once (the app factory calls it)."""
    global _registered
    if not _registered:
        unit.on_commit(wake)
        _registered = True


def wake(kinds: set[str]) -> None:
    """After a commit that marked ``kinds`` stale: wake this process's catch-up thread (started
    here if the server did not start it), or fold them now ("inline": the tests), or leave them
    ("off": for the next start's set-up step, a command, or a test's own catch-up)."""
    how = current_app.config.get("RATINGS_CATCH_UP", THREAD)
    if how == INLINE:
        for kind in sorted(kinds):
            ratings.catch_up(kind)
    elif how == THREAD:
        start(current_app._get_current_object()).woken.set()  # type: ignore[attr-defined]


def start(app: Flask) -> Worker:
    """Start the app's catch-up thread (once per app; a daemon: the server's end ends it)."""
    with _lock:
        worker = _workers.get(id(app))
        if worker is None or not worker.thread.is_alive():
            worker = Worker(app)
            _workers[id(app)] = worker
            worker.thread.start()
        return worker


def stop(app: Flask, wait: float = 10.0) -> None:
    """Stop the app's catch-up thread, if it runs (a test's app, before its database goes)."""
    with _lock:
        worker = _workers.pop(id(app), None)
    if worker is not None:
        worker.stopping.set()
        worker.woken.set()
        worker.thread.join(wait)
