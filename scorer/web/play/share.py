"""The share screen, a second scorekeeper, revoking one, and taking a match over.

- **Share** (``/matches/<id>/share``, one tap from the scoreboard): a QR code and link to watch
  the scoreboard, for everyone; for a scorekeeper also *Keep score too*, a QR code and link
  carrying an invite, and the list of the match's keepers with a Revoke button each.
- **An invite** is signed with the app's secret key (so showing one writes nothing) and names
  the keeper who made it and that keeper's current ``invite_nonce``. It is good for
  ``INVITE_MAX_AGE``, once: accepting it replaces the nonce, and revoking the keeper who made it
  ends it too. Opening it shows a button; the POST makes that phone a keeper.
- **The phone's name**, given on one of the match's pages, also goes to this phone's row on the
  list of scorekeepers (the form posts under ``/matches/<id>/``, where the phone's capability
  cookie for the match is sent; ``site.name_phone`` alone cannot see it).
- **Take over**: the server machine or a passcode holder (access.py) makes this browser a
  keeper of any match, e.g. when every keeper's phone is lost, or a match was imported.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, current_app, flash, g, redirect, render_template, request, url_for
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from scorer.web.data.models import Match, MatchKeeper
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.play.blueprint import bp
from scorer.web.play.screen import local_only, phone_url
from scorer.web.policy import access, capability, device, readers
from scorer.web.presentation import refusal_words, scoreboard
from scorer.web.writes import keepers
from scorer.web.writes.problems import Refused

INVITE_MAX_AGE = 24 * 3600
MAX_INVITE_LENGTH = 400


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="ninety-nine keep score too")


def invite_for(keeper: MatchKeeper) -> str:
    return _signer().dumps({"m": keeper.match_id, "k": keeper.id, "n": keeper.invite_nonce})


def inviter(match: Match, invite: str) -> tuple[MatchKeeper | None, str]:
    """The keeper whose invite this is, and "" ; or None and what is wrong with it."""
    if not invite or len(invite) > MAX_INVITE_LENGTH:
        return None, gettext("This link carries no invite. Ask a scorekeeper for a fresh one (their share screen).")
    try:
        data: Any = _signer().loads(invite, max_age=INVITE_MAX_AGE)
    except SignatureExpired:
        return None, gettext("This invite is more than a day old. Ask a scorekeeper for a fresh one (their share screen).")
    except BadSignature:
        return None, gettext("This invite is not one this server made. Ask a scorekeeper for a fresh one (their share "
                             "screen).")
    if not isinstance(data, dict) or data.get("m") != match.id or not isinstance(data.get("k"), int):
        return None, gettext("This invite is for another match. Ask a scorekeeper of this one for theirs.")
    keeper = db.session.get(MatchKeeper, data["k"])
    if keeper is None or keeper.match_id != match.id or keeper.revoked_at is not None:
        return None, gettext("The scorekeeper who made this invite no longer keeps this match's score.")
    if not isinstance(data.get("n"), str) or not secrets.compare_digest(data["n"], keeper.invite_nonce):
        return None, gettext("This invite was used already, or replaced. Ask a scorekeeper for a fresh one (their share "
                             "screen).")
    return keeper, ""


@bp.get("/matches/<int:match_id>/share")
def share(match_id: int) -> str:
    """Watch (everyone) and Keep score too (scorekeepers), with their QR codes; the keepers."""
    match = readers.match_or_404(match_id)
    me = capability.keeper_of(match)
    # On the server machine itself (127.0.0.1), the codes carry the address phones can open.
    invite = phone_url(url_for("play.join", match_id=match.id, invite=invite_for(me), _external=True)) if me else None
    watch = phone_url(url_for("play.scoreboard", match_id=match.id, _external=True))
    return render_template("play/share.html", match=match, me=me, invite_url=invite, watch_url=watch,
                           local_only=local_only(watch),
                           keepers=match.keepers if me else [], names=scoreboard.seat_names(match),
                           form=EmptyForm(), site_manager=access.is_site_manager(),
                           # this phone's own row says its name as it is now, even if named since it joined
                           device_label=device.device_name() if device.named() else None)


@bp.route("/matches/<int:match_id>/join", methods=["GET", "POST"])
def join(match_id: int) -> str | Response | tuple[str, int]:
    """An invite's page (GET writes nothing) and its button: this phone keeps score too."""
    match = readers.match_or_404(match_id)
    invite = request.values.get("invite", "")
    if access.is_keeper(match):
        flash(gettext("This phone already keeps this match's score."))
        return redirect(url_for("play.scoreboard", match_id=match.id), code=303)
    keeper, problem = inviter(match, invite)
    form = EmptyForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, gettext("This form did not come from this page; this phone was not made a scorekeeper."))
        if keeper is None:
            abort(403, gettext("%(problem)s This phone was not made a scorekeeper.", problem=problem))
        try:
            token = keepers.join(match.id, keeper.id, keeper.invite_nonce, by=device.device_name())
        except Refused as refused:
            abort(403, refusal_words.message(refused))
        response = redirect(url_for("play.scoreboard", match_id=match_id), code=303)
        capability.give(response, match_id, token)
        flash(gettext("This phone keeps score too: it can record, edit and delete deals of this match."))
        return response
    return render_template("play/join.html", match=match, form=form, invite=invite, problem=problem,
                           inviter=keeper, names=scoreboard.seat_names(match)), (200 if keeper else 403)


@bp.post("/matches/<int:match_id>/keepers/<int:keeper_id>/revoke")
def revoke_keeper(match_id: int, keeper_id: int) -> Response:
    """A scorekeeper ends another keeper's rights (or their own) on this match."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; nobody was revoked."))
    mine = capability.keeper_of(match)
    revoked = keepers.revoke(match_id, keeper_id)
    g.pop("scorer_keepers", None)
    if revoked is not None:
        if mine is not None and mine.id == revoked.id:
            flash(gettext("This phone no longer keeps this match's score: it only watches now."))
            return redirect(url_for("play.scoreboard", match_id=match_id), code=303)
        flash(gettext("%(name)s no longer keeps this match's score.", name=revoked.label))
    return redirect(url_for("play.share", match_id=match_id), code=303)


@bp.post("/matches/<int:match_id>/take-over")
def take_over(match_id: int) -> Response:
    """The person running the server makes this browser a scorekeeper (a lost phone)."""
    match = readers.match_or_404(match_id)
    access.require_site_manager()
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; nothing was changed."))
    response = redirect(url_for("play.scoreboard", match_id=match.id), code=303)
    if access.is_keeper(match):
        flash(gettext("This browser already keeps this match's score."))
        return response
    capability.give(response, match_id, keepers.take_over(match_id, by=device.device_name()))
    flash(gettext("You took this match over: this browser keeps its score. Revoke lost phones on the share screen."))
    return response
