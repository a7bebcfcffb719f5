"""Moving a club night's frontier, in the transaction of the write that can move it.

Every write that changes what the frontier is worked out from (a deal saved, edited, deleted or
undone at a table of a set, a table admitted, closed, opened again or taken out, a table's match
deleted or restored) ends with ``follow``: under the set's lock, the stored frontier moves forward
to where the tables stand (``publication.advance``; never back), and the set's version (the
director's screen's) is raised when it moved; every table's live tag carries the frontier itself
(``live.night_mark``). When the night ends, its matches enter
the statistics and the ratings (``release``): until then they were left out of both
(``publication.counts_yet``), so that no sum tells a deal the night has not published.
"""

from __future__ import annotations

from sqlalchemy import select

from scorer.web.data import locking, publication, ratings
from scorer.web.data.models import Match, MatchCards, now_utc
from scorer.web.data.results import update_summaries
from scorer.web.extensions import db


def follow(set_id: int, changed: bool = False) -> bool:
    """Move the set's frontier as far as its tables now allow; ``changed``: the write changed the
    set's tables themselves (their states, a table deleted or restored), so the set's version is
    raised whether or not the frontier moved. Returns whether the frontier moved. The caller has
    written (and flushed) its change and commits."""
    locking.hold_set(set_id)
    was_ended = publication.ended(locking.held_set(set_id))
    moved = publication.advance(set_id)
    if moved or changed:
        locking.lock_set(set_id)
    if moved and not was_ended and publication.ended(locking.held_set(set_id)):
        db.session.flush()  # the night's end, which the summaries' reads now see
        release(set_id)
    return moved


def release(set_id: int) -> None:
    """The night has ended: its matches (not deleted) enter their players' statistics, and those
    over take their places in the ratings, at the time each finished."""
    matches = db.session.scalars(select(Match).join(MatchCards, MatchCards.match_id == Match.id)
                                 .where(MatchCards.deal_set_id == set_id, Match.deleted_at.is_(None))
                                 .order_by(Match.id)).all()
    for match in matches:
        update_summaries(match)
        if match.finished:
            ratings.take_in(match)


def end(set_id: int) -> None:
    """The organiser ends the night, in the caller's write (which holds the matches of the set's
    open tables under their locks): every deal is published, and the matches count from now on."""
    deal_set = locking.hold_set(set_id)
    if publication.ended(deal_set):
        return
    locking.lock_set(set_id)
    deal_set.published, deal_set.ended_at = deal_set.count, now_utc()
    db.session.flush()
    release(set_id)
