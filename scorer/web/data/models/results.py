"""The results cache and the players' summaries: figures the core gave, kept for the statistics
(``data/results.py``, ``data/summaries.py``), rewritten with every change and checked by `flask check`."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Date, DateTime, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from scorer.web.extensions import Model


class SeatResult(Model):
    """One seat's part in one deal, as the core scored it."""

    __tablename__ = "seat_results"
    __table_args__ = (
        Index("ix_seat_results_player", "player_id", "played_at"),
        Index("ix_seat_results_ruleset", "ruleset", "played_at"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    deal: Mapped[int] = mapped_column(primary_key=True)  # 1-based over the whole match, as Deal.number
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))  # None: the two-dummy dummy
    ruleset: Mapped[str] = mapped_column(String(32))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    game: Mapped[int]
    unit: Mapped[int]                 # who scores: the seat, or in four-partners the side (0 or 1)
    dealer: Mapped[bool]
    bid: Mapped[int | None]           # the bid as the core resolved it; None when kept hidden
    bid_size: Mapped[int | None]      # 0–9, the bid cards' value (bids 10–13 are aliases of 0–3)
    tricks: Mapped[int]
    made: Mapped[bool]
    run: Mapped[int]                  # bids this seat made in a row up to this deal, in this match (0: missed)
    over: Mapped[int | None]          # tricks minus the nearest number the bid stands for
    points: Mapped[int]               # the unit's points in this deal (a side's in four-partners)
    total: Mapped[int]                # the unit's running total in the game after this deal
    premium: Mapped[str | None] = mapped_column(String(8))  # "declare" / "reveal"
    premium_made: Mapped[bool | None]


class MatchResult(Model):
    """How a match stands (or ended) for one named player."""

    __tablename__ = "match_results"
    __table_args__ = (Index("ix_match_results_player", "player_id", "played_at"),)

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    ruleset: Mapped[str] = mapped_column(String(32))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    unit: Mapped[int]
    deals: Mapped[int]                # deals played in the match so far
    finished: Mapped[bool]
    won: Mapped[bool]                 # the match is over and this player (or side) is among its winners
    games_played: Mapped[int]         # games finished
    games_won: Mapped[int]            # finished games this player (or side) won
    grand_total: Mapped[int]


class PlayerSummary(Model):
    """One player's figures in one ruleset over one day or one month of the table's calendar, or all time.

    Written by ``summary_upkeep.follow`` from the results cache above, in the same transaction as
    ``results.refresh`` / ``results.forget``; the statistics pages add a few of these rows up
    instead of grouping every deal ever played (summaries.py says which rows a period takes).
    """

    __tablename__ = "player_summaries"
    # By span and start: the page of everyone reads the all-time rows, or the months and days of a
    # period, without scanning every row (the primary key starts with the player).
    __table_args__ = (Index("ix_player_summaries_span", "span", "start"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32), primary_key=True)
    span: Mapped[str] = mapped_column(String(5), primary_key=True)   # "day" or "month"
    start: Mapped[date] = mapped_column(Date, primary_key=True)      # the day, or the month's first day
    deals: Mapped[int]
    made: Mapped[int]
    shown: Mapped[int]                # bids not kept hidden
    bid_sum: Mapped[int]              # of the shown bids, for the average bid
    over_sum: Mapped[int]             # tricks against the bid, for its average
    declared: Mapped[int]
    declared_made: Mapped[int]
    revealed: Mapped[int]
    revealed_made: Mapped[int]
    longest_run: Mapped[int]
    best: Mapped[int | None]          # best deal score (not four-partners' side points) and where
    best_match_id: Mapped[int | None]
    best_deal: Mapped[int | None]
    best_played_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    matches: Mapped[int]              # matches with at least one deal
    finished: Mapped[int]
    won: Mapped[int]
    games: Mapped[int]
    games_won: Mapped[int]
    by_bid: Mapped[dict[str, list[int]]] = mapped_column(JSON)  # bid size ("-": hidden) -> [bids, made]
    rivals: Mapped[dict[str, list[int]]] = mapped_column(JSON)  # player id -> [together, ahead, behind, partners]
