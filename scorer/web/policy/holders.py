"""Which phone holds a seat of a match the app deals, as seen from the phone making the request.

A phone opening a seat's link is given a random token of its own (``PHONE_COOKIE``: HttpOnly,
SameSite=Lax), before it can tap "take the seat": the page that offers the tap sets it, and the
tap (a POST) needs it. What a seat stores is the hash of the match's share of that token
(``holder_digest``), unique within the match: a phone holds one seat of a match, and two takes
sent at once from one phone carry one token, so the second is refused by the database whatever
the timing. The same token tells a match's pages that this phone holds one of its seats: the
table's own players see their own table's results (``policy/publication.py``).

Seats taken before the phone's token existed were held by a token per seat in a cookie of its
own (``seat_cookie``, on the hand pages only): that phone still holds its seat.
"""

from __future__ import annotations

import enum
import secrets

from flask import request
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorer.web.data.models import SeatHolder
from scorer.web.extensions import db
from scorer.web.policy import capability

PHONE_COOKIE = "ninety-nine-phone"
MAX_TOKEN = 128  # what is made is 43 characters; anything far longer is no token of ours
MAX_AGE = capability.MAX_AGE  # a seat is held as long as a match is kept


class Held(enum.Enum):
    FREE = "free"      # no phone holds the seat: the next to take it will
    MINE = "mine"      # this phone holds it
    OTHER = "other"    # another phone holds it


def seat_cookie(match_id: int, seat: int) -> str:
    """The cookie of a seat taken before phones had a token of their own."""
    return f"ninety-nine-seat-{match_id}-{seat}"


def phone_token() -> str | None:
    """This phone's own token, if it has one that could be one."""
    token = request.cookies.get(PHONE_COOKIE)
    return token if token and len(token) <= MAX_TOKEN else None


def give_phone_token(response: Response) -> None:
    """A phone that may take a seat is given its token first (a page that offers the tap)."""
    if phone_token() is None:
        response.set_cookie(PHONE_COOKIE, secrets.token_urlsafe(32), max_age=MAX_AGE, path="/",
                            httponly=True, samesite="Lax", secure=request.is_secure)


def holder_digest(match_id: int, token: str) -> str:
    """What a seat stores of the phone holding it: a hash of the token with the match's id, so the
    same phone is one holder per match and nothing links its seats across matches."""
    return capability.digest(f"seat:{match_id}:{token}")


def holder_of(match_id: int, seat: int) -> SeatHolder | None:
    return db.session.get(SeatHolder, (match_id, seat))


def state(match_id: int, seat: int) -> Held:
    """Who holds the seat, as seen from the phone making this request."""
    holder = holder_of(match_id, seat)
    if holder is None or holder.holder_hash is None:
        return Held.FREE
    return Held.MINE if _mine(match_id, seat, holder.holder_hash) else Held.OTHER


def _mine(match_id: int, seat: int, stored: str) -> bool:
    token = phone_token()
    if token is not None and secrets.compare_digest(holder_digest(match_id, token), stored):
        return True
    old = request.cookies.get(seat_cookie(match_id, seat))
    return bool(old and len(old) <= 128 and secrets.compare_digest(capability.digest(old), stored))


def holds_a_seat(match_id: int) -> bool:
    """Whether this phone holds one of the match's seats (by its own token: one indexed lookup)."""
    token = phone_token()
    if token is None:
        return False
    return db.session.scalar(select(SeatHolder.seat).where(
        SeatHolder.match_id == match_id, SeatHolder.holder_hash == holder_digest(match_id, token))) is not None
