"""A save that cannot reach the server is kept on the phone and sent by itself (issue 35, item 2):
the network gone at Save, the answer lost on the way back, and the browser closed and opened again
with a save kept. Each save carries its form's one-time key, so a save sent again is stored once."""

from __future__ import annotations

import re

import pytest
from browserhelpers import bid, start_match, tricks
from playwright.sync_api import Page, Route, expect
from sqlalchemy import select

from scorer.web.data.models import Deal
from scorer.web.extensions import db

KEPT = "Deal 1 is kept on this phone and will be sent when the server can be reached."
WAIT = 10_000  # ms: kept saves are tried every 3 s; no sleep, the expectation polls


def deal_one_entered(page: Page) -> int:
    """A new match, deal 1's form filled in (its points shown); the match's id."""
    start_match(page, ["Ann", "Bob", "Cy"])
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 2), ("Cy", 3)):
        bid(page, name, n)
        tricks(page, name, n)
    expect(page.locator("#preview .pv-points")).to_have_count(3)
    return match_id


def stored(app) -> list[int]:
    with app.app_context():
        numbers = list(db.session.scalars(select(Deal.number)))
        db.session.remove()
        return numbers


@pytest.mark.browser
def test_a_save_made_offline_is_kept_and_sent_by_itself_when_the_network_is_back(page, live_app, shoot):
    match_id = deal_one_entered(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal 1").tap()

    expect(page.locator("#kept-note")).to_contain_text(KEPT)
    expect(page.locator("#kept-note").get_by_role("button", name="Send now")).to_be_visible()
    expect(page.locator("#kept-line")).to_have_text("Offline · 1 deal kept on this phone")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("4")  # the form stays as it was
    assert stored(live_app) == []
    shoot("offline-save-kept", full_page=False)
    page.emulate_media(color_scheme="dark")
    page.evaluate("window.scrollTo(0, 0)")
    shoot("offline-save-kept-top-dark", full_page=False)
    page.emulate_media(color_scheme="light")

    page.context.set_offline(False)  # no tap: the phone sends it and shows the server's answer
    expect(page.locator(".flash")).to_have_text("Deal 1 saved. Undo", timeout=WAIT)
    expect(page).to_have_url(re.compile(rf"/matches/{match_id}(#top)?$"))
    assert stored(live_app) == [1]
    expect(page.locator("#kept-line")).to_have_count(0)
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ninety-nine:kept:'))") == []


@pytest.mark.browser
def test_a_save_whose_answer_is_lost_is_sent_again_and_stored_once(page, live_app):
    match_id = deal_one_entered(page)
    posts: list[str] = []

    def answer_lost_once(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route.request.post_data or "")
        if len(posts) == 1:
            route.fetch()  # the server gets it and stores the deal...
            route.abort("connectionreset")  # ...and the phone never hears
        else:
            route.continue_()

    page.route(re.compile(rf"/matches/{match_id}/deals/new$"), answer_lost_once)
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator("#kept-note")).to_contain_text(KEPT)
    assert stored(live_app) == [1]  # stored already: the phone does not know

    expect(page.locator(".flash")).to_have_text("Deal 1 saved. Undo", timeout=WAIT)  # sent again by itself
    assert stored(live_app) == [1]  # once: the server knew the form's key
    assert len(posts) >= 2
    keys = {re.search(r"save_key=([^&]+)", body).group(1) for body in posts}
    assert len(keys) == 1


@pytest.mark.browser
def test_a_kept_save_outlives_the_browser_and_is_sent_at_the_next_page_opened(page, live_app, browser,
                                                                               browser_context_args, base_url):
    match_id = deal_one_entered(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator("#kept-note")).to_contain_text(KEPT)
    state = page.context.storage_state()
    page.context.close()  # the browser closed while the save waited
    assert stored(live_app) == []

    again = browser.new_context(**{**browser_context_args, "base_url": base_url}, storage_state=state)
    try:
        phone = again.new_page()
        phone.goto("/")  # any page of the app: the home page
        expect(phone.locator("#kept-line")).to_have_count(0, timeout=WAIT)
        assert stored(live_app) == [1]
        phone.goto(f"/matches/{match_id}")
        expect(phone.locator(".deal-table")).to_contain_text("1")
        assert phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ninety-nine:kept:'))") == []
    finally:
        again.close()


@pytest.mark.browser
def test_a_kept_save_whose_session_ended_is_sent_with_a_new_token(page, live_app, browser, browser_context_args,
                                                                   base_url):
    """The browser dropped its session cookie (a session cookie ends with the browser): the save's
    CSRF token is refused (400), so the phone asks the form's page for a new one and sends it again."""
    match_id = deal_one_entered(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator("#kept-note")).to_contain_text(KEPT)
    state = page.context.storage_state()
    page.context.close()
    assert any(cookie["name"] == "session" for cookie in state["cookies"])
    state["cookies"] = [cookie for cookie in state["cookies"] if cookie["name"] != "session"]

    again = browser.new_context(**{**browser_context_args, "base_url": base_url}, storage_state=state)
    try:
        phone = again.new_page()
        answers: list[int] = []
        phone.on("response", lambda response: answers.append(response.status) if response.request.method == "POST" else None)
        phone.goto(f"/matches/{match_id}")  # the match's own scoreboard: the phone shows the answer
        expect(phone.locator(".flash")).to_have_text("Deal 1 saved. Undo", timeout=WAIT)
        assert stored(live_app) == [1]
        assert answers[0] == 400  # the old token, then a new one
    finally:
        again.close()
