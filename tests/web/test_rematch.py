"""Rematch: the match-over screen starts a new match with the same players, seats, ruleset and
options, the next dealer in turn, kept by the phone that asked."""

from __future__ import annotations

import re

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


def test_two_scorekeepers_pressing_rematch_start_one_match_and_everyone_is_shown_the_way(client, app):
    """Issue 22: with two scorekeepers, each tap on Rematch started a match of its own. A finished
    match has one rematch: the second tap joins it (as a scorekeeper), and every phone on the old
    match, watchers included, is shown the way to it, even after a reload."""
    old = finished_match(client)
    second, watcher = app.test_client(), app.test_client()
    # The second phone is made a scorekeeper by the first one's "Keep score too" invite.
    share = client.get(f"/matches/{old}/share").text
    link = re.search(r'href="http://localhost(/matches/\d+/join\?invite=[^"]+)"', share)
    assert link
    invite = re.search(r'name="invite" value="([^"]+)"', second.get(link.group(1).replace("&amp;", "&")).text)
    assert invite and second.post(f"/matches/{old}/join", data={"invite": invite.group(1)}).status_code == 303
    tag = client.get(f"/matches/{old}/version").headers["ETag"]
    first = client.post(f"/matches/{old}/rematch")
    again = second.post(f"/matches/{old}/rematch")
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    new = int(first.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == 2  # the old one and one rematch
        assert db.session.get_one(Match, old).rematch_id == new
    assert keepers(app, new) == 2  # both phones keep the rematch's score
    board = second.get(f"/matches/{new}").text
    assert "Record deal 1" in board and "started from another phone; this phone keeps its score too" in board
    # The old match's tag moved (live boards fetch it again), and every phone is shown the way.
    assert client.get(f"/matches/{old}/version").headers["ETag"] != tag
    for phone in (client, second):  # the scorekeepers: a button that takes them there, keeping its score
        page = phone.get(f"/matches/{old}").text
        assert ">Go to the rematch</button>" in page and ">Rematch</button>" not in page
    page = watcher.get(f"/matches/{old}").text
    assert f'href="/matches/{new}">Go to the rematch</a>' in page and "/rematch" not in page
    # Pressed again by a phone that keeps the rematch already: it goes there, and is still one keeper.
    for phone in (client, second):
        assert phone.post(f"/matches/{old}/rematch").headers["Location"].endswith(f"/matches/{new}")
        assert "Record deal 1" in phone.get(f"/matches/{new}").text
    assert keepers(app, new) == 2


def test_a_deleted_rematch_can_be_started_again(client, app):
    old = finished_match(client)
    new = int(client.post(f"/matches/{old}/rematch").headers["Location"].rsplit("/", 1)[1])
    ask = client.get(f"/matches/{new}/delete")
    assert ask.status_code == 200
    assert client.post(f"/matches/{new}/delete").status_code in (302, 303)
    assert "Go to the rematch" not in client.get(f"/matches/{old}").text
    another = int(client.post(f"/matches/{old}/rematch").headers["Location"].rsplit("/", 1)[1])
    assert another not in (old, new)


def test_a_scorekeeper_revoked_from_the_rematch_is_told_so_and_keeps_no_score(client, app):
    """Issue 27's probe: a scorekeeper revoked from the rematch who pressed Rematch again was told
    "this phone keeps its score too", which it did not. It is told it watches, and why."""
    old = finished_match(client)
    second = app.test_client()
    share = client.get(f"/matches/{old}/share").text
    link = re.search(r'href="http://localhost(/matches/\d+/join\?invite=[^"]+)"', share)
    assert link
    invite = re.search(r'name="invite" value="([^"]+)"', second.get(link.group(1).replace("&amp;", "&")).text)
    assert invite and second.post(f"/matches/{old}/join", data={"invite": invite.group(1)}).status_code == 303
    new = int(client.post(f"/matches/{old}/rematch").headers["Location"].rsplit("/", 1)[1])
    assert second.post(f"/matches/{old}/rematch").status_code == 303  # the second phone keeps it too
    with app.app_context():
        mine = db.session.scalars(select(MatchKeeper).where(MatchKeeper.match_id == new).order_by(MatchKeeper.id)).all()
        assert len(mine) == 2
        theirs = mine[1].id
    assert client.post(f"/matches/{new}/keepers/{theirs}/revoke").status_code == 303
    # The old board no longer offers the revoked phone a button that would make it a scorekeeper.
    page = second.get(f"/matches/{old}").text
    assert ">Go to the rematch</button>" not in page and "took this phone off its scorekeepers" in page
    pressed = second.post(f"/matches/{old}/rematch")
    assert pressed.status_code == 303 and pressed.headers["Location"].endswith(f"/matches/{new}")
    assert "ninety-nine-keeper" not in pressed.headers.get("Set-Cookie", "")
    board = second.get(f"/matches/{new}").text
    assert "keeps its score too" not in board and "took this phone off its scorekeepers, so this phone watches it" in board
    assert "You are watching" in board and keepers(app, new) == 2  # no keeper added, none revived
