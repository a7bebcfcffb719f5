"""Looking back on a phone: history, a match's record and chart, statistics, import; and paper:
a match's score sheet and blank sheets printed to PDF, checked page by page and turned into PNGs
to look at."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from browserhelpers import no_sideways_scroll, printed
from playwright.sync_api import Page, expect

from scorer.core.samples import random_document
from scorer.web.extensions import db
from scorer.web.writes import imports

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # as conftest.py has it
START = datetime(2026, 10, 2, 19, 0, tzinfo=UTC)


def add_matches(app, documents: list[dict]) -> list[int]:
    with app.app_context():
        outcome = imports.import_documents([(str(i), doc) for i, doc in enumerate(documents)])
        db.session.commit()
        return [match.id for match in outcome.added]


def an_evening(app) -> list[int]:
    """Three matches of last week, one of them 27 deals of three players; Ann, Bob, Cy, Dee and
    the four partners Ed, Flo, Gus and Hal played."""
    long_one = random_document(random.Random(4), "classic", options={"match": "deals", "deals": 27}, unfinished=0,
                               played_at=START)
    long_one["players"] = ["Ann", "Bob", "Cy"]
    others = [random_document(random.Random(seed), ruleset, played_at=START + timedelta(hours=2 * seed), max_deals=12)
              for seed, ruleset in ((1, "jokerless"), (2, "four-partners"))]
    others[0]["players"] = ["Ann", "Bob", "Dee"]
    others[1]["players"] = ["Ed", "Flo", "Gus", "Hal"]
    return add_matches(app, [long_one, *others])


def looked_at(page: Page, shoot, name: str, full_page: bool = True) -> None:
    """Nothing wider than the phone; a screenshot from the top (a sticky bar would show mid-page)."""
    no_sideways_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    shoot(name, full_page=full_page)


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_find_last_weeks_match_and_its_figures(page, shoot, live_app, scheme):
    page.emulate_media(color_scheme=scheme)
    an_evening(live_app)
    page.goto("/")
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("History")
    expect(page.locator(".history-list > li")).to_have_count(3)
    looked_at(page, shoot, f"history-{scheme}")

    # Only Ann's jokerless matches: the filter opens, two choices, Show.
    page.locator(".filters summary").tap()
    page.get_by_label("Player").select_option(label="Ann")
    page.get_by_label("Ruleset").select_option(label="Jokerless")
    page.get_by_role("button", name="Show").tap()
    expect(page.locator(".history-list > li")).to_have_count(1)
    expect(page.locator(".filters")).to_have_attribute("open", "")
    looked_at(page, shoot, f"history-filtered-{scheme}")

    page.get_by_role("link", name="Clear filters").tap()
    page.locator(".history-list a").last.tap()  # the oldest: the 27 deals of classic
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann · Bob · Cy")
    chart = page.get_by_role("img", name="Running totals")
    expect(chart).to_be_visible()
    expect(page.locator(".chart-svg .series polyline")).to_have_count(3)
    expect(page.locator(".chart-legend li")).to_have_text(["Ann", "Bob", "Cy"])
    expect(page.locator(".figures-table tbody tr")).to_have_count(3)
    looked_at(page, shoot, f"match-record-{scheme}")
    chart.screenshot(path=str(SCREENSHOTS / f"chart-{scheme}.png"))

    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Stats").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Statistics")
    expect(page.locator(".stats-table tbody tr")).to_have_count(8)
    looked_at(page, shoot, f"stats-{scheme}")
    page.get_by_role("link", name="Ann", exact=True).tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ann")
    expect(page.get_by_role("heading", name="Head to head")).to_be_visible()
    expect(page.get_by_role("table", name="Bids made by size").locator("tbody tr")).to_have_count(11)
    looked_at(page, shoot, f"player-stats-{scheme}")


@pytest.mark.browser
def test_rename_and_import_on_a_phone(page, shoot, live_app, tmp_path):
    an_evening(live_app)
    page.goto("/stats/")
    page.get_by_role("link", name="Dee", exact=True).tap()
    page.get_by_role("link", name="Rename…").tap()
    page.get_by_label("New name").fill("ann")
    page.get_by_role("button", name="Rename").tap()
    expect(page.locator(".field-error")).to_have_text("Ann is already another player's name. Choose a different one.")
    looked_at(page, shoot, "rename-error")
    page.get_by_label("New name").fill("Deirdre")
    page.get_by_role("button", name="Rename").tap()
    expect(page.locator(".flash")).to_have_text("Dee is now Deirdre, in every match.")

    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Import").tap()
    bad = tmp_path / "broken.json"
    document = random_document(random.Random(8), "jokerless", options={"match": "deals", "deals": 9}, unfinished=0)
    document["deals"][6]["tricks"] = [0, 0, 8]
    bad.write_text(json.dumps(document))
    page.get_by_label("Match file").set_input_files(str(bad))
    page.get_by_role("button", name="Import").tap()
    expect(page.get_by_role("alert")).to_contain_text("Deal 7: tricks add up to 8, a deal of this ruleset has 9. Nothing was imported.")
    looked_at(page, shoot, "import-error")
    document["deals"][6]["tricks"] = [0, 1, 8]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(document))
    page.get_by_label("Match file").set_input_files(str(good))
    page.get_by_role("button", name="Import").tap()
    expect(page.locator(".flash")).to_have_text("Imported 1 match.")
    expect(page.get_by_role("img", name="Running totals")).to_be_visible()


@pytest.mark.browser
@pytest.mark.parametrize("paper, size", [("A4", "(A4)"), ("Letter", "(letter)")])
def test_the_score_sheet_prints_on_one_page(page, shoot, live_app, paper, size):
    long_one = an_evening(live_app)[0]
    page.goto(f"/history/{long_one}")
    page.get_by_role("link", name="Print the score sheet (or save it as PDF)").tap()
    page.get_by_role("link", name=paper, exact=True).tap()
    expect(page.get_by_role("link", name=paper, exact=True)).to_have_attribute("aria-current", "true")
    if paper == "A4":
        looked_at(page, shoot, "sheet-screen")
    pages, page_size, text = printed(page, f"sheet-{paper.lower()}")
    assert pages == 1 and page_size.endswith(size)
    totals = json.loads(page.request.get(f"/matches/{long_one}/export.json").text())
    assert len(totals["deals"]) == 27
    assert "Ann · Bob · Cy" in text and "Classic · 27 deals" in text and "27 deals played" in text
    board = page.request.get(f"/matches/{long_one}/export.csv").text().lstrip("\ufeff").splitlines()
    last = [line.split(",") for line in board[-3:]]
    final = " ".join(row[-1] for row in last)  # the three running totals after deal 27
    assert all(total in text for total in final.split())
    assert "Winner:" in text or "Shared win:" in text
    rows = re.findall(r"^\s*(\d+)\s+(?:Ann|Bob|Cy)\s", text, re.M)
    assert rows == [str(deal) for deal in range(1, 28)]  # every deal, with its dealer


@pytest.mark.browser
def test_the_print_button_opens_the_browsers_print(page, live_app):
    long_one = an_evening(live_app)[0]
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    page.goto(f"/matches/{long_one}/sheet")
    page.get_by_role("button", name="Print / Save as PDF").tap()
    assert page.evaluate("window.printed") == 1


@pytest.mark.browser
def test_blank_sheets_for_a_power_cut(page, shoot):
    page.goto("/")
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Blank sheets").tap()
    page.get_by_label("Ruleset").select_option("jokerless")
    for seat, name in enumerate(["Ann", "Bob", "Cy"], start=1):
        page.get_by_role("textbox", name=f"Player {seat}").fill(name)
    page.get_by_label("Who deals first").select_option(label="Bob")  # by name, once typed (issue 29)
    page.get_by_label("Pages").fill("2")
    looked_at(page, shoot, "blank-form")
    page.get_by_role("button", name="Make the sheets").tap()
    expect(page.locator("article.sheet")).to_have_count(2)
    looked_at(page, shoot, "blank-screen", full_page=False)
    pages, size, text = printed(page, "blank-a4")
    assert pages == 2 and "(A4)" in size
    assert text.count("Ann · Bob · Cy") == 2 and "Sheet 1 of 2" in text and "Sheet 2 of 2" in text
    first = [line.split() for line in text.splitlines() if line.strip()[:2].strip().isdigit()]
    assert first[0][:3] == ["1", "Bob", "Cy"] and first[1][:3] == ["2", "Cy", "Ann"]
    assert text.count("BID CARDS") == 2 and "First deal of each game" in text


@pytest.mark.browser
@pytest.mark.parametrize("ruleset, paper", [("long", "letter"), ("five", "a4"), ("five", "letter"), ("two-dummy", "a4")])
def test_each_blank_sheet_fits_its_page(page, ruleset, paper):
    """The rulesets with the most columns or the longest reminders, on both papers."""
    page.goto(f"/sheets/blank?ruleset={ruleset}&pages=1&paper={paper}")
    pages, size, text = printed(page, f"blank-{ruleset}-{paper}")
    assert pages == 1 and paper in size.lower()
    assert "TRUMP" in text and "Player 1" in text


@pytest.mark.browser
def test_a_sheet_of_27_deals_in_seven_games_still_fits_letter(page, live_app):
    """The most rows a 27-deal sheet can have: a game ends every few deals (game bonuses, to 9)."""
    document = random_document(random.Random(9), "jokerless", options={"match": "game-bonus", "games_to_win": 9},
                               max_deals=27, unfinished=1)
    assert len(document["deals"]) == 27
    (match_id,) = add_matches(live_app, [document])
    page.goto(f"/matches/{match_id}/sheet?paper=letter")
    expect(page.locator(".game-end")).to_have_count(6)
    pages, size, text = printed(page, "sheet-seven-games-letter")
    assert pages == 1 and size.endswith("(letter)") and "Game bonuses" in text


@pytest.mark.browser
def test_the_blank_sheet_form_shows_a_name_field_per_player(page):
    page.goto("/sheets/blank")
    names = page.get_by_role("textbox", name=re.compile(r"^Player \d$"))
    expect(names).to_have_count(3)  # jokerless, the default
    page.get_by_label("Ruleset").select_option("five")
    expect(names).to_have_count(5)
    page.get_by_label("Ruleset").select_option("two-dummy")
    expect(names).to_have_count(2)
    page.get_by_role("textbox", name="Player 1").fill("Ann")
    page.get_by_role("button", name="Make the sheets").tap()
    expect(page.locator(".sheet-players").first).to_have_text("Ann · Player 2")
    page.get_by_role("link", name="Change").tap()
    expect(page.get_by_role("textbox", name="Player 1")).to_have_value("Ann")
    expect(page.get_by_label("Ruleset")).to_have_value("two-dummy")


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_new_screen_on_a_phone(page, shoot, live_app, scheme):
    page.emulate_media(color_scheme=scheme)
    long_one = an_evening(live_app)[0]
    for name, url in (("import", "/import"), ("rename", "/players/1/rename"), ("blank-form", "/sheets/blank"),
                      ("blank-sheet", "/sheets/blank?ruleset=four-partners&pages=1"),
                      ("sheet", f"/matches/{long_one}/sheet"), ("scoreboard-figures", f"/matches/{long_one}"),
                      ("stats-empty-filter", "/stats/?ruleset=five")):
        page.goto(url)
        looked_at(page, shoot, f"{name}-{scheme}", full_page=name not in ("sheet", "blank-sheet"))
