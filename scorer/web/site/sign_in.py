"""The site passcode's sign-in and sign-out pages (the rules, the gate and the rate limit are
``policy/passcode.py``; a wrong guess is recorded by ``writes/sign_ins.py``)."""

from __future__ import annotations

import hmac

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms.validators import InputRequired

from scorer.web.fields import EmptyForm
from scorer.web.policy.passcode import (
    KEEP,
    MAX_FAILURES,
    MAX_LENGTH,
    WINDOW_MINUTES,
    client_address,
    recent_failures,
    required,
    safe_next,
    sign_in_here,
    sign_out_here,
)
from scorer.web.writes import sign_ins

bp = Blueprint("site", __name__)


class SignInForm(FlaskForm):
    passcode = PasswordField("Site passcode", validators=[InputRequired("Enter the site passcode.")])


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
                sign_in_here()
                flash("Signed in.")
                return redirect(safe_next(request.args.get("next")), code=303)
            sign_ins.record_failure(address, KEEP)
            form.passcode.errors = ["That is not the site passcode."]
        status = 422
    return render_template("site/sign_in.html", form=form), status


@bp.post("/sign-out")
def sign_out() -> Response:
    """Forget the passcode on this browser (scorekeepers' cookies stay)."""
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; you are still signed in.")
    sign_out_here()
    return redirect(url_for("site.sign_in") if required() else url_for("home.index"), code=303)


