"""Who runs a club night: a deal set's organiser, and the table code that lets a table in.

The organiser of a set is the phone that made it and the site manager (``access.is_site_manager``:
the server machine, or a holder of the site passcode). The phone keeps an unguessable token in an
HttpOnly, SameSite=Lax cookie whose path is the set's own (``/deal-sets/<id>``), as a match's
scorekeeper does (``capability.py``); the set stores only its hash. The organiser admits, closes
and takes out tables, shows the table code, opens the sheet of every hand (before the night and
after it) and the director's screen's choices.

A table joins a set with its table code (typed, or in the QR code the organiser shows), or waits
until the organiser admits it. The code is eight letters and digits from an alphabet without the
ones that look alike (no O and 0, no I and 1): about 10^12 codes, typed in a moment, compared in
constant time.
"""

from __future__ import annotations

import hmac
import secrets

from flask import abort, request
from werkzeug.wrappers import Response

from scorer.web.data.models import DealSet
from scorer.web.language import gettext
from scorer.web.policy import access, capability

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # migrations/versions/0018_club_night.py holds a copy
CODE_LENGTH = 8


def cookie_name(set_id: int) -> str:
    return f"ninety-nine-organiser-{set_id}"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def give(response: Response, set_id: int, token: str) -> None:
    """This phone is the set's organiser (the token from ``new_token``; the set keeps its hash)."""
    response.set_cookie(cookie_name(set_id), token, max_age=capability.MAX_AGE, path=f"/deal-sets/{set_id}",
                        httponly=True, samesite="Lax", secure=request.is_secure)


def holds_the_phone(deal_set: DealSet) -> bool:
    """This request comes from the phone that made the set."""
    token = request.cookies.get(cookie_name(deal_set.id))
    if not token or len(token) > 128 or deal_set.organiser_hash is None:
        return False
    return hmac.compare_digest(capability.digest(token), deal_set.organiser_hash)


def is_organiser(deal_set: DealSet) -> bool:
    return holds_the_phone(deal_set) or access.is_site_manager()


def require_organiser(deal_set: DealSet) -> None:
    if not is_organiser(deal_set):
        abort(403, gettext("Only the organiser of %(set)s (the phone that made it, or the person running the server) "
                           "can do this; nothing was changed.", set=deal_set.name))


def normal_code(typed: str) -> str:
    """A code as typed ("k7qx m2pa", "K7QX-M2PA") in the form it is stored in."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def code_matches(deal_set: DealSet, typed: str) -> bool:
    """Whether ``typed`` is the set's table code (however spaced or cased), in constant time."""
    given = normal_code(typed)[:64].encode()
    return bool(deal_set.table_code) and hmac.compare_digest(given, deal_set.table_code.encode())
