"""What a new table hit (issue 29), on a 390×844 phone, light and dark, each with the phones it
takes: Back after a refused save, a typed bid of 12, bid cards on the edit form, the cards of a
deal without its trump, and a long name broken inside a word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browserhelpers import bid, no_sideways_scroll, snap, start_match, tricks
from playwright.sync_api import Page, expect

# Words of a page broken over two lines (Range.getClientRects gives a rectangle per line).
BROKEN_WORDS = (Path(__file__).with_name("broken_words.js")).read_text()


@pytest.mark.browser
def test_back_after_a_refused_save_never_sends_a_form_again(page: Page):
    """Bug 1: save a refused deal (tricks 4/4/4), fix it, save, press Back: no "Confirm Form
    Resubmission", and nothing says another phone saved what this phone saved."""
    start_match(page, ["Ann", "Ben", "Cleo"])
    board = page.url
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ("Ann", "Ben", "Cleo"):
        bid(page, name, 4)
        tricks(page, name, 4)
    page.locator("#bar-save").tap()
    expect(page.locator("#error-summary")).to_contain_text("Nothing was saved.")
    snap(page, "table-refused-save")
    tricks(page, "Cleo", 1)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    assert page.url.split("#")[0] == board
    back = page.go_back()  # the refused form's page: a GET, drawn again as it is now
    assert back is not None and back.request.method == "GET" and back.ok, back
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    expect(page.locator("#error-summary")).to_have_count(0)
    # The refused form was drawn in place of the form first opened (the same address, sent by the
    # form's script): once more back is the scoreboard the form was opened from, with no form to send.
    before = page.go_back()
    assert before is not None and before.request.method == "GET" and before.ok, before
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Ben · Cleo")
    page.go_forward()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    reloaded = page.reload()
    assert reloaded is not None and reloaded.request.method == "GET"
    expect(page.get_by_text(re.compile("another phone"))).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    page.goto(board)
    expect(page.locator(".score-tiles .tile-total")).to_have_text(["24", "24", "1"])  # saved once


@pytest.mark.browser
def test_a_typed_bid_of_12_is_refused_with_nothing_was_saved(page: Page):
    """Bug 2: the core's message beside a bid came without the summary at the top."""
    start_match(page, ["Ann", "Ben", "Cleo"])
    page.get_by_role("link", name="Record deal 1").tap()
    page.get_by_role("textbox", name="Ann’s bid").fill("12")
    bid(page, "Ben", 1)
    bid(page, "Cleo", 2)
    tricks(page, "Ann", 4)
    tricks(page, "Ben", 4)  # Cleo's tricks follow: the total is right, only the bid is wrong
    page.locator("#bar-save").tap()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("Nothing was saved.")
    expect(summary.get_by_role("link", name=re.compile("^Ann’s bid: "))).to_be_visible()
    expect(summary).to_be_focused()
    expect(page.locator("#draft-note")).to_be_hidden()  # a refusal, not a draft come back
    snap(page, "table-bid-12")


@pytest.mark.browser
def test_the_edit_form_shows_bid_cards_as_suits(page: Page):
    """Bug 3: the edit form showed "D S C" where the new-deal form shows "♦ ♠ ♣ = 4"."""
    start_match(page, ["Ann", "Ben", "Cleo"])
    page.get_by_role("link", name="Record deal 1").tap()
    bid(page, "Ann", "♦♠♣")
    expect(page.locator("#seats-0-bid")).to_have_value("♦ ♠ ♣")
    expect(page.locator(".bid-value").first).to_have_text("= 4")
    bid(page, "Ben", 1)
    bid(page, "Cleo", 2)
    tricks(page, "Ann", 4)
    tricks(page, "Ben", 1)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.goto(page.url.split("#")[0] + "/deals/1/edit")
    expect(page.locator("#seats-0-bid")).to_have_value("♦ ♠ ♣")
    expect(page.locator(".bid-value").first).to_have_text("= 4")
    expect(page.get_by_role("button", name="Add clubs to Ann’s bid cards")).to_be_visible()  # the suit chips
    snap(page, "table-edit-bid-cards")


@pytest.mark.browser
def test_the_cards_of_a_deal_say_the_trump(page: Page):
    """Bug 4: "Jokerless · Ann dealt ·" ended with a stray "·" and never said the trump."""
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Ben", "Cleo"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#cards summary").tap()
    page.get_by_role("radio", name="The app deals").check()
    page.get_by_role("button", name="Start the match").tap()
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ("Ann", "Ben", "Cleo"):
        bid(page, name, "hidden")
        tricks(page, name, 3)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.goto(page.url.split("#")[0] + "/deals/1/edit")
    page.get_by_role("link", name="Every hand of deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Cards of deal 1")
    expect(page.locator(".match-meta")).to_have_text("Jokerless · Ann dealt · trump ♦ Diamonds")
    expect(page.get_by_text("The first deal of a game is played at ♦ diamonds.")).to_be_visible()
    snap(page, "table-cards-of-deal-1")


LONG = "Maximiliana Wolfeschlegelstein"


@pytest.mark.browser
def test_a_long_name_breaks_at_its_space_never_inside_a_word(page: Page):
    """Bug 5: "Maximilian / a…", "Wolfeschlegels / tein": no word of the name is split over two
    lines on the screens a table sees most."""
    page.goto("/matches/new")
    for i, name in enumerate([LONG, "Ben", "Cleo"]):
        page.locator(f"#players-{i}").fill(name)
    expect(page.locator("#first_dealer .seg").first).to_have_text(LONG)
    pages = {"new match": page.url}
    broken = {"new match": page.evaluate(BROKEN_WORDS, LONG.split())}
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()
    board = page.url
    broken["scoreboard before deal 1"] = page.evaluate(BROKEN_WORDS, LONG.split())
    page.get_by_role("link", name="Record deal 1").tap()
    for name in (LONG, "Ben", "Cleo"):
        bid(page, name, 3)
    tricks(page, LONG, 3)
    tricks(page, "Ben", 3)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    for label, path in (("scoreboard", board), ("match record", board.replace("/matches/", "/history/")),
                        ("stats", "/stats/"), ("a deal's page", board + "/deals/1"), ("home", "/")):
        page.goto(path)
        pages[label] = path
        broken[label] = page.evaluate(BROKEN_WORDS, LONG.split())
        no_sideways_scroll(page)
        if label == "scoreboard":
            # The tile and the next deal's dealer keep each word whole; the full name is the title.
            expect(page.locator(".score-tile .tile-name").first).to_have_attribute("title", LONG)
            snap(page, "table-long-name")
    assert {label: found for label, found in broken.items() if found} == {}, pages
