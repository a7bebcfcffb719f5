"""The night's frontier on phones (issue 32): what a club night has published stays published, a
table that was away cannot record a deal published meanwhile, only the organiser deletes a table
of a night still on, and the statistics wait for the night's end.

Each phone is its own browser context. The organiser's phone made the set and, like every table's
phone and the stranger's, sends ``X-Forwarded-For`` (without ``SCORER_BEHIND_PROXY`` such a request
is never the server machine: access.py), so none of them is the site manager; the test's own
``page`` (127.0.0.1) is the server machine, the site manager.
"""

from __future__ import annotations

import re

import pytest
from browserhelpers import bid, make_classic_deal_set, no_sideways_scroll, tricks, turn_card
from playwright.sync_api import Browser, Page, expect

ORGANISER, TABLE_A, TABLE_B, TABLE_C, STRANGER = ("192.168.1.10", "192.168.1.21", "192.168.1.22", "192.168.1.23",
                                                   "203.0.113.9")
A_NAMES, B_NAMES, C_NAMES = ["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]


def phone(browser: Browser, context_args: dict, address: str) -> Page:
    """Another phone on the Wi-Fi: its own cookies, 390×844 and touch, not the server machine."""
    context = browser.new_context(**context_args, extra_http_headers={"X-Forwarded-For": address})
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def the_code_link(organiser: Page) -> str:
    link = organiser.get_by_role("link", name="Join Club night as a table").first.get_attribute("href")
    assert link and "code=" in link
    return link


def join_by_qr(keeper: Page, join_url: str, names: list[str]) -> int:
    """The table's scorekeeper scans the organiser's code (before play: admitted at once); the match's id."""
    keeper.goto(join_url)
    for i, name in enumerate(names):
        keeper.locator(f"#players-{i}").fill(name)
    keeper.get_by_role("button", name="Start the match").tap()
    expect(keeper.get_by_role("heading", level=1)).to_have_text(" · ".join(names))
    expect(keeper.locator("#night-table")).to_contain_text("Playing")
    return int(keeper.url.rstrip("/").rsplit("/", 1)[1])


def fill_deal(keeper: Page, number: int, bids: tuple[int, int, int], took: tuple[int, int], names: list[str],
              turned: str | None = None) -> None:
    """From the table's board: the next deal's form, the bids and the first two players' tricks (the last
    player's follow), not saved yet; ``turned``: the turned card, where the app does not deal."""
    keeper.get_by_role("link", name=f"Record deal {number}").tap()
    expect(keeper).to_have_url(re.compile(r"/deals/new$"))
    if turned:
        turn_card(keeper, turned)
    for name, value in zip(names, bids, strict=True):
        bid(keeper, name, value)
    for name, count in zip(names, took, strict=False):
        tricks(keeper, name, count)


def record(keeper: Page, number: int, bids: tuple[int, int, int], took: tuple[int, int], names: list[str],
           turned: str | None = None) -> None:
    fill_deal(keeper, number, bids, took, names, turned)
    keeper.get_by_role("button", name=f"Save deal {number}").first.tap()
    expect(keeper.locator(".flash")).to_contain_text(f"Deal {number} saved.")


def a_night_of_two_tables(page: Page, browser: Browser, args: dict) -> dict:
    """The organiser's phone makes the set; tables A and B join with the code before play; A records
    deals 1 and 2, B deal 1. The night has published deal 1."""
    organiser = phone(browser, args, ORGANISER)
    organise = make_classic_deal_set(organiser)
    join_url = the_code_link(organiser)
    table_a, table_b = phone(browser, args, TABLE_A), phone(browser, args, TABLE_B)
    a = join_by_qr(table_a, join_url, A_NAMES)
    b = join_by_qr(table_b, join_url, B_NAMES)
    record(table_a, 1, (4, 3, 2), (4, 3), A_NAMES)  # all three make theirs: Ann 14, Bob 13, Cy 12
    record(table_a, 2, (1, 5, 3), (2, 5), A_NAMES)  # Bob alone makes 5: 35, his total 48
    record(table_b, 1, (4, 3, 2), (4, 3), B_NAMES)
    organiser.goto(organise)
    expect(organiser.locator("#night-frontier")).to_have_text("1 deal is published: every table still playing has played it.")
    stranger = phone(browser, args, STRANGER)
    return {"organiser": organiser, "organise": organise, "a": a, "b": b, "table_a": table_a, "table_b": table_b,
            "stranger": stranger}


def sees_deal_2_of_a(stranger: Page, a: int, shown: bool) -> None:
    """The stranger's view of table A's board: deal 1 always, deal 2 once published."""
    stranger.goto(f"/matches/{a}")
    expect(stranger.get_by_role("heading", level=1)).to_have_text(" · ".join(A_NAMES))
    expect(stranger.locator("#deal-1")).to_be_visible()
    if shown:
        expect(stranger.locator("#deal-2")).to_be_visible()
        expect(stranger.locator(".score-tiles")).to_contain_text("48")
        expect(stranger.get_by_text(re.compile("This table has recorded deal 2"))).to_have_count(0)
    else:
        expect(stranger.locator("#deal-2")).to_have_count(0)
        expect(stranger.locator(".score-tiles")).to_contain_text("13")  # Bob after deal 1
        expect(stranger.locator(".score-tiles")).not_to_contain_text("48")
        expect(stranger.get_by_text(re.compile("This table has recorded deal 2. It is shown here once every table"))).to_be_visible()


@pytest.mark.browser
def test_a_table_deleted_by_the_organiser_and_restored_cannot_record_a_deal_published_meanwhile(
        page: Page, browser, browser_context_args):
    night = a_night_of_two_tables(page, browser, browser_context_args)
    organiser, stranger, table_b = night["organiser"], night["stranger"], night["table_b"]
    a, b = night["a"], night["b"]

    # B's own scorekeeper cannot delete its table while the night is on: no link, and a POST is refused.
    table_b.goto(f"/matches/{b}")
    expect(table_b.get_by_role("link", name="Record deal 2")).to_be_visible()  # the board is there, playing
    expect(table_b.get_by_role("link", name="Delete match…")).to_have_count(0)
    answer = table_b.goto(f"/matches/{b}/delete")  # the confirmation page, typed in
    assert answer is not None and answer.status == 403, answer and answer.status
    expect(table_b.get_by_text(re.compile("only its organiser .* can delete or restore it"))).to_be_visible()
    table_b.goto(f"/matches/{b}/deals/new")  # a page of this phone with a form: its CSRF token
    token = table_b.locator("input[name='csrf_token']").first.get_attribute("value")
    refused = table_b.request.post(f"/matches/{b}/delete", form={"csrf_token": token or ""}, max_redirects=0)
    assert refused.status == 403, refused.status
    assert "only its organiser" in refused.text()
    table_b.goto(f"/matches/{b}")
    expect(table_b.locator("#night-table")).to_contain_text("Table 2 of Club night · Playing")
    # Its scorekeeper has deal 2's form open, filled in, on a second tab.
    form = table_b.context.new_page()
    form.goto(f"/matches/{b}")
    fill_deal(form, 2, (1, 5, 3), (2, 5), B_NAMES)

    # The stranger sees table A's deal 1, not its deal 2 (B has not played it).
    sees_deal_2_of_a(stranger, a, shown=False)

    # The organiser deletes table B from the organiser's page: deal 2 is published.
    organiser.goto(night["organise"])
    organiser.get_by_role("button", name="Delete Table 2").tap()
    expect(organiser.locator(".flash")).to_contain_text("Table 2 was deleted: the night goes on without it.")
    expect(organiser.locator("#night-frontier")).to_have_text("2 deals are published: every table still playing has played them.")
    no_sideways_scroll(organiser)
    organiser.screenshot(path="/tmp/frontier-organiser-deleted.png", full_page=True)
    sees_deal_2_of_a(stranger, a, shown=True)

    # The site manager (the server machine) restores it from Recently deleted.
    page.goto("/deleted")
    item = page.locator(".deleted-item").filter(has_text=" · ".join(B_NAMES))
    item.get_by_role("button", name="Restore").tap()
    expect(page.locator(".flash")).to_contain_text("The match is back")
    expect(page).to_have_url(re.compile(rf"/matches/{b}$"))

    # Back, B is behind the night: its board says it records no more deals, and deal 2 is refused.
    table_b.goto(f"/matches/{b}")
    expect(table_b.locator("#night-table")).to_contain_text(
        "Club night has published deals up to deal 2 while this table was away, and its "
        "players may have seen them: this table records no more deals of the set.")
    expect(table_b.get_by_role("link", name="Record deal 2")).to_have_count(0)
    answer = table_b.goto(f"/matches/{b}/deals/new")
    assert answer is not None and answer.status == 409, answer and answer.status
    expect(table_b.get_by_role("heading", level=1)).to_have_text("This table is not playing")
    expect(table_b.get_by_text(re.compile("this table records no more deals of the set"))).to_be_visible()
    # The form filled in before the deletion is sent now: nothing is saved.
    form.get_by_role("button", name="Save deal 2").first.tap()
    expect(form.get_by_text(re.compile("this table records no more deals of the set")).first).to_be_visible()
    table_b.goto(f"/matches/{b}")
    expect(table_b.locator("#deal-1")).to_be_visible()
    expect(table_b.locator("#deal-2")).to_have_count(0)

    # The frontier never goes back: the stranger still sees A's deal 2.
    sees_deal_2_of_a(stranger, a, shown=True)
    organiser.goto(night["organise"])
    expect(organiser.locator("#night-frontier")).to_have_text("2 deals are published: every table still playing has played them.")
    organiser.locator("#table-2").scroll_into_view_if_needed()
    organiser.screenshot(path="/tmp/frontier-organiser-restored.png", full_page=True)


@pytest.mark.browser
def test_a_table_closed_while_a_deal_was_published_is_not_opened_again(page: Page, browser, browser_context_args):
    night = a_night_of_two_tables(page, browser, browser_context_args)
    organiser, stranger, table_b = night["organiser"], night["stranger"], night["table_b"]
    a, b = night["a"], night["b"]
    sees_deal_2_of_a(stranger, a, shown=False)

    # The organiser closes table B: A's deal 2 is published.
    organiser.goto(night["organise"])
    table_2 = organiser.locator("#table-2")
    expect(table_2.get_by_role("button", name="Open again Table 2")).to_have_count(0)
    organiser.get_by_role("button", name="Close Table 2").tap()
    expect(organiser.locator(".flash")).to_contain_text("Table 2 is closed")
    expect(organiser.locator("#night-frontier")).to_have_text("2 deals are published: every table still playing has played them.")
    sees_deal_2_of_a(stranger, a, shown=True)

    # Deal 2 was published while B was closed: no Open again, and one posted by hand is refused.
    expect(table_2.locator(".state-badge")).to_have_text("Closed")
    expect(table_2.locator(".night-table-note")).to_have_text(re.compile(r"^\s*Cannot play on: deals? 2\b.* published while it was away"))
    expect(table_2.get_by_role("button", name=re.compile("^Open again"))).to_have_count(0)
    expect(table_2.get_by_role("button", name="Take out Table 2")).to_be_visible()  # its other buttons are there
    no_sideways_scroll(organiser)
    # The organiser's page posts "Open again" for B as its button would (a form of the page, its CSRF token).
    reopen = night["organise"].replace("/organise", f"/tables/{b}/reopen")
    organiser.evaluate("""(action) => {
        const form = document.querySelector('#table-1 form').cloneNode(true);
        form.action = action;
        document.body.append(form);
        form.submit();
    }""", reopen)
    expect(organiser.locator(".flash")).to_have_text(re.compile(
        r"^\s*Table 2 was not opened again: deals? 2\b.* published while it was away, and its players may have seen it\.\s*$"))
    expect(organiser).to_have_url(re.compile(r"/deal-sets/\d+/organise#table-2$"))
    expect(organiser.locator("#table-2 .state-badge")).to_have_text("Closed")
    expect(organiser.locator("#night-frontier")).to_have_text("2 deals are published: every table still playing has played them.")

    # B stays closed: its board says so and records nothing; the stranger still sees A's deal 2.
    table_b.goto(f"/matches/{b}")
    expect(table_b.locator("#night-table")).to_contain_text("Table 2 of Club night · Closed")
    expect(table_b.get_by_role("link", name="Record deal 2")).to_have_count(0)
    sees_deal_2_of_a(stranger, a, shown=True)


@pytest.mark.browser
def test_a_nights_matches_count_in_the_statistics_once_the_night_has_ended(page: Page, browser, browser_context_args):
    organiser = phone(browser, browser_context_args, ORGANISER)
    organise = make_classic_deal_set(organiser)
    join_url = the_code_link(organiser)
    table_1, table_2, table_3 = (phone(browser, browser_context_args, address) for address in (TABLE_A, TABLE_B, TABLE_C))
    one = join_by_qr(table_1, join_url, A_NAMES)
    join_by_qr(table_2, join_url, B_NAMES)
    join_by_qr(table_3, join_url, C_NAMES)
    record(table_1, 1, (4, 3, 2), (4, 3), A_NAMES)
    record(table_1, 2, (9, 1, 1), (9, 0), A_NAMES)  # Ann alone makes 9: 9 + 30 = 39
    record(table_2, 1, (4, 3, 2), (4, 3), B_NAMES)

    # Table 3's phone also kept a match of Ann, Bob and Cy outside any set: one deal, Ann's 3 points.
    table_3.goto("/matches/new")
    for i, name in enumerate(A_NAMES):
        table_3.locator(f"#players-{i}").fill(name)
    table_3.locator("#ruleset summary").tap()
    table_3.get_by_role("radio", name="Classic").check()
    table_3.get_by_role("button", name="Start the match").tap()
    expect(table_3.get_by_role("heading", level=1)).to_have_text(" · ".join(A_NAMES))
    record(table_3, 1, (2, 3, 4), (3, 3), A_NAMES, turned="7H")

    # On table 3's phone (it has recorded nothing of the night): the statistics count the match
    # outside the set at once, and nothing of the night's tables.
    figures_before_the_end(table_3)

    organiser.goto(organise)
    expect(organiser.locator("#night-frontier")).to_have_text("No deal is published yet.")
    organiser.get_by_role("button", name="End the night").tap()
    expect(organiser.locator(".flash")).to_contain_text(
        "The night has ended: every deal is published, the deal sheet shows every hand, and the night’s matches count "
        "in the statistics and the ratings.")
    expect(organiser.locator("#night-frontier")).to_have_text(
        "The night has ended: every deal is published, and its matches count in the statistics and the ratings.")
    expect(organiser.get_by_role("button", name="End the night")).to_have_count(0)
    expect(organiser.get_by_role("link", name="The deal sheet (every hand)")).to_be_visible()
    no_sideways_scroll(organiser)
    organiser.screenshot(path="/tmp/frontier-organiser-ended.png", full_page=True)

    # Now the night counts: table 1's deals for Ann, Bob and Cy, table 2's for Dee, Eve and Fay.
    table_3.goto("/stats/")
    expect(stats_row(table_3, "Ann")).to_have_count(1)
    expect(stats_row(table_3, "Ann").locator("td")).to_have_text(["0/0", "0/0", "67% of 3", "39", "2"])
    expect(stats_row(table_3, "Bob").locator("td").nth(2)).to_have_text("67% of 3")
    expect(stats_row(table_3, "Dee").locator("td")).to_have_text(["0/0", "0/0", "100% of 1", "14", "1"])
    table_3.get_by_role("link", name="Ann", exact=True).tap()
    expect(table_3.get_by_role("heading", level=1)).to_have_text("Ann")
    expect(figure(table_3, "Deals played")).to_have_text("3")
    expect(figure(table_3, "Best deal")).to_contain_text(re.compile(r"^\s*39 points deal 2, "))
    best = figure(table_3, "Best deal").get_by_role("link").get_attribute("href")
    assert best is not None and re.search(rf"/{one}#deal-2$", best), best  # table 1's match, its deal 2


def stats_row(page: Page, name: str):
    return page.locator("table.stats-table tbody tr").filter(has=page.get_by_role("rowheader", name=name, exact=True))


def figure(page: Page, label: str):
    return page.locator("dl div").filter(has=page.locator("dt", has_text=re.compile(f"^{label}$"))).locator("dd")


def figures_before_the_end(page: Page) -> None:
    """The Stats page and Ann's page while the night is on: Ann, Bob and Cy have played one deal (the
    match outside the set, where Ann's best was 3 points), and table 2's players none."""
    page.goto("/stats/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Statistics")
    expect(stats_row(page, "Ann").locator("td")).to_have_text(["0/0", "0/0", "0% of 1", "3", "0"])
    expect(stats_row(page, "Bob").locator("td")).to_have_text(["0/0", "0/0", "100% of 1", "33", "1"])
    expect(stats_row(page, "Cy").locator("td").nth(2)).to_have_text("0% of 1")
    for name in B_NAMES:
        expect(stats_row(page, name)).to_have_count(0)
    expect(page.locator("table.stats-table")).not_to_contain_text("39")  # Ann's 9 made at table 1
    no_sideways_scroll(page)
    page.get_by_role("link", name="Ann", exact=True).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann")
    expect(figure(page, "Matches played")).to_have_text("1 (0 finished)")
    expect(figure(page, "Deals played")).to_have_text("1")
    expect(figure(page, "Best deal")).to_contain_text(re.compile(r"^\s*3 points deal 1, "))
    expect(page.locator("main")).not_to_contain_text("39 points")
