"""On the phone: an edit of an earlier deal says, before it is saved, what it changes further on,
and after; the latest deal opens into its parts; a deal's number opens its page."""

from __future__ import annotations

import pytest
from browserhelpers import bid, save, start_match, tricks
from playwright.sync_api import Page, expect


@pytest.mark.browser
def test_an_edit_shows_what_it_changes_before_and_after_saving(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    # Deal 1: all three make 3 (3 + 10 each), so deal 2 is played at clubs.
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ("Ann", "Bob", "Cy"):
        bid(page, name, 3)
    for name in ("Ann", "Bob", "Cy"):
        tricks(page, name, 3)
    save(page, "Save deal 1")
    page.get_by_role("link", name="Record deal 2").tap()
    for name in ("Ann", "Bob", "Cy"):
        bid(page, name, "hidden")
    for name in ("Ann", "Bob", "Cy"):
        tricks(page, name, 3)
    save(page, "Save deal 2")

    # The latest deal in parts, folded until asked for.
    latest = page.locator("#latest-parts")
    expect(latest.locator(".explain-list")).not_to_be_visible()
    latest.locator("summary").tap()
    expect(latest).to_contain_text("3 players made their bid the deal before, so ♣ clubs.")

    # Deal 1 changed: Ann takes 4 and Bob 2, so only Cy makes it and deal 2 would be spades.
    page.locator("#deal-1").get_by_role("link", name="Edit deal 1").tap()
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 2)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Saving this also changes:")
    expect(preview).to_contain_text("Deal 2 was played at ♣ clubs; the rules now give ♠ spades.")
    # ...and by the Save button, where the thumb is (issue 22: it was said only after the save).
    expect(page.locator("#tally-also")).to_have_text("Saving also changes 1 thing further on: see the list")
    page.locator("#tally-also").tap()
    expect(page.locator("#edit-changes")).to_be_in_viewport()
    expect(preview.locator(".pv-parts").first).to_contain_text("4 tricks")
    save(page, "Save changes")
    expect(page.locator(".flash")).to_contain_text(
        "Deal 1 changed. Deal 2 was played at ♣ clubs; the rules now give ♠ spades.")
    expect(page.locator("#deal-2 .trump-now")).to_contain_text("now")

    # A deal's number opens its page: its points in parts, and the trump as played beside the rules'.
    page.locator("#deal-2 th a").first.tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    expect(page.locator(".explain-trump")).to_contain_text("as played; the rules now give")
    expect(page.locator(".explain-list")).to_contain_text("3 tricks")
