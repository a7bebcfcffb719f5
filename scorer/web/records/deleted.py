"""Recently deleted: a deleted match is kept for ``KEEP_DAYS`` days, out of the home page, the
history, the statistics and the exports, and can be restored whole from here, statistics
included; after that it is purged for good.

Deleting sets ``Match.deleted_at`` and takes the match's rows out of the results cache
(``results.forget``); restoring clears it and writes them again (``results.refresh``), both under
the match's lock and recorded in the change history. ``purge`` runs in the POST of a deletion
and in the backup step (backups.py), never in a GET.
"""

from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response

from scorer.web import clock
from scorer.web.data import locking, results
from scorer.web.data.models import Change, Match
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.policy import access
from scorer.web.records import changes

bp = Blueprint("deleted", __name__)

KEEP_DAYS = 30


def visible_or_404(match_id: int) -> Match:
    """The match, unless there is none or it is deleted (then it is on *Recently deleted*)."""
    match = db.get_or_404(Match, match_id)
    if match.deleted_at is not None:
        abort(404, "This match was deleted. It can be restored from Recently deleted for "
                   f"{KEEP_DAYS} days after its deletion.")
    return match


def delete_match(match: Match, undoes: int | None = None) -> Change:
    """Delete ``match`` (held under its lock) into *Recently deleted*; the caller commits."""
    match.deleted_at = clock.now()
    results.forget(match.id)
    return changes.record(changes.MATCH, match.id, before={"deleted": False}, after={"deleted": True}, undoes=undoes)


def restore_match(match: Match, undoes: int | None = None) -> Change:
    """Bring a deleted match back whole (held under its lock), its statistics written again."""
    match.deleted_at = None
    results.refresh(match)
    return changes.record(changes.MATCH, match.id, before={"deleted": True}, after={"deleted": False}, undoes=undoes)


def purge() -> int:
    """Delete for good the matches deleted more than ``KEEP_DAYS`` days ago, each under its lock,
    one transaction each; returns how many. Their change history stays."""
    cutoff = clock.now() - timedelta(days=KEEP_DAYS)
    gone = 0
    for match_id in db.session.scalars(select(Match.id).where(Match.deleted_at < cutoff)).all():
        if locking.lock_match(match_id, bump=False, deleted=True) is None:
            continue
        match = db.session.get_one(Match, match_id)
        if match.deleted_at is not None and results.as_utc(match.deleted_at) < cutoff:  # not restored meanwhile
            db.session.delete(match)
            gone += 1
        db.session.commit()
    return gone


def deleted_matches() -> list[Match]:
    return list(db.session.scalars(select(Match).options(selectinload(Match.seats))
                                   .where(Match.deleted_at.is_not(None)).order_by(Match.deleted_at.desc())))


@bp.get("/deleted")
def index() -> str:
    """The matches deleted in the last ``KEEP_DAYS`` days, newest deletion first, each with Restore."""
    found = deleted_matches()
    until = {match.id: clock.local(match.deleted_at) + timedelta(days=KEEP_DAYS) for match in found
             if match.deleted_at is not None}
    return render_template("records/deleted.html", matches=found, until=until, form=EmptyForm(),
                           keep_days=KEEP_DAYS)


@bp.post("/matches/<int:match_id>/restore")
def restore(match_id: int) -> Response:
    """Bring a deleted match back (a scorekeeper of that match, or the person running the server)."""
    match = db.get_or_404(Match, match_id)
    access.require_keeper_or_site_manager(match)  # before the form is read: nothing written otherwise
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; nothing was restored. Reload the page and try again.")
    try:
        if locking.lock_match(match_id, deleted=True) is None:
            abort(404, "This match is gone for good.")
        match = db.session.get_one(Match, match_id)
        if match.deleted_at is None:
            db.session.rollback()
            flash("The match was restored already.")
        else:
            restore_match(match)
            db.session.commit()
            flash("The match is back, with its statistics.")
    except OperationalError:
        db.session.rollback()
        abort(503, "Nothing was restored: the scorer was busy with another change. Please try again.")
    return redirect(url_for("matches.show", match_id=match_id), code=303)
