"""One writer at a time per match, on SQLite and on PostgreSQL alike.

Every change to a match's deals (a deal saved, edited or deleted, the match deleted, its results
cache rewritten) is one transaction that begins with ``lock_match``::

    UPDATE matches SET version = version + 1 WHERE id = :id

That one statement is the lock on both databases: PostgreSQL holds the row's lock until the
transaction ends, so a second writer of the same match waits at the same statement (other
matches are not held up); SQLite takes its database-wide write lock, which a second writer waits
for within the busy timeout. The writer then reads the match again, inside the lock, and decides
from what is stored now, not from what the page showed: nobody can change the match between
that read and the commit. A refused write rolls back, version included.

A long write (an import of many matches) stores in short batches and, between two, gives way to
the writers of this process that are waiting (``writing``, ``give_way``): SQLite's busy handler
polls the lock only now and then (every 100 ms once it has waited a while), so a batch that
begins the instant the last one commits would take the lock again before the waiting save ever
saw it free, batch after batch, for the whole import.

Why not the alternatives: ``SELECT ... FOR UPDATE`` is ignored by SQLite, and ``BEGIN IMMEDIATE``
needs SQLite's driver taken out of its own transaction handling; the UPDATE works the same
through SQLAlchemy on both. And the version it raises is useful in itself: a form carries the
version it was read at, so an edit based on an out-of-date view is recognised and refused.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from flask import has_request_context
from sqlalchemy import select, update

from scorer.web.data.models import DealSet, Match
from scorer.web.extensions import db


def lock_match(match_id: int, bump: bool = True, deleted: bool = False) -> int | None:
    """Begin a write to match ``match_id``: end whatever the session had open, take the match's
    lock, and return its version as it was before this write (None: there is no such match).

    ``bump=False`` takes the lock without counting a change (rebuilding the cache, checking it),
    so forms opened before stay current. The caller commits or rolls back; either releases it.
    A deleted match (``Match.deleted_at``) is no match to write to, unless ``deleted`` (its
    restore, and the undo of its deletion).
    """
    # The lock must be the transaction's first statement: the session's earlier reads are
    # dropped (and its objects expired, so they are read again under the lock), and on SQLite
    # no read lock is held that would have to be upgraded (which fails at once rather than wait).
    db.session.rollback()
    # Without a bump nothing changes, updated_at included (its onupdate would otherwise fire).
    values: dict[str, Any] = (
        {"version": Match.version + 1} if bump else {"version": Match.version, "updated_at": Match.updated_at})
    found = Match.id == match_id if deleted else (Match.id == match_id) & Match.deleted_at.is_(None)
    result = db.session.execute(
        update(Match).where(found).values(values).execution_options(synchronize_session=False))
    if result.rowcount == 0:  # type: ignore[attr-defined]
        db.session.rollback()
        return None
    version = db.session.scalar(select(Match.version).where(Match.id == match_id))
    assert version is not None
    return version - 1 if bump else version


def lock_matches(match_ids: Sequence[int]) -> None:
    """Begin a write that touches several matches at once (a player's rename: every match they are
    in): take each match's lock in id order, so that two such writes never wait on each other in a
    circle, without counting a change (open forms stay current). The caller commits or rolls back."""
    db.session.rollback()
    for match_id in sorted(set(match_ids)):
        db.session.execute(update(Match).where(Match.id == match_id)
                           .values(version=Match.version, updated_at=Match.updated_at)
                           .execution_options(synchronize_session=False))


def lock_set(set_id: int) -> None:
    """Within a write, take a deal set's lock by raising its version (``DealSet.version``): the
    tables joining it, admitted, closed or taken out, and its screen's choices, one at a time; the
    director's screen's tag moves with it. The caller commits or rolls back."""
    db.session.execute(update(DealSet).where(DealSet.id == set_id).values(version=DealSet.version + 1)
                       .execution_options(synchronize_session=False))


def hold_set(set_id: int) -> DealSet:
    """Within a write, hold a deal set's row for the rest of the transaction without changing it
    (``FOR UPDATE`` on PostgreSQL, where two tables' saves then weigh the night's frontier one at a
    time; SQLite has one writer at a time anyway), read again from the database."""
    return db.session.execute(select(DealSet).where(DealSet.id == set_id).with_for_update()
                              .execution_options(populate_existing=True)).scalar_one()


def held_set(set_id: int) -> DealSet:
    """The deal set a write holds (``hold_set``), as this session has it."""
    return db.session.get_one(DealSet, set_id)


_writers = 0                       # writes of this process under way or waiting for the write lock
_writers_changed = threading.Condition()


@contextmanager
def writing() -> Iterator[None]:
    """Count a short write (a deal saved, a sign-in) for as long as it waits and runs, so that a
    long write gives way to it between its batches (``give_way``)."""
    global _writers
    with _writers_changed:
        _writers += 1
    try:
        yield
    finally:
        with _writers_changed:
            _writers -= 1
            _writers_changed.notify_all()


_requests = 0                      # requests this process is answering now
_requests_changed = threading.Condition()


def request_began() -> None:
    """A request of this process began (the app factory's ``before_request``)."""
    global _requests
    with _requests_changed:
        _requests += 1


def request_ended() -> None:
    """...and ended (``teardown_request``)."""
    global _requests
    with _requests_changed:
        _requests = max(0, _requests - 1)
        _requests_changed.notify_all()


def make_room(longest: float = 0.02) -> None:
    """Work off the requests (the ratings' fold in its own thread) stops now and then: while this
    process answers a request, it waits, ``longest`` seconds at most, so that the request has the
    interpreter to itself rather than half of it. Never waits inside a request."""
    if has_request_context():
        return
    with _requests_changed:
        _requests_changed.wait_for(lambda: _requests == 0, timeout=longest)


def give_way(longest: float = 2.0) -> float:
    """Between two batches of a long write, with nothing of its own held: wait while the process's
    short writes run (``writing``), for ``longest`` seconds at most. Returns the seconds waited."""
    started = time.monotonic()
    with _writers_changed:
        _writers_changed.wait_for(lambda: _writers == 0, timeout=longest)
    return time.monotonic() - started
