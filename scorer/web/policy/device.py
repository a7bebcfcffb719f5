"""The short name a phone is given ("Ann's phone"), asked once and kept in a cookie, so the
change history can say which phone made each change.

The scoreboard offers the question once to a scorekeeper's phone that has no name yet (a small
form beside the board: it never stands between the phone and a save); "Not now" remembers that it
was asked. The name can be changed any time from the history of changes. The cookie is
long-lived, HttpOnly and SameSite=Lax: it names the phone, it proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField, StringField
from wtforms.validators import ValidationError

from scorer.web.data import names
from scorer.web.data.refusals import Stated
from scorer.web.language import gettext, lazy_gettext

COOKIE = "ninety-nine-device"
ASKED = "ninety-nine-device-asked"  # "Not now" was pressed: the scoreboard does not ask again
UNNAMED = names.UNNAMED_PHONE  # as stored; a page words it (formatting.phone_name)
MAX_LENGTH = 30
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
PREFIX = "device"  # its fields are device-name and device-back: no clash with a page's own form


def _unwired(problem: Stated) -> str:
    raise RuntimeError(f"device.refusal_words is not set (register_blueprints sets it): {problem!r}")


# A name's refusal (``names.NameProblem``: a code and facts) in words: the screen's one wording,
# ``presentation.refusal_words.message``, handed in by the factory (``register_blueprints``), as
# policy and presentation are peers and neither imports the other.
refusal_words: Callable[[Stated], str] = _unwired

bp = Blueprint("device", __name__, url_prefix="/device")


def cookie_name() -> str | None:
    """The name in this phone's cookie, if it meets the rules the form holds a name to (visible
    letters, no control or direction characters, at most ``MAX_LENGTH``): the cookie is the
    phone's to write, and what it says is stored in the change history and the scorekeepers' list,
    so a forged one counts as no name at all."""
    raw = request.cookies.get(COOKIE) or ""
    if not raw.strip():
        return None
    try:
        return names.clean(raw, limit=MAX_LENGTH)
    except names.NameProblem:
        return None


def device_name() -> str:
    """This phone's name, or ``UNNAMED`` when it was never given one (or its cookie breaks the rules)."""
    return cookie_name() or UNNAMED


def named() -> bool:
    return cookie_name() is not None


def should_ask() -> bool:
    """Whether the scoreboard asks this phone for a name: never named, never said "Not now"."""
    return not named() and not request.cookies.get(ASKED)


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
            raise ValidationError(refusal_words(problem)) from None


def name_form() -> DeviceNameForm:
    """The form as a page shows it, coming back to that page."""
    form = DeviceNameForm(formdata=None, prefix=PREFIX)
    form.name.data = device_name() if named() else ""
    form.back.data = request.full_path.rstrip("?")
    return form


def safe_back(target: str | None) -> str:
    """Where to go after the form: a path on this site only, never another site."""
    parts = urlsplit(target or "")
    if not target or parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return url_for("home.index")
    return target


@bp.post("/name")
def set_name() -> Response:
    """Give this phone its name (or, with "Not now", stop asking)."""
    form = DeviceNameForm(prefix=PREFIX)
    back = safe_back(form.back.data)
    if not form.validate_on_submit():
        problems = form.name.errors or [gettext("This form did not come from this page; reload it and try again.")]
        if form.errors.get("csrf_token"):
            abort(400, gettext("This form did not come from this page; the name was not saved. Reload it and try again."))
        flash(gettext("The phone's name was not saved: %(problem)s", problem=problems[0]))
        return redirect(back, code=303)
    return answer(form, back)


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


@bp.app_context_processor
def template_globals() -> dict[str, object]:
    """``device_name_form()`` and ``device_should_ask()`` for every template."""
    return {"device_name_form": name_form, "device_should_ask": should_ask}
