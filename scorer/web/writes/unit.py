"""The unit of work every write goes through: one transaction, under the match's lock, committed
once or rolled back whole; and the one place the app commits (``commit``).

``match_write`` takes the lock (``data/locking.py``: the first statement of the transaction raises
the match's version, so a second writer of the same match waits), reads the match again and
hands it to the write; leaving the block commits, any exception rolls back. A lock not had within
the busy timeout is ``Busy``; a match deleted meanwhile is ``Gone``.

What a write leaves for after its commit is handed on explicitly, not by a listener on every
session: a write that marked a kind of ratings stale (``data/ratings.mark_stale`` notes it in the
session) wakes the ratings' catch-up once it has committed (``on_commit``: ``writes/ratings.py``
registers it); a rollback drops the note with the write.

A write sent with a form's one-time key (``data/save_keys.py``) looks it up first
thing under the lock (``resent``); if it answered the same form already, it leaves the block by
raising ``Answered`` with that answer: the rollback leaves everything as it was, the match's
version included, and the write returns the answer of the first time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import current_app
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from scorer.web.data import locking, ratings, save_keys
from scorer.web.data.models import Match, SaveKey
from scorer.web.data.refusals import Said
from scorer.web.extensions import db
from scorer.web.writes.problems import Busy, Gone

_after_commit: list[Callable[[set[str]], None]] = []


def on_commit(callback: Callable[[set[str]], None]) -> None:
    """Call ``callback`` with the kinds of ratings a committed write marked stale."""
    _after_commit.append(callback)


def commit() -> None:
    """Commit the session's transaction, then hand on what it marked (``on_commit``)."""
    db.session.commit()
    hand_on()


def hand_on() -> None:
    """After a commit: what the transaction marked goes to the ``on_commit`` callbacks. The write
    is committed by then: a callback that fails (the database away for a moment) must not turn
    its answer into an error. The mark stays, and the next wake (or ``make run``'s set-up) folds."""
    marked = db.session.info.pop(ratings.MARKED, None)
    if not marked:
        return
    for callback in _after_commit:
        try:
            callback(marked)
        except SQLAlchemyError as error:
            rollback()
            current_app.logger.warning("Ratings left to fold later: %s", str(error).splitlines()[0])


def rollback() -> None:
    """Roll back the session's transaction, and what it marked with it."""
    db.session.rollback()
    db.session.info.pop(ratings.MARKED, None)


class Answered(Exception):  # noqa: N818 (not an error: leaves the unit of work without its commit)
    """A form sent again with its one-time key: the write's answer of the first time, raised
    inside ``match_write`` so that it rolls back and nothing is written (``resent``)."""

    def __init__(self, answer: object) -> None:
        super().__init__()
        self.answer = answer


def resent(key: str | None, match_id: int, kind: str, number: int, sent: str) -> tuple[SaveKey | None, str | None]:
    """Under the match's lock: the stored row of this very write if ``key`` answered it already,
    and the key to store with the write (None: none came, or it answered another write, and the
    form is decided as one without a key)."""
    if key is None:
        return None, None
    row = save_keys.find(key)
    if row is None:
        return None, key
    return (row if save_keys.same(row, match_id, kind, number, sent) else None), None


@dataclass
class Locked:
    """The match as it is now, under its lock, and its version before this write."""

    match: Match
    version: int


@contextmanager
def match_write(match_id: int, undone: Said, *, bump: bool = True, deleted: bool = False,
                gone: Said | None = None) -> Iterator[Locked]:
    """Lock match ``match_id``, read it again, and commit what the block writes (or roll back if
    it raises). ``undone`` says what was not done if the lock is busy (a heading: "Deal 4 was not
    saved"); ``gone`` why, if the match is not there (by default, that it was deleted and nothing
    was changed): codes and facts, worded by the screen."""
    with locking.writing():  # a long import gives way to it between its batches
        yield from _match_write(match_id, undone, bump=bump, deleted=deleted, gone=gone)


def _match_write(match_id: int, undone: Said, *, bump: bool, deleted: bool, gone: Said | None) -> Iterator[Locked]:
    db.session.info.pop(ratings.MARKED, None)  # a write begins with nothing marked
    try:
        version = locking.lock_match(match_id, bump=bump, deleted=deleted)
    except OperationalError as error:  # the lock was not free within the busy timeout
        rollback()
        current_app.logger.warning("Match %s: %s (busy): %s", match_id, undone,
                                   str(error.orig).splitlines()[0] if error.orig else error)
        raise Busy("busy", undone=undone) from None
    if version is None:
        gone = gone or Said("match-deleted")
        raise Gone(gone.code, **gone.facts)
    try:
        yield Locked(db.session.get_one(Match, match_id), version)
        db.session.commit()
    except BaseException:
        rollback()
        raise
    hand_on()


@contextmanager
def transaction() -> Iterator[None]:
    """A write that touches no match's deals (a sign-in attempt, a deal set): commit or roll back whole."""
    rollback()  # whatever the request read before is not part of this write
    with locking.writing():
        try:
            yield
            db.session.commit()
        except BaseException:
            rollback()
            raise
    hand_on()
