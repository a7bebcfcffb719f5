"""The history of changes of a match, newest first, in a player's words, with an Undo beside each
change this phone may take back; the page that says what an undo will change before it is done;
and the Undo itself (one write, ``writes/undo.py``). An undo ends where it started: the
scoreboard its saved message was on, or the history of changes (``back_to``).

What is kept, and how an undo decides, is told in ``data/changes.py`` and ``writes/undo.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response
from wtforms import HiddenField

from scorer.web.data import save_keys
from scorer.web.data.changes import belongs, changes_of
from scorer.web.data.models import Change, Match
from scorer.web.extensions import db
from scorer.web.fields import VersionForm, sent_version
from scorer.web.language import gettext
from scorer.web.policy import access, device, readers, security
from scorer.web.presentation import problem_words, refusal_words
from scorer.web.presentation.change_words import describe, later_first, undo_words
from scorer.web.presentation.preview import diff_words
from scorer.web.presentation.scoreboard import seat_names
from scorer.web.records.blueprint import bp
from scorer.web.writes import undo as undo_write
from scorer.web.writes.problems import WriteProblem
from scorer.web.writes.undo import BreaksRule, LaterChangeFirst


def may_undo(match: Match, change: Change) -> bool:
    """Whether to offer an Undo: this phone may (``access.may_undo``), and the write would take it
    (``writes.undo.offered``; the POST checks again, under the lock, and says why when it refuses)."""
    return access.may_undo(match, change) and undo_write.offered(match, change)


@dataclass(frozen=True)
class Line:
    change: Change
    words: str
    undone_by: int | None   # the id of the change that undid this one
    may_undo: bool


@bp.get("/matches/<int:match_id>/changes")
def changes(match_id: int) -> str:
    """Every change to the match, newest first: when, which phone, what; an Undo beside each for
    a scorekeeper."""
    match = readers.deleted_or_404(match_id)
    names = seat_names(match)
    found = changes_of(match)
    undone = {change.undoes: change.id for change in found if change.undoes is not None}
    lines = [Line(change, describe(change, names), undone.get(change.id), may_undo(match, change)) for change in found]
    return render_template("records/changes.html", match=match, lines=lines)


def undoable(match_id: int, change_id: int) -> tuple[Match, Change]:
    """The match and its change, if this phone may undo it (404, 403 otherwise: ``access.require_undo``)."""
    match = readers.deleted_or_404(match_id)
    change = db.get_or_404(Change, change_id)
    if not belongs(change, match):
        abort(404, refusal_words.words("change-not-in-history"))
    access.require_undo(match, change)
    return match, change


def refused_words(match: Match, problem: WriteProblem) -> str:
    """Why an undo was refused, in words: the later change to undo first, the rule it would break."""
    if isinstance(problem, LaterChangeFirst):
        return later_first(problem.newer, seat_names(match))
    if isinstance(problem, BreaksRule):
        return problem_words.undo_breaks(problem.error, match.player_names)
    return refusal_words.message(problem)


def back_to(match_id: int) -> str:
    """Where an undo ends: where it started (``?next=``, a path on this site: ``security.local_path``),
    the match's scoreboard (the Undo beside "Deal 5 saved.") or its history of changes; nothing
    else is taken, so no link can send a phone elsewhere after an undo. Without one: the history
    of changes."""
    history_page = url_for("records.changes", match_id=match_id)
    return next(place for place in (security.local_path(request.args.get("next")), history_page)
                if place in (url_for("play.scoreboard", match_id=match_id), history_page))


def refused_page(match: Match, problem: WriteProblem) -> tuple[str, int]:
    return (render_template("error.html", match=match, title=refusal_words.title(problem),
                            message=refused_words(match, problem)), problem.status)


class UndoForm(VersionForm):
    """An undo's confirmation: the version it was shown at, and its one-time key
    (data/save_keys.py): pressed again after a lost answer, it undoes nothing more."""

    save_key = HiddenField()


@bp.get("/matches/<int:match_id>/changes/<int:change_id>/undo")
def confirm_undo(match_id: int, change_id: int) -> str | tuple[str, int]:
    """What the undo will change, before it is done (it writes nothing), with the button that does it."""
    match, change = undoable(match_id, change_id)
    names = seat_names(match)
    try:
        plan = undo_write.plan(match, change)
    except WriteProblem as problem:
        return refused_page(match, problem)
    changes = diff_words(match, plan.deal.changes) if plan.deal is not None else []
    does, details = undo_words(plan, names, changes)
    return render_template("confirm.html", match=match, title=gettext("Undo this change?"), lead=f"{describe(change, names)}.",
                           message=does, details=details, confirm=gettext("Undo it"), confirm_class="btn-primary",
                           back=back_to(match.id), back_label=gettext("Leave it as it is"),
                           form=UndoForm(version=str(plan.version), save_key=save_keys.new_key()))


@bp.post("/matches/<int:match_id>/changes/<int:change_id>/undo")
def undo(match_id: int, change_id: int) -> Response | tuple[str, int]:
    """Undo one change, under the match's lock; the undo is a change of its own. A confirmation
    carries the match's version it was shown at, and must: if the match changed since, or the
    form does not say, nothing is undone."""
    match, change = undoable(match_id, change_id)
    form = UndoForm()
    seen = sent_version(form.version) if form.validate_on_submit() else None
    if seen is None:
        abort(400, gettext("This undo did not come from its confirmation page, or did not say which version of the match "
                           "it was confirmed at, so nothing was undone. Open the undo again from the history of changes."))
    words = describe(change, seat_names(match))
    try:
        undo_write.undo(match_id, change_id, by=device.device_name(), seen=seen, key=save_keys.sent_key(form.save_key.data))
    except WriteProblem as problem:
        if problem.status == 409:  # out of date or refused: look again
            flash(refused_words(match, problem))
            return redirect(url_for("records.confirm_undo", match_id=match_id, change_id=change_id,
                                    next=request.args.get("next")), code=303)
        return refused_page(match, problem)
    flash(gettext("Undone: %(change)s.", change=words))
    return redirect(back_to(match_id), code=303)  # where the undo started
