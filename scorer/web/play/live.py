"""The version endpoint every phone showing a match polls (``GET /matches/<id>/version``): the
match's tag from one prebuilt SELECT (``data/live.py``), 304 while the phone has it already; and
what the scorekeeper's phone says of the deals it holds not sent yet (``POST /matches/<id>/kept``,
writes/kept.py), which the watchers' boards follow."""

from __future__ import annotations

from flask import Response, abort, jsonify, request

from scorer.web.data.live import VERSION_QUERY, polled_tag
from scorer.web.extensions import db
from scorer.web.language import gettext
from scorer.web.play.blueprint import bp
from scorer.web.play.forms import KeptForm
from scorer.web.policy import access, readers
from scorer.web.writes import kept as kept_writes


@bp.get("/matches/<int:match_id>/version")
def version(match_id: int) -> Response:
    """The match's version and number of deals, with an ETag; 304 if the phone has it already."""
    row = db.session.connection().execute(VERSION_QUERY, {"match_id": match_id}).first()
    if row is None:
        abort(404, gettext("This match was deleted."))
    etag = polled_tag(row)
    # Unchanged: no body at all; changed: a few bytes the deal form reads (the board only the tag).
    unchanged = request.if_none_match.contains(etag)
    response = Response(status=304) if unchanged else jsonify(version=row[0], deals=row[2])
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/matches/<int:match_id>/kept")
def kept(match_id: int) -> Response:
    """The scorekeeper's phone: how many deals of this match it holds not sent yet (kept-saves.js).
    204; a watcher 403, a deleted match 404, a form not from this app 400, nothing written."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)
    form = KeptForm()
    if not form.validate():
        abort(400, gettext("Nothing was changed: the number of deals kept on the phone must be a whole number from 0 "
                           "to 999, sent from this app's page."))
    kept_writes.report(match.id, int(form.count.data))
    return Response(status=204)
