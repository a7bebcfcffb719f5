"""The match-over screen on a phone: Rematch starts the same match again, the next dealer first,
and the phone that pressed it keeps score; the play screens' header is one compact bar."""

from __future__ import annotations

import re

import pytest
from browserhelpers import SCREENSHOTS, bid, no_sideways_scroll, tricks
from playwright.sync_api import Page, expect


def one_deal_match(page: Page, names: list[str]) -> None:
    """A match of one deal, started on this phone, Bob dealing first."""
    page.goto("/matches/new")
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)
    page.locator(".options > summary").tap()
    page.get_by_role("radio", name=re.compile("^A set number of deals")).check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    page.locator("#first_dealer").get_by_role("radio", name=names[1], exact=True).check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()


def play_the_only_deal(page: Page) -> None:
    """Record the one deal of ``one_deal_match``: Ann wins, and the match is over."""
    page.get_by_role("link", name="Record deal 1").tap()
    for name, (said, took) in zip(["Ann", "Bob", "Cy"], [(4, 4), (1, 2), (2, 3)], strict=True):
        bid(page, name, said)
        tricks(page, name, took)
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".banner-kicker")).to_have_text("Match over")


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rematch_from_the_match_over_screen(page: Page, shoot, scheme):
    page.emulate_media(color_scheme=scheme)
    one_deal_match(page, ["Ann", "Bob", "Cy"])
    play_the_only_deal(page)
    # Bob dealt the only deal: Cy deals first in the rematch, and the button says so.
    expect(page.locator(".rematch")).to_contain_text("Cy deals first")
    no_sideways_scroll(page)
    shoot(f"rematch-match-over-{scheme}", full_page=False)
    old = page.url
    page.get_by_role("button", name="Rematch").tap()
    expect(page).not_to_have_url(old)
    expect(page.locator(".flash")).to_have_text("A rematch: Cy deals first.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    expect(page.locator(".match-meta")).to_contain_text("1 deal")
    expect(page.locator(".next-facts")).to_contain_text("Cy")
    # This phone keeps the new match's score.
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()
    shoot(f"rematch-new-match-{scheme}", full_page=False)


@pytest.mark.browser
def test_play_screens_fold_the_sections_into_one_menu(page: Page, shoot):
    one_deal_match(page, ["Ann", "Bob", "Cy"])
    # The bar is one row: no sections row under it, the menu button in it.
    expect(page.locator(".mainnav")).to_have_count(0)
    header = page.locator(".topbar").bounding_box()
    assert header and header["height"] <= 64, header
    menu = page.get_by_text("Menu", exact=True)
    expect(page.get_by_role("navigation", name="Sections")).not_to_be_visible()
    menu.tap()
    expect(page.get_by_role("navigation", name="Sections")).to_be_visible()
    shoot("play-menu-open", full_page=False)
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("History"))
    # Away from the table, the sections are a row again.
    expect(page.locator(".mainnav")).to_be_visible()


@pytest.mark.browser
def test_two_scorekeepers_one_rematch_and_a_watcher_follows(page: Page, browser, browser_context_args, base_url):
    """Issue 22: each of two scorekeepers tapping Rematch started a match of its own, and nobody
    else was taken there. Now: one rematch; the watcher's board shows the way to it by itself
    (live), and the second scorekeeper's Go to the rematch makes that phone keep its score too."""
    one_deal_match(page, ["Ann", "Bob", "Cy"])
    old = page.url
    page.goto(old + "/share")
    invite = page.get_by_role("link", name="Keep-score-too link").get_attribute("href")
    second = browser.new_context(**{**browser_context_args, "base_url": base_url}).new_page()
    watcher = browser.new_context(**{**browser_context_args, "base_url": base_url}).new_page()
    assert invite
    second.goto(invite)
    second.get_by_role("button", name="Keep score on this phone").tap()
    expect(second.get_by_role("link", name="Record deal 1")).to_be_visible()
    page.goto(old)
    play_the_only_deal(page)
    for other in (second, watcher):
        other.goto(old)
        expect(other.locator(".banner-kicker")).to_have_text("Match over")
    expect(watcher.get_by_role("button", name="Rematch")).to_have_count(0)
    page.get_by_role("button", name="Rematch").tap()
    expect(page.locator(".flash")).to_contain_text("A rematch")
    rematch = page.url
    # The watcher's board, left open, shows the way without a reload (its live check, every 2 s).
    expect(watcher.get_by_role("link", name="Go to the rematch")).to_be_visible(timeout=8000)
    watcher.locator(".banner-match").scroll_into_view_if_needed()
    watcher.screenshot(path=str(SCREENSHOTS / "rematch-watcher-shown-the-way.png"))
    # The second scorekeeper's board offers the rematch, not a second one.
    expect(second.get_by_role("button", name="Go to the rematch")).to_be_visible(timeout=8000)
    expect(second.get_by_role("button", name="Rematch", exact=True)).to_have_count(0)
    second.get_by_role("button", name="Go to the rematch").tap()
    expect(second).to_have_url(rematch)
    expect(second.get_by_role("link", name="Record deal 1")).to_be_visible()
    watcher.get_by_role("link", name="Go to the rematch").tap()
    expect(watcher).to_have_url(rematch)
    expect(watcher.get_by_role("link", name="Record deal 1")).to_have_count(0)  # still a watcher
    second.context.close()
    watcher.context.close()
