"""Which phone holds each seat of a match the app deals, and the scorekeeper's hand-over.

A seat's link (a QR code on the scorekeeper's screen) opens a page with no card on it until the
phone takes the seat with a tap (a POST: opening a page never writes). The first phone to take
it holds it: a random token in that phone's cookie (HttpOnly, SameSite=Lax), its hash stored in
``SeatHolder``. Every later hand of that seat opens on that phone only; any other phone is
refused, whichever deal's link it has, until the scorekeeper hands the seat over, which the
scoreboard then says to everyone, with the time.
"""

from __future__ import annotations

import enum
import secrets

from flask import Blueprint, abort, flash, redirect, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorer.web.data.models import HandLink, Match, SeatHolder
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.policy import access, capability, device
from scorer.web.presentation import scoreboard
from scorer.web.writes import seats

bp = Blueprint("seats", __name__)

MAX_AGE = capability.MAX_AGE  # a seat is held as long as the match is kept
COOKIE_PATH = "/hand"  # hand pages only: the token never travels with any other request


class Held(enum.Enum):
    FREE = "free"      # no phone holds the seat: the next to take it will
    MINE = "mine"      # this phone holds it
    OTHER = "other"    # another phone holds it


def cookie_name(match_id: int, seat: int) -> str:
    return f"ninety-nine-seat-{match_id}-{seat}"


def holder_of(match_id: int, seat: int) -> SeatHolder | None:
    return db.session.get(SeatHolder, (match_id, seat))


def state(match_id: int, seat: int) -> Held:
    """Who holds the seat, as seen from the phone making this request."""
    holder = holder_of(match_id, seat)
    if holder is None or holder.holder_hash is None:
        return Held.FREE
    token = request.cookies.get(cookie_name(match_id, seat))
    if token and len(token) <= 128 and secrets.compare_digest(capability.digest(token), holder.holder_hash):
        return Held.MINE
    return Held.OTHER


@bp.post("/hand/<token>/take")
def take(token: str) -> Response:
    """Take this link's seat on this phone: the first phone to do so holds it."""
    link = db.session.scalar(select(HandLink).where(HandLink.token == token))
    if link is None or link.dealt.match.deleted_at is not None:
        abort(404, "There is no hand at this address. Scan the code on the scorekeeper's screen again.")
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; the seat was not taken. Reload the page and try again.")
    match_id, seat = link.dealt.match_id, link.seat
    back = redirect(url_for("hand_pages.show", token=token), code=303)
    held = state(match_id, seat)
    if held is Held.MINE:
        return back
    names = scoreboard.seat_names(link.dealt.match)
    name = names[seat]
    mine = [other for other in range(len(link.dealt.links)) if other != seat and state(match_id, other) is Held.MINE]
    if mine:  # one phone, one seat: a phone holding two would see two hands
        abort(409, f"This phone already holds {names[mine[0]]}’s seat, and a phone holds one seat only; "
                   f"{name}’s seat was not taken. Open {name}’s link on {name}’s own phone.")
    secret = secrets.token_urlsafe(32)
    if held is Held.OTHER or not seats.claim(match_id, seat, capability.digest(secret)):
        abort(403, f"{name}’s seat is held by another phone. If that phone is not {name}’s, "
                   "ask the scorekeeper to hand the seat over (on the scoreboard).")
    back.set_cookie(cookie_name(match_id, seat), secret, max_age=MAX_AGE, path=COOKIE_PATH,
                    httponly=True, samesite="Lax", secure=request.is_secure)
    flash(f"This phone now holds {name}’s seat: your hands open here, and on no other phone.")
    return back


@bp.post("/matches/<int:match_id>/seats/<int:seat>/hand-over")
def hand_over(match_id: int, seat: int) -> Response:
    """The scorekeeper frees a seat (a lost or wrong phone): the next phone to take it holds it."""
    match = db.get_or_404(Match, match_id)
    access.require_keeper(match)
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; no seat was handed over.")
    names = scoreboard.seat_names(match)
    seats.hand_over(match_id, seat, by=device.device_name())
    flash(f"{names[seat]}’s seat is free: the next phone to open one of its links and take it holds it.")
    return redirect(url_for("matches.show", match_id=match_id, _anchor="hands"), code=303)
