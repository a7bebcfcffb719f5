"""The turned card in one tap (issue 22). With a real pack and a turn-up, Classic took nine taps
from the scoreboard (Record, suit, rank, three bids, two tricks, Save): every card of the pack now
shows at once, one tap picks it, and only the card picked stays (with Change), so that the seats
are on the first screen again. Counted as a player counts: from the scoreboard, Record to Save."""

from __future__ import annotations

import re

import pytest
from browserhelpers import PHONE, SCREENSHOTS, bid, record_deal_turning, save, start_match, tricks, turn_card, without_tap_highlight
from playwright.sync_api import Browser, Page, expect
from test_browser_deal_form import Thumb
from test_browser_layout_shift import LIMIT, shift_of, slow_phone

CARDS = "label.rank-chip:visible"


def record_a_deal(page: Page, card: str | None) -> int:
    """From the scoreboard: Record, the turned card if any, three bids, two tricks (the third is
    filled in), Save; every target on the first screen, nothing scrolled. The taps counted."""
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name="Record deal 1"), navigates=True)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 1")
    if card:
        thumb.tap(page.locator(f"label.rank-chip:has(input[value='{card}'])"))
        expect(page.locator(f"input[name='turn_up'][value='{card}']")).to_be_checked()
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        thumb.tap(page.get_by_role("button", name=f"{name} bid {n}", exact=True))
    for name, n in (("Ann", 4), ("Bob", 3)):
        thumb.tap(page.get_by_role("button", name=f"{name} won {n} tricks", exact=True))
    expect(page.get_by_role("spinbutton", name="Tricks Cy won")).to_have_value("2")
    thumb.tap(page.locator("#bar-save"), navigates=True)
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    return thumb.taps


@pytest.mark.browser
@pytest.mark.parametrize(("ruleset", "card", "taps"), [("Jokerless", None, 7), ("Classic", "7H", 8), ("Classic", "Joker", 8)])
def test_a_three_player_deal_from_the_scoreboard(page: Page, ruleset: str, card: str | None, taps: int) -> None:
    """Seven taps without a turn-up, eight with one (it was nine): README's "At the table"."""
    start_match(page, ["Ann", "Bob", "Cy"], ruleset=ruleset)
    assert record_a_deal(page, card) == taps
    expect(page.locator(".tile-total")).to_have_count(3)


@pytest.mark.browser
def test_every_card_shows_at_once_and_the_one_picked_stays_with_change(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    grid = page.locator(".turned-card")
    expect(grid.locator(CARDS)).to_have_count(37)  # 36 cards and the Joker, no suit to tap first
    expect(grid.locator(".suit-tabs")).to_be_hidden()
    change = page.get_by_role("button", name="Change the turned card")
    expect(change).to_be_hidden()
    # Two suits side by side, three by three: the Ace of diamonds and of spades on one line.
    diamonds, spades = (page.locator(f"label.rank-chip:has(input[value='{code}'])").bounding_box() for code in ("AD", "AS"))
    assert diamonds and spades and diamonds["y"] == spades["y"] and diamonds["x"] < spades["x"]
    turn_card(page, "7H")
    expect(grid).to_have_class(re.compile(r"\bpicked\b"))
    expect(grid.locator(CARDS)).to_have_count(1)
    expect(change).to_be_visible()
    # Change: every card again, the focus on the one picked; the arrow keys move through them
    # without folding them away; a tap picks another and folds them.
    change.tap()
    expect(grid.locator(CARDS)).to_have_count(37)
    expect(page.locator("input[value='7H']")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("input[value='6H']")).to_be_checked()
    expect(grid.locator(CARDS)).to_have_count(37)
    turn_card(page, "KC")
    expect(grid.locator(CARDS)).to_have_count(1)
    expect(grid.locator(CARDS)).to_contain_text("K")
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 3)
    expect(page.locator("#preview")).to_contain_text("Trump ♣ Clubs")
    expect(grid.locator(CARDS)).to_have_count(1)  # the taps below do not open it again
    save(page, "Save deal 1")


@pytest.mark.browser
def test_a_pile_card_refused_leaves_every_card_open_beside_the_message(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Eighteen")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator(".turned-card").locator(CARDS)).to_have_count(17)  # the pile: 16 cards and the Joker
    page.goto(page.url.rsplit("/deals/", 1)[0])
    record_deal_turning(page, "2C")
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    record_deal_turning(page, "2C")
    expect(page.locator("#turn_up-error")).to_contain_text("2C was turned already in this game")
    grid = page.locator(".turned-card")
    expect(grid).not_to_have_class(re.compile(r"\bpicked\b"))
    expect(grid.locator(CARDS)).to_have_count(17)
    turn_card(page, "3C")  # one tap puts it right
    expect(grid.locator(CARDS)).to_have_count(1)


@pytest.mark.browser
def test_a_52_card_pack_keeps_suit_then_rank(page: Page) -> None:
    """Thirteen ranks a suit would push four seats past a second screen: the suits first."""
    start_match(page, ["Ann", "Bob", "Cy", "Dee"], ruleset="Four solo")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator(".turned-card").locator(CARDS)).to_have_count(0)
    page.get_by_role("button", name="Hearts: show the ranks").tap()
    expect(page.locator(".turned-card").locator(CARDS)).to_have_count(13)
    turn_card(page, "QH")
    expect(page.get_by_role("button", name="Change the turned card")).to_have_count(0)


@pytest.mark.browser
def test_without_scripts_the_card_is_one_tap_too(browser: Browser, browser_context_args: dict, base_url: str) -> None:
    context = browser.new_context(**{**browser_context_args, "base_url": base_url}, java_script_enabled=False)
    page = context.new_page()
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#ruleset summary").click()
    page.get_by_role("radio", name="Classic").check()
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name="Record deal 1").click()
    expect(page.locator(CARDS)).to_have_count(37)
    page.locator("label.rank-chip:has(input[value='AS'])").tap()
    for name, n, won in (("Ann", 4, 4), ("Bob", 3, 3), ("Cy", 2, 2)):
        page.get_by_role("textbox", name=f"{name}’s bid").fill(str(n))
        page.get_by_role("spinbutton", name=f"Tricks {name} won").fill(str(won))
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    context.close()


@pytest.mark.browser
def test_an_edit_shows_its_card_picked_from_the_first_paint(page: Page, browser_context_args: dict, base_url: str) -> None:
    """The server draws a chosen card picked, so that nothing moves when the scripts come late."""
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    assert record_a_deal(page, "9S") == 8
    edit = page.url.split("#")[0].rstrip("/") + "/deals/1/edit"
    total, shifts = shift_of(slow_phone(page, {**browser_context_args, "base_url": base_url}), edit)
    assert total <= LIMIT, shifts
    page.goto(edit)
    expect(page.locator(".turned-card").locator(CARDS)).to_have_count(1)
    expect(page.locator("input[value='9S']")).to_be_checked()


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("ruleset", "players"), [("Classic", 3), ("Eighteen", 3), ("Four solo", 4)])
def test_screenshots(page: Page, scheme: str, ruleset: str, players: int) -> None:
    """Issue 22's look at a 390×844 phone: the grid open, then a card picked."""
    page.emulate_media(color_scheme=scheme)
    without_tap_highlight(page)  # each screenshot comes right after a tap
    start_match(page, ["Ann", "Bob", "Cy", "Dee"][:players], ruleset=ruleset)
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator(".turned-card")).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    name = ruleset.lower().replace(" ", "-")
    assert page.viewport_size == PHONE
    page.screenshot(path=str(SCREENSHOTS / f"issue22-turned-card-{name}-open-{scheme}.png"))
    turn_card(page, "5S" if ruleset == "Eighteen" else "10H")
    bid(page, "Ann", 3)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(SCREENSHOTS / f"issue22-turned-card-{name}-picked-{scheme}.png"))
