"""Statistics summaries: each player's figures per ruleset and per day and month of the table's
calendar (``PlayerSummary``), so that every filter of the statistics pages adds up a few rows.

A period of whole days (the filters, clock.py) is its whole months from the ``month`` rows and the
days of the months it cuts from the ``day`` rows: at most 12 month rows a year and 60 day rows
per player and ruleset, however many matches were played. Everything is added up here in
Python, as the core's figures were cached (``results``): counts and sums add, maxima take the
larger, the average bid is a sum over a count.

``follow`` rewrites the summaries a match falls in (its players, its ruleset, its day and that
day's month) from the results cache, in the caller's transaction, right after ``results``
rewrote the match's rows: a constant number of statements whatever the size of the database.
``rebuild`` writes them all again (``flask stats rebuild``); ``expected`` gives what they should
hold from rows the core scored, for ``flask check``. Days are the ``TIMEZONE`` setting's: after
changing it, ``flask stats rebuild`` cuts them again (``flask check`` says so until then).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from datetime import date, datetime, timedelta
from itertools import groupby
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select

from scorer.core import RULESETS
from scorer.web import clock
from scorer.web.data.models import PlayerSummary
from scorer.web.extensions import db

DAY, MONTH, ALL = "day", "month", "all"
# The all-time row of a player and ruleset (every month added up): what a page without a period
# reads, so that it adds up one row per player and ruleset however many years are kept.
ALL_START = date.min
HIDDEN = "-"  # the by_bid key of bids kept hidden
# The rulesets whose deal points belong to a side, not a player (the core says which).
SIDE_RULESETS = frozenset(ruleset.id for ruleset in RULESETS.values() if ruleset.has_sides)


def month_of(day: date) -> date:
    return day.replace(day=1)


def next_month(month: date) -> date:
    """The first day of the month after; the calendar's last day after its last month."""
    return (month + timedelta(days=32)).replace(day=1) if month < date(9999, 12, 1) else date.max


def day_of(played_at: datetime) -> date:
    """The day of the table's calendar a match belongs to (at the calendar's very edges, its first
    or last day: the table's zone cannot say more)."""
    try:
        return clock.local(played_at).date()
    except OverflowError:
        return date.min if played_at.year == 1 else date.max


def day_bounds(day: date) -> tuple[datetime, datetime | None]:
    """The UTC moments the day runs between (None: the calendar's last day, to the end of time)."""
    return clock.midnight(day), None if day == date.max else clock.midnight(day + timedelta(days=1))


@dataclass
class Summary:
    """The figures of one player over some deals and matches; ``add`` merges another one in."""

    deals: int = 0
    made: int = 0
    shown: int = 0
    bid_sum: int = 0
    over_sum: int = 0
    declared: int = 0
    declared_made: int = 0
    revealed: int = 0
    revealed_made: int = 0
    longest_run: int = 0
    best: int | None = None
    best_match_id: int | None = None
    best_deal: int | None = None
    best_played_at: datetime | None = None
    matches: int = 0
    finished: int = 0
    won: int = 0
    games: int = 0
    games_won: int = 0
    by_bid: dict[str, list[int]] = field(default_factory=dict)
    rivals: dict[str, list[int]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.deals or self.matches)

    def best_key(self) -> tuple[Any, ...]:
        """Which best deal wins a tie: the earliest played, then the earliest deal."""
        assert self.best is not None and self.best_played_at is not None
        return -self.best, clock.local(self.best_played_at), self.best_deal, self.best_match_id

    def take_best(self, other: Summary) -> None:
        if other.best is not None and (self.best is None or other.best_key() < self.best_key()):
            self.best, self.best_match_id = other.best, other.best_match_id
            self.best_deal, self.best_played_at = other.best_deal, other.best_played_at

    def add_seat(self, row: Mapping[str, Any]) -> None:
        """One deal of this player (a ``seat_results`` row)."""
        self.deals += 1
        self.made += bool(row["made"])
        if row["bid"] is not None:
            self.shown += 1
            self.bid_sum += row["bid"]
            self.over_sum += row["over"]
        if row["premium"] == "declare":
            self.declared += 1
            self.declared_made += bool(row["premium_made"])
        elif row["premium"] == "reveal":
            self.revealed += 1
            self.revealed_made += bool(row["premium_made"])
        self.longest_run = max(self.longest_run, row["run"])
        if row["ruleset"] not in SIDE_RULESETS:
            self.take_best(Summary(best=row["points"], best_match_id=row["match_id"], best_deal=row["deal"],
                                   best_played_at=row["played_at"]))
        size = HIDDEN if row["bid_size"] is None else str(row["bid_size"])
        counts = self.by_bid.setdefault(size, [0, 0])
        counts[0] += 1
        counts[1] += bool(row["made"])

    def add_match(self, row: Mapping[str, Any], others: Iterable[Mapping[str, Any]]) -> None:
        """One match of this player (its ``match_results`` row; ``others``: the other players')."""
        if row["deals"] == 0:
            return
        self.matches += 1
        self.finished += bool(row["finished"])
        self.won += bool(row["won"])
        self.games += row["games_played"]
        self.games_won += row["games_won"]
        if not row["finished"]:
            return
        for other in others:
            if other["player_id"] == row["player_id"]:
                continue
            counts = self.rivals.setdefault(str(other["player_id"]), [0, 0, 0, 0])
            counts[0] += 1
            counts[1] += bool(row["won"] and not other["won"])
            counts[2] += bool(other["won"] and not row["won"])
            counts[3] += row["unit"] == other["unit"]

    def add(self, other: Summary) -> None:
        for name in FIGURES:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest_run = max(self.longest_run, other.longest_run)
        self.take_best(other)
        for mine, theirs in ((self.by_bid, other.by_bid), (self.rivals, other.rivals)):
            for key, counts in theirs.items():
                found = mine.setdefault(key, [0] * len(counts))
                mine[key] = [a + b for a, b in zip(found, counts, strict=True)]

    def subtract(self, other: Summary) -> None:
        """Take out the counts and sums of ``other`` (maxima are left: see ``lowers``)."""
        for name in FIGURES:
            setattr(self, name, getattr(self, name) - getattr(other, name))
        for mine, theirs in ((self.by_bid, other.by_bid), (self.rivals, other.rivals)):
            for key, counts in theirs.items():
                left = [a - b for a, b in zip(mine.get(key, [0] * len(counts)), counts, strict=True)]
                if any(left):
                    mine[key] = left
                else:
                    mine.pop(key, None)

    def lowers(self, other: Summary) -> bool:
        """Whether taking ``other`` out might lower this summary's longest run or best deal (then
        it is added up again from the rows, not patched)."""
        if other.longest_run and other.longest_run >= self.longest_run:
            return True
        return other.best is not None and (self.best is None or other.best_key() <= self.best_key())

    def as_row(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in (*FIGURES, "longest_run", "best", "best_match_id", "best_deal",
                                                      "best_played_at", "by_bid", "rivals")}

    @classmethod
    def of(cls, row: PlayerSummary) -> Summary:
        return cls(**{name: getattr(row, name) for name in cls().as_row()})


# The figures that add up (every count and sum; not the maxima).
FIGURES = tuple(item.name for item in fields(Summary) if item.type == "int" and item.name != "longest_run")

Key = tuple[int, str, str, date]  # player, ruleset, span, start


def summarise(seat_rows: Iterable[Mapping[str, Any]], match_rows: Iterable[Mapping[str, Any]]) -> dict[Key, Summary]:
    """The day summaries of these results-cache rows, ``match_rows`` in order of match (every
    player's row of each match, for the rivals); ``with_months`` adds the months."""
    days: dict[Key, Summary] = {}
    known: dict[datetime, date] = {}  # a match's rows share its time: its day is found once

    def day(played_at: datetime) -> date:
        if played_at not in known:
            known[played_at] = day_of(played_at)
        return known[played_at]

    for row in seat_rows:
        if row["player_id"] is not None:  # the two-dummy dummy is nobody
            days.setdefault((row["player_id"], row["ruleset"], DAY, day(row["played_at"])), Summary()).add_seat(row)
    for _, group in groupby(match_rows, key=lambda row: row["match_id"]):
        rows = list(group)
        for row in rows:
            days.setdefault((row["player_id"], row["ruleset"], DAY, day(row["played_at"])), Summary()).add_match(row, rows)
    return {key: summary for key, summary in days.items() if not summary.empty}


def with_months(days: dict[Key, Summary]) -> dict[Key, Summary]:
    """The day summaries, the months they add up to, and each player's all-time total."""
    found = dict(days)
    for (player, ruleset, _, day), summary in days.items():
        found.setdefault((player, ruleset, MONTH, month_of(day)), Summary()).add(summary)
        found.setdefault((player, ruleset, ALL, ALL_START), Summary()).add(summary)
    return found


def columns(model: Any) -> list[Any]:
    return list(model.__table__.columns)


def as_dicts(rows: Iterable[Any]) -> Iterator[dict[str, Any]]:
    return (dict(row._mapping) for row in rows)


# ---------------------------------------------------------------------------- reading


def period_rows(start: datetime | None, end: datetime | None) -> ColumnElement[bool]:
    """Which rows make up the period from ``start`` to ``end`` (UTC moments at the table's
    midnights, end excluded; None: no bound): its whole months, and the days of the months it cuts."""
    first = day_of(start) if start is not None and start.year > 1 else None
    stop = day_of(end) if end is not None else None
    if first is None and stop is None:  # no period: one all-time row per player and ruleset
        return PlayerSummary.span == ALL
    whole_from = None if first is None else (first if first.day == 1 else next_month(month_of(first)))
    whole_to = None if stop is None else month_of(stop)  # months before this one
    if whole_from is not None and whole_to is not None and whole_from >= whole_to:  # no whole month
        return and_(PlayerSummary.span == DAY, *days_between(first, stop))
    months = [PlayerSummary.span == MONTH]
    if whole_from is not None:
        months.append(PlayerSummary.start >= whole_from)
    if whole_to is not None:
        months.append(PlayerSummary.start < whole_to)
    parts = [and_(*months)]
    if first is not None and whole_from is not None and first < whole_from:
        parts.append(and_(PlayerSummary.span == DAY, *days_between(first, whole_from)))
    if stop is not None and whole_to is not None and whole_to < stop:
        parts.append(and_(PlayerSummary.span == DAY, *days_between(whole_to, stop)))
    return or_(*parts)


def days_between(first: date | None, stop: date | None) -> list[ColumnElement[bool]]:
    conditions = []
    if first is not None:
        conditions.append(PlayerSummary.start >= first)
    if stop is not None:
        conditions.append(PlayerSummary.start < stop)
    return conditions


def standings(ruleset: str | None, start: datetime | None, end: datetime | None) -> dict[int, Summary]:
    """Every player's counts, sums, longest run and best deal over a ruleset (None: every one) and
    period, added up by the database: one row per player, whatever the number of summary rows,
    and without the head-to-head and bid-size tables (the page of everyone shows neither)."""
    t = PlayerSummary
    query = (select(t.player_id, func.max(t.longest_run), func.max(t.best), *(func.sum(getattr(t, name)) for name in FIGURES))
             .where(period_rows(start, end)).group_by(t.player_id))
    if ruleset:
        query = query.where(t.ruleset == ruleset)
    found: dict[int, Summary] = {}
    for player_id, run, best, *sums in db.session.execute(query):
        summary = found[player_id] = Summary(longest_run=run or 0, best=best)
        for name, value in zip(FIGURES, sums, strict=True):
            setattr(summary, name, int(value or 0))
    return found


def totals(ruleset: str | None, start: datetime | None, end: datetime | None,
           player_id: int | None = None) -> dict[int, Summary]:
    """Each player's figures over a ruleset (None: every one) and period, in one query."""
    query = select(PlayerSummary).where(period_rows(start, end))
    if ruleset:
        query = query.where(PlayerSummary.ruleset == ruleset)
    if player_id is not None:
        query = query.where(PlayerSummary.player_id == player_id)
    found: dict[int, Summary] = {}
    for row in db.session.scalars(query):
        found.setdefault(row.player_id, Summary()).add(Summary.of(row))
    return found
