"""A per-match capability: the phone that started a match holds it, and only that phone is shown
what a bystander must not have (the seats' private links and their QR codes, the bid cards the
players showed).

The phone keeps an unguessable token in an HttpOnly, SameSite=Lax cookie whose path is the
match's own (``/matches/<id>``), so it travels only with that match's pages and a phone with
many matches does not send them all; the match stores only the token's hash. There are no
accounts: whoever holds the cookie is the scorekeeper. The next step grows this into
scorekeeper and watcher roles, so it is a small piece on its own: ``grant`` and ``holds``.
"""

from __future__ import annotations

import hashlib
import secrets

from flask import request
from werkzeug.wrappers import Response

from scorer.web.models import Match

MAX_AGE = 60 * 24 * 3600  # a match may run over weeks; a lost cookie can be claimed back only by hand


def digest(token: str) -> str:
    """What is stored of a token: its SHA-256, so the database never holds a usable token."""
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_name(match: Match) -> str:
    return f"ninety-nine-keeper-{match.id}"


def cookie_path(match: Match) -> str:
    return f"/matches/{match.id}"


def grant(response: Response, match: Match) -> None:
    """Make the phone receiving ``response`` the match's scorekeeper (the caller commits)."""
    token = secrets.token_urlsafe(32)
    match.keeper_hash = digest(token)
    response.set_cookie(cookie_name(match), token, max_age=MAX_AGE, path=cookie_path(match),
                        httponly=True, samesite="Lax", secure=request.is_secure)


def holds(match: Match) -> bool:
    """Whether this request comes from the phone holding the match's capability."""
    token = request.cookies.get(cookie_name(match))
    if not token or match.keeper_hash is None or len(token) > 128:
        return False
    return secrets.compare_digest(digest(token), match.keeper_hash)


def claimable(match: Match) -> bool:
    """A match with no scorekeeper yet (started before capabilities, or imported) may be claimed
    once, by an explicit POST from the scoreboard."""
    return match.keeper_hash is None
