"""The ratings cache (``data/ratings.py``): every player's rating after each rated match, folded
in the order the matches finished, per kind of game, and the site's rule for what the ladder
counts. Derived from the results cache and the matches' rating marks alone: ``flask stats
rebuild`` makes it again, ``flask check`` compares it with a fold from scratch."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Double, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from scorer.web.extensions import Model


class RatingStep(Model):
    """One player's rating before and after one rated match (``ratings_fold.Step``)."""

    __tablename__ = "rating_steps"
    __table_args__ = (
        Index("ix_rating_steps_order", "kind", "rated_at", "match_id"),
        Index("ix_rating_steps_player", "player_id", "kind", "rated_at", "match_id"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # when the match finished: its place
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
    match_id: Mapped[int]             # the last rated match, and when it finished
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    played: Mapped[int]


class RatingState(Model):
    """Per kind of game, where the stored ratings stop being right, and who is folding them again.

    A write that changes a rated match far back sets ``stale_at``/``stale_id`` to that match's
    place in the order (the earliest such place wins), in its own transaction. A catch-up claims
    the kind (``claimed_by`` until ``claimed_until``: one process at a time, on any number of
    processes sharing the database), moves the mark into ``folding_at``/``folding_id`` and folds
    from there; a mark made meanwhile lands in ``stale_*`` again, for the next fold. The fold's
    store clears ``folding_*`` and the claim. A process that dies mid-fold leaves both: the next
    catch-up, once the claim has lapsed, folds from the earlier of the two. ``version`` counts
    every change of the kind's ratings (a mark, an append, a store): the ratings pages' live tag."""

    __tablename__ = "rating_state"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    stale_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    stale_id: Mapped[int | None]
    folding_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    folding_id: Mapped[int | None]
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(default=0)


class SiteSetting(Model):
    """One setting of the site that its manager chooses on a page (not in the server's
    configuration): today, what the ratings' ladder counts (``ratings.LADDER_RULE``)."""

    __tablename__ = "site_settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
