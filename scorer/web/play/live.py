"""The version endpoint every phone showing a match polls (``GET /matches/<id>/version``): the
match's tag from one prebuilt SELECT (``data/live.py``), 304 while the phone has it already."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, request

from scorer.web.data.live import VERSION_QUERY, tag
from scorer.web.extensions import db
from scorer.web.language import gettext

bp = Blueprint("live", __name__)


@bp.get("/matches/<int:match_id>/version")
def version(match_id: int) -> Response:
    """The match's version and number of deals, with an ETag; 304 if the phone has it already."""
    row = db.session.connection().execute(VERSION_QUERY, {"match_id": match_id}).first()
    if row is None:
        abort(404, gettext("This match was deleted."))
    etag = tag(row[0], row[1], row[3])
    # Unchanged: no body at all; changed: a few bytes the deal form reads (the board only the tag).
    unchanged = request.if_none_match.contains(etag)
    response = Response(status=304) if unchanged else jsonify(version=row[0], deals=row[2])
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
