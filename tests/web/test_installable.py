"""Installable on a phone (issue 13): the manifest, its icons, the service worker's address and
type, and the links every page carries in its head."""

from __future__ import annotations

import json
import re
import struct

import pytest
from flask.testing import FlaskClient
from webhelpers import start_match


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header: the signature, then the IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def fetch(client: FlaskClient, path: str) -> tuple[int, str, dict[str, str], bytes]:
    """Status, type, headers and body of a GET, its file closed (static files are streamed)."""
    with client.get(path) as response:
        return response.status_code, response.mimetype, dict(response.headers), response.get_data()


def head_links(html: str) -> dict[str, str]:
    head = html.split("</head>", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r'<link rel="([^"]+)" href="([^"]+)"', head)}


def test_manifest_says_what_an_installed_app_needs(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["name"] == "Ninety-Nine score keeper"
    assert manifest["short_name"] == "Ninety-Nine"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    by_purpose = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= by_purpose


def test_every_icon_is_a_png_of_the_size_it_claims(client: FlaskClient) -> None:
    icons = json.loads(client.get("/manifest.webmanifest").data)["icons"]
    for icon in icons:
        status, mimetype, _, data = fetch(client, icon["src"])
        assert status == 200, icon["src"]
        assert mimetype == icon["type"] == "image/png"
        width, height = png_size(data)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_apple_touch_icon_is_180_px_and_opaque(client: FlaskClient) -> None:
    href = head_links(client.get("/").text)["apple-touch-icon"]
    _, mimetype, _, data = fetch(client, href)
    assert mimetype == "image/png"
    assert png_size(data) == (180, 180)
    # Colour type 2 is RGB without alpha, 6 is RGBA: iOS paints transparency black, so the touch
    # icon is full bleed (Chromium still writes RGBA; what matters is that the corners are filled,
    # which the maskable and touch icons are drawn for: no rounded corners in their SVG).
    assert data[25] in (2, 6)


def test_the_theme_colour_pairs_light_and_dark(client: FlaskClient) -> None:
    head = client.get("/").text.split("</head>", 1)[0]
    metas = re.findall(r'<meta name="theme-color" content="(#[0-9a-f]{6})" media="\(prefers-color-scheme: (\w+)\)">', head)
    assert {scheme for _, scheme in metas} == {"light", "dark"}


@pytest.fixture
def pages(client: FlaskClient) -> list[str]:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    return ["/", "/matches/new", f"/matches/{match_id}", f"/matches/{match_id}/deals/new", "/history/", "/stats/",
            "/players/", "/offline", "/matches/999999"]


def test_every_page_links_the_manifest_and_the_touch_icon(client: FlaskClient, pages: list[str]) -> None:
    for path in pages:
        response = client.get(path)
        assert response.status_code in (200, 404), (path, response.status_code)
        links = head_links(response.text)
        assert links.get("manifest") == "/manifest.webmanifest?lang=en", path  # in the page's language
        assert re.fullmatch(r"/static/icons/apple-touch-icon\.[0-9a-f]{8}\.png", links.get("apple-touch-icon", "")), path


def test_service_worker_is_served_from_the_root_as_javascript_never_cached(client: FlaskClient) -> None:
    status, mimetype, headers, data = fetch(client, "/sw.js")
    assert status == 200
    assert mimetype == "text/javascript"
    assert headers["Cache-Control"] == "no-cache"
    assert "Service-Worker-Allowed" not in headers  # its scope is the root it is served from
    assert b'addEventListener("fetch"' in data


def test_the_worker_keeps_no_private_page_no_post_and_no_export(client: FlaskClient) -> None:
    source = fetch(client, "/sw.js")[3].decode()
    # Only the shell and the scoreboard (/matches/<id>, nothing after it) are ever put in the cache.
    assert 'var SCOREBOARD = /^\\/matches\\/[0-9]+$/;' in source
    assert 'if (request.method !== "GET") return;' in source
    shell = re.search(r"var SHELL = \[(.*?)\];", source, re.S)
    assert shell
    files = re.findall(r'"([^"]+)"', shell.group(1))
    assert not [f for f in files if f.startswith(("/hand", "/export")) or "/matches/" in f]


def test_every_shell_file_the_worker_caches_exists(client: FlaskClient) -> None:
    # cache.addAll fails the worker's install if any one of these is missing.
    source = fetch(client, "/sw.js")[3].decode()
    shell = re.search(r"var SHELL = \[(.*?)\];", source, re.S)
    assert shell
    for path in re.findall(r'"([^"]+)"', shell.group(1)):
        assert fetch(client, path)[0] == 200, path


def test_the_offline_page_says_what_to_do(client: FlaskClient) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "cannot be reached" in response.text


def test_the_browsers_update_check_for_the_worker_gets_a_304_when_unchanged(client: FlaskClient) -> None:
    _, _, headers, _ = fetch(client, "/sw.js")
    with client.get("/sw.js", headers={"If-None-Match": headers["ETag"]}) as again:
        assert again.status_code == 304
