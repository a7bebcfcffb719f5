"""The new deal set form on a phone (issue 34): switching the ruleset changes the seats and the
trump choice offered, from the core's facts each ruleset's radio carries (deal-set-form.js). A
choice hidden by a switch is not sent: a Classic set made after choosing trump from successes for
Four solo is made."""

from __future__ import annotations

import re

from browserhelpers import no_sideways_scroll
from playwright.sync_api import Page, expect


def seats(page: Page) -> list[str]:
    """The seats "Who deals first" offers, as shown."""
    group = page.get_by_role("group", name="Who deals first")
    return group.locator(".seg:visible").all_inner_texts()


def test_switching_the_ruleset_changes_the_seats_and_the_trump_choice_offered(page: Page, shoot):
    page.goto("/deal-sets/new")
    trump = page.get_by_role("group", name="Trump comes from")
    dealer = page.get_by_role("group", name="Who deals first")
    expect(page.get_by_role("radio", name=re.compile("^Jokerless"))).to_be_checked()
    expect(trump).to_be_hidden()
    expect(dealer.get_by_role("radio")).to_have_count(3)  # the hidden seats are out of the page's roles
    assert seats(page) == ["Seat 1", "Seat 2", "Seat 3"]
    no_sideways_scroll(page)
    shoot("new-deal-set-jokerless")

    page.get_by_role("radio", name=re.compile("^Four solo")).check()
    expect(trump).to_be_visible()
    expect(trump).to_contain_text("Only for Four solo and Four partners.")
    expect(dealer.get_by_role("radio")).to_have_count(4)
    assert seats(page) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    trump.get_by_role("radio", name="How many made their bid (52)").check()
    dealer.get_by_role("radio", name="Seat 4").check()
    no_sideways_scroll(page)
    shoot("new-deal-set-four-solo")

    page.get_by_role("radio", name=re.compile("^Five")).check()
    expect(trump).to_be_hidden()
    expect(dealer.get_by_role("radio")).to_have_count(5)
    expect(dealer.get_by_role("radio", name="Seat 4")).to_be_checked()

    page.get_by_role("radio", name=re.compile("^Two with dummy")).check()
    expect(dealer.get_by_role("radio")).to_have_count(2)
    expect(dealer.get_by_role("radio", name="Seat 1")).to_be_checked()  # seat 4 is gone: the first deals

    page.get_by_role("radio", name=re.compile("^Classic")).check()
    expect(trump).to_be_hidden()
    expect(dealer.get_by_role("radio")).to_have_count(3)
    page.get_by_label("Name").fill("Club night")
    page.get_by_role("button", name="Make the deals").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Run the night: Club night")  # nothing refused
