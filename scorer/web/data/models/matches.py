"""What was played, as rows: players, matches with their seats, and the deals of each match.

Only what people said and did is stored (bids or bid cards, tricks, premiums, the turned card).
Every score is derived by ``scorer.core`` from these rows; the one cached figure, ``finished``,
is rewritten from the core's answer whenever a deal is saved, edited or deleted.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, UniqueConstraint, event, func, select, text
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorer.web.data import names
from scorer.web.data.document_types import Bid, DealDocument, PremiumDocument, deal_document
from scorer.web.data.models.base import name_key, now_utc
from scorer.web.extensions import Model, db

if TYPE_CHECKING:  # annotations only: the modules refer to one another's classes by name
    from scorer.web.data.models.access import MatchKeeper
    from scorer.web.data.models.cards import DealSet, DealtDeal, MatchCards, SeatHolder, SetTable


class Player(Model):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    @classmethod
    def named(cls, name: str) -> Player:
        """The known player with this name (any case), or a new one, inserted now (the caller
        commits): ``all_named`` of one name."""
        return cls.all_named([name])[0]

    @classmethod
    def all_named(cls, wanted: list[str]) -> list[Player]:
        """The known player of each name (any case), or a new one inserted now, in the order given
        (the caller commits), in three statements whatever their number (a table joining a club
        night runs this under the set's lock): the known ones read at once, the new ones inserted
        in one statement in the order of their keys (so that two matches started at once with the
        same new players in other seats wait for each other instead of deadlocking on PostgreSQL,
        each holding a name the other needs), then read.

        Two phones starting matches with the same new name at the same moment both find no
        player: the second one's insert then does nothing (it waits for the first one's commit
        on either database) and it reads the first one's row, instead of failing on the unique
        key (found by `make load`)."""
        tidied = [names.tidy(name) for name in wanted]
        keys = [name_key(name) for name in tidied]
        found = {player.name_key: player for player in db.session.scalars(select(cls).where(cls.name_key.in_(keys)))}
        new = {key: name for key, name in zip(keys, tidied, strict=True) if key not in found}
        if new:
            dialect = db.session.get_bind().dialect.name
            add = (postgresql_insert if dialect == "postgresql" else sqlite_insert)(cls)
            db.session.execute(add.values([{"name": new[key], "name_key": key, "created_at": now_utc()} for key in sorted(new)])
                               .on_conflict_do_nothing(index_elements=["name_key"]))
            found.update((player.name_key, player) for player in db.session.scalars(select(cls).where(cls.name_key.in_(new))))
        return [found[key] for key in keys]


class Match(Model):
    __tablename__ = "matches"
    # The orders the pages read matches in, so that no page sorts the table: history newest first
    # (of one state, or of any), home by state then latest change.
    __table_args__ = (
        Index("ix_matches_created", "created_at", "id"),
        Index("ix_matches_state_created", "finished", "created_at", "id"),
        Index("ix_matches_state", "finished", "updated_at", "id"),
        # Recently deleted, newest first; partial (only deleted rows), so that the lists of live
        # matches keep their own indexes and this one stays as small as the deleted list.
        Index("ix_matches_deleted_at", "deleted_at", sqlite_where=text("deleted_at IS NOT NULL"),
              postgresql_where=text("deleted_at IS NOT NULL")),
        # The ratings' order: finished matches by when they finished (data/ratings.py).
        Index("ix_matches_finished_at", "finished_at", "id", sqlite_where=text("finished_at IS NOT NULL"),
              postgresql_where=text("finished_at IS NOT NULL")),
        # What the ladder leaves out, counted on each visit: the matches left out, and those
        # finished but not confirmed (few, where the site manager confirms them; partial indexes).
        Index("ix_matches_left_out", "ruleset", sqlite_where=text("left_out_at IS NOT NULL"),
              postgresql_where=text("left_out_at IS NOT NULL")),
        Index("ix_matches_unconfirmed", "ruleset",
              sqlite_where=text("finished_at IS NOT NULL AND confirmed_at IS NULL AND left_out_at IS NULL"),
              postgresql_where=text("finished_at IS NOT NULL AND confirmed_at IS NULL AND left_out_at IS NULL")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    # Every option in force, defaults included, so a later change of default never rescores it.
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, onupdate=now_utc)
    # The hash of the scorekeeper's capability, a cookie set on the phone that started the match
    # (capability.py); None for a match started before it existed or imported.
    keeper_hash: Mapped[str | None] = mapped_column(String(64))
    # Raised by one with every change to the match's deals; every write takes the match's lock by
    # raising it first (locking.py), and the forms carry the version they were based on.
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    # What was played, hashed (documents.content_hash): how an import recognises a match already
    # here when its file says nothing of when it was played. Rewritten with the results cache.
    content_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    # When the match was deleted: it is kept, out of every list and statistic, for
    # ``deletion.KEEP_DAYS`` days on the *Recently deleted* page, then purged (writes/matches.py).
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The rematch started from this finished match (writes/matches.rematch): a match has one at
    # most, which every phone on it is shown the way to. A plain id, as ``changes.match_id``: a
    # rematch purged later leaves it pointing at nothing, which counts as no rematch.
    rematch_id: Mapped[int | None] = mapped_column()
    # When the match finished: its place in the ratings' order (with its id), kept while it is
    # deleted so that a restore puts it back where it was; None while it is not over
    # (data/ratings.py). An import brings the file's.
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When the match first finished: a scorekeeper's day of rights is counted from it
    # (policy/access.rights_hold), so that deleting the last deal and finishing again does not
    # start the day again. Never cleared.
    first_finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The site manager's say over the ladder (writes/ratings.py): a match left out counts for
    # nothing; under the rule "only confirmed matches" a finished match counts once confirmed.
    left_out_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # What the scorekeeper's phone last told the server (writes/kept.py): how many deals it holds
    # not sent yet (static/kept-saves.js), and since when; the watchers' boards say so. Only what
    # the phone said: a phone that cannot reach the server cannot say it.
    kept_on_phone: Mapped[int] = mapped_column(default=0, server_default="0")
    kept_reported_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    seats: Mapped[list[MatchSeat]] = relationship(
        back_populates="match", order_by="MatchSeat.seat", cascade="all, delete-orphan")
    deals: Mapped[list[Deal]] = relationship(
        back_populates="match", order_by="Deal.number", cascade="all, delete-orphan")
    # Where the app turns or deals the cards (card_store.py); no row: the table deals a real pack.
    card_setup: Mapped[MatchCards | None] = relationship(
        back_populates="match", cascade="all, delete-orphan", lazy="joined")
    dealt: Mapped[list[DealtDeal]] = relationship(
        back_populates="match", order_by="DealtDeal.number", cascade="all, delete-orphan")
    # Which phone holds each seat's hands (hand_pages.py); a row once a phone took the seat.
    holders: Mapped[list[SeatHolder]] = relationship(
        back_populates="match", order_by="SeatHolder.seat", cascade="all, delete-orphan")
    # Its place in a club night, when played from a deal set (publication.py).
    set_table: Mapped[SetTable | None] = relationship(back_populates="match", cascade="all, delete-orphan")
    # The phones that keep its score (capability.py, access.py), revoked ones included.
    keepers: Mapped[list[MatchKeeper]] = relationship(
        back_populates="match", order_by="MatchKeeper.id", cascade="all, delete-orphan")

    @property
    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    @property
    def cards(self) -> str:
        """Who handles the cards: "table", "turn-up" or "app" (card_store.py)."""
        return self.card_setup.mode if self.card_setup is not None else "table"

    @property
    def seed(self) -> int | None:
        return self.card_setup.seed if self.card_setup is not None else None

    @property
    def deal_set(self) -> DealSet | None:
        return self.card_setup.deal_set if self.card_setup is not None else None

    def deal_count(self) -> int:
        """How many deals the match has, without loading them unless they are loaded already (a
        save checks the number before it takes the lock, which reads the match again)."""
        if "deals" in self.__dict__:
            return len(self.deals)
        return db.session.scalar(select(func.count()).select_from(Deal).where(Deal.match_id == self.id)) or 0

    def touch(self) -> None:
        """Mark the match as changed (a deal's change does not update the match row by itself)."""
        self.updated_at = now_utc()


class MatchSeat(Model):
    __tablename__ = "match_seats"
    # The index by player and date: history filtered by a player reads that player's newest matches
    # in order and stops at a page, however many matches the player has (no sort of them all).
    __table_args__ = (UniqueConstraint("match_id", "player_id"),
                      Index("ix_match_seats_player_created", "player_id", "match_created_at", "match_id"))

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    # A copy of the match's created_at (which never changes), for the index above: set as the seat
    # is written (``_seat_date``), filled by migration 0013, compared by `flask check`.
    match_created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


@event.listens_for(MatchSeat, "before_insert")
def _seat_date(mapper: Any, connection: Any, seat: MatchSeat) -> None:
    """A seat takes its match's date as it is written (the match row is written first, its date
    set by then)."""
    if seat.match is not None and seat.match.created_at is not None:
        seat.match_created_at = seat.match.created_at
    else:
        seat.match_created_at = connection.scalar(select(Match.created_at).where(Match.id == seat.match_id))


class Deal(Model):
    __tablename__ = "deals"
    # One row per deal number: a form sent twice cannot record the same deal twice.
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1-based, counting every deal of the match
    bids: Mapped[list[Bid]] = mapped_column(JSON)       # per seat: int, list of bid cards, or None (hidden)
    tricks: Mapped[list[int]] = mapped_column(JSON)     # per seat
    premiums: Mapped[list[PremiumDocument]] = mapped_column(JSON, default=list)
    turn_up: Mapped[str | None] = mapped_column(String(8))
    trump: Mapped[str | None] = mapped_column(String(10))
    # The trump the deal was played with, as the core gave it when it was saved: an edit of an
    # earlier deal may make the rules give another, and the record shows both. Not part of the
    # match document (what was played is the bids, tricks and cards); None for deals saved before.
    played_trump: Mapped[str | None] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, onupdate=now_utc)

    match: Mapped[Match] = relationship(back_populates="deals")

    def as_json(self) -> DealDocument:
        """This deal as one entry of the match document's ``deals`` (MATCH-FORMAT.md)."""
        return deal_document(self.bids, self.tricks, self.premiums, self.turn_up, self.trump)
