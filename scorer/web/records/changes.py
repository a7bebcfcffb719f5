"""The history of changes of a match, newest first, in a player's words, with an Undo beside each
change this phone may take back; the page that says what an undo will change before it is done;
and the Undo itself (one write, ``writes/undo.py``).

What is kept, and how an undo decides, is told in ``data/history.py`` and ``writes/undo.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorer.web.data.history import DEAL, MATCH, RENAME, belongs, changes_of, current_state
from scorer.web.data.models import Change, Match
from scorer.web.extensions import db
from scorer.web.fields import VersionForm, sent_version
from scorer.web.policy import access, device, readers
from scorer.web.presentation.change_words import describe
from scorer.web.presentation.scoreboard import seat_names
from scorer.web.writes import undo as undo_write
from scorer.web.writes.problems import WriteProblem

bp = Blueprint("changes", __name__)


def deletes_match(change: Change) -> bool:
    """Whether undoing ``change`` deletes its match (it undoes a restore)."""
    return change.kind == MATCH and bool(change.before.get("deleted"))


def allowed(change: Change, keeper: bool, manager: bool) -> bool:
    """Who may undo ``change``: whoever may do what the undo does. A rename touches every match (the
    site manager's); an undo that restores a match is a restore (a keeper's or the site manager's);
    one that deletes it is a deletion, and the rest change the match's deals or seats (a keeper's)."""
    if change.kind == RENAME:
        return manager
    if change.kind == MATCH and not deletes_match(change):
        return keeper or manager
    return keeper


def may_undo(match: Match, change: Change, keeper: bool, manager: bool) -> bool:
    """Whether to offer an Undo: this phone may, and the thing is still as the change left it
    (the POST checks again, under the lock, and says why when it refuses)."""
    if not allowed(change, keeper, manager) or (change.kind != MATCH and match.deleted_at is not None):
        return False
    if change.kind == DEAL and change.before is None and (change.deal or 0) < len(match.deals):
        return False  # a deal with others after it cannot be taken away (the POST would say so)
    return bool(current_state(match, change) == change.after)


@dataclass(frozen=True)
class Line:
    change: Change
    words: str
    undone_by: int | None   # the id of the change that undid this one
    may_undo: bool


@bp.get("/matches/<int:match_id>/changes")
def history(match_id: int) -> str:
    """Every change to the match, newest first: when, which phone, what; an Undo beside each for
    a scorekeeper."""
    match = readers.as_seen(db.get_or_404(Match, match_id))
    names = seat_names(match)
    found = changes_of(match)
    undone = {change.undoes: change.id for change in found if change.undoes is not None}
    keeper, manager = access.is_keeper(match), access.is_site_manager()
    lines = [Line(change, describe(change, names), undone.get(change.id), may_undo(match, change, keeper, manager))
             for change in found]
    return render_template("records/changes.html", match=match, lines=lines)


def undoable(match_id: int, change_id: int) -> tuple[Match, Change]:
    """The match and its change, if this phone may undo it (404, 403 otherwise): whoever may do
    what the undo does (``allowed``)."""
    match = db.get_or_404(Match, match_id)
    change = db.get_or_404(Change, change_id)
    if not belongs(change, match):
        abort(404, "That change is not in this match's history.")
    if change.kind == RENAME:
        access.require_site_manager()
    elif change.kind == MATCH and not deletes_match(change):
        access.require_keeper_or_site_manager(match)
    else:
        access.require_keeper(match)
    return match, change


@bp.get("/matches/<int:match_id>/changes/<int:change_id>/undo")
def confirm(match_id: int, change_id: int) -> str | tuple[str, int]:
    """What the undo will change, before it is done (it writes nothing), with the button that does it."""
    match, change = undoable(match_id, change_id)
    words = describe(change, seat_names(match))
    try:
        shown = undo_write.preview(match, change)
    except WriteProblem as problem:
        return render_template("error.html", match=match, title=problem.title, message=problem.message), problem.status
    return render_template("confirm.html", match=match, title="Undo this change?", lead=f"{words}.", message=shown.does,
                           details=shown.details, confirm="Undo it", confirm_class="btn-primary",
                           back=url_for("changes.history", match_id=match.id), back_label="Leave it as it is",
                           form=VersionForm(version=str(shown.version)))


@bp.post("/matches/<int:match_id>/changes/<int:change_id>/undo")
def undo(match_id: int, change_id: int) -> Response | tuple[str, int]:
    """Undo one change, under the match's lock; the undo is a change of its own. A confirmation
    carries the match's version it was shown at: if the match changed since, nothing is undone."""
    match, change = undoable(match_id, change_id)
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400, "This form did not come from this page; nothing was undone. Reload the page and try again.")
    words = describe(change, seat_names(match))
    try:
        undo_write.undo(match_id, change_id, by=device.device_name(), seen=sent_version(form.version))
    except WriteProblem as problem:
        if problem.status == 409 and request.form.get("version"):  # out of date or refused: look again
            flash(problem.message)
            return redirect(url_for("changes.confirm", match_id=match_id, change_id=change_id), code=303)
        return render_template("error.html", match=match, title=problem.title, message=problem.message), problem.status
    flash(f"Undone: {words}.")
    return redirect(url_for("changes.history", match_id=match_id), code=303)
