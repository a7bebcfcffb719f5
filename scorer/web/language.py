"""The table's language: English or German, chosen by the phone.

At first the phone's ``Accept-Language`` picks one of ``LANGUAGES``; the language switch in the
top bar (``set_language``, a POST) keeps the choice in a cookie, as the theme is kept, for a year.
Flask-Babel then words every page in it: ``gettext`` and ``ngettext`` in Python, ``_()`` and
``{% trans %}`` in templates, and the scripts' words from the same catalog (``script_words``).
Dates, times, numbers and percentages follow the locale through Babel (presentation/formatting.py).

The catalogs live in the package (``scorer/translations/<language>/LC_MESSAGES/messages.po``);
``make translations`` compiles them (``make run`` and ``make test`` do it first), and the compiled
``.mo`` files are not committed. README says how to add a third language.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import flask_babel
from babel.numbers import format_decimal
from flask import Flask, has_request_context, request
from flask_babel import Babel, get_locale

LANGUAGES = {"en": "English", "de": "Deutsch"}  # the catalog's code -> the language's own name
DEFAULT = "en"
COOKIE = "ninety-nine-lang"
COOKIE_AGE = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"

babel = Babel()


def chosen() -> str | None:
    """The language this phone chose with the switch (its cookie), if it is one the app has."""
    value = request.cookies.get(COOKIE, "")
    return value if value in LANGUAGES else None


def select_locale() -> str:
    """The language of this request: the phone's choice, else the best of its Accept-Language;
    English outside a request (a command such as ``flask restore`` words its messages too)."""
    if not has_request_context():
        return DEFAULT
    return chosen() or request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def current() -> str:
    """The language the page is worded in ("en" or "de"): ``<html lang>``, the manifest's name."""
    return str(get_locale() or DEFAULT)


def back_path() -> str:
    """Where the language switch comes back to: this page, but never an address that carries a
    secret (a hand page's token, an invite), which a page must not echo."""
    if request.path.startswith("/hand/"):
        return "/"
    if "invite" in request.args:
        return request.path
    return request.full_path.rstrip("?")


# Flask-Babel's lookups, typed (it ships no type information): the Python of the web calls these,
# and `make translations-extract` finds them by their names (gettext or _, ngettext, pgettext).
def gettext(string: str, **variables: object) -> str:
    """``string`` in the page's language, ``%(name)s`` placeholders filled from ``variables``."""
    return str(flask_babel.gettext(string, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: object) -> str:
    """The plural form for ``num`` in the page's language (``%(num)s`` is the count, grouped as the
    language writes numbers: "1,500 matches", "1.500 Partien")."""
    if not has_request_context():
        return str(flask_babel.ngettext(singular, plural, num, **variables))
    text = flask_babel.get_domain().get_translations().ungettext(singular, plural, num)
    return str(text % {"num": format_decimal(num, locale=get_locale()), **variables})


def pgettext(context: str, string: str, **variables: object) -> str:
    """``string`` in the page's language, told apart from the same English word by ``context``."""
    return str(flask_babel.pgettext(context, string, **variables))


def lazy_gettext(string: str, **variables: object) -> str:
    """``gettext`` when the text is shown, not when it is defined: a form's labels and a module's
    constants, worded in each request's language (a str to whoever uses it)."""
    return cast(str, flask_babel.lazy_gettext(string, **variables))


def register(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    babel.init_app(app, locale_selector=select_locale)
    # {% trans %} blocks lose their line breaks and indentation, as `make translations-extract`
    # reads them (babel.cfg: trimmed), so a template's layout never changes a msgid.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
