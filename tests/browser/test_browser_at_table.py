"""At the table: dark mode, a deal that survives a reload or a lost connection, and a look at
every screen (light, dark, printed) on a 390×844 phone."""

from __future__ import annotations

import re
import subprocess

import pytest
from browserhelpers import SCREENSHOTS, bid, no_sideways_scroll, save, start_match, tricks
from playwright.sync_api import Page, expect

from scorer.core import make_setup
from scorer.web.data.models import Deal, Match, MatchSeat, Player
from scorer.web.extensions import db

LIGHT_BG = "rgb(244, 241, 234)"
DARK_BG = "rgb(15, 21, 18)"


def background(page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


@pytest.mark.browser
def test_dark_mode_follows_the_system_and_the_toggle(page):
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    assert background(page) == DARK_BG
    toggle = page.locator("#theme-toggle")
    expect(toggle).to_have_accessible_name("Colour theme: Auto (follows the phone). Change it")
    toggle.tap()
    expect(toggle).to_have_text("◐ Dark")
    toggle.tap()
    expect(toggle).to_have_text("◐ Light")
    assert background(page) == LIGHT_BG
    page.reload()  # the choice is kept
    expect(toggle).to_have_text("◐ Light")
    assert background(page) == LIGHT_BG
    toggle.tap()  # back to following the system
    expect(toggle).to_have_text("◐ Auto")
    assert background(page) == DARK_BG
    page.emulate_media(color_scheme="light")
    assert background(page) == LIGHT_BG


@pytest.mark.browser
def test_a_deal_being_entered_survives_a_reload(page):
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()
    bid(page, "Ann", "♦♠♣")
    tricks(page, "Ann", 4)
    bid(page, "Bob", 2)
    page.reload()
    expect(page.locator("#draft-note")).to_be_visible()
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♦ ♠ ♣")
    expect(page.get_by_role("spinbutton", name="Tricks Ann won")).to_have_value("4")
    expect(page.get_by_role("button", name="Bob bid 2", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tricks-left")).to_have_text("5 tricks left")
    tricks(page, "Bob", 2)
    bid(page, "Cy", "hidden")
    tricks(page, "Cy", 3)
    save(page, "Save deal 1")
    expect(page.locator(".tile-total")).to_have_text(["24", "22", "3"])  # two made: 20 each
    # Once saved, the draft is gone: the next deal starts empty.
    page.get_by_role("link", name="Record deal 2").tap()
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("")
    expect(page.locator("#draft-note")).to_be_hidden()


@pytest.mark.browser
def test_saving_without_a_connection_keeps_the_deal(page, live_app):
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 2), ("Cy", 3)):
        bid(page, name, n)
        tricks(page, name, n)
    expect(page.locator("#preview .pv-points")).to_have_count(3)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator("#kept-note")).to_contain_text("Deal 1 is kept on this phone")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("4")
    page.context.set_offline(False)  # sent by itself (tests/browser/test_browser_offline_save.py)
    expect(page.locator(".flash")).to_have_text("Deal 1 saved. Undo", timeout=10_000)
    expect(page.locator(".flash").get_by_role("link", name="Undo")).to_have_attribute("href", re.compile(r"/changes/\d+/undo\?next=/matches/\d+$"))


def take_over(page: Page, match_id: int) -> None:
    """A match written straight to the database has no scorekeeper: this browser, on the server
    machine, takes it over (access.py)."""
    page.goto(f"/matches/{match_id}")
    page.get_by_role("button", name="Take over this match").tap()
    expect(page.get_by_text("You keep this match's score.")).to_be_visible()


def seed(app, ruleset: str, names: list[str], played: list[dict], finished: bool = False, **options) -> int:
    """A match put straight into the database, for screens that need one already played."""
    with app.app_context():
        match = Match(ruleset=ruleset, options=make_setup(ruleset, options).options_json(), finished=finished)
        match.seats = [MatchSeat(seat=i, player=Player.named(name)) for i, name in enumerate(names)]
        match.deals = [Deal(number=i, bids=d["bids"], tricks=d["tricks"], premiums=d.get("premiums", []),
                            turn_up=d.get("turn_up")) for i, d in enumerate(played, start=1)]
        db.session.add(match)
        db.session.commit()
        return match.id


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_more_screens_on_a_phone(page, shoot, live_app, scheme):
    """The end of a match, five players, Long's thirteen tricks, the options, an error page."""
    page.emulate_media(color_scheme=scheme)

    def look(name: str, full_page: bool = True) -> None:
        no_sideways_scroll(page)
        shoot(f"{name}-{scheme}", full_page=full_page)

    over = seed(live_app, "jokerless", ["Ann", "Bob", "Cy"], [{"bids": [4, 1, 2], "tricks": [4, 2, 3]}],
                finished=True, match="deals", deals=1)
    page.goto(f"/matches/{over}")
    expect(page.locator(".banner-match h2")).to_have_text("Ann wins")
    look("scoreboard-match-over")
    take_over(page, over)
    page.goto(f"/matches/{over}/deals/new")
    expect(page.get_by_role("heading", name="This match is over")).to_be_visible()
    look("error-match-over")
    five = seed(live_app, "five", ["Ann", "Bob", "Cy", "Di", "Ed"],
                [{"bids": [2, 2, 2, 2, 1], "tricks": [2, 2, 2, 2, 1], "premiums": [{"seat": 1, "kind": "declare"}]}])
    page.goto(f"/matches/{five}")
    expect(page.locator(".score-tile")).to_have_count(5)
    look("scoreboard-five")
    long = seed(live_app, "long", ["Ann", "Bob", "Cy"], [])
    take_over(page, long)
    page.goto(f"/matches/{long}/deals/new")
    expect(page.get_by_role("button", name="Ann bid 13", exact=True)).to_be_visible()
    look("deal-form-long", full_page=False)
    page.goto("/")
    look("home-several")
    page.get_by_role("link", name="New match").tap()
    page.locator("#ruleset summary").tap()
    page.locator(".options summary").tap()
    page.get_by_role("radio", name="Four solo").check()
    expect(page.locator("[data-option=trump]")).to_be_visible()
    look("new-match-options-open")


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_on_a_phone(page, shoot, scheme):
    """Screenshots to look at, and no screen wider than the phone."""
    page.emulate_media(color_scheme=scheme)

    def look(name: str, full_page: bool = True) -> None:
        no_sideways_scroll(page)
        shoot(f"{name}-{scheme}", full_page=full_page)

    page.goto("/")
    look("home-empty")
    page.get_by_role("link", name="New match").tap()
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    look("new-match")
    page.get_by_role("button", name="Start the match").tap()  # no names
    expect(page.locator(".error-summary")).to_be_visible()
    look("new-match-error")
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Jokerless")
    look("scoreboard-start")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator("#preview")).to_contain_text("once every bid")
    look("deal-form-empty", full_page=False)
    for name, n, took in (("Ann", 4, 4), ("Bob", 2, 3), ("Cy", 1, 3)):
        bid(page, name, n)
        tricks(page, name, took)
    expect(page.locator("#preview .preview-error")).to_contain_text("Tricks add up to 10")
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator(".error-summary")).to_be_visible()
    look("deal-form-error")
    tricks(page, "Bob", 2)
    save(page, "Save deal 1")
    page.get_by_role("link", name="Record deal 2").tap()
    for name, n in (("Ann", 3), ("Bob", 3), ("Cy", 3)):
        bid(page, name, n)
        tricks(page, name, n)
    save(page, "Save deal 2")
    look("scoreboard-two-deals")
    page.locator("#deal-1").get_by_role("link", name="Edit deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Edit deal 1")
    look("deal-form-edit", full_page=False)
    page.get_by_role("link", name="Back to the scores").tap()
    page.get_by_role("link", name="Delete deal 2…").tap()
    expect(page.get_by_role("heading", name="Delete deal 2?")).to_be_visible()
    look("confirm-delete")
    page.get_by_role("link", name="Keep it").tap()
    expect(page.get_by_role("link", name="Record deal 3")).to_be_visible()
    if scheme == "light":
        page.emulate_media(media="print")
        pdf = SCREENSHOTS / "scoreboard-print.pdf"
        page.pdf(path=str(pdf), format="A4")
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                        str(SCREENSHOTS / "scoreboard-print")], check=True)
        page.emulate_media(media="screen")
    page.goto("/")
    expect(page.locator(".match-item")).to_have_count(1)
    look("home")
