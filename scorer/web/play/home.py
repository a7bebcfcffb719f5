"""The home screen: matches in progress first (to carry on where the table left off), then
finished ones."""

from __future__ import annotations

import contextlib

from flask import Blueprint, render_template
from sqlalchemy import select

from scorer.core import MatchError, get_ruleset
from scorer.web import documents
from scorer.web.extensions import db
from scorer.web.models import Match
from scorer.web.play import scoreboard

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """List the matches, newest activity first."""
    matches = db.session.scalars(select(Match).where(Match.deleted_at.is_(None)).order_by(Match.updated_at.desc(), Match.id.desc())).all()
    in_progress = [m for m in matches if not m.finished]
    finished = [m for m in matches if m.finished]
    boards = {}
    for match in in_progress:  # the scores so far, to recognise the match at a glance
        with contextlib.suppress(MatchError):
            boards[match.id] = scoreboard.build(match, documents.score(match))
    return render_template("play/home.html", in_progress=in_progress, finished=finished, boards=boards,
                           get_ruleset=get_ruleset)
