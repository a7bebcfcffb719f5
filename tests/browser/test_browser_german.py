"""The app in German on a 390-pixel phone (issue 28): German words are long, and the names are
40 letters without a space. The switch in the top bar turns the page German and the choice is
kept; then no screen a player sees, filled in or empty, light or dark, grows wider than the phone,
and the scripts speak German too (the deal form's tally, the live status line)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from browserhelpers import bid, make_classic_deal_set, no_sideways_scroll, save, start_match, tricks
from playwright.sync_api import Page, expect

NAMES = ["Bartholomewmaximilianfeatherstonehaughxy", "W" * 40, "M" * 39 + "n"]


# This walk opens some twenty pages a scheme: a page of a busy CI machine may take longer to load
# than the suite's 5 s for one step (conftest.py), so each page here has longer.
LOAD_MS = 15_000


def to_german(page: Page) -> None:
    page.get_by_role("button", name="Deutsch").first.tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_in_german_stays_within_the_phone(page: Page, shoot, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)

    def look(name: str) -> None:
        expect(page.locator("html")).to_have_attribute("lang", "de")
        no_sideways_scroll(page)
        shoot(f"german-{name}-{scheme}")

    start_match(page, NAMES)  # in English, then switched: the choice holds for every page after
    scoreboard = page.url
    for number in (1, 2):
        page.goto(f"{scoreboard}/deals/new")
        for name in NAMES:
            bid(page, name, 3)
            tricks(page, name, 3)
        save(page, f"Save deal {number}")
    page.goto("/")
    to_german(page)
    look("home")
    page.goto("/matches/new")
    look("new-match")
    page.goto(scoreboard)
    expect(page.get_by_role("link", name="Runde 3 eintragen").first).to_be_visible()
    look("scoreboard")
    page.get_by_role("link", name="Runde 3 eintragen").first.tap()
    expect(page).to_have_url(re.compile(r"/deals/new$"))
    look("deal-form")
    chips = page.locator(".number-pad:not([hidden]) .chip[data-set='4']")
    for index in range(chips.count()):
        chips.nth(index).tap()  # every bid and every count of tricks 4: 12 tricks of 11
    expect(page.locator(".tally, #tally").first).to_contain_text(re.compile(r"Stich|Stiche"))
    look("deal-form-filled")
    for path in ("/deals/1", "/deals/1/edit", "/share", "/changes", "/sheet"):
        page.goto(scoreboard + path, timeout=LOAD_MS)
        look(path.strip("/").replace("/", "-"))
    for path in ("/history/", "/stats/", "/stats/ratings", "/stats/ratings/manage", "/deleted", "/import",
                 "/sheets/blank", "/deal-sets/", "/deal-sets/new",
                 urlsplit(scoreboard).path.replace("/matches/", "/history/"),
                 urlsplit(scoreboard).path.replace("/matches/", "/screen/")):
        page.goto(path, timeout=LOAD_MS)
        look(path.strip("/").replace("/", "-"))


def test_a_club_night_in_german_stays_within_the_phone(page: Page, shoot) -> None:
    """The organiser's page, the set's page and the director's screen, German, on a phone."""
    organise = make_classic_deal_set(page, "Clubabend im Hinterzimmer des Gasthauses", deals=4)
    page.goto("/")
    to_german(page)
    set_page = organise.split("/organise")[0] if "/organise" in organise else organise
    for name, path in (("organise", organise), ("set", set_page), ("screen", f"{set_page}/screen")):
        page.goto(path, timeout=LOAD_MS)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        no_sideways_scroll(page)
        shoot(f"german-night-{name}")


# A whole match: (bids, tricks, who declares) a deal; Jokerless, three players, 9 tricks a deal.
DEALS = [([3, 4, 2], [3, 4, 2], None), ([5, 2, 4], [5, 2, 2], 0), ([0, 7, 3], [1, 6, 2], None),
         ([3, 3, 3], [3, 3, 3], 2), ([2, 6, 1], [2, 6, 1], None)]
THREE = ["Ann", "Bob", "Cy"]
FIGURES = re.compile(r"[−+-]?\d+")


def play_whole_match(page: Page) -> list[str]:
    """The match of ``DEALS`` from the new-match form to the printed sheet, by the chips (no word
    of the page's language needed); every figure the scoreboard and the sheet show, in order."""
    page.goto("/matches/new")
    for seat, name in enumerate(THREE):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("form button.btn-block[type=submit]").tap()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    scoreboard = page.url
    for bids, took, declarer in DEALS:
        page.goto(f"{scoreboard}/deals/new")
        for seat in range(3):
            fieldset = page.locator(f"fieldset.seat[data-seat='{seat}']")
            fieldset.locator(f".bid-field .number-pad .chip[data-set='{bids[seat]}']").tap()
            chip = fieldset.locator(f".tricks-field .number-pad .chip[data-set='{took[seat]}']")
            if fieldset.locator(".tricks-input").input_value() != str(took[seat]):  # the last may fill itself
                chip.tap()
        if declarer is not None:
            page.locator(f"input[name='seats-{declarer}-offer'][value='declare']").check(force=True)
        expect(page.locator("#bar-save")).to_be_enabled()
        page.locator("#bar-save").tap()
        expect(page).to_have_url(re.compile(rf"{re.escape(scoreboard)}(\?.*)?(#.*)?$"))
    figures = FIGURES.findall(" ".join(page.locator(".score-tiles .tile-total").all_inner_texts()))
    page.goto(f"{scoreboard}/sheet", timeout=LOAD_MS)
    return figures + FIGURES.findall(page.locator(".sheet-table").inner_text())


def test_a_whole_match_in_german_has_the_figures_it_has_in_english(page: Page) -> None:
    english = play_whole_match(page)
    page.goto("/")
    to_german(page)
    german = play_whole_match(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert len(english) > 60  # every deal's bids, tricks, points and totals
    assert german == english, f"{german}\n{english}"
