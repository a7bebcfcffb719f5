"""Which phone holds each seat of a match the app deals, and the scorekeeper's hand-over.

A seat's link (a QR code on the scorekeeper's screen) opens a page with no card on it until the
phone takes the seat with a tap (a POST: opening a page never writes). The first phone to take
it holds it: the phone's own random token (``policy/holders.py``: HttpOnly, SameSite=Lax), a hash
of it stored in ``SeatHolder``. Every later hand of that seat opens on that phone only; any other
phone is refused, whichever deal's link it has, until the scorekeeper hands the seat over, which
the scoreboard then says to everyone, with the time. A phone holds one seat of a match.
"""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorer.web.cards.blueprint import bp
from scorer.web.data.models import HandLink
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.policy import access, device, holders, readers
from scorer.web.policy.holders import Held
from scorer.web.presentation import scoreboard
from scorer.web.writes import seats


@bp.post("/hand/<token>/take")
def take_seat(token: str) -> Response:
    """Take this link's seat on this phone: the first phone to do so holds it, and a phone holds
    one seat of a match."""
    link = db.session.scalar(select(HandLink).where(HandLink.token == token))
    if link is None or link.dealt.match.deleted_at is not None:
        abort(404, gettext("There is no hand at this address. Scan the code on the scorekeeper's screen again."))
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; the seat was not taken. Reload the page and try again."))
    match_id, seat = link.dealt.match_id, link.seat
    back = redirect(url_for("cards.hand", token=token), code=303)
    held = holders.state(match_id, seat)
    if held is Held.MINE:
        return back
    names = scoreboard.seat_names(link.dealt.match)
    name = names[seat]
    if held is Held.OTHER:
        abort(403, held_by_another(name))
    phone = holders.phone_token()
    if phone is None:  # the page that offers the tap gives the phone its token: this one has none
        abort(400, gettext("This phone did not open the page of %(name)s’s seat first, so the seat was not taken. "
                           "Open the link again, then tap to take the seat.", name=name))
    mine = [other for other in range(len(link.dealt.links)) if other != seat and holders.state(match_id, other) is Held.MINE]
    claimed = seats.claim(match_id, seat, holders.holder_digest(match_id, phone)) if not mine else None
    if mine or claimed is seats.Claim.OWN_SEAT:  # one phone, one seat: a phone holding two would see two hands
        abort(409, gettext("This phone already holds %(other)s’s seat, and a phone holds one seat only; %(name)s’s seat "
                           "was not taken. Open %(name)s’s link on %(name)s’s own phone.", other=names[mine[0]], name=name)
              if mine else
              gettext("This phone already holds another seat of this match, and a phone holds one seat only; "
                      "%(name)s’s seat was not taken. Open %(name)s’s link on %(name)s’s own phone.", name=name))
    if claimed is not seats.Claim.TAKEN:
        abort(403, held_by_another(name))
    flash(gettext("This phone now holds %(name)s’s seat: your hands open here, and on no other phone.", name=name))
    return back


@bp.post("/matches/<int:match_id>/seats/<int:seat>/hand-over")
def hand_over(match_id: int, seat: int) -> Response:
    """The scorekeeper frees a seat (a lost or wrong phone): the next phone to take it holds it."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; no seat was handed over."))
    names = scoreboard.seat_names(match)
    seats.hand_over(match_id, seat, by=device.device_name())
    flash(gettext("%(name)s’s seat is free: the next phone to open one of its links and take it holds it.",
                  name=names[seat]))
    return redirect(url_for("play.scoreboard", match_id=match_id, _anchor="hands"), code=303)


def held_by_another(name: str) -> str:
    return gettext("%(name)s’s seat is held by another phone. If that phone is not %(name)s’s, ask the scorekeeper to "
                   "hand the seat over (on the scoreboard).", name=name)
