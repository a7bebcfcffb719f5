"""The ratings cache, kept right after every change: what a fold of every finished match in the
order played gives (``ratings_fold``), stored per player and match (``RatingStep``) and per player
as they stand (``PlayerRating``).

**What a match counts for.** A finished match, not deleted, of any ruleset, is rated in its kind of
game (``ratings_fold.KINDS``) at its place in the order: when it was played (the match's start,
as every statistic dates it), then its id. A player's (or a side's) place is the match's final
order: the winners first, then more games won, then the higher grand total; units equal on all
three share a place. A dummy is no player and is not rated; an unfinished (abandoned) match is
not rated, and counts once it is finished.

**After a change.** Ratings are a fold, so a change to an old match changes every rating after it.
``note`` is called wherever the results cache of a match is rewritten (``results.refresh`` and
``results.forget``: every deal saved, edited, deleted or undone, every match deleted, restored or
imported) and compares the match's rated figures before and after; if they differ it marks its
kind stale from that match on (``RatingState``), in the write's own transaction: one small write,
and only when a finished match is made, changed or taken away. ``catch_up`` then folds again from
there and stores the steps, after the write has committed: at once when the change is at the end
of the order (a match just finished, the usual case), else after the answer has been sent, so a
save that edits a match a year back is not slowed by the thousands of ratings after it.

**Never older than the data.** A page reads ratings through ``rating_reads.KindView``, which reads the stale
mark first: where the stored steps stop being right it folds the rest in memory (without writing:
a GET never writes), so a page between a write and its catch-up shows what the catch-up will store.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby
from typing import Any

from flask import Flask, Response, current_app
from sqlalchemy import and_, delete, event, insert, or_, select, true, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, aliased
from sqlalchemy.schema import Table

from scorer.web.clock import as_utc
from scorer.web.data import ratings_fold
from scorer.web.data.models import Match, MatchResult, PlayerRating, RatingState, RatingStep
from scorer.web.data.ratings_fold import KINDS, Folded, RatedMatch, Rating, Step
from scorer.web.extensions import db

Position = tuple[datetime, int]  # (played_at, match_id): a match's place in the order rated
PENDING = "ratings_stale"  # session.info: kinds this transaction marked stale, caught up after commit
COMMITTED = "ratings_stale_committed"  # ...and those of transactions committed since
RETRIES = 3


# ---- rated figures and places ------------------------------------------------------------------

def rated_figures(rows: Iterable[Any]) -> tuple[Any, ...] | None:
    """What the ratings read of a match's ``match_results`` rows (dicts or rows): None unless
    the match is finished; else its players, units and the figures that place them."""
    found = sorted((row["player_id"], row["unit"], bool(row["won"]), row["games_won"], row["grand_total"])
                   for row in (r if isinstance(r, dict) else r._mapping for r in rows) if row["finished"])
    return tuple(found) or None


def places(figures: Sequence[tuple[int, int, bool, int, int]]) -> dict[int, int]:
    """Each unit's final place from its (won, games won, grand total): 1 for first, ties shared."""
    keys = {unit: (won, games, total) for _, unit, won, games, total in figures}
    return {unit: 1 + sum(1 for other in keys.values() if other > key) for unit, key in keys.items()}


def rated_match(match_id: int, ruleset: str, figures: Sequence[tuple[int, int, bool, int, int]]) -> RatedMatch:
    place = places(figures)
    return RatedMatch(match_id, ratings_fold.kind_of(ruleset),
                      tuple(ratings_fold.Entry(player, unit, place[unit]) for player, unit, *_ in figures))


def after(position: Position | None) -> Any:
    """SQL: a ``RatingStep`` at or after ``position`` in the order rated (None: every one)."""
    if position is None:
        return true()
    at, match_id = position
    return or_(RatingStep.played_at > at, and_(RatingStep.played_at == at, RatingStep.match_id >= match_id))


def matches_from(kind: str, start: Position | None = None) -> Iterator[tuple[Position, RatedMatch]]:
    """The finished matches of ``kind`` that are not deleted, in the order rated, from ``start`` on."""
    query = (select(MatchResult.match_id, MatchResult.ruleset, MatchResult.played_at, MatchResult.player_id,
                    MatchResult.unit, MatchResult.won, MatchResult.games_won, MatchResult.grand_total)
             .join(Match, Match.id == MatchResult.match_id)
             .where(Match.deleted_at.is_(None), MatchResult.finished.is_(True),
                    MatchResult.ruleset.in_(ratings_fold.rulesets_of(kind)))
             .order_by(MatchResult.played_at, MatchResult.match_id, MatchResult.seat))
    if start is not None:
        at, match_id = start
        query = query.where(or_(MatchResult.played_at > at,
                                and_(MatchResult.played_at == at, MatchResult.match_id >= match_id)))
    for (match_id, ruleset, played_at), rows in groupby(db.session.execute(query), key=lambda r: (r[0], r[1], r[2])):
        yield (as_utc(played_at), match_id), rated_match(match_id, ruleset, [tuple(row[3:]) for row in rows])


# ---- marking a change --------------------------------------------------------------------------

def position_of(match: Match) -> Position:
    """The match's place in the order rated."""
    return (as_utc(match.created_at), match.id)


def note(match: Match, before: tuple[Any, ...] | None, now: tuple[Any, ...] | None) -> None:
    """In a write's transaction: the match's rated figures were ``before`` and are ``now`` (None:
    not rated). If they differ, its kind is stale from the match on."""
    if before == now:
        return
    mark_stale(ratings_fold.kind_of(match.ruleset), position_of(match))


def mark_stale(kind: str, position: Position) -> None:
    state = db.session.execute(select(RatingState).where(RatingState.kind == kind).with_for_update()).scalar_one_or_none()
    if state is None:
        state = RatingState(kind=kind, version=0)
        db.session.add(state)
    if state.stale_at is None or state.stale_id is None or position < (as_utc(state.stale_at), state.stale_id):
        state.stale_at, state.stale_id = position
    state.version = (state.version or 0) + 1
    db.session.info.setdefault(PENDING, set()).add(kind)


def after_commit(response: Response | None = None) -> None:
    """After a request's writes (or a command's): bring the kinds they marked stale up to date,
    now if that is quick (the change is at the end of the order), else once ``response`` is sent
    (``call_on_close``: the phone has its answer, the thread folds); without a response, now."""
    kinds = db.session.info.pop(COMMITTED, set())
    if not kinds:
        return
    later = [kind for kind in sorted(kinds) if not catch_up(kind, only_if_quick=response is not None)]
    if later and response is not None:
        app = current_app._get_current_object()  # type: ignore[attr-defined]

        def run() -> None:
            with app.app_context():
                try:
                    for kind in later:
                        catch_up(kind)
                except SQLAlchemyError as error:  # as in register: the mark stays for the next write
                    db.session.rollback()
                    app.logger.warning("Ratings left to fold later: %s", str(error).splitlines()[0])
        response.call_on_close(run)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    if PENDING in session.info:
        session.info.setdefault(COMMITTED, set()).update(session.info.pop(PENDING))


@event.listens_for(Session, "after_soft_rollback")
def _rolled_back(session: Session, previous_transaction: Any) -> None:
    """A write rolled back: what it marked is gone with it."""
    session.info.pop(PENDING, None)


def register(app: Flask) -> None:
    """Every request that wrote brings the ratings up to date at its end (``after_commit``). The
    write is committed by then: a fold that fails (the database away for a moment) must not turn
    its answer into an error. The mark stays, the pages fold from it in memory, and the next
    write of the kind (or ``make run``'s set-up) folds again."""
    @app.after_request
    def catch_up_after(response: Response) -> Response:
        try:
            after_commit(response)
        except SQLAlchemyError as error:
            db.session.rollback()
            app.logger.warning("Ratings left to fold later: %s", str(error).splitlines()[0])
        return response


# ---- folding again -----------------------------------------------------------------------------

def state(kind: str) -> tuple[Position | None, int]:
    row = db.session.execute(select(RatingState.stale_at, RatingState.stale_id, RatingState.version)
                             .where(RatingState.kind == kind)).one_or_none()
    if row is None or row.stale_at is None or row.stale_id is None:
        return None, row.version if row else 0
    return (as_utc(row.stale_at), row.stale_id), row.version


def rating_of(row: Any, before: bool = False) -> Rating:
    return Rating(row.mu_before, row.sigma_before) if before else Rating(row.mu, row.sigma)


def last_steps_before(kind: str, position: Position) -> list[RatingStep]:
    """Each player's last stored step of ``kind`` before ``position``: one statement, a subquery
    per player of the kind on ``ix_rating_steps_player`` (as many as the kind has players,
    whatever the number of matches)."""
    newest = (select(RatingStep.match_id)
              .where(RatingStep.kind == PlayerRating.kind, RatingStep.player_id == PlayerRating.player_id,
                     ~after(position))
              .order_by(RatingStep.played_at.desc(), RatingStep.match_id.desc()).limit(1)
              .correlate(PlayerRating).scalar_subquery())
    step = aliased(RatingStep)
    return list(db.session.scalars(
        select(step).join(PlayerRating, and_(PlayerRating.kind == step.kind, PlayerRating.player_id == step.player_id))
        .where(PlayerRating.kind == kind, step.match_id == newest)))


def standing_row(row: Any) -> dict[str, Any]:
    """A step's figures as its player's ``PlayerRating`` holds them (the step their last)."""
    return {"kind": row.kind, "player_id": row.player_id, "match_id": row.match_id, "played_at": row.played_at,
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


def refold(kind: str, start: Position | None) -> Refold:
    """Fold ``kind`` again from ``start``, from each player's last stored step before it."""
    before = {row.player_id: standing_row(row) for row in last_steps_before(kind, start)} if start else {}
    base = Folded([], {(kind, player): Rating(row["mu"], row["sigma"]) for player, row in before.items()},
                  {(kind, player): row["played"] for player, row in before.items()})
    positions: dict[int, Position] = {}

    def rated() -> Iterator[RatedMatch]:
        for position, match in matches_from(kind, start):
            positions[match.match_id] = position
            yield match
    folded = ratings_fold.fold(rated(), base)
    counts = {player: row["played"] for player, row in before.items()}
    steps = []
    for step in folded.steps:
        counts[step.player_id] = counts.get(step.player_id, 0) + 1
        steps.append((step, positions[step.match_id], counts[step.player_id]))
    return Refold(kind, start, folded, steps, before)


def is_quick(kind: str, start: Position) -> bool:
    """Whether folding from ``start`` touches at most the last eight rated matches of the kind."""
    later = db.session.scalar(select(RatingStep.match_id).where(RatingStep.kind == kind, after(start))
                              .order_by(RatingStep.played_at, RatingStep.match_id).offset(8).limit(1))
    return later is None


def catch_up(kind: str, only_if_quick: bool = False) -> bool:
    """Fold ``kind`` again from where it is stale and store it; True when it is up to date (or
    was), False when it was left for later (``only_if_quick`` and the fold reaches far back).

    The fold reads without a lock, then the write checks the kind's version: a change marked
    meanwhile means the fold is out of date already, and it is done again (its own catch-up
    follows that change anyway)."""
    for _ in range(RETRIES):
        db.session.rollback()
        start, version = state(kind)
        if start is None:
            return True
        if only_if_quick and not is_quick(kind, start):
            return False
        redone = refold(kind, start)
        # The reads end before the write begins: on SQLite a read transaction that another write
        # overtook cannot become a write (it fails at once, whatever the busy timeout). The
        # version tells whether anything the fold read has changed since.
        db.session.rollback()
        claimed = db.session.execute(
            update(RatingState).where(RatingState.kind == kind, RatingState.version == version)
            .values(stale_at=None, stale_id=None, version=version + 1)
            .execution_options(synchronize_session=False))
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            continue
        store(redone)
        db.session.commit()
        return True
    db.session.rollback()
    return False


def catch_up_all() -> None:
    """Every kind brought up to date (the set-up step of ``make run``, ``flask stats rebuild``)."""
    for kind in db.session.scalars(select(RatingState.kind).where(RatingState.stale_at.is_not(None))).all():
        catch_up(kind)


def step_row(step: Step, position: Position, played: int) -> dict[str, Any]:
    return {"match_id": step.match_id, "player_id": step.player_id, "kind": step.kind, "played_at": position[0],
            "mu_before": step.before.mu, "sigma_before": step.before.sigma, "mu": step.after.mu,
            "sigma": step.after.sigma, "played": played}


def store(redone: Refold) -> None:
    """Replace the kind's steps from ``redone.start`` on, and the ratings as they stand of every
    player whose steps changed: their last new step, else their last step before the fold's start
    (a player whose only later match was taken away), else none."""
    kind = redone.kind
    touched = set(db.session.scalars(select(RatingStep.player_id).where(RatingStep.kind == kind, after(redone.start))))
    db.session.execute(delete(RatingStep).where(RatingStep.kind == kind, after(redone.start))
                       .execution_options(synchronize_session=False))
    rows = [step_row(step, position, played) for step, position, played in redone.steps]
    if rows:
        db.session.execute(insert(RatingStep), rows)
    last = {player: redone.before[player] for player in touched if player in redone.before}
    last |= {row["player_id"]: row for row in rows}  # in order: each player's last one stays
    touched |= last.keys()
    if not touched:
        return
    db.session.execute(delete(PlayerRating).where(PlayerRating.kind == kind, PlayerRating.player_id.in_(touched))
                       .execution_options(synchronize_session=False))
    if last:
        db.session.execute(insert(PlayerRating), list(last.values()))


def rebuild() -> int:
    """Every kind folded from scratch and stored (``flask stats rebuild``); the steps written."""
    written = 0
    db.session.execute(delete(RatingStep))
    db.session.execute(delete(PlayerRating))
    db.session.execute(delete(RatingState))
    db.session.execute(insert(RatingState), [{"kind": kind, "version": 0} for kind in KINDS])
    for kind in KINDS:
        redone = refold(kind, None)
        store(redone)
        written += len(redone.folded.steps)
    return written


@event.listens_for(RatingState.__table__, "after_create")
def _one_row_per_kind(target: Table, connection: Connection, **_: Any) -> None:
    """A schema made by ``create_all`` (the tests') starts with a row per kind, as the migration's does."""
    connection.execute(insert(target), [{"kind": kind, "version": 0} for kind in KINDS])

