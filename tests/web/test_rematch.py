"""Rematch: the match-over screen starts a new match with the same players, seats, ruleset and
options, the next dealer in turn, kept by the phone that asked."""

from __future__ import annotations

from sqlalchemy import func, select
from webhelpers import csrf_token, post_deal, start_match

from scorer.web.data.models import Match, MatchKeeper
from scorer.web.extensions import db


def finished_match(client, **extra) -> int:
    """Ann, Bob and Cy, Bob dealing first, two deals: over."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"], first_dealer="1", match="deals", deals="2", **extra)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
    return match_id


def keepers(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(MatchKeeper).where(MatchKeeper.match_id == match_id))


def test_rematch_starts_the_same_match_with_the_next_dealer(client, app):
    old = finished_match(client)
    page = client.get(f"/matches/{old}").text
    assert f'action="/matches/{old}/rematch"' in page
    # Bob dealt deal 1 and Cy deal 2: Ann deals next, and the button says so.
    assert "Ann deals first" in page
    answer = client.post(f"/matches/{old}/rematch")
    assert answer.status_code == 303
    new = int(answer.headers["Location"].rsplit("/", 1)[1])
    assert new != old
    with app.app_context():
        before, after = db.session.get_one(Match, old), db.session.get_one(Match, new)
        assert after.ruleset == before.ruleset and after.options == before.options
        assert [(s.seat, s.player_id) for s in after.seats] == [(s.seat, s.player_id) for s in before.seats]
        assert after.player_names == ["Ann", "Bob", "Cy"]
        assert after.first_dealer == 0 and not after.finished and after.deals == []
    # The phone that pressed keeps the new match's score: its board offers Record deal 1.
    assert keepers(app, new) == 1
    board = client.get(f"/matches/{new}").text
    assert "Record deal 1" in board and "A rematch: Ann deals first." in board


def test_rematch_keeps_the_apps_cards_with_a_new_seed(client, app):
    old = finished_match(client, cards="app", seed="7")
    answer = client.post(f"/matches/{old}/rematch")
    assert answer.status_code == 303
    new = int(answer.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        match = db.session.get_one(Match, new)
        assert match.cards == "app" and match.seed not in (None, 7)
        assert [row.number for row in match.dealt] == [1]  # deal 1 is dealt by the rematch's POST


def test_no_rematch_before_the_match_is_over(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="2")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert "/rematch" not in client.get(f"/matches/{match_id}").text
    answer = client.post(f"/matches/{match_id}/rematch")
    assert answer.status_code == 409 and "not over yet" in answer.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == 1


def test_a_watcher_sees_no_rematch_button(client, app):
    old = finished_match(client)
    watcher = app.test_client()
    page = watcher.get(f"/matches/{old}").text
    assert "Match over" in page and "/rematch" not in page and "Rematch" not in page


def test_rematch_needs_the_csrf_token(csrf_client, csrf_app):
    token = csrf_token(csrf_client.get("/matches/new").text)
    match_id = start_match(csrf_client, ["Ann", "Bob", "Cy"], match="deals", deals="1", csrf_token=token)
    assert post_deal(csrf_client, match_id, 1, [4, 1, 2], [4, 2, 3], csrf_token=token).status_code == 303
    assert csrf_client.post(f"/matches/{match_id}/rematch").status_code == 400
    page = csrf_client.get(f"/matches/{match_id}").text
    assert csrf_client.post(f"/matches/{match_id}/rematch", data={"csrf_token": csrf_token(page)}).status_code == 303
