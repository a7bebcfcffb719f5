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
    """The phone that took a seat of a match where the app deals: the hash of the match's share of
    the random token kept in that phone's cookie (``seats.py``). Another phone is refused until the
    scorekeeper hands the seat over, which empties ``holder_hash`` and records when. One phone holds
    one seat of a match: the hash is unique within the match, so two takes sent at once from one
    phone cannot both win."""

    __tablename__ = "seat_holders"
    __table_args__ = (UniqueConstraint("match_id", "holder_hash"),)

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    holder_hash: Mapped[str | None] = mapped_column(String(64))
    taken_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    handed_over_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    match: Mapped[Match] = relationship(back_populates="holders")


class DealSet(Model):
    """A set of seeded deals for duplicate play: deal n of every match played from it is the same.

    Its organiser (the phone that made it, by the hash of the token in its cookie, and the site
    manager) runs the night: tables join with the set's table code, or when the organiser admits
    them (``SetTable``)."""

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
    # The organiser's phone: the hash of the token in its cookie (None: a set made before there
    # were organisers, run by the site manager alone).
    organiser_hash: Mapped[str | None] = mapped_column(String(64))
    # What a table types (or its QR code carries) to join the set without waiting to be admitted.
    table_code: Mapped[str] = mapped_column(String(16))
    # The organiser chose to show the table code and its QR code on the director's screen.
    code_on_screen: Mapped[bool] = mapped_column(default=False, server_default="0")
    # Raised by every change of the set's tables (joined, admitted, closed, taken out) and of its
    # screen: with the tables' own versions, the tag the director's screen polls.
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The night's frontier (data/publication.py): how many of the set's deals are published. Only
    # ever raised (``publication.advance``), under the set's lock; every reader reads it.
    published: Mapped[int] = mapped_column(default=0, server_default="0")
    # When the night ended: every deal published, and its matches counted in the statistics and
    # the ratings from then on (None: the night is on, or not begun).
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The set's own key (hex): its deals are derived from its seed keyed with it, so that no other
    # set or match deals them from the same typed seed (None: a set made before, dealt as it was).
    secret: Mapped[str | None] = mapped_column(String(64))

    uses: Mapped[list[MatchCards]] = relationship(back_populates="deal_set", order_by="MatchCards.match_id")
    tables: Mapped[list[SetTable]] = relationship(back_populates="deal_set", order_by="SetTable.number")

    @property
    def match_options(self) -> dict[str, Any]:
        """The options every table of the set plays with: the set's pack options, and a match of
        exactly the set's deals (the sheet's count: after its last deal the table's match is over)."""
        return {**self.options, "match": "deals", "deals": self.count}

    @property
    def matches(self) -> list[Match]:
        """The matches played from this set, oldest first (a deleted one no longer counts)."""
        return [use.match for use in self.uses if use.match.deleted_at is None]


WAITING, OPEN, CLOSED, OUT = "waiting", "open", "closed", "out"
TABLE_STATES = (WAITING, OPEN, CLOSED, OUT)


class SetTable(Model):
    """A match played from a deal set, as a table of the night: its number and where it stands.

    ``waiting``: started without the table code, to be admitted by the organiser (no card is dealt
    to it until then); ``open``: admitted and playing, so the set's results wait for it; ``closed``:
    admitted, its play over for the night (it no longer holds anything back, and records no more
    deals); ``out``: taken out by the organiser (no card, nothing recorded, nothing held back)."""

    __tablename__ = "set_tables"
    __table_args__ = (UniqueConstraint("deal_set_id", "number"),)

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    deal_set_id: Mapped[int] = mapped_column(ForeignKey("deal_sets.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]                                  # Table 1, Table 2, … in the order they came
    state: Mapped[str] = mapped_column(String(8))
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    # A table admitted after deals were published: the organiser, told its phones may have seen
    # them, let it record deals 1 to ``vouched`` all the same (0: none; data/publication.py).
    vouched: Mapped[int] = mapped_column(default=0, server_default="0")

    match: Mapped[Match] = relationship(back_populates="set_table")
    deal_set: Mapped[DealSet] = relationship(back_populates="tables")

    @property
    def admitted(self) -> bool:
        return self.state in (OPEN, CLOSED)
