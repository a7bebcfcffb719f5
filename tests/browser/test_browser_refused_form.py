"""A refused form works out the last player's tricks again, as a fresh form does (issue 34).

After a refusal (a bid with the Joker in it when the Joker was the card turned up), changing
Anna's tricks from 4 to 3 left Clara's at 3, the figure the form had filled in before the save,
so the next save was refused too ("the tricks add up to 8"). The form that comes back now knows
which figure it filled in (the draft of the deal keeps it) and fills it in again at every change;
a figure the person gave themselves stays theirs, on a refused form as on a fresh one."""

from __future__ import annotations

import pytest
from browserhelpers import PHONE, bid, snap, start_match, tricks, turn_card
from playwright.sync_api import Page, expect

NAMES = ["Anna", "Ben", "Clara"]


def refused_deal(page: Page, clara_tapped: bool = False) -> None:
    """Deal 1 of a Classic match, the Joker turned up and Anna's bid cards holding it: Anna took
    4, Ben 2, Clara the rest (3, filled in by the form, or tapped by the person too); Save is
    refused."""
    start_match(page, NAMES, ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    turn_card(page, "Joker")
    bid(page, "Anna", "♦J♥")  # the Joker was turned: nobody holds it
    bid(page, "Ben", 3)
    bid(page, "Clara", 2)
    tricks(page, "Anna", 4)
    tricks(page, "Ben", 2)
    clara = page.get_by_role("spinbutton", name="Tricks Clara won")
    expect(clara).to_have_value("3")  # the rest, filled in
    if clara_tapped:
        tricks(page, "Clara", 3)  # the person's own figure now
    page.locator("#bar-save").tap()
    expect(page.locator("#error-summary")).to_contain_text("Nothing was saved.")
    expect(page.locator("#error-summary")).to_contain_text("Anna’s bid")
    expect(clara).to_have_value("3")


@pytest.mark.browser
def test_a_refused_form_fills_the_last_players_tricks_in_again(page: Page) -> None:
    assert page.viewport_size == PHONE  # 390×844, a phone
    refused_deal(page)
    snap(page, "refused-form")
    bid(page, "Anna", 4)
    tricks(page, "Anna", 3)
    # Clara's tricks are the rest again, as on a fresh form: 9 − 3 − 2.
    expect(page.get_by_role("spinbutton", name="Tricks Clara won")).to_have_value("4")
    expect(page.locator("#tricks-left")).to_have_text("All 9 tricks ✓")
    tricks(page, "Ben", 1)
    expect(page.get_by_role("spinbutton", name="Tricks Clara won")).to_have_value("5")
    snap(page, "refused-form-filled-in-again")
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    expect(page.locator(".tile-total")).to_have_text(["3", "1", "5"])


@pytest.mark.browser
def test_a_figure_the_person_gave_stays_theirs_on_the_refused_form(page: Page) -> None:
    refused_deal(page, clara_tapped=True)
    bid(page, "Anna", 4)
    tricks(page, "Anna", 3)
    expect(page.get_by_role("spinbutton", name="Tricks Clara won")).to_have_value("3")
    expect(page.locator("#tricks-left")).to_have_text("1 trick left")


@pytest.mark.browser
def test_a_figure_typed_over_the_rest_stays_the_persons(page: Page) -> None:
    """Typed in the box rather than tapped: the person's own figure too, never put back."""
    start_match(page, NAMES)
    page.get_by_role("link", name="Record deal 1").tap()
    tricks(page, "Anna", 4)
    tricks(page, "Ben", 2)
    clara = page.get_by_role("spinbutton", name="Tricks Clara won")
    expect(clara).to_have_value("3")
    clara.fill("2")
    expect(clara).to_have_value("2")
    expect(page.locator("#tricks-left")).to_have_text("1 trick left")
    tricks(page, "Anna", 3)
    expect(clara).to_have_value("2")
