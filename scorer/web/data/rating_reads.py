"""Reading the ratings for a page, never older than the data beside them (``ratings.py``).

``KindView(kind)`` reads the kind's stale mark once. Where the stored steps are right (all of
them, or those before the mark) it reads them with indexed queries whose cost follows the number
of players, not of matches; from the mark on it folds the matches in memory, as the catch-up that
follows every such change will store them. Nothing here writes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Row, Select, bindparam, func, select, union_all

from scorer.web.clock import as_utc
from scorer.web.data import ratings, ratings_fold
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
    played_at: datetime

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
                row.match_id, as_utc(row.played_at))


def within(at: datetime, since: datetime | None, until: datetime | None) -> bool:
    return (since is None or at >= since) and (until is None or at < until)


class KindView:
    """A kind of game's ratings as a page shows them."""

    def __init__(self, kind: str, marks: dict[str, Position | None] | None = None) -> None:
        """``marks``: every kind's stale mark, when the caller read them already (``states``)."""
        self.kind = kind
        self.stale_from = marks.get(kind) if marks is not None else ratings.state(kind)[0]
        self.pending: list[tuple[Position, Last]] = []
        if self.stale_from is not None:
            self.pending = [(position, Last(step.player_id, step.before, step.after, played, step.match_id, position[0]))
                            for step, position, played in ratings.refold(kind, self.stale_from).steps]

    def stored_until(self, position: Position | None) -> Position | None:
        """Where the stored steps may be read to, for a question about what stood before ``position``."""
        if self.stale_from is None:
            return position
        return self.stale_from if position is None or self.stale_from < position else position

    def lasts(self, until: Position | None = None) -> dict[int, Last]:
        """Each player's last rated match before ``until`` (None: as they stand now)."""
        limit = self.stored_until(until)
        if limit is None:
            found = {row.player_id: last_of(row)
                     for row in db.session.scalars(select(PlayerRating).where(PlayerRating.kind == self.kind))}
        else:
            found = {row.player_id: last_of(row) for row in ratings.last_steps_before(self.kind, limit)}
        for position, last in self.pending:
            if until is None or position < until:
                found[last.player_id] = last
        return found

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
        query = self.stored(select(RatingStep.player_id, func.count()).where(RatingStep.kind == self.kind), since, until)
        found: dict[int, int] = {player: count for player, count in db.session.execute(query.group_by(RatingStep.player_id))}
        for (at, _), last in self.pending:
            if within(at, since, until):
                found[last.player_id] = found.get(last.player_id, 0) + 1
        return found

    def stored(self, query: Select[Any], since: datetime | None, until: datetime | None) -> Select[Any]:
        """``query`` of ``RatingStep`` kept to the period, and to the steps stored right."""
        if since is not None:
            query = query.where(RatingStep.played_at >= since)
        if until is not None:
            query = query.where(RatingStep.played_at < until)
        return query if self.stale_from is None else query.where(~ratings.after(self.stale_from))

    def of_match(self, match: Match) -> dict[int, Last]:
        """Each player's step in ``match`` (none: not rated, not finished, or a dummy)."""
        if self.stale_from is not None and ratings.position_of(match) >= self.stale_from:
            return {last.player_id: last for _, last in self.pending if last.match_id == match.id}
        return {row.player_id: last_of(row)
                for row in db.session.scalars(select(RatingStep).where(RatingStep.match_id == match.id))}

    def history(self, player_id: int, limit: int, since: datetime | None = None,
                until: datetime | None = None) -> list[Last]:
        """The player's last ``limit`` rated matches of the kind (in the period, if one is given),
        oldest first."""
        query = self.stored(select(RatingStep).where(RatingStep.kind == self.kind, RatingStep.player_id == player_id)
                            .order_by(RatingStep.played_at.desc(), RatingStep.match_id.desc()).limit(limit), since, until)
        found = [last_of(row) for row in db.session.scalars(query)][::-1]
        found += [last for (at, _), last in self.pending if last.player_id == player_id and within(at, since, until)]
        return found[-limit:]

    def current(self) -> dict[tuple[str, int], Rating]:
        """Every rated player's rating as it stands, as ``ratings_fold.chances`` reads them."""
        return {(self.kind, player): last.after for player, last in self.lasts().items()}


def match_changes(match: Match) -> dict[int, Last]:
    """The rating each player of ``match`` had before and after it, by player id (empty until
    the match is finished)."""
    return KindView(ratings_fold.kind_of(match.ruleset)).of_match(match)


def shown_steps(kind: str) -> dict[tuple[int, int], tuple[float, float, float, float, int]]:
    """Every step of ``kind`` as the pages read it (stored, and folded in memory from a stale
    mark), for ``flask check`` to compare with a fold from scratch."""
    view = KindView(kind)
    query = select(RatingStep).where(RatingStep.kind == kind)
    if view.stale_from is not None:
        query = query.where(~ratings.after(view.stale_from))
    found = {(row.match_id, row.player_id): (row.mu_before, row.sigma_before, row.mu, row.sigma, row.played)
             for row in db.session.scalars(query)}
    for _, last in view.pending:
        found[(last.match_id, last.player_id)] = (last.before.mu, last.before.sigma, last.after.mu,
                                                  last.after.sigma, last.played)
    return found


def states() -> dict[str, Position | None]:
    """Every kind's stale mark, in one read."""
    return {row.kind: (as_utc(row.stale_at), row.stale_id) if row.stale_at is not None and row.stale_id is not None
            else None for row in db.session.execute(select(RatingState.kind, RatingState.stale_at, RatingState.stale_id))}


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
                .order_by(RatingStep.played_at.desc(), RatingStep.match_id.desc()).limit(limit))
        if since:
            part = part.where(RatingStep.played_at >= bindparam("since"))
        if until:
            part = part.where(RatingStep.played_at < bindparam("until"))
        inner = part.subquery()
        parts.append(select(*inner.c))
    joined = union_all(*parts).subquery()
    return select(joined).order_by(joined.c.kind, joined.c.played_at, joined.c.match_id)


def player_histories(player_id: int, limit: int, since: datetime | None = None, until: datetime | None = None,
                     kinds: list[str] | None = None) -> dict[str, list[Last]]:
    """The player's last ``limit`` rated matches (of the period) in each kind of game they played,
    oldest first: two reads where no kind is being caught up (the marks, then the last steps of
    every kind at once: one LIMIT a kind on ``ix_rating_steps_player``, joined by UNION ALL, so a
    player of 10,000 matches costs what one of 10 does), a ``KindView`` for a kind that is."""
    marks = states()
    wanted = [kind for kind in (kinds or list(ratings_fold.KINDS))]
    settled = [kind for kind in wanted if marks.get(kind) is None]
    found: dict[str, list[Last]] = {}
    if settled:
        query = _histories_query(tuple(settled), limit, since is not None, until is not None)
        # Plain rows, not objects: up to 60 a kind on a player's page, and an ORM object costs
        # ten times a row to build.
        for row in db.session.execute(query, {"player": player_id, "since": since, "until": until}):
            found.setdefault(row.kind, []).append(last_of(row))
    for kind in wanted:
        if kind not in settled:
            history = KindView(kind).history(player_id, limit, since, until)
            if history:
                found[kind] = history
    return {kind: found[kind] for kind in wanted if kind in found}


# ---- for flask check: what a fold from scratch gives, against what is stored -------------------

def expected() -> dict[tuple[int, int], tuple[float, float, float, float, int]]:
    """(match, player) -> (mu before, sigma before, mu, sigma, played) as a fold from scratch gives."""
    found = {}
    for kind in ratings_fold.KINDS:
        folded = ratings_fold.fold(match for _, match in ratings.matches_from(kind))
        counts: dict[int, int] = {}
        for step in folded.steps:
            counts[step.player_id] = counts.get(step.player_id, 0) + 1
            found[(step.match_id, step.player_id)] = (step.before.mu, step.before.sigma, step.after.mu,
                                                      step.after.sigma, counts[step.player_id])
    return found


def standing_problems() -> list[str]:
    """Each player's rating as it stands (``PlayerRating``) against their last stored step, in the
    kinds that are not stale (a stale kind's are read from the fold, not from these rows)."""
    lines = []
    for kind in ratings_fold.KINDS:
        if ratings.state(kind)[0] is not None:
            continue
        standing = {row.player_id: row for row in db.session.scalars(select(PlayerRating).where(PlayerRating.kind == kind))}
        lasts: dict[int, Any] = {}  # every step of the kind in order, each player's last kept
        for step in db.session.execute(select(RatingStep.player_id, RatingStep.match_id, RatingStep.mu, RatingStep.sigma,
                                              RatingStep.played).where(RatingStep.kind == kind)
                                       .order_by(RatingStep.played_at, RatingStep.match_id)):
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
