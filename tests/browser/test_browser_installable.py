"""Installable, and honest when the server is out of reach or the phone may sleep (issue 13).

The browser tests serve plain http on 127.0.0.1, which Chromium counts as a secure context
(localhost and 127.0.0.1 are "potentially trustworthy"), so the installability check, the service
worker and the Wake Lock run there exactly as they would over HTTPS. A phone on plain http at a LAN
address is not a secure context: that branch is reached by overriding ``window.isSecureContext``.
"""

from __future__ import annotations

import re

import pytest
from browserhelpers import PHONE, no_sideways_scroll, start_match
from playwright.sync_api import Page, expect

SHELL_OR_BOARD = re.compile(r"^/(static/.+|offline|matches/[0-9]+(/deals/new)?)$")
# The worker's cache is named "ninety-nine-v1-<version of the static files>" (pwa.worker_source).
APP_CACHE = "caches.keys().then(ks => caches.open(ks.filter(k => k.indexOf('ninety-nine-v1-') === 0)[0] || 'none'))"
NOT_SECURE = "Object.defineProperty(window, 'isSecureContext', {value: false});"


def controlled(page: Page) -> None:
    """Wait until the service worker is installed (its shell cached) and controls this page."""
    page.wait_for_function("navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)")


def kept(page: Page, path: str) -> None:
    page.wait_for_function(f"{APP_CACHE}.then(c => c.match(location.origin + '{path}')).then(Boolean)")


def test_chromium_finds_nothing_that_stops_installing_it(browser_type, browser_type_launch_args, base_url,
                                                        tmp_path) -> None:
    # Playwright's usual contexts are incognito, where Chromium never installs an app
    # ("in-incognito"): this check runs in a profile of its own, as a phone's browser would.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), base_url=base_url,
                                                     viewport=PHONE, is_mobile=True, has_touch=True,
                                                     **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("/")
        controlled(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"].endswith("/manifest.webmanifest?lang=en")  # in the page's language
    finally:
        context.close()


def test_the_last_scoreboard_is_shown_when_the_server_cannot_be_reached(page: Page, shoot) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    board = page.url
    controlled(page)
    page.reload()  # now through the worker, which keeps this scoreboard
    kept(page, "/matches/" + board.rsplit("/", 1)[1])
    expect(page.locator("#offline-note")).to_have_count(0)  # on line: the live page, no note

    page.context.set_offline(True)
    page.reload()
    note = page.locator("#offline-note")
    expect(note).to_have_text(re.compile(r"^Offline: showing the scoreboard as of \d\d:\d\d$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ann")
    no_sideways_scroll(page)
    shoot("installable-offline-scoreboard")

    # A page never kept (history, a hand page) falls back to the offline page, not a stale copy.
    page.goto("/history/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Offline")

    page.context.set_offline(False)
    page.goto(board)
    expect(page.locator("#offline-note")).to_have_count(0)


def test_the_worker_keeps_only_the_shell_scoreboards_and_deal_forms(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    controlled(page)
    board = page.url
    for path in ["/history/", "/stats/", "/players/", "/matches/new"]:
        page.goto(path)
    page.goto(board)
    page.get_by_role("link", name=re.compile("deal", re.I)).first.tap()
    page.wait_for_url("**/matches/1/deals/new")
    kept(page, "/matches/1/deals/new")  # the form a table plays on with while the server is away (issue 35)
    page.goto(board)
    kept(page, "/matches/1")
    paths = page.evaluate(f"{APP_CACHE}.then(c => c.keys()).then(ks => ks.map(r => new URL(r.url).pathname))")
    assert "/matches/1" in paths and any(re.fullmatch(r"/static/page-scoreboard\.en\.[0-9a-f]{8}\.js", p) for p in paths) and "/offline" in paths
    assert [p for p in paths if not SHELL_OR_BOARD.match(p)] == []


def test_the_screen_is_kept_awake_on_a_scoreboard(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])  # app.js marks <html data-wake-lock="on"> once the lock is held
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_plain_http_says_once_that_the_phone_may_sleep(page: Page, shoot, scheme) -> None:
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(NOT_SECURE)
    start_match(page, ["Ann", "Bob", "Cy"])
    note = page.locator("#sleep-note")
    # Issue 34: what the person holding the phone can do, in a line; the server's command is for its owner.
    expect(note).to_have_text(re.compile(r"^This phone may dim its screen during play: raise its screen timeout in "
                                         r"the phone's settings\.×?$"))
    assert note.bounding_box()["height"] <= 100  # a line or two at 390 px, not a quarter of the screen
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(rs => rs.length)") == 0
    no_sideways_scroll(page)
    shoot(f"installable-sleep-note-{scheme}", full_page=False)
    note.get_by_role("button", name="Dismiss this note").tap()
    expect(note).to_have_count(0)
    page.reload()  # once per phone: not again
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ann")
    expect(page.locator("#sleep-note")).to_have_count(0)


def test_a_secure_context_gets_no_sleep_note(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    controlled(page)
    expect(page.locator("#sleep-note")).to_have_count(0)
