"""History: newest first, pages, filters by player, ruleset, date and state; the full record of a
match with its chart; deleting from there."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

from recordhelpers import add_documents, play_known_match, sample
from sqlalchemy import select
from webhelpers import count, start_match

from scorer.web.data.models import Match, MatchSeat, Player
from scorer.web.extensions import db
from scorer.web.records import history

START = datetime(2026, 1, 5, 19, 30, tzinfo=UTC)


def listed(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'href="/history/(\d+)"', html)]


def test_history_lists_finished_and_unfinished_newest_first(client, app):
    docs = [sample(i, "jokerless", played_at=START + timedelta(days=i), unfinished=0, max_deals=3)
            for i in range(3)]
    ids = add_documents(app, docs)
    playing = start_match(client, ["Ann", "Bob", "Cy"])  # today: the newest
    page = client.get("/history/")
    assert page.status_code == 200
    assert listed(page.text) == [playing, ids[2], ids[1], ids[0]]
    assert "4 matches, newest first" in page.text
    assert "Unfinished" in page.text and "Finished" in page.text
    assert "6 Jan 2026, 19:30" in page.text


def test_history_pages(client, app):
    ids = add_documents(app, [sample(i, "two-open", played_at=START + timedelta(hours=i), max_deals=1)
                              for i in range(23)])
    first = client.get("/history/").text
    assert listed(first) == ids[::-1][:20]
    assert "page 1 of 2" in first and 'rel="next"' in first and 'rel="prev"' not in first
    second = client.get("/history/?page=2").text
    assert listed(second) == ids[::-1][20:] and 'rel="prev"' in second
    assert listed(client.get("/history/?page=9").text) == []


def test_history_counts_only_up_to_a_bound(client, app, monkeypatch):
    """Past COUNT_UP_TO matches the list says "more than" and still pages on: counting every
    match on each visit would slow the page down as the history grows."""
    from scorer.web.records import history
    monkeypatch.setattr(history, "COUNT_UP_TO", 21)
    ids = add_documents(app, [sample(i, "two-open", played_at=START + timedelta(hours=i), max_deals=1)
                              for i in range(45)])
    first = client.get("/history/").text
    assert "More than 21 matches, newest first · page 1" in first and "page 1 of" not in first
    assert listed(first) == ids[::-1][:20] and 'rel="next"' in first
    last = client.get("/history/?page=3").text
    assert listed(last) == ids[::-1][40:] and 'rel="next"' not in last and 'rel="prev"' in last
    monkeypatch.setattr(history, "COUNT_UP_TO", 45)
    assert "45 matches, newest first · page 1 of 3" in client.get("/history/").text


def test_history_filters_by_player_ruleset_date_and_state(client, app):
    docs = [
        sample(1, "jokerless", played_at=datetime(2026, 2, 1, 20, tzinfo=UTC), unfinished=0),
        sample(2, "classic", played_at=datetime(2026, 2, 8, 20, tzinfo=UTC), unfinished=0),
        sample(3, "jokerless", played_at=datetime(2026, 2, 15, 20, tzinfo=UTC), unfinished=1, max_deals=1),
    ]
    docs[0]["players"] = ["Ann", "Bob", "Cy"]
    docs[1]["players"] = ["Di", "Bob", "Ed"]
    docs[2]["players"] = ["Ann", "Flo", "Gus"]
    a, b, c = add_documents(app, docs)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    assert listed(client.get(f"/history/?player={ann}").text) == [c, a]
    assert listed(client.get("/history/?ruleset=classic").text) == [b]
    assert listed(client.get("/history/?start=2026-02-08&end=2026-02-08").text) == [b]
    assert listed(client.get("/history/?start=2026-02-09").text) == [c]
    assert listed(client.get("/history/?state=unfinished").text) == [c]
    assert listed(client.get(f"/history/?player={ann}&state=finished&ruleset=jokerless").text) == [a]
    narrowed = client.get(f"/history/?player={ann}&ruleset=jokerless&page=1").text
    assert 'name="player"' in narrowed and f'<option selected value="{ann}">Ann</option>' in narrowed
    assert "No match fits these filters." in client.get("/history/?ruleset=five").text


def test_history_says_what_is_wrong_with_a_filter(client, app):
    add_documents(app, [sample(1, "jokerless", max_deals=2)])
    response = client.get("/history/?start=21/11/2026&player=abc")
    assert response.status_code == 422
    assert "Write the date as year-month-day, e.g. 2026-11-21." in response.text
    assert len(listed(response.text)) == 1  # the bad filters are left out, not applied


def test_empty_history_points_to_new_match_and_import(client):
    page = client.get("/history/").text
    assert "No matches yet." in page and 'href="/matches/new"' in page and 'href="/import"' in page


def test_the_record_of_a_match_has_chart_figures_and_every_deal(client, app):
    match_id = play_known_match(client)
    page = client.get(f"/history/{match_id}")
    assert page.status_code == 200
    html = page.text
    assert "Ann · Bob · Cy" in html and "Jokerless" in html
    svg = html[html.index("<svg viewBox"):html.index("</svg>")]
    # One line per player per game: game 1 only (game 2 has no deal yet); 3 deals + the start at 0.
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 3 and all(len(points.split()) == 4 for points in lines)
    assert 'role="img"' in html and "Game 1 stands at Ann 68; Bob 39; Cy 110." in html
    assert ">game to 100</text>" in svg  # the line a game is played to
    assert 'id="deal-3"' in html and "This match, player by player" in html
    for link in (f"/matches/{match_id}/sheet", f"/matches/{match_id}/export.json", f"/matches/{match_id}/export.csv",
                 f"/matches/{match_id}", f"/matches/{match_id}/changes"):
        assert f'href="{link}"' in html
    # Deleting is the scorekeepers', on the scoreboard: the record (read by everyone, and without
    # the scorekeeper's cookie, which travels only to /matches/<id>) offers no button that would 403.
    assert f'href="/matches/{match_id}/delete"' not in html
    assert client.get("/history/999").status_code == 404


def test_the_chart_starts_each_game_at_zero(client, app):
    doc = sample(4, "jokerless", options={"match": "hundred", "games_to_win": 2}, unfinished=0)
    (match_id,) = add_documents(app, [doc])
    html = client.get(f"/history/{match_id}").text
    games = len(re.findall(r'class="game-start"', html)) + 1
    assert games >= 2 and f"Game {games}" in html
    assert len(re.findall(r"<polyline points=", html[:html.index("chart-legend")])) == 3 * games


def test_delete_a_match_from_its_record(client, app):
    match_id = play_known_match(client)
    ask = client.get(f"/matches/{match_id}/delete")
    assert ask.status_code == 200 and "Delete this match?" in ask.text
    assert count(app, Match) == 1
    assert client.post(f"/matches/{match_id}/delete").status_code == 302
    assert count(app, Match) == 1  # on Recently deleted for 30 days (test_changes.py)
    assert listed(client.get("/history/").text) == []


def test_nav_links_on_every_page(client):
    page = client.get("/").text
    for link in ('href="/history/"', 'href="/stats/"', 'href="/import"', 'href="/sheets/blank"'):
        assert link in page
    assert 'href="/history/" aria-current="page"' in client.get("/history/").text


def test_a_players_history_is_newest_first_in_pages_and_dates(client, app, monkeypatch):
    """Read through the player's seats (each carries its match's date): the same matches, in the
    same order, as the whole history holds for that player, page by page and within dates."""
    monkeypatch.setattr(history, "PER_PAGE", 3)
    rng = random.Random(5)
    docs = []
    for number in range(14):
        played = datetime(2026, 1, 1, 20, tzinfo=UTC) + timedelta(days=rng.randrange(200), minutes=number)
        doc = sample(100 + number, "jokerless", played_at=played, unfinished=0, max_deals=2)
        doc["players"] = ["Ann", "Bob", "Cy"] if number % 3 else ["Di", "Bob", "Ed"]
        docs.append(doc)
    ids = add_documents(app, docs)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
        newest_first = [match_id for _, match_id in sorted(
            ((doc["played_at"], match_id) for doc, match_id in zip(docs, ids, strict=True) if "Ann" in doc["players"]),
            reverse=True)]
    pages = []
    for number in range(1, 5):
        pages += listed(client.get(f"/history/?player={ann}&page={number}").text)
    assert pages == newest_first
    inside = [match_id for doc, match_id in zip(docs, ids, strict=True)
              if "Ann" in doc["players"] and "2026-03-01" <= doc["played_at"][:10] <= "2026-05-31"]
    found = []
    for number in range(1, 5):
        found += listed(client.get(f"/history/?player={ann}&start=2026-03-01&end=2026-05-31&page={number}").text)
    assert sorted(found) == sorted(inside) and found == [m for m in newest_first if m in inside]


def test_every_seat_carries_its_matchs_date_and_check_compares_them(client, app):
    from scorer.web.data import results
    from scorer.web.records import check
    played = start_match(client, ["Ann", "Bob", "Cy"])
    (imported,) = add_documents(app, [sample(7, "classic", played_at=datetime(2025, 6, 1, 19, tzinfo=UTC), unfinished=0)])
    with app.app_context():
        for match in db.session.scalars(select(Match)):
            assert all(results.comparable(seat.match_created_at) == results.comparable(match.created_at)
                       for seat in match.seats), match.id
        assert check.check_all()[1] == []
        seat = db.session.scalars(select(MatchSeat).where(MatchSeat.match_id == imported)).first()
        seat.match_created_at = datetime(2020, 1, 1, tzinfo=UTC)
        db.session.commit()
        problems = check.check_all()[1]
    assert len(problems) == 1 and "copy of the match's date" in problems[0], problems
    assert played
