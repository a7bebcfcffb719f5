"""Reading the ratings for a page: what is stored, never a fold (``ratings.py``).

``KindView(kind)`` reads the stored steps with indexed queries whose cost follows the number of
players, not of matches, and the kind's stale mark once: while a change far back is being caught
up (``writes/ratings.py``, within seconds), a page shows the stored ratings under a line that says
so (``stale_since``: the place of the earliest change), and the live view brings the new ones
when the fold lands (the tag of ``versions``). Nothing here writes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, Row, Select, and_, bindparam, func, select, union_all

from scorer.web.clock import as_utc
from scorer.web.data import rating_catch_up, ratings, ratings_fold
from scorer.web.data.models import Match, PlayerRating, RatingState, RatingStep
from scorer.web.data.ratings_fold import Rating
from scorer.web.extensions import db

Position = ratings.Position


class Last(NamedTuple):
    """A player's last rated match up to some point: their rating before and after it. (A named
    tuple, as ``Rating``: up to 300 on a player's page.)"""

    player_id: int
    before: Rating
    after: Rating
    played: int           # rated matches of the kind up to it, it included
    match_id: int
    rated_at: datetime    # when the match finished: its place in the order

    @property
    def change(self) -> int:
        return ratings_fold.shown(self.after) - ratings_fold.shown(self.before)


@dataclass(frozen=True)
class Standing:
    """One line of a ladder."""

    last: Last
    in_period: int        # rated matches in the period asked for (all of them without one)

    @property
    def player_id(self) -> int:
        return self.last.player_id


def last_of(row: RatingStep | PlayerRating | Row[Any]) -> Last:
    return Last(row.player_id, Rating(row.mu_before, row.sigma_before), Rating(row.mu, row.sigma), row.played,
                row.match_id, as_utc(row.rated_at))


def within(at: datetime, since: datetime | None, until: datetime | None) -> bool:
    return (since is None or at >= since) and (until is None or at < until)


class KindView:
    """A kind of game's ratings as a page shows them: as stored."""

    def __init__(self, kind: str, marks: dict[str, Position | None] | None = None) -> None:
        """``marks``: every kind's stale mark, when the caller read them already (``states``)."""
        self.kind = kind
        self.stale_since = marks.get(kind) if marks is not None else states().get(kind)

    def lasts(self, until: Position | None = None) -> dict[int, Last]:
        """Each player's last rated match before ``until`` (None: as they stand now)."""
        if until is None:
            return {row.player_id: last_of(row)
                    for row in db.session.scalars(select(PlayerRating).where(PlayerRating.kind == self.kind))}
        return {row.player_id: last_of(row) for row in rating_catch_up.last_steps_before(self.kind, until)}

    def standings(self, since: datetime | None = None, until: datetime | None = None) -> list[Standing]:
        """The ladder: every player rated in the kind, best first (as shown, then more matches,
        then id); with a period, those who played a rated match in it, rated as they stood at
        its end, with how many they played in it."""
        end = (until, 0) if until is not None else None
        lasts = self.lasts(end)
        every = since is None and until is None
        counted = {player: last.played for player, last in lasts.items()} if every else self.played_between(since, until)
        lines = [Standing(last, counted.get(player, 0)) for player, last in lasts.items() if counted.get(player)]
        return sorted(lines, key=lambda line: (-line.last.after.shown, -line.last.played, line.player_id))

    def played_between(self, since: datetime | None, until: datetime | None) -> dict[int, int]:
        query = period(select(RatingStep.player_id, func.count()).where(RatingStep.kind == self.kind), since, until)
        return {player: count for player, count in db.session.execute(query.group_by(RatingStep.player_id))}

    def of_match(self, match: Match) -> dict[int, Last]:
        """Each player's step in ``match`` (none: not rated, not finished, or a dummy)."""
        return {row.player_id: last_of(row)
                for row in db.session.scalars(select(RatingStep).where(RatingStep.match_id == match.id))}

    def history(self, player_id: int, limit: int, since: datetime | None = None,
                until: datetime | None = None) -> list[Last]:
        """The player's last ``limit`` rated matches of the kind (in the period, if one is given),
        oldest first."""
        query = period(select(RatingStep).where(RatingStep.kind == self.kind, RatingStep.player_id == player_id)
                       .order_by(RatingStep.rated_at.desc(), RatingStep.match_id.desc()).limit(limit), since, until)
        return [last_of(row) for row in db.session.scalars(query)][::-1]

    def current(self) -> dict[tuple[str, int], Rating]:
        """Every rated player's rating as it stands, as ``ratings_fold.chances`` reads them."""
        return {(self.kind, player): last.after for player, last in self.lasts().items()}


def period(query: Select[Any], since: datetime | None, until: datetime | None) -> Select[Any]:
    """``query`` of ``RatingStep`` kept to the period (by when the matches finished)."""
    if since is not None:
        query = query.where(RatingStep.rated_at >= since)
    if until is not None:
        query = query.where(RatingStep.rated_at < until)
    return query


def match_changes(match: Match) -> dict[int, Last]:
    """The rating each player of ``match`` had before and after it, by player id (empty until
    the match is finished)."""
    return KindView(ratings_fold.kind_of(match.ruleset)).of_match(match)


def states() -> dict[str, Position | None]:
    """Every kind's stale mark (the earlier of the one waiting and the one being folded), in one read."""
    return {row.kind: rating_catch_up.stale_since(row) for row in db.session.execute(
        select(RatingState.kind, RatingState.stale_at, RatingState.stale_id, RatingState.folding_at,
               RatingState.folding_id))}


def versions() -> str:
    """A tag of every kind's ratings: it moves with every mark, append and fold stored (the
    ratings pages' live tag)."""
    return "-".join(f"{kind}{version}" for kind, version in db.session.execute(
        select(RatingState.kind, RatingState.version).order_by(RatingState.kind)))


def left_out_counts(rule: str) -> dict[str, int]:
    """How many finished matches of each kind the ladder leaves out under ``rule``: left out by the
    site manager, or, under "only confirmed matches", not confirmed yet (deleted ones are not
    counted). One statement, grouped by ruleset."""
    wheres: list[ColumnElement[bool]] = [Match.left_out_at.is_not(None)]  # ix_matches_left_out
    if rule == ratings.ONLY_CONFIRMED:  # ix_matches_unconfirmed
        wheres.append(and_(Match.finished_at.is_not(None), Match.confirmed_at.is_(None), Match.left_out_at.is_(None)))
    found: dict[str, int] = {}
    for where in wheres:  # each on its partial index: as many rows as are left out, not every match
        for ruleset, count in db.session.execute(
                select(Match.ruleset, func.count()).where(where, Match.finished_at.is_not(None), Match.deleted_at.is_(None))
                .group_by(Match.ruleset)):
            kind = ratings_fold.kind_of(ruleset)
            found[kind] = found.get(kind, 0) + count
    return found


def left_out(limit: int = 200) -> list[Match]:
    """The matches the site manager left out of the ratings (not deleted), newest first."""
    return list(db.session.scalars(select(Match).where(Match.left_out_at.is_not(None), Match.deleted_at.is_(None))
                                   .order_by(Match.left_out_at.desc(), Match.id.desc()).limit(limit)))


def awaiting(limit: int = 200) -> list[Match]:
    """The finished matches the site manager has not confirmed (nor left out; not deleted),
    newest finished first: what the ladder waits for under "only confirmed matches"."""
    return list(db.session.scalars(
        select(Match).where(Match.finished_at.is_not(None), Match.confirmed_at.is_(None), Match.left_out_at.is_(None),
                            Match.deleted_at.is_(None)).order_by(Match.finished_at.desc(), Match.id.desc()).limit(limit)))


def most_played() -> str | None:
    """The kind of game with the most rated matches (counted from each player's count, so a
    match of three counts three times): a group's usual game. None before any is rated."""
    found = db.session.execute(select(PlayerRating.kind).group_by(PlayerRating.kind)
                               .order_by(func.sum(PlayerRating.played).desc(), PlayerRating.kind).limit(1)).scalar()
    return found


@functools.cache
def _histories_query(kinds: tuple[str, ...], limit: int, since: bool, until: bool) -> Select[Any]:
    """The statement of ``player_histories``, built once for each shape and run with parameters:
    building five subqueries and their union took longer than running them."""
    parts = []
    for kind in kinds:
        part = (select(RatingStep).where(RatingStep.player_id == bindparam("player"), RatingStep.kind == kind)
                .order_by(RatingStep.rated_at.desc(), RatingStep.match_id.desc()).limit(limit))
        if since:
            part = part.where(RatingStep.rated_at >= bindparam("since"))
        if until:
            part = part.where(RatingStep.rated_at < bindparam("until"))
        inner = part.subquery()
        parts.append(select(*inner.c))
    joined = union_all(*parts).subquery()
    return select(joined).order_by(joined.c.kind, joined.c.rated_at, joined.c.match_id)


def player_histories(player_id: int, limit: int, since: datetime | None = None, until: datetime | None = None,
                     kinds: list[str] | None = None) -> dict[str, list[Last]]:
    """The player's last ``limit`` rated matches (of the period) in each kind of game they played,
    oldest first: one read (the last steps of every kind at once: one LIMIT a kind on
    ``ix_rating_steps_player``, joined by UNION ALL, so a player of 10,000 matches costs what one
    of 10 does)."""
    wanted = list(kinds or ratings_fold.KINDS)
    found: dict[str, list[Last]] = {}
    query = _histories_query(tuple(wanted), limit, since is not None, until is not None)
    # Plain rows, not objects: up to 60 a kind on a player's page, and an ORM object costs ten
    # times a row to build.
    for row in db.session.execute(query, {"player": player_id, "since": since, "until": until}):
        found.setdefault(row.kind, []).append(last_of(row))
    return {kind: found[kind] for kind in wanted if kind in found}


# ---- for flask check: what a fold from scratch gives, against what is stored -------------------

def expected() -> dict[tuple[int, int], tuple[float, float, float, float, int]]:
    """(match, player) -> (mu before, sigma before, mu, sigma, played) as a fold from scratch gives."""
    found = {}
    rule = ratings.ladder_rule()
    for kind in ratings_fold.KINDS:
        folded = ratings_fold.fold(match for _, match in ratings.matches_from(kind, rule=rule))
        counts: dict[int, int] = {}
        for step in folded.steps:
            counts[step.player_id] = counts.get(step.player_id, 0) + 1
            found[(step.match_id, step.player_id)] = (step.before.mu, step.before.sigma, step.after.mu,
                                                      step.after.sigma, counts[step.player_id])
    return found


def standing_problems() -> list[str]:
    """Each player's rating as it stands (``PlayerRating``) against their last stored step."""
    lines = []
    for kind in ratings_fold.KINDS:
        standing = {row.player_id: row for row in db.session.scalars(select(PlayerRating).where(PlayerRating.kind == kind))}
        lasts: dict[int, Any] = {}  # every step of the kind in order, each player's last kept
        for step in db.session.execute(select(RatingStep.player_id, RatingStep.match_id, RatingStep.mu, RatingStep.sigma,
                                              RatingStep.played).where(RatingStep.kind == kind)
                                       .order_by(RatingStep.rated_at, RatingStep.match_id)):
            lasts[step.player_id] = step
        for player_id in sorted(lasts.keys() | standing.keys()):
            last, row = lasts.get(player_id), standing.get(player_id)
            if last is None or row is None or (row.match_id, row.mu, row.sigma, row.played) != (
                    last.match_id, last.mu, last.sigma, last.played):
                lines.append(f"ratings: player {player_id}'s {kind} rating as it stands is not their last match's")
    return lines


def stored() -> dict[tuple[int, int], tuple[float, float, float, float, int]]:
    return {(row.match_id, row.player_id): (row.mu_before, row.sigma_before, row.mu, row.sigma, row.played)
            for row in db.session.scalars(select(RatingStep))}
