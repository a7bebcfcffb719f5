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
from sqlalchemy.exc import SQLAlchemyError

from scorer.web.extensions import db
from scorer.web.writes import ratings, unit

QUIET = 0.3      # seconds without a new change before a fold starts
LONGEST = 2.0    # ... but no longer than this after the first change of a burst
POLL = 10.0      # seconds between looks for other processes' marks

INLINE, THREAD = "inline", "thread"
WAKE = threading.Event()  # set by ``wake``; the thread waits on it

_started: dict[int, threading.Thread] = {}
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
        start(current_app._get_current_object())  # type: ignore[attr-defined]
        WAKE.set()


def start(app: Flask) -> threading.Thread:
    """Start the app's catch-up thread (once per app; a daemon: the server's end ends it)."""
    with _lock:
        thread = _started.get(id(app))
        if thread is None or not thread.is_alive():
            thread = threading.Thread(target=run, args=(app,), name="ratings-catch-up", daemon=True)
            _started[id(app)] = thread
            thread.start()
        return thread


def settle() -> None:
    """Wait while changes keep coming (each wakes the event again), within ``LONGEST``."""
    began = time.monotonic()
    while time.monotonic() - began < LONGEST and WAKE.wait(QUIET):
        WAKE.clear()


def run(app: Flask) -> None:
    WAKE.set()  # a first look at start: marks left by a migration or a process that died
    while True:
        if WAKE.wait(POLL):
            WAKE.clear()
            settle()
        with app.app_context():
            try:
                ratings.catch_up_all()
            except SQLAlchemyError as error:
                db.session.rollback()
                app.logger.warning("Ratings left to fold later: %s", str(error).splitlines()[0])
            finally:
                db.session.remove()
