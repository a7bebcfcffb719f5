"""Under the Content-Security-Policy the main screens load with no violation and their scripts
still work (conftest.py fails a test on any violation the browser reports)."""

from __future__ import annotations

import re

from browserhelpers import bid, save, start_dealt_match, start_match, take_seat, tricks
from playwright.sync_api import expect

from scorer.web.policy import security


def test_the_main_screens_work_under_the_policy(page, live_app):
    response = page.goto("/")
    assert response.headers["content-security-policy"] == security.policy(live_app)
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Jokerless")          # new match (its script fills the form)
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator("#preview")).to_contain_text("once every bid")     # deal form: chips and live preview
    for name, n in (("Ann", 4), ("Bob", 2), ("Cy", 3)):
        bid(page, name, n)
        tricks(page, name, n)
    expect(page.locator("#preview .pv-compact")).to_contain_text("Ann +14")
    save(page, "Save deal 1")                                              # scoreboard
    match_url = page.url
    page.goto("/history/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.goto("/stats/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    match_id = re.search(r"/matches/(\d+)", match_url).group(1)
    page.goto(f"/history/{match_id}")
    expect(page.locator("svg.chart-svg")).to_be_visible()
    page.goto(f"/matches/{match_id}/sheet?paper=letter")                   # the sheet: its page rule is linked
    expect(page.get_by_role("button", name="Print / Save as PDF")).to_be_visible()
    page.goto("/sheets/blank")
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_a_hand_page_and_its_qr_codes_work_under_the_policy(page, live_app):
    start_dealt_match(page)
    expect(page.locator("svg.qr").first).to_be_attached()                  # QR codes: inline SVG, no style
    link = page.locator("a[href*='/hand/']").first.get_attribute("href")
    page.goto(link)
    take_seat(page, "Ann")  # no card until the phone takes the seat
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.get_by_role("button", name=re.compile(r"^Pick cards for a bid of")).first.tap()  # the hand's script
    expect(page.locator(".tile.picked")).to_have_count(3)
