"""Every kind of response carries the security headers; a foreign Host is refused; the session
cookie stays on this site; templates need no inline script or style."""

from __future__ import annotations

import base64
import hashlib
import io
import re
from pathlib import Path

import pytest
from webhelpers import (
    count,  # noqa: I001 (grouped with the helpers above)
    csrf_token,
    match_form,
    post_deal,
    start_match,
)

from scorer.web.data.models import Match, Player
from scorer.web.policy import security
from scorer.web.serving.assets import INLINE, Assets
from scorer.web.serving.serve import listening_hosts

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "Content-Security-Policy": security.CONTENT_SECURITY_POLICY.format(
        **{kind: "".join(" " + h for h in hashes) for kind, hashes in Assets(ROOT / "static").hashes.items()}),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def assert_headers(response, referrer: str = "same-origin") -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (name, response.status_code, response.mimetype)
    assert response.headers["Referrer-Policy"] == referrer
    csp = response.headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'",
                      "object-src 'none'", "base-uri 'none'", "form-action 'self'"):
        assert directive in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    # Two texts are allowed inline, each by its hash: the theme script and the sheets' fit (the deal
    # form's styles are linked like every other stylesheet).
    assert len(re.findall(r"'sha256-[A-Za-z0-9+/]+={0,2}'", csp)) == len(INLINE) == 2
    assert "style-src 'self';" in csp  # no inline style is allowed at all


def inline_texts(html: str) -> list[tuple[str, str]]:
    return re.findall(r"<(script|style)>(.*?)</\1>", html, re.S)


def test_what_a_page_holds_inline_is_exactly_what_the_policy_allows(client):
    """The theme script on every page is allowed by its SHA-256: a character more or less in the page
    and the browser would refuse it. The deal form writes no styles into the page: it links them."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for url, kinds in (("/", ["script"]), (f"/matches/{match_id}", ["script"]),
                       (f"/matches/{match_id}/deals/new", ["script"])):
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        found = inline_texts(response.text)
        assert [kind for kind, _ in found] == kinds, url
        for kind, text in found:
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            directive = next(d for d in csp.split("; ") if d.startswith(f"{kind}-src"))
            assert f"'sha256-{digest}'" in directive.split(), (url, kind)


def test_every_kind_of_response_carries_the_headers(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/boom")
    def boom():  # a view that fails: the 500 page needs the headers too
        raise RuntimeError("boom")

    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    saved = post_deal(client, match_id, 1, [4, 3, 2], [4, 3, 2])
    assert saved.status_code == 303  # a redirect
    assert_headers(saved)
    for url, mimetype in ((f"/matches/{match_id}", "text/html"), (f"/matches/{match_id}/export.json", "application/json"),
                          (f"/matches/{match_id}/export.csv", "text/csv"), ("/export/matches.zip", "application/zip"),
                          ("/sw.js", "text/javascript"), ("/manifest.webmanifest", "application/manifest+json"),
                          ("/matches/99999999999999999999", "text/html"), ("/no/such/page", "text/html"),
                          ("/static/no-such-file.js", "text/html"), ("/boom", "text/html")):
        response = client.get(url)
        assert response.mimetype == mimetype, url
        assert_headers(response)
        response.close()  # a static file is sent from an open file
    # A file the app ships (the same bytes for everyone, no script of its own) is sent nosniff and the
    # referrer policy (which a stylesheet's and a module's own fetches follow), not the headers only
    # a page reads; a 404 for a missing file is a page and has them all (above).
    home = client.get("/").get_data(as_text=True)
    module = home.split('type="module" src="')[1].split('"')[0]
    for url in ("/static/app.css", "/static/app.js", module, "/static/icon.svg"):
        response = client.get(url, headers={"Accept-Encoding": "br"})
        assert response.status_code == 200 and response.mimetype != "text/html", url
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        for name in ("Content-Security-Policy", *security.DOCUMENT_HEADERS):
            assert name not in response.headers, (url, name)
    assert client.get("/boom").status_code == 500
    big = client.post("/matches/new", data={"players-0": "x" * 100_000})
    assert big.status_code == 413
    assert_headers(big)
    bad_host = client.get("/", headers={"Host": "evil.example"})
    assert bad_host.status_code == 400
    assert_headers(bad_host)


def test_a_hand_page_keeps_no_referrer(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="7")
    token = re.search(r"/hand/([A-Za-z0-9_-]+)", client.get(f"/matches/{match_id}").text)
    assert token is not None
    assert_headers(client.get(f"/hand/{token.group(1)}"), referrer="no-referrer")


def test_a_foreign_host_can_neither_read_nor_write(app, client):
    """A page on evil.example whose name now points at this machine (DNS rebinding) sends
    ``Host: evil.example``: refused before any view runs, so nothing is read and nothing stored."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for method, url, data in (("GET", f"/matches/{match_id}", None), ("GET", "/export/matches.zip", None),
                              ("POST", "/matches/new", match_form(["Eve", "Mal"])),
                              ("POST", f"/matches/{match_id}/delete", {})):
        response = client.open(url, method=method, data=data, headers={"Host": "evil.example"})
        assert response.status_code == 400, url
        assert b"Ann" not in response.data
        assert "not trusted" in response.text or "Bad Request" in response.text
    assert count(app, Match) == 1 and count(app, Player) == 3
    for host in ("localhost", "127.0.0.1", "127.0.0.1:5000"):
        assert client.get(f"/matches/{match_id}", headers={"Host": host}).status_code == 200


def test_scorer_hosts_adds_a_domain_name(app_factory, monkeypatch):
    monkeypatch.setenv("SCORER_HOSTS", "scores.example.org, 192.168.1.20 ")
    from scorer import create_app

    app = create_app()
    assert app.config["TRUSTED_HOSTS"] == ["localhost", "127.0.0.1", "scores.example.org", "192.168.1.20"]


def test_the_server_trusts_the_addresses_it_prints():
    shown, hosts = listening_hosts("192.168.7.9")
    assert shown == ["192.168.7.9"] and hosts == ["192.168.7.9"]
    shown, hosts = listening_hosts("0.0.0.0")
    assert set(shown) <= set(hosts)


def test_qr_links_name_only_a_trusted_host(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="7")
    # The scorekeeper's phone (its cookie is for the host it started the match on) sees the links.
    page = client.get(f"/matches/{match_id}", headers={"Host": "localhost:5000"}).text
    assert "http://localhost:5000/hand/" in page
    assert client.get(f"/matches/{match_id}", headers={"Host": "evil.example:5000"}).status_code == 400


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(csrf_client):
    page = csrf_client.get("/matches/new")
    cookie = page.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    csrf_client.delete_cookie("session")
    secure = csrf_client.get("/matches/new", base_url="https://localhost")
    assert "Secure" in secure.headers["Set-Cookie"]
    assert csrf_token(page.text)


def test_an_upload_over_the_limit_gets_the_headers(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, IMPORT_MAX_CONTENT_LENGTH=1000)
    response = app.test_client().post("/import", data={"file": (io.BytesIO(b"x" * 5000), "m.json")},
                                      content_type="multipart/form-data")
    assert response.status_code == 413
    assert_headers(response)


@pytest.mark.parametrize("folder", ["templates", "static"])
def test_no_inline_script_style_or_handler(folder):
    """The CSP allows no inline script, style attribute or event handler: none is written but the
    texts of assets.INLINE, allowed by their hash."""
    found = []
    for path in (ROOT / folder).rglob("*"):
        if path.suffix not in (".html", ".js", ".svg"):
            continue
        text = path.read_text(encoding="utf-8")
        text = (text.replace("<script>{{ inline('theme.js') }}</script>", "")
                .replace("<script>{{ inline('sheet-fit.js') }}</script>", ""))
        for pattern in (r"<script(?![^>]*\bsrc=)[^>]*>", r"\sstyle=\"", r"<style", r"\son[a-z]+=\"",
                        r"setAttribute\(\s*[\"']style", r"innerHTML[^;]*style="):
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert found == []


# ---------------------------------------------------------------------------- where a form goes back to

ELSEWHERE = ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/\\evil.example", "//evil.example",
             "https://evil.example", "/ /evil.example", "/\u0085/evil.example", "javascript:alert(1)", ""]


@pytest.mark.parametrize("target", ELSEWHERE)
def test_no_next_sends_a_browser_to_another_site(app, client, target):
    """Issue 32: the manager's ratings form took ``next=/\\t/evil.example`` and answered with it,
    which a browser, dropping tabs and line breaks, follows to //evil.example. Every ``next`` (the
    ratings form, the sign-in page, the language switch, an undo) goes through one check,
    ``security.local_path``: a path on this site or the page's own default."""
    assert security.local_path(target) is None
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 3, 3], [5, 2, 2]).status_code == 303
    answer = client.post(f"/matches/{match_id}/ratings", data={"action": "leave-out", "next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == f"/history/{match_id}"
    answer = client.post("/language", data={"lang": "de", "next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_a_next_on_this_site_is_followed(app, client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 3, 3], [5, 2, 2]).status_code == 303
    good = f"/matches/{match_id}"
    assert security.local_path(good) == good and security.local_path("/history/?state=finished&page=2")
    answer = client.post(f"/matches/{match_id}/ratings", data={"action": "leave-out", "next": good})
    assert answer.status_code == 303 and answer.headers["Location"] == good
    answer = client.post("/language", data={"lang": "en", "next": good})
    assert answer.status_code == 303 and answer.headers["Location"] == good
