"""German on a 390-pixel phone keeps its words whole (issue 34): the column heads of the figures
("Ak-tuel-le Se-rie", "Prä-mi-en er-füllt", "Bes-te Run-de", "Gebo-te er-füllt"), the deal table's
"Än-dern", the deal form's "Ver-deckt" chip and "Aufge-deckt" premium were broken mid-word. Now no
word of the scoreboard and the deal form (three and five players), the statistics, a player's
page, the ratings, the history, a match's record or the new deal set form is split over two lines
(broken_words.js, every word), in light and dark."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from browserhelpers import no_sideways_scroll
from playwright.sync_api import Page, expect
from recordhelpers import add_documents
from sqlalchemy import select

from scorer.core.samples import random_document
from scorer.web.data.models import Player
from scorer.web.extensions import db

BROKEN_WORDS = (Path(__file__).with_name("broken_words.js")).read_text()
CLUB = ["Ann", "Bob", "Cy", "Di"]
# Jokerless, Ann · Eve · Fay: (bids, tricks, who declares) a deal, by the chips (no word needed);
# and Five, its first deal at no trump, in five narrow columns.
THREE = (["Ann", "Eve", "Fay"], [([3, 4, 2], [3, 4, 2], 0), ([5, 2, 4], [5, 2, 2], 1)])
FIVE = (["Ann", "Bob", "Cy", "Di", "Eve"], [([1, 2, 2, 2, 2], [1, 2, 2, 2, 2], 0)])


def club_matches(app) -> None:
    """Classic matches (premiums to count) between four friends, for the statistics and ratings."""
    rng = random.Random(11)
    start = datetime(2026, 1, 10, 20, tzinfo=UTC)
    documents = []
    for i in range(8):
        document = random_document(rng, "classic", max_deals=12, unfinished=0.0, played_at=start + timedelta(days=9 * i),
                                   options={"match": "hundred", "games_to_win": 1})
        document["players"] = rng.sample(CLUB, 3)
        documents.append(document)
    add_documents(app, documents)


def to_german(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="Deutsch").first.tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def play(page: Page, names: list[str], deals: list) -> str:
    """A match of these players (the usual ruleset for as many) and deals, through the deal form's
    chips; its scoreboard's address."""
    page.goto("/matches/new")
    for seat, name in enumerate(names):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("form button.btn-block[type=submit]").tap()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    board = page.url
    for bids, took, declarer in deals:
        page.goto(f"{board}/deals/new")
        for seat in range(len(names)):
            fieldset = page.locator(f"fieldset.seat[data-seat='{seat}']")
            fieldset.locator(f".bid-field .number-pad .chip[data-set='{bids[seat]}']").tap()
            if fieldset.locator(".tricks-input").input_value() != str(took[seat]):  # the last may fill itself
                fieldset.locator(f".tricks-field .number-pad .chip[data-set='{took[seat]}']").tap()
        page.locator(f"input[name='seats-{declarer}-offer'][value='declare']").check(force=True)
        page.locator("#bar-save").tap()
        expect(page).to_have_url(re.compile(rf"{re.escape(board)}(\?.*)?(#.*)?$"))
    return board


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_german_word_is_broken_on_a_phone(page: Page, live_app, shoot, scheme: str):
    club_matches(live_app)
    with live_app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    page.emulate_media(color_scheme=scheme)
    to_german(page)
    board = play(page, *THREE)
    five = play(page, *FIVE)
    record = board.replace("/matches/", "/history/")
    pages = {"scoreboard": board, "deal-form": f"{board}/deals/new", "five-players": five, "five-deal-form": f"{five}/deals/new",
             "stats": "/stats/", "player": f"/stats/players/{ann}",
             "ratings": "/stats/ratings", "history": "/history/", "record": record, "new-deal-set": "/deal-sets/new"}
    broken = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        if name == "scoreboard":  # the heads and links the issue saw broken are there to look at
            expect(page.locator(".figures-table thead")).to_contain_text("Prämien geholt")
            expect(page.locator(".deal-table .edit-link").first).to_have_text("Ändern")
        if name == "five-players":
            expect(page.locator(".deal-table .nt").first).to_have_text("ohne")
        if name == "deal-form":
            expect(page.locator(".chip-hidden").first).to_contain_text("Verdeckt")
            expect(page.locator(".premium-field .seg").last).to_have_text("Aufgedeckt")
        no_sideways_scroll(page)
        broken[name] = page.evaluate(BROKEN_WORDS, [])
        shoot(f"german-words-{name}-{scheme}")
    assert {name: found for name, found in broken.items() if found} == {}
