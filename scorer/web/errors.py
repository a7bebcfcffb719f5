"""Error pages that tell people what happened and how to go on, in the app's own look."""

from __future__ import annotations

from flask import Flask, Response, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException

from scorer.core import MatchError
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.presentation import problem_words
from scorer.web.writes.problems import WriteProblem


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        # A deal being entered is kept in the browser, so reloading the form loses nothing.
        return render_template(
            "error.html",
            title="Please send that again",
            message="This form was out of date or did not come from this app, so nothing was saved. "
            "Go back, reload the page and send it again; what you typed is kept.",
        ), 400

    @app.errorhandler(WriteProblem)
    def not_written(problem: WriteProblem) -> tuple[str, int]:
        # A write refused, out of date, busy or gone (scorer/web/writes): it rolled back whole
        # already; a view that has a better answer (its form again, with the message) catches it.
        db.session.rollback()
        return render_template("error.html", title=problem.title, message=problem.message), problem.status

    @app.errorhandler(OperationalError)
    def database_away(error: DBAPIError) -> Response:
        # A database that is away for a moment (a PostgreSQL restart, a full disk, a lock held too
        # long) is a known state, not a bug: one line in the log, no traceback, and a 503 the phone
        # can retry. Nothing was written: the request's transaction never committed. The pool
        # drops the broken connection, so the next request connects afresh by itself.
        try:
            db.session.rollback()
        except DBAPIError:
            db.session.close()
        reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else type(error).__name__
        app.logger.warning("database unavailable: %s %s: %s", request.method, request.path, reason)
        response = make_response(render_template(
            "error.html", title="The scores are safe",
            message="The database did not answer for a moment, so nothing was saved just now; everything saved "
                    "before is kept safe. Try again in a moment: what you typed is kept on this phone."), 503)
        response.headers["Retry-After"] = "5"
        return response

    @app.errorhandler(MatchError)
    def unscorable(error: MatchError) -> tuple[str, int]:
        # Every deal is checked by the core before it is stored, so a stored match the core refuses
        # was changed behind the app's back: name the deal and the field rather than fail blankly.
        db.session.rollback()
        match_id = (request.view_args or {}).get("match_id")
        match = db.session.get(Match, match_id) if isinstance(match_id, int) else None
        players = match.player_names if match is not None else None
        return render_template("error.html", title="This match cannot be scored",
                               message=problem_words.whole(error, players)), 500

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", title=error.name, message=error.description), error.code or 500

    @app.errorhandler(500)
    def server_error(error: Exception) -> tuple[str, int]:
        # Whatever half-done work the failed request left in the session must not be committed later.
        db.session.rollback()
        return render_template(
            "error.html", title="Something went wrong", message="Nothing was saved. Please try again."
        ), 500
