"""A per-match capability: each phone that keeps a match's score holds its own token, and only
those phones may change the match or see what a bystander must not have (the seats' private
links and their QR codes, the bid cards the players showed).

The phone keeps an unguessable token in an HttpOnly, SameSite=Lax cookie whose path is the
match's own (``/matches/<id>``), so it travels only with that match's pages and a phone with
many matches does not send them all; the database stores only the token's hash, one
``MatchKeeper`` row per phone, so each phone can be revoked alone. There are no accounts:
whoever holds the cookie is a scorekeeper. ``access.py`` decides who may do what with this.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from flask import current_app, g, request
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorer.web.data.models import Match, MatchKeeper, now_utc
from scorer.web.extensions import db

MAX_AGE = 60 * 24 * 3600  # a match may run over weeks; a lost phone is replaced by a take-over


def digest(token: str) -> str:
    """What is stored of a token: its SHA-256, so the database never holds a usable token."""
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_name(match_id: int) -> str:
    return f"ninety-nine-keeper-{match_id}"


def new_keeper(match: Match, label: str, token: str | None = None) -> str:
    """Add a scorekeeper to ``match``, named ``label`` (the phone's name), and return the token its
    phone must keep (``give``); only its hash is stored. ``token``: one decided already (a
    rematch's, ``rematch_token``); a phone that holds it already is not added twice. The caller commits."""
    token = token or secrets.token_urlsafe(32)
    if not any(keeper.token_hash == digest(token) for keeper in match.keepers):
        match.keepers.append(MatchKeeper(token_hash=digest(token), label=label, created_at=now_utc(),
                                         invite_nonce=secrets.token_hex(16)))
    g.pop("scorer_keepers", None)
    return token


def rematch_token(keeper_hash: str, rematch_id: int) -> str:
    """The token a scorekeeper of a finished match keeps for its rematch: the same each time the
    same phone asks (derived, with the server's secret, from its capability's hash for the old
    match), so pressing "Go to the rematch" twice makes one scorekeeper, not two. The old match's
    page cannot see the rematch's cookie (each is sent to its own match's pages only)."""
    return derived(f"rematch:{keeper_hash}:{rematch_id}")


def start_token(save_key: str) -> str:
    """The token the phone that started a match keeps, derived (with the server's secret) from the
    new-match form's one-time key: the same form sent again (its answer lost on the way back) is
    answered with the same token, so the phone is one scorekeeper (writes/matches.start)."""
    return derived(f"start:{save_key}")


def derived(what: str) -> str:
    """A token decided by ``what`` and the server's secret (HMAC-SHA256, URL-safe): the same each
    time it is asked, and no one without the secret can make it."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    mac = hmac.new(key, what.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def give(response: Response, match_id: int, token: str) -> None:
    """Hand ``token`` (from ``new_keeper``) to the phone receiving ``response``: it is now a
    scorekeeper of match ``match_id``. A phone that already was one gets the fresh token. The
    cookie goes with the match's pages (``/matches/<id>``) and its record (``/history/<id>``),
    where a duplicate set's table shows its own scorekeepers what it holds back from the others."""
    for path in (f"/matches/{match_id}", f"/history/{match_id}"):
        response.set_cookie(cookie_name(match_id), token, max_age=MAX_AGE, path=path,
                            httponly=True, samesite="Lax", secure=request.is_secure)


def keeper_of(match: Match) -> MatchKeeper | None:
    """This request's phone as a live (not revoked) scorekeeper of the match, or None. Asked once
    per request and match (a page asks several times: its controls, the seats, the bid cards)."""
    return keeper_of_id(match.id)


def keeper_of_id(match_id: int) -> MatchKeeper | None:
    """``keeper_of`` by the match's id (a kept board is answered without loading the match)."""
    known: dict[int, MatchKeeper | None] = g.setdefault("scorer_keepers", {})
    if match_id not in known:
        known[match_id] = _look_up(match_id)
    return known[match_id]


def _look_up(match_id: int) -> MatchKeeper | None:
    token = request.cookies.get(cookie_name(match_id))
    if not token or len(token) > 128:
        return None
    # Looked up by the hash, which is unique: a lookup by a secret's hash tells nothing by its timing.
    keeper = db.session.scalar(select(MatchKeeper).where(MatchKeeper.token_hash == digest(token)))
    if keeper is None or keeper.match_id != match_id or keeper.revoked_at is not None:
        return None
    return keeper


def holds(match: Match) -> bool:
    """Whether this request comes from a phone holding one of the match's live capabilities."""
    return keeper_of(match) is not None


def live_keepers(match: Match) -> list[MatchKeeper]:
    return [keeper for keeper in match.keepers if keeper.revoked_at is None]


def claimable(match: Match) -> bool:
    """A match with no scorekeeper at all (imported, or every keeper revoked)."""
    return not live_keepers(match)
