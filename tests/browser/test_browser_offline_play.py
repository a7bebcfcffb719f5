"""A table that plays on through a Wi-Fi drop (issue 35, items 2 to 5): the next deal's form while
the server is away, the scoreboard's rows of deals not sent yet, kept deals sent in order, a server
stopped and started again while a save waits, another phone's version of the same deal, and a
kept save whose match was deleted."""

from __future__ import annotations

import re
import threading

import pytest
from browserhelpers import SCREENSHOTS, bid, no_sideways_scroll, start_match, tricks
from playwright.sync_api import Page, expect
from sqlalchemy import select
from werkzeug.serving import WSGIRequestHandler, make_server

from scorer.web.data.models import Deal
from scorer.web.extensions import db

WAIT = 10_000  # ms: kept saves are tried 3 s after a change, then less often; the expectation polls
KEPT_KEYS = "Object.keys(localStorage).filter(k => k.startsWith('ninety-nine:kept:'))"


def enter(page: Page, figures: list[tuple[str, int, int]]) -> None:
    """A deal's bids and tricks typed in, its points shown (or its preview's offline line)."""
    for name, value, took in figures:
        bid(page, name, value)
        tricks(page, name, took)


def stored(app) -> dict[int, list[tuple[int, int]]]:
    """Each stored deal's (bid, tricks) per seat, by number."""
    with app.app_context():
        deals = {deal.number: list(zip(deal.bids, deal.tricks, strict=True)) for deal in db.session.scalars(select(Deal))}
        db.session.remove()
        return deals


def match_id_of(page: Page) -> int:
    return int(re.search(r"/matches/(\d+)", page.url).group(1))


def with_service_worker(page: Page) -> None:
    """The worker controls the page (a phone that has used the app a moment), so the pages opened
    after it are kept for when the server is away (sw.js)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def open_form(page: Page, number: int) -> None:
    """Record deal ``number`` tapped, and its form's scripts running (the page whole before the
    network goes: a page half loaded when it does has no scripts to keep its save)."""
    page.get_by_role("link", name=f"Record deal {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text(f"Deal {number}")
    expect(page.locator("#tricks-left")).not_to_be_empty()  # deal-tally.js has run


DEAL_1 = [("Ann", 4, 4), ("Bob", 2, 2), ("Cy", 3, 3)]
DEAL_2 = [("Ann", 1, 1), ("Bob", 5, 3), ("Cy", 2, 5)]


class OneRequestAConnection(WSGIRequestHandler):
    """No kept-alive connection outlives the server: stopped is stopped."""

    protocol_version = "HTTP/1.0"


def serve(app, port: int = 0):
    server = make_server("127.0.0.1", port, app, threaded=True, request_handler=OneRequestAConnection)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def stop(server, thread) -> None:
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.mark.browser
def test_two_deals_played_while_the_server_is_away_are_shown_waiting_and_sent_in_order(live_app, browser,
                                                                                        browser_context_args):
    """The laptop running the server sleeps for two deals: the phone (its service worker in
    control, as on HTTPS or the server's own machine) plays on with the next deal's form, shows the
    kept deals on the scoreboard with no points, and sends them in order once the server is back.
    (The server is really stopped: Chromium's offline switch does not reach a service worker.)"""
    server, thread = serve(live_app)
    port = server.server_port
    context = browser.new_context(**{**browser_context_args, "base_url": f"http://127.0.0.1:{port}"})
    page = context.new_page()
    try:
        start_match(page, ["Ann", "Bob", "Cy"])
        with_service_worker(page)
        match_id = match_id_of(page)
        page.reload()  # the scoreboard through the worker: kept for when the server is away
        open_form(page, 1)
        dealer_line = page.locator(".deal-facts").inner_text()

        stop(server, thread)
        enter(page, DEAL_1)
        page.get_by_role("button", name="Save deal 1").tap()
        note = page.locator("#kept-note")
        expect(note).to_contain_text("Deal 1 is kept on this phone")

        # The next deal's form, from the worker's copy: deal 2's, marked where only the server knows.
        note.get_by_role("link", name="Next deal").tap()
        expect(page.get_by_role("heading", level=1)).to_have_text("Deal 2")
        expect(page.locator("#offline-note")).to_contain_text("Offline: this deal form as of")
        expect(page.locator("#kept-as-of")).to_have_text("As of the last deal the server has: deal 1’s dealer and "
                                                         "trump.")
        assert page.locator(".deal-facts").inner_text() == dealer_line  # deal 1's, as the server gave them
        expect(page.locator(".badge-deal")).to_have_count(0)  # no seat marked as dealing deal 2
        expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("")
        expect(page.locator("#kept-line")).to_have_text("1 deal kept on this phone")
        no_sideways_scroll(page)
        page.screenshot(path=str(SCREENSHOTS / "offline-next-deal-form.png"))
        enter(page, DEAL_2)
        page.get_by_role("button", name="Save deal 2").tap()
        expect(page.locator("#kept-note")).to_contain_text("Deal 2 is kept on this phone")
        expect(page.locator("#kept-line")).to_have_text("2 deals kept on this phone")
        keys = page.evaluate(f"JSON.parse(localStorage['ninety-nine:kept:{match_id}']).map(e => e.key)")
        assert len(set(keys)) == 2  # the copy's form had a key of its own: two saves, two keys

        # The scoreboard's copy: both deals as rows with their bids and tricks, and no points.
        page.goto(f"/matches/{match_id}")
        expect(page.locator("#kept-deals tbody")).to_have_count(2)
        expect(page.locator("#kept-deal-1 td.bt")).to_have_text(["4/4", "2/2", "3/3"])
        expect(page.locator("#kept-deal-2 td.bt")).to_have_text(["1/1", "5/3", "2/5"])
        expect(page.locator("#kept-deal-2 .kept-state")).to_have_text("Waiting to be sent: its points come from "
                                                                      "the server.")
        expect(page.get_by_role("link", name="Record deal 3")).to_be_visible()
        expect(page.locator("section.next #kept-as-of")).to_be_visible()
        no_sideways_scroll(page)
        page.screenshot(path=str(SCREENSHOTS / "offline-scoreboard-waiting-rows.png"), full_page=True)
        assert stored(live_app) == {}

        # The server back, and no tap: deal 1, then deal 2, each scored by the server.
        server, thread = serve(live_app, port)
        expect(page.locator(".flash")).to_have_text("Deal 2 saved. Undo", timeout=3 * WAIT)
        assert stored(live_app) == {1: [(4, 4), (2, 2), (3, 3)], 2: [(1, 1), (5, 3), (2, 5)]}
        expect(page.locator("#kept-deals")).to_have_count(0)
        expect(page.locator("#kept-line")).to_have_count(0)
        assert page.evaluate(KEPT_KEYS) == []
        expect(page.get_by_role("link", name="Record deal 3")).to_be_visible()
    finally:
        context.close()
        stop(server, thread)


@pytest.mark.browser
def test_a_save_waiting_while_the_server_is_stopped_is_sent_when_it_is_started_again(live_app, browser,
                                                                                       browser_context_args):
    server, thread = serve(live_app)
    port = server.server_port
    origin = f"http://127.0.0.1:{port}"
    context = browser.new_context(**{**browser_context_args, "base_url": origin})  # a phone on this server
    page = context.new_page()
    try:
        start_match(page, ["Ann", "Bob", "Cy"])
        match_id = match_id_of(page)
        open_form(page, 1)
        enter(page, DEAL_1)
        expect(page.locator("#preview .pv-points")).to_have_count(3)

        stop(server, thread)  # the laptop running the server sleeps
        page.get_by_role("button", name="Save deal 1").tap()
        expect(page.locator("#kept-note")).to_contain_text("Deal 1 is kept on this phone")
        assert stored(live_app) == {}

        server, thread = serve(live_app, port)  # and wakes: the phone sends it by itself
        expect(page.locator(".flash")).to_have_text("Deal 1 saved. Undo", timeout=3 * WAIT)
        expect(page).to_have_url(re.compile(rf"{origin}/matches/{match_id}(#top)?$"))
        assert stored(live_app) == {1: [(4, 4), (2, 2), (3, 3)]}
        assert page.evaluate(KEPT_KEYS) == []
    finally:
        context.close()
        stop(server, thread)


def deal_1_kept_offline(page: Page) -> int:
    """A new match whose scorekeeper's phone saved deal 1 offline (kept); the match's id."""
    start_match(page, ["Ann", "Bob", "Cy"])
    match_id = match_id_of(page)
    open_form(page, 1)
    page.context.set_offline(True)
    enter(page, DEAL_1)
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator("#kept-note")).to_contain_text("Deal 1 is kept on this phone")
    return match_id


def second_phone(page: Page, browser, browser_context_args, base_url):
    """The same scorekeeper's rights on a second phone (its cookies), with nothing kept on it."""
    context = browser.new_context(**{**browser_context_args, "base_url": base_url})
    context.add_cookies(page.context.cookies())
    return context, context.new_page()


@pytest.mark.browser
@pytest.mark.parametrize("choice", ["theirs", "stored"])
def test_a_kept_deal_another_phone_saved_meanwhile_is_shown_beside_it_and_nothing_is_lost(
        page, live_app, browser, browser_context_args, base_url, choice, shoot):
    match_id = deal_1_kept_offline(page)

    context, other = second_phone(page, browser, browser_context_args, base_url)
    try:
        other.goto(f"/matches/{match_id}/deals/new")
        enter(other, [("Ann", 0, 0), ("Bob", 6, 6), ("Cy", 2, 3)])
        other.get_by_role("button", name="Save deal 1").tap()
        expect(other.locator(".flash")).to_contain_text("Deal 1 saved.")
    finally:
        context.close()
    assert stored(live_app) == {1: [(0, 0), (6, 6), (2, 3)]}

    watching = browser.new_context(**{**browser_context_args, "base_url": base_url})  # a player's phone, watching
    watcher = watching.new_page()
    watcher.goto(f"/matches/{match_id}")
    remote = watcher.locator("#kept-remote")
    expect(remote).to_have_count(0)  # the server knows nothing of the kept save: nothing is said

    page.context.set_offline(False)  # the kept save is sent, and not applied: both are shown
    expect(page.get_by_role("heading", level=1)).to_contain_text("Edit deal 1", timeout=WAIT)
    expect(page.locator("#error-summary")).to_contain_text("Deal 1 has already been saved with other figures")
    saved = page.locator(".saved-deal")
    expect(saved).to_contain_text("Deal 1 as it was saved")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("4")  # this phone's figures, in the form
    expect(page.get_by_role("textbox", name="Bob’s bid")).to_have_value("2")
    assert stored(live_app) == {1: [(0, 0), (6, 6), (2, 3)]}  # nothing applied
    no_sideways_scroll(page)
    shoot(f"offline-conflict-{choice}")
    # Held on the phone while its scorekeeper chooses, and told to the server: the watchers see it.
    expect(remote).to_contain_text("The scorekeeper’s phone has 1 deal not sent yet (since", timeout=WAIT)

    if choice == "theirs":
        page.locator("#bar-save").tap()
        expect(page.locator(".flash")).to_contain_text("Deal 1 changed.")
        assert stored(live_app) == {1: [(4, 4), (2, 2), (3, 3)]}
    else:
        saved.get_by_role("link", name="Keep deal 1 as it was saved").tap()
        expect(page.get_by_role("link", name="Record deal 2")).to_be_visible()
        assert stored(live_app) == {1: [(0, 0), (6, 6), (2, 3)]}
    expect(page.locator("#kept-line")).to_have_count(0)
    expect(page.locator("#kept-problems")).to_have_count(0)
    assert page.evaluate(KEPT_KEYS) == []
    expect(remote).to_have_count(0, timeout=WAIT)  # nothing held any more: the line goes
    watching.close()


@pytest.mark.browser
def test_a_kept_save_whose_match_was_deleted_is_shown_with_the_reason_until_dismissed(
        page, live_app, browser, browser_context_args, base_url, shoot):
    match_id = deal_1_kept_offline(page)

    context, other = second_phone(page, browser, browser_context_args, base_url)
    try:
        other.goto(f"/matches/{match_id}/delete")
        other.get_by_role("button", name="Delete the match").tap()
        expect(other).to_have_url(re.compile(r"/$"))
    finally:
        context.close()

    page.context.set_offline(False)
    lost = "Deal 1 of Ann · Bob · Cy was not saved: the match was deleted on another phone."
    # The form says it where it said the save was kept; its figures are still on the screen.
    expect(page.locator("#kept-note")).to_contain_text(lost, timeout=WAIT)
    expect(page.locator("#kept-note").get_by_role("button", name="Send now")).to_have_count(0)
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("4")
    shoot("offline-lost-deleted-form", full_page=False)
    page.goto("/")  # every other page: kept, with what it held, until dismissed
    problem = page.locator("#kept-problems .kept-problem")
    expect(problem).to_contain_text(lost)
    expect(problem).to_contain_text("What it held: Ann 4/4 · Bob 2/2 · Cy 3/3")
    shoot("offline-lost-deleted", full_page=False)
    page.reload()
    expect(problem).to_have_count(1)
    expect(page.locator("#kept-line")).to_have_text("1 deal kept on this phone")
    problem.get_by_role("button", name="Dismiss").tap()
    expect(problem).to_have_count(0)
    expect(page.locator("#kept-line")).to_have_count(0)
    assert page.evaluate(KEPT_KEYS) == []
    assert stored(live_app) == {}
