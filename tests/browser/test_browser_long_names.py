"""Names of 40 letters, the longest the form takes, with no space to break at: no screen a
player sees grows wider than the phone (issue 21: the deal form was 408–435 px wide on 390)."""

from __future__ import annotations

import re

import pytest
from browserhelpers import bid, no_sideways_scroll, save, start_match, tricks
from playwright.sync_api import Page, expect

NAMES = ["W" * 40, "Bartholomewmaximilianfeatherstonehaughxy", "M" * 39 + "n"]
assert all(len(name) == 40 for name in NAMES)


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_forty_letter_names_keep_every_screen_within_the_phone(page: Page, shoot, scheme):
    page.emulate_media(color_scheme=scheme)

    def look(name: str) -> None:
        no_sideways_scroll(page)
        shoot(f"long-names-{name}-{scheme}", full_page=True)

    start_match(page, NAMES)
    scoreboard = page.url
    look("scoreboard-new")
    page.get_by_role("link", name="Record deal 1").first.tap()
    expect(page).to_have_url(re.compile(r"/deals/new$"))
    look("deal-form")
    for name in NAMES:
        bid(page, name, 3)
        tricks(page, name, 3)
    expect(page.locator("#preview")).to_contain_text("+13")  # the preview, names and all
    look("deal-form-filled")
    save(page, "Save deal 1")
    look("scoreboard")
    for path in ("/deals/1", "/share"):
        page.goto(scoreboard + path)
        look(path.strip("/").replace("/", "-"))
    page.goto(scoreboard.replace("/matches/", "/history/"))
    look("match-record")
    for path in ("/history/", "/stats/"):
        page.goto(path)
        look(path.strip("/"))
