"""Which phone holds a seat: a phone taking a free seat (the first to take it holds it, and a phone
holds one seat of a match), and the
scorekeeper handing a seat over (a lost or wrong phone), which the change history records and
can undo (``writes/undo.py``, under the same match lock)."""

from __future__ import annotations

import enum

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from scorer.core import get_ruleset
from scorer.web.data import live
from scorer.web.data.changes import SEAT
from scorer.web.data.models import Change, Match, SeatHolder, now_utc
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.writes.changes import record
from scorer.web.writes.problems import Refused
from scorer.web.writes.unit import match_write, transaction


class Claim(enum.Enum):
    TAKEN = "taken"              # this phone holds the seat now
    OTHER_PHONE = "other phone"  # another phone got there first
    OWN_SEAT = "own seat"        # this phone holds another seat of the match (one phone, one seat)


def claim(match_id: int, seat: int, digest: str) -> Claim:
    """Make ``digest`` (the hash of the phone's share of its token) the seat's holder if no phone
    holds it and this phone holds no other seat of the match. One statement each way (an INSERT
    of the seat's first holder, or an UPDATE of a handed-over seat that is still free), and the
    holder's hash is unique within the match: two phones taking the seat at once cannot both win,
    nor can one phone taking two seats at once."""
    try:
        with transaction():
            if _holds_another(match_id, digest):
                return Claim.OWN_SEAT
            if db.session.get(SeatHolder, (match_id, seat)) is None:
                db.session.execute(insert(SeatHolder).values(match_id=match_id, seat=seat, holder_hash=digest,
                                                             taken_at=now_utc()))
                live.touch(match_id)  # the scorekeeper's board shows the seat taken
                return Claim.TAKEN
    except IntegrityError:
        pass  # another phone inserted it first (it may have been handed over since), or this phone took a seat
    try:
        with transaction():
            if _holds_another(match_id, digest):
                return Claim.OWN_SEAT
            done = db.session.execute(
                update(SeatHolder).where(SeatHolder.match_id == match_id, SeatHolder.seat == seat,
                                         SeatHolder.holder_hash.is_(None))
                .values(holder_hash=digest, taken_at=now_utc()))
            live.touch(match_id)
            return Claim.TAKEN if getattr(done, "rowcount", 0) == 1 else Claim.OTHER_PHONE
    except IntegrityError:  # this phone's other take won meanwhile
        return Claim.OWN_SEAT


def _holds_another(match_id: int, digest: str) -> bool:
    return db.session.scalar(select(SeatHolder.seat).where(SeatHolder.match_id == match_id,
                                                          SeatHolder.holder_hash == digest)) is not None


def hand_over(match_id: int, seat: int, by: str) -> None:
    """Free a seat that a phone holds (under the match's lock, as the undo of it is): the next phone
    to take it holds it. Recorded in the change history; ``Refused`` if no phone holds it."""
    with match_write(match_id, heading("no-seat-handed-over"), bump=False) as locked:
        holder = db.session.get(SeatHolder, (match_id, seat))
        if holder is None or holder.holder_hash is None or seat >= get_ruleset(locked.match.ruleset).seats:
            raise Refused("seat-not-held")
        set_holder(locked.match, seat, None, by)


def set_holder(match: Match, seat: int, holder_hash: str | None, by: str, undoes: int | None = None) -> Change:
    """Make ``holder_hash`` the holder of the seat of ``match`` (held under its lock; None: free,
    for the next phone to take it), recorded in the change history (``undoes``: the hand-over an
    undo takes back); every board follows. ``Refused`` if that phone holds another seat of the match
    now (one phone, one seat). The caller commits."""
    if holder_hash is not None and _holds_another(match.id, holder_hash):
        raise Refused("holds-another-seat")
    holder = db.session.get_one(SeatHolder, (match.id, seat))
    change = record(SEAT, match.id, by, seat, before={"holder": holder.holder_hash}, after={"holder": holder_hash},
                    undoes=undoes)
    holder.holder_hash = holder_hash
    if holder_hash is None:
        holder.handed_over_at = now_utc()
    live.touch(match.id)  # every board says the seat was handed over, or taken again
    return change
