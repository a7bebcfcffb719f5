"""A ladder a club can trust (issue 26): the site manager chooses what it counts, confirms and
leaves out matches, deletes without taking over; a scorekeeper's rights end a day after the
match finished; a new name like a known player's is asked about before a new player is made."""

from __future__ import annotations

import html
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from ratinghelpers import expected, stored
from recordhelpers import add_documents, sample
from sqlalchemy import func, select
from webhelpers import match_form, post_deal, post_undo, start_match

from scorer.web import clock
from scorer.web.data import rating_reads
from scorer.web.data.changes import RATINGS
from scorer.web.data.models import Change, Match, Player
from scorer.web.extensions import db


def phone(app: Flask, address: str = "192.168.1.50") -> FlaskClient:
    """A phone on the table's Wi-Fi: no site manager."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def one_deal_match(client: FlaskClient, names: list[str], tricks: list[int]) -> int:
    match_id = start_match(client, names, match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 3, 3], tricks).status_code == 303
    return match_id


def ladder(app: Flask) -> list[tuple[str, int, int]]:
    with app.app_context():
        names = {player.id: player.name for player in db.session.scalars(select(Player))}
        return [(names[line.player_id], line.last.after.shown, line.last.played)
                for line in rating_reads.KindView("three").standings()]


def test_ten_forged_matches_under_only_confirmed_matches_move_nobody(client, app):
    """The probe: ten one-deal matches naming Ann, Bob and Kip, Kip winning each, took Kip from third
    to first. Under "only confirmed matches" they wait for the site manager and move nobody."""
    manager = client  # the server machine
    for tricks in ([5, 2, 2], [4, 3, 2], [3, 4, 2], [4, 2, 3]):  # the club's own matches, Kip last
        one_deal_match(manager, ["Ann", "Bob", "Kip"], tricks)
    assert manager.post("/stats/ratings/rule", data={"rule": "confirmed"}).status_code == 303
    assert ladder(app) == []  # nothing confirmed yet: the ladder counts nothing
    with app.app_context():
        club = list(db.session.scalars(select(Match.id).order_by(Match.id)))
    assert manager.post("/stats/ratings/confirm", data={"match": [str(m) for m in club]}).status_code == 303
    before = ladder(app)
    assert [name for name, *_ in before][-1] == "Kip"
    forger = phone(app)
    for _ in range(10):
        one_deal_match(forger, ["Ann", "Bob", "Kip"], [2, 2, 5])
    assert ladder(app) == before
    page = html.unescape(client.get("/stats/ratings").text)
    assert "This ladder counts only the matches the site manager has confirmed." in page
    assert "10 finished matches are left out." in page
    assert stored(app) == expected(app)
    # The forger cannot confirm them, nor change the rule back.
    token_page = forger.get("/stats/ratings")
    assert token_page.status_code == 200 and "What the ladder counts" not in token_page.text
    assert forger.post("/stats/ratings/confirm", data={"match": [str(m) for m in club]}).status_code == 403
    assert forger.post("/stats/ratings/rule", data={"rule": "finished"}).status_code == 403
    assert ladder(app) == before


def test_the_manager_leaves_a_match_out_and_counts_it_again_and_the_history_says_so(client, app):
    first = one_deal_match(client, ["Ann", "Bob", "Kip"], [5, 2, 2])
    second = one_deal_match(client, ["Ann", "Bob", "Kip"], [2, 2, 5])
    with_both = ladder(app)
    assert client.post(f"/matches/{first}/ratings", data={"action": "leave-out"}).status_code == 303
    assert ladder(app) != with_both and stored(app) == expected(app)
    with app.app_context():
        assert db.session.get_one(Match, first).left_out_at is not None
        rated = set(db.session.scalars(select(func.distinct(Change.match_id)).where(Change.kind == RATINGS)))
    assert rated == {first}
    record = html.unescape(client.get(f"/history/{first}").text)
    assert "The site manager left this match out of the ratings." in record
    assert "1 finished match is left out." in html.unescape(client.get("/stats/ratings").text)
    history = html.unescape(client.get(f"/matches/{first}/changes").text)
    assert "Left out of the ratings" in history
    with app.app_context():
        left = db.session.scalars(select(Change).where(Change.kind == RATINGS)).one()
    assert post_undo(client, first, left.id).status_code == 303  # the manager's undo counts it again
    assert ladder(app) == with_both and stored(app) == expected(app)
    assert phone(app).post(f"/matches/{second}/ratings", data={"action": "leave-out"}).status_code == 403


def test_the_site_manager_deletes_any_match_without_taking_it_over(client, app):
    keeper = phone(app)
    match_id = one_deal_match(keeper, ["Ann", "Bob", "Kip"], [5, 2, 2])
    assert phone(app, "192.168.1.51").post(f"/matches/{match_id}/delete").status_code == 403
    assert client.post(f"/matches/{match_id}/delete").status_code == 302  # the server machine, no keeper cookie
    with app.app_context():
        assert db.session.get_one(Match, match_id).deleted_at is not None
    assert ladder(app) == [] and stored(app) == expected(app)


def test_a_scorekeepers_rights_end_a_day_after_the_match_finished(client, app):
    """A phone that kept a match long ago cannot rewrite the ladder: a day after the match finished
    its edits, deletions and undos are refused; the site manager's right never ends."""
    keeper = phone(app)
    match_id = one_deal_match(keeper, ["Ann", "Bob", "Kip"], [5, 2, 2])
    assert keeper.get(f"/matches/{match_id}/deals/1/edit").status_code == 200  # within the day
    with app.app_context():
        later = clock.now() + timedelta(hours=25)
        saved = db.session.scalars(select(Change).where(Change.match_id == match_id)).first()
        assert saved is not None
    app.config["CLOCK"] = lambda: later
    board = keeper.get(f"/matches/{match_id}").text
    assert "only the person running the server can change it" in html.unescape(board)
    assert ">Edit<" not in board and "Delete match" not in board
    refused = keeper.post(f"/matches/{match_id}/deals/1/edit", data={})
    assert refused.status_code == 403 and "more than 24 hours ago" in html.unescape(refused.text)
    assert keeper.post(f"/matches/{match_id}/deals/1/delete", data={}).status_code == 403
    assert keeper.post(f"/matches/{match_id}/delete").status_code == 403
    assert post_undo(keeper, match_id, saved.id).status_code == 403
    assert stored(app) == expected(app) != {}
    # The site manager still may: takes the match over and edits, or deletes it.
    assert client.post(f"/matches/{match_id}/take-over").status_code in (302, 303)
    assert client.get(f"/matches/{match_id}/deals/1/edit").status_code == 200
    assert client.post(f"/matches/{match_id}/delete").status_code == 302



def test_a_scorekeepers_day_counts_from_the_first_finish(client, app):
    """Issue 32: deleting the last deal within the day reopened the match with no deadline, and
    finishing it again started a new day, over and over. The day now counts from the first finish
    (``first_finished_at``, never cleared); the ratings' order still takes the last one."""
    with app.app_context():
        start = clock.now()
    app.config["CLOCK"] = lambda: start
    keeper = phone(app)
    match_id = one_deal_match(keeper, ["Ann", "Bob", "Kip"], [5, 2, 2])
    app.config["CLOCK"] = lambda: start + timedelta(hours=20)
    assert keeper.post(f"/matches/{match_id}/deals/1/delete").status_code == 303  # within the day: reopened
    app.config["CLOCK"] = lambda: start + timedelta(hours=23)
    assert post_deal(keeper, match_id, 1, [3, 3, 3], [5, 2, 2]).status_code == 303  # finished again
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        assert match.finished and match.first_finished_at is not None and match.finished_at is not None
        assert clock.as_utc(match.first_finished_at) == start
        assert clock.as_utc(match.finished_at) == start + timedelta(hours=23)
    assert keeper.get(f"/matches/{match_id}/deals/1/edit").status_code == 200  # the first day still runs
    app.config["CLOCK"] = lambda: start + timedelta(hours=25)  # a day after the first finish, 2 h after the second
    refused = keeper.get(f"/matches/{match_id}/deals/1/edit")
    assert refused.status_code == 403 and "more than 24 hours ago" in html.unescape(refused.text)
    assert keeper.post(f"/matches/{match_id}/deals/1/delete").status_code == 403
    assert stored(app) == expected(app) != {}


def test_an_imported_finished_match_first_finished_when_its_file_says(app):
    """An import's finished match first finished when it finished: its file's ``finished_at``."""
    ids = add_documents(app, [sample(5, "jokerless", max_deals=12, unfinished=0.0)])
    with app.app_context():
        match = db.session.get_one(Match, ids[0])
        assert match.finished and match.finished_at is not None
        assert match.first_finished_at == match.finished_at

def test_a_confirmed_match_is_the_site_managers_to_change(client, app):
    keeper = phone(app)
    match_id = one_deal_match(keeper, ["Ann", "Bob", "Kip"], [5, 2, 2])
    assert client.post("/stats/ratings/rule", data={"rule": "confirmed"}).status_code == 303
    assert client.post(f"/matches/{match_id}/ratings", data={"action": "confirm"}).status_code == 303
    refused = keeper.get(f"/matches/{match_id}/deals/1/edit")
    assert refused.status_code == 403 and "the site manager confirmed it" in html.unescape(refused.text)


def test_a_new_name_like_a_known_players_is_asked_about_before_a_new_player_is_made(client, app):
    """"Кір" (Cyrillic) was rated beside "Kip" in the probe: now the form asks "Did you mean Kip?"."""
    one_deal_match(client, ["Ann", "Bob", "Kip"], [5, 2, 2])
    form = match_form(["Ann", "Bob", "Кір"], match="deals", deals="1")
    asked = client.post("/matches/new", data=form)
    assert asked.status_code == 422
    assert "Кір looks like Kip, who has played here before. Did you mean Kip?" in html.unescape(asked.text)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 3  # no player made
    # As the name is typed: the same words under the names.
    typed = client.get("/stats/ratings/chances", query_string={"players": ["Ann", "Кір"]})
    assert "Did you mean Kip?" in html.unescape(typed.text)
    # "Yes, Kip": the match is Kip's.
    yes = client.post("/matches/new", data={**form, "use_known": "Кір"})
    assert yes.status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 3
    # "No, Кір is someone new": a new player, as asked.
    no = client.post("/matches/new", data={**form, "new_player": "Кір"})
    assert no.status_code == 302
    with app.app_context():
        assert "Кір" in set(db.session.scalars(select(Player.name)))
    # Accents, case and spaces: the same question.
    for typed_name in ("Kíp", "K ip"):
        again = client.post("/matches/new", data=match_form(["Ann", "Bob", typed_name]))
        assert again.status_code == 422 and "Did you mean Kip?" in html.unescape(again.text), typed_name


def test_the_history_offers_the_undo_the_write_takes_for_a_deleted_matchs_ladder_change(client, app):
    """The history's Undo beside a change asks the write (``writes.undo.offered``): the ladder's say
    over a deleted match may be undone (the write takes it), so it is offered; a deal's change of
    the deleted match waits for its restore, so it is not."""
    first = one_deal_match(client, ["Ann", "Bob", "Kip"], [5, 2, 2])
    assert client.post(f"/matches/{first}/ratings", data={"action": "leave-out"}).status_code == 303
    assert client.post(f"/matches/{first}/delete").status_code in (302, 303)
    with app.app_context():
        left = db.session.scalars(select(Change).where(Change.kind == RATINGS)).one()
        deal = db.session.scalars(select(Change).where(Change.match_id == first, Change.kind == "deal")).first()
    client.get(f"/matches/{first}/changes")  # the messages left by the steps above, with their own Undo
    history = client.get(f"/matches/{first}/changes").text
    assert f"/matches/{first}/changes/{left.id}/undo" in history
    assert f"/matches/{first}/changes/{deal.id}/undo" not in history
    assert post_undo(client, first, left.id).status_code == 303  # and the write takes it
