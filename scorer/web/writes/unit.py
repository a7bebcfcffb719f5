"""The unit of work every write goes through: one transaction, under the match's lock, committed
once or rolled back whole.

``match_write`` takes the lock (``data/locking.py``: the first statement of the transaction raises
the match's version, so a second writer of the same match waits), reads the match again and
hands it to the write; leaving the block commits, any exception rolls back. A lock not had within
the busy timeout is ``Busy``; a match deleted meanwhile is ``Gone``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import current_app
from sqlalchemy.exc import OperationalError

from scorer.web.data import locking
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.writes.problems import Busy, Gone


@dataclass
class Locked:
    """The match as it is now, under its lock, and its version before this write."""

    match: Match
    version: int


@contextmanager
def match_write(match_id: int, undone: str, *, bump: bool = True, deleted: bool = False,
                gone: str = "This match was deleted from another phone, so nothing was changed.") -> Iterator[Locked]:
    """Lock match ``match_id``, read it again, and commit what the block writes (or roll back if
    it raises). ``undone`` says what was not done if the lock is busy ("Deal 4 was not saved")."""
    with locking.writing():  # a long import gives way to it between its batches
        yield from _match_write(match_id, undone, bump=bump, deleted=deleted, gone=gone)


def _match_write(match_id: int, undone: str, *, bump: bool, deleted: bool, gone: str) -> Iterator[Locked]:
    try:
        version = locking.lock_match(match_id, bump=bump, deleted=deleted)
    except OperationalError as error:  # the lock was not free within the busy timeout
        db.session.rollback()
        current_app.logger.warning("Match %s: %s (busy): %s", match_id, undone,
                                   str(error.orig).splitlines()[0] if error.orig else error)
        raise Busy(f"{undone}: the scorer was busy with another change. "
                   "Go back and send it again; what you entered is kept on this phone.") from None
    if version is None:
        raise Gone(gone)
    try:
        yield Locked(db.session.get_one(Match, match_id), version)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


@contextmanager
def transaction() -> Iterator[None]:
    """A write that touches no match's deals (a sign-in attempt, a deal set): commit or roll back whole."""
    db.session.rollback()  # whatever the request read before is not part of this write
    with locking.writing():
        try:
            yield
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
