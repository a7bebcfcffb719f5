"""Home screen, starting a match, the scoreboard, the match file, deleting a match."""

from __future__ import annotations

import re

from sqlalchemy import select
from webhelpers import count, match_form, post_deal, start_match, stored_match

from scorer.core import get_ruleset, make_setup, score_document
from scorer.web.data.models import Deal, Match, MatchSeat, Player
from scorer.web.extensions import db


def test_home_lists_no_match_at_first(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "No match in progress" in response.text
    assert 'href="/matches/new"' in response.text


def test_home_lists_matches_in_progress_and_finished(client, app):
    playing = start_match(client, ["Ann", "Bob", "Cy"])
    done = start_match(client, ["Di", "Ed", "Flo"], match="deals", deals="1")
    assert post_deal(client, done, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert stored_match(app, done).finished is True
    page = client.get("/").text
    in_progress, finished = page.split("Finished", 1)
    assert "Ann · Bob · Cy" in in_progress and f"/matches/{playing}" in in_progress
    assert "Di · Ed · Flo" in finished and f"/matches/{done}" in finished


def test_new_match_form_lists_every_ruleset_with_its_line(client):
    response = client.get("/matches/new")
    assert response.status_code == 200
    for ruleset in ("classic", "jokerless", "declared", "eighteen", "long", "four-solo", "four-partners",
                    "five", "two-dummy", "two-open"):
        r = get_ruleset(ruleset)
        assert f'value="{ruleset}"' in response.text
        assert r.summary.replace("'", "&#39;") in response.text
    # Three players need nothing but names: jokerless and the first player dealing are the defaults.
    assert 'value="jokerless" checked' in response.text


def test_start_a_match_stores_ruleset_every_option_and_seats(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    match = stored_match(app, match_id)
    assert match.ruleset == "jokerless"
    # Every option in force is stored, defaults included, so a new default never rescores it.
    assert match.options == make_setup("jokerless").options_json()
    assert match.first_dealer == 0
    assert match.created_at is not None and match.updated_at is not None
    page = client.get(f"/matches/{match_id}")
    assert page.status_code == 200
    assert "Record deal 1" in page.text


def test_start_a_match_with_options_and_format(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "jokerless", match="deals", deals="9",
                           first_trump="no-trump", all_trump="y", first_dealer="2",
                           trump="successes")  # not an option of jokerless: ignored
    match = stored_match(app, match_id)
    assert match.options["match"] == "deals" and match.options["deals"] == 9
    assert match.options["first_trump"] == "no-trump"
    assert match.options["no_trump_play"] == "all-trump"
    assert "trump" not in match.options
    assert match.first_dealer == 2


def test_known_players_are_reused_whatever_the_case(client, app):
    start_match(client, ["Ann", "Bob", "Cy"])
    start_match(client, ["ANN", "bob", "Di"])
    assert count(app, Player) == 4
    page = client.get("/matches/new").text
    assert '<option value="Ann">' in page  # offered for the next match


def test_names_must_differ_whatever_the_case(client, app):
    response = client.post("/matches/new", data=match_form(["Ann", "Bob", "ann"]))
    assert response.status_code == 422
    # Beside the third box, which holds the second Ann, saying which box has the first.
    assert re.search(r'id="players-2-error">\s*<p>ann is already Player 1: each player needs a different name.</p>',
                     response.text)
    assert count(app, Match) == 0 and count(app, Player) == 0


def test_at_least_two_names(client, app):
    response = client.post("/matches/new", data=match_form(["Ann"]))
    assert response.status_code == 422
    assert "Name at least two players" in response.text
    assert count(app, Match) == 0


def test_the_ruleset_must_fit_the_number_of_players(client, app):
    response = client.post("/matches/new", data=match_form(["Ann", "Bob", "Cy", "Di"], "jokerless"))
    assert response.status_code == 422
    assert "This ruleset has 3 named players, 4 given" in response.text
    assert count(app, Match) == 0 and count(app, Player) == 0


def test_a_bad_option_gets_the_cores_message(client, app):
    response = client.post("/matches/new", data=match_form(["Ann", "Bob"], "two-dummy", first_dealer="2"))
    assert response.status_code == 422
    assert "Must be a seat from 0 to 1" in response.text
    response = client.post("/matches/new", data=match_form(["Ann", "Bob", "Cy"], match="target", target="0"))
    assert response.status_code == 422
    assert count(app, Match) == 0


def test_unknown_ruleset_is_refused(client, app):
    response = client.post("/matches/new", data=match_form(["Ann", "Bob", "Cy"], "naughty-nun"))
    assert response.status_code == 422
    assert count(app, Match) == 0


def test_scoreboard_shows_the_cores_figures(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, "D S C", "hidden"], [4, 2, 3], {0: "declare"}).status_code == 303
    page = client.get(f"/matches/{match_id}").text
    scored = score_document({"ruleset": "jokerless", "players": ["Ann", "Bob", "Cy"],
                             "deals": [{"bids": [4, ["D", "S", "C"], None], "tricks": [4, 2, 3],
                                        "premiums": [{"seat": 0, "kind": "declare"}]}]})["scored"]
    assert scored["deals"][0]["points"] == [64, 2, 3]
    assert 'aria-label="64 points"' in page
    assert "+64" in page and "declared" in page
    assert "Record deal 2" in page
    # Next: Bob deals, Cy leads, trump by successes (one made: spades).
    assert scored["next"]["trump"] == "spades"
    assert "Spades" in page


def test_unknown_match_is_404(client):
    assert client.get("/matches/99").status_code == 404
    assert client.get("/matches/99/deals/new").status_code == 404


def test_match_file_is_the_match_document(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    response = client.get(f"/matches/{match_id}/export.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["format"] == "ninety-nine/1" and doc["players"] == ["Ann", "Bob", "Cy"]
    assert doc["deals"] == [{"bids": [4, 1, 2], "tricks": [4, 2, 3], "premiums": [], "played_trump": "diamonds"}]
    assert "scored" in score_document(doc)


def test_delete_a_match_asks_first(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    page = client.get(f"/matches/{match_id}/delete")
    assert page.status_code == 200 and "Delete this match?" in page.text
    assert count(app, Match) == 1  # asking deletes nothing
    response = client.post(f"/matches/{match_id}/delete")
    assert response.status_code == 302
    # Kept on Recently deleted (records/deleted.py), out of the home page, for 30 days.
    assert count(app, Match) == 1 and count(app, MatchSeat) == 3
    assert f"/matches/{match_id}" not in client.get("/").text
    assert count(app, Player) == 3  # the players stay known


def test_a_match_changed_behind_the_apps_back_names_the_broken_deal(client, app):
    """Deals are checked before they are stored; if the database is edited by hand so that one no
    longer passes, every page of the match says which deal and field, and nothing crashes blankly."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    with app.app_context():
        deal = db.session.scalars(select(Deal).where(Deal.match_id == match_id)).one()
        deal.tricks = [4, 2, 2]
        db.session.commit()
    for page in (f"/matches/{match_id}", f"/history/{match_id}", f"/matches/{match_id}/sheet"):
        response = client.get(page)
        assert response.status_code == 500, page
        assert "This match cannot be scored" in response.text
        assert "deal 1: tricks add up to 8, a deal of this ruleset has 9" in response.text


def test_a_deleted_match_answers_none_of_its_pages(client):
    """Issue 32: a deleted match still answered its cards page and its share page; every page of a
    match goes through ``policy/readers``, which answers 404 for a deleted one."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="5")
    assert post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    pages = [f"/matches/{match_id}", f"/matches/{match_id}/deals/1/cards", f"/matches/{match_id}/share",
             f"/matches/{match_id}/join", f"/screen/{match_id}"]
    assert [client.get(page).status_code for page in pages] == [200, 200, 200, 303, 200]  # the join: kept already
    assert client.post(f"/matches/{match_id}/delete").status_code in (302, 303)
    assert [client.get(page).status_code for page in pages] == [404] * len(pages)
