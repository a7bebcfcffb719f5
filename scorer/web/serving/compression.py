"""Responses compressed on the wire with Flask-Compress: Brotli where the browser takes it (over
HTTPS), gzip otherwise, for HTML, CSS, JavaScript, SVG and JSON. A record-a-deal screen of 75 KB
travels as about 18 KB.

Never compressed (docs/SECURITY.md, "Compression"):

- a private hand page (the views of ``cards/hand_pages.py``) or any response marked ``no-store``: it
  carries a secret (a player's cards, a seat link) next to text the request chose, the case the
  BREACH attack measures through compressed sizes;
- zip downloads and other binary types (not in ``MIMETYPES``: already compressed);
- a streamed response (an export sent as it is written keeps streaming, untouched).

Static files are compressed once per name and encoding, at each encoding's best (Brotli 11, gzip
9), and kept: they never change while the server runs (assets.py), so the 45 ms a linked script
takes at Brotli 11 is spent once a process and saves a phone's first visit about 700 B of the deal
form's script. Pages are compressed per request, at Brotli 5.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable

import brotli  # type: ignore[import-untyped]
from flask import Flask, Request, current_app, request
from flask.wrappers import Response
from flask_compress import Compress

from scorer.web.serving import assets, kept_pages

compress = Compress()

MIMETYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
             "application/manifest+json", "image/svg+xml"]
# The pages of a private hand (cards/hand_pages.py: whatever route it adds).
PRIVATE_MODULES = {"scorer.web.cards.hand_pages"}
MIN_SIZE = 500  # bytes: below this a compressed body plus its header saves nothing
# A static file's bytes as kept: each encoding at its best, which is too slow for a page made per
# request and costs nothing once a file.
AT_BEST: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda body: bytes(brotli.compress(body, quality=11)),
    "gzip": lambda body: gzip.compress(body, 9, mtime=0),
}


class StaticOnlyCache:
    """Flask-Compress's cache (keys from ``cache_key``, "<encoding>;<key>"): a static file's
    compressed bytes at the encoding's best, kept while the server runs; a page many phones are
    sent as made once (``kept_pages``), with that page and as long as it; nothing of any other
    page."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        encoding, _, what = key.partition(";")
        if what == KEPT:
            return kept_pages.encoded(encoding)
        found = self.kept.get(key)
        if found is None and what.startswith(STATIC) and encoding in AT_BEST:
            body = assets.body_of(what.removeprefix(STATIC))
            if body is not None:  # else a file read from disk: Flask-Compress compresses it, set() keeps it
                found = self.kept[key] = AT_BEST[encoding](body)
        return found

    def set(self, key: str, value: bytes) -> None:
        encoding, _, what = key.partition(";")
        if what == KEPT:
            kept_pages.keep_encoded(encoding, value)
        elif what.startswith(STATIC):
            self.kept.setdefault(key, value)


KEPT = "kept"
STATIC = "static:"


def cache_key(req: Request) -> str:
    """A static file by its path (the same bytes every time); a kept page as kept; any other page
    never hits the cache."""
    if req.endpoint == "static":
        return STATIC + str((req.view_args or {}).get("filename", req.path))
    return KEPT if kept_pages.answers_kept() else "page"


def compress_response(response: Response) -> Response:
    view = current_app.view_functions.get(request.endpoint or "")
    if (view is not None and view.__module__ in PRIVATE_MODULES) or "no-store" in response.headers.get("Cache-Control", ""):
        return response
    compressed: Response = compress.after_request(response)
    return compressed


def register(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # gzip at its best: the static files are compressed once and kept (StaticOnlyCache), and a page
    # of 20 KB costs a fraction of a millisecond more than at the default 6.
    app.config.setdefault("COMPRESS_LEVEL", 9)
    app.config.setdefault("COMPRESS_MIN_SIZE", MIN_SIZE)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", StaticOnlyCache)
    app.config.setdefault("COMPRESS_CACHE_KEY", cache_key)
    app.config["COMPRESS_REGISTER"] = False  # compress_response decides which responses go through it
    compress.init_app(app)
    app.after_request(compress_response)
