"""The form that names this phone ("Ann's phone"), offered on the scoreboard and in the history of
changes; ``policy/device.py`` reads the name back from the phone's cookie.

Two routes take it: ``/device/name`` from any page, and ``/matches/<id>/phone-name`` from a
match's pages, which also names the phone's row on that match's list of scorekeepers (a phone that
keeps its score), so the share screen says whose phone each one is."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import abort, flash, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField, StringField
from wtforms.validators import ValidationError

from scorer.web.data import names
from scorer.web.language import gettext, lazy_gettext
from scorer.web.policy import capability, readers
from scorer.web.policy.device import ASKED, COOKIE, MAX_AGE, MAX_LENGTH, device_name, named, should_ask
from scorer.web.presentation import refusal_words
from scorer.web.site.blueprint import bp
from scorer.web.writes import keepers

PREFIX = "device"  # its fields are device-name and device-back: no clash with a page's own form


class DeviceNameForm(FlaskForm):
    name = StringField(lazy_gettext("This phone's name"),
                       description=lazy_gettext("Shown in the history of changes, e.g. “Ann's phone”."))
    back = HiddenField()

    def validate_name(self, field: StringField) -> None:
        if request.form.get("action") == "later":
            return
        if not (field.data or "").strip():
            raise ValidationError(gettext("Type a name for this phone, such as “Ann's phone”."))
        try:
            field.data = names.clean(field.data or "", gettext("The phone's name"), limit=MAX_LENGTH)
        except names.NameProblem as problem:
            raise ValidationError(refusal_words.message(problem)) from None


def name_form() -> DeviceNameForm:
    """The form as a page shows it, coming back to that page."""
    form = DeviceNameForm(formdata=None, prefix=PREFIX)
    form.name.data = device_name() if named() else ""
    form.back.data = request.full_path.rstrip("?")
    return form


@bp.app_context_processor
def template_globals() -> dict[str, object]:
    """``device_name_form()`` and ``device_should_ask()`` for every template."""
    return {"device_name_form": name_form, "device_should_ask": should_ask}


def safe_back(target: str | None) -> str:
    """Where to go after the form: a path on this site only, never another site."""
    parts = urlsplit(target or "")
    if not target or parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return url_for("play.home")
    return target


def refused(form: DeviceNameForm, back: str) -> Response:
    """The answer to a form that did not validate: the reason flashed on the page it came from
    (a form from another page is refused outright)."""
    if form.errors.get("csrf_token"):
        abort(400, gettext("This form did not come from this page; the name was not saved. Reload it and try again."))
    problems = form.name.errors or [gettext("This form did not come from this page; reload it and try again.")]
    flash(gettext("The phone's name was not saved: %(problem)s", problem=problems[0]))
    return redirect(back, code=303)


def answer(form: DeviceNameForm, back: str) -> Response:
    """The answer to a valid form: the name kept in this phone's cookie (or, "Not now", the
    question not asked again), then back to the page."""
    response = redirect(back, code=303)
    if request.form.get("action") == "later":
        response.set_cookie(ASKED, "1", max_age=MAX_AGE, httponly=True, samesite="Lax", secure=request.is_secure)
        return response
    response.set_cookie(COOKIE, form.name.data, max_age=MAX_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure)
    flash(gettext("This phone is “%(name)s” in the history of changes.", name=form.name.data))
    return response


@bp.post("/device/name")
def name_phone() -> Response:
    """Give this phone its name (or, with "Not now", stop asking)."""
    form = DeviceNameForm(prefix=PREFIX)
    back = safe_back(form.back.data)
    if not form.validate_on_submit():
        return refused(form, back)
    return answer(form, back)


@bp.post("/matches/<int:match_id>/phone-name")
def name_match_phone(match_id: int) -> Response:
    """Give this phone its name, and, if it keeps this match's score, its row on the list of
    scorekeepers too."""
    match = readers.match_or_404(match_id)
    form = DeviceNameForm(prefix=PREFIX)
    back = safe_back(form.back.data)
    if not form.validate_on_submit():
        return refused(form, back)
    me = capability.keeper_of(match)
    if me is not None and request.form.get("action") != "later" and me.label != form.name.data:
        keepers.name_phone(match.id, me.id, form.name.data or "")
    return answer(form, back)
