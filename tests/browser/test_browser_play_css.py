"""The deal form links its own styles (play.css: assets.BUNDLES), which
leave out the scoreboard's and the records' stylesheets. Nothing it shows may need them: in every
state of the form, light and dark, the page drawn with play.css is pixel for pixel the page drawn
with every stylesheet (site.css) linked in its place."""

from __future__ import annotations

import re

import pytest
from browserhelpers import SCREENSHOTS, bid, start_dealt_match, start_match, tricks, turn_card, without_tap_highlight
from playwright.sync_api import Page, expect

from scorer.web.serving.assets import BUNDLES


@pytest.fixture(autouse=True)
def _no_tap_highlight(request: pytest.FixtureRequest) -> None:
    """Each page is drawn twice, some time apart, right after a tap: Chromium's highlight of a tap
    fading out on its own clock would differ between the two (``without_tap_highlight``)."""
    if "page" in request.fixturenames:
        without_tap_highlight(request.getfixturevalue("page"))


def still(page: Page) -> bytes:
    """The whole page from its top, nothing focused (a focus ring or the sticky bar halfway down
    would differ between two screenshots for no reason of style). A transition under way is run
    to its end by the screenshot itself (``animations="disabled"``): nothing to wait for."""
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    return page.screenshot(full_page=True, animations="disabled", caret="hide")


def with_site_css(page: Page) -> bytes:
    """The page as it is, then with its stylesheets swapped for site.css: both screenshots, compared."""
    # play.css, and dealing.css beside it where the app deals (test_the_deal_form_of_a_match_the_app_deals)
    sheets = page.locator("head > link[rel=stylesheet]")
    assert sheets.count() in (1, 2), "the deal form links its styles"
    assert "/static/play." in (sheets.first.get_attribute("href") or "")
    assert page.locator("head > style").count() == 0  # nothing written into the page
    own = still(page)
    href = page.evaluate("""async () => {
        const href = new URL("/static/site.css", document.baseURI).href;  // every stylesheet of the site
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        const loaded = new Promise((resolve, reject) => { link.onload = resolve; link.onerror = reject; });
        const styles = document.head.querySelectorAll("link[rel=stylesheet]");
        styles[0].replaceWith(link);
        styles.forEach((style, i) => { if (i) style.remove(); });
        await loaded;
        return href;
    }""")
    assert href.endswith("/static/site.css")
    assert page.locator("head > link[rel=stylesheet]").count() == 1
    every = still(page)
    if own != every:  # kept to look at: screenshots/ is git-ignored
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / "play-css-own.png").write_bytes(own)
        (SCREENSHOTS / "play-css-site.png").write_bytes(every)
    assert own == every, f"{page.url}: the deal form differs without the scoreboard's and records' styles"
    return own


def test_play_css_is_site_css_without_the_scoreboard_and_the_records():
    # ... and the big screen's (screen.css: every rule under .big-screen or a screen's own class),
    # and the director's screen (night.css: every rule under a director-* class).
    # The card faces (dealing.css) are written beside it only where the app deals or turns the card.
    assert set(BUNDLES["site.css"]) - set(BUNDLES["play.css"]) == {"board.css", "records.css", "screen.css", "night.css",
                                                                  "dealing.css"}
    # The same order: a rule left out can only matter if it applied to the form.
    assert [part for part in BUNDLES["site.css"] if part in BUNDLES["play.css"]] == list(BUNDLES["play.css"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_plain_deal_form_in_every_state(page: Page, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Jokerless")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.locator("#preview")).to_contain_text("once every bid")
    with_site_css(page)  # empty
    page.reload()
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    for name, n in (("Ann", 4), ("Bob", 3)):
        tricks(page, name, n)
    expect(page.locator("#preview .pv-points").first).to_be_visible()
    page.locator("details.menu summary").tap()  # the play screens' menu, open
    with_site_css(page)
    # Refused by the server: the errors beside their fields.
    page.locator("fieldset.seat .tricks-input").first.evaluate("i => i.value = '12'")
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.locator(".field-error:not([hidden])").first).to_be_visible()
    with_site_css(page)


def test_a_deal_form_with_bid_cards_a_turned_card_and_a_premium(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    bid(page, "Bob", "♦♠")  # two of three bid cards: the pad of suits, the count so far
    turn_card(page, "KH")
    page.get_by_role("group", name="Ann’s premium").get_by_role("radio", name="Declare").tap()
    with_site_css(page)


def test_the_deal_form_of_a_match_the_app_deals(page: Page) -> None:
    match_id = start_dealt_match(page)
    page.goto(f"/matches/{match_id}/deals/new")
    expect(page.locator("head > link[rel=stylesheet]")).to_have_count(2)  # play.css, and the card faces' dealing.css
    with_site_css(page)


def test_a_save_refused_for_a_conflict_shows_the_saved_deal(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Jokerless")
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
    for name, n in (("Ann", 4), ("Bob", 3)):
        tricks(page, name, n)
    # Another phone sends these figures first (the same form, posted as it stands)...
    assert page.evaluate("""async () => {
        const form = document.getElementById("deal-form");
        const data = new FormData(form);
        data.set("action", "save");
        const answer = await fetch(form.getAttribute("action"), {method: "POST", body: data, redirect: "manual"});
        return answer.type === "opaqueredirect" ? answer.type : answer.status + " " + (await answer.text()).slice(0, 3000);
    }""") == "opaqueredirect"
    # ...and this one other figures: refused, the deal as saved shown beside the form.
    bid(page, "Ann", 5)
    tricks(page, "Ann", 5)
    tricks(page, "Bob", 2)
    page.get_by_role("button", name="Save deal 1").first.tap()
    expect(page.get_by_text(re.compile("already been saved with other figures"))).to_be_visible()
    # The form's points are asked of the server once the page is up (deal-preview.js), and drawn
    # in the preview and in the bar by Save: the page compared is the one with them.
    expect(page.locator("#tally-points")).not_to_be_empty()
    expect(page.locator("#preview .pv-points").first).to_be_visible()
    with_site_css(page)
