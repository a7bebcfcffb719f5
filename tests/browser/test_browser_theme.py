"""Light and dark: one palette, reached the same way from the phone's setting and from the toggle."""

from __future__ import annotations

import pytest
from browserhelpers import start_match
from playwright.sync_api import Page

LIGHT_BG, DARK_BG = "rgb(244, 241, 234)", "rgb(15, 21, 18)"
WHITE, DARK_RED_INK = "rgb(255, 255, 255)", "rgb(26, 6, 5)"


def looks(page: Page) -> dict[str, str]:
    return page.evaluate("""() => ({
        bg: getComputedStyle(document.body).backgroundColor,
        ink: getComputedStyle(document.querySelector('.btn-danger-solid')).color,
        scheme: getComputedStyle(document.documentElement).colorScheme.trim(),
    })""")


@pytest.mark.parametrize(("system", "toggle", "dark"), [
    ("light", None, False), ("dark", None, True),        # the phone's setting
    ("light", "dark", True), ("dark", "light", False),   # the toggle overrides it
])
def test_the_theme_follows_the_phone_unless_the_toggle_says_otherwise(page: Page, system, toggle, dark):
    start_match(page, ["Ann", "Bob", "Cy"])
    page.emulate_media(color_scheme=system)
    if toggle:
        page.evaluate(f"localStorage.setItem('ninety-nine:theme', '{toggle}')")
    page.goto(page.url + "/delete")  # a page with the solid red button
    assert looks(page) == {"bg": DARK_BG if dark else LIGHT_BG, "ink": DARK_RED_INK if dark else WHITE,
                           "scheme": "dark" if dark else "light"}


@pytest.mark.parametrize("system", ["light", "dark"])
def test_a_sheet_prints_black_on_white_whatever_the_phones_setting(page: Page, system):
    page.emulate_media(media="print", color_scheme=system)
    page.goto("/sheets/blank?ruleset=classic")
    colours = page.evaluate("[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]")
    assert colours == [WHITE, "rgb(0, 0, 0)"]
