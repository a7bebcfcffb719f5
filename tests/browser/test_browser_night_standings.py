"""A club night's result as the room sees it (issue 34): the director's screen on a 1920×1080 TV
and a 1280×720 laptop, ranked by matchpoints with the raw points beside them, one line a table,
the whole screen without scrolling, a Fullscreen button and a join code to scan from a table; and
the night's results printed on one A4 page.

The night is set up through the app (three tables, twelve deals, the third table closed after
two): what is looked at here is the screen, not the recording, which other tests drive by thumb.
"""

from __future__ import annotations

import random
import re

import pytest
from browserhelpers import PHONE, SCREENSHOTS, no_sideways_scroll, printed
from cardhelpers import join_set, new_set
from playwright.sync_api import Browser, Page, expect
from webhelpers import phone, post_deal

TABLES = (["Annegret", "Bartholomäus", "Cy"], ["Dee", "Eve", "Friederike"], ["Gus", "Hal", "Ivy"])
DEALS = 12


def a_night(app, closed_after: int = 2) -> int:
    """Twelve deals at tables 1 and 2, two at table 3 (then closed): tricks and bids drawn from a
    fixed seed, so the standings differ seat by seat. Returns the set's id. (The phones here are
    test clients, which send no form token: the browser's pages have theirs checked after.)"""
    app.config["WTF_CSRF_ENABLED"] = False
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser, count=str(DEALS), name="Friday club night")
    keepers = [phone(app, f"192.168.1.{10 + i}") for i in range(len(TABLES))]
    matches = [join_set(keeper, names, set_id) for keeper, names in zip(keepers, TABLES, strict=True)]
    draw = random.Random(34)
    for number in range(1, DEALS + 1):
        for table, (keeper, match) in enumerate(zip(keepers, matches, strict=True)):
            if table == 2 and number > closed_after:
                continue
            first = draw.randint(0, 9)
            second = draw.randint(0, 9 - first)
            took = [first, second, 9 - first - second]
            bids = [t if draw.random() < .5 else draw.randint(0, 9) for t in took]
            assert post_deal(keeper, match, number, bids, took).status_code == 303
        if number == closed_after:
            assert organiser.post(f"/deal-sets/{set_id}/tables/{matches[2]}/close").status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/screen-code", data={"show": "yes"}).status_code == 303
    app.config["WTF_CSRF_ENABLED"] = True
    return set_id


def screen_on(browser: Browser, context_args: dict, size: dict, dark: bool = False) -> Page:
    context = browser.new_context(**{**context_args, "viewport": size, "is_mobile": False, "has_touch": False,
                                     "device_scale_factor": 1}, color_scheme="dark" if dark else "light")
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def one_line(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` whose text takes more than one line."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter((el) => {
        const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3;
        return el.getBoundingClientRect().height > line * 1.5; }).map((el) => el.textContent.trim())""", selector)


@pytest.mark.browser
@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}],
                         ids=["1920x1080", "1280x720"])
def test_the_directors_screen_ranks_by_matchpoints_on_one_screen(live_app, browser, browser_context_args, size):
    set_id = a_night(live_app)
    for dark in (False, True):
        screen = screen_on(browser, browser_context_args, size, dark)
        screen.goto(f"/deal-sets/{set_id}/screen")
        expect(screen.get_by_role("heading", name="Standings after 12 deals")).to_be_visible()
        SCREENSHOTS.mkdir(exist_ok=True)
        screen.screenshot(path=str(SCREENSHOTS / f"night-standings-{size['width']}{'-dark' if dark else ''}.png"),
                          full_page=True)
        # Each seat ranked by percentage, the raw points beside it; the closed table over its 2 deals.
        seat_1 = screen.get_by_role("region", name="Seat 1")
        expect(seat_1.locator("li")).to_have_count(3)
        expect(seat_1.locator("li .standing-pct").first).to_have_text(re.compile(r"^\d+\.\d%$"))
        expect(seat_1.locator("li .standing-pts").first).to_have_text(re.compile(r"^-?\d+ pts$"))
        expect(seat_1).to_contain_text("Gus · Table 3 (2 deals)")
        expect(screen.get_by_text(re.compile("^Each deal, each seat is compared with the same seat"))).to_be_visible()
        # A table a line, the closed one too, and the whole screen without scrolling.
        expect(screen.locator(".director-table.state-closed")).to_contain_text("Closed · 2 deals")
        assert one_line(screen, ".director-table") == []
        assert screen.evaluate("document.documentElement.scrollHeight") <= size["height"]
        assert screen.evaluate("document.documentElement.scrollWidth") <= size["width"]
        # The code to join, big enough to scan from a table; a Fullscreen button.
        qr = screen.locator(".director-join .qr-link svg").bounding_box()
        assert qr and qr["width"] >= (260 if size["width"] >= 1920 else 180), qr
        fullscreen = screen.get_by_role("button", name="Fullscreen")
        expect(fullscreen).to_be_visible()
        fullscreen.click()
        expect(fullscreen).to_have_attribute("aria-pressed", "true")
        fullscreen.click()
        expect(fullscreen).to_have_attribute("aria-pressed", "false")
        screen.context.close()


@pytest.mark.browser
def test_the_sets_page_ranks_by_matchpoints_on_a_phone(live_app, browser, browser_context_args):
    set_id = a_night(live_app)
    context = browser.new_context(**{**browser_context_args, "viewport": PHONE})
    page = context.new_page()
    page.goto(f"/deal-sets/{set_id}")
    expect(page.get_by_role("heading", name="Standings after 12 deals")).to_be_visible()
    ranking = page.locator("table.night-ranking").first
    expect(ranking.locator("caption")).to_have_text("Seat 1")
    expect(ranking.locator("tbody tr")).to_have_count(3)
    # Table 3 closed after 2 deals: measured over them, 2 rivals each (8 at most), not over 12.
    expect(ranking.locator("tbody tr", has_text="Gus")).to_contain_text(re.compile(r"\d+ of 8\b"))
    expect(ranking.locator("tbody tr", has_text="Dee")).to_contain_text(re.compile(r"\d+ of 28\b"))
    no_sideways_scroll(page)
    page.screenshot(path=str(SCREENSHOTS / "night-standings-set-390.png"), full_page=True)
    page.goto(f"/deal-sets/{set_id}/screen")
    no_sideways_scroll(page)
    page.screenshot(path=str(SCREENSHOTS / "night-standings-screen-390.png"), full_page=True)
    context.close()


@pytest.mark.browser
def test_the_nights_results_print_on_one_a4_page(live_app, page: Page):
    set_id = a_night(live_app)
    page.goto(f"/deal-sets/{set_id}")
    page.get_by_role("link", name="Print the results").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Friday club night: results")
    expect(page.locator(".results-table")).to_have_count(3)
    # Each deal's column: the points and matchpoints of every table that played it.
    first = page.locator(".results-table").first
    expect(first.locator("thead th.deal-col")).to_have_count(DEALS)
    expect(first.locator("tbody tr")).to_have_count(3)
    pages, size, text = printed(page, "night-results")
    assert pages == 1, pages
    assert size.endswith("(A4)"), size
    words = " ".join(text.split())
    assert "Each deal, each seat is compared" in words and "Print the results" not in words
