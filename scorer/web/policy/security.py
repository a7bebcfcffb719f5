"""What every request and response passes through: security headers, trusted hosts, bounded ids,
and a session cookie that stays on this site.

- **Headers.** Every response (pages, JSON, CSV, zips, static files, redirects, error pages) says
  that its type is not to be guessed (``nosniff``) and that links leak no address to another
  site (``Referrer-Policy: same-origin``; a hand page sets ``no-referrer`` itself and keeps it).
  Every response but a file of ``static/`` answered as itself (the same bytes for everyone, no
  script of its own) also says which sources it may use (``CONTENT_SECURITY_POLICY``: no inline script or style but
  the two the app writes itself, allowed by their hash; no framing, no plugins) and that it is
  not to be framed. A view's own value is never overwritten.
- **Hosts.** Flask refuses (400) a request whose ``Host`` is not in ``TRUSTED_HOSTS``: localhost
  and 127.0.0.1, the addresses ``serve.py`` listens on and prints, and ``SCORER_HOSTS`` (config.py).
  A page on another site that rebinds its own name to this machine's address therefore can
  neither read nor write anything, and links written into QR codes only ever name a trusted host.
- **Ids.** ``<int:...>`` in a route accepts ASCII digits up to the largest id a database column
  holds (PostgreSQL's ``integer``: 2147483647); anything larger is a 404 like any unknown id,
  never an overflow inside the database driver.
- **NUL.** A NUL character in the path, the query or a form is refused with a 400 before any view
  runs: no field takes one, and PostgreSQL cannot store one.
- **Cookie.** The session cookie is HttpOnly and SameSite=Lax (config.py), and Secure whenever the
  request came over HTTPS.
- **Where a form goes back to.** Every ``next`` a page is sent back to (the sign-in page, the
  language switch, the ratings forms, an undo) passes ``local_path``: a path on this site only.
"""

from __future__ import annotations

import unicodedata
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import SecurityError
from werkzeug.routing import IntegerConverter, ValidationError
from werkzeug.wrappers import Response

from scorer.web.language import gettext

# Everything comes from this server; the running-totals chart and QR codes are inline SVG drawn
# with attributes (never style=""), icons may be data: URLs.
# The texts written into pages (assets.INLINE: the theme script, the sheets' fit) are
# allowed by their SHA-256 alone: any other inline script or style is still refused.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'{script}; style-src 'self'{style}; img-src 'self' data:; "
    "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'"
)
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # also what a stylesheet's or a module's own fetches send
}
# Read only from a page the app makes (or the service worker, whose script's own policy binds it):
# not sent with a file of static/ answered as itself (a stylesheet, a module script, an icon), which
# is the same bytes for everyone, holds nothing a request chose, and runs no script of its own.
# That is about 400 B less on each of a cold deal form's three such requests.
DOCUMENT_HEADERS = {
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}

# The largest id any table's integer primary key holds on every database the app runs on.
MAX_ID = 2**31 - 1
# A page number beyond any history (50 matches a page): the last page is shown instead.
MAX_PAGE = 10**6
# Views that read a large request body themselves (after raising the size limit for it).
UPLOADS = {"records.import_matches"}


class IdConverter(IntegerConverter):
    """``<int:...>``: ASCII digits only (``\\d`` would take ``١٢``), at most ``MAX_ID``."""

    regex = r"[0-9]+"

    def __init__(self, map: Any, fixed_digits: int = 0, min: int | None = None, max: int | None = MAX_ID,
                 signed: bool = False) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)

    def to_python(self, value: str) -> Any:
        if len(value) > len(str(MAX_ID)):
            raise ValidationError()  # not even parsed: a 404 like any other unknown address
        return super().to_python(value)


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session whose cookie is Secure when the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (bool(request) and request.is_secure)


def parse_id(text: object) -> int | None:
    """An id typed into a form or a query (``deal_set=12``) as an int, or None if it cannot be one:
    ASCII digits only (``str.isdigit`` also takes ``²`` and ``①``, which ``int`` refuses), at most
    ``MAX_ID``."""
    value = str(text or "")
    if not value.isascii() or not value.isdigit() or len(value) > len(str(MAX_ID)) or int(value) > MAX_ID:
        return None
    return int(value)


def local_path(target: str | None) -> str | None:
    """``target`` if a redirect may send a browser there, else None: a path on this site, that
    starts with one "/" and holds no backslash (a browser reads "/\\host" as "//host"), no
    whitespace and no control or format character (a browser drops tabs and line breaks from an
    address, so "/\\t/evil.example" is "//evil.example" to it), and no scheme or host."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if any(char == "\\" or char.isspace() or unicodedata.category(char).startswith("C") for char in target):
        return None
    parts = urlsplit(target)
    return None if parts.scheme or parts.netloc else target


def page_number(default: int = 1) -> int:
    """``?page=`` as a page number: anything that is not 1 to ``MAX_PAGE`` in ASCII digits is page 1
    (or the largest), so a pager link can never overflow the query."""
    text = request.args.get("page", "")
    if not text.isascii() or not text.isdigit():
        return default
    return min(int(text[:8]), MAX_PAGE) or default


FOREIGN_HOST_PAGE = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Bad Request</title>"
    "<h1>Bad Request</h1><p>This server does not answer to the name in this address (the Host is not trusted). "
    "Open it by the address it printed when it started.</p></html>"
)


def guard() -> Response | None:
    """Before any view (and any other hook) runs: a foreign ``Host`` is refused at once, and so is
    a NUL in the address, the query or a form field: no field takes one (PostgreSQL could not
    even compare it), so the request is refused as a whole, naming the problem. An upload's form
    is read by its view, under the upload's own size limit, and its file is checked there."""
    if isinstance(request.routing_exception, SecurityError):
        # A page of its own: there is no URL adapter for a foreign host, so the app's error page
        # (which links its stylesheet with url_for) cannot be built for it.
        return Response(FOREIGN_HOST_PAGE, 400, mimetype="text/html")
    sources = [request.args] if request.endpoint in UPLOADS else [request.args, request.form]
    if "\x00" in request.path or any("\x00" in key or "\x00" in value
                                     for source in sources for key, value in source.items(multi=True)):
        abort(400, gettext("The request holds a NUL character (U+0000), which no address or field accepts. Nothing was "
                           "saved."))
    return None


def policy(app: Flask) -> str:
    """The app's Content-Security-Policy, with the hashes of the texts its pages hold inline."""
    found: str | None = app.extensions.get("scorer.csp")
    if found is None:
        hashes = app.extensions["assets"].hashes
        found = CONTENT_SECURITY_POLICY.format(**{kind: "".join(" " + h for h in hashes[kind]) for kind in ("script", "style")})
        app.extensions["scorer.csp"] = found
    return found


def is_shipped_file(response: Response) -> bool:
    """A file of static/ answered as itself (a 404 for a missing one is a page like any other)."""
    return request.endpoint == "static" and response.status_code < 400


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if is_shipped_file(response):
        return response
    response.headers.setdefault("Content-Security-Policy", policy(current_app))
    for name, value in DOCUMENT_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def register(app: Flask) -> None:
    """Install the converter (before any route is added), the session cookie and the hooks."""
    app.url_map.converters["int"] = IdConverter
    app.session_interface = SessionInterface()
    app.before_request(guard)
    app.after_request(add_headers)
