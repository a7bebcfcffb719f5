"""Nothing lost, on a phone: the scoreboard asks the phone's name once, the history of changes says
who changed what and undoes it, and a deleted match comes back from Recently deleted; each screen
on a 390-pixel phone, light and dark, passes axe-core and never scrolls sideways."""

from __future__ import annotations

from pathlib import Path

import pytest
from browserhelpers import bid, no_sideways_scroll, save, start_match, tricks
from playwright.sync_api import Page, expect
from test_browser_a11y import problems

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # as conftest.py has it


def record(page: Page, number: int, figures: list[tuple[str, int, int]]) -> None:
    page.get_by_role("link", name=f"Record deal {number}").tap()
    for name, value, took in figures:
        bid(page, name, value)
        tricks(page, name, took)
    save(page, f"Save deal {number}")


def look(page: Page, name: str) -> list[str]:
    """Screenshots (phone, light and dark) to look at, no sideways scroll, axe-core's findings."""
    no_sideways_scroll(page)
    SCREENSHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENSHOTS / f"changes-{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")
    return problems(page, name)


@pytest.mark.browser
def test_name_the_phone_record_undo_delete_and_restore(page: Page):
    found: list[str] = []
    start_match(page, ["Ann", "Bob", "Cy"])
    expect(page.get_by_role("heading", name="Which phone is this?")).to_be_visible()
    found += look(page, "scoreboard-asks")
    page.get_by_label("This phone's name").fill("Ann's phone")
    page.get_by_role("button", name="Save the name").tap()
    expect(page.locator(".flash")).to_contain_text("This phone is “Ann's phone”")
    expect(page.get_by_role("heading", name="Which phone is this?")).to_have_count(0)
    # The name reaches the list of scorekeepers too (issue 22: it still said "Unnamed phone").
    board = page.url
    page.get_by_role("link", name="Share").first.tap()
    expect(page.locator(".keeper-name")).to_have_text("Ann's phone (this phone)")
    page.goto(board)

    record(page, 1, [("Ann", 3, 3), ("Bob", 3, 3), ("Cy", 3, 3)])
    record(page, 2, [("Ann", 4, 4), ("Bob", 2, 2), ("Cy", 3, 3)])
    page.get_by_role("link", name="History of changes").tap()
    items = page.locator(".change-item")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("Deal 2 recorded")
    expect(items.first).to_contain_text("Ann's phone")
    found += look(page, "history")

    expect(page.get_by_role("link", name="Deal 1 recorded")).to_have_count(0)  # deal 2 comes after it
    page.get_by_role("link", name="Deal 2 recorded").tap()
    # First what the undo will do, then the button that does it.
    expect(page.get_by_role("heading", level=1)).to_have_text("Undo this change?")
    expect(page.locator(".confirm-lead")).to_contain_text("Deal 2 recorded")
    expect(page.locator(".confirm")).to_contain_text("Deal 2 will be taken away, and its points from every total.")
    found += look(page, "undo-confirm")
    page.get_by_role("button", name="Undo it").tap()
    expect(page.locator(".flash")).to_contain_text("Undone: Deal 2 recorded")
    expect(items).to_have_count(3)
    page.get_by_role("link", name="← Scoreboard").tap()
    expect(page.get_by_role("link", name="Record deal 2")).to_be_visible()

    page.get_by_role("link", name="Delete match…").tap()
    page.get_by_role("button", name="Delete the match").tap()
    expect(page.locator(".flash")).to_contain_text("Recently deleted")
    page.goto("/deleted")
    expect(page.locator(".deleted-item")).to_contain_text("Ann · Bob · Cy")
    found += look(page, "recently-deleted")
    page.get_by_role("button", name="Restore").tap()
    expect(page.locator(".flash")).to_contain_text("The match is back")
    expect(page.get_by_role("link", name="Record deal 2")).to_be_visible()
    assert found == [], "axe-core found:\n" + "\n".join(found)
