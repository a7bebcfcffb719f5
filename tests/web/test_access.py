"""Who may do what (access.py, docs/SECURITY.md "Who can do what"): every writing route, asked by
a watcher (who holds a valid CSRF token), a stranger, a revoked scorekeeper and a scorekeeper.

The table of writing routes is read from the app's own url_map: a new POST route missing from
``RULES`` fails ``test_every_writing_route_has_a_rule``. Every refusal is checked to be a 403 with
the database exactly as it was (every row of every table), and every body sent is one that a
scorekeeper's request succeeds with (``test_a_scorekeeper_may``), so a gate that came after the
form was read, or none, would show.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from cardhelpers import SET_FORM, app_match, dealt
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from webhelpers import csrf_token, deal_form, start_match

from scorer.web.data.models import Change, Match, MatchKeeper, Player
from scorer.web.extensions import db

KEEPER, SITE, OPEN = "a scorekeeper of the match", "the server machine or a passcode holder", "everyone who may see the site"
EITHER = "a scorekeeper of the match, or the server machine or a passcode holder"
ORGANISER = "the phone that made the deal set, or the server machine or a passcode holder"
# Every route that takes a POST, and who may send it.
RULES = {
    "play.new_deal": KEEPER, "play.edit_deal": KEEPER, "play.delete_deal": KEEPER,
    "play.preview_deal": KEEPER,            # read-only, but the scorekeeper's form's: a watcher has none
    "play.kept": KEEPER,                # the deals its phone holds not sent yet: a line on the watchers' boards
    "play.delete_match": EITHER,                            # the site manager without taking it over (test_ladder_rule.py)
    "play.rematch": KEEPER, "cards.hand_over": KEEPER, "cards.turn_up_dummy": KEEPER,
    "play.revoke_keeper": KEEPER,
    "records.undo": KEEPER,                               # a deal's change; a rename's is SITE (test_changes.py)
    "records.restore_match": EITHER,                            # the phones may be gone (test_changes.py)
    "site.name_phone": OPEN,                              # the phone's own name, in its own cookie
    "site.name_match_phone": OPEN,                       # the same; a keeper's own row too, none of anyone else's
    "records.rename_player": SITE, "records.import_matches": SITE, "play.take_over": SITE,
    "cards.change_table": ORGANISER, "cards.screen_code": ORGANISER,  # a club night's organiser (test_nights.py)
    "cards.delete_table": ORGANISER, "cards.end_night": ORGANISER, "cards.restore_table": ORGANISER,
    "records.set_rating_rule": SITE, "records.confirm_rule": SITE, "records.rating_standing": SITE,  # what the ladder counts
    "play.new_match": OPEN, "cards.new_deal_set": OPEN,       # a new match or deal set harms nobody's
    "play.join": OPEN,                                   # needs a scorekeeper's invite (test_share.py)
    "cards.hand_bid": OPEN, "cards.take_seat": OPEN,      # the hand pages' own tokens (test_private_cards.py)
    "site.sign_in": OPEN, "site.sign_out": OPEN,          # test_passcode.py
    "site.choose_language": OPEN,                              # the phone's own language, in its own cookie (test_language.py)
}
PHONE, WATCHER, STRANGER, REVOKED = "192.168.1.10", "192.168.1.11", "203.0.113.9", "192.168.1.12"


def phone(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def token(client: FlaskClient, path: str = "/") -> str:
    page = client.get(path).text  # once: a page may offer a form only the first time (the phone's name)
    return csrf_token(page) if 'name="csrf_token"' in page else csrf_token(client.get("/matches/new").text)


def snapshot(app: Flask) -> dict[str, list[Any]]:
    """Every row of every table."""
    with app.app_context():
        return {table.name: sorted(map(repr, db.session.execute(select(table)).all()))
                for table in db.metadata.sorted_tables}


@pytest.fixture
def world(app_factory) -> dict[str, Any]:
    """CSRF on. A table match with two deals and an app-dealt match with a seat taken, both kept by
    ``keeper`` (a phone on the Wi-Fi); a watcher that opened both; a stranger that opened nothing
    of them; a phone that was made a keeper by invite, then revoked."""
    app = app_factory(WTF_CSRF_ENABLED=True)
    keeper = phone(app, PHONE)
    form = {"csrf_token": token(keeper, "/matches/new")}
    table = start_match(keeper, ["Ann", "Bob", "Cy"], csrf_token=form["csrf_token"])
    for number, bids in ((1, [4, 3, 2]), (2, [2, 3, 4])):
        sent = keeper.post(f"/matches/{table}/deals/new", data={**deal_form(number, bids, bids), **form})
        assert sent.status_code == 303, sent.text
    cards = app_match(keeper, csrf_token=form["csrf_token"])
    assert take_seat_with_csrf(app, dealt(app, cards)["tokens"][0]).status_code == 303
    # A deal set the keeper's phone made (its organiser), and a table waiting to be admitted.
    made = keeper.post("/deal-sets/new", data={**SET_FORM, **form})
    assert made.status_code == 303, made.text
    deal_set = int(made.headers["Location"].split("/")[2])
    other = phone(app, "192.168.1.40")
    waiting = start_match(other, ["Dee", "Eve", "Fay"], "classic", deal_set=str(deal_set), first_dealer="0", cards="app",
                          csrf_token=token(other, "/matches/new"))
    revoked = phone(app, REVOKED)
    invited(keeper, revoked, table)
    with app.app_context():
        mine = db.session.scalars(select(MatchKeeper).where(MatchKeeper.match_id == table).order_by(MatchKeeper.id)).all()
        assert len(mine) == 2
        first, second = mine[0].id, mine[1].id
    assert keeper.post(f"/matches/{table}/keepers/{second}/revoke", data=form).status_code == 303
    watcher = phone(app, WATCHER)
    watcher.get(f"/matches/{table}")
    watcher.get(f"/matches/{cards}")
    stranger = phone(app, STRANGER)
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
        last_change = db.session.scalar(select(func.max(Change.id)).where(Change.match_id == table))
        version = db.session.scalar(select(Match.version).where(Match.id == table))
    return {"app": app, "table": table, "cards": cards, "keeper_row": first, "player": player, "last_change": last_change,
            "deal_set": deal_set, "waiting": waiting, "version": version,
            "clients": {"keeper": keeper, "watcher": watcher, "stranger": stranger, "revoked": revoked}}


def take_seat_with_csrf(app: Flask, hand: str):
    seat = phone(app, "192.168.1.30")
    page = seat.get(f"/hand/{hand}").text
    return seat.post(f"/hand/{hand}/take", data={"csrf_token": csrf_token(page)})


def invited(keeper: FlaskClient, other: FlaskClient, match_id: int) -> None:
    """``keeper`` shows its share screen; ``other`` opens the Keep score too link and taps the button."""
    share = keeper.get(f"/matches/{match_id}/share").text
    link = re.search(r'href="http://localhost(/matches/\d+/join\?invite=[^"]+)"', share)
    assert link, "no Keep score too link on the scorekeeper's share screen"
    page = other.get(link.group(1).replace("&amp;", "&")).text
    invite = re.search(r'name="invite" value="([^"]+)"', page)
    assert invite
    answer = other.post(f"/matches/{match_id}/join", data={"invite": invite.group(1), "csrf_token": csrf_token(page)})
    assert answer.status_code == 303, answer.text


def request_for(world: dict[str, Any], endpoint: str) -> tuple[str, dict[str, Any]]:
    """The address and a body a scorekeeper's (or the server's) request succeeds with."""
    table, cards = world["table"], world["cards"]
    bids = [3, 3, 3]
    return {
        "play.new_deal": (f"/matches/{table}/deals/new", deal_form(3, bids, [4, 3, 2])),
        "play.edit_deal": (f"/matches/{table}/deals/1/edit", deal_form(1, [1, 1, 1], [4, 3, 2])),
        "play.delete_deal": (f"/matches/{table}/deals/2/delete", {"version": "2"}),
        "play.preview_deal": (f"/matches/{table}/deals/3/preview", deal_form(3, bids, [4, 3, 2])),
        "play.kept": (f"/matches/{table}/kept", {"count": "2"}),
        "play.delete_match": (f"/matches/{table}/delete", {}),
        "play.rematch": (f"/matches/{table}/rematch", {}),
        "cards.hand_over": (f"/matches/{cards}/seats/0/hand-over", {}),
        "cards.turn_up_dummy": (f"/matches/{cards}/deals/1/dummy", {}),
        "play.revoke_keeper": (f"/matches/{table}/keepers/{world['keeper_row']}/revoke", {}),
        "records.rename_player": (f"/players/{world['player']}/rename", {"name": "Annie"}),
        "records.import_matches": ("/import", {}),
        "play.take_over": (f"/matches/{table}/take-over", {}),
        "records.undo": (f"/matches/{table}/changes/{world['last_change']}/undo", {"version": str(world["version"])}),
        "records.restore_match": (f"/matches/{table}/restore", {}),
        "cards.change_table": (f"/deal-sets/{world['deal_set']}/tables/{world['waiting']}/admit", {}),
        "cards.screen_code": (f"/deal-sets/{world['deal_set']}/screen-code", {"show": "yes"}),
        "cards.delete_table": (f"/deal-sets/{world['deal_set']}/tables/{world['waiting']}/delete", {}),
        "cards.end_night": (f"/deal-sets/{world['deal_set']}/end", {}),
        "cards.restore_table": (f"/deal-sets/{world['deal_set']}/tables/{world['waiting']}/restore", {}),
        "records.set_rating_rule": ("/stats/ratings/rule", {"rule": "confirmed"}),
        "records.confirm_rule": ("/stats/ratings/confirm", {"match": str(table)}),
        "records.rating_standing": (f"/matches/{table}/ratings", {"action": "leave-out"}),
    }[endpoint]


def writing_endpoints(app: Flask) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in (rule.methods or set())}


def test_every_writing_route_has_a_rule(app):
    assert writing_endpoints(app) == set(RULES), "a writing route without a rule in RULES (and a gate in its view)"


GATED = sorted(endpoint for endpoint, rule in RULES.items() if rule != OPEN)


@pytest.mark.parametrize("role", ["watcher", "stranger", "revoked"])
@pytest.mark.parametrize("endpoint", GATED)
def test_everyone_else_gets_403_and_nothing_is_written(world, endpoint, role):
    client = world["clients"][role]
    path, body = request_for(world, endpoint)
    before = snapshot(world["app"])
    answer = client.post(path, data={**body, "csrf_token": token(client, f"/matches/{world['table']}")})
    assert answer.status_code == 403, (endpoint, role, answer.status_code)
    assert "nothing was changed" in answer.text
    assert snapshot(world["app"]) == before


@pytest.mark.parametrize("endpoint", sorted(endpoint for endpoint, rule in RULES.items() if rule == SITE))
def test_a_scorekeeper_on_a_phone_is_no_site_manager(world, endpoint):
    client = world["clients"]["keeper"]
    path, body = request_for(world, endpoint)
    before = snapshot(world["app"])
    answer = client.post(path, data={**body, "csrf_token": token(client, f"/matches/{world['table']}")})
    assert answer.status_code == 403 and snapshot(world["app"]) == before


@pytest.mark.parametrize("endpoint", sorted(endpoint for endpoint, rule in RULES.items() if rule == KEEPER))
def test_a_scorekeeper_may(world, endpoint):
    client = world["clients"]["keeper"]
    path, body = request_for(world, endpoint)
    before = snapshot(world["app"])
    answer = client.post(path, data={**body, "csrf_token": token(client, f"/matches/{world['table']}")})
    if endpoint == "cards.turn_up_dummy":
        # Past the gate: a classic match has no dummy, which is the next thing the view says.
        assert answer.status_code == 404 and "no dummy" in answer.text
        return
    if endpoint == "play.rematch":
        # Past the gate: the table match is not over, which is the next thing the view says.
        assert answer.status_code == 409 and "not over yet" in answer.text and snapshot(world["app"]) == before
        return
    assert answer.status_code in (200, 204, 302, 303), (endpoint, answer.status_code, answer.text[:500])
    if endpoint != "play.preview_deal":
        assert snapshot(world["app"]) != before
    else:
        assert "points" in answer.text.lower() and snapshot(world["app"]) == before


@pytest.mark.parametrize("who", ["keeper", "server"])
@pytest.mark.parametrize("endpoint", sorted(endpoint for endpoint, rule in RULES.items() if rule == ORGANISER))
def test_the_organiser_may(world, endpoint, who):
    """The phone that made the set (here the keeper's), and the server machine."""
    client = world["clients"]["keeper"] if who == "keeper" else world["app"].test_client()
    path, body = request_for(world, endpoint)
    before = snapshot(world["app"])
    answer = client.post(path, data={**body, "csrf_token": token(client, "/matches/new")})
    if endpoint == "cards.restore_table":
        # Past the gate: the waiting table is not deleted, which is the next thing the view says.
        assert answer.status_code == 404 and "not a table of this deal set" in answer.text
        assert snapshot(world["app"]) == before
        return
    assert answer.status_code == 303, (endpoint, answer.status_code, answer.text[:500])
    assert snapshot(world["app"]) != before


def test_the_server_machine_may_rename_and_take_over(world):
    server = world["app"].test_client()  # 127.0.0.1
    for endpoint in ("records.rename_player", "play.take_over"):
        path, body = request_for(world, endpoint)
        answer = server.post(path, data={**body, "csrf_token": token(server, "/matches/new")})
        assert answer.status_code == 303, (endpoint, answer.text)
    with world["app"].app_context():
        assert db.session.get(Player, world["player"]).name == "Annie"
        assert len([k for k in db.session.get(Match, world["table"]).keepers if k.revoked_at is None]) == 2
    # The server machine reads the import page; a phone does not even get the form.
    assert server.get("/import").status_code == 200
    assert world["clients"]["watcher"].get("/import").status_code == 403


def test_a_watcher_sees_no_writing_control(world):
    table = world["table"]
    watcher, keeper = world["clients"]["watcher"], world["clients"]["keeper"]
    board = watcher.get(f"/matches/{table}").text
    assert "You are watching" in board
    for control in ("/deals/new", "/edit", "/delete", "Take over"):
        assert control not in board, control
    assert "/edit" not in watcher.get(f"/matches/{table}/deals/1").text  # a deal's page: no Edit either
    assert f"/matches/{table}/share" in board
    mine = keeper.get(f"/matches/{table}").text
    assert "You are watching" not in mine
    for control in ("/deals/new", "/deals/1/edit", "/deals/2/delete", f"/matches/{table}/delete"):
        assert control in mine, control
    # The seat management of an app-dealt match, and the player page's Rename.
    assert "hand-over" not in watcher.get(f"/matches/{world['cards']}").text
    assert "hand-over" in keeper.get(f"/matches/{world['cards']}").text
    assert "Rename" not in watcher.get(f"/stats/players/{world['player']}").text
    # Asked for by hand, the writing pages say why not.
    for path in (f"/matches/{table}/deals/new", f"/matches/{table}/deals/1/edit", f"/matches/{table}/delete"):
        page = watcher.get(path)
        assert page.status_code == 403 and "scorekeepers" in page.text, path


def test_a_revoked_phone_watches_and_says_so(world):
    revoked = world["clients"]["revoked"]
    assert "You are watching" in revoked.get(f"/matches/{world['table']}").text


# ---------------------------------------------------------------------------- share screen, invites, take-over


def invite_of(keeper: FlaskClient, match_id: int) -> str:
    share = keeper.get(f"/matches/{match_id}/share").text
    link = re.search(r'href="http://localhost(/matches/\d+/join\?invite=[^"]+)"', share)
    assert link
    return link.group(1).replace("&amp;", "&")


def accept(client: FlaskClient, link: str, match_id: int):
    page = client.get(link)
    invite = link.split("invite=", 1)[1]
    return client.post(f"/matches/{match_id}/join", data={"invite": invite, "csrf_token": token(client, "/matches/new")}), page


def test_the_share_screen_shows_keep_score_too_to_scorekeepers_only(world):
    table = world["table"]
    mine = world["clients"]["keeper"].get(f"/matches/{table}/share").text
    assert mine.count('class="qr"') == 2 and "Keep score too" in mine and f"http://localhost/matches/{table}" in mine
    assert "Scorekeepers" in mine and "revoked at" in mine  # the revoked phone is listed
    assert "(this phone)" in mine and ">Revoke</button>" not in mine  # no Revoke on its own row (issue 29)
    theirs = world["clients"]["watcher"].get(f"/matches/{table}/share").text
    assert theirs.count('class="qr"') == 1 and "join?invite=" not in theirs and "Revoke" not in theirs
    assert "You are watching" in theirs and "Take over" not in theirs


def test_an_invite_makes_one_named_phone_a_keeper_once(world):
    app, table, keeper = world["app"], world["table"], world["clients"]["keeper"]
    link = invite_of(keeper, table)
    ann, bob = phone(app, "192.168.1.40"), phone(app, "192.168.1.41")
    ann.set_cookie("ninety-nine-device", "Ann's phone")
    before = snapshot(app)
    page = ann.get(link)
    assert page.status_code == 200 and "Keep score on this phone" in page.text
    assert snapshot(app) == before  # opening the invite wrote nothing
    answer, _ = accept(ann, link, table)
    assert answer.status_code == 303
    assert "You keep this match's score" in ann.get(f"/matches/{table}").text
    assert "Ann&#39;s phone" in keeper.get(f"/matches/{table}/share").text
    # The same invite again, on another phone: used already.
    before = snapshot(app)
    answer, page = accept(bob, link, table)
    assert page.status_code == 403 and "used already" in page.text
    assert answer.status_code == 403 and "was not made a scorekeeper" in answer.text
    assert snapshot(app) == before
    assert "You are watching" in bob.get(f"/matches/{table}").text


def test_an_old_or_foreign_or_forged_invite_is_refused(world, monkeypatch):
    from scorer.web.play import share

    app, table, keeper = world["app"], world["table"], world["clients"]["keeper"]
    link = invite_of(keeper, table)
    stranger = world["clients"]["stranger"]
    before = snapshot(app)
    assert accept(stranger, link.replace(f"/matches/{table}/", f"/matches/{world['cards']}/"), world["cards"])[0].status_code == 403
    forged = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    assert accept(stranger, forged, table)[0].status_code == 403
    monkeypatch.setattr(share, "INVITE_MAX_AGE", -1)
    answer, page = accept(stranger, link, table)
    assert answer.status_code == 403 and "more than a day old" in page.text
    assert snapshot(app) == before


def test_revoking_a_keeper_ends_its_invites_and_its_rights(world):
    app, table, keeper = world["app"], world["table"], world["clients"]["keeper"]
    helper = phone(app, "192.168.1.50")
    assert accept(helper, invite_of(keeper, table), table)[0].status_code == 303
    their_link = invite_of(helper, table)
    with app.app_context():
        row = db.session.scalars(select(MatchKeeper).where(MatchKeeper.match_id == table).order_by(MatchKeeper.id.desc())).first()
        helper_id = row.id
    assert keeper.post(f"/matches/{table}/keepers/{helper_id}/revoke",
                       data={"csrf_token": token(keeper, "/matches/new")}).status_code == 303
    late = phone(app, "192.168.1.51")
    answer, page = accept(late, their_link, table)
    assert answer.status_code == 403 and "no longer keeps" in page.text
    assert helper.post(f"/matches/{table}/deals/new", data={**deal_form(3, [3, 3, 3], [4, 3, 2]),
                                                            "csrf_token": token(helper, "/matches/new")}).status_code == 403


def test_take_over_from_the_server_machine_only(world):
    app, table = world["app"], world["table"]
    for role in ("watcher", "stranger", "revoked", "keeper"):
        client = world["clients"][role]
        assert "Take over this match" not in client.get(f"/matches/{table}").text
    server = app.test_client()
    board = server.get(f"/matches/{table}").text
    assert "You are watching" in board and "Take over this match" in board
    assert server.post(f"/matches/{table}/take-over", data={"csrf_token": token(server, "/matches/new")}).status_code == 303
    assert "You keep this match's score" in server.get(f"/matches/{table}").text
    # The new keeper revokes the lost phone, which then only watches.
    with app.app_context():
        lost = db.session.scalars(select(MatchKeeper).where(MatchKeeper.match_id == table).order_by(MatchKeeper.id)).first().id
    assert server.post(f"/matches/{table}/keepers/{lost}/revoke",
                       data={"csrf_token": token(server, "/matches/new")}).status_code == 303
    assert "You are watching" in world["clients"]["keeper"].get(f"/matches/{table}").text


def test_a_deleted_match_comes_back_from_its_keeper_or_the_server_machine_only(world):
    """Restoring is for a scorekeeper of the match or the site manager: the phones may be gone."""
    app, table = world["app"], world["table"]
    keeper, watcher = world["clients"]["keeper"], world["clients"]["watcher"]
    assert keeper.post(f"/matches/{table}/delete", data={"csrf_token": token(keeper, "/matches/new")}).status_code == 302
    before = snapshot(app)
    refused = watcher.post(f"/matches/{table}/restore", data={"csrf_token": token(watcher, "/matches/new")})
    assert refused.status_code == 403 and snapshot(app) == before
    server = app.test_client()  # 127.0.0.1: the server machine
    assert server.post(f"/matches/{table}/restore", data={"csrf_token": token(server, "/matches/new")}).status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, table).deleted_at is None
