"""The home screen: matches in progress first (to carry on where the table left off), then
finished ones."""

from __future__ import annotations

from flask import Blueprint, render_template
from sqlalchemy import select

from scorer.core import get_ruleset

from .extensions import db
from .models import Match

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """List the matches, newest activity first."""
    matches = db.session.scalars(select(Match).order_by(Match.updated_at.desc(), Match.id.desc())).all()
    in_progress = [m for m in matches if not m.finished]
    finished = [m for m in matches if m.finished]
    return render_template("home.html", in_progress=in_progress, finished=finished, get_ruleset=get_ruleset)
