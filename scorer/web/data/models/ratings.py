"""The ratings cache (``data/ratings.py``): every player's rating after each finished match, folded
in the order the matches were played, per kind of game. Derived from the results cache alone:
``flask stats rebuild`` makes it again, ``flask check`` compares it with a fold from scratch."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Double, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from scorer.web.extensions import Model


class RatingStep(Model):
    """One player's rating before and after one rated match (``ratings_fold.Step``)."""

    __tablename__ = "rating_steps"
    __table_args__ = (
        Index("ix_rating_steps_order", "kind", "played_at", "match_id"),
        Index("ix_rating_steps_player", "player_id", "kind", "played_at", "match_id"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # the match's, as in match_results
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    played: Mapped[int]               # rated matches of this kind the player has played, this one included


class PlayerRating(Model):
    """A player's rating as it stands in one kind of game: their last ``RatingStep``, kept apart
    so that the ladder reads one row a player however many matches were played."""

    __tablename__ = "player_ratings"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    match_id: Mapped[int]             # the last rated match, and when it was played
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    played: Mapped[int]


class RatingState(Model):
    """Per kind of game, where the stored ratings stop being right: a write that changes a rated
    match (or makes one) sets ``stale_at``/``stale_id`` to that match's place in the order, in its
    own transaction; ``ratings.catch_up`` folds again from there after the write and clears them.
    ``version`` counts both, so a catch-up that raced a later change writes nothing."""

    __tablename__ = "rating_state"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    stale_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    stale_id: Mapped[int | None]
    version: Mapped[int] = mapped_column(default=0)
