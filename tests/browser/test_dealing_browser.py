"""The app deals: three players' phones and the scorekeeper's at one classic table, a table
without a Joker whose trump the app turns, and a club's duplicate deal set (printed and compared)."""

from __future__ import annotations

import re
import subprocess

import pytest
from browserhelpers import SCREENSHOTS, no_sideways_scroll, take_seat, tricks
from playwright.sync_api import Browser, Page, expect

from scorer.core import deal_cards, derive_seed

NAMES = ["Ann", "Bob", "Cy"]


def joker_seed() -> tuple[int, int]:
    """A match seed whose first classic deal (Ann dealing) puts the Joker in a hand: (seed, seat)."""
    for seed in range(100):
        hands = deal_cards("classic", derive_seed(seed, "deal", 1), 0).hands
        for seat, hand in enumerate(hands):
            if "Joker" in hand:
                return seed, seat
    raise AssertionError("no seed in range deals the Joker")


def start_dealt_match(page: Page, names: list[str], cards: str, seed: int | None = None) -> None:
    """The new-match form, filled the way a thumb does: names, Classic, who handles the cards."""
    page.goto("/matches/new")
    for i, name in enumerate(names):
        page.get_by_role("textbox", name=f"Player {i + 1}").fill(name)
    page.locator("#ruleset summary").tap()
    page.get_by_role("radio", name="Classic").check()
    page.locator("#cards summary").tap()
    page.get_by_role("radio", name=cards).check()
    if seed is not None:
        page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(" · ".join(names))


def phone(browser: Browser, context_args: dict, dark: bool = False) -> Page:
    """Another player's phone: its own browser context (cookies, storage), 390×844 and touch."""
    context = browser.new_context(**context_args, color_scheme="dark" if dark else "light")
    page = context.new_page()
    page.set_default_timeout(5000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.browser
def test_three_phones_see_their_own_hands_bid_and_the_scorekeeper_records(page, browser, browser_context_args):
    seed, joker_seat = joker_seed()
    start_dealt_match(page, NAMES, "The app deals", seed)
    panel = page.locator("#hands")
    expect(panel).to_contain_text("0 of 3 seats taken")
    links = {name: page.get_by_role("link", name=f"{name}’s hand for deal 1").get_attribute("href") for name in NAMES}
    assert all(re.fullmatch(r"http://127\.0\.0\.1:\d+/hand/[A-Za-z0-9_-]{24}", url) for url in links.values())
    shoot(page, "dealing-scoreboard-qr")
    page.emulate_media(color_scheme="dark")
    shoot(page, "dealing-scoreboard-qr-dark")
    page.emulate_media(color_scheme="light")

    # The scorekeeper opens deal 1's form before anyone has shown bid cards: it learns of them
    # by itself as they are shown (issue 22: it said "not shown" until reloaded).
    early = page.context.new_page()
    early.goto(page.url.rstrip("/") + "/deals/new")
    expect(early.locator(".shown-list")).to_contain_text("not shown")
    expect(early.get_by_role("link", name="Fill in the shown bid cards")).to_have_count(0)

    phones = {name: phone(browser, browser_context_args, dark=(name == "Cy")) for name in NAMES}
    bids: dict[str, str] = {}
    for seat, name in enumerate(NAMES):
        hand = phones[name]
        hand.goto(links[name])
        # No card until the phone takes the seat with a tap.
        expect(hand.get_by_role("heading", level=1)).to_have_text(f"{name}’s seat")
        expect(hand.get_by_role("checkbox")).to_have_count(0)
        if seat == 0:
            shoot(hand, "dealing-take-seat")
        take_seat(hand, name)
        expect(hand.get_by_role("heading", level=1)).to_contain_text(f"{name}’s hand")
        expect(hand.get_by_role("group", name=re.compile("Your 12 cards"))).to_be_visible()
        expect(hand.get_by_role("checkbox")).to_have_count(12)
        if seat == joker_seat:
            # Lay aside the Joker and two more: the Joker counts as the turned card's suit.
            hand.get_by_role("checkbox", name="Joker").tap()
            others = hand.locator("input[name='card']:not([value='Joker'])")
            others.nth(0).tap()
            others.nth(1).tap()
        else:
            # The bid helper picks three cards for the first bid the hand can make.
            hand.get_by_role("button", name=re.compile(r"^Pick cards for a bid of")).first.tap()
        expect(hand.locator(".tile.picked")).to_have_count(3)
        expect(hand.locator("#bid-now")).to_have_text(re.compile(r"^Your bid: \d$"))
        bids[name] = hand.locator("#bid-now").inner_text().rsplit(" ", 1)[1]
        no_sideways_scroll(hand)
        if seat == joker_seat:
            shoot(hand, "dealing-hand-with-joker")
        # Issue 22: the hand page is the player's own, with no site menu to lead away, and the
        # button for after the deal is not its biggest.
        expect(hand.get_by_role("navigation", name="Sections")).to_have_count(0)
        show = hand.get_by_role("button", name="Show my bid cards to the scorekeeper")
        expect(show).not_to_have_class(re.compile(r"btn-primary|btn-big|btn-block"))
        show.tap()
        expect(hand.locator(".flash")).to_contain_text("The scorekeeper can now fill in your bid cards.")
        if seat == 0:  # "Show these three instead" only once three other cards are picked
            instead = hand.get_by_role("button", name="Show these three instead")
            expect(instead).to_be_hidden()
            hand.locator(".tile:not(.picked) input[name='card']").first.tap()
            expect(instead).to_be_visible()
            hand.reload()
            expect(instead).to_be_hidden()
        hand.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down on the hand, as at the table
    shoot(phones["Cy"], "dealing-hand-dark")
    expect(early.locator(".shown-list")).not_to_contain_text("not shown", timeout=8000)
    early.get_by_role("link", name="Fill in the shown bid cards").tap()
    for name in NAMES:  # the cards as the box shows them (6♥ 10♦ 7♦), and the bid they make beside them
        expect(early.get_by_role("textbox", name=f"{name}’s bid")).to_have_value(re.compile(r"^\S+ \S+ \S+$"))
        seat = early.locator(f"fieldset.seat[data-name='{name}']")
        expect(seat.locator(".bid-value")).to_be_visible()
        if name != NAMES[joker_seat]:
            expect(seat.locator(".bid-value")).to_have_text(f"= {bids[name]}")
    assert not re.search(r"[CDHS]\b", early.get_by_role("textbox", name=f"{NAMES[0]}’s bid").input_value())
    shoot(early, "dealing-deal-form-filled-live")
    early.close()

    # A fourth phone with Ann's link is refused: the seat is Ann's phone's.
    intruder = phone(browser, browser_context_args)
    intruder.goto(links["Ann"])
    expect(intruder.get_by_role("alert")).to_contain_text("Ann’s seat is held by another phone")
    expect(intruder.get_by_role("checkbox")).to_have_count(0)
    expect(intruder.get_by_role("button", name="I am Ann: take the seat")).to_have_count(0)
    shoot(intruder, "dealing-seat-refused")
    intruder.context.close()

    page.reload()
    expect(panel).to_contain_text("3 of 3 seats taken")
    panel.locator("summary").tap()
    expect(panel.get_by_role("button", name="Hand over Ann’s seat to another phone")).to_be_visible()
    shoot(page, "dealing-scoreboard-seats-taken")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator("#turn_up")).to_contain_text("Turned up by the app")
    page.get_by_role("link", name="Fill in the shown bid cards").tap()
    joker_name = NAMES[joker_seat]
    expect(page.get_by_role("textbox", name=f"{joker_name}’s bid")).to_have_value(re.compile(r"\bJoker\b"))
    for name in NAMES:
        expect(page.get_by_role("textbox", name=f"{name}’s bid")).to_have_value(re.compile(r"^\S+ \S+ \S+$"))
    first, second = int(bids["Ann"]), int(bids["Bob"])
    took = [first, second, 9 - first - second] if first + second <= 9 else [3, 3, 3]
    for name, count in zip(NAMES, took):
        tricks(page, name, count)
    expect(page.locator("#tally-points")).not_to_be_empty()
    shoot(page, "dealing-deal-form")
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")

    # Each phone notices by itself that the deal is recorded and offers the next hand.
    # It asks every 2 s, as the scoreboard does (it asked every 5), and comes back to the top,
    # where the news and the next hand's button are (it stayed scrolled down on the old hand).
    for name in NAMES:
        expect(phones[name].get_by_role("heading", name="Deal 1 is recorded")).to_be_visible(timeout=4000)
        assert phones[name].evaluate("window.scrollY") == 0
        expect(phones[name].get_by_role("link", name="Your hand for deal 2")).to_be_in_viewport()
    shoot(phones["Ann"], "dealing-hand-recorded")
    nxt = phones["Ann"].get_by_role("link", name="Your hand for deal 2")
    nxt.tap()
    expect(phones["Ann"].get_by_role("heading", level=1)).to_contain_text("Ann’s hand · deal 2")
    for hand in phones.values():
        assert hand.errors == []  # type: ignore[attr-defined]
        hand.context.close()


@pytest.mark.browser
def test_a_table_without_a_joker_lets_the_app_turn_the_trump(page):
    start_dealt_match(page, NAMES, "The app turns the trump card")
    expect(page.locator(".next-trump dd")).to_contain_text("the app turned")
    card = page.locator(".next-trump .face").get_attribute("aria-label")
    page.reload()
    expect(page.locator(".next-trump .face")).to_have_attribute("aria-label", card)  # turned once, not on every visit
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator("#turn_up")).to_contain_text("Turned up by the app")
    expect(page.locator("select#turn_up")).to_have_count(0)
    for name, count in zip(NAMES, (4, 2, 3)):
        page.get_by_role("button", name=f"{name} bid {count}", exact=True).tap()
        tricks(page, name, count)
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    expect(page.locator(".next-trump dd")).to_contain_text("the app turned")
    shoot(page, "dealing-turn-up-scoreboard")


@pytest.mark.browser
def test_a_club_prints_a_deal_set_and_compares_two_tables(page):
    page.goto("/deal-sets/")
    page.get_by_role("link", name="New deal set").tap()
    page.get_by_label("Name").fill("Club night")
    page.get_by_role("radio", name=re.compile("^Classic")).check()
    page.get_by_label("Number of deals").fill("4")
    page.get_by_label("Seed").fill("2024")
    shoot(page, "dealing-new-set")
    page.get_by_role("button", name="Make the deals").tap()
    # The phone that made the set runs the night: its page has the code; the sheet shows what the
    # night has published, nothing before it begins (the organiser may play too: issue 32).
    expect(page.get_by_role("heading", level=1)).to_have_text("Run the night: Club night")
    join = page.get_by_role("link", name="Join Club night as a table").get_attribute("href")
    organise = page.url
    page.get_by_role("link", name="The deal sheet (the 0 deals published)").tap()
    expect(page.locator(".sheet-deal")).to_have_count(0)
    expect(page.locator("#sheet-held")).to_contain_text("(0 of 4)")

    tables = []
    for names in (NAMES, ["Dee", "Eve", "Fay"]):  # every table sits down before play starts
        page.goto(join)  # the organiser's QR code: the new-table form with the table code
        expect(page.get_by_role("heading", name="A table of Club night")).to_be_visible()
        for i, name in enumerate(names):
            page.get_by_label(re.compile(rf"^Player {i + 1}\b")).fill(name)
        page.get_by_role("button", name="Start the match").tap()
        expect(page.locator(".cards-meta")).to_contain_text("deals of Club night")
        tables.append((page.url, names))
    for url, names in tables:
        page.goto(url)
        page.get_by_role("link", name="Record deal 1").tap()
        page.wait_for_load_state("load")  # the form's script is attached (a busy machine is slow to run it)
        for name in names:
            page.get_by_role("button", name=f"{name} failed and kept the bid hidden").tap()
            expect(page.get_by_role("textbox", name=f"{name}’s bid")).to_have_value("hidden")
            tricks(page, name, 3)
        page.get_by_role("button", name="Save deal 1").first.tap()
        expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")

    page.get_by_role("link", name="Club night").tap()
    expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
    expect(page.locator(".compare-deal tbody tr")).to_have_count(2)
    expect(page.get_by_role("link", name=re.compile("^The deal sheet"))).to_have_count(0)
    shoot(page, "dealing-compare")
    no_sideways_scroll(page)
    page.goto(organise)  # the tables play: the sheet shows the deal both have played, no more
    page.get_by_role("link", name="The deal sheet (the 1 deal published)").tap()
    expect(page.locator(".sheet-deal")).to_have_count(1)
    # The night ends: the sheet of every hand opens, to print.
    page.goto(organise)
    page.get_by_role("button", name="End the night").tap()
    expect(page.locator(".flash")).to_contain_text("The night has ended")
    page.get_by_role("link", name="The deal sheet (every hand)").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Club night")
    expect(page.locator(".sheet-deal")).to_have_count(4)
    no_sideways_scroll(page)
    shoot(page, "dealing-sheet")
    page.emulate_media(media="print")
    pdf = SCREENSHOTS / "dealing-sheet.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(SCREENSHOTS / "dealing-sheet-print")], check=True)
    page.emulate_media(media="screen")


@pytest.mark.browser
def test_the_pack_page_on_a_phone(page):
    page.goto("/matches/new")
    page.locator("#cards summary").tap()
    page.get_by_role("link", name="Which cards to take out of a 52-card pack").tap()
    expect(page.get_by_role("heading", name="Prepare a pack")).to_be_visible()
    page.get_by_role("link", name="Two open").tap()
    expect(page.locator("#pack-two-open")).to_contain_text("2 3 4 5 6 of every suit")
    no_sideways_scroll(page)
    shoot(page, "dealing-pack")
    page.emulate_media(color_scheme="dark")
    shoot(page, "dealing-pack-dark")


@pytest.mark.browser
def test_the_scorekeeper_hands_a_seat_over_to_a_new_phone(page, browser, browser_context_args):
    start_dealt_match(page, NAMES, "The app deals", 7)
    link = page.get_by_role("link", name="Ann’s hand for deal 1").get_attribute("href")
    old, new, watcher = (phone(browser, browser_context_args) for _ in range(3))
    old.goto(link)
    take_seat(old, "Ann")
    expect(old.get_by_role("group", name=re.compile("Your 12 cards"))).to_be_visible()
    new.goto(link)
    expect(new.get_by_role("alert")).to_contain_text("held by another phone")

    page.reload()
    page.get_by_role("button", name="Hand over Ann’s seat to another phone").tap()
    expect(page.locator(".flash")).to_contain_text("Ann’s seat is free")
    watcher.goto(page.url.split("#")[0])
    expect(watcher.locator(".handovers")).to_contain_text("Ann’s seat was handed over to another phone at")
    expect(watcher.locator("a[href*='/hand/']")).to_have_count(0)
    no_sideways_scroll(watcher)
    shoot(watcher, "dealing-handover-watcher")

    new.reload()
    take_seat(new, "Ann")
    expect(new.get_by_role("group", name=re.compile("Your 12 cards"))).to_be_visible()
    old.reload()
    expect(old.get_by_role("alert")).to_contain_text("held by another phone")
    expect(old.get_by_role("checkbox")).to_have_count(0)
    for other in (old, new, watcher):
        assert other.errors == []  # type: ignore[attr-defined]
        other.context.close()
