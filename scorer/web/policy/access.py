"""Who may do what: the one place a view asks before it writes.

Every writing route calls one of these before it reads its form or changes anything:

- ``require_keeper(match)``: a scorekeeper of this match (the phone that started it, one it
  invited, or one that took it over); everyone else gets 403 and nothing is written.
- ``require_site_manager()``: what touches more than one match (renaming a player everywhere,
  importing, restoring), what the ratings count, and taking a match over: the server machine
  itself or a holder of the site passcode.
- ``require_change(match)``: changing what was played in a match (its deals, deleting or restoring
  it, undoing either): a scorekeeper while a scorekeeper's rights over it last (``KEEPER_HOURS``
  after it first finished, and not once the site manager confirmed it for the ladder), else only the
  site manager (who deletes or restores without taking the match over; to edit a deal, takes it
  over). So a phone that kept a match a year ago cannot rewrite the ladder.

Reading is for everyone who may see the site (the passcode, where one is set, decides that:
passcode.py). ``tests/web/test_access.py`` holds the table of every writing route and its rule.

"The server machine" is a request whose client address is 127.0.0.1 or ::1. Behind a reverse
proxy (``SCORER_BEHIND_PROXY``) that address is the client's, read from ``X-Forwarded-For`` by
``ProxyFix`` (``trust_proxy`` below), never the proxy's own. Without the setting a request that
carries ``X-Forwarded-For`` at all came through some proxy, so it is never the server machine:
a proxy on this machine set up without ``SCORER_BEHIND_PROXY`` does not make every visitor one.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Flask, abort, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix

from scorer.web import clock
from scorer.web.clock import as_utc
from scorer.web.data.changes import MATCH, RATINGS, RENAME
from scorer.web.data.models import Change, Match
from scorer.web.language import gettext
from scorer.web.policy import capability, passcode

LOOPBACK = ("127.0.0.1", "::1")
KEEPER_HOURS = 24  # a scorekeeper may change a finished match this long (DECISIONS: keeper rights)
KEEPER_TIME = timedelta(hours=KEEPER_HOURS)
KEEPER, KEEPER_OR_MANAGER, MANAGER = "keeper", "keeper or manager", "manager"


def is_keeper(match: Match) -> bool:
    """Whether this request comes from one of the match's (unrevoked) scorekeepers."""
    return capability.holds(match)


def keepers_only() -> str:
    return gettext("Only this match's scorekeepers can change it; nothing was changed. Ask one of them for a "
                   "'Keep score too' link, or take the match over from the server.")


def require_keeper(match: Match) -> None:
    if not is_keeper(match):
        abort(403, keepers_only())


def rights_hold(match: Match) -> bool:
    """Whether a scorekeeper's rights over ``match`` still hold: it never finished, or first
    finished less than ``KEEPER_HOURS`` ago, and the site manager has not confirmed it for the
    ladder. The day counts from the first finish (``first_finished_at``, never cleared), so that
    deleting the last deal (which reopens the match) and finishing it again does not start a new
    day; a match reopened within its day keeps that day's end."""
    if match.confirmed_at is not None:
        return False
    first = match.first_finished_at or match.finished_at
    return first is None or clock.now() - as_utc(first) < KEEPER_TIME


def may_change(match: Match, keeper_needed: bool = True) -> bool:
    """Whether this request may change what was played in ``match``: a scorekeeper whose rights
    hold, or the site manager (``keeper_needed``: who must also keep the match's score, as the
    deal form's phone must; deleting and restoring need not)."""
    if is_site_manager():
        return is_keeper(match) or not keeper_needed
    if not keeper_needed and night_on(match):
        return False  # a table of a night still on leaves it only by its organiser's hand
    return is_keeper(match) and rights_hold(match)


def night_on(match: Match) -> bool:
    """Whether ``match`` is a table of a club night that has not ended: deleting or restoring it
    would move what the night publishes, so only the organiser (on the organiser's page) and the
    site manager may (a table's own scorekeeper could otherwise delete it, and restore it, to read
    the hands of the deal it was about to play)."""
    return match.deal_set is not None and match.deal_set.ended_at is None


def require_change(match: Match, keeper_needed: bool = True) -> None:
    """403 unless this request may change what was played in ``match`` (``may_change``), with who may."""
    if may_change(match, keeper_needed):
        return
    if not keeper_needed and night_on(match) and match.deal_set is not None:
        abort(403, gettext("This match is a table of %(set)s, whose night is on: only its organiser (on the organiser’s "
                           "page) or the person running the server can delete or restore it. Nothing was changed.",
                           set=match.deal_set.name))
    if is_keeper(match):
        abort(403, gettext("Only the person running the server can change this match now: the site manager confirmed "
                           "it for the ladder. Nothing was changed.") if match.confirmed_at is not None
              else gettext("Only the person running the server can change this match now: it finished more than "
                           "%(hours)s hours ago. Nothing was changed.", hours=KEEPER_HOURS))
    if is_site_manager():
        require_keeper(match)  # the site manager edits deals after taking the match over
    abort(403, gettext("Only this match's scorekeepers, or the person running the server, can change it; nothing was "
                       "changed.") if not keeper_needed else keepers_only())


def is_server_machine() -> bool:
    """The request comes from the machine the server runs on (judged by the client's address)."""
    if not current_app.config["SCORER_BEHIND_PROXY"] and "X-Forwarded-For" in request.headers:
        return False
    return request.remote_addr in LOOPBACK


def is_site_manager() -> bool:
    """The server machine itself, or a browser signed in with the site manager's passcode; where
    none is set, a holder of the site passcode."""
    if is_server_machine():
        return True
    return passcode.manager_signed_in() if passcode.manager_required() else passcode.signed_in()


def require_site_manager() -> None:
    if is_site_manager():
        return
    if passcode.manager_required():
        abort(403, gettext("Only the site manager can do this (from the server machine, or signed in with the site "
                           "manager's passcode); nothing was changed."))
    abort(403, gettext("Only the person running the server can do this (from the server machine, or signed in "
                       "with the site passcode); nothing was changed."))


def undo_rule(change: Change) -> str:
    """Who may undo ``change``: whoever may do what the undo does. A rename touches every match
    and the ratings are the site manager's to say (the site manager's); an undo that deletes or
    restores a match is a deletion or a restore (a scorekeeper's, or the site manager's without
    taking the match over); the rest change the match's deals or seats (a scorekeeper's)."""
    if change.kind in (RENAME, RATINGS):
        return MANAGER
    if change.kind == MATCH:
        return KEEPER_OR_MANAGER
    return KEEPER


def may_undo(match: Match, change: Change) -> bool:
    """Whether this request may undo ``change`` of ``match`` (``undo_rule``), as it may do what
    the undo does (``may_change``: a scorekeeper's rights last a while after the match finished)."""
    rule = undo_rule(change)
    if rule == MANAGER:
        return is_site_manager()
    return may_change(match, keeper_needed=rule == KEEPER)


def require_undo(match: Match, change: Change) -> None:
    """403, with who may, unless this request may undo ``change`` (``may_undo``); the one check
    of the undo's page and of the undo itself."""
    if may_undo(match, change):
        return
    rule = undo_rule(change)
    if rule == MANAGER:
        require_site_manager()
    require_change(match, keeper_needed=rule == KEEPER)


class TrustedProxyFix:
    """Werkzeug's ``ProxyFix`` (one hop: ``X-Forwarded-For``, ``-Proto`` and ``-Host``), applied only to a
    request that reached the app from the proxy itself, on this machine. A request sent straight
    to the app's port from elsewhere, with forged headers, keeps its own address and scheme."""

    def __init__(self, app: Any) -> None:
        self.plain = app
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=1)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REMOTE_ADDR") in LOOPBACK:
            return self.fixed(environ, start_response)
        return self.plain(environ, start_response)


def trust_proxy(app: Flask) -> None:
    """``SCORER_BEHIND_PROXY``: take the client's address and scheme from the proxy's headers."""
    if app.config["SCORER_BEHIND_PROXY"]:
        app.wsgi_app = TrustedProxyFix(app.wsgi_app)  # type: ignore[method-assign]
