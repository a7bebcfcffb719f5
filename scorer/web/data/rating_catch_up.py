"""Folding a kind's ratings again from where they went stale, in three steps that
``writes/ratings.catch_up`` runs as two short transactions with the fold between them:

1. ``claim``: under the kind's state row, a catch-up takes the kind for ``LEASE`` (one process
   at a time, whatever the number of processes sharing the database) and moves the stale mark
   into ``folding_*``; a mark made from now on lands in ``stale_*`` again, for the next fold.
   A claim that has lapsed (its process died mid-fold) is taken over, and the fold starts from
   the earlier of the two marks it left.
2. ``refold``: reads, without a lock, each player's last stored step before the mark and every
   counted match from it on, and folds them (``ratings_fold.fold``).
3. the store, in ``parts`` of a few hundred matches, each a short transaction under the state row
   that first checks the claim still holds (``still_held``), so that a save at another table waits
   for one part at most, never for the whole fold: each part replaces the kind's stored steps over
   its stretch of the order (``replace_steps``); the last sets the players' ratings as they stand
   (``set_standings``) and clears ``folding_*`` and the claim (``release``). Until then the mark
   being folded stays, so pages say the kind is being updated, and a process that dies between two
   parts leaves what the next fold redoes. A mark made meanwhile stays in ``stale_*``: the catch-up
   goes round again, from there, taking in every mark made while it folded.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, insert, select
from sqlalchemy.orm import aliased

from scorer.web import clock
from scorer.web.clock import as_utc
from scorer.web.data import locking, ratings_fold
from scorer.web.data.models import PlayerRating, RatingState, RatingStep
from scorer.web.data.ratings import Position, after, folding, lock_state, matches_from, step_row
from scorer.web.data.ratings_fold import KINDS, Folded, RatedMatch, Rating, Step
from scorer.web.extensions import db

MAKE_ROOM_EVERY = 32  # matches folded between two looks at the requests under way (about 3 ms of work)
LEASE = timedelta(minutes=2)  # a fold of 10,000 matches takes seconds: a claim this old is a dead process's


def earliest(*marks: Position | None) -> Position | None:
    found = [mark for mark in marks if mark is not None]
    return min(found) if found else None


def mark_of(at: datetime | None, match_id: int | None) -> Position | None:
    return None if at is None or match_id is None else (as_utc(at), match_id)


def stale_since(state: RatingState | Any) -> Position | None:
    """Where the kind's stored ratings stop being right: the earlier of the mark waiting and the
    one being folded (None: they are right)."""
    return earliest(mark_of(state.stale_at, state.stale_id), mark_of(state.folding_at, state.folding_id))


@dataclass(frozen=True)
class Claim:
    """A kind taken by one catch-up: fold from ``start``; ``worker`` names the catch-up."""

    kind: str
    worker: str
    start: Position


def claim(kind: str, worker: str) -> Claim | None:
    """In a transaction the caller commits: take ``kind`` for ``worker`` if it is stale and no
    other catch-up holds it; None otherwise (nothing to do, or another holds it)."""
    state = lock_state(kind)
    now = clock.now()
    start = stale_since(state)
    if start is None or (folding(state, now) and state.claimed_by != worker):
        return None
    state.folding_at, state.folding_id = start
    state.stale_at = state.stale_id = None
    state.claimed_by, state.claimed_until = worker, now + LEASE
    return Claim(kind, worker, start)


def still_held(claim: Claim) -> RatingState | None:
    """Under the state row: the kind's state, if ``claim`` still holds (not lapsed, not taken)."""
    state = lock_state(claim.kind)
    if state.claimed_by != claim.worker or not folding(state, clock.now()):
        return None
    return state


def release(state: RatingState) -> None:
    """The fold is stored: the mark it folded and its claim go; a mark made meanwhile stays."""
    state.folding_at = state.folding_id = None
    state.claimed_by = state.claimed_until = None
    state.version = (state.version or 0) + 1


# ---- the fold -------------------------------------------------------------------------------------

def last_steps_before(kind: str, position: Position) -> list[RatingStep]:
    """Each player's last stored step of ``kind`` before ``position``: one statement, a subquery
    per player of the kind on ``ix_rating_steps_player`` (as many as the kind has players,
    whatever the number of matches)."""
    newest = (select(RatingStep.match_id)
              .where(RatingStep.kind == PlayerRating.kind, RatingStep.player_id == PlayerRating.player_id,
                     ~after(position))
              .order_by(RatingStep.rated_at.desc(), RatingStep.match_id.desc()).limit(1)
              .correlate(PlayerRating).scalar_subquery())
    step = aliased(RatingStep)
    return list(db.session.scalars(
        select(step).join(PlayerRating, and_(PlayerRating.kind == step.kind, PlayerRating.player_id == step.player_id))
        .where(PlayerRating.kind == kind, step.match_id == newest)))


def standing_row(row: Any) -> dict[str, Any]:
    """A step's figures as its player's ``PlayerRating`` holds them (the step their last)."""
    return {"kind": row.kind, "player_id": row.player_id, "match_id": row.match_id, "rated_at": row.rated_at,
            "mu_before": row.mu_before, "sigma_before": row.sigma_before, "mu": row.mu, "sigma": row.sigma,
            "played": row.played}


@dataclass
class Refold:
    """A kind's ratings folded again from ``start`` on: the steps to store, in order, each with its
    match's place and the player's count of rated matches after it; and each player's last step
    before ``start`` (``before``: what they stand at if the fold gives them none)."""

    kind: str
    start: Position | None  # None: from the first match
    folded: Folded
    steps: list[tuple[Step, Position, int]] = field(default_factory=list)
    before: dict[int, dict[str, Any]] = field(default_factory=dict)


def refold(kind: str, start: Position | None, rule: str | None = None) -> Refold:
    """Fold ``kind`` again from ``start``, from each player's last stored step before it."""
    before = {row.player_id: standing_row(row) for row in last_steps_before(kind, start)} if start else {}
    base = Folded([], {(kind, player): Rating(row["mu"], row["sigma"]) for player, row in before.items()},
                  {(kind, player): row["played"] for player, row in before.items()})
    positions: dict[int, Position] = {}

    def rated() -> Iterator[RatedMatch]:
        for number, (position, match) in enumerate(matches_from(kind, start, rule)):
            if number % MAKE_ROOM_EVERY == 0:
                locking.make_room()  # off the request: the requests of this process go first
            positions[match.match_id] = position
            yield match
    folded = ratings_fold.fold(rated(), base)
    counts = {player: row["played"] for player, row in before.items()}
    steps = []
    for step in folded.steps:
        counts[step.player_id] = counts.get(step.player_id, 0) + 1
        steps.append((step, positions[step.match_id], counts[step.player_id]))
    return Refold(kind, start, folded, steps, before)


def store(redone: Refold) -> None:
    """Replace the kind's steps from ``redone.start`` on, and the ratings as they stand, in the
    current transaction (a rebuild's; a catch-up stores in parts: ``parts``)."""
    touched = players_after(redone.kind, redone.start)
    rows = [step_row(step, position, played) for step, position, played in redone.steps]
    replace_steps(redone.kind, rows, redone.start, None)
    set_standings(redone, touched)


def players_after(kind: str, start: Position | None) -> set[int]:
    """The players with a stored step of ``kind`` from ``start`` on: their standings may change."""
    return set(db.session.scalars(select(RatingStep.player_id).where(RatingStep.kind == kind, after(start))))


def parts(redone: Refold, size: int) -> list[tuple[Position | None, Position | None, list[dict[str, Any]]]]:
    """The fold's steps cut into parts of about ``size`` rows, whole matches each, as (from, up to,
    rows): each part replaces the stored steps from its first match's place up to the next part's
    (the last, to the end of the order)."""
    found: list[tuple[Position | None, Position | None, list[dict[str, Any]]]] = []
    rows: list[dict[str, Any]] = []
    lower: Position | None = redone.start
    last_match = None
    for step, position, played in redone.steps:
        if len(rows) >= size and step.match_id != last_match:
            found.append((lower, position, rows))
            lower, rows = position, []
        rows.append(step_row(step, position, played))
        last_match = step.match_id
    found.append((lower, None, rows))
    return found


def replace_steps(kind: str, rows: list[dict[str, Any]], lower: Position | None, upper: Position | None) -> None:
    """The kind's stored steps from ``lower`` up to ``upper`` (None: the end) replaced by ``rows``."""
    where = [RatingStep.kind == kind, after(lower)]
    if upper is not None:
        where.append(~after(upper))
    db.session.execute(delete(RatingStep).where(*where).execution_options(synchronize_session=False))
    if rows:
        db.session.execute(insert(RatingStep), rows)


def set_standings(redone: Refold, touched: set[int]) -> None:
    """The ratings as they stand of every player whose steps changed (``touched``: those with a
    stored step from the fold's start on, before it was stored; and those of the fold): their last
    new step, else their last step before the fold's start (a player whose only later match was
    taken away), else none."""
    last = {player: redone.before[player] for player in touched if player in redone.before}
    for step, position, played in redone.steps:  # in order: each player's last one stays
        last[step.player_id] = step_row(step, position, played)
    touched = touched | last.keys()
    if not touched:
        return
    db.session.execute(delete(PlayerRating).where(PlayerRating.kind == redone.kind, PlayerRating.player_id.in_(touched))
                       .execution_options(synchronize_session=False))
    if last:
        db.session.execute(insert(PlayerRating), list(last.values()))


def stale_kinds() -> list[str]:
    """The kinds with a mark waiting or being folded."""
    return list(db.session.scalars(select(RatingState.kind).where(
        (RatingState.stale_at.is_not(None)) | (RatingState.folding_at.is_not(None))).order_by(RatingState.kind)))


def clear_all() -> None:
    """Every step and standing deleted, every kind stale from the beginning (a rebuild's start)."""
    db.session.execute(delete(RatingStep))
    db.session.execute(delete(PlayerRating))
    db.session.execute(delete(RatingState))
    db.session.execute(insert(RatingState), [{"kind": kind, "version": 0} for kind in KINDS])
