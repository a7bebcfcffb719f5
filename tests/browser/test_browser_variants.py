"""One deal each of the rulesets that change the deal form: the Joker, sides, the dummy."""

from __future__ import annotations

import pytest
from browserhelpers import bid, no_sideways_scroll, premium, save, start_match, tricks, turn_card
from playwright.sync_api import expect


@pytest.mark.browser
def test_classic_deal_with_a_joker_bid(page, shoot):
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    expect(page.locator(".next")).to_contain_text("Turn up a card")
    page.get_by_role("link", name="Record deal 1").tap()
    turn_card(page, "7H")
    # ♦ + Joker + ♥ with hearts turned: the Joker is a heart, so the bid is 0 + 2 + 2 = 4.
    bid(page, "Ann", "♦J♥")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♦ Joker ♥")
    tricks(page, "Ann", 4)
    bid(page, "Bob", 1)
    tricks(page, "Bob", 2)
    bid(page, "Cy", 2)
    expect(page.get_by_role("spinbutton", name="Tricks Cy won")).to_have_value("3")  # the rest, filled in
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Trump ♥ Hearts")
    expect(preview.locator("li").first).to_contain_text("bid 4, took 4")
    expect(preview.locator(".pv-points")).to_have_text(["+34", "+2", "+3"])
    no_sideways_scroll(page)
    shoot("deal-form-classic", full_page=False)
    save(page, "Save deal 1")
    expect(page.locator(".tile-total")).to_have_text(["34", "2", "3"])
    expect(page.locator("#deal-1 .cards-small")).to_contain_text("Joker")


@pytest.mark.browser
def test_four_partners_deal(page, shoot):
    start_match(page, ["Ann", "Bob", "Cy", "Di"], ruleset="Four partners")
    expect(page.locator(".tile-name")).to_have_text(["Ann & Cy", "Bob & Di"])
    page.get_by_role("link", name="Record deal 1").tap()
    # Bids are always shown and there are no premiums in the partnership game.
    expect(page.get_by_role("button", name="Ann failed and kept the bid hidden")).to_have_count(0)
    expect(page.get_by_role("group", name="Ann’s premium")).to_have_count(0)
    turn_card(page, "AS")
    for name, n in (("Ann", 3), ("Bob", 1), ("Cy", 3), ("Di", 3)):
        bid(page, name, n)
        tricks(page, name, n)
    expect(page.locator("#tricks-left")).to_have_text("All 10 tricks ✓")
    preview = page.locator("#preview")
    expect(preview.locator(".pv-name")).to_have_text(["Ann & Cy", "Bob & Di"])
    expect(preview.locator(".pv-points")).to_have_text(["+36", "+34"])  # tricks + 30 each: both partners made
    no_sideways_scroll(page)
    save(page, "Save deal 1")
    expect(page.locator(".tile-total")).to_have_text(["36", "34"])
    # The deal table puts partners side by side under their side's points.
    expect(page.locator(".deal-table thead th .clamp")).to_have_text(["Ann", "Cy", "Bob", "Di"])
    expect(page.locator(".deal-table thead th .col-key")).to_have_text(["bid/took"] * 4)
    no_sideways_scroll(page)
    shoot("scoreboard-four-partners")


@pytest.mark.browser
def test_two_dummy_deal(page, shoot):
    start_match(page, ["Ann", "Bob"])  # two names: the two-handed game with a dummy is picked
    expect(page.locator(".tile-name")).to_have_text(["Ann", "Bob", "Dummy"])
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.get_by_role("button", name="Dummy failed and kept the bid hidden")).to_have_count(0)
    turn_card(page, "KC")
    bid(page, "Ann", 4)
    tricks(page, "Ann", 4)
    premium(page, "Ann", "Declared")
    bid(page, "Bob", 1)
    tricks(page, "Bob", 2)
    bid(page, "Dummy", "♦♠♣")
    expect(page.get_by_role("spinbutton", name="Tricks Dummy won")).to_have_value("3")  # the rest, filled in
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Trump ♣ Clubs")
    expect(preview.locator(".pv-name")).to_have_text(["Ann", "Bob", "Dummy"])
    shoot("deal-form-two-dummy", full_page=False)
    save(page, "Save deal 1")
    expect(page.locator(".score-tile.dummy")).to_contain_text("never wins")
    no_sideways_scroll(page)
