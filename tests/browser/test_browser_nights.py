"""A club night with its phones (issue 27): the organiser's phone (the server machine here, which
is also the site manager), two tables' scorekeepers joining by the code's QR link, a stranger's
phone starting a shadow table, and the director's screen on a 1920×1080 laptop.

Every phone but the organiser's sends ``X-Forwarded-For`` (without ``SCORER_BEHIND_PROXY`` such a
request is never the server machine: access.py), so none of them is a site manager.
"""

from __future__ import annotations

import re

import pytest
from browserhelpers import SCREENSHOTS, bid, make_classic_deal_set, no_sideways_scroll, tricks
from playwright.sync_api import Browser, Page, expect

BIG = {"width": 1920, "height": 1080}


def phone(browser: Browser, context_args: dict, address: str, dark: bool = False) -> Page:
    """Another phone on the Wi-Fi: its own cookies, 390×844 and touch, not the server machine."""
    context = browser.new_context(**context_args, color_scheme="dark" if dark else "light",
                                  extra_http_headers={"X-Forwarded-For": address})
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def laptop(browser: Browser, context_args: dict, dark: bool = False) -> Page:
    """The organiser's laptop (or a TV) facing the room: 1920×1080, no touch."""
    context = browser.new_context(**{**context_args, "viewport": BIG, "is_mobile": False, "has_touch": False,
                                     "device_scale_factor": 1}, color_scheme="dark" if dark else "light")
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def join_by_qr(keeper: Page, join_url: str, names: list[str]) -> int:
    """The table's scorekeeper scans the organiser's code: the new-table form, the code filled in."""
    keeper.goto(join_url)
    expect(keeper.get_by_role("heading", name=re.compile("^A table of Club night"))).to_be_visible()
    expect(keeper.get_by_label(re.compile("^Table code"))).not_to_have_value("")
    for i, name in enumerate(names):
        keeper.locator(f"#players-{i}").fill(name)
    keeper.get_by_role("button", name="Start the match").tap()
    expect(keeper.get_by_role("heading", level=1)).to_have_text(" · ".join(names))
    return int(keeper.url.rstrip("/").rsplit("/", 1)[1])


def record_hidden(keeper: Page, number: int, took: tuple[int, int, int], names: list[str]) -> None:
    keeper.get_by_role("link", name=f"Record deal {number}").tap()
    for name, count in zip(names, took, strict=True):
        bid(keeper, name, "hidden")
        tricks(keeper, name, count)
    keeper.get_by_role("button", name=f"Save deal {number}").first.tap()
    expect(keeper.locator(".flash")).to_contain_text(f"Deal {number} saved.")


def the_code_link(organiser: Page) -> str:
    link = organiser.get_by_role("link", name="Join Club night as a table").first.get_attribute("href")
    assert link and "code=" in link
    return link


@pytest.mark.browser
def test_a_shadow_table_started_from_the_sets_page_is_dealt_no_hand(page: Page, browser, browser_context_args):
    organise = make_classic_deal_set(page)
    expect(page.get_by_text(re.compile(r"^[A-Z2-9]{4} [A-Z2-9]{4}$"))).to_be_visible()  # the table code, big
    shoot(page, "night-organiser")
    page.emulate_media(color_scheme="dark")
    shoot(page, "night-organiser-dark")
    page.emulate_media(color_scheme="light")
    table_a = phone(browser, browser_context_args, "192.168.1.21")
    join_by_qr(table_a, the_code_link(page), ["Ann", "Bob", "Cy"])
    expect(table_a.locator("#night-table")).to_contain_text("Table 1 of Club night · Playing")
    expect(table_a.get_by_role("link", name="Ann’s hand for deal 1")).to_be_visible()

    # The stranger: never invited, it finds the set, starts a table of its own, without the code.
    shadow = phone(browser, browser_context_args, "203.0.113.9")
    shadow.goto("/deal-sets/")
    shadow.get_by_role("link", name=re.compile("^Club night")).tap()
    shadow.get_by_role("link", name="Start a table from this set").tap()
    for i, name in enumerate(["Xan", "Yul", "Zed"]):
        shadow.locator(f"#players-{i}").fill(name)
    shadow.get_by_role("button", name="Start the match").tap()
    expect(shadow.locator(".flash")).to_contain_text("This table waits for the organiser to admit it")
    expect(shadow.locator("#night-table")).to_contain_text("waits for the organiser of Club night to admit it")
    expect(shadow.get_by_role("link", name=re.compile("hand for deal"))).to_have_count(0)  # no seat to take
    expect(shadow.get_by_role("link", name="Record deal 1")).to_have_count(0)
    no_sideways_scroll(shadow)
    shoot(shadow, "night-shadow-waiting")
    board = shadow.url
    # As its own scorekeeper it opens the deal form by hand, to record a made-up deal: refused (and a
    # deal posted by hand is refused the same: tests/web/test_nights.py).
    answer = shadow.goto(shadow.url.rstrip("/") + "/deals/new")
    assert answer is not None and answer.status == 409
    expect(shadow.get_by_role("heading", level=1)).to_have_text("This table is not playing")
    expect(shadow.get_by_text("no deal can be recorded yet and no card is dealt")).to_be_visible()
    # It is no organiser: the organiser's page is shut to it.
    answer = shadow.goto(organise)
    assert answer is not None and answer.status == 403

    # The organiser sees it waiting, and takes it out.
    page.goto(organise)
    waiting = page.locator(".night-table.state-waiting")
    expect(waiting).to_contain_text("Xan, Yul, Zed")
    expect(waiting).to_contain_text("Waiting to be admitted")
    no_sideways_scroll(page)
    waiting.scroll_into_view_if_needed()
    shoot(page, "night-organiser-tables")
    page.get_by_role("button", name="Take out Table 2").tap()
    expect(page.locator(".flash")).to_contain_text("Table 2 is taken out of the set")
    shadow.goto(board)
    expect(shadow.locator("#night-table")).to_contain_text("took this table out of the set")


@pytest.mark.browser
def test_a_tables_results_wait_for_the_slowest_table_then_show_live(page: Page, browser, browser_context_args):
    make_classic_deal_set(page)
    join_url = the_code_link(page)
    table_a = phone(browser, browser_context_args, "192.168.1.21")
    table_b = phone(browser, browser_context_args, "192.168.1.22", dark=True)
    a = join_by_qr(table_a, join_url, ["Ann", "Bob", "Cy"])
    join_by_qr(table_b, join_url, ["Dee", "Eve", "Fay"])
    record_hidden(table_a, 1, (2, 5, 2), ["Ann", "Bob", "Cy"])
    expect(table_a.locator("#deal-1")).to_be_visible()  # its own results, as always

    # Table B's scorekeeper looks at table A from the set's page: deal 1 is held back.
    table_b.goto("/deal-sets/1")
    expect(table_b.get_by_text(re.compile("Deal 1 appears here once every table still playing has recorded it"))).to_be_visible()
    table_b.get_by_role("link", name="Table 1").tap()
    expect(table_b).to_have_url(re.compile(rf"/matches/{a}$"))
    expect(table_b.get_by_text(re.compile("This table has recorded deal 1. It is shown here once every table"))).to_be_visible()
    expect(table_b.locator("#deal-1")).to_have_count(0)
    expect(table_b.locator(".score-tiles")).not_to_contain_text("5")
    no_sideways_scroll(table_b)
    shoot(table_b, "night-held-back-dark")

    # The director's screen on the organiser's laptop, live.
    screen = laptop(browser, browser_context_args)
    screen.goto("/deal-sets/1/screen")
    expect(screen.get_by_role("heading", name="Tables")).to_be_visible()
    tiles = screen.locator(".director-table")
    expect(tiles).to_have_count(2)
    expect(tiles.nth(0)).to_contain_text("Deal 2")
    expect(tiles.nth(1)).to_contain_text("Deal 1")
    expect(screen.get_by_text("Each deal appears here once every table has played it.")).to_be_visible()

    # Table B plays deal 1: A's deal 1 shows on B's phone (still on A's board) and on the screen.
    other = table_b.context.new_page()
    other.goto("/deal-sets/1")
    other.get_by_role("link", name="Table 2").tap()
    record_hidden(other, 1, (3, 3, 3), ["Dee", "Eve", "Fay"])
    expect(table_b.locator("#deal-1")).to_be_visible()  # live: the board fetched itself again
    expect(table_b.locator(".score-tiles")).to_contain_text("5")
    expect(screen.get_by_role("heading", name="Deal 1 at every table")).to_be_visible()
    expect(screen.locator(".director-table").nth(1)).to_contain_text("Deal 2")
    expect(screen.get_by_role("heading", name="Standings after 1 deal")).to_be_visible()
    seat_2 = screen.get_by_role("region", name="Seat 2")
    expect(seat_2.locator("li").first).to_contain_text("Bob")  # 5 tricks beat Eve’s 3
    shoot(screen, "night-screen-1920")
    screen.emulate_media(color_scheme="dark")
    shoot(screen, "night-screen-1920-dark")


@pytest.mark.browser
def test_the_directors_screen_reads_across_a_room_and_on_a_phone(page: Page, browser, browser_context_args):
    """Screenshots to look at: the screen with the code shown, at 1920×1080 and on a phone, light
    and dark; the type is sized for the room at 1920 wide, and nothing runs off a phone."""
    make_classic_deal_set(page)
    page.get_by_role("button", name="Show the code on the director’s screen").tap()
    expect(page.locator(".flash")).to_contain_text("The director’s screen shows the table code.")
    join_url = the_code_link(page)
    tables = []
    for address, names in (("192.168.1.21", ["Ann", "Bob", "Cy"]), ("192.168.1.22", ["Dee", "Eve", "Fay"]),
                           ("192.168.1.23", ["Gus", "Hal", "Ivy"])):
        keeper = phone(browser, browser_context_args, address)
        join_by_qr(keeper, join_url, names)  # every table joins before play starts (then it would wait)
        tables.append((keeper, names))
    for keeper, names in tables:
        keeper.goto(keeper.url)
        record_hidden(keeper, 1, (2, 5, 2) if names[0] != "Gus" else (3, 3, 3), names)
    for dark in (False, True):
        screen = laptop(browser, browser_context_args, dark)
        screen.goto("/deal-sets/1/screen")
        expect(screen.get_by_role("heading", name="Join as a table")).to_be_visible()
        expect(screen.locator(".director-join .code")).to_have_text(re.compile(r"^[A-Z2-9]{4} [A-Z2-9]{4}$"))
        size = screen.evaluate("parseFloat(getComputedStyle(document.querySelector('.director-table-names')).fontSize)")
        assert size >= 24, size  # about 1.3 % of the width: readable from across a room
        assert screen.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shoot(screen, "night-screen-code-1920" + ("-dark" if dark else ""))
        small = phone(browser, browser_context_args, "192.168.1.30", dark=dark)
        small.goto("/deal-sets/1/screen")
        expect(small.get_by_role("heading", name="Deal 1 at every table")).to_be_visible()
        no_sideways_scroll(small)
        shoot(small, "night-screen-phone" + ("-dark" if dark else ""))
