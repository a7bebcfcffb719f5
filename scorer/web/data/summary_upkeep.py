"""Keeping the players' summaries up to date (``player_summaries``): after each change to the
results cache (``follow``, which patches the rows a change touched, or adds a day up again when a
maximum might fall), and all at once (``rebuild``). What a summary holds and how the pages read
them is ``summaries.py``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import and_, delete, insert, or_, select

from scorer.web.data import publication
from scorer.web.data.models import MatchResult, Player, PlayerSummary, SeatResult
from scorer.web.data.summaries import (
    ALL,
    ALL_START,
    DAY,
    MONTH,
    Key,
    Summary,
    as_dicts,
    columns,
    day_bounds,
    day_of,
    month_of,
    next_month,
    summarise,
    with_months,
)
from scorer.web.extensions import db

Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class CacheChange:
    """What a change to one match did to its rows of the results cache: the seat rows it took out
    or replaced (as they were), the seat rows it wrote, and all of its match rows before and after."""

    old_seats: Rows
    new_seats: Rows
    old_matches: Rows
    new_matches: Rows


def follow(player_ids: list[int], ruleset: str, played_at: datetime, change: CacheChange | None = None) -> None:
    """Bring the day and month summaries of these players in this ruleset around ``played_at`` up
    to date in the caller's transaction (the caller commits).

    With ``change`` (a save), each summary is patched: the rows the change took out are
    subtracted and the rows it wrote added, so the cost does not grow with the match or the day.
    When that might lower a longest run or a best deal (an edit, a deleted deal), or without
    ``change``, the day is added up again from the results cache and the month from its days.
    """
    # Two matches of the same player saved at once (a save beside an import) would each rewrite
    # the player's rows from what it saw: on PostgreSQL, the players' rows are locked first, in
    # order (no deadlock), so the second waits and reads the first's rows. SQLite has one writer
    # at a time anyway and ignores FOR UPDATE. FOR NO KEY UPDATE, not FOR UPDATE: the save has
    # already written results rows whose foreign keys hold a KEY SHARE lock on these players, and
    # two saves each holding that and asking FOR UPDATE deadlock (found by `make load`, two
    # processes on PostgreSQL); NO KEY UPDATE waits only for another NO KEY UPDATE.
    db.session.execute(select(Player.id).where(Player.id.in_(player_ids)).order_by(Player.id)
                       .with_for_update(key_share=True))
    if change is not None and patch(player_ids, ruleset, played_at, change):
        return
    day = day_of(played_at)
    month = month_of(day)
    start, end = day_bounds(day)
    seat_rows = db.session.execute(select(*columns(SeatResult)).where(
        SeatResult.player_id.in_(player_ids), SeatResult.played_at >= start,
        SeatResult.played_at < (end or datetime.max.replace(tzinfo=UTC)), SeatResult.ruleset == ruleset,
        publication.counted_clause(SeatResult.match_id)))
    theirs = select(MatchResult.match_id).where(
        MatchResult.player_id.in_(player_ids), MatchResult.played_at >= start,
        MatchResult.played_at < (end or datetime.max.replace(tzinfo=UTC)), MatchResult.ruleset == ruleset,
        publication.counted_clause(MatchResult.match_id))
    match_rows = db.session.execute(select(*columns(MatchResult)).where(MatchResult.match_id.in_(theirs))
                                    .order_by(MatchResult.match_id))
    fresh = summarise(as_dicts(seat_rows), as_dicts(match_rows))
    wanted = set(player_ids)
    days = {key: summary for key, summary in fresh.items() if key[2] == DAY and key[0] in wanted}
    # The month is the new day added to the month's other days, as stored.
    months = {player: Summary() for player in player_ids}
    for (player, _, _, _), summary in days.items():
        months[player].add(summary)
    for row in db.session.scalars(select(PlayerSummary).where(
            PlayerSummary.player_id.in_(player_ids), PlayerSummary.ruleset == ruleset, PlayerSummary.span == DAY,
            PlayerSummary.start >= month, PlayerSummary.start < next_month(month) if month < date(9999, 12, 1)
            else PlayerSummary.start <= date.max, PlayerSummary.start != day)):
        months[row.player_id].add(Summary.of(row))
    # All time is this month added to the other months, as stored (one row a month kept).
    ever = {player: Summary() for player in player_ids}
    for player, summary in months.items():
        ever[player].add(summary)
    for row in db.session.scalars(select(PlayerSummary).where(
            PlayerSummary.player_id.in_(player_ids), PlayerSummary.ruleset == ruleset, PlayerSummary.span == MONTH,
            PlayerSummary.start != month)):
        ever[row.player_id].add(Summary.of(row))
    db.session.execute(delete(PlayerSummary).where(
        PlayerSummary.player_id.in_(player_ids), PlayerSummary.ruleset == ruleset,
        or_(and_(PlayerSummary.span == DAY, PlayerSummary.start == day),
            and_(PlayerSummary.span == MONTH, PlayerSummary.start == month),
            PlayerSummary.span == ALL)))
    rows = as_rows(days)
    rows += [{"player_id": player, "ruleset": ruleset, "span": MONTH, "start": month, **summary.as_row()}
             for player, summary in months.items() if not summary.empty]
    rows += [{"player_id": player, "ruleset": ruleset, "span": ALL, "start": ALL_START, **summary.as_row()}
             for player, summary in ever.items() if not summary.empty]
    if rows:
        db.session.execute(insert(PlayerSummary), rows)


def patch(player_ids: list[int], ruleset: str, played_at: datetime, change: CacheChange) -> bool:
    """Patch the players' day and month summaries by ``change``; False (nothing written) when that
    might lower a maximum and they must be added up again."""
    day = day_of(played_at)
    month = month_of(day)
    wanted = set(player_ids)
    minus = {key[0]: summary for key, summary in summarise(change.old_seats, change.old_matches).items()
             if key[0] in wanted}
    plus = {key[0]: summary for key, summary in summarise(change.new_seats, change.new_matches).items()
            if key[0] in wanted}
    stored = {(row.player_id, row.span): Summary.of(row) for row in db.session.scalars(select(PlayerSummary).where(
        PlayerSummary.player_id.in_(player_ids), PlayerSummary.ruleset == ruleset,
        or_(and_(PlayerSummary.span == DAY, PlayerSummary.start == day),
            and_(PlayerSummary.span == MONTH, PlayerSummary.start == month),
            PlayerSummary.span == ALL)))}
    found: dict[Key, Summary] = {}
    for player in player_ids:
        for span, start in ((DAY, day), (MONTH, month), (ALL, ALL_START)):
            summary = stored.get((player, span), Summary())
            if player in minus:
                if summary.lowers(minus[player]):
                    return False
                summary.subtract(minus[player])
            if player in plus:
                summary.add(plus[player])
            found[(player, ruleset, span, start)] = summary
    db.session.execute(delete(PlayerSummary).where(
        PlayerSummary.player_id.in_(player_ids), PlayerSummary.ruleset == ruleset,
        or_(and_(PlayerSummary.span == DAY, PlayerSummary.start == day),
            and_(PlayerSummary.span == MONTH, PlayerSummary.start == month),
            PlayerSummary.span == ALL)))
    rows = as_rows({key: summary for key, summary in found.items() if not summary.empty})
    if rows:
        db.session.execute(insert(PlayerSummary), rows)
    return True


def rebuild() -> int:
    """Write every summary again from the results cache (the tables of a club night still on left
    out: ``publication.counts_yet``); how many rows were written. Rows are
    read a batch at a time, so memory grows with the number of players and days, not deals."""
    db.session.execute(delete(PlayerSummary))
    seat_rows = db.session.execute(select(*columns(SeatResult)).where(publication.counted_clause(SeatResult.match_id))
                                   .execution_options(yield_per=2000))
    match_rows = db.session.execute(select(*columns(MatchResult)).where(publication.counted_clause(MatchResult.match_id))
                                    .order_by(MatchResult.match_id).execution_options(yield_per=2000))
    return write(with_months(summarise(as_dicts(seat_rows), as_dicts(match_rows))))


def as_rows(found: dict[Key, Summary]) -> list[dict[str, Any]]:
    return [{"player_id": key[0], "ruleset": key[1], "span": key[2], "start": key[3], **summary.as_row()}
            for key, summary in found.items()]


def write(found: dict[Key, Summary]) -> int:
    rows = as_rows(found)
    for start in range(0, len(rows), 1000):
        db.session.execute(insert(PlayerSummary), rows[start:start + 1000])
    return len(rows)


def stored() -> dict[Key, Summary]:
    """Every summary as stored, for ``flask check``."""
    return {(row.player_id, row.ruleset, row.span, row.start): Summary.of(row)
            for row in db.session.scalars(select(PlayerSummary))}
