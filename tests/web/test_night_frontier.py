"""The night's frontier (issue 32): what a club night has published is stored, only moves forward,
and cannot be moved back by anyone at the night: a table's own scorekeeper who deletes and
restores it, a table that finishes early and reopens, an organiser who closes every table to read
the sheet, a table that joins late.

The night of most tests: a set of three Classic deals made by B's scorekeeper's phone (the
organiser plays too); table A (Ann, Bob, Cy) has recorded deals 1 and 2, table B (Dee, Eve, Fay)
deal 1, both joined with the table code before play. Deal 2 at A is unpublished: Ann declared and
made 4 (44 points).
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from cardhelpers import dealt, join_set, new_set, set_code, started_before
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webhelpers import deal_form, phone, post_deal, post_form, post_undo, start_match, without_tokens

from scorer.web.data.models import Change, DealSet, Match, RatingStep, SetTable
from scorer.web.extensions import db
from scorer.web.serving import kept_pages

A_NAMES, B_NAMES, C_NAMES = ["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]



@pytest.fixture
def night(app) -> dict[str, Any]:
    keeper_b, keeper_a = phone(app, "192.168.1.6"), phone(app, "192.168.1.7")
    set_id = new_set(keeper_b)  # B's scorekeeper organises the night, and plays
    a, b = join_set(keeper_a, A_NAMES, set_id), join_set(keeper_b, B_NAMES, set_id)
    assert post_deal(keeper_a, a, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert post_deal(keeper_b, b, 1, ["hidden"] * 3, [2, 4, 3]).status_code == 303
    assert post_deal(keeper_a, a, 2, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    return {"app": app, "set": set_id, "a": a, "b": b, "keeper_a": keeper_a, "keeper_b": keeper_b,
            "organiser": keeper_b, "stranger": phone(app, "203.0.113.9"), "server": app.test_client()}


def frontier(app: Flask, set_id: int) -> tuple[int, bool]:
    with app.app_context():
        deal_set = db.session.get_one(DealSet, set_id)
        return deal_set.published, deal_set.ended_at is not None


def shows_deal_2(client: FlaskClient, match_id: int) -> bool:
    return 'id="deal-2"' in client.get(f"/matches/{match_id}").text


def test_the_frontier_moves_with_the_slowest_table_and_is_stored(night):
    app = night["app"]
    assert frontier(app, night["set"]) == (1, False)
    assert not shows_deal_2(night["stranger"], night["a"])
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert frontier(app, night["set"]) == (2, False)
    assert shows_deal_2(night["stranger"], night["a"])


def test_a_tables_own_scorekeeper_cannot_delete_it_to_read_the_deal_ahead(night):
    """The finding: B's scorekeeper deleted B, read A's deal 2 (and its hands), restored B and played
    deal 2 as usual."""
    app, keeper_b, b = night["app"], night["keeper_b"], night["b"]
    board = keeper_b.get(f"/matches/{b}").text
    assert f"/matches/{b}/delete" not in board  # not offered
    refused = keeper_b.post(f"/matches/{b}/delete")
    assert refused.status_code == 403 and "whose night is on" in html.unescape(refused.text)
    assert keeper_b.get(f"/matches/{night['a']}/deals/2/cards").status_code == 403
    with app.app_context():
        assert db.session.get_one(Match, b).deleted_at is None
    # The organiser (here the same phone, on the organiser's page) may: the night goes on without B,
    # and A's deal 2 is published for good.
    assert night["organiser"].post(f"/deal-sets/{night['set']}/tables/{b}/delete").status_code == 303
    assert frontier(app, night["set"]) == (2, False)
    assert shows_deal_2(night["stranger"], night["a"])
    # Restored by the site manager, B does not come back into the night: deal 2 was published.
    assert night["server"].post(f"/matches/{b}/restore").status_code in (302, 303)
    board = html.unescape(keeper_b.get(f"/matches/{b}").text)
    assert "has published deals up to deal 2 while this table was away" in board
    refused = post_deal(keeper_b, b, 2, ["hidden"] * 3, [3, 3, 3])
    assert refused.status_code == 409 and "up to deal 2" in html.unescape(refused.text)
    assert frontier(app, night["set"]) == (2, False) and shows_deal_2(night["stranger"], night["a"])
    with app.app_context():
        assert db.session.scalar(select(Match).where(Match.id == b)).deal_count() == 1


def test_a_table_that_finishes_early_cannot_reopen_into_a_published_deal(app):
    keeper_a, keeper_b = phone(app, "192.168.1.7"), phone(app, "192.168.1.6")
    set_id = new_set(keeper_b)
    a = join_set(keeper_a, A_NAMES, set_id)
    b = started_before(app, join_set(keeper_b, B_NAMES, set_id), match="deals", deals=1)  # B's match is one deal long
    assert post_deal(keeper_b, b, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303  # over: holds nothing back
    assert post_deal(keeper_a, a, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert post_deal(keeper_a, a, 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert frontier(app, set_id) == (2, False)
    # B's last deal is published: deleting it (which would reopen B) is refused; it can still be edited.
    refused = keeper_b.post(f"/matches/{b}/deals/1/delete")
    assert refused.status_code == 409 and "published" in html.unescape(refused.text)
    edited = post_form(keeper_b, f"/matches/{b}/deals/1/edit", deal_form(1, ["hidden"] * 3, [2, 4, 3]))
    assert edited.status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, b).deal_count() == 1


def test_an_edit_that_reopens_a_table_leaves_it_behind_the_frontier(app):
    """A 20-point match: B's deal 1 wins it; A plays on to deal 2, published as B is over; B's deal 1
    edited down reopens B, which then cannot record deal 2, published while it was over."""
    keeper_a, keeper_b = phone(app, "192.168.1.7"), phone(app, "192.168.1.6")
    set_id = new_set(keeper_b)
    a = join_set(keeper_a, A_NAMES, set_id)
    b = started_before(app, join_set(keeper_b, B_NAMES, set_id), match="target", target=20)
    assert post_deal(keeper_b, b, 1, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, b).finished
    assert post_deal(keeper_a, a, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert post_deal(keeper_a, a, 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert frontier(app, set_id) == (2, False)
    edited = post_form(keeper_b, f"/matches/{b}/deals/1/edit", deal_form(1, ["hidden"] * 3, [3, 3, 3]))
    assert edited.status_code == 303
    with app.app_context():
        assert not db.session.get_one(Match, b).finished  # reopened by the edit
    board = html.unescape(keeper_b.get(f"/matches/{b}").text)
    assert "has published deals up to deal 2 while this table was away" in board
    refused = post_deal(keeper_b, b, 2, ["hidden"] * 3, [3, 3, 3])
    assert refused.status_code == 409
    assert frontier(app, set_id) == (2, False)


def test_closing_every_table_ends_the_night_for_good(night):
    """The finding: the organiser closed every table, read every hand on the sheet and reopened."""
    app, organiser, set_id = night["app"], night["organiser"], night["set"]
    for table in (night["a"], night["b"]):
        assert organiser.post(f"/deal-sets/{set_id}/tables/{table}/close").status_code == 303
    assert frontier(app, set_id) == (3, True)
    reopened = organiser.post(f"/deal-sets/{set_id}/tables/{night['a']}/reopen", follow_redirects=True)
    assert "was not opened again" in html.unescape(reopened.text)
    with app.app_context():
        assert db.session.get_one(SetTable, night["a"]).state == "closed"
    assert post_deal(night["keeper_a"], night["a"], 3, ["hidden"] * 3, [3, 3, 3]).status_code == 409


def test_closing_the_slowest_table_publishes_for_good(night):
    app, organiser, set_id = night["app"], night["organiser"], night["set"]
    assert organiser.post(f"/deal-sets/{set_id}/tables/{night['b']}/close").status_code == 303
    assert frontier(app, set_id) == (2, False) and shows_deal_2(night["stranger"], night["a"])
    assert organiser.post(f"/deal-sets/{set_id}/tables/{night['b']}/reopen").status_code == 303  # refused, in words
    with app.app_context():
        assert db.session.get_one(SetTable, night["b"]).state == "closed"
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert "Cannot play on: deal 2 published while it was away." in page
    assert f"/tables/{night['b']}/reopen" not in page


def test_a_table_joining_once_play_has_started_waits_and_the_organiser_is_told_what_it_may_have_seen(night):
    app, organiser, set_id = night["app"], night["organiser"], night["set"]
    late_phone = phone(app, "192.168.1.40")
    late = join_set(late_phone, C_NAMES, set_id)  # with the code, all the same
    with app.app_context():
        assert db.session.get_one(SetTable, late).state == "waiting"
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert "Asked to join after deals 1–1 were published: its phones may have seen their hands and results." in page
    assert organiser.post(f"/deal-sets/{set_id}/tables/{late}/admit").status_code == 303
    # Admitted knowingly, it records deal 1 (published before it came) and holds nothing back meanwhile.
    assert frontier(app, set_id) == (1, False)
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert frontier(app, set_id) == (2, False)  # the late table, behind, held nothing back
    assert post_deal(late_phone, late, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    # Deal 2 was published after it was admitted: it was not vouched for, so the late table stops there.
    refused = post_deal(late_phone, late, 2, ["hidden"] * 3, [3, 3, 3])
    assert refused.status_code == 409


def test_a_table_joining_before_play_with_the_code_is_admitted_at_once(app):
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser)
    first = join_set(phone(app, "192.168.1.6"), A_NAMES, set_id)
    second = join_set(phone(app, "192.168.1.7"), B_NAMES, set_id, code=set_code(app, set_id))
    with app.app_context():
        assert [db.session.get_one(SetTable, t).state for t in (first, second)] == ["open", "open"]


def test_a_published_last_deal_is_not_taken_away_nor_put_back_by_an_undo(night):
    app, keeper_b, b = night["app"], night["keeper_b"], night["b"]
    refused = keeper_b.post(f"/matches/{b}/deals/1/delete")
    assert refused.status_code == 409 and "Deal 1 is published" in html.unescape(refused.text)
    with app.app_context():
        recorded = db.session.scalar(select(Change.id).where(Change.match_id == b, Change.deal == 1))
    refused = post_undo(keeper_b, b, recorded)
    assert refused.status_code in (303, 409)
    with app.app_context():
        assert db.session.get_one(Match, b).deal_count() == 1


def test_the_live_tag_moves_with_what_the_board_shows_and_with_nothing_else(night, monkeypatch):
    """A's tag moves when B is deleted: the frontier moves on, and A's board shows A's deal 2. B
    restored changes nothing A's board shows (the frontier never moves back): A's tag stays, and
    A's board made afresh is the same, so the watchers that skip fetching it miss nothing."""
    monkeypatch.setattr(kept_pages, "SECONDS", -1.0)  # every board made afresh, none kept
    stranger, a, b = night["stranger"], night["a"], night["b"]

    def tag() -> str:
        return stranger.get(f"/matches/{a}/version").headers["ETag"]

    def board() -> str:
        return without_tokens(stranger.get(f"/matches/{a}").text)
    first, first_board = tag(), board()
    assert night["organiser"].post(f"/deal-sets/{night['set']}/tables/{b}/delete").status_code == 303
    second, second_board = tag(), board()
    assert second != first and second_board != first_board and shows_deal_2(stranger, a)
    assert night["server"].post(f"/matches/{b}/restore").status_code in (302, 303)
    assert tag() == second and board() == second_board


def test_a_table_joining_or_changed_moves_the_screens_tag_and_only_its_own(night, monkeypatch):
    """At the start of a club night every table joins within a minute. A table joining moves the
    director's screen's tag (it lists the tables) and no other table's: another table's board shows
    nothing of it, so its watchers fetch nothing. The organiser closing a table moves that table's
    tag (its board says where it stands), not another's."""
    monkeypatch.setattr(kept_pages, "SECONDS", -1.0)  # every board made afresh, none kept
    app, stranger, set_id, a, b = night["app"], night["stranger"], night["set"], night["a"], night["b"]

    def tag(match_id: int) -> str:
        return stranger.get(f"/matches/{match_id}/version").headers["ETag"]

    def screen() -> str:
        return stranger.get(f"/deal-sets/{set_id}/version").headers["ETag"]
    tags, boards, screen_before = {m: tag(m) for m in (a, b)}, {m: without_tokens(stranger.get(f"/matches/{m}").text) for m in (a, b)}, screen()
    c = join_set(phone(app, "192.168.1.8"), ["Cat", "Dan", "Eve"], set_id)  # play has started: it waits
    assert screen() != screen_before
    assert {m: tag(m) for m in (a, b)} == tags
    assert {m: without_tokens(stranger.get(f"/matches/{m}").text) for m in (a, b)} == boards
    assert night["organiser"].post(f"/deal-sets/{set_id}/tables/{c}/take-out").status_code == 303
    assert {m: tag(m) for m in (a, b)} == tags
    assert night["organiser"].post(f"/deal-sets/{set_id}/tables/{a}/close").status_code == 303
    assert tag(a) != tags[a] and "closed" in stranger.get(f"/matches/{a}").text.lower()
    assert tag(b) == tags[b]


def test_the_nights_matches_count_in_statistics_and_ratings_once_it_has_ended(app):
    keeper_a, keeper_b = phone(app, "192.168.1.7"), phone(app, "192.168.1.6")
    set_id = new_set(keeper_b)
    a = started_before(app, join_set(keeper_a, A_NAMES, set_id), match="deals", deals=1)
    b = started_before(app, join_set(keeper_b, B_NAMES, set_id), match="deals", deals=1)
    assert post_deal(keeper_a, a, 1, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    stats = keeper_b.get("/stats/").text
    assert "Ann" not in stats
    with app.app_context():
        assert db.session.scalars(select(RatingStep)).all() == []
    assert post_deal(keeper_b, b, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    # Every table is over: the night has ended by itself, and its matches count.
    assert frontier(app, set_id) == (3, True)
    assert "Ann" in keeper_b.get("/stats/").text
    with app.app_context():
        rated = {step.match_id for step in db.session.scalars(select(RatingStep))}
    assert rated == {a, b}


def test_home_and_history_call_a_nights_table_finished_only_once_the_night_has_ended(app):
    keeper_a, keeper_b = phone(app, "192.168.1.7"), phone(app, "192.168.1.6")
    set_id = new_set(keeper_b)
    a = started_before(app, join_set(keeper_a, A_NAMES, set_id), match="deals", deals=1)
    join_set(keeper_b, B_NAMES, set_id)
    assert post_deal(keeper_a, a, 1, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    stranger = phone(app, "203.0.113.9")
    home = html.unescape(stranger.get("/").text)
    assert "Won by" not in home and "Finished" not in home
    history = html.unescape(stranger.get("/history/").text)
    assert "Ann won" not in history and "badge-done" not in history
    assert "Ann · Bob" in html.unescape(stranger.get("/history/?state=unfinished").text)
    assert "Ann · Bob" not in html.unescape(stranger.get("/history/?state=finished").text)
    assert keeper_b.post(f"/deal-sets/{set_id}/end").status_code == 303
    assert "Won by Ann" in html.unescape(stranger.get("/").text)


def test_the_late_tables_cards_are_the_sets(night):
    late_phone = phone(night["app"], "192.168.1.40")
    late = join_set(late_phone, C_NAMES, night["set"])
    assert night["organiser"].post(f"/deal-sets/{night['set']}/tables/{late}/admit").status_code == 303
    assert dealt(night["app"], late)["hands"] == dealt(night["app"], night["a"])["hands"]


def test_a_tables_match_started_without_the_set_is_not_held(app):
    """Outside a set nothing is held: a match finishes, counts and is listed as finished at once."""
    keeper = phone(app, "192.168.1.7")
    match_id = start_match(keeper, A_NAMES, "jokerless", match="deals", deals="1")
    assert post_deal(keeper, match_id, 1, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    assert "Won by Ann" in html.unescape(keeper.get("/").text)


def test_the_organiser_restores_a_table_it_deleted_from_its_own_page(night):
    app, organiser, set_id, b = night["app"], night["organiser"], night["set"], night["b"]
    assert organiser.post(f"/deal-sets/{set_id}/tables/{b}/delete").status_code == 303
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert "Deleted tables" in page and f"/tables/{b}/restore" in page
    back = organiser.post(f"/deal-sets/{set_id}/tables/{b}/restore", follow_redirects=True)
    assert "Table 2 is back, but cannot play on" in html.unescape(back.text)
    with app.app_context():
        assert db.session.get_one(Match, b).deleted_at is None
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert "Deleted tables" not in page and "Stopped" in page
    # A late table admitted knowingly (deal 1 vouched for), deleted and restored before it played, is
    # back: it may still record deal 1.
    late = join_set(phone(app, "192.168.1.40"), C_NAMES, set_id)
    assert organiser.post(f"/deal-sets/{set_id}/tables/{late}/admit").status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/tables/{late}/delete").status_code == 303
    back = organiser.post(f"/deal-sets/{set_id}/tables/{late}/restore", follow_redirects=True)
    assert "Table 3 is back in the night." in html.unescape(back.text)


def test_once_the_night_has_ended_the_organisers_page_invites_no_table(night):
    organiser, set_id = night["organiser"], night["set"]
    assert organiser.post(f"/deal-sets/{set_id}/end").status_code == 303
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert "The table code" not in page and "Take out" not in page and "End the night" not in page
    assert "Cannot play on" not in page and "Closed" in page
    board = html.unescape(night["keeper_a"].get(f"/matches/{night['a']}").text)
    assert "The night of Club night has ended: no more deals are recorded here." in board
