"""Error pages that tell people what happened and how to go on, in the app's own look."""

from __future__ import annotations

from flask import Flask, Response, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException

from scorer.core import MatchError
from scorer.web.data.models import Match
from scorer.web.data.refusals import Stated
from scorer.web.extensions import db
from scorer.web.language import gettext, lazy_gettext
from scorer.web.policy import passcode
from scorer.web.presentation import problem_words, refusal_words

# The name of each status a page may answer with, and werkzeug's own words for it where a view
# aborted without saying why: in the page's language (English, werkzeug's words as they are).
TITLES = {
    400: lazy_gettext("Bad Request"), 403: lazy_gettext("Forbidden"), 404: lazy_gettext("Not Found"),
    405: lazy_gettext("Method Not Allowed"), 409: lazy_gettext("Conflict"), 413: lazy_gettext("Request Entity Too Large"),
    414: lazy_gettext("Request URI Too Large"), 415: lazy_gettext("Unsupported Media Type"),
    422: lazy_gettext("Unprocessable Entity"), 429: lazy_gettext("Too Many Requests"),
    431: lazy_gettext("Request Header Fields Too Large"), 500: lazy_gettext("Internal Server Error"),
    503: lazy_gettext("Service Unavailable"),
}
DESCRIPTIONS = {
    400: lazy_gettext("The browser (or proxy) sent a request that this server could not understand."),
    403: lazy_gettext("You don't have the permission to access the requested resource. It is either read-protected or "
                      "not readable by the server."),
    404: lazy_gettext("The requested URL was not found on the server. If you entered the URL manually please check "
                      "your spelling and try again."),
    405: lazy_gettext("The method is not allowed for the requested URL."),
    409: lazy_gettext("A conflict happened while processing the request. The resource might have been modified while "
                      "the request was being processed."),
    413: lazy_gettext("The data value transmitted exceeds the capacity limit."),
    414: lazy_gettext("The length of the requested URL exceeds the capacity limit for this server. The request cannot "
                      "be processed."),
    415: lazy_gettext("The server does not support the media type transmitted in the request."),
    422: lazy_gettext("The request was well-formed but was unable to be followed due to semantic errors."),
    429: lazy_gettext("This user has exceeded an allotted request count. Try again later."),
    431: lazy_gettext("One or more header fields exceeds the maximum size."),
    503: lazy_gettext("The server is temporarily unable to service your request due to maintenance downtime or capacity "
                      "problems. Please try again later."),
}


def worded(error: HTTPException) -> tuple[str, str]:
    """The page's title and message for ``error``: the status's name, and what the view said (in
    the page's language already) or, where it said nothing of its own, werkzeug's words for it."""
    code = error.code or 500
    title = str(TITLES.get(code, error.name))
    said = error.description or ""
    if code in DESCRIPTIONS and said == type(error).description:
        said = str(DESCRIPTIONS[code])
    return title, said


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        # A deal being entered is kept in the browser, so reloading the form loses nothing.
        return render_template(
            "error.html",
            title=gettext("Please send that again"),
            message=gettext("This form was out of date or did not come from this app, so nothing was saved. Go back, "
                            "reload the page and send it again; what you typed is kept."),
        ), 400

    @app.errorhandler(Stated)
    def not_written(problem: Stated) -> tuple[str, int]:
        # A write refused, out of date, busy or gone (scorer/web/writes), or a deleted match asked
        # for (data/deletion.py): a write rolled back whole already; a view that has a better
        # answer (its form again, with the message) catches it. Worded here, from its code.
        db.session.rollback()
        return render_template("error.html", title=refusal_words.title(problem),
                               message=refusal_words.message(problem)), problem.status

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
            "error.html", title=gettext("The scores are safe"),
            message=gettext("The database did not answer for a moment, so nothing was saved just now; everything "
                            "saved before is kept safe. Try again in a moment: what you typed is kept on this phone.")),
            503)
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
        return render_template("error.html", title=gettext("This match cannot be scored"),
                               message=problem_words.whole(error, players)), 500

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        title, message = worded(error)
        # Refused for want of the site manager's rights, where a passcode gives them: the way to sign in.
        manager_sign_in = error.code == 403 and passcode.manager_required() and not passcode.manager_signed_in()
        return render_template("error.html", title=title, message=message, manager_sign_in=manager_sign_in), error.code or 500

    @app.errorhandler(500)
    def server_error(error: Exception) -> tuple[str, int]:
        # Whatever half-done work the failed request left in the session must not be committed later.
        db.session.rollback()
        return render_template(
            "error.html", title=gettext("Something went wrong"), message=gettext("Nothing was saved. Please try again.")
        ), 500
