"""The site passcode (``SCORER_PASSCODE``), for a server reachable from the internet.

Unset, nothing changes. Set, every request but those in ``OPEN`` (the sign-in page, static
files, the web app's manifest, service worker and offline page, and the private hand pages,
which carry their own tokens) is sent to the sign-in page until this browser has signed in,
from whatever address, the server machine included. Signing in marks the signed session cookie
(HttpOnly, SameSite=Lax, Secure over HTTPS: security.py); the mark is derived from the passcode,
so changing the passcode signs everybody out.

Wrong passcodes are rate-limited per client address in the database (``SignInAttempt``), not in
this process's memory: two app processes on one database count the same failures.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_wtf import FlaskForm
from sqlalchemy import delete, func, select
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms.validators import InputRequired

from scorer.web.data.models import SignInAttempt, now_utc
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm

bp = Blueprint("site", __name__)

SESSION_KEY = "site_passcode"
MAX_FAILURES = 5                   # wrong passcodes per address ...
WINDOW_MINUTES = 10                # ... within this many minutes; then that address waits
WINDOW = timedelta(minutes=WINDOW_MINUTES)
KEEP = timedelta(days=1)           # older failures are deleted as new ones come in
MAX_LENGTH = 200
# Reachable without the passcode.
OPEN = {"site.sign_in", "static", "pwa.webmanifest", "pwa.service_worker", "pwa.offline",
        "hand_pages.show", "hand_pages.show_bid", "hand_pages.status", "seats.take"}


class SignInForm(FlaskForm):
    passcode = PasswordField("Site passcode", validators=[InputRequired("Enter the site passcode.")])


def required() -> bool:
    return bool(current_app.config["SCORER_PASSCODE"])


def _mark() -> str:
    """What a signed-in session holds: a keyed hash of the passcode (never the passcode itself)."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"site-passcode:" + current_app.config["SCORER_PASSCODE"].encode(), hashlib.sha256).hexdigest()


def signed_in() -> bool:
    """A passcode is set and this browser signed in with it."""
    held = session.get(SESSION_KEY)
    return required() and isinstance(held, str) and hmac.compare_digest(held, _mark())


def client_address() -> str:
    return (request.remote_addr or "unknown")[:64]


def recent_failures(address: str) -> int:
    since = now_utc() - WINDOW
    return db.session.scalar(select(func.count()).select_from(SignInAttempt)
                             .where(SignInAttempt.address == address, SignInAttempt.at > since)) or 0


def record_failure(address: str) -> None:
    db.session.execute(delete(SignInAttempt).where(SignInAttempt.at < now_utc() - KEEP))
    db.session.add(SignInAttempt(address=address, at=now_utc()))
    db.session.commit()


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path on this site only (never ``//elsewhere`` or a URL)."""
    parts = urlsplit(target or "")
    if not target or parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") \
            or "\\" in target:
        return url_for("home.index")
    return target


def gate() -> Response | None:
    """Before every view: without the passcode, only ``OPEN`` is reachable."""
    if not required() or request.endpoint in OPEN or signed_in():
        return None
    wanted = request.full_path.rstrip("?") if request.method == "GET" else None
    return redirect(url_for("site.sign_in", next=wanted), code=303)


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> str | Response | tuple[str, int]:
    """The site passcode's page: the one page a stranger sees when a passcode is set."""
    if not required():
        return redirect(url_for("home.index"), code=303)
    form = SignInForm()
    status = 200
    if form.is_submitted():
        address = client_address()
        if recent_failures(address) >= MAX_FAILURES:
            # Checked before the passcode is even looked at: a right guess now would tell nothing.
            abort(429, f"Too many wrong passcodes from this address: wait {WINDOW_MINUTES} "
                       "minutes, then try again.")
        if form.validate():
            given = (form.passcode.data or "")[:MAX_LENGTH].encode()
            if hmac.compare_digest(given, current_app.config["SCORER_PASSCODE"].encode()):
                session.clear()  # a fresh session (and CSRF token) for the signed-in browser
                session[SESSION_KEY] = _mark()
                session.permanent = True
                flash("Signed in.")
                return redirect(safe_next(request.args.get("next")), code=303)
            record_failure(address)
            form.passcode.errors = ["That is not the site passcode."]
        status = 422
    return render_template("site/sign_in.html", form=form), status


@bp.post("/sign-out")
def sign_out() -> Response:
    """Forget the passcode on this browser (scorekeepers' cookies stay)."""
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; you are still signed in.")
    session.pop(SESSION_KEY, None)
    return redirect(url_for("site.sign_in") if required() else url_for("home.index"), code=303)


def register(app: Flask) -> None:
    app.register_blueprint(bp)
    app.before_request(gate)
