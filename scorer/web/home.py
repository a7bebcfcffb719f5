"""The home screen: matches in progress first (to carry on where the table left off), then
finished ones."""

from __future__ import annotations

from flask import Blueprint, render_template
from sqlalchemy import select

from scorer.core import MatchError, get_ruleset

from . import documents, scoreboard
from .extensions import db
from .models import Match

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """List the matches, newest activity first."""
    matches = db.session.scalars(select(Match).order_by(Match.updated_at.desc(), Match.id.desc())).all()
    in_progress = [m for m in matches if not m.finished]
    finished = [m for m in matches if m.finished]
    boards = {}
    for match in in_progress:  # the scores so far, to recognise the match at a glance
        try:
            boards[match.id] = scoreboard.build(match, documents.score(match))
        except MatchError:
            pass
    return render_template("home.html", in_progress=in_progress, finished=finished, boards=boards,
                           get_ruleset=get_ruleset)
