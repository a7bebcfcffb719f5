"""Ratings on a phone (issue 23): the ladder per kind of game, a player's rating and its chart, the
chances on the new-match form as the names are typed and on the scoreboard until deal 1, and the
rating changes on the match-over banner and the match record, in light and dark."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from browserhelpers import no_sideways_scroll, save, tricks
from playwright.sync_api import Page, expect
from recordhelpers import add_documents
from sqlalchemy import select

from scorer.core.samples import random_document
from scorer.web.data.models import Match, Player
from scorer.web.extensions import db
from scorer.web.writes import matches as match_writes
from scorer.web.writes import ratings as rating_writes

CLUB = ["Ann", "Bob", "Cy", "Di"]


def club_matches(app, count: int = 16) -> None:
    """A year of three-player matches between four friends, Ann winning most (her seat's scores
    are not rigged: the documents are random, the ratings whatever they come to)."""
    rng = random.Random(11)
    start = datetime(2026, 1, 10, 20, tzinfo=UTC)
    documents = []
    for i in range(count):
        document = random_document(rng, "jokerless", max_deals=12, unfinished=0.0, played_at=start + timedelta(days=9 * i),
                                   options={"match": "hundred", "games_to_win": 1})
        document["players"] = rng.sample(CLUB, 3)
        documents.append(document)
    add_documents(app, documents)


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_ladder_a_players_chart_and_the_chances_on_a_phone(page: Page, live_app, shoot, scheme: str):
    club_matches(live_app)
    page.emulate_media(color_scheme=scheme)
    page.goto("/stats/")
    page.get_by_role("navigation", name="Statistics").get_by_role("link", name="Ratings").tap()
    ladder = page.get_by_role("table", name=re.compile("Three players"))
    expect(ladder.get_by_role("row")).to_have_count(1 + len(CLUB))
    ratings = [int(text) for text in ladder.locator(".rating").all_inner_texts()]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) > 1
    expect(ladder.locator(".sure").first).to_have_text(re.compile(r"^(new|settling|sure)$"))
    no_sideways_scroll(page)
    shoot(f"ratings-ladder-{scheme}")

    # A period: the ladder as it stood at its end, counting the matches in it.
    page.locator(".filters summary").tap()
    page.get_by_label("Kind of game").select_option("three")
    page.get_by_role("textbox", name="From").fill("2026-01-01")
    page.get_by_role("textbox", name="To").fill("2026-02-28")
    page.get_by_role("button", name="Show").tap()
    expect(page).to_have_url(re.compile(r"kind=three&start=2026-01-01&end=2026-02-28"))
    played = [int(text) for text in page.locator(".ladder-table tbody td:nth-child(4)").all_inner_texts()]
    assert sum(played) == 3 * 6  # six matches of three players from 10 Jan to 24 Feb

    # The top player's page: the rating, how sure, and the chart of it over time.
    page.goto("/stats/ratings")
    top = ladder.get_by_role("row").nth(1).get_by_role("link")
    name = top.inner_text()
    top.tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)
    card = page.locator(".player-rating")
    expect(card.get_by_role("heading")).to_have_text("Rating")
    expect(card.locator(".rating-kinds li")).to_have_count(1)
    expect(card.locator(".rating-kinds li")).to_contain_text(re.compile(r"^Three players \d+"))
    expect(card.locator("figcaption")).to_have_text(re.compile(r"^Three players, over 1[0-9] matches$"))
    expect(card.get_by_role("img")).to_have_attribute("aria-label", re.compile(rf"^{name}'s rating, three players: "))
    assert card.locator("polyline").get_attribute("points").count(",") >= 5
    no_sideways_scroll(page)
    shoot(f"ratings-player-{scheme}", full_page=False)

    # The chances of a new match, as its players are typed; then on the scoreboard until deal 1.
    page.goto("/matches/new")
    for i, player in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(player)
    chances = page.locator("#chances")
    expect(chances.locator("li")).to_have_count(3)
    percents = [int(text.rstrip("%")) for text in chances.locator("strong").all_inner_texts()]
    assert sum(percents) == 100
    shoot(f"ratings-new-match-{scheme}", full_page=False)
    page.locator("#players-2").fill("Zed")  # someone new: rated as new, the chances change
    expect(chances.locator("li").nth(2)).to_contain_text("Zed")
    page.locator("#players-2").fill("Cy")
    page.get_by_role("button", name="Start the match").tap()
    board_chances = page.locator(".next .chances li")
    expect(board_chances).to_have_count(3)
    assert [int(t.rstrip("%")) for t in page.locator(".next .chances strong").all_inner_texts()] == percents
    shoot(f"ratings-scoreboard-start-{scheme}")


@pytest.mark.browser
def test_the_match_over_banner_and_the_record_say_what_the_match_did_to_the_ratings(page: Page, live_app, shoot):
    club_matches(live_app, 6)
    page.goto("/matches/new")
    for i, player in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#players-{i}").fill(player)
    page.locator(".options > summary").tap()
    page.get_by_role("radio", name=re.compile("^A set number of deals")).check()
    page.get_by_role("spinbutton", name="Number of deals").fill("3")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".next .chances")).to_be_visible()
    expect(page.locator(".banner-match")).to_have_count(0)
    for number in range(1, 4):
        page.get_by_role("link", name=f"Record deal {number}").tap()
        for player in ("Ann", "Bob", "Cy"):
            page.get_by_role("button", name=f"{player} bid 3", exact=True).tap()
        tricks(page, "Ann", 3)
        tricks(page, "Bob", 4)
        save(page, f"Save deal {number}")
    banner = page.locator(".banner-match")
    expect(banner).to_contain_text("Match over")
    changes = banner.locator(".rating-changes")
    expect(changes).to_have_text(re.compile(r"^Ratings: Ann \+\d+, Bob [−+±]\d+, Cy [−+±]\d+ \(the ladder\)$"))
    shoot("ratings-match-over")
    with live_app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    page.get_by_role("link", name="Chart and record").tap()
    expect(page.locator(".rating-changes")).to_have_text(changes.inner_text())
    page.goto(f"/stats/players/{ann}")
    expect(page.locator(".player-rating .rating-kinds li")).to_contain_text("last match +")


@pytest.mark.browser
def test_the_ladder_says_a_change_is_being_folded_in_and_follows_the_fold_without_a_reload(page: Page, live_app, shoot):
    """Issue 26: pages never fold. A change far back shows the stored ratings under a line saying
    they are being updated; when the catch-up stores the fold, the open ladder shows it by itself."""
    club_matches(live_app)
    live_app.config["RATINGS_CATCH_UP"] = "off"  # the catch-up is this test's to run, when it chooses
    page.goto("/stats/ratings")
    ladder = page.get_by_role("table", name=re.compile("Three players"))
    before = ladder.locator(".rating").all_inner_texts()
    with live_app.app_context():
        oldest = db.session.scalars(select(Match).order_by(Match.finished_at)).first()
        assert oldest is not None
        oldest_id, finished = oldest.id, oldest.finished_at
    with live_app.app_context():  # the site manager deletes it, from another screen
        match_writes.delete(oldest_id, by="The server")
    updating = page.locator(".ladder-updating")
    expect(updating).to_have_text(f"Updating after a change to a match of {finished.day} {finished:%b %Y}…", timeout=8000)
    assert ladder.locator(".rating").all_inner_texts() == before  # what is stored, until the fold lands
    shoot("ratings-ladder-updating")
    with live_app.app_context():
        assert rating_writes.catch_up_all() == []
    expect(updating).to_have_count(0, timeout=8000)
    expect(page.get_by_role("status")).to_contain_text("Updated")
    assert ladder.locator(".rating").all_inner_texts() != before
