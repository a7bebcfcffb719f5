"""The ratings' writes: the catch-up that folds a stale kind again, the rebuild, and the site
manager's say over the ladder (leave a match out or count it again, confirm a match, choose
what the ladder counts).

**The catch-up** (``catch_up``) is two short transactions with the fold between them
(``data/rating_catch_up.py``): a claim, then the store. It runs off the request: each write's unit
(``unit.py``) hands the kinds it marked stale to ``rating_worker.wake`` after its commit, which in
the server wakes the catch-up thread; with ``RATINGS_CATCH_UP = "inline"`` (the tests) it folds at
once, after the commit, in the caller's thread. The catch-up takes in every mark made while it
folded by going round again from the earliest of them, and the thread waits for a burst of
changes to settle before it folds (``rating_worker.py``).
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable

from scorer.web import clock
from scorer.web.data import locking, rating_catch_up, ratings
from scorer.web.data.changes import RATINGS
from scorer.web.data.models import Match, RatingState, SiteSetting
from scorer.web.data.ratings import CONFIRMED, LEFT_OUT
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.writes.changes import record
from scorer.web.writes.problems import Gone, Refused
from scorer.web.writes.unit import match_write, transaction

ROUNDS = 20  # a catch-up goes round at most this often before it leaves the rest to the next wake
STORE_PART = 1200  # rows of rating steps stored per transaction: a save at another table waits for one part at most
_named: tuple[int, str] | None = None  # this process's id and its name on a claim

# Tests observe the fold (how many, and a pause in the middle); nothing in the app sets these.
folds_done = 0
during_fold: Callable[[str, str], None] | None = None  # (kind, worker), between the fold's reads and its store


def this_worker() -> str:
    """This process's name on a claim: its id and a random part, named in the process itself. The
    server's worker processes are forked from the one that made the app first (granian): a name made
    when the module was imported was the same in both, and each took the other's claim as its own."""
    global _named
    if _named is None or _named[0] != os.getpid():
        _named = (os.getpid(), f"{os.getpid()}-{uuid.uuid4().hex[:8]}")
    return _named[1]


def catch_up(kind: str, worker: str | None = None) -> bool:
    """Fold ``kind`` again from where it is stale and store it, going round again while marks
    were made during the fold. True when the kind is up to date, False when another catch-up
    holds it (or it was still being changed after ``ROUNDS`` rounds: the next wake goes on).
    ``worker``: the claim's name (this process's, ``this_worker``, unless a test names another)."""
    global folds_done
    worker = worker or this_worker()
    for _ in range(ROUNDS):
        with transaction():
            claim = rating_catch_up.claim(kind, worker)
        if claim is None:
            return not stale(kind)
        db.session.rollback()  # the fold reads afresh, without a lock
        redone = rating_catch_up.refold(kind, claim.start)
        db.session.rollback()  # SQLite: a read transaction that another write overtook cannot become a write
        if during_fold is not None:
            during_fold(kind, worker)
        if not store(claim, redone):
            return not stale(kind)  # the claim lapsed and another catch-up took it: it folds
        folds_done += 1
    return not stale(kind)


def store(claim: rating_catch_up.Claim, redone: rating_catch_up.Refold) -> bool:
    """Store a fold in parts (``STORE_PART`` rows each, a short transaction each, giving way to the
    process's waiting writes between two), while ``claim`` holds; the last part releases the kind.
    False if the claim was lost on the way."""
    touched: set[int] = set()
    pieces = rating_catch_up.parts(redone, STORE_PART)
    for number, (lower, upper, rows) in enumerate(pieces, start=1):
        with transaction():
            state = rating_catch_up.still_held(claim)
            if state is None:
                return False
            if number == 1:
                touched = rating_catch_up.players_after(claim.kind, claim.start)
            rating_catch_up.replace_steps(claim.kind, rows, lower, upper)
            if number == len(pieces):
                rating_catch_up.set_standings(redone, touched)
                rating_catch_up.release(state)
        if number < len(pieces):
            locking.give_way(0.5)  # a save at the table meanwhile goes in now
    return True


def stale(kind: str) -> bool:
    state = db.session.get(RatingState, kind, populate_existing=True)
    return state is not None and rating_catch_up.stale_since(state) is not None


def catch_up_all(wait: float = 0) -> list[str]:
    """Every stale kind brought up to date (``make run``'s set-up step, ``flask check``); with
    ``wait``, for up to that many seconds while another process holds a kind. Returns the kinds
    still stale."""
    deadline = time.monotonic() + wait
    while True:
        left = [kind for kind in rating_catch_up.stale_kinds() if not catch_up(kind)]
        db.session.rollback()
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.2)


def rebuild() -> None:
    """Every kind folded from scratch and stored (``flask stats rebuild``)."""
    with transaction():
        rating_catch_up.clear_all()
        for kind in rating_catch_up.KINDS:
            ratings.mark_stale(kind, ratings.BEGINNING)
    for kind in rating_catch_up.KINDS:  # now, whatever RATINGS_CATCH_UP says: the command waits for it
        catch_up(kind)


# ---- the site manager's say ---------------------------------------------------------------------

def set_standing(match_id: int, by: str, *, left_out: bool | None = None, confirmed: bool | None = None,
                 undoes: int | None = None) -> bool:
    """Leave ``match_id`` out of the ratings or count it again (``left_out``), confirm it for the
    ladder or take the confirmation back (``confirmed``), under its lock. Recorded in the change
    history. Returns False if it was so already."""
    with match_write(match_id, heading("ratings-not-changed"), bump=False, deleted=True) as locked:
        match = locked.match
        return set_standing_locked(match, by, left_out=left_out, confirmed=confirmed, undoes=undoes)


def set_standing_locked(match: Match, by: str, *, left_out: bool | None = None, confirmed: bool | None = None,
                        undoes: int | None = None) -> bool:
    """``set_standing`` on a match held under its lock (an undo's); the caller commits."""
    before = ratings.standing_of(match)
    wanted = {LEFT_OUT: before[LEFT_OUT] if left_out is None else left_out,
              CONFIRMED: before[CONFIRMED] if confirmed is None else confirmed}
    if wanted == before:
        return False
    if wanted[CONFIRMED] and not match.finished:
        raise Refused("confirm-unfinished")
    counted = ratings.counts(match)
    if counted and not ratings.counts_with(match, left_out=wanted[LEFT_OUT], confirmed=wanted[CONFIRMED]):
        ratings.take_out(match)  # marks its place before it stops counting
    now = clock.now()
    match.left_out_at = now if wanted[LEFT_OUT] and match.left_out_at is None else (
        match.left_out_at if wanted[LEFT_OUT] else None)
    match.confirmed_at = now if wanted[CONFIRMED] and match.confirmed_at is None else (
        match.confirmed_at if wanted[CONFIRMED] else None)
    if ratings.counts(match) and not counted:
        ratings.take_in(match)
    record(RATINGS, match.id, by, before=before, after=wanted, undoes=undoes)
    match.touch()  # every phone on it sees the change (its record says how it counts)
    return True


def confirm_all(match_ids: list[int], by: str) -> int:
    """Confirm each of ``match_ids`` that is finished and not confirmed yet, one write each;
    returns how many were confirmed."""
    done = 0
    for match_id in match_ids:
        try:
            done += set_standing(match_id, by, confirmed=True)
        except (Gone, Refused):
            continue
    return done


def set_rule(rule: str) -> bool:
    """What the ladder counts: every finished match, or only the confirmed ones. Every kind is
    then folded again from the beginning. Returns False if the rule was so already."""
    if rule not in ratings.RULES:
        raise Refused("ladder-rule-unknown", rule=rule)
    with transaction():
        setting = db.session.get(SiteSetting, ratings.LADDER_RULE)
        current = setting.value if setting is not None else ratings.EVERY_FINISHED
        if current == rule:
            return False
        if setting is None:
            db.session.add(SiteSetting(key=ratings.LADDER_RULE, value=rule))
        else:
            setting.value = rule
        for kind in rating_catch_up.KINDS:
            ratings.mark_stale(kind, ratings.BEGINNING)
        return True
