"""Recently deleted, as stored: a deleted match (``Match.deleted_at``) is kept ``KEEP_DAYS`` days,
out of every page but *Recently deleted*, then purged (``writes/matches.py``)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorer.web.data.models import Match
from scorer.web.data.refusals import Said, Stated
from scorer.web.extensions import db

KEEP_DAYS = 30


class Deleted(Stated):
    """The match asked for is deleted: it is on *Recently deleted* (404; the screen words it)."""

    status = 404
    heading = Said("page-not-found", heading=True)


def visible_or_404(match_id: int) -> Match:
    """The match, unless there is none (404) or it is deleted (``Deleted``: it is on *Recently deleted*)."""
    match = db.get_or_404(Match, match_id)
    if match.deleted_at is not None:
        raise Deleted("match-in-recently-deleted", days=KEEP_DAYS)
    return match


def deleted_matches() -> list[Match]:
    """The deleted matches not purged yet, newest deletion first."""
    return list(db.session.scalars(select(Match).options(selectinload(Match.seats))
                                   .where(Match.deleted_at.is_not(None)).order_by(Match.deleted_at.desc())))


def rematch_of(match: Match) -> Match | None:
    """The rematch started from ``match``, if there is one still (not deleted, not purged)."""
    if match.rematch_id is None:
        return None
    found = db.session.get(Match, match.rematch_id)
    return found if found is not None and found.deleted_at is None else None
