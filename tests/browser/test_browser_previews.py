"""The live preview asks the server only when it can say something (issue 12): a plain
three-player deal recorded the shortest way (three bid chips, two tricks chips, "took the rest")
costs at most 2 preview requests (it used to cost one a tap: 6), and the points still show."""

from __future__ import annotations

import re

import pytest
from browserhelpers import bid, save, start_match, tricks
from playwright.sync_api import Page, expect

PREVIEW = re.compile(r"/matches/[0-9]+/deals/[0-9]+/preview$")


def counting_previews(page: Page) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if PREVIEW.search(request.url) else None)
    return sent


def at_a_persons_pace(page: Page) -> None:
    """The page's clock moves on 0.4 s, as between a person's taps: a preview waiting for a pause
    in the typing (app.js waits 0.25 s) is sent now, never later."""
    page.clock.run_for(400)


@pytest.mark.browser
def test_a_plain_deal_costs_at_most_two_previews(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    sent = counting_previews(page)
    page.clock.install()
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2)):
        bid(page, name, n)
        at_a_persons_pace(page)
    for name, n in (("Ann", 4), ("Bob", 3)):
        tricks(page, name, n)
        at_a_persons_pace(page)
    # Cy's tricks were filled in with the rest (2): five taps, and the points come at once.
    expect(page.locator("#preview .pv-points")).to_have_text(["+14", "+13", "+12"])
    expect(page.locator("#tally-points")).to_contain_text("Ann +14")
    assert 1 <= len(sent) <= 2, sent
    save(page, "Save deal 1")
    assert len(sent) <= 2, sent


@pytest.mark.browser
def test_a_change_after_the_points_asks_again_and_an_emptied_field_clears_them(page: Page) -> None:
    start_match(page, ["Ann", "Bob", "Cy"])
    sent = counting_previews(page)
    page.get_by_role("link", name="Record deal 1").tap()
    for name, n, took in (("Ann", 4, 4), ("Bob", 3, 3), ("Cy", 2, 2)):
        bid(page, name, n)
        tricks(page, name, took)
    expect(page.locator("#preview .pv-points")).to_have_text(["+14", "+13", "+12"])
    first = len(sent)
    tricks(page, "Cy", 1)  # now the tricks add up to 8: the server says what is wrong
    expect(page.locator("#preview .preview-error")).to_be_visible()
    assert len(sent) == first + 1
    page.get_by_role("textbox", name="Ann’s bid").fill("")
    expect(page.locator("#preview")).to_contain_text("once every bid")
    expect(page.locator("#tally-points")).to_have_text("")
    assert len(sent) == first + 1  # an incomplete deal is never sent
    bid(page, "Ann", 4)
    tricks(page, "Cy", 2)
    expect(page.locator("#preview .pv-points")).to_have_text(["+14", "+13", "+12"])
