"""What was played, as rows: players, matches with their seats, and the deals of each match.

Only what people said and did is stored (bids or bid cards, tricks, premiums, the turned card).
Every score is derived by ``scorer.core`` from these rows; the one cached figure, ``finished``,
is rewritten from the core's answer whenever a deal is saved, edited or deleted.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Date, DateTime, ForeignKey, Index, String, UniqueConstraint, event, func, select, text
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorer.web.data import names
from scorer.web.data.document_types import Bid, DealDocument, PremiumDocument, deal_document
from scorer.web.extensions import Model, db


def now_utc() -> datetime:
    return datetime.now(UTC)


def name_key(name: str) -> str:
    """The form of a name that must be unique: case, spaces and Unicode's ways of writing the same
    letter do not count (names.py)."""
    return names.key(name)


class Player(Model):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    @classmethod
    def named(cls, name: str) -> Player:
        """The known player with this name (any case), or a new one, inserted now (the caller commits).

        Two phones starting matches with the same new name at the same moment both find no
        player: the second one's insert then does nothing (it waits for the first one's commit
        on either database) and it reads the first one's row, instead of failing on the unique
        key (found by `make load`)."""
        name = names.tidy(name)
        key = name_key(name)
        player = db.session.scalar(select(cls).where(cls.name_key == key))
        if player is None:
            dialect = db.session.get_bind().dialect.name
            add = (postgresql_insert if dialect == "postgresql" else sqlite_insert)(cls)
            db.session.execute(add.values(name=name, name_key=key, created_at=now_utc())
                               .on_conflict_do_nothing(index_elements=["name_key"]))
            player = db.session.scalars(select(cls).where(cls.name_key == key)).one()
        return player

    @classmethod
    def all_named(cls, wanted: list[str]) -> list[Player]:
        """``named`` for each name, in the order given; new ones are inserted in the order of their
        keys, so that two matches started at once with the same new players in other seats wait
        for each other instead of deadlocking on PostgreSQL (each holding a name the other needs)."""
        found = {name_key(name): cls.named(name) for name in sorted(wanted, key=name_key)}
        return [found[name_key(name)] for name in wanted]


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


# ---------------------------------------------------------------------------- results cache
# Written by ``results.refresh`` from the core's score of the whole match, in the same transaction
# as every deal saved, edited or deleted and every match imported; never edited on its own. The
# statistics pages aggregate these rows with SQL instead of scoring every match on every visit.
# ``ruleset`` and ``played_at`` are copied from the match so that filters need no join.


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

    Written by ``summaries.follow`` from the results cache above, in the same transaction as
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


# ---------------------------------------------------------------------------- dealt cards (card_store.py)


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


class MatchKeeper(Model):
    """A phone that keeps a match's score: the hash of the token in that phone's cookie
    (capability.py). The phone that started the match is the first; a "Keep score too" invite or a
    take-over adds one. Revoking keeps the row (the share screen lists it) and ends its rights."""

    __tablename__ = "match_keepers"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(60))   # the phone's name when it was made a keeper
    # Part of this keeper's "Keep score too" invite (share.py): replaced when the invite is used,
    # so each invite makes one more keeper at most.
    invite_nonce: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    match: Mapped[Match] = relationship(back_populates="keepers")


class SignInAttempt(Model):
    """A wrong site passcode, by client address: the sign-in's rate limit counts these rows, so
    that every app process sharing the database counts the same failures (passcode.py)."""

    __tablename__ = "sign_in_attempts"
    __table_args__ = (Index("ix_sign_in_attempts_address_at", "address", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)


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


# ---------------------------------------------------------------------------- change history (records/changes.py)


class Change(Model):
    """One change to what was played, as it happened: append-only, never updated nor deleted by
    the app. ``before`` and ``after`` are the state of the thing changed (a deal's document, a
    player's name, a seat's holder, whether the match is deleted); None where it did not exist.
    An undo is a change too, from the undone one's ``after`` back to its ``before``.

    ``match_id`` is a plain column, not a foreign key: the history outlives a purged match. It is
    None for a change that belongs to no one match (a player renamed everywhere).
    """

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int | None] = mapped_column(index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    device: Mapped[str] = mapped_column(String(30))
    kind: Mapped[str] = mapped_column(String(16))   # "deal", "rename", "seat" or "match" (changes.KINDS)
    deal: Mapped[int | None]                        # the deal's number, or the seat's for "seat"
    before: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    after: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    undoes: Mapped[int | None] = mapped_column(ForeignKey("changes.id"))
