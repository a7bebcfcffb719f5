"""Static files under content-hashed names, so a browser keeps them for a year and asks again only
when they change.

At start (``register``) every file under ``static/`` is read once and named by its content:
``app.css`` is also served as ``/static/app.3f2a9c1e.css`` with ``Cache-Control: public,
max-age=31536000, immutable``. Templates and views never build a static address themselves; they
call ``static_url("app.css")`` (a template global), which gives the hashed address. The plain
name (``/static/app.css``) still works, ``no-cache`` with an ETag, for old bookmarks, the web app
manifest and the service worker's own fetches.

``BUNDLES`` are stylesheets made by joining others in order (every page's site.css, the deal
form's play.css), so a page costs one request for its styles while the source files stay
separate. A bundle has a plain name and a hashed one like any file. A new file in ``static/``
needs no step: it is picked up at the next start.

The scripts are ES modules (``import { store, say } from "./app.js"``). Each page names one entry
module (``ENTRIES``: ``{{ script_module("page-deal-form.js") }}`` in its template), which imports
what the page runs; at start the entry and the modules it imports are linked into one file
(serving/modules.py), refused at start if they cannot be (``LinkError``). One request for a page's
script, and each page carries its own code and no other page's.

A linked entry is served in each language with the words of its modules (presentation/
script_words.py) as the virtual module ``./words.js``: ``static_url("page.js")`` on a German page
is ``/static/page.de.1a2b3c4d.js``. The words come from the catalogs, so these are made at the
first request that needs one (every entry in every language at once, so that every process names
them alike), not at start. An entry's plain name (``/static/page.js``) is its source file.
"""

from __future__ import annotations

import base64
import hashlib
import json
import mimetypes
import re
import threading
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import rjsmin
from flask import Flask, Response, abort, current_app, has_request_context, request, url_for
from markupsafe import Markup

from scorer.web import language
from scorer.web.presentation import script_words
from scorer.web.serving import modules

# The stylesheets of the pages, one request each (base.html). site.css is every page's but the deal
# form's: that screen, the one used most and on the slowest phones, links play.css, which holds only
# what it shows (no scoreboard tables, no history or statistics, no big screen), and dealing.css
# beside it where the app deals. Linked by their hashed names like every static file, so a phone
# keeps them for a year (docs/performance.md).
BUNDLES: dict[str, tuple[str, ...]] = {
    "site.css": ("app.css", "board.css", "live.css", "records.css", "dealing.css", "access.css", "screen.css", "night.css"),
    "play.css": ("app.css", "live.css", "access.css"),  # and dealing.css, linked beside it where the app deals
}
# The entry module of each kind of page (static/page*.js; its template names it with
# script_module): each imports what its page runs, and is linked with it into one file.
ENTRIES = (
    "page.js",             # base.html: every page with no script of its own
    "page-live.js",        # the ratings, a player's statistics, a club night's organiser
    "page-director.js",    # a club night's director's screen
    "page-scoreboard.js",  # play/scoreboard.html
    "page-deal-form.js",   # play/deal_form.html
    "page-screen.js",      # the table's big screen
    "page-new-match.js",   # play/new_match.html
    "page-new-set.js",     # cards/new_deal_set.html
    "page-sheet.js",       # the score sheets, a deal set's sheet, a night's results, the blank-sheet form
    "page-hand.js",        # a player's hand when the app deals
)
# The virtual module of a linked file's words (app.js imports them): given at start as no words,
# written per language by Assets.worded.
WORDS_MODULE = "words.js"
NO_WORDS = "export const words = {};\n"
NO_WORDS_MINIFIED = "const words={};"
# Written into the page rather than linked: allowed by the Content-Security-Policy by their
# SHA-256 (security.py), never by 'unsafe-inline'. Classic scripts, not modules: a module is
# deferred, and these must run before the page is first drawn (the theme; a sheet's fit).
INLINE = ("theme.js", "sheet-fit.js")
IMMUTABLE = "public, max-age=31536000, immutable"
HASH_LENGTH = 8


@dataclass(frozen=True)
class Asset:
    """One static file (or bundle) held in memory: its plain name, hashed name and bytes."""

    name: str
    hashed: str
    body: bytes
    mimetype: str
    etag: str


def hashed_name(name: str, body: bytes) -> tuple[str, str]:
    """``icons/icon-192.png`` and its bytes → (``icons/icon-192.1a2b3c4d.png``, the full digest)."""
    digest = hashlib.sha256(body).hexdigest()
    path = PurePosixPath(name)
    return str(path.with_name(f"{path.stem}.{digest[:HASH_LENGTH]}{path.suffix}")), digest


CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)


INDENT = re.compile(rb"^[ \t]+|[ \t]+$", re.M)
BLANK_LINES = re.compile(rb"\n{2,}")
CSS_BRACES = re.compile(rb"\s*([{}])\s*")


def minified(name: str, body: bytes) -> bytes:
    """A bundle's part, a linked script or an inline file without its comments and the spaces
    nobody reads (a fifth of the bytes on the wire, compressed, for CSS; a third for JavaScript).
    JavaScript by
    rjsmin, which knows strings and regular expressions from comments; CSS by our own three
    rules (``/* ... */``, indentation and blank lines, the spaces around braces), safe for our
    stylesheets, which put no comment marker or brace inside a string. tests/web/
    test_light_on_the_wire.py checks that only comments and spaces are lost. The source files
    themselves are served unchanged."""
    if name.endswith(".js"):
        script: str = rjsmin.jsmin(body.decode(), keep_bang_comments=False)
        return script.encode()
    if not name.endswith(".css"):
        return body
    body = CSS_BRACES.sub(rb"\1", CSS_COMMENT.sub(b"", body)).replace(b";}", b"}")
    return BLANK_LINES.sub(b"\n", INDENT.sub(b"", body)).lstrip(b"\n")


def make_asset(name: str, body: bytes) -> Asset:
    hashed, digest = hashed_name(name, body)
    mimetype = "text/javascript" if name.endswith(".js") else mimetypes.guess_type(name)[0] or "application/octet-stream"
    return Asset(name, hashed, body, mimetype, digest[:32])


def words_module(words: script_words.Words) -> str:
    """The virtual module ``./words.js`` of a linked file, minified as the rest: the words its
    modules say (app.js's ``say`` reads them). JSON is JavaScript; nothing in it can end a script,
    which is a file of its own."""
    return "const words=" + json.dumps(words, ensure_ascii=False, separators=(",", ":")) + ";"


class Assets:
    """Every static file by plain name and by hashed name, read once; each page's entry module
    linked with what it imports, at start, and in each language, made once."""

    def __init__(self, folder: Path) -> None:
        self.by_name: dict[str, Asset] = {}
        self.by_hashed: dict[str, Asset] = {}
        files = {path.relative_to(folder).as_posix(): path.read_bytes()
                 for path in sorted(folder.rglob("*")) if path.is_file() and not path.name.startswith(".")}
        for bundle, parts in BUNDLES.items():
            if all(part in files for part in parts):
                files[bundle] = b"\n".join(minified(part, files[part]) for part in parts)
        for name, body in files.items():
            self.add(make_asset(name, body))
        # Each entry linked (raises LinkError at start if it cannot be), minified, with no words yet.
        scripts = {name: body.decode() for name, body in files.items() if name.endswith(".js") and "/" not in name}
        self.linked: dict[str, modules.Linked] = {}
        self.linked_code: dict[str, str] = {}
        for entry in ENTRIES:
            if entry in scripts:
                linked = modules.link(entry, scripts, {WORDS_MODULE: NO_WORDS})
                code = minified(entry, linked.code.encode()).decode()
                if WORDS_MODULE in linked.modules and code.count(NO_WORDS_MINIFIED) != 1:
                    raise modules.LinkError(f"{entry}: its words' place ({NO_WORDS_MINIFIED}) is not found once")
                self.linked[entry] = linked
                self.linked_code[entry] = code
        # The linked entries with their words, by (entry, language): made by worded().
        self.by_language: dict[tuple[str, str], Asset] = {}
        self.words_lock = threading.Lock()
        # The text written into pages, and the hashes that let the Content-Security-Policy allow it.
        self.inline: dict[str, Markup] = {}
        self.hashes: dict[str, list[str]] = {"script": [], "style": []}
        for name in INLINE:
            text = (files[name] if name in BUNDLES else minified(name, files[name])).decode()
            if "</" in text:  # would end the <style> or <script> element early
                raise ValueError(f"{name} cannot be written into a page: it holds '</'")
            self.inline[name] = Markup(text)
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            self.hashes["script" if name.endswith(".js") else "style"].append(f"'sha256-{digest}'")

    def add(self, asset: Asset) -> None:
        self.by_name[asset.name] = asset
        self.by_hashed[asset.hashed] = asset

    def worded(self) -> dict[tuple[str, str], Asset]:
        """Every linked entry in every language (``page.de.1a2b3c4d.js``), with the words of its
        modules. Made at the first call, in an app context (the words are the catalogs'): every
        entry and language at once, so that a process names a German file as another does
        before any German page was asked of it."""
        with self.words_lock:
            if not self.by_language:
                made = {}
                for entry, linked in self.linked.items():
                    for code in language.LANGUAGES:
                        with language.forced(code):
                            words = words_module(script_words.for_modules(linked.modules))
                        body = self.linked_code[entry].replace(NO_WORDS_MINIFIED, words, 1).encode()
                        made[entry, code] = make_asset(str(PurePosixPath(entry).with_suffix(f".{code}.js")), body)
                for asset in made.values():
                    self.by_hashed[asset.hashed] = asset
                self.by_language = made
        return self.by_language

    def in_language(self, name: str) -> Asset | None:
        """A linked entry in the page's language (English outside a request), else None."""
        if name not in self.linked:
            return None
        return self.worded()[name, language.current() if has_request_context() else language.DEFAULT]

    @property
    def version(self) -> str:
        """Named in the service worker's cache, so that a new version of any file (or of an
        entry's words) starts a new cache."""
        self.worded()
        return hashlib.sha256("".join(sorted(self.by_hashed)).encode()).hexdigest()[:HASH_LENGTH]

    def url(self, name: str) -> str:
        asset = self.in_language(name) or self.by_name.get(name)
        if asset is None:  # a file added after the start: its plain name, never a broken link
            return url_for("static", filename=name)
        return url_for("static", filename=asset.hashed)


def assets() -> Assets:
    found: Assets = current_app.extensions["assets"]
    return found


def inline(name: str) -> Markup:
    """The text of ``theme.js`` or ``sheet-fit.js`` to write into a page, between its tags with nothing
    around it: the Content-Security-Policy allows exactly this text."""
    return assets().inline[name]


def static_url(name: str) -> str:
    """The address of a static file (``app.css``, ``icons/icon-192.png``) under its hashed name; of
    an entry module (``page.js``), its linked file in the page's language."""
    return assets().url(name)


def script_module(entry: str) -> Markup:
    """The page's script: its entry module (``ENTRIES``) linked with what it imports, in the page's
    language, as ``<script type="module">`` (deferred, as a module is: run once the page is read)."""
    if entry not in assets().linked:
        raise KeyError(f"{entry} is not an entry module (assets.ENTRIES)")
    return Markup('<script type="module" src="{}"></script>').format(static_url(entry))


def body_of(filename: str) -> bytes | None:
    """The bytes ``/static/<filename>`` answers with, if the file is one held in memory."""
    found = assets()
    asset = found.by_hashed.get(filename) or found.by_name.get(filename)  # serve() made the languages' entries
    return asset.body if asset is not None else None


def serve(filename: str) -> Response:
    """``/static/<filename>``: a hashed name for a year, a plain name ``no-cache`` (with an ETag)."""
    found = assets()
    asset = found.by_hashed.get(filename)
    if asset is None and not found.by_language:  # an entry in a language, before this process made them
        found.worded()
        asset = found.by_hashed.get(filename)
    immutable = asset is not None
    if asset is None:
        asset = found.by_name.get(filename)
    if asset is None:
        return current_app.send_static_file(filename) if current_app.has_static_folder else abort(404)
    response = Response(asset.body, mimetype=asset.mimetype)
    response.set_etag(asset.etag)
    if immutable:
        response.headers["Cache-Control"] = IMMUTABLE
    else:
        response.headers["Cache-Control"] = "no-cache"
        response.make_conditional(request)
    return response


def register(app: Flask) -> None:
    """Read ``static/`` once and answer ``/static/...`` from memory."""
    app.extensions["assets"] = Assets(Path(app.static_folder or "static"))
    app.view_functions["static"] = serve
    app.add_template_global(static_url, "static_url")
    app.add_template_global(inline, "inline")
    app.add_template_global(script_module, "script_module")
