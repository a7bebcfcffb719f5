"""The site passcode (``SCORER_PASSCODE``), for a server reachable from the internet.

Unset, nothing changes. Set, every request but those in ``OPEN`` (the sign-in page, static
files, the web app's manifest, service worker and offline page, and the private hand pages,
which carry their own tokens) is sent to the sign-in page until this browser has signed in,
from whatever address, the server machine included. Signing in marks the signed session cookie
(HttpOnly, SameSite=Lax, Secure over HTTPS: security.py) with two things: a mark derived from
the passcode, so changing the passcode signs everybody out, and a random token whose hash the
server keeps (``SiteSession``), so that signing out, which deletes it, ends the session for every
copy of the cookie, from any address. Sessions older than ``SESSION_DAYS`` go as new ones begin.

Wrong passcodes are rate-limited per client address in the database (``SignInAttempt``), not in
this process's memory: two app processes on one database count the same failures. All addresses
together have a limit too; beyond it only the server machine and a *known browser* may still try:
one that signed in here with the passcode in force, within ``KNOWN_DAYS``, by a random token in its
cookie whose hash the server keeps with the mark of the passcode it signed in with (the site's or
the site manager's: a new one of that passcode forgets it) and an expiry (``KnownBrowser``). A
known browser's own wrong guesses are counted from every address together, so a copy of its
cookie used from many addresses gets ``MAX_FAILURES`` guesses past the site-wide limit, not more.

The site manager's passcode (``SCORER_MANAGER_PASSCODE``), set, is the one that gives a browser the
site manager's rights (``access.is_site_manager``): signing in with it marks the session with a
mark of its own (``MANAGER_KEY``), which also opens the site; the site passcode then only opens
it. Its guesses are counted and limited as the site passcode's, on the same page.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from flask import Flask, current_app, redirect, request, session, url_for
from sqlalchemy import func, select
from werkzeug.wrappers import Response

from scorer.web.data.models import KnownBrowser, SignInAttempt, SiteSession, now_utc
from scorer.web.extensions import db
from scorer.web.language import gettext
from scorer.web.policy import security

SESSION_KEY = "site_passcode"
MANAGER_KEY = "site_manager"       # the site manager's passcode's mark, when signed in with it
TOKEN_KEY = "site_session"         # the session's token; the server keeps its hash
SESSION_DAYS = 31                  # as Flask keeps a permanent session cookie
MAX_FAILURES = 5                   # wrong passcodes per address ...
WINDOW_MINUTES = 10                # ... within this many minutes; then that address waits
WINDOW = timedelta(minutes=WINDOW_MINUTES)
SITE_MAX_FAILURES = 30             # wrong passcodes from all addresses together within the window;
                                   # beyond it only known browsers and the server machine may try
KEEP = timedelta(days=1)           # older failures are deleted as new ones come in
KNOWN_COOKIE = "ninety-nine-known"  # a browser that signed in here before (a random token; names nobody)
KNOWN_DAYS = 90                    # how long a sign-in keeps a browser known, on the server and in the cookie
KNOWN_MAX_AGE = KNOWN_DAYS * 24 * 3600
MAX_LENGTH = 200
# Reachable without the passcode.
OPEN = {"site.sign_in", "site.choose_language", "static", "site.webmanifest", "site.service_worker", "site.offline",
        "cards.hand", "cards.hand_bid", "cards.hand_status", "cards.take_seat"}


def required() -> bool:
    return bool(current_app.config["SCORER_PASSCODE"])


def manager_required() -> bool:
    """A site manager's passcode is set: the site passcode no longer makes a site manager."""
    return bool(current_app.config.get("SCORER_MANAGER_PASSCODE"))


def _keyed(label: bytes, secret: str) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, label + secret.encode(), hashlib.sha256).hexdigest()


def mark() -> str:
    """What a signed-in session and a known browser's row hold: a keyed hash of the passcode in force
    (never the passcode itself), so a new passcode ends both."""
    return _keyed(b"site-passcode:", current_app.config["SCORER_PASSCODE"])


def manager_mark() -> str:
    """The same for the site manager's passcode: a new one ends every manager's sign-in."""
    return _keyed(b"manager-passcode:", current_app.config.get("SCORER_MANAGER_PASSCODE", ""))


def known_mark(manager: bool) -> str:
    """The mark a known browser's row holds: that of the passcode it signed in with, the site
    manager's (``manager``) or the site's, so that a new one of that passcode forgets it."""
    return manager_mark() if manager else mark()


def marks_in_force() -> list[str]:
    """The marks of the passcodes set now: a browser known under another is known no longer."""
    return ([mark()] if required() else []) + ([manager_mark()] if manager_required() else [])


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def session_token() -> str | None:
    """The token this browser's session holds (None: it holds none that could be one)."""
    token = session.get(TOKEN_KEY)
    return token if isinstance(token, str) and 0 < len(token) <= 64 else None


def _holds(key: str, wanted: str) -> bool:
    held = session.get(key)
    return isinstance(held, str) and hmac.compare_digest(held, wanted)


def _session_alive() -> bool:
    """This browser's session was not ended since it signed in (signed out from this browser or
    from a copy of its cookie), nor grown older than ``SESSION_DAYS``."""
    token = session_token()
    return token is not None and db.session.scalar(select(SiteSession.id).where(
        SiteSession.token_hash == token_hash(token),
        SiteSession.created_at > now_utc() - timedelta(days=SESSION_DAYS))) is not None


def manager_signed_in() -> bool:
    """A site manager's passcode is set, this browser signed in with it, and its session lives."""
    return manager_required() and _holds(MANAGER_KEY, manager_mark()) and _session_alive()


def signed_in() -> bool:
    """A passcode is set and this browser signed in with it (or with the site manager's, which
    opens the site too), and its session lives."""
    if not required():
        return False
    return (_holds(SESSION_KEY, mark()) or (manager_required() and _holds(MANAGER_KEY, manager_mark()))) \
        and _session_alive()


def client_address() -> str:
    return (request.remote_addr or "unknown")[:64]


def recent_failures(address: str | None = None) -> int:
    """Guesses counted within the window: from ``address``, or from every address (None). A guess
    counts from the moment it is made (``writes.sign_ins.begin``), before it is checked, so that
    guesses sent at once each see the others."""
    query = select(func.count()).select_from(SignInAttempt).where(SignInAttempt.at > now_utc() - WINDOW)
    if address is not None:
        query = query.where(SignInAttempt.address == address)
    return db.session.scalar(query) or 0


def known_hash() -> str | None:
    """The hash of the known-browser token this browser sends (None: it sends none that could be
    one), whether or not the server still knows it: its guesses are counted under it."""
    value = request.cookies.get(KNOWN_COOKIE, "")
    return token_hash(value) if value and len(value) <= 64 else None


def known_browser() -> bool:
    """This browser signed in here with a passcode in force (the site's or the site manager's, as
    it is now: ``known_mark``), within ``KNOWN_DAYS``, and its own wrong guesses (from any address)
    are within ``MAX_FAILURES``: the site-wide limit does not hold it up, so a stranger guessing
    from many addresses cannot lock its owner out."""
    found = known_hash()
    if found is None:
        return False
    known = db.session.scalar(select(KnownBrowser.id).where(
        KnownBrowser.token_hash == found, KnownBrowser.mark.in_(marks_in_force()), KnownBrowser.expires_at > now_utc()))
    if known is None:
        return False
    own = db.session.scalar(select(func.count()).select_from(SignInAttempt).where(
        SignInAttempt.known_hash == found, SignInAttempt.at > now_utc() - WINDOW)) or 0
    return own <= MAX_FAILURES


def too_many_guesses(address: str, server_machine: bool) -> str | None:
    """Why this guess may not be checked, or None. Per address: ``MAX_FAILURES`` within the
    window. Site-wide: ``SITE_MAX_FAILURES`` from all addresses, except for a known browser (within
    its own ``MAX_FAILURES``) and the server machine. Counted with this guess already recorded."""
    if recent_failures(address) > MAX_FAILURES:
        return gettext("Too many wrong passcodes from this address: wait %(minutes)s minutes, then try again.",
                       minutes=WINDOW_MINUTES)
    if not server_machine and recent_failures() > SITE_MAX_FAILURES and not known_browser():
        return gettext("Too many wrong passcodes were tried on this site in the last %(minutes)s minutes, from many "
                       "addresses: wait a few minutes, then try again. A phone that has signed in here before, and the "
                       "server machine itself, can still sign in.", minutes=WINDOW_MINUTES)
    return None


def safe_next(target: str | None) -> str:
    """Where to go after signing in or switching the language: a path on this site only
    (``security.local_path``: never ``//elsewhere``, a URL, or one a browser would make so), else
    the home page."""
    return security.local_path(target) or url_for("play.home")


def gate() -> Response | None:
    """Before every view: without the passcode, only ``OPEN`` is reachable."""
    if not required() or request.endpoint in OPEN or signed_in():
        return None
    wanted = request.full_path.rstrip("?") if request.method == "GET" else None
    return redirect(url_for("site.sign_in", next=wanted), code=303)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def sign_in_here(token: str, manager: bool = False) -> None:
    """Mark this browser's session as signed in with ``token``, whose hash the server now keeps
    (``writes.sign_ins.open_session``), with the site passcode or (``manager``) the site manager's:
    a fresh session, so a fresh CSRF token too."""
    session.clear()
    session[MANAGER_KEY if manager else SESSION_KEY] = manager_mark() if manager else mark()
    session[TOKEN_KEY] = token
    session.permanent = True


def sign_out_here() -> None:
    session.pop(SESSION_KEY, None)
    session.pop(MANAGER_KEY, None)
    session.pop(TOKEN_KEY, None)


def which_passcode(given: str) -> str | None:
    """Which passcode ``given`` is, compared in constant time: "manager" (the site manager's, when
    set), "site" (the site passcode, when set), or None."""
    typed = given[:MAX_LENGTH].encode()
    manager = current_app.config.get("SCORER_MANAGER_PASSCODE", "")
    if manager and hmac.compare_digest(typed, manager.encode()):
        return "manager"
    if required() and hmac.compare_digest(typed, current_app.config["SCORER_PASSCODE"].encode()):
        return "site"
    return None


def register(app: Flask) -> None:
    """Before every view: the gate (the sign-in page itself is ``site/sign_in.py``)."""
    app.before_request(gate)
