"""The statistics as read from the caches: per player, over all matches or a ruleset and period, and
for one match (the pages are ``records/stats.py``).

The pages of everyone and of one player add up the summaries (``summaries.py``: per player, ruleset,
day and month, kept with the results cache), a few rows per player whatever the period. One
match's figures are SQL aggregates over its rows of the results cache (``results``), which holds
the core's score of every deal: counts, sums and maxima with GROUP BY. Runs of made bids are counted when the
cache is written (``run``: made in a row up to that deal), so the longest run is a plain MAX; the
window-function way ("gaps and islands") measured 120–180 ms over 80,000 rows in SQLite, this adds
nothing. A page makes a handful of queries however many matches there are.

What applies where: bids, tricks and premiums are each player's own. In four partners the deal
points, match and game wins are the side's, so both partners count a side's win and side points
are left out of "best deal". The two-dummy dummy has no player and appears in none of this.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, select

from scorer.core import BID_SIZES, RULESETS
from scorer.web.data import publication, summaries
from scorer.web.data.models import Match, MatchResult, Player, SeatResult, name_key
from scorer.web.extensions import db

SEATS = SeatResult.__table__
MATCHES = MatchResult.__table__
# The rulesets whose deal points belong to a side, not a player (the core says which).
SIDE_RULESETS = tuple(ruleset.id for ruleset in RULESETS.values() if ruleset.has_sides)


@dataclass(frozen=True)
class Scope:
    """Which results count: a ruleset, a period (UTC, end excluded), one match, one player."""

    ruleset: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    match_id: int | None = None
    player_id: int | None = None
    last_deal: int | None = None   # one match's deals up to this one (the rest held back: publication.py)

    def where(self, table: Any) -> list[ColumnElement[bool]]:
        conditions: list[ColumnElement[bool]] = []
        if self.ruleset:
            conditions.append(table.c.ruleset == self.ruleset)
        if self.start is not None:
            conditions.append(table.c.played_at >= self.start)
        if self.end is not None:
            conditions.append(table.c.played_at < self.end)
        if self.match_id is not None:
            conditions.append(table.c.match_id == self.match_id)
        if self.player_id is not None:
            conditions.append(table.c.player_id == self.player_id)
        if self.last_deal is not None:
            conditions.append(table.c.deal <= self.last_deal)
        return conditions


def count_if(condition: ColumnElement[bool]) -> Any:
    return func.sum(case((condition, 1), else_=0))


@dataclass(frozen=True)
class BidCount:
    """How often a player bid one size (0–9), or kept the bid hidden (``size`` None), and made it."""

    size: int | None
    bids: int
    made: int

    @property
    def rate(self) -> float | None:
        """The share made, for the table's last column (None: no such bid)."""
        return self.made / self.bids if self.bids else None


@dataclass
class Figures:
    """One player's figures (or one seat's, for a single match)."""

    key: int
    name: str = ""
    deals: int = 0
    made: int = 0
    shown: int = 0                 # bids not kept hidden
    average_bid: float | None = None
    average_over: float | None = None
    best: int | None = None        # best deal score (not four-partners' side points)
    declared: int = 0
    declared_made: int = 0
    revealed: int = 0
    revealed_made: int = 0
    longest_run: int = 0
    current_run: int = 0
    matches: int = 0
    finished: int = 0
    won: int = 0
    games: int = 0
    games_won: int = 0
    by_bid: list[BidCount] = field(default_factory=list)

    @property
    def made_rate(self) -> float | None:
        return self.made / self.deals if self.deals else None

    @property
    def won_rate(self) -> float | None:
        return self.won / self.finished if self.finished else None

    @property
    def premiums(self) -> int:
        return self.declared + self.revealed

    @property
    def hidden(self) -> int:
        """Bids kept hidden."""
        return self.deals - self.shown

    @property
    def premiums_made(self) -> int:
        return self.declared_made + self.revealed_made


def deal_figures(scope: Scope, by: Any) -> dict[int, dict[str, Any]]:
    """Bids, tricks, points and premiums, grouped by ``by`` (player or seat)."""
    s = SEATS.c
    query = (select(
        by.label("key"),
        func.count().label("deals"),
        count_if(s.made.is_(True)).label("made"),
        func.count(s.bid).label("shown"),
        func.avg(s.bid).label("average_bid"),
        func.avg(s.over).label("average_over"),
        func.max(case((s.ruleset.not_in(SIDE_RULESETS), s.points))).label("best"),
        count_if(s.premium == "declare").label("declared"),
        count_if(and_(s.premium == "declare", s.premium_made.is_(True))).label("declared_made"),
        count_if(s.premium == "reveal").label("revealed"),
        count_if(and_(s.premium == "reveal", s.premium_made.is_(True))).label("revealed_made"),
        func.max(s.run).label("longest_run"),
    ).where(*scope.where(SEATS)).group_by(by))
    # Not "player_id IS NOT NULL" in SQL: SQLite would then walk the index row by row, slower than
    # a scan; the dummy's group (no player) is dropped here.
    return {row.key: dict(row._mapping) for row in db.session.execute(query) if row.key is not None}


def combine(names: dict[int, str], *parts: dict[int, dict[str, Any]]) -> list[Figures]:
    figures: dict[int, Figures] = {}
    for part in parts:
        for key, values in part.items():
            entry = figures.setdefault(key, Figures(key=key, name=names.get(key, "")))
            for name, value in values.items():
                if name != "key" and value is not None:
                    setattr(entry, name, float(value) if name.startswith("average") else int(value))
    return sorted(figures.values(), key=lambda f: (-f.won, -f.matches, name_key(f.name)))


def known_names() -> list[str]:
    """Every player's name (a few hundred at most: a club's members), for ``names.new_lookalike``."""
    return list(db.session.scalars(select(Player.name)))


def player_names(ids: Iterable[int] | None = None) -> dict[int, str]:
    query = select(Player.id, Player.name)
    if ids is not None:
        query = query.where(Player.id.in_(list(ids)))
    return {player_id: name for player_id, name in db.session.execute(query)}


def figures_of(key: int, name: str, summary: summaries.Summary) -> Figures:
    """A player's figures from the sum of their summaries."""
    s = summary
    return Figures(
        key=key, name=name, deals=s.deals, made=s.made, shown=s.shown,
        average_bid=s.bid_sum / s.shown if s.shown else None, average_over=s.over_sum / s.shown if s.shown else None,
        best=s.best, declared=s.declared, declared_made=s.declared_made, revealed=s.revealed,
        revealed_made=s.revealed_made, longest_run=s.longest_run, matches=s.matches, finished=s.finished, won=s.won,
        games=s.games, games_won=s.games_won)


def ordered(figures: Iterable[Figures]) -> list[Figures]:
    return sorted(figures, key=lambda f: (-f.won, -f.matches, name_key(f.name)))


def everyone(scope: Scope) -> list[Figures]:
    """The figures of every player who played in the scope: two queries, the players' names and
    their summaries over the period (summaries.py)."""
    names = player_names()
    found = summaries.standings(scope.ruleset, scope.start, scope.end)
    return ordered(figures_of(key, names.get(key, ""), summary) for key, summary in found.items())


def bid_table(summary: summaries.Summary) -> list[BidCount]:
    """Bids made by bid size (the bid cards' value, 0–9), and hidden bids (always failed) apart."""
    counts = summary.by_bid
    table = [BidCount(size, *counts.get(str(size), (0, 0))) for size in BID_SIZES]
    if summaries.HIDDEN in counts:
        table.append(BidCount(None, counts[summaries.HIDDEN][0], 0))
    return table


@dataclass
class Rival:
    name: str
    player_id: int
    together: int   # finished matches both played
    ahead: int      # the player won, the rival did not
    behind: int     # the rival won, the player did not
    partners: int   # four-partners matches on the same side


def rivals_of(summary: summaries.Summary) -> list[Rival]:
    names = player_names(int(key) for key in summary.rivals) if summary.rivals else {}
    rivals = [Rival(names.get(int(key), ""), int(key), *counts) for key, counts in summary.rivals.items()]
    return sorted(rivals, key=lambda r: (-r.together, name_key(r.name)))


@dataclass
class BestDeal:
    match_id: int
    deal: int
    points: int
    played_at: datetime


def best_of(summary: summaries.Summary) -> BestDeal | None:
    s = summary
    if s.best is None or s.best_match_id is None or s.best_deal is None or s.best_played_at is None:
        return None
    return BestDeal(s.best_match_id, s.best_deal, s.best, s.best_played_at)


def player_summary(scope: Scope, player_id: int) -> summaries.Summary:
    """One player's summaries over the scope's ruleset and period, added up: one query."""
    return summaries.totals(scope.ruleset, scope.start, scope.end, player_id).get(player_id, summaries.Summary())


def by_bid(scope: Scope, player_id: int) -> list[BidCount]:
    return bid_table(player_summary(scope, player_id))


def head_to_head(scope: Scope, player_id: int) -> list[Rival]:
    return rivals_of(player_summary(scope, player_id))


def best_deal(scope: Scope, player_id: int) -> BestDeal | None:
    return best_of(player_summary(scope, player_id))


# ---------------------------------------------------------------------------- one match


def current_runs(match_id: int, last_deal: int | None = None) -> dict[int, int]:
    """Per seat, the bids made in a row up to the last deal (who is on a streak): the match's last,
    or ``last_deal``."""
    s = SEATS.c
    last = select(func.max(s.deal)).where(s.match_id == match_id).scalar_subquery() if last_deal is None else last_deal
    rows = db.session.execute(select(s.seat, s.run).where(s.match_id == match_id, s.deal == last))
    return {int(seat): int(run) for seat, run in rows}


def match_figures(match: Match) -> list[Figures]:
    """The figures of each named player of one match, in seat order, over the deals this request
    may see of it (``publication.cut_of``)."""
    cut = publication.cut_of(match)
    shown = cut.shown if cut is not None else None
    scope, seat = Scope(match_id=match.id, last_deal=shown), SEATS.c.seat
    names = {s.seat: s.player.name for s in match.seats}
    figures = {f.key: f for f in combine(names, deal_figures(scope, seat))}
    for key, run in current_runs(match.id, shown).items():
        if key in figures:
            figures[key].current_run = int(run)
    return [figures[s] for s in sorted(figures) if s in names]
