"""A three-player jokerless match played on a phone to the end of a 100-point game."""

from __future__ import annotations

import pytest
from browserhelpers import bid, no_sideways_scroll, premium, save, start_match, tricks
from playwright.sync_api import expect


@pytest.mark.browser
def test_jokerless_to_the_end_of_a_game(page, shoot):
    start_match(page, ["Ann", "Bob", "Cy"])
    tiles = page.locator(".score-tile")
    expect(tiles).to_have_count(3)
    expect(page.locator(".next")).to_contain_text("Diamonds")  # the first deal's trump
    no_sideways_scroll(page)
    shoot("scoreboard-new")

    # Deal 1: Ann declares ♦♠♣ (4) and takes 4, Bob bids 2 and takes 2, Cy fails and hides the bid.
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 1")
    bid(page, "Ann", "♦♠♣")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♦ ♠ ♣")
    tricks(page, "Ann", 4)
    premium(page, "Ann", "Declared")
    bid(page, "Bob", 2)
    tricks(page, "Bob", 2)
    # Cy's tricks are the rest, filled in as soon as Ann's and Bob's are known.
    expect(page.get_by_role("spinbutton", name="Tricks Cy won")).to_have_value("3")
    bid(page, "Cy", "hidden")
    expect(page.locator("#tricks-left")).to_have_text("All 9 tricks ✓")
    # The preview comes from the server's scoring core: 4 + 20 + 30 for Ann, 2 + 20 for Bob, 3 for Cy.
    points = page.locator("#preview .pv-points")
    expect(points).to_have_text(["+54", "+22", "+3"])
    no_sideways_scroll(page)
    shoot("deal-form-filled", full_page=False)
    save(page, "Save deal 1")
    expect(page.locator(".flash")).to_have_text("Deal 1 saved. Undo")
    expect(page.locator(".tile-total")).to_have_text(["54", "22", "3"])
    expect(page.locator(".next")).to_contain_text("Hearts")  # two made their bid
    expect(page.locator(".badge-deal")).to_have_count(1)
    expect(page.locator(".score-tile").nth(1).locator(".badge-deal")).to_be_visible()  # Bob deals next

    # Deal 2: Ann 3 (took 3), Bob 3 (took 3), Cy 3 (took 3): all made.
    page.get_by_role("link", name="Record deal 2").tap()
    for name in ("Ann", "Bob", "Cy"):
        bid(page, name, 3)
        tricks(page, name, 3)
    expect(points).to_have_text(["+13", "+13", "+13"])
    save(page, "Save deal 2")
    expect(page.locator(".tile-total")).to_have_text(["67", "35", "16"])

    # Fix a mistake: Bob took only 1 trick in deal 1 and Cy 4.
    page.locator("#deal-1").get_by_role("link", name="Edit deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Edit deal 1")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♦ ♠ ♣")  # as the new-deal form wrote it (issue 29)
    expect(page.get_by_role("button", name="Bob won 2 tricks", exact=True)).to_have_attribute("aria-pressed", "true")
    tricks(page, "Bob", 1)
    tricks(page, "Cy", 4)
    expect(points).to_have_text(["+64", "+1", "+4"])  # Ann is now the only one to make it
    shoot("deal-form-edit", full_page=False)
    save(page, "Save changes")
    expect(page.locator(".flash")).to_contain_text("Deal 1 changed")
    # Deal 2 is rescored under the trump that now follows deal 1 (one made: spades).
    expect(page.locator(".tile-total")).to_have_text(["77", "14", "17"])
    expect(page.locator("#deal-2 th")).to_contain_text("♠")

    # Deal 3: Cy deals; Ann reveals 9 and takes all nine: 9 + 30 + 60 = 99, and the game is hers.
    page.get_by_role("link", name="Record deal 3").tap()
    bid(page, "Ann", "♣♣♣")
    tricks(page, "Ann", 9)
    premium(page, "Ann", "Revealed")
    bid(page, "Bob", "hidden")
    tricks(page, "Bob", 0)
    bid(page, "Cy", 1)
    tricks(page, "Cy", 0)
    expect(points).to_have_text(["+99", "0", "0"])
    expect(page.locator("#preview")).to_contain_text("This deal ends game 1: Ann wins it.")
    save(page, "Save deal 3")
    banner = page.locator(".banner-game")
    expect(banner).to_contain_text("End of game 1")
    expect(banner.get_by_role("heading")).to_have_text("Ann wins game 1")
    expect(page.locator(".tile-total")).to_have_text(["0", "0", "0"])
    expect(page.locator(".tile-extra").first).to_contain_text("1 game")
    expect(page.get_by_role("link", name="Record deal 4")).to_be_visible()
    no_sideways_scroll(page)
    shoot("scoreboard-end-of-game")

    # The home screen lists it as in progress; the deal table keeps every deal.
    expect(page.locator(".deal-table tbody[id^=deal-]")).to_have_count(3)
    page.get_by_role("link", name="Ninety-Nine", exact=True).tap()
    expect(page.locator(".match-list").first).to_contain_text("Ann · Bob · Cy")
    shoot("home")
