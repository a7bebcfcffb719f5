"""The browser shows the core's rule facts without a copy of them in JavaScript: the usual ruleset
for the names typed (data-first-pick) and the bid aliases of the hand page (data-aliases)."""

from __future__ import annotations

import re

import pytest
from browserhelpers import SCREENSHOTS, bid, no_sideways_scroll, take_seat, tricks
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorer.core import possible_bids
from scorer.web.data.models import DealtDeal
from scorer.web.extensions import db


@pytest.mark.browser
def test_the_usual_ruleset_follows_the_names_typed(page: Page):
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#ruleset summary").tap()
    expect(page.get_by_role("radio", name=re.compile("^Four solo"))).to_be_checked()
    page.locator("#players-3").fill("")
    page.locator("#players-2").fill("")
    expect(page.get_by_role("radio", name=re.compile("^Two with dummy"))).to_be_checked()


@pytest.mark.browser
def test_the_hand_page_names_the_alias_of_a_low_bid(page: Page, live_app):
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#ruleset summary").tap()
    page.get_by_role("radio", name=re.compile("^Two open")).check()
    page.locator("#cards summary").tap()
    page.get_by_role("radio", name="The app deals").check()
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Bob")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    with live_app.app_context():
        dealt = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id))
        token, hand, turn_up = dealt.links[0].token, dealt.hands[0], dealt.turn_up
    low = min(bid for bid in possible_bids(hand, turn_up) if bid <= 3)
    page.goto(f"/hand/{token}")
    take_seat(page, "Ann")  # no card until the phone takes the seat
    page.locator(f".chip[data-bid='{low}']").tap()
    expect(page.locator("#bid-now")).to_have_text(f"Your bid: {low} (or {low + 10})")


@pytest.mark.browser
def test_an_eighteen_deal_shows_its_replay_command_on_a_phone(page: Page):
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#ruleset summary").tap()
    page.get_by_role("radio", name=re.compile("^Eighteen")).check()
    page.locator("#cards summary").tap()
    page.get_by_role("radio", name="The app deals").check()
    page.get_by_label("Seed").fill("9223372036854775807")
    # A one-deal match: once it is over, the seed (which also shuffled the game's trump pile) may be shown.
    page.locator("details.options summary").tap()
    page.get_by_role("radio", name="A set number of deals").check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.get_by_role("link", name="Record deal 1").tap()
    for name in ["Ann", "Bob", "Cy"]:
        bid(page, name, "hidden")
        tricks(page, name, 3)
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.goto(f"/matches/{match_id}/deals/1/cards")
    command = page.locator("code")
    expect(command).to_have_text(re.compile(r"^python -m scorer deal eighteen --seed \d+ --dealer 0 --deal 1 "
                                            r"--pile-seed \d+$"))
    no_sideways_scroll(page)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "dealing-cards-eighteen-command.png"), full_page=True)
