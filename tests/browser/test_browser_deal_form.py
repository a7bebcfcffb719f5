"""The deal form at the table (issue 14): a plain three-player deal in six taps on one screen,
the last player's tricks filled in, chip bids that show their value, the turned card from a
grid, no stale form after Back, and every control big enough for a thumb."""

from __future__ import annotations

import pytest
from browserhelpers import bid, record_deal_turning, save, start_match, tricks, turn_card
from playwright.sync_api import Locator, Page, expect
from test_browser_a11y import problems

VIEWPORT = 844


def on_screen_and_uncovered(page: Page, target: Locator) -> None:
    """The target is inside the phone's screen as the page stands (nothing was scrolled), and
    what a thumb touches at its centre is the target itself, not the bar at the bottom."""
    box = target.evaluate("""el => { const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {top: r.top, bottom: r.bottom, width: r.width, height: r.height,
                hit: !!hit && (hit === el || el.contains(hit) || hit.contains(el) && hit.tagName === 'LABEL')}; }""")
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT, box
    assert box["hit"], f"something covers {box}"
    assert box["width"] >= 44 and box["height"] >= 44, box


class Thumb:
    """Taps that count themselves, each on a target checked to be on screen first."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps = page, 0

    def tap(self, target: Locator, navigates: bool = False) -> None:
        on_screen_and_uncovered(self.page, target)
        target.tap()
        self.taps += 1
        if not navigates:
            assert self.page.evaluate("window.scrollY") == 0, "a tap scrolled the page"


@pytest.mark.browser
def test_a_plain_three_player_deal_takes_six_taps_on_one_screen(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()  # from the scoreboard: the deal form opens
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 1")
    thumb = Thumb(page)
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        thumb.tap(page.get_by_role("button", name=f"{name} bid {n}", exact=True))
    for name, n in (("Ann", 4), ("Bob", 3)):
        thumb.tap(page.get_by_role("button", name=f"{name} won {n} tricks", exact=True))
    # The last player's tricks are known: filled in, no tap.
    expect(page.get_by_role("spinbutton", name="Tricks Cy won")).to_have_value("2")
    expect(page.locator("#tricks-left")).to_have_text("All 9 tricks ✓")
    expect(page.locator("#tally-points")).to_contain_text("Ann +14")
    thumb.tap(page.locator("#bar-save"), navigates=True)
    expect(page.locator(".flash")).to_be_visible()
    expect(page.locator(".tile-total")).to_have_text(["14", "13", "12"])
    assert thumb.taps == 6
    # The whole entry of the three seats is on the first screen, above the bar with Save.
    page.get_by_role("link", name="Record deal 2").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    for name in ("Ann", "Bob", "Cy"):
        on_screen_and_uncovered(page, page.get_by_role("button", name=f"{name} bid 9", exact=True))
    for name in ("Ann", "Bob", "Cy"):
        on_screen_and_uncovered(page, page.get_by_role("button", name=f"{name} won 9 tricks", exact=True))


@pytest.mark.browser
@pytest.mark.parametrize("names", [["Ann", "Bob", "Cy", "Di"], ["Ann", "Bob", "Cy", "Di", "Eve"]])
def test_four_and_five_players_scroll_at_most_once(page: Page, names: list[str]) -> None:
    start_match(page, names)
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 1")
    # The last seat's pads end within two screens (less the bar with Save, which stays on screen).
    last = page.locator("fieldset.seat").last
    bottom = last.evaluate("el => el.getBoundingClientRect().bottom + window.scrollY")
    bar = page.locator("#tally").evaluate("el => el.getBoundingClientRect().height")
    assert bottom <= 2 * VIEWPORT - bar, (bottom, bar)


@pytest.mark.browser
def test_bid_chips_show_their_value_and_a_fourth_is_refused(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()
    value = page.locator("fieldset.seat").first.locator(".bid-value")
    page.get_by_role("button", name="Ann’s bid as bid cards").tap()
    page.get_by_role("button", name="Add hearts to Ann’s bid cards").tap()
    expect(value).to_have_text("1 of 3 cards")
    bid(page, "Ann", "♥♣")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♥ ♥ ♣")
    expect(value).to_have_text("= 7")  # the core's value of ♥ ♥ ♣, carried by the page
    page.get_by_role("button", name="Add diamonds to Ann’s bid cards").tap()
    note = page.locator("#seats-0-bid-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("A bid is three cards")
    expect(page.get_by_role("textbox", name="Ann’s bid")).to_have_value("♥ ♥ ♣")  # not started over
    page.get_by_role("button", name="Take back Ann’s last bid card").tap()
    expect(note).to_be_hidden()
    page.get_by_role("button", name="Add diamonds to Ann’s bid cards").tap()
    expect(value).to_have_text("= 4")
    # Back to the numbers: the number pad again.
    page.get_by_role("button", name="0–9 Ann’s bid as a number", exact=True).tap()
    expect(page.get_by_role("button", name="Ann bid 4", exact=True)).to_be_visible()


@pytest.mark.browser
def test_the_turned_card_comes_from_a_grid_by_suit_and_rank(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    ranks = page.locator("[data-suit-row]:visible")
    expect(ranks).to_have_count(5)  # every suit's ranks at once, then the Joker (issue 22: one tap)
    expect(page.get_by_role("group", name="Hearts").locator("label")).to_have_count(9)  # 6 to Ace
    turn_card(page, "7H")
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 3)
    expect(page.locator("#preview")).to_contain_text("Trump ♥ Hearts")
    for control in page.locator("#turn_up button:visible, #turn_up label:visible").all():
        box = control.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    save(page, "Save deal 1")


@pytest.mark.browser
def test_eighteen_marks_a_pile_card_turned_already_and_refuses_it(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Eighteen")
    record_deal_turning(page, "2C")
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    page.get_by_role("link", name="Record deal 2").tap()
    used = page.locator("label.rank-chip.used")
    expect(used).to_have_count(1)
    expect(used.locator("input")).to_have_attribute("aria-label", "2 of clubs, turned already in this game")
    turn_card(page, "2C")
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 3)
    page.locator("#bar-save").tap()
    expect(page.locator("#turn_up-error")).to_contain_text("2C was turned already in this game (deal 1)")


@pytest.mark.browser
def test_back_after_saving_never_shows_a_form_ready_to_save_the_old_figures(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    tricks(page, "Ann", 4)
    tricks(page, "Bob", 3)
    save(page, "Save deal 1")
    page.go_back()
    # Read again from the server: the next deal, empty; never deal 1's figures ready to save.
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    expect(page.locator("#bar-save")).to_have_text("Save deal 2")
    for name in ("Ann", "Bob", "Cy"):
        expect(page.get_by_role("textbox", name=f"{name}’s bid")).to_have_value("")
        expect(page.get_by_role("spinbutton", name=f"Tricks {name} won")).to_have_value("")
    expect(page.locator("#tricks-left")).to_have_text("9 tricks left")
    # And a save sent for deal 1 again (an old page that did show) records nothing wrong.
    page.go_forward()
    expect(page.locator(".tile-total")).to_have_text(["14", "13", "12"])


@pytest.mark.browser
@pytest.mark.parametrize("ruleset", [None, "Classic"])
def test_every_control_of_the_deal_form_is_at_least_44_px(page: Page, ruleset: str | None) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset=ruleset)
    page.get_by_role("link", name="Record deal 1").tap()
    bid(page, "Bob", "♦♠♣")  # the suit chips of one seat show too (and Classic's whole card grid)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#deal-form button, #deal-form input:not([type=hidden]):not([type=radio]), #deal-form label.seg, #deal-form label.rank-chip, #deal-form a')]
        .filter(el => el.offsetParent !== null)
        .map(el => [el.getAttribute('aria-label') || el.textContent.trim(), {width: el.offsetWidth, height: el.offsetHeight}])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
    # The layout's size (offsetWidth), not the drawn one: a chip just tapped is pressed, scaled to
    # 97 % for a moment (app.css .chip:active), which the tap target is not.
    assert small == []


@pytest.mark.browser
def test_the_grid_and_the_suit_chips_pass_axe(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    turn_card(page, "7H")
    bid(page, "Bob", "♦♠♣")
    page.get_by_role("button", name="Add clubs to Bob’s bid cards").tap()  # the note about a fourth card
    expect(page.locator("#seats-1-bid-note")).to_be_visible()
    assert problems(page, "deal form, grid and suit chips") == []


@pytest.mark.browser
def test_a_figure_typed_into_the_filled_in_rest_replaces_it(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 3)):
        page.get_by_role("button", name=f"{name} won {n} tricks", exact=True).tap()
    rest = page.get_by_role("spinbutton", name="Tricks Cy won")
    expect(rest).to_have_value("2")
    rest.tap()
    page.keyboard.type("1")
    expect(rest).to_have_value("1")  # the person's own figure, not "21"
    expect(page.locator("#tricks-left")).to_have_text("1 trick left")
    page.keyboard.type("2")  # the figure is the person's now: typed on, as in any box
    expect(rest).to_have_value("12")
