"""Installable on a phone's home screen: the web app manifest, the service worker and the page it
shows when the server cannot be reached.

- ``/manifest.webmanifest``: name, start URL and scope ``/``, standalone, colours, icons (192 and
  512 px, a maskable one), served as ``application/manifest+json``.
- ``/sw.js``: static/sw.js served from the site root so that its scope is the whole site (no
  ``Service-Worker-Allowed`` header needed), ``no-cache`` so a new version is picked up at once.
  Its app-shell list names the static files by their content-hashed names (assets.py), and its
  cache's name carries their version.
- ``/offline``: the page the service worker keeps for a page it has no copy of.

What the worker caches (the app shell and each match's last scoreboard) is described in sw.js.
"""

from __future__ import annotations

import json
import re

from flask import Response, render_template, request
from flask_babel import gettext

from scorer.web import language
from scorer.web.serving.assets import assets, static_url
from scorer.web.site.blueprint import bp

# The light theme's green (the icon's) and the dark theme's background (base.html's theme-color pair).
THEME_COLOR = "#1d5c3f"
BACKGROUND_COLOR = "#17271f"
ICONS = [("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/maskable-512.png", "512x512", "maskable")]


def manifest() -> dict[str, object]:
    """The manifest in the page's language (its link carries it: a manifest is fetched without
    the phone's cookies); the name on the home screen is the language's where the platform allows."""
    return {
        "name": gettext("Ninety-Nine score keeper"),
        "short_name": "Ninety-Nine",
        "description": gettext("Scores for Ninety-Nine, kept at the table."),
        "lang": language.current(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": static_url(src), "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for src, sizes, purpose in ICONS],
    }


@bp.route("/manifest.webmanifest")
def webmanifest() -> Response:
    wanted = request.args.get("lang", "")
    with language.forced(wanted if wanted in language.LANGUAGES else language.select_locale()):
        body = json.dumps(manifest(), indent=1, ensure_ascii=False)
    response = Response(body, mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


STATIC_NAME = re.compile(r'"/static/([^"]+)"')
CACHE_NAME = re.compile(r'(var CACHE = "[^"]+)"')


def worker_source() -> bytes:
    """static/sw.js with its static files under their hashed names, and the cache named after
    their version and the phone's language: a phone that switches language gets a new worker, whose
    cache fills anew in that language, while the pages kept before stay in the one they were
    fetched in until then."""
    found = assets()
    source = found.by_name["sw.js"].body.decode("utf-8")  # read once at start, like every static file
    source = STATIC_NAME.sub(lambda m: f'"{static_url(m.group(1))}"' if m.group(1) in found.by_name else m.group(0), source)
    return CACHE_NAME.sub(lambda m: f'{m.group(1)}-{found.version}-{language.current()}"', source, count=1).encode()


@bp.route("/sw.js")
def service_worker() -> Response:
    # Read whole (a few kB) rather than streamed, so no file is left open by a client that never
    # reads the body; the ETag lets the browser's update check get a 304.
    response = Response(worker_source(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)  # turns it into a 304 in place when the ETag matches
    return response


@bp.route("/offline")
def offline() -> str:
    return render_template("pwa/offline.html")
