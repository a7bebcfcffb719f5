"""The table's language: English or German, chosen by the phone.

At first the phone's ``Accept-Language`` picks one of ``LANGUAGES``; the language switch in the
top bar (``set_language``, a POST) keeps the choice in a cookie, as the theme is kept, for a year.
Flask-Babel then words every page in it: ``gettext`` and ``ngettext`` in Python, ``_()`` and
``{% trans %}`` in templates, and the scripts' words from the same catalog (``script_words``).
Dates, times, numbers and percentages are written by Flask-Babel in the same locale
(``LOCALES``), the times in the table's zone (its timezone selector: clock.py), through
presentation/formatting.py.

The catalogs live in the package (``scorer/translations/<language>/LC_MESSAGES/messages.po``);
``make translations`` compiles them (``make run`` and ``make test`` do it first), and the compiled
``.mo`` files are not committed. README says how to add a third language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast

import flask_babel
from babel.support import NullTranslations
from flask import Flask, g, has_app_context, has_request_context, request
from flask_babel import Babel, force_locale, format_decimal, get_locale

from scorer.web import clock

LANGUAGES = {"en": "English", "de": "Deutsch"}  # the catalog's code -> the language's own name
DEFAULT = "en"
# The one locale rule: the locale each language's pages are written in, Flask-Babel's locale for
# the request. Its words come from the language's catalog (de_DE finds de's); its dates and numbers
# are that country's: British English ("26 Nov 2026, 23:30", "1,234"), German ("26. Nov. 2026,
# 23:30", "1.234").
LOCALES = {"en": "en_GB", "de": "de_DE"}
COOKIE = "ninety-nine-lang"
COOKIE_AGE = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"

babel = Babel()


def chosen() -> str | None:
    """The language this phone chose with the switch (its cookie), if it is one the app has."""
    value = request.cookies.get(COOKIE, "")
    return value if value in LANGUAGES else None


def select_locale() -> str:
    """The locale of this request (``LOCALES``), Flask-Babel's locale selector: the language of the
    phone's choice, else the best of its Accept-Language; English outside a request (a command such
    as ``flask restore`` words its messages too)."""
    if not has_request_context():
        return LOCALES[DEFAULT]
    return LOCALES[chosen() or request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT]


def current() -> str:
    """The language the page is worded in ("en" or "de"): ``<html lang>``, the manifest's name."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT


P = ParamSpec("P")
R = TypeVar("R")


def per_language(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` (of hashable arguments, worded in the page's language and in nothing else)
    answered once a language and kept: a card's words took nine catalog lookups, each a walk
    through Flask-Babel's context, and a deal form words the pack's 53 cards twice."""
    @functools.lru_cache(maxsize=2048)
    def kept(language: str, *args: Any) -> R:
        return function(*args)  # type: ignore[call-arg]

    @functools.wraps(function)
    def worded(*args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs or not has_request_context():
            return function(*args, **kwargs)
        return kept(current(), *args)
    return worded


def back_path() -> str:
    """Where the language switch comes back to: this page, but never an address that carries a
    secret (a hand page's token, an invite), which a page must not echo."""
    if request.path.startswith("/hand/"):
        return "/"
    if "invite" in request.args:
        return request.path
    return request.full_path.rstrip("?")


CATALOG = "scorer_catalog"  # this request's catalog, on flask.g


def catalog() -> NullTranslations:
    """This request's catalog (Flask-Babel's, for its language), looked up once a request: a lookup
    through Flask-Babel walks its context three times and names the locale (40 µs on these
    machines), and a club night's director's screen words 218 things. ``forced`` looks it up again."""
    if not has_request_context():
        return cast(NullTranslations, flask_babel.get_translations())
    found: NullTranslations | None = g.get(CATALOG)
    if found is None:
        found = cast(NullTranslations, flask_babel.get_translations())
        setattr(g, CATALOG, found)
    return found


@contextmanager
def forced(code: str) -> Iterator[None]:
    """Flask-Babel's ``force_locale`` for a language ("de") or its locale ("de_DE"), with this
    request's catalog looked up again inside and after: every wording of the web goes through
    ``catalog``, so a forced language must go through here."""
    with force_locale(LOCALES.get(code, code)):
        forget = g.pop if has_app_context() else (lambda *_: None)
        forget(CATALOG, None)
        try:
            yield
        finally:
            forget(CATALOG, None)


# Flask-Babel's lookups, typed (it ships no type information) and through ``catalog``: the Python of
# the web calls these, and `make translations-extract` finds them by their names (gettext or _,
# ngettext, pgettext). Their results are Flask-Babel's: the same catalog calls, the same formatting.
def gettext(string: str, **variables: object) -> str:
    """``string`` in the page's language, ``%(name)s`` placeholders filled from ``variables``."""
    text = catalog().ugettext(string)
    return str(text % variables if variables else text)


def ngettext(singular: str, plural: str, num: int, **variables: object) -> str:
    """The plural form for ``num`` in the page's language (``%(num)s`` is the count, grouped as the
    language writes numbers by Flask-Babel's ``format_decimal``: "1,500 matches", "1.500 Partien").
    Flask-Babel's own ``ngettext`` puts ``num`` in as it is ("1500") and takes no other value for
    it, so the catalogs' ``%(num)s`` could not be grouped through it."""
    if not has_request_context():
        return str(flask_babel.ngettext(singular, plural, num, **variables))
    text = catalog().ungettext(singular, plural, num)
    return str(text % {"num": format_decimal(num), **variables})


def pgettext(context: str, string: str, **variables: object) -> str:
    """``string`` in the page's language, told apart from the same English word by ``context``."""
    text = catalog().upgettext(context, string)
    return str(text % variables if variables else text)


def lazy_gettext(string: str, **variables: object) -> str:
    """``gettext`` when the text is shown, not when it is defined: a form's labels and a module's
    constants, worded in each request's language (a str to whoever uses it)."""
    return cast(str, flask_babel.lazy_gettext(string, **variables))


def register(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", LOCALES[DEFAULT])
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    # Flask-Babel's format_datetime, format_time, format_decimal, … write in the request's locale
    # and its times in the table's zone (the TIMEZONE setting, clock.py).
    babel.init_app(app, locale_selector=select_locale, timezone_selector=clock.zone)
    # The templates' _() and {% trans %} through this request's catalog (Flask-Babel installs the
    # same calls through its context walk: the wording is the same, a lookup a tenth of the time).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda string: catalog().ugettext(string),
        ngettext=lambda singular, plural, num: catalog().ungettext(singular, plural, num),
        newstyle=True,
        pgettext=lambda context, string: catalog().upgettext(context, string),
        npgettext=lambda context, singular, plural, num: catalog().unpgettext(context, singular, plural, num))
    # {% trans %} blocks lose their line breaks and indentation, as `make translations-extract`
    # reads them (babel.cfg: trimmed), so a template's layout never changes a msgid.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
