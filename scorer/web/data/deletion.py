"""Recently deleted, as stored: a deleted match (``Match.deleted_at``) is kept ``KEEP_DAYS`` days,
out of every page but *Recently deleted*, then purged (``writes/matches.py``)."""

from __future__ import annotations

from flask import abort
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.language import gettext

KEEP_DAYS = 30


def visible_or_404(match_id: int) -> Match:
    """The match, unless there is none or it is deleted (then it is on *Recently deleted*)."""
    match = db.get_or_404(Match, match_id)
    if match.deleted_at is not None:
        abort(404, gettext("This match was deleted. It can be restored from Recently deleted for %(days)s days after "
                           "its deletion.", days=KEEP_DAYS))
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
