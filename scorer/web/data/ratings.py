"""The ratings' order and what it counts, kept right in each write's own transaction.

**The order.** A match takes its place in its kind of game (``ratings_fold.KINDS``) when it
finishes: its ``finished_at``, then its id. Finishing a match appends it at the end; a match that
finished long ago keeps its place, so a match left open for weeks never rewrites what the
ratings already said of the matches finished meanwhile (DECISIONS).

**What counts.** A finished match, not deleted, not left out by the site manager, and, under the
club's rule "only confirmed matches" (``ladder_rule``), confirmed by the site manager. A player's
(or a side's) place is the match's final order: the winners first, then more games won, then the
higher grand total; units equal on all three share a place. A dummy is no player.

**After a change.** ``follow`` is called wherever a match's results cache is rewritten
(``results.refresh``/``forget``: every deal saved, edited, deleted or undone, every match
deleted, restored or imported), and the site manager's writes call ``take_in``/``take_out``:

- a match that has just come to count (finished, restored, imported, confirmed, counted again)
  is appended (``append_or_mark``): its players' ratings as they stand, one rating step each,
  in the write's transaction, when nothing is rated after it and no fold is under way;
- anything else (a counted match edited, deleted, reopened, left out; one that comes to count
  with others after it) marks the kind stale from the match's place (``mark_stale``): one small
  row, and the kind's name in the session, for the write's unit to wake the catch-up after its
  commit (``writes/ratings.py``, which folds again off the request, ``rating_catch_up.py``).

Pages read what is stored, never fold: a stale kind shows its stored ratings with a line that
says they are being updated (``rating_reads.KindView.stale_since``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from itertools import groupby
from typing import Any

from sqlalchemy import and_, event, exists, func, insert, or_, select, true, update
from sqlalchemy.engine import Connection
from sqlalchemy.schema import Table

from scorer.web import clock
from scorer.web.clock import as_utc
from scorer.web.data import publication, ratings_fold
from scorer.web.data.models import Match, MatchResult, PlayerRating, RatingState, RatingStep, SiteSetting
from scorer.web.data.ratings_fold import KINDS, Folded, RatedMatch, Rating
from scorer.web.extensions import db

Position = tuple[datetime, int]  # (finished_at, match_id): a match's place in the order rated
BEGINNING: Position = (datetime(1, 1, 1, tzinfo=UTC), 0)
MARKED = "ratings_marked"  # session.info: kinds this transaction marked stale (writes/unit wakes the catch-up)

# What the ladder counts (the site manager's choice, ``site_settings``).
LADDER_RULE = "ladder_counts"
EVERY_FINISHED = "finished"    # every finished match (the default: a home table)
ONLY_CONFIRMED = "confirmed"   # only the matches the site manager confirmed (a club)
RULES = (EVERY_FINISHED, ONLY_CONFIRMED)


# ---- what counts ---------------------------------------------------------------------------------

def ladder_rule() -> str:
    """What the ladder counts: ``EVERY_FINISHED`` (every finished match) or ``ONLY_CONFIRMED``."""
    value = db.session.scalar(select(SiteSetting.value).where(SiteSetting.key == LADDER_RULE))
    return value if value in RULES else EVERY_FINISHED


def position_of(match: Match) -> Position | None:
    """The match's place in the order rated (None: not finished)."""
    return None if match.finished_at is None else (as_utc(match.finished_at), match.id)


def counts_if_live(match: Match, rule: str) -> bool:
    """Whether the match counts under ``rule``, its deletion aside: finished, not left out,
    confirmed where the rule asks for it, and not a table of a club night still on."""
    return (match.finished_at is not None and match.left_out_at is None
            and (rule == EVERY_FINISHED or match.confirmed_at is not None) and publication.counts_yet(match))


def counts(match: Match, rule: str | None = None) -> bool:
    """Whether the match counts in the ratings now."""
    return match.deleted_at is None and counts_if_live(match, rule or ladder_rule())


LEFT_OUT, CONFIRMED = "left_out", "confirmed"


def standing_of(match: Match) -> dict[str, bool]:
    """What the change history keeps of a match's standing in the ratings (the site manager's say)."""
    return {LEFT_OUT: match.left_out_at is not None, CONFIRMED: match.confirmed_at is not None}


def counts_with(match: Match, left_out: bool, confirmed: bool, rule: str | None = None) -> bool:
    """Whether the match would count with the site manager's say as given."""
    return (match.deleted_at is None and match.finished_at is not None and not left_out
            and ((rule or ladder_rule()) == EVERY_FINISHED or confirmed) and publication.counts_yet(match))


def counted_matches(rule: str) -> Any:
    """SQL: the matches that count under ``rule``."""
    clause = and_(Match.deleted_at.is_(None), Match.finished_at.is_not(None), Match.left_out_at.is_(None),
                  publication.counted_clause())
    return clause if rule == EVERY_FINISHED else and_(clause, Match.confirmed_at.is_not(None))


# ---- rated figures and places --------------------------------------------------------------------

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
    return or_(RatingStep.rated_at > at, and_(RatingStep.rated_at == at, RatingStep.match_id >= match_id))


def matches_from(kind: str, start: Position | None = None, rule: str | None = None) -> Iterator[tuple[Position, RatedMatch]]:
    """The matches of ``kind`` that count, in the order rated, from ``start`` on."""
    query = (select(MatchResult.match_id, MatchResult.ruleset, Match.finished_at, MatchResult.player_id,
                    MatchResult.unit, MatchResult.won, MatchResult.games_won, MatchResult.grand_total)
             .join(Match, Match.id == MatchResult.match_id)
             .where(counted_matches(rule or ladder_rule()), MatchResult.finished.is_(True),
                    MatchResult.ruleset.in_(ratings_fold.rulesets_of(kind)))
             .order_by(Match.finished_at, Match.id, MatchResult.seat))
    if start is not None:
        at, match_id = start
        query = query.where(or_(Match.finished_at > at, and_(Match.finished_at == at, Match.id >= match_id)))
    for (match_id, ruleset, finished_at), rows in groupby(db.session.execute(query), key=lambda r: (r[0], r[1], r[2])):
        yield (as_utc(finished_at), match_id), rated_match(match_id, ruleset, [tuple(row[3:]) for row in rows])


# ---- in a write's transaction: following a change ---------------------------------------------------

def follow(match: Match, before: tuple[Any, ...] | None, now: tuple[Any, ...] | None, deleting: bool = False) -> None:
    """In a write's transaction: the match's rated figures were ``before`` and are ``now`` (None:
    not finished, or its results taken away when ``deleting``). A match that has just finished
    takes its place at the end of the order; the ratings follow (``take_in``/``mark_stale``)."""
    if before is None and now is None:
        return
    kind = ratings_fold.kind_of(match.ruleset)
    rule = ladder_rule()
    if now is not None and match.finished_at is None:  # it has just finished (or finished again)
        lock_state(kind)  # two matches of the kind finishing at once take their places in turn
        match.finished_at = finish_time(kind)
        if match.first_finished_at is None:  # a scorekeeper's day counts from the first (policy/access.py)
            match.first_finished_at = match.finished_at
    position = position_of(match)
    if now is None:  # deleted, or reopened by an edit (then it will take a new place when it finishes again)
        was_counted = before is not None and position is not None and counts_if_live(match, rule)
        if not deleting:
            match.finished_at = None
        if was_counted and position is not None:
            mark_stale(kind, position)
        return
    if not counts(match, rule) or position is None:
        return  # left out, or waiting for the site manager's confirmation
    if before is None:  # it has come to count: finished, restored, imported
        append_or_mark(match, kind, position, now)
    elif before != now:
        mark_stale(kind, position)


def take_in(match: Match) -> None:
    """In a write's transaction: ``match`` has just come to count (confirmed, counted again)."""
    position = position_of(match)
    figures = rated_figures(db.session.execute(select(*MatchResult.__table__.columns)
                                               .where(MatchResult.match_id == match.id)))
    if position is not None and figures is not None and counts(match):
        append_or_mark(match, ratings_fold.kind_of(match.ruleset), position, figures)


def take_out(match: Match) -> None:
    """In a write's transaction, before the change: ``match`` is about to stop counting (left out)."""
    position = position_of(match)
    if position is not None and counts(match):
        mark_stale(ratings_fold.kind_of(match.ruleset), position)


def lock_state(kind: str) -> RatingState:
    """The kind's state row, held for the rest of the transaction: an UPDATE first (SQLite's write
    lock, PostgreSQL's row lock), so that marks, appends and a fold's claim and store of one kind
    take turns."""
    db.session.execute(update(RatingState).where(RatingState.kind == kind).values(version=RatingState.version)
                       .execution_options(synchronize_session=False))
    state = db.session.execute(select(RatingState).where(RatingState.kind == kind)
                               .with_for_update().execution_options(populate_existing=True)).scalar_one_or_none()
    if state is None:
        state = RatingState(kind=kind, version=0)
        db.session.add(state)
        db.session.flush()
    return state


def mark_stale(kind: str, position: Position) -> None:
    """The kind's stored ratings are not right from ``position`` on: the earliest mark wins."""
    state = lock_state(kind)
    if state.stale_at is None or state.stale_id is None or position < (as_utc(state.stale_at), state.stale_id):
        state.stale_at, state.stale_id = position
    state.version = (state.version or 0) + 1
    db.session.info.setdefault(MARKED, set()).add(kind)


def folding(state: RatingState, moment: datetime) -> bool:
    """Whether a catch-up holds the kind now (its claim has not lapsed)."""
    return state.claimed_by is not None and state.claimed_until is not None and as_utc(state.claimed_until) > moment


def finish_time(kind: str) -> datetime:
    """When a match finishing now takes its place: now, or just after the last match of the kind
    rated if the clock says otherwise (a clock set back, two processes' clocks), so that the end
    of the order is always after everything already rated."""
    moment = clock.now()
    last = db.session.scalar(select(RatingStep.rated_at).where(RatingStep.kind == kind)
                             .order_by(RatingStep.rated_at.desc()).limit(1))
    return max(moment, as_utc(last)) if last is not None else moment


def append_or_mark(match: Match, kind: str, position: Position, figures: tuple[Any, ...]) -> None:
    """Rate ``match`` at the end of its kind's order, from its players' ratings as they stand,
    if it is the end and no fold is under way; else mark the kind stale from it.

    A match that still has steps of its own (it finished, was reopened and finished again, or a
    deletion of its last deal was undone, before the catch-up took the old steps away) is not
    appended either: its old steps hold its key (match, player), and the ratings after them are
    stale anyway. The kind is marked from the earlier of its old place and its new one, so that
    the fold takes the old steps away and rates it at its new place."""
    state = lock_state(kind)
    later = db.session.scalar(select(exists().where(RatingStep.kind == kind, after(position))))
    rated_before = db.session.scalar(select(func.min(RatingStep.rated_at)).where(RatingStep.match_id == match.id))
    if rated_before is not None:
        mark_stale(kind, min(position, (as_utc(rated_before), match.id)))
        return
    if later or folding(state, clock.now()):
        mark_stale(kind, position)
        return
    rated = rated_match(match.id, match.ruleset, figures)
    players = [entry.player_id for entry in rated.entries]
    standing = {row.player_id: row for row in db.session.scalars(
        select(PlayerRating).where(PlayerRating.kind == kind, PlayerRating.player_id.in_(players)))}
    base = Folded([], {(kind, p): Rating(row.mu, row.sigma) for p, row in standing.items()},
                  {(kind, p): row.played for p, row in standing.items()})
    folded = ratings_fold.fold([rated], base)
    rows = [step_row(step, position, folded.matches_played[(kind, step.player_id)]) for step in folded.steps]
    if rows:
        db.session.execute(insert(RatingStep), rows)
        for row in rows:
            if row["player_id"] in standing:
                db.session.execute(update(PlayerRating).where(PlayerRating.kind == kind,
                                                              PlayerRating.player_id == row["player_id"])
                                   .values(**{k: v for k, v in row.items() if k not in ("kind", "player_id")})
                                   .execution_options(synchronize_session=False))
            else:
                db.session.execute(insert(PlayerRating).values(**row))
    state.version = (state.version or 0) + 1


def step_row(step: ratings_fold.Step, position: Position, played: int) -> dict[str, Any]:
    return {"match_id": step.match_id, "player_id": step.player_id, "kind": step.kind, "rated_at": position[0],
            "mu_before": step.before.mu, "sigma_before": step.before.sigma, "mu": step.after.mu,
            "sigma": step.after.sigma, "played": played}


@event.listens_for(RatingState.__table__, "after_create")
def _one_row_per_kind(target: Table, connection: Connection, **_: Any) -> None:
    """A schema made by ``create_all`` (the tests') starts with a row per kind, as the migration's does."""
    connection.execute(insert(target), [{"kind": kind, "version": 0} for kind in KINDS])
