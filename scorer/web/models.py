"""What was played, as rows: players, matches with their seats, and the deals of each match.

Only what people said and did is stored (bids or bid cards, tricks, premiums, the turned card).
Every score is derived by ``scorer.core`` from these rows; the one cached figure, ``finished``,
is rewritten from the core's answer whenever a deal is saved, edited or deleted.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, String, UniqueConstraint, select
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def name_key(name: str) -> str:
    """The form of a name that must be unique: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


class Player(db.Model):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    @classmethod
    def named(cls, name: str) -> Player:
        """The known player with this name (any case), or a new one added to the session."""
        name = " ".join(name.split())
        player = db.session.scalar(select(cls).where(cls.name_key == name_key(name)))
        if player is None:
            player = cls(name=name, name_key=name_key(name))
            db.session.add(player)
        return player


class Match(db.Model):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    # Every option in force, defaults included, so a later change of default never rescores it.
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, onupdate=now_utc)

    seats: Mapped[list[MatchSeat]] = relationship(
        back_populates="match", order_by="MatchSeat.seat", cascade="all, delete-orphan")
    deals: Mapped[list[Deal]] = relationship(
        back_populates="match", order_by="Deal.number", cascade="all, delete-orphan")

    @property
    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def touch(self) -> None:
        """Mark the match as changed (a deal's change does not update the match row by itself)."""
        self.updated_at = now_utc()


class MatchSeat(db.Model):
    __tablename__ = "match_seats"
    __table_args__ = (UniqueConstraint("match_id", "player_id"),)

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Deal(db.Model):
    __tablename__ = "deals"
    # One row per deal number: a form sent twice cannot record the same deal twice.
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1-based, counting every deal of the match
    bids: Mapped[list[Any]] = mapped_column(JSON)       # per seat: int, list of bid cards, or None (hidden)
    tricks: Mapped[list[int]] = mapped_column(JSON)     # per seat
    premiums: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    turn_up: Mapped[str | None] = mapped_column(String(8))
    trump: Mapped[str | None] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, onupdate=now_utc)

    match: Mapped[Match] = relationship(back_populates="deals")

    def as_json(self) -> dict[str, Any]:
        """This deal as one entry of the match document's ``deals`` (MATCH-FORMAT.md)."""
        deal: dict[str, Any] = {"bids": self.bids, "tricks": self.tricks, "premiums": self.premiums or []}
        if self.turn_up is not None:
            deal["turn_up"] = self.turn_up
        if self.trump is not None:
            deal["trump"] = self.trump
        return deal
