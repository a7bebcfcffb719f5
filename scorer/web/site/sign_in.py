"""The site passcode's sign-in and sign-out pages (the rules, the gate and the rate limit are
``policy/passcode.py``; a wrong guess is recorded by ``writes/sign_ins.py``)."""

from __future__ import annotations

from datetime import timedelta

from flask import abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms.validators import InputRequired

from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import access
from scorer.web.policy.passcode import (
    KEEP,
    KNOWN_COOKIE,
    KNOWN_DAYS,
    KNOWN_MAX_AGE,
    SESSION_DAYS,
    client_address,
    known_hash,
    known_mark,
    manager_required,
    new_token,
    required,
    safe_next,
    session_token,
    sign_in_here,
    sign_out_here,
    token_hash,
    too_many_guesses,
    which_passcode,
)
from scorer.web.site.blueprint import bp
from scorer.web.writes import sign_ins


class SignInForm(FlaskForm):
    passcode = PasswordField(_l("Site passcode"), validators=[InputRequired(_l("Enter the site passcode."))])


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> str | Response | tuple[str, int]:
    """The site passcode's page: the one page a stranger sees when a passcode is set."""
    if not required() and not manager_required():
        return redirect(url_for("play.home"), code=303)
    form = SignInForm()
    status = 200
    if form.is_submitted():
        if not form.validate():
            return render_template("site/sign_in.html", form=form, manager_only=not required()), 422
        address = client_address()
        # The guess is counted before it is checked, and checked only within the limits: guesses
        # sent at once each count the others, and a right guess beyond the limit tells nothing.
        attempt = sign_ins.begin(address, KEEP, known_hash())
        refused = too_many_guesses(address, access.is_server_machine())
        if refused is not None:
            sign_ins.forget(attempt)  # not checked: only the guesses checked count on
            abort(429, refused)
        which = which_passcode(form.passcode.data or "")
        if which is not None:
            sign_ins.forget(attempt)  # a right guess is no failure
            token = new_token()
            sign_ins.open_session(token_hash(token), timedelta(days=SESSION_DAYS))
            sign_in_here(token, manager=which == "manager")
            flash(gettext("Signed in as the site manager.") if which == "manager" else gettext("Signed in."))
            response = redirect(safe_next(request.args.get("next")), code=303)
            known = new_token()  # this browser is known, with this passcode, for KNOWN_DAYS
            sign_ins.remember_browser(token_hash(known), known_mark(which == "manager"), KNOWN_DAYS)
            response.set_cookie(KNOWN_COOKIE, known, max_age=KNOWN_MAX_AGE, httponly=True,
                                samesite="Lax", secure=request.is_secure)
            return response
        form.passcode.errors = [gettext("That is not the site passcode.") if required()
                                else gettext("That is not the site manager's passcode.")]
        status = 422
    return render_template("site/sign_in.html", form=form, manager_only=not required()), status


@bp.post("/sign-out")
def sign_out() -> Response:
    """End this browser's session on the server, so no copy of its cookie opens the site any more,
    and forget it here (scorekeepers' cookies stay)."""
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; you are still signed in."))
    token = session_token()
    if token is not None:
        sign_ins.end_session(token_hash(token))
    sign_out_here()
    return redirect(url_for("site.sign_in") if required() or manager_required() else url_for("play.home"), code=303)


