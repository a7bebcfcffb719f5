"""The table's big screen: a match's scores for a laptop or a TV at the table, read-only and live.

- ``GET /screen/<id>`` (from every scoreboard, a scorekeeper's and a watcher's): one match, and
  the rematch started from it as soon as there is one (a match with a rematch answers with the
  rematch's big screen: the screen moves on by itself).
- ``GET /screen`` (from the home page of the server machine): the table, whatever match it plays:
  the match most recently played, the one in play or, when none is, the one that just ended.

It is a watcher's view and only that: its address lies outside ``/matches/<id>``, so a
scorekeeper's capability cookie (whose path is the match's) never travels with it, and it draws
nothing that changes a match, no seat's link and no card a watcher may not see. It shows a QR code
to watch the match on a phone. ``screen.js`` polls the match's tag (``GET /matches/<id>/version``) or
the table's (``GET /screen/version``) a little under once a second, answered 304 while nothing
changed, and swaps in the page again when it moves.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Response, current_app, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from scorer.web.data import live
from scorer.web.data.deletion import rematch_of
from scorer.web.data.models import Match
from scorer.web.play.blueprint import bp
from scorer.web.play.matches import board_view
from scorer.web.policy import readers
from scorer.web.policy.access import LOOPBACK
from scorer.web.presentation import explain

# How often the big screen asks whether anything changed, in milliseconds: a save on any phone
# shows within a second (the poll, then the page itself), and an unchanged poll costs a 304.
POLL_MS = 800
LOCAL_NAMES = ("localhost", *LOOPBACK)
MOST_REMATCHES = 100  # a chain of rematches followed in one answer (an evening's is a dozen)


@bp.get("/screen/<int:match_id>")
def screen_match(match_id: int) -> str | BaseResponse:
    """One match's big screen; once a rematch is started from it, the rematch's."""
    match = readers.match_or_404(match_id)  # a faster table of a duplicate set: as every table may see it
    latest = newest_rematch(match)
    if latest is not match:
        return redirect(url_for("play.screen_match", match_id=latest.id), code=303)
    return draw(match, url_for("play.version", match_id=match.id), live.match_tag(match), follows_table=False)


@bp.get("/screen")
def screen() -> str:
    """The table's big screen: the match most recently played, followed from match to match."""
    row = live.table_match()
    match = readers.match_or_none(row[0]) if row is not None else None  # as every table may see it
    if match is None:
        home_url = phone_url(url_for("play.home", _external=True))
        return render_template("play/screen_empty.html", poll_url=url_for("play.screen_version"), poll_every=POLL_MS,
                               live_tag=live.table_tag(None), home_url=home_url, local_only=local_only(home_url))
    return draw(match, url_for("play.screen_version"), live.table_tag(row), follows_table=True)


@bp.get("/screen/version")
def screen_version() -> Response:
    """The table's tag (which match, and its own tag), with an ETag; 304 if the screen has it already."""
    row = live.table_match()
    etag = live.table_tag(row)
    response = Response(status=304) if request.if_none_match.contains(etag) else jsonify(
        match=row[0] if row is not None else None)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def draw(match: Match, poll_url: str, tag: str, follows_table: bool) -> str:
    drawn = board_view(match, keeper=False)  # a watcher's view, whoever is looking
    board = drawn["board"]
    watch_url = phone_url(url_for("play.scoreboard", match_id=match.id, _external=True))
    return render_template(
        "play/screen.html", **drawn, poll_url=poll_url, live_tag=tag, poll_every=POLL_MS, follows_table=follows_table,
        next_reason=explain.next_trump_reason(board.next) if board.next else None,
        watch_url=watch_url, local_only=local_only(watch_url))


def newest_rematch(match: Match) -> Match:
    """The last match of the chain of rematches started from ``match`` (``match`` if none)."""
    for _ in range(MOST_REMATCHES):
        following = rematch_of(match)
        if following is None:
            break
        match = following
    return match


def phone_url(url: str) -> str:
    """``url`` as a phone at the table can open it: opened on the server machine itself
    (127.0.0.1, localhost), the address ``make run`` found for the network (``PHONE_HOSTS``) and
    the same port; otherwise as this page was reached."""
    parts = urlsplit(url)
    hosts = current_app.config.get("PHONE_HOSTS") or []
    if parts.hostname not in LOCAL_NAMES or not hosts:
        return url
    port = f":{parts.port}" if parts.port else ""
    host = f"[{hosts[0]}]" if ":" in hosts[0] else hosts[0]
    return urlunsplit((parts.scheme, f"{host}{port}", parts.path, parts.query, parts.fragment))


def local_only(url: str) -> str | None:
    """The host of ``url`` if only this machine can open it (its loopback name), else None."""
    parts = urlsplit(url)
    return parts.netloc if parts.hostname in LOCAL_NAMES else None
