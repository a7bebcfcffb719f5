"""The home page shows what the table needs, never the whole database: the matches in progress
most recently played (20), the last few finished, a link to history; each match's standing read
from the results cache agrees with its scoreboard."""

from __future__ import annotations

import re

from recordhelpers import add_documents, sample
from sqlalchemy import select
from webhelpers import post_deal, start_match

from scorer.web.data import documents
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.play import home
from scorer.web.presentation import scoreboard


def test_each_standing_is_the_scoreboards_current_game(app):
    docs = [sample(seed, ruleset, max_deals=14, unfinished=1)
            for seed, ruleset in enumerate(("jokerless", "four-partners", "two-dummy", "classic", "five", "eighteen") * 3)]
    add_documents(app, docs)
    with app.app_context():
        matches = list(db.session.scalars(select(Match)))
        found = home.standings(matches)
        between = playing = 0
        for match in matches:
            board = scoreboard.build(match, documents.score(match))
            standing = found[match.id]
            assert standing.deals == len(match.deals)
            if board.current_game is not None:
                playing += 1
                assert (standing.game, standing.totals) == (board.current_game.number, board.current_game.totals)
            elif not board.finished:
                between += 1
                assert standing.totals is None and board.next is not None and standing.game == board.next.game
    assert playing > 0


def test_a_new_match_is_about_to_start_game_one(client):
    start_match(client, ["Ann", "Bob", "Cy"])
    assert "Game 1 about to start" in client.get("/").text


def test_home_lists_the_latest_twenty_in_progress_and_five_finished(client, app):
    ids = [start_match(client, [f"P{i}a", f"P{i}b", f"P{i}c"]) for i in range(22)]
    done = [start_match(client, [f"D{i}a", f"D{i}b", f"D{i}c"], match="deals", deals="1") for i in range(7)]
    for match_id in done:
        assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert post_deal(client, ids[0], 1, [0, 0, 0], [3, 3, 3]).status_code == 303  # the latest played
    page = client.get("/").text
    in_progress, finished = page.split(">Finished<", 1)
    shown = [int(n) for n in re.findall(r'href="/matches/(\d+)"', in_progress)]
    assert shown[0] == ids[0] and len(shown) == home.IN_PROGRESS
    assert set(shown) == {ids[0], *ids[-19:]}  # the oldest two wait in history
    assert 'href="/history/?state=unfinished"' in in_progress
    assert [int(n) for n in re.findall(r'href="/matches/(\d+)"', finished)] == done[::-1][:home.FINISHED]
    assert 'href="/history/"' in finished
    assert "1 deal played" in in_progress and "P0a <strong>3</strong>" in in_progress  # a trick each: 3 points


def test_the_plain_http_note_is_for_whoever_runs_the_server(app):
    """Issue 34: the phones' note told players to run `make run HTTPS=1`. The server's owner is told
    on the server machine's home page, over plain HTTP only; a phone's home page never says it."""
    from webhelpers import phone
    server = app.test_client()
    note = "start it with make run HTTPS=1"
    assert note in server.get("/").text
    assert note not in server.get("/", base_url="https://localhost").text
    assert note not in phone(app, "192.168.1.40").get("/").text
