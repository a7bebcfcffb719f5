"""The language switch in the top bar: the phone's choice, kept in a cookie (scorer/web/language.py).
A POST (a GET never changes what the phone is sent), then back to the page it was pressed on."""

from __future__ import annotations

from flask import abort, redirect, request
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField, RadioField

from scorer.web import language
from scorer.web.extensions import csrf
from scorer.web.fields import choices
from scorer.web.language import gettext
from scorer.web.policy.passcode import safe_next
from scorer.web.site.blueprint import bp


class LanguageForm(FlaskForm):
    """The languages the app speaks, each in its own name, and the page to go back to. Without a
    CSRF token (DECISIONS; docs/SECURITY.md): it sets only the phone's own language, which a
    forged request could at worst switch, and the switch is on pages made once for many phones
    (a club night's kept board), which must hold no phone's token."""

    class Meta:
        csrf = False

    lang = RadioField(choices=choices(list(language.LANGUAGES.items())))
    next = HiddenField()


@bp.post("/language")
@csrf.exempt
def choose_language() -> Response:
    """Keep the language chosen on this phone (a year), and go back to the page it was chosen on."""
    form = LanguageForm()
    if not form.validate_on_submit():
        abort(400, gettext("Choose one of the languages the app speaks; nothing was changed."))
    response = redirect(safe_next(form.next.data), code=303)
    response.set_cookie(language.COOKIE, str(form.lang.data), max_age=language.COOKIE_AGE, httponly=True,
                        samesite="Lax", secure=request.is_secure)
    return response
