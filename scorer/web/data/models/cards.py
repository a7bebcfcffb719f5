"""The app's own dealing (``data/card_store.py``): how a match's cards are handled, the cards dealt
for each deal, the players' links and which phone holds each seat, duplicate deal sets."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorer.web.data.models.base import now_utc
from scorer.web.extensions import Model

if TYPE_CHECKING:  # annotations only: the modules refer to one another's classes by name
    from scorer.web.data.models.matches import Match


class MatchCards(Model):
    """How a match's cards are handled, when not by the table alone: "turn-up" (the app turns the
    trump card) or "app" (the app deals every deal); the match seed that makes the app's deals
    replayable, and the duplicate deal set played, if any.

    A table of its own rather than columns on ``matches``: on SQLite, adding a foreign key to
    ``matches`` means rebuilding it, and dropping the old table would cascade to every deal.
    """

    __tablename__ = "match_cards"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    mode: Mapped[str] = mapped_column(String(8))
    seed: Mapped[int | None] = mapped_column(BigInteger)
    deal_set_id: Mapped[int | None] = mapped_column(ForeignKey("deal_sets.id", ondelete="SET NULL"))

    match: Mapped[Match] = relationship(back_populates="card_setup")
    deal_set: Mapped[DealSet | None] = relationship(back_populates="uses", lazy="joined")


class DealtDeal(Model):
    """The cards the app dealt (or the card it turned) for one deal of a match, made once.

    Kept apart from ``Deal`` (what was played): deal n's cards exist before deal n is recorded,
    and stay when a recorded deal is deleted, so it can be recorded again with the same cards.
    """

    __tablename__ = "dealt_deals"
    # One set of cards per deal number: two pages asking at once cannot deal twice.
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1-based, counting every deal of the match, as Deal.number
    dealer: Mapped[int]
    seed: Mapped[int] = mapped_column(BigInteger)
    hands: Mapped[list[list[str]] | None] = mapped_column(JSON)  # per seat, the dummy last; None: turn-up only
    turn_up: Mapped[str | None] = mapped_column(String(8))
    dummy_bid: Mapped[list[str] | None] = mapped_column(JSON)     # two-dummy: its three set-aside cards
    dummy_shown: Mapped[bool] = mapped_column(default=False)      # the scorekeeper turned them up
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    match: Mapped[Match] = relationship(back_populates="dealt")
    links: Mapped[list[HandLink]] = relationship(
        back_populates="dealt", order_by="HandLink.seat", cascade="all, delete-orphan")


class HandLink(Model):
    """A private link to one seat's hand in one deal. The token finds the hand; only the phone
    holding the seat (``SeatHolder``) is shown its cards."""

    __tablename__ = "hand_links"
    __table_args__ = (UniqueConstraint("dealt_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    dealt_id: Mapped[int] = mapped_column(ForeignKey("dealt_deals.id", ondelete="CASCADE"))
    seat: Mapped[int]
    # The three bid cards the player chose to show the scorekeeper (None until then).
    shown_bid: Mapped[list[str] | None] = mapped_column(JSON)
    # No longer written: phones were counted here before a seat was held by one phone
    # (SeatHolder). Kept so that imports.py and old rows need no change.
    devices: Mapped[list[str]] = mapped_column(JSON, default=list)

    dealt: Mapped[DealtDeal] = relationship(back_populates="links")


class SeatHolder(Model):
    """The phone that took a seat of a match where the app deals: the hash of a random token kept
    in that phone's cookie. Another phone is refused until the scorekeeper hands the seat over,
    which empties ``holder_hash`` and records when."""

    __tablename__ = "seat_holders"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    holder_hash: Mapped[str | None] = mapped_column(String(64))
    taken_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    handed_over_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    match: Mapped[Match] = relationship(back_populates="holders")


class DealSet(Model):
    """A set of seeded deals for duplicate play: deal n of every match played from it is the same."""

    __tablename__ = "deal_sets"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The printed sheet shows every hand: its address carries this key and is not guessable.
    key: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    ruleset: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # only those that change the pack (four-*'s trump)
    count: Mapped[int]                                     # deals on the sheet
    seed: Mapped[int] = mapped_column(BigInteger)
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    uses: Mapped[list[MatchCards]] = relationship(back_populates="deal_set", order_by="MatchCards.match_id")

    @property
    def matches(self) -> list[Match]:
        """The matches played from this set, oldest first (a deleted one no longer counts)."""
        return [use.match for use in self.uses if use.match.deleted_at is None]
