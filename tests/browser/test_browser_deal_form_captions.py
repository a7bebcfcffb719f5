"""Two small things of the deal form (issue 22), light and dark: the premiums hint sits on the grid
of the chips above it, and the grey "bid"/"took" captions read as labels of their rows of chips,
not as one more chip to tap."""

from __future__ import annotations

import pytest
from browserhelpers import SCREENSHOTS, bid, start_match, turn_card, without_tap_highlight
from playwright.sync_api import Page, expect

TRANSPARENT = "rgba(0, 0, 0, 0)"


def looks(page: Page, selector: str) -> dict:
    """What makes a box look tappable: its fill, its border, its text."""
    return page.locator(selector).evaluate("""el => { const s = getComputedStyle(el);
        return {background: s.backgroundColor, border: [s.borderTopColor, s.borderRightColor, s.borderBottomColor,
                s.borderLeftColor], borderWidth: s.borderTopWidth, shadow: s.boxShadow, color: s.color}; }""")


def open_form(page: Page, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    start_match(page, ["Ann", "Bob", "Cy"], ruleset="Classic")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 1")


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_premiums_hint_sits_on_the_grid_of_the_chips(page: Page, scheme: str) -> None:
    open_form(page, scheme)
    edges = page.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
        const card = document.querySelector('.premiums'), style = getComputedStyle(card);
        const rows = [...card.querySelectorAll('.segmented')].map(box);
        return {hint: box(card.querySelector('.premium-help')), rows, card: box(card),
                padding: parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth),
                turned: [box(document.querySelector('#turn_up-hint')), box(document.querySelector('#turn_up .rank-row'))]}; }""")
    hint, last = edges["hint"], edges["rows"][-1]
    # The same left and right edges as every row of chips (as the turned card's hint is on its grid).
    for row in edges["rows"]:
        assert (hint["left"], hint["right"]) == (row["left"], row["right"]), (hint, row)
    turned_hint, turned_grid = edges["turned"]
    assert turned_hint["left"] == turned_grid["left"]
    # Under the last row at the gap between two rows (8 px), and the card's own padding below it.
    assert hint["top"] - last["bottom"] == pytest.approx(8, abs=1)
    assert edges["card"]["bottom"] - hint["bottom"] == pytest.approx(edges["padding"], abs=1)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator(".premiums").screenshot(path=str(SCREENSHOTS / f"issue22-premiums-hint-{scheme}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_bid_and_took_captions_read_as_labels(page: Page, scheme: str) -> None:
    without_tap_highlight(page)  # the screenshot below comes right after a tap
    open_form(page, scheme)
    chip = looks(page, "fieldset.seat[data-seat='1'] .bid-field .chip[data-set='0']")
    assert chip["background"] != TRANSPARENT and chip["border"][0] != TRANSPARENT  # a chip looks tappable
    # An empty box: its caption ("bid", "took") with no fill, no border, no shadow, in the muted ink.
    muted = page.locator(".hint").first.evaluate("el => getComputedStyle(el).color")
    for field in ("#seats-1-bid", "#seats-1-tricks"):
        caption = looks(page, field)
        assert caption["background"] == TRANSPARENT, (field, caption)
        assert caption["border"] == [TRANSPARENT] * 4, (field, caption)
        assert caption["shadow"] == "none"
        placeholder = page.locator(field).evaluate("el => getComputedStyle(el, '::placeholder').color")
        assert placeholder == muted
    # The caption beside it is where a label is: left of the chips, level with their first row.
    label = page.locator("#seats-1-bid").bounding_box()
    first = page.locator("fieldset.seat[data-seat='1'] .bid-field .chip[data-set='0']").bounding_box()
    assert label and first and label["x"] + label["width"] <= first["x"] and label["y"] == pytest.approx(first["y"], abs=1)
    # A value in the box: the box again, with the caption under it as plain text.
    bid(page, "Ann", 3)
    filled = looks(page, "#seats-0-bid")
    assert filled["border"][0] != TRANSPARENT and filled["borderWidth"] != "0px"
    under = looks(page, "fieldset.seat[data-seat='0'] .bid-field .pad-caption")
    assert under["background"] == TRANSPARENT and under["borderWidth"] == "0px"
    assert under["color"] == muted
    turn_card(page, "7H")  # the grid folds to the card picked: the three seats on the screen
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"issue22-captions-{scheme}.png"))
    # A message beside an empty box brings its box back (a red border says where).
    page.locator("#bar-save").tap()
    expect(page.locator("#error-summary")).to_be_visible()
    assert looks(page, "#seats-1-bid")["border"][0] != TRANSPARENT


# The caption's width in the box's own font, against the room inside the box.
CAPTION_FITS = """el => { const s = getComputedStyle(el, '::placeholder'), box = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = el.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    return {text: el.placeholder, width: ctx.measureText(el.placeholder).width, room: room}; }"""


@pytest.mark.browser
@pytest.mark.parametrize("german", [False, True], ids=["English", "German"])
def test_every_empty_boxs_caption_fits_inside_it(page: Page, german: bool) -> None:
    """"Gebot" and "Stiche" are longer than "bid" and "took": each caption is whole inside its box,
    not cut at the chips' edge."""
    open_form(page, "light")
    if german:  # the language switch is in the table's menu
        page.get_by_text("Menu").first.tap()
        page.get_by_role("button", name="Deutsch").first.tap()
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#seats-1-tricks")).to_have_attribute("placeholder", "Stiche")
    for field in ("#seats-1-bid", "#seats-1-tricks"):
        fits = page.locator(field).evaluate(CAPTION_FITS)
        assert fits["text"] and fits["width"] <= fits["room"], (field, fits)
    # Filled in, the caption is plain text under the box, within the box's column.
    page.locator("fieldset.seat[data-seat='1'] .bid-field .chip[data-set='3']").tap()
    expect(page.locator("#seats-1-bid")).to_have_value("3")
    under = page.locator("fieldset.seat[data-seat='1'] .bid-field .pad-caption")
    assert under.evaluate("el => el.scrollWidth <= el.clientWidth"), under.inner_text()
