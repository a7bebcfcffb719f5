"""Who may write: each phone that keeps a match's score (its token's hash), the site passcode's
guesses for its rate limit, and the matches started with a typed seed for theirs (``policy/``)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import DateTime, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorer.web.data.models.base import now_utc
from scorer.web.extensions import Model

if TYPE_CHECKING:  # annotations only: the modules refer to one another's classes by name
    from scorer.web.data.models.matches import Match


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
    # The known-browser token the guess came with, hashed (None: none): a known browser's own
    # guesses are counted from every address together, so a copied cookie gains nothing.
    known_hash: Mapped[str | None] = mapped_column(String(64))


class SeedTry(Model):
    """A match started with a typed seed for the app's shuffle, by the phone's address: how fast one
    phone may start them is limited (``policy/typed_seeds.py``), counted in the database so that every
    app process sharing it counts the same. Rows older than the window go as new ones come in."""

    __tablename__ = "seed_tries"
    __table_args__ = (Index("ix_seed_tries_phone_at", "phone", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    phone: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)


class SiteSession(Model):
    """A browser signed in with the site passcode: the hash of the random token its signed
    session cookie holds beside the passcode's mark (passcode.py). Signing out deletes the row,
    so a copy of the cookie opens nothing any more, from any address."""

    __tablename__ = "site_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, index=True)


class KnownBrowser(Model):
    """A browser that signed in with the site passcode: the hash of the random token its
    known-browser cookie holds, the mark of the passcode it signed in with, and when the row stops
    counting (passcode.py). Such a browser may still try the passcode once strangers from many
    addresses have closed the site-wide limit; a changed passcode or an expired row ends that."""

    __tablename__ = "known_browsers"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    mark: Mapped[str] = mapped_column(String(64))     # passcode.mark() when it signed in
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
