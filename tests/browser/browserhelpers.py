"""What a scorekeeper does with a thumb, as steps the browser tests share."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from playwright.sync_api import Page, expect

# Where the browser tests leave screenshots to look at, and the phone they are taken on (shared
# with conftest.py, which imports them from here: a test module importing "conftest" would get
# whichever folder's conftest Python met first).
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
PHONE = {"width": 390, "height": 844}

SUIT_WORDS = {"♦": "diamonds", "♠": "spades", "♥": "hearts", "♣": "clubs"}


NO_TAP_HIGHLIGHT = """document.addEventListener("DOMContentLoaded", () =>
    document.documentElement.style.setProperty("-webkit-tap-highlight-color", "transparent"));"""


def without_tap_highlight(page: Page) -> None:
    """From the next page the tab opens on: no highlight over what is tapped. Chromium draws it
    and fades it out on the compositor's own clock, outside the page (no script can see it, so no
    event says it is gone); a screenshot taken soon after a tap would hold it. Set through the
    CSSOM, as the page's Content-Security-Policy allows; inherited by every element."""
    page.add_init_script(NO_TAP_HIGHLIGHT)


def take_seat(page: Page, name: str) -> None:
    """Take ``name``'s seat on a hand page, and wait for the hand's page to have loaded: its bid
    chips and Pick buttons are drawn before its module script has run (a module is deferred), and
    a tap in between lands on a control with no handler yet. The first request for a script in a
    server process also compresses it (serving/compression.py), which widens that moment."""
    with page.expect_navigation():
        page.get_by_role("button", name=f"I am {name}: take the seat").tap()


def snap(page: Page, name: str) -> None:
    """The whole page as it is, light then dark, into screenshots/ (git-ignored) to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def no_sideways_scroll(page: Page) -> None:
    """Nothing on the page is wider than the phone, and nothing spills out of its box."""
    # The screen's width too: a phone's browser widens its layout to a page wider than the phone
    # (and zooms out), so the page's width is compared with the phone's, not only with the layout's.
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth, screen.width]")
    assert width[0] <= min(width[1], width[2]), f"{page.url} scrolls sideways: {width[0]} px on a {width[2]} px screen"
    spilled = page.evaluate("""() => [...document.querySelectorAll(
        '.card, .chip-grid, .chip-row, .segmented, .score-tiles, .deal-table, .tally, .banner')]
        .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map(el => el.className)""")
    assert spilled == [], f"{page.url}: content wider than its box in {spilled}"


def start_match(page: Page, names: list[str], ruleset: str | None = None) -> None:
    page.goto("/")
    page.get_by_role("link", name="New match").tap()
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)  # a textbox, or a combobox once players are known
    if ruleset:
        page.locator("#ruleset summary").tap()
        page.get_by_role("radio", name=ruleset).check()
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text(names[0])


def start_dealt_match(page: Page, seed: str = "7") -> int:
    """A classic match the app deals, started by this page's phone (the scorekeeper); its id."""
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#ruleset summary").tap()
    page.get_by_role("radio", name="Classic").check()
    page.locator("#cards summary").tap()
    page.get_by_role("radio", name="The app deals").check()
    page.get_by_label("Seed").fill(seed)
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def styled(page: Page) -> None:
    """Wait until the page's stylesheets are in and its module script has run (a page opened by a tap
    is not waited for): until then both bid pads, one of which play.css hides, are drawn, and the
    chips have no handler yet. Called once a control of the page is seen, so the page waited for is
    the new one."""
    page.wait_for_load_state("domcontentloaded")  # a module runs before DOMContentLoaded, and its handlers on it
    page.wait_for_function("[...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)")


def bid(page: Page, name: str, value: int | str) -> None:
    """Tap a number chip, "hidden", or the suit chips of three bid cards (e.g. "♦♠♣", or "♦J♥" with J for the Joker).
    A pad that opened on the suits (the player bid with suits last: issue 29) is switched back to
    the numbers first, as a person would."""
    if isinstance(value, int) or value == "hidden":
        chip = (page.get_by_role("button", name=f"{name} bid {value}", exact=True) if isinstance(value, int)
                else page.get_by_role("button", name=f"{name} failed and kept the bid hidden"))
        numbers = page.get_by_role("button", name=f"0–9 {name}’s bid as a number", exact=True)
        expect(chip.or_(numbers).first).to_be_visible()  # the page is there, with one pad or the other
        styled(page)
        if numbers.is_visible():
            numbers.tap()
        chip.tap()
    else:
        cards_mode = page.get_by_role("button", name=f"{name}’s bid as bid cards", exact=True)
        back = page.get_by_role("button", name=f"Take back {name}’s last bid card")
        expect(cards_mode.or_(back).first).to_be_visible()  # the page is there, with one pad or the other
        styled(page)
        if cards_mode.is_visible():  # the number pad shows: switch it to the suit chips first
            cards_mode.tap()
        for suit in value:
            label = "the Joker" if suit == "J" else SUIT_WORDS[suit]
            page.get_by_role("button", name=f"Add {label} to {name}’s bid cards").tap()


def tricks(page: Page, name: str, count: int) -> None:
    page.get_by_role("button", name=f"{name} won {count} trick{'' if count == 1 else 's'}", exact=True).tap()


def premium(page: Page, name: str, kind: str) -> None:
    page.get_by_role("group", name=f"{name}’s premium").get_by_role("radio", name=kind).tap()


def save(page: Page, label: str) -> None:
    page.get_by_role("button", name=label).tap()
    expect(page.locator(".flash")).to_be_visible()


SUIT_NAMES = {"D": "Diamonds", "S": "Spades", "H": "Hearts", "C": "Clubs"}


def turn_card(page: Page, code: str) -> None:
    """Pick the turned card from the grid: one tap where every card shows (issue 22); from a
    52-card pack its suit, then its rank (the Joker: its tab)."""
    expect(page.locator(".turned-card")).to_be_visible()  # the deal form is there
    card = page.locator(f"label.rank-chip:has(input[value='{code}'])")
    if card.is_visible():
        card.tap()
    elif code == "Joker":
        page.get_by_role("button", name="Joker", exact=True).tap()
    else:
        page.get_by_role("button", name=f"{SUIT_NAMES[code[-1]]}: show the ranks").tap()
        card.tap()
    expect(page.locator(f"input[name='turn_up'][value='{code}']")).to_be_checked()


def record_deal_turning(page: Page, code: str, save_it: bool = True) -> None:
    """From the scoreboard of an Ann · Bob · Cy match: record the next deal with ``code`` turned
    up, Ann bidding 4 and taking 4, Bob 3 and 3, Cy 2 (and the last tricks); saved unless told."""
    page.get_by_role("link", name=re.compile(r"^Record deal \d+$")).tap()
    turn_card(page, code)
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 3)
    if save_it:
        page.locator("#bar-save").tap()


def record_hidden_first_deal(page: Page, names: list[str]) -> str:
    """From a new match's scoreboard: *Record deal 1*, every bid kept hidden, 3 tricks each, Save.
    Returns the deal form's address."""
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page).to_have_url(re.compile(r"/deals/new$"))
    form = page.url
    for name in names:
        bid(page, name, "hidden")
        tricks(page, name, 3)
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    return form


def make_classic_deal_set(page: Page, name: str = "Club night", deals: int = 4) -> str:
    """A deal set of the Classic game made through its form, by this page's phone (its organiser);
    returns the organiser's page's address, where the phone lands."""
    page.goto("/deal-sets/new")
    page.get_by_label("Name").fill(name)
    page.get_by_role("radio", name=re.compile("^Classic")).check()
    page.get_by_label("Number of deals").fill(str(deals))
    page.get_by_role("button", name="Make the deals").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Run the night: {name}")
    return page.url


def sheet_of(page: Page, organise_url: str) -> str:
    """The deal sheet's address, as the organiser's page links it once the night has ended (the
    organiser ends it: before, the sheet shows only the deals the night has published)."""
    page.goto(organise_url)
    page.get_by_role("button", name="End the night").tap()
    link = page.get_by_role("link", name="The deal sheet (every hand)").get_attribute("href")
    assert link is not None
    return link


def printed(page: Page, name: str) -> tuple[int, str, str]:
    """Print the page to PDF as the browser would, a PNG of each page beside it; (pages, page size, text)."""
    page.emulate_media(media="print")
    pdf = SCREENSHOTS / f"{name}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    page.emulate_media(media="screen")
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(SCREENSHOTS / name)], check=True)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return int(fields["Pages"]), fields["Page size"].strip(), text
