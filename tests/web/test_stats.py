"""Statistics: figures per player and per match from the results cache, worked by hand; the
cache kept in step with every save, edit, delete and import; filters; rename; rebuild."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from recordhelpers import add_documents, play_known_match, sample
from sqlalchemy import select
from webhelpers import post_deal, start_match

from scorer.web.data import figures as read
from scorer.web.data.models import MatchResult, Player, SeatResult
from scorer.web.extensions import db
from scorer.web.writes import maintenance


def figures_of(app, scope=None):
    with app.app_context():
        return {f.name: f for f in read.everyone(scope or read.Scope())}


def cache_rows(app):
    with app.app_context():
        seats = [tuple(row) for row in db.session.execute(select(SeatResult.__table__).order_by("match_id", "deal", "seat"))]
        matches = [tuple(row) for row in db.session.execute(select(MatchResult.__table__).order_by("match_id", "seat"))]
        return seats, matches


def test_figures_of_a_match_worked_by_hand(client, app):
    play_known_match(client)
    f = figures_of(app)
    ann, bob, cy = f["Ann"], f["Bob"], f["Cy"]
    assert (ann.deals, ann.made, bob.made, cy.made) == (3, 2, 2, 2)
    assert ann.made_rate == pytest.approx(2 / 3)
    assert ann.average_bid == pytest.approx(7 / 3) and bob.average_bid == pytest.approx(10 / 3)
    assert cy.shown == 2 and cy.average_bid == pytest.approx(3.5)  # the hidden bid is not averaged
    # Tricks against the bid: Ann 0, 0, +1; Bob 0, 0, −1; Cy 0, 0.
    assert ann.average_over == pytest.approx(1 / 3) and bob.average_over == pytest.approx(-1 / 3)
    assert cy.average_over == pytest.approx(0)
    assert (ann.best, bob.best, cy.best) == (54, 22, 94)
    assert (ann.declared, ann.declared_made, ann.revealed) == (1, 1, 0)
    assert (cy.revealed, cy.revealed_made, cy.declared) == (1, 1, 0)
    assert (ann.longest_run, bob.longest_run, cy.longest_run) == (2, 2, 2)
    # The match goes on (first to three games): played, not finished; Cy won game 1.
    assert (cy.matches, cy.finished, cy.won, cy.games, cy.games_won) == (1, 0, 0, 1, 1)
    assert (ann.games, ann.games_won) == (1, 0)


def match_figures(app, match_id):
    with app.app_context():
        from scorer.web.data.models import Match
        return {f.name: f for f in read.match_figures(db.session.get(Match, match_id))}


def test_the_scoreboard_shows_who_is_on_a_run(client, app):
    match_id = play_known_match(client)  # Cy made deals 2 and 3, which ended game 1
    for number, took in ((4, [3, 3, 3]), (5, [3, 3, 3])):
        assert post_deal(client, match_id, number, [3, 3, 3], took).status_code == 303
    figures = match_figures(app, match_id)
    # A run starts afresh with each game, as the core's streaks do (DECISIONS 20): not 4 but 2.
    assert (figures["Cy"].current_run, figures["Ann"].current_run, figures["Bob"].current_run) == (2, 2, 2)
    assert figures["Cy"].longest_run == 2
    assert '<tr class="on-a-run">' not in client.get(f"/matches/{match_id}").text
    # Deal 6: only Cy makes the bid, a third in a row in game 2.
    assert post_deal(client, match_id, 6, [3, 3, 3], [2, 4, 3]).status_code == 303
    figures = match_figures(app, match_id)
    assert (figures["Cy"].current_run, figures["Ann"].current_run, figures["Bob"].current_run) == (3, 0, 0)
    assert figures["Cy"].longest_run == 3
    page = client.get(f"/matches/{match_id}").text
    assert "This match, player by player" in page
    row = re.search(r'<tr class="on-a-run">\s*<th scope="row"><span class="clamp" title="Cy"><span class="word">Cy</span></span></th>.*?</tr>', page, re.S)
    assert row and '<strong class="streak">3<' in row.group(0) and "in a row: on a streak" in row.group(0)
    assert "6/6" not in page and "5/6" in page  # Cy made 5 of 6


def test_bids_by_size_and_head_to_head(client, app):
    play_known_match(client)
    done = start_match(client, ["Ann", "Bob", "Dee"], match="deals", deals="1")
    assert post_deal(client, done, 1, [9, 0, 0], [9, 0, 0]).status_code == 303  # all made: Ann 19 wins
    with app.app_context():
        ann = db.session.scalar(select(Player).where(Player.name == "Ann"))
        table = {row.size: (row.bids, row.made) for row in read.by_bid(read.Scope(), ann.id)}
        rivals = {r.name: r for r in read.head_to_head(read.Scope(), ann.id)}
    assert table[4] == (1, 1) and table[3] == (1, 1) and table[0] == (1, 0) and table[9] == (1, 1)
    assert table[5] == (0, 0) and None not in table  # Ann never hid a bid
    assert set(rivals) == {"Bob", "Dee"}  # only finished matches count; Cy's is not
    assert (rivals["Bob"].together, rivals["Bob"].ahead, rivals["Bob"].behind) == (1, 1, 0)
    page = client.get(f"/stats/players/{ann.id}").text
    assert "Head to head" in page and "Bids made by size" in page
    assert "54 points" in page  # the best deal, with a link to it
    assert '/history/' in page and "#deal-1" in page


def test_four_partners_share_wins_and_keep_side_points_out_of_best_deal(app):
    doc = sample(11, "four-partners", options={"match": "deals", "deals": 3}, unfinished=0)
    add_documents(app, [doc])
    f = figures_of(app)
    names = doc["players"]
    with app.app_context():
        winners = db.session.scalars(select(MatchResult.seat).where(MatchResult.won.is_(True))).all()
    sides = {seat % 2 for seat in winners}
    for seat in winners:  # both partners of a winning side count the win
        assert f[names[seat]].won == 1 and f[names[(seat + 2) % 4]].won == 1
    assert len(sides) >= 1 and all(f[name].best is None for name in names)
    with app.app_context():
        rivals = {r.name: r for r in read.head_to_head(read.Scope(), db.session.scalar(
            select(Player.id).where(Player.name == names[0])))}
    assert rivals[names[2]].partners == 1 and rivals[names[1]].partners == 0


def test_the_dummy_is_in_no_figure(app):
    doc = sample(12, "two-dummy", max_deals=6, unfinished=0)
    add_documents(app, [doc])
    assert set(figures_of(app)) == set(doc["players"])
    with app.app_context():
        dummy_rows = db.session.scalars(select(SeatResult).where(SeatResult.seat == 2)).all()
    assert dummy_rows and all(row.player_id is None for row in dummy_rows)


def test_the_cache_follows_every_edit_and_delete(client, app):
    match_id = play_known_match(client)
    # Edit deal 1: Bob now fails. Then delete deal 3.
    assert client.post(f"/matches/{match_id}/deals/1/edit", data={
        "number": "1", "seats-0-bid": "4", "seats-0-tricks": "4", "seats-0-offer": "declare",
        "seats-1-bid": "1", "seats-1-tricks": "2", "seats-1-offer": "",
        "seats-2-bid": "hidden", "seats-2-tricks": "3", "seats-2-offer": ""}).status_code == 303
    assert client.post(f"/matches/{match_id}/deals/3/delete").status_code == 303
    kept = cache_rows(app)
    with app.app_context():
        done, problems = maintenance.rebuild_all()
    assert (done, problems) == (1, [])
    assert cache_rows(app) == kept  # what each save wrote is what a rebuild writes
    f = figures_of(app)
    assert f["Bob"].made == 1 and f["Ann"].best == 64  # sole success now: 4 + 30 + 30
    assert f["Ann"].deals == 2


def test_deleting_a_match_deletes_its_figures(client, app):
    match_id = play_known_match(client)
    assert client.post(f"/matches/{match_id}/delete").status_code == 302
    assert cache_rows(app) == ([], [])
    assert figures_of(app) == {}


def test_stats_pages_filter_by_ruleset_and_period(client, app):
    early = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    late = datetime(2026, 9, 1, 20, 0, tzinfo=UTC)
    spring, autumn = sample(1, "jokerless", played_at=early, unfinished=0), sample(2, "classic", played_at=late, unfinished=0)
    add_documents(app, [spring, autumn])

    def listed(url):
        return set(re.findall(r'<th scope="row"><a href="[^"]+" title="([^"]+)">', client.get(url).text))

    assert listed("/stats/") == set(spring["players"]) | set(autumn["players"])
    assert listed("/stats/?ruleset=jokerless") == set(spring["players"])
    assert listed("/stats/?start=2026-06-01&end=2026-12-31") == set(autumn["players"])
    assert listed("/stats/?end=2026-03-01") == set(spring["players"])  # the end day is included
    assert listed("/stats/?ruleset=classic&end=2026-06-01") == set()
    bad = client.get("/stats/?start=yesterday")
    assert bad.status_code == 422 and "Write the date as year-month-day" in bad.text
    backwards = client.get("/stats/?start=2026-06-01&end=2026-01-01")
    assert backwards.status_code == 422 and "The end date is before the start date." in backwards.text
    assert client.get("/stats/?ruleset=no-such").status_code == 422


def test_player_page_without_deals_and_unknown_player(client, app):
    start_match(client, ["Ann", "Bob", "Cy"])
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    assert "Ann has no deals recorded yet." in client.get(f"/stats/players/{ann}").text
    assert client.get("/stats/players/999").status_code == 404
    assert "No deals recorded yet" in client.get("/stats/").text


def test_rename_a_player_everywhere(client, app):
    match_id = play_known_match(client)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    form = client.get(f"/players/{ann}/rename")
    assert form.status_code == 200 and 'value="Ann"' in form.text
    response = client.post(f"/players/{ann}/rename", data={"name": "  Annie   May "})
    assert response.status_code == 303
    assert "Ann is now Annie May, in every match." in client.get(response.headers["Location"]).text
    assert "Annie May · Bob · Cy" in client.get(f"/matches/{match_id}").text
    assert "Annie May" in client.get("/history/").text
    assert client.get(f"/matches/{match_id}/export.json").json["players"][0] == "Annie May"


@pytest.mark.parametrize("name, message", [
    ("bob", "Bob is already another player&#39;s name. Choose a different one."),
    ("   ", "Type the new name."),
    ("x" * 41, "Keep names to 40 letters."),
])
def test_rename_refuses_a_name_taken_or_empty(client, app, name, message):
    play_known_match(client)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    response = client.post(f"/players/{ann}/rename", data={"name": name})
    assert response.status_code == 422 and message in response.text
    with app.app_context():
        assert db.session.get(Player, ann).name == "Ann"


def test_rename_may_change_only_the_case(client, app):
    play_known_match(client)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    assert client.post(f"/players/{ann}/rename", data={"name": "ANN"}).status_code == 303
    with app.app_context():
        assert db.session.get(Player, ann).name == "ANN"


def test_rename_needs_the_csrf_token(csrf_client, csrf_app):
    with csrf_app.app_context():
        db.session.add(Player(name="Ann", name_key="ann"))
        db.session.commit()
    assert csrf_client.post("/players/1/rename", data={"name": "Bea"}).status_code in (400, 422)
    with csrf_app.app_context():
        assert db.session.get(Player, 1).name == "Ann"


def test_rebuild_command(client, app):
    play_known_match(client)
    kept = cache_rows(app)
    with app.app_context():
        db.session.execute(SeatResult.__table__.delete())
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["stats", "rebuild"])
    assert result.exit_code == 0 and "Statistics and ratings rebuilt for 1 match." in result.output
    assert cache_rows(app) == kept
