"""The table's big screen (issue 29) on a laptop or a TV beside the table, 1920×1080 and 1280×720,
light and dark, with a scorekeeper's phone (390×844) saving: every save on the screen within a
second without a reload (the screen's clock is Playwright's, moved by hand: a second of it, then
whatever the requests take), never stuck after a deleted deal, a deleted and restored match or
the network lost and back; the winner with the ratings' changes; the rematch it moves to by
itself; the server machine's table screen; no scorekeeper's rights on it, even in a
scorekeeper's own browser; and (issue 34) a game's final points after the save that ends it, each
game's points at the match's end, also upright on a phone."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from browserhelpers import SCREENSHOTS, bid, start_dealt_match, start_match, tricks
from playwright.sync_api import Browser, Error, Page, expect
from test_browser_a11y import problems

from scorer.core import score_document
from scorer.core.samples import random_document
from scorer.web.extensions import db
from scorer.web.writes import imports

FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
SECOND = 1000  # the promise: a save on any phone shows within a second
TOTAL_AT_LEAST = 48  # px, the totals' type at 1920×1080


class Screen:
    """A browser beside the table showing the big screen, its script errors collected, its clock
    Playwright's: time passes only when the test says (``a_second``)."""

    def __init__(self, browser: Browser, base_url: str, size: dict[str, int], cookies: list | None = None) -> None:
        self.context = browser.new_context(base_url=base_url, viewport=size, locale="en-GB")
        if cookies:
            self.context.add_cookies(cookies)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" and (
            "Content Security Policy" in m.text) else None)
        self.page.clock.install()

    def open(self, path: str) -> Page:
        self.page.goto(path)
        self.stop_the_clock()
        return self.page

    def stop_the_clock(self) -> None:
        """From now on the page's time passes only by ``a_second``; a reload would be noticed."""
        for _ in range(5):  # a busy machine may take longer than the margin between the two calls: again
            try:
                self.page.clock.pause_at((self.page.evaluate("Date.now()") + 50) / 1000)  # seconds, in Python
                break
            except Error as error:
                if "to the past" not in str(error):
                    raise
        else:
            raise AssertionError("the screen's clock could not be stopped")
        self.page.evaluate("window.stillThisPage = true")  # gone if the page were ever reloaded

    def a_second(self) -> None:
        """One second passes on the screen's clock: its polls in that second run."""
        self.page.clock.run_for(SECOND)

    def totals(self) -> list[str]:
        return self.page.locator(".screen-tiles .tile-total").all_inner_texts()

    def shoot(self, name: str) -> None:
        """The screen as it is, light then dark, into screenshots/ (git-ignored)."""
        SCREENSHOTS.mkdir(exist_ok=True)
        for scheme in ("light", "dark"):
            self.page.emulate_media(color_scheme=scheme)
            self.page.screenshot(path=str(SCREENSHOTS / f"big-screen-{name}-{scheme}.png"))
        self.page.emulate_media(color_scheme="light")

    def fits(self) -> None:
        """The whole view on the screen: nothing to scroll, nothing past its edges."""
        page = self.page
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight"), "the screen scrolls"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the screen scrolls sideways"
        outside = page.evaluate("""() => [...document.querySelectorAll('main *')]
            .filter(el => el.getClientRects().length && !el.closest('.visually-hidden'))
            .filter(el => { const r = el.getBoundingClientRect();
                            return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
            .map(el => el.className || el.tagName)""")
        assert outside == [], f"past the screen's edge: {outside}"

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"JavaScript errors on the big screen: {self.errors}"


@pytest.fixture
def screens(browser: Browser, base_url: str) -> Iterator[list[Screen]]:
    opened: list[Screen] = []
    yield opened
    for screen in opened:
        screen.close()


def new_screen(screens: list[Screen], browser: Browser, base_url: str, size: dict[str, int],
               cookies: list | None = None) -> Screen:
    screen = Screen(browser, base_url, size, cookies)
    screens.append(screen)
    return screen


def record(page: Page, number: int, figures: list[tuple[str, int, int]]) -> None:
    """On the phone: record the next deal of an Ann · Bob · Cy match from its scoreboard."""
    page.get_by_role("link", name=f"Record deal {number}").tap()
    for name, said, took in figures:
        bid(page, name, said)
        tricks(page, name, took)
    page.locator("#bar-save").tap()
    expect(page.locator(".flash")).to_contain_text(f"Deal {number} saved")


def one_deal_match(page: Page) -> str:
    """A match of one deal, started on the phone; its scoreboard's address."""
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator(".options > summary").tap()
    page.get_by_role("radio", name=re.compile("^A set number of deals")).check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()
    return page.url


FIRST = [("Ann", 4, 4), ("Bob", 1, 2), ("Cy", 2, 3)]   # Ann 34 (the only bid made), Bob 2, Cy 3
SECOND_DEAL = [("Ann", 3, 3), ("Bob", 3, 3), ("Cy", 3, 3)]


@pytest.mark.browser
def test_a_save_on_a_phone_shows_on_the_big_screen_within_a_second(page: Page, browser, base_url, screens):
    start_match(page, ["Ann", "Bob", "Cy"])
    scoreboard = page.url
    page.get_by_role("link", name="Big screen").tap()  # from the scorekeeper's scoreboard
    expect(page).to_have_url(re.compile(r"/screen/\d+$"))
    address = page.url
    page.goto(scoreboard)
    tv = new_screen(screens, browser, base_url, FULL_HD)
    screen = tv.open(address)
    expect(screen.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    expect(screen.locator(".screen-next")).to_contain_text("Deal 1")
    expect(screen.locator(".screen-chances")).to_contain_text("Chances to win")
    # The totals stand in type at least 48 px tall, and their digits are drawn that tall.
    sizes = screen.locator(".tile-total").evaluate_all(
        "els => els.map(el => [parseFloat(getComputedStyle(el).fontSize), el.getBoundingClientRect().height])")
    assert all(size >= TOTAL_AT_LEAST and height >= TOTAL_AT_LEAST for size, height in sizes), sizes
    tv.fits()
    tv.shoot("before-deal-1-1920")

    record(page, 1, FIRST)
    tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["34", "2", "3"])
    expect(screen.locator(".screen-next")).to_contain_text("Deal 2")
    expect(screen.locator(".screen-next")).to_contain_text("1 player made their bid the deal before, so ♠ spades.")
    expect(screen.locator(".screen-last")).to_contain_text("4 tricks · +30 bid made (1 of 3 made theirs)")
    expect(screen.locator(".screen-chances")).to_have_count(0)
    expect(screen.locator("#live-status")).to_have_text("Updated just now")
    assert screen.evaluate("window.stillThisPage") is True  # in place, not reloaded
    tv.fits()
    tv.shoot("live-1920")

    record(page, 2, SECOND_DEAL)
    tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["47", "15", "16"])
    assert screen.evaluate("window.stillThisPage") is True


@pytest.mark.browser
def test_the_big_screen_is_never_stuck(page: Page, browser, base_url, screens):
    """After a deleted deal, a deleted and restored match, and the network lost and back."""
    start_match(page, ["Ann", "Bob", "Cy"])
    scoreboard = page.url
    match_id = scoreboard.rsplit("/", 1)[1]
    record(page, 1, FIRST)
    tv = new_screen(screens, browser, base_url, HD)
    screen = tv.open(f"/screen/{match_id}")
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["34", "2", "3"])
    status = screen.locator("#live-status")

    page.goto(f"{scoreboard}/deals/1/delete")  # a deleted deal
    page.get_by_role("button", name="Delete deal 1").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 was deleted.")
    tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["0", "0", "0"])
    expect(screen.locator(".screen-next")).to_contain_text("Deal 1")

    page.goto(f"{scoreboard}/delete")  # the match deleted, then restored
    page.get_by_role("button", name="Delete the match").tap()
    expect(page.locator(".flash")).to_contain_text("The match was deleted.")
    tv.a_second()
    expect(status).to_have_text(re.compile("This match was deleted"))
    expect(screen.locator("body")).to_have_class(re.compile("screen-gone"))  # dimmed
    tv.shoot("match-deleted-1280")
    page.goto("/deleted")
    page.get_by_role("button", name="Restore").tap()
    expect(page.locator(".flash")).to_contain_text("The match is back")
    page.goto(scoreboard)
    record(page, 1, SECOND_DEAL)
    tv.a_second()
    expect(status).to_have_text("Updated just now")
    expect(screen.locator("body")).not_to_have_class(re.compile("screen-gone"))
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["13", "13", "13"])

    tv.context.set_offline(True)  # the network lost: the screen says so, and keeps asking
    tv.a_second()
    expect(status).to_have_text(re.compile(r"^Can't reach the server \(retrying\)"))
    record(page, 2, FIRST)
    tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["13", "13", "13"])
    tv.shoot("unreachable-1280")
    tv.context.set_offline(False)  # and back: at the next try (at most 4 s apart)
    for _ in range(4):
        tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["47", "15", "16"])
    expect(status).to_have_text("Updated just now")
    assert screen.evaluate("window.stillThisPage") is True
    tv.fits()


@pytest.mark.browser
@pytest.mark.parametrize("size", ["1280", "1920"])
def test_the_winner_then_the_rematch_by_itself(page: Page, browser, base_url, screens, size):
    old = one_deal_match(page)
    match_id = old.rsplit("/", 1)[1]
    tv = new_screen(screens, browser, base_url, HD if size == "1280" else FULL_HD)
    screen = tv.open(f"/screen/{match_id}")
    record(page, 1, FIRST)
    tv.a_second()
    result = screen.locator(".screen-result")
    expect(result.get_by_role("heading", level=2)).to_have_text("Ann wins")
    expect(result.locator(".screen-standings li")).to_have_text([re.compile(r"Ann\s*34"), re.compile(r"Bob\s*2"),
                                                                 re.compile(r"Cy\s*3")])
    expect(result.locator(".winner")).to_contain_text("Ann")
    expect(result.locator(".screen-ratings")).to_have_text(re.compile(r"^Ratings: Ann \+\d+, Bob −\d+, Cy \+\d+$"))
    tv.fits()
    tv.shoot(f"winner-{size}")

    page.get_by_role("button", name="Rematch").tap()  # on the phone
    expect(page.locator(".flash")).to_contain_text("A rematch")
    rematch_id = page.url.rsplit("/", 1)[1]
    assert rematch_id != match_id
    tv.a_second()
    expect(screen).to_have_url(re.compile(rf"/screen/{rematch_id}$"))  # moved by itself
    expect(screen.locator(".screen-next")).to_contain_text("Deal 1")
    expect(screen.locator(".screen-next")).to_contain_text(re.compile(r"Deals\s*Bob"))  # the deal passes on
    expect(screen.locator(".screen-result")).to_have_count(0)
    expect(screen.get_by_role("link", name="Watch this match on a phone")).to_have_attribute(
        "href", re.compile(rf"/matches/{rematch_id}$"))
    assert screen.evaluate("window.stillThisPage") is True
    # It follows the rematch's saves now.
    record(page, 1, FIRST)
    tv.a_second()
    expect(screen.locator(".screen-result").get_by_role("heading", level=2)).to_have_text("Ann wins")
    tv.fits()
    tv.shoot(f"rematch-{size}")


@pytest.mark.browser
def test_no_scorekeepers_rights_on_the_big_screen(page: Page, browser, base_url, screens):
    """Opened in the scorekeeper's own browser (its capability cookie there): nothing that changes
    the match, no seat's link, and the cookie never goes with the screen's own requests."""
    match_id = start_dealt_match(page)  # the app deals: the keeper's board has the seats' QR codes
    expect(page.locator("details#hands")).to_be_visible()
    keeper_cookies = page.context.cookies()
    assert any(c["name"] == f"ninety-nine-keeper-{match_id}" for c in keeper_cookies)
    tv = new_screen(screens, browser, base_url, FULL_HD, cookies=keeper_cookies)
    sent: list[tuple[str, str]] = []
    tv.page.on("request", lambda r: sent.append((r.url, r.headers.get("cookie", ""))))
    screen = tv.open(f"/screen/{match_id}")
    expect(screen.locator(".screen-tiles .tile-total")).to_have_count(3)
    expect(screen.locator("form")).to_have_count(1)  # the language switch, the screen's own: nothing of the match
    expect(screen.locator("form.lang-switch[action='/language']")).to_have_count(1)
    expect(screen.get_by_role("link", name=re.compile("Record|Edit|Delete|Share|Keep score|hand", re.I))).to_have_count(0)
    # Its only buttons: the language, the theme and fullscreen.
    names = screen.get_by_role("button").evaluate_all("els => els.map(el => el.closest('.lang-switch') ? 'language' : el.id)")
    assert set(names) <= {"theme-toggle", "fullscreen", "language"}, names
    assert "/hand/" not in screen.content()
    watch = screen.get_by_role("link", name="Watch this match on a phone").get_attribute("href")
    assert watch and watch.endswith(f"/matches/{match_id}") and "invite" not in watch
    for url, cookie in sent:
        if "/screen" in url:
            assert "ninety-nine-keeper" not in cookie, url
    # The fullscreen button, where the browser allows it.
    if screen.evaluate("document.fullscreenEnabled"):
        screen.get_by_role("button", name="Fullscreen").click()
        expect(screen.get_by_role("button", name="Fullscreen")).to_have_attribute("aria-pressed", "true")
        screen.get_by_role("button", name="Fullscreen").click()
        expect(screen.get_by_role("button", name="Fullscreen")).to_have_attribute("aria-pressed", "false")
    tv.shoot("app-deals-1920")


@pytest.mark.browser
def test_the_server_machines_home_opens_the_table_which_it_follows(page: Page, browser, base_url, screens):
    """The browser tests' server is this machine (127.0.0.1): its home page offers the table's big
    screen, which shows the match most recently played and moves to the next one by itself."""
    start_match(page, ["Ann", "Bob", "Cy"])
    record(page, 1, FIRST)
    tv = new_screen(screens, browser, base_url, HD)
    tv.open("/")
    home = tv.page
    home.get_by_role("link", name=re.compile("^Big screen")).click()
    expect(home).to_have_url(re.compile(r"/screen$"))
    tv.stop_the_clock()
    expect(home.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    expect(home.locator(".screen-tiles .tile-total")).to_have_text(["34", "2", "3"])
    start_match(page, ["Dee", "Eve", "Flo"])  # the table starts another match
    tv.a_second()
    expect(home.get_by_role("heading", level=1)).to_have_text("Dee · Eve · Flo")
    expect(home).to_have_url(re.compile(r"/screen$"))
    assert home.evaluate("window.stillThisPage") is True
    tv.fits()
    tv.shoot("table-1280")


@pytest.mark.browser
@pytest.mark.parametrize("size", ["1280", "1920"])
def test_five_long_names_fit_the_screen(browser, base_url, screens, live_app, size):
    """The fullest screen: five players with long names, in play with a game just ended (its final
    points, the next deal, the last deal in parts) and at the end of the match (the standings, each
    game's points and the ratings), fits without scrolling, and the figures stay 48 px tall at 1920×1080."""
    names = ["Maximiliana Wolfeschlegelstein", "Bartholomew-Maximilian Featherstonehaugh", "Cleo", "Di", "Ed"]
    documents = []
    for seed in range(40):
        document = random_document(random.Random(seed), "five", max_deals=40, unfinished=0,
                                   options={"match": "hundred", "games_to_win": 2})
        if document["deals"]:
            documents.append({**document, "players": names})
        if len(documents) == 1:
            break
    played = documents[0]
    ended_game = next(n for n in range(1, len(played["deals"]) + 1)
                      if score_document({**played, "deals": played["deals"][:n]})["scored"]["games"][-1].get("winners")
                      and n < len(played["deals"]))
    in_play = {**played, "deals": played["deals"][:ended_game]}
    with live_app.app_context():
        added = imports.import_documents([("over", played), ("in play", in_play)])
        db.session.commit()
        over, playing = (match.id for match in added.added)
    tv = new_screen(screens, browser, base_url, HD if size == "1280" else FULL_HD)
    for match_id, name in ((playing, "five-game-over"), (over, "five-match-over")):
        screen = tv.open(f"/screen/{match_id}")
        expect(screen.get_by_role("heading", level=1)).to_contain_text("Maximiliana")
        tv.shoot(f"{name}-{size}")
        tv.fits()
        if size == "1920":
            sizes = screen.locator(".tile-total, .standing-figure").evaluate_all(
                "els => els.map(el => parseFloat(getComputedStyle(el).fontSize))")
            assert sizes and min(sizes) >= TOTAL_AT_LEAST, sizes


UPRIGHT = {"width": 390, "height": 844}  # a phone, where someone opens the big screen after all
EVERY_SIZE = {"tv": FULL_HD, "laptop": HD, "upright": UPRIGHT}


def hundred_match(page: Page, games_to_win: int) -> str:
    """Ann · Bob · Cy, games to 100, first to ``games_to_win``, started on the phone; its id."""
    page.goto("/matches/new")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(name)
    page.locator(".options > summary").tap()
    page.get_by_role("radio", name=re.compile("^Games to 100")).first.check()
    page.get_by_role("spinbutton", name="Games to win the match").fill(str(games_to_win))
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("link", name="Record deal 1")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def every_size(tv: Screen, phone: Page, name: str) -> None:
    """The screen as it is now at 1280×720 and 1920×1080 (fitting, nothing to scroll) and upright
    on a phone (one column to scroll, nothing wider than the phone), into screenshots/; and axe's
    findings on it in each size, light and dark (on the phone's page: the screen's clock is
    stopped), then the phone back on its scoreboard."""
    for size, label in ((HD, "1280"), (FULL_HD, "1920")):
        tv.page.set_viewport_size(size)
        tv.fits()
        tv.shoot(f"{name}-{label}")
    tv.page.set_viewport_size(UPRIGHT)
    assert tv.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the phone scrolls sideways"
    tv.page.screenshot(path=str(SCREENSHOTS / f"big-screen-{name}-390.png"), full_page=True)
    tv.page.set_viewport_size(FULL_HD)
    scoreboard = phone.url
    phone.goto(tv.page.url)
    assert problems(phone, f"big screen, {name}", sizes=EVERY_SIZE) == []
    phone.goto(scoreboard)


ANN_THREE = [("Ann", 3, 3), ("Bob", 3, 3), ("Cy", 3, 3)]  # every bid made: 13 each


@pytest.mark.browser
def test_a_games_end_and_the_matchs_end_show_their_points_live(page: Page, browser, base_url, screens):
    """Issue 34: the save that ends a game leaves the big screen on that game's final points (not
    the next game's 0s), and the save that ends the match on the games won and each game's points;
    each within a second, in place."""
    match_id = hundred_match(page, games_to_win=2)
    tv = new_screen(screens, browser, base_url, FULL_HD)
    screen = tv.open(f"/screen/{match_id}")
    for number in (1, 2, 3):  # game 1: Ann 102, Bob 6, Cy 9
        record(page, number, FIRST)
    tv.a_second()
    over = screen.locator(".screen-game-over")
    expect(over.get_by_role("heading", level=2)).to_have_text("Ann wins game 1")
    expect(over.locator(".screen-standings li")).to_have_text([re.compile(r"Ann\s*102\s*1 game"),
                                                               re.compile(r"Bob\s*6\s*0 games"),
                                                               re.compile(r"Cy\s*9\s*0 games")])
    expect(over.locator(".winner")).to_contain_text("Ann")
    expect(screen.locator(".screen-tiles")).to_have_count(0)  # game 2's 0s: not until its first deal
    expect(screen.locator(".screen-next")).to_contain_text(re.compile(r"Deal 4\s*· game 2\s*Game 2 starts at 0\."))
    assert screen.evaluate("window.stillThisPage") is True  # in place, not reloaded
    every_size(tv, page, "game-over")

    record(page, 4, FIRST)  # game 2 under way: its tiles, and game 1's end gone
    tv.a_second()
    expect(screen.locator(".screen-tiles .tile-total")).to_have_text(["34", "2", "3"])
    expect(screen.locator(".screen-game-over")).to_have_count(0)
    for number, figures in ((5, ANN_THREE), (6, FIRST), (7, FIRST)):  # game 2: Ann 115, Bob 19, Cy 22
        record(page, number, figures)
    tv.a_second()
    result = screen.locator(".screen-result")
    expect(result.get_by_role("heading", level=2)).to_have_text("Ann wins")
    expect(result.locator(".screen-standings li")).to_have_text([re.compile(r"Ann\s*2\s*games"),
                                                                 re.compile(r"Bob\s*0\s*games"),
                                                                 re.compile(r"Cy\s*0\s*games")])
    games = result.get_by_role("table", name="Each game's points")
    expect(games.locator("tbody tr")).to_have_text([re.compile(r"Game 1\D*102\s*6\s*9"),
                                                    re.compile(r"Game 2\D*115\s*19\s*22")])
    expect(games.locator("td.winner")).to_have_text(["102", "115"])
    assert screen.evaluate("window.stillThisPage") is True
    every_size(tv, page, "match-over")
