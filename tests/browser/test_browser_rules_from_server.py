"""The two rules the page scripts used to keep for themselves now come from the server: how many
cards a bid is (the core's ``BID_CARDS``, carried as ``data-bid-cards``), and when two names are
one player (``names.key``: case, width, spacing and Unicode's spellings do not count)."""

from __future__ import annotations

from browserhelpers import start_match
from playwright.sync_api import Page, expect


def test_a_known_player_typed_in_another_width_is_not_offered_again(page: Page) -> None:
    start_match(page, ["Zoe", "Bob", "Cy"])
    page.goto("/matches/new")
    chip = page.locator(".chip-name[data-name='Zoe']")
    expect(chip).to_be_visible()
    page.locator("#players-0").fill("ＺＯＥ")  # full-width letters: the same name to the server
    expect(chip).to_be_hidden()
    page.locator("#players-0").fill("Zoey")
    expect(chip).to_be_visible()


def test_the_deal_form_stops_at_the_number_of_bid_cards_the_page_gives(browser, browser_context_args) -> None:
    """The pad reads the count from the page: served as the core says (three), a fourth card is
    refused; the same page served saying two stops it at two. (The service worker is kept out, so
    that the page's own requests are the ones rewritten.)"""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    start_match(page, ["Ann", "Bob", "Cy"])
    form_url = page.url.rstrip("/") + "/deals/new"
    seat = page.locator("fieldset.seat").first

    def lay_aside(taps: int) -> None:
        page.goto(form_url)
        page.get_by_role("button", name="Ann’s bid as bid cards", exact=True).tap()
        for _ in range(taps):
            seat.locator(".suit-chip").first.tap()

    expect(page.locator("#deal-form")).to_have_count(0)
    lay_aside(4)
    expect(page.locator("#deal-form")).to_have_attribute("data-bid-cards", "3")
    expect(seat.locator(".card-note")).to_contain_text("A bid is three cards")
    expect(seat.locator(".bid-input")).to_have_value("♦ ♦ ♦")

    def two_cards(route) -> None:  # the same page, saying a bid is two cards
        response = route.fetch()
        body = response.text().replace('data-bid-cards="3"', 'data-bid-cards="2"').replace(
            'data-bid-cards-words="three cards"', 'data-bid-cards-words="two cards"')
        route.fulfill(response=response, body=body)

    page.route("**/deals/new", two_cards)
    page.evaluate("localStorage.clear()")  # no draft of the first try
    lay_aside(3)
    expect(seat.locator(".card-note")).to_contain_text("A bid is two cards")
    expect(seat.locator(".bid-input")).to_have_value("♦ ♦")
    context.close()
