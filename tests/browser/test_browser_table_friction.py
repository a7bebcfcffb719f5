"""Friction a new table hit (issue 29), on a 390×844 phone, light and dark: the taps of a deal bid
with suits (the README's count), a name typed twice caught as it is typed, an undo that ends where
it started, the home page telling matches apart, the blank sheet's dealer by name, and the share
screen with no Revoke on this phone's own row."""

from __future__ import annotations

import re

import pytest
from browserhelpers import bid, no_sideways_scroll, snap, start_match, tricks
from playwright.sync_api import Page, expect

# Every tap a person makes (a trusted click), counted across the pages of the phone's tab.
COUNT_TAPS = """document.addEventListener("click", (event) => {
    if (event.isTrusted) sessionStorage.taps = (+sessionStorage.taps || 0) + 1; }, true);"""


def suits_deal(page: Page, number: int) -> int:
    """From the scoreboard: deal ``number`` with all three bidding with suits; the taps it took."""
    page.evaluate("sessionStorage.taps = 0")
    page.get_by_role("link", name=f"Record deal {number}").tap()
    bid(page, "Ann", "♦♠♣")   # bid() taps the ♠♥ switch only where the number pad shows
    bid(page, "Ben", "♦♠♣")
    bid(page, "Cleo", "♥♥♣")
    tricks(page, "Ann", 4)
    tricks(page, "Ben", 4)    # Cleo's tricks follow
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text(f"Deal {number} saved.")
    return int(page.evaluate("sessionStorage.taps"))


@pytest.mark.browser
def test_a_deal_bid_with_suits_takes_13_taps_after_the_first(page: Page):
    """16 taps for every deal where all three bid with suits: each player tapped the ♠♥ switch.
    Now each player's pad opens the way they bid last in the match: 16 taps on the match's first
    deal, 13 from then on. The README counts them."""
    page.add_init_script(COUNT_TAPS)
    start_match(page, ["Ann", "Ben", "Cleo"])
    assert suits_deal(page, 1) == 16
    assert suits_deal(page, 2) == 13
    assert suits_deal(page, 3) == 13
    # A player who bids a number again gets the numbers back the deal after.
    page.get_by_role("link", name="Record deal 4").tap()
    expect(page.get_by_role("button", name="Add diamonds to Ann’s bid cards")).to_be_visible()
    page.get_by_role("button", name="0–9 Ann’s bid as a number").tap()
    bid(page, "Ann", 3)
    bid(page, "Ben", "♦♠♣")
    bid(page, "Cleo", "♥♥♣")
    tricks(page, "Ann", 3)
    tricks(page, "Ben", 4)
    snap(page, "friction-suit-bids")
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 4 saved.")
    page.get_by_role("link", name="Record deal 5").tap()
    expect(page.get_by_role("button", name="Ann bid 3", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Add diamonds to Ben’s bid cards")).to_be_visible()


@pytest.mark.browser
def test_a_name_typed_twice_is_caught_as_it_is_typed(page: Page):
    page.goto("/matches/new")
    page.locator("#players-0").fill("ben")
    page.locator("#players-1").fill("Ben")
    page.locator("#players-2").fill("Cleo")
    message = page.locator("#players-1-error")
    expect(message).to_have_text("Ben is already Player 1: each player needs a different name.")
    expect(page.get_by_role("textbox", name="Player 2")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#chances")).to_be_hidden()  # not two people
    snap(page, "friction-name-twice")
    page.locator("#players-1").fill("Bea")
    expect(message).to_have_count(0)
    expect(page.get_by_role("textbox", name="Player 2")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#chances")).to_contain_text("Bea")
    no_sideways_scroll(page)


@pytest.mark.browser
def test_an_undo_from_the_scoreboard_comes_back_to_it(page: Page):
    start_match(page, ["Ann", "Ben", "Cleo"])
    board = page.url
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ("Ann", "Ben", "Cleo"):
        bid(page, name, 3)
    tricks(page, "Ann", 3)
    tricks(page, "Ben", 3)
    page.locator("#bar-save").tap()
    page.locator(".flash").get_by_role("link", name="Undo").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Undo this change?")
    page.get_by_role("button", name="Undo it").tap()
    expect(page.locator(".flash")).to_contain_text("Undone: Deal 1 recorded")
    assert page.url.split("#")[0] == board  # where it started, not the history of changes
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()
    # The same for a deleted deal.
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ("Ann", "Ben", "Cleo"):
        bid(page, name, 3)
    tricks(page, "Ann", 3)
    tricks(page, "Ben", 3)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.get_by_role("link", name="Delete deal 1…").tap()
    page.get_by_role("button", name="Delete deal 1").tap()
    page.locator(".flash").get_by_role("link", name="Undo").tap()
    page.get_by_role("button", name="Undo it").tap()
    expect(page.locator(".flash")).to_contain_text("Undone: Deal 1 deleted")
    assert page.url.split("#")[0] == board
    expect(page.get_by_role("link", name="Record deal 2")).to_be_visible()


@pytest.mark.browser
def test_the_home_page_tells_matches_of_the_same_players_apart(page: Page):
    for deals in (0, 1):
        start_match(page, ["Ann", "Ben", "Cleo"])
        if deals:
            page.get_by_role("link", name="Record deal 1").tap()
            bid(page, "Ann", 4)
            bid(page, "Ben", 1)
            bid(page, "Cleo", 2)
            tricks(page, "Ann", 4)
            tricks(page, "Ben", 2)
            page.locator("#bar-save").tap()
            expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.goto("/")
    items = page.locator(".match-item")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("Game 1: Ann 34 · Ben 2 · Cleo 3 · Ann leads")
    expect(items.nth(1)).to_contain_text("Game 1 about to start")
    expect(items.first.locator(".match-meta").last).to_contain_text(re.compile(r"started \d\d:\d\d"))
    no_sideways_scroll(page)
    snap(page, "friction-home")


@pytest.mark.browser
def test_the_blank_sheets_dealer_follows_the_names_typed(page: Page):
    page.goto("/sheets/blank")
    page.get_by_label("Ruleset").select_option("jokerless")
    page.locator("#name0").fill("Ann")
    page.locator("#name2").fill("Cleo")
    dealer = page.get_by_label("Who deals first")
    expect(dealer.locator("option:not([hidden])")).to_have_text(["Ann", "Player 2", "Cleo"])
    dealer.select_option(label="Cleo")
    snap(page, "friction-blank-sheet")
    page.get_by_role("button", name="Make the sheets").tap()
    expect(page.locator("body")).to_contain_text("Cleo")


@pytest.mark.browser
def test_the_share_screen_offers_no_revoke_on_this_phone(page: Page):
    start_match(page, ["Ann", "Ben", "Cleo"])
    page.get_by_role("link", name="Share").tap()
    expect(page.locator(".keeper-name")).to_have_text("Unnamed phone (this phone)")
    expect(page.get_by_role("button", name=re.compile("^Revoke"))).to_have_count(0)
    snap(page, "friction-share")
