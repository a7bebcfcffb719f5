"""Light on the wire (issue 12): compressed responses, static files under content-hashed names
kept for a year, every static address built by ``static_url``, and byte budgets for the pages a
table sees most. Sizes and counts, never timings (timings are ``make bench``'s)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest
from cardhelpers import app_match, dealt, take_seat
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post_deal, start_match, without_tokens

from scorer.web.serving.assets import BUNDLES, IMMUTABLE, Assets, hashed_name
from scorer.web.serving.compression import MIN_SIZE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
HASHED = re.compile(r"/static/(?P<stem>[^\"'\s]+)\.(?P<hash>[0-9a-f]{8})\.(?P<ext>[a-z0-9]+)")
GZIP = {"Accept-Encoding": "gzip"}  # what Chromium sends over plain http on a LAN
BROTLI = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # ...and over HTTPS


def get(client: FlaskClient, path: str, **headers: str):
    with client.get(path, headers=headers) as response:
        response.get_data()
        return response


def static_links(html: str) -> list[str]:
    """The static files a page asks for as it loads: stylesheets, scripts and the icon."""
    head_and_body = re.findall(r'<(?:link rel="(?:stylesheet|icon)"|script(?: defer| type="module")?) (?:href|src)="(/static/[^"]+)"', html)
    return head_and_body


@pytest.fixture
def long_match(client: FlaskClient) -> int:
    """A 27-deal three-player match (made and failed bids, a premium), as at a long evening's table."""
    match_id = start_match(client, ["Annabel", "Bartholomew", "Cyril"], match="deals", deals="30")
    for number in range(1, 28):
        if number % 3 == 0:
            bids, tricks = [4, 3, 2], [5, 2, 2]  # two bids failed
        elif number == 5:
            bids, tricks = [9, 0, 0], [9, 0, 0]
        else:
            bids, tricks = [4, 3, 2], [4, 3, 2]
        offers = {0: "declare"} if number == 5 else None
        assert post_deal(client, match_id, number, bids, tricks, offers).status_code == 303, number
    client.get("/")  # the 27 messages the saves left ("Deal 4 saved. Undo"), read as a phone reads each
    return match_id


# ---------------------------------------------------------------------------- compression


@pytest.mark.parametrize("encoding, decode", [("gzip", gzip.decompress), ("br", brotli.decompress)])
def test_pages_styles_and_scripts_are_compressed(client: FlaskClient, encoding, decode) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    page = get(client, f"/matches/{match_id}").text
    form = get(client, f"/matches/{match_id}/deals/new").text  # its own styles and script: play.css, page-deal-form.js
    paths = [f"/matches/{match_id}/deals/new", f"/matches/{match_id}", "/", *static_links(page), *static_links(form),
             "/manifest.webmanifest", f"/matches/{match_id}/export.json"]
    assert any(p.endswith(".css") for p in paths) and any(p.endswith(".js") for p in paths)
    assert any(p.endswith(".svg") for p in paths)
    for path in paths:
        plain = get(client, path).get_data()
        packed = get(client, path, **{"Accept-Encoding": encoding})
        if len(plain) < MIN_SIZE:  # the icon (240 bytes): compressing it would save nothing
            assert "Content-Encoding" not in packed.headers
            continue
        assert packed.headers.get("Content-Encoding") == encoding, path
        assert "Accept-Encoding" in packed.headers["Vary"], path
        # A page's CSRF token (the language switch's form on every page) is signed with the second it was made.
        assert without_tokens(decode(packed.get_data()).decode()) == without_tokens(plain.decode()), path
        assert len(packed.get_data()) < len(plain) / 2, path


def test_static_files_are_sent_compressed_at_each_encodings_best(client: FlaskClient) -> None:
    """A stylesheet or a linked script is compressed once a process, so it is compressed at Brotli 11
    and gzip 9 (a page, made per request, at Brotli 5): the deal form's script is about 700 B
    lighter on a phone's first visit than at the pages' level."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    form = get(client, f"/matches/{match_id}/deals/new").text
    statics = [p for p in static_links(form) if p.endswith((".css", ".js"))]
    assert len(statics) == 2, statics
    for path in statics:
        plain = get(client, path).get_data()
        for _ in range(2):  # compressed at the first request, then kept
            packed = get(client, path, **{"Accept-Encoding": "br"}).get_data()
            assert packed == brotli.compress(plain, quality=11), path
            assert len(packed) < len(brotli.compress(plain, quality=5)), path
        zipped = get(client, path, **GZIP).get_data()
        assert gzip.decompress(zipped) == plain and len(zipped) == len(gzip.compress(plain, 9, mtime=0)), path


def test_nothing_is_compressed_for_a_client_that_does_not_ask(client: FlaskClient) -> None:
    response = get(client, "/")
    assert "Content-Encoding" not in response.headers
    assert response.get_data().startswith(b"<!doctype html>")


def test_zip_downloads_are_never_compressed_again(client: FlaskClient) -> None:
    start_match(client, ["Ann", "Bob", "Cy"])
    response = get(client, "/export/matches.zip", **BROTLI)
    assert response.mimetype == "application/zip"
    assert "Content-Encoding" not in response.headers
    assert response.get_data()[:2] == b"PK"


def test_a_private_hand_page_is_never_compressed(app: Flask, client: FlaskClient) -> None:
    """BREACH (docs/SECURITY.md): a player's cards beside text the address chose are sent as they are."""
    match_id = app_match(client)
    token = dealt(app, match_id)["tokens"][0]
    phone = app.test_client()
    assert take_seat(phone, token).status_code == 303
    response = get(phone, f"/hand/{token}?x=reflected", **BROTLI)
    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    assert "Content-Encoding" not in response.headers
    # ...while the scorekeeper's scoreboard of the same match is.
    assert get(client, f"/matches/{match_id}", **BROTLI).headers.get("Content-Encoding") == "br"


# ---------------------------------------------------------------------------- hashed names


def test_every_static_file_has_a_hashed_name_kept_for_a_year(app: Flask, client: FlaskClient) -> None:
    found: Assets = app.extensions["assets"]
    files = [p.relative_to(ROOT / "static").as_posix() for p in (ROOT / "static").rglob("*") if p.is_file()]
    assert set(files) <= set(found.by_name)
    for name in files:
        body = (ROOT / "static" / name).read_bytes()
        hashed = found.by_name[name].hashed
        assert hashed == hashed_name(name, body)[0]
        response = get(client, f"/static/{hashed}")
        assert response.status_code == 200, name
        assert response.headers["Cache-Control"] == IMMUTABLE == "public, max-age=31536000, immutable"
        assert response.get_data() == body, name


def test_the_hash_follows_the_content() -> None:
    one, _ = hashed_name("app.css", b"body { color: red; }")
    assert re.fullmatch(r"app\.[0-9a-f]{8}\.css", one)
    assert hashed_name("app.css", b"body { color: red; }")[0] == one
    assert hashed_name("app.css", b"body { color: blue; }")[0] != one
    assert re.fullmatch(r"icons/icon-192\.[0-9a-f]{8}\.png", hashed_name("icons/icon-192.png", b"x")[0])


def test_the_bundles_keep_every_line_of_code_and_lose_only_comments(client: FlaskClient) -> None:
    """site.css and play.css are their parts joined without comments, indentation and blank lines:
    with every blank taken out of both, the bundle is its parts without their comments, in order,
    and no comment is left."""
    for bundle, parts in BUNDLES.items():
        served = get(client, f"/static/{bundle}").text
        expected = []
        for part in parts:
            source = re.sub(r"/\*.*?\*/", "", (ROOT / "static" / part).read_text(), flags=re.S)
            if part.endswith(".js"):  # and our scripts' line comments: whole lines, or "  // " after code
                source = re.sub(r"^[ \t]*//[^\n]*$|[ \t]+// [^\n]*$", "", source, flags=re.M)
            expected.append(source)

        def bare(text: str) -> str:
            return re.sub(r"\s", "", text).replace(";}", "}")
        assert bare(served) == bare("".join(expected)), bundle
        assert "/*" not in served and "*/" not in served, bundle
        assert not re.search(r"(^|[;{}])\s*//", served, re.M), bundle  # no line comment left
        assert not any(line != line.strip() for line in served.splitlines()), bundle  # no indentation left
        assert len(served) < sum(len((ROOT / "static" / part).read_text()) for part in parts)


def test_a_linked_script_keeps_every_line_of_code_and_loses_only_comments(app: Flask) -> None:
    """A page's script is its modules, in order, without their comments, import lines, "use strict"
    and export keywords, and without the spaces JavaScript does not need (rjsmin); the words first."""
    found: Assets = app.extensions["assets"]
    assert found.linked, "no entry linked"
    for entry, linked in found.linked.items():
        served = found.linked_code[entry]
        expected = []
        for name in linked.modules:
            if name == "words.js":
                expected.append("const words={};")
                continue
            source = re.sub(r"/\*.*?\*/", "", (ROOT / "static" / name).read_text(), flags=re.S)
            source = re.sub(r"^[ \t]*//[^\n]*$|[ \t]+// [^\n]*$", "", source, flags=re.M)
            source = re.sub(r"^import [^\n]*$|^\s*\"use strict\";$", "", source, flags=re.M)
            expected.append(re.sub(r"^export ", "", source, flags=re.M))
        assert re.sub(r"\s", "", served) == re.sub(r"\s", "", "".join(expected)), entry
        assert "/*" not in served and not re.search(r"^\s*//", served, re.M), entry
        assert not re.search(r"^(import|export)\b", served, re.M), entry


def test_a_linked_script_is_lighter_on_the_wire_than_its_modules_as_written(app: Flask) -> None:
    """The scripts are modules, a file per feature: a page's is linked and minified (rjsmin), and
    weighs less gzipped than its modules joined as written, by a tenth at least. (The deal form's
    weight in its 20 KB is make bench's goal.)"""
    found: Assets = app.extensions["assets"]
    for entry, linked in found.linked.items():
        body = found.linked_code[entry].encode()
        written = "".join((ROOT / "static" / name).read_text() for name in linked.modules if name != "words.js").encode()
        assert len(gzip.compress(body, 9)) < 0.9 * len(gzip.compress(written, 9)), entry


def test_a_plain_name_still_works_but_is_asked_again_each_time(client: FlaskClient) -> None:
    response = get(client, "/static/app.css")
    assert response.status_code == 200 and response.mimetype == "text/css"
    assert response.headers["Cache-Control"] == "no-cache"
    again = get(client, "/static/app.css", **{"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert get(client, "/static/no-such-file.css").status_code == 404
    assert get(client, "/static/app.00000000.css").status_code == 404  # a hash that is not the file's


def test_a_page_asks_only_for_hashed_static_files(client: FlaskClient) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for path in ["/", f"/matches/{match_id}", f"/matches/{match_id}/deals/new", "/history/", "/stats/",
                 f"/matches/{match_id}/sheet", "/sheets/blank", "/offline"]:
        html = get(client, path).text
        addresses = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
        assert addresses, path
        assert [a for a in addresses if not HASHED.fullmatch(a)] == [], path


def test_every_template_builds_static_addresses_with_static_url() -> None:
    """No template writes /static/... or calls url_for('static', ...): a plain name would be
    asked for again on every visit."""
    found = {}
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        hits = re.findall(r"url_for\(\s*['\"]static['\"]|['\"]/static/", text)
        if hits:
            found[path.relative_to(TEMPLATES).as_posix()] = hits
    assert found == {}
    uses = sum(path.read_text().count("static_url(") for path in TEMPLATES.rglob("*.html"))
    assert uses >= 5
    python = [p for p in (ROOT / "scorer").rglob("*.py") if re.search(r"url_for\(\s*['\"]static['\"]", p.read_text())]
    assert [p.name for p in python] == ["assets.py"]  # the helper itself


def test_the_service_workers_shell_names_hashed_files_that_exist(client: FlaskClient) -> None:
    source = get(client, "/sw.js").text
    shell = re.search(r"var SHELL = \[(.*?)\];", source, re.S)
    assert shell
    files = re.findall(r'"([^"]+)"', shell.group(1))
    statics = [f for f in files if f.startswith("/static/")]
    assert statics and all(HASHED.fullmatch(f) for f in statics), statics
    for path in files:
        assert get(client, path).status_code == 200, path
    # What every page loads is in the shell, so a page opened offline has its styles and script.
    for address in static_links(get(client, "/offline").text):
        assert address in files
    # A new version of any file names a new cache, which the worker's activation keeps alone.
    assert re.search(r'var CACHE = "ninety-nine-v1-[0-9a-f]{8}-en";', source)  # and the language (test_language.py)


# ---------------------------------------------------------------------------- budgets


def test_the_record_a_deal_screen_is_under_20_kb_and_4_requests_cold(client: FlaskClient) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 3, 2]).status_code == 303
    page = get(client, f"/matches/{match_id}/deals/new", **GZIP)
    html = gzip.decompress(page.get_data()).decode()
    statics = static_links(html)
    assert 1 + len(statics) <= 4, statics  # the page, its stylesheet, its script, the icon
    on_the_wire = len(page.get_data()) + sum(len(get(client, s, **GZIP).get_data()) for s in statics)
    assert on_the_wire <= 20_000, on_the_wire


def test_a_27_deal_scoreboard_and_match_record_are_under_30_kb_of_html(client: FlaskClient, long_match: int) -> None:
    for path in [f"/matches/{long_match}", f"/history/{long_match}"]:
        html = get(client, path).get_data()
        assert html.count(b'<tbody id="deal-') == 27, path
        assert len(html) <= 30_000, (path, len(html))
        assert len(re.findall(rb"\n[ \t]+", html)) < 20, path  # no indentation left behind
