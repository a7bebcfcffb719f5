"""A club night as read for its pages: the set's tables and how far each has played, and what every
admitted table did in the deals published (the stored frontier, ``publication.published``), from
the results cache.

The director's screen reads it on every change at any table (live.js), so it costs the same
handful of statements however many tables and deals there are: the tables with their matches and
players, each match's count of deals (its ``match_results`` row), the published count, and the
published deals' ``seat_results`` rows of every admitted table at once. No match is scored again
and no deal is loaded: the results cache holds the core's score of every deal.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, case, func, select
from sqlalchemy.orm import joinedload, selectinload

from scorer.core import get_ruleset
from scorer.web.data import publication
from scorer.web.data.models import Deal, DealSet, Match, MatchResult, MatchSeat, SeatResult, SetTable
from scorer.web.data.models.cards import CLOSED, OPEN, WAITING
from scorer.web.extensions import db


@dataclass(frozen=True)
class TableLine:
    """One table of the night: its match, number, state, players in seat order and deals recorded."""

    match_id: int
    number: int
    state: str
    names: list[str]
    deals: int
    finished: bool
    vouched: int = 0     # deals published before it was admitted that it may record (``SetTable.vouched``)
    behind: bool = False  # it cannot record its next deal: the night published it while the table was away

    @property
    def admitted(self) -> bool:
        return self.state in (OPEN, CLOSED)


@dataclass(frozen=True)
class SeatPlay:
    """One seat in one deal: the bid as the core resolved it (None: kept hidden), tricks, made."""

    bid: int | None
    tricks: int
    made: bool


@dataclass(frozen=True)
class UnitPlay:
    """One scoring unit (a player, the dummy, or a side of partners) in one deal."""

    seats: list[SeatPlay]
    points: int


@dataclass
class Night:
    """A set's night: every table (waiting and taken out ones too: the organiser's page shows
    them), how many deals are published, and, for the admitted tables, each published deal's play
    and each unit's points over the published deals (``totals``; a table closed early, over the
    deals it played)."""

    deal_set: DealSet
    tables: list[TableLine]
    published: int
    played: int
    ended: bool
    plays: dict[int, dict[int, list[UnitPlay]]]     # match id -> deal -> per unit
    totals: dict[int, list[int]]                     # match id -> per unit

    @property
    def admitted(self) -> list[TableLine]:
        return [table for table in self.tables if table.admitted]


def tables_of(deal_set: DealSet, deleted: bool = False) -> list[tuple[SetTable, Match]]:
    """The set's tables with their matches, seats and players loaded (a deleted match is no table;
    with ``deleted``, only the deleted ones: the organiser may restore them)."""
    rows = db.session.execute(
        select(SetTable, Match).join(Match, Match.id == SetTable.match_id)
        .where(SetTable.deal_set_id == deal_set.id,
               Match.deleted_at.is_not(None) if deleted else Match.deleted_at.is_(None))
        .options(selectinload(Match.seats).options(joinedload(MatchSeat.player)))
        .order_by(SetTable.number)).tuples().all()
    return [(table, match) for table, match in rows]


def night_of(deal_set: DealSet, plays: bool = True) -> Night:
    """The night as it stands now (without ``plays``, its tables only: no deal's play, no total)."""
    rows = tables_of(deal_set)
    ids = [match.id for _, match in rows]
    counts = dict(db.session.execute(select(MatchResult.match_id, MatchResult.deals)
                                     .where(MatchResult.match_id.in_(ids), MatchResult.seat == 0)).tuples().all())
    has_dummy = get_ruleset(deal_set.ruleset).has_dummy
    frontier, ended = publication.published(deal_set), publication.ended(deal_set)

    def behind(table: SetTable, match: Match, deals: int) -> bool:
        following = deals + 1
        return not match.finished and following <= frontier and (ended or following > table.vouched)

    tables = [TableLine(match.id, table.number, table.state,
                        match.player_names + (["Dummy"] if has_dummy else []),
                        counts.get(match.id, 0), match.finished, table.vouched,
                        behind(table, match, counts.get(match.id, 0)) and table.state != WAITING)
              for table, match in rows]
    played = max((table.deals for table in tables if table.admitted), default=0)
    published = min(frontier, played)
    units = len(get_ruleset(deal_set.ruleset).sides)
    admitted = [table.match_id for table in tables if table.admitted]
    night = Night(deal_set, tables, published, played, ended, {}, {match_id: [0] * units for match_id in admitted})
    if plays:
        add_plays(night)
    return night


def add_plays(night: Night) -> Night:
    """``night`` (read without its plays) with the published deals' plays and totals."""
    admitted = [table.match_id for table in night.admitted]
    if admitted and night.published and not night.plays:
        _read_plays(night, admitted)
    return night


def _read_plays(night: Night, admitted: list[int]) -> None:
    """The published deals of the admitted tables, from the results cache: one statement."""
    sides = get_ruleset(night.deal_set.ruleset).sides
    found: dict[int, dict[int, dict[int, SeatResult]]] = {}
    for row in db.session.scalars(select(SeatResult).where(SeatResult.match_id.in_(admitted),
                                                           SeatResult.deal <= night.published)):
        found.setdefault(row.match_id, {}).setdefault(row.deal, {})[row.seat] = row
    for match_id, deals in found.items():
        plays = {deal: [UnitPlay([SeatPlay(seats[s].bid, seats[s].tricks, seats[s].made) for s in unit],
                                 seats[unit[0]].points) for unit in sides]
                 for deal, seats in sorted(deals.items())}
        night.plays[match_id] = plays
        night.totals[match_id] = [sum(units[u].points for units in plays.values()) for u in range(len(sides))]


# ---------------------------------------------------------------------------- what the screen polls

_set, _table, _match, _deal = DealSet.__table__, SetTable.__table__, Match.__table__, Deal.__table__
# Built once (Core, as the match's own poll: data/live.py), what the director's screen and the
# organiser's page show, and nothing else, in one statement by the set's key and the tables' and
# deals' indexes: the set's version (raised by every change of its tables, its screen and its
# frontier: writes/frontier.py), its tables, the deals recorded at them (each table's "Deal 5"),
# the last change to a published deal (an edit of a deal the standings count) and the tables over.
# A seat taken, bid cards shown or a deal edited before it is published move nothing here.
VERSION_QUERY = (
    select(_set.c.version, func.count(func.distinct(_table.c.match_id)), func.count(_deal.c.id),
           func.max(case((_deal.c.number <= _set.c.published, _deal.c.updated_at))),
           func.count(func.distinct(case((_match.c.finished, _match.c.id)))))
    .select_from(_set.outerjoin(_table, _table.c.deal_set_id == _set.c.id)
                 .outerjoin(_match, (_match.c.id == _table.c.match_id) & _match.c.deleted_at.is_(None))
                 .outerjoin(_deal, _deal.c.match_id == _match.c.id))
    .where(_set.c.id == bindparam("set_id")).group_by(_set.c.id, _set.c.version, _set.c.published))


def published_key(row: Sequence[Any]) -> str:
    """What of ``VERSION_QUERY``'s row the published deals and standings follow: the set's version
    (the frontier, the tables' states), its tables and the last change to a published deal; not
    the deals recorded since, nor a table over (the screen's list of tables shows those)."""
    version, tables, _deals, published_change, _over = row
    return f"{version}-{tables}-{published_change}"


def tag(row: Sequence[Any]) -> str:
    """The ``ETag`` (without its quotes) of a set's night from ``VERSION_QUERY``'s row."""
    version, tables, deals, published_change, over = row
    stamp = zlib.crc32(str(published_change).encode()) if published_change is not None else 0
    return f"{version}-{tables}-{deals}-{over}-{stamp:08x}"
