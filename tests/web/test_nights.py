"""A club night (issue 27): the organiser admits the tables, results wait for the slowest table, the
director's screen, and the phones around them: the organiser's, each table's scorekeeper and
players, a phone from the other table, and a stranger who would read the deals ahead.

The night of most tests: a set of three deals made by the organiser's phone, table A (Ann, Bob, Cy)
and table B (Dee, Eve, Fay) joined with the table code; A has recorded deals 1 and 2, B deal 1.
Deal 2 at A is the one nobody outside A may see yet: bids 4, 3, 2 made, Ann declaring (44, 13, 12
points; 47, 16, 15 in all).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import zipfile
from typing import Any

import pytest
from cardhelpers import SET_FORM, dealt, join_set, new_set, set_code, take_seat
from flask import Flask
from sqlalchemy import event, select
from test_passcode import PASSCODE, sign_in
from webhelpers import count, csrf_token, deal_form, phone, post_deal, post_form, start_match

from scorer.web.data.models import DealSet, DealtDeal, Match, SetTable
from scorer.web.extensions import db

A_NAMES, B_NAMES = ["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"]



@pytest.fixture
def night(app) -> dict[str, Any]:
    organiser, keeper_a, keeper_b = phone(app, "192.168.1.5"), phone(app, "192.168.1.6"), phone(app, "192.168.1.7")
    set_id = new_set(organiser, count="6")  # more deals than the tests play: no table is over
    a, b = join_set(keeper_a, A_NAMES, set_id), join_set(keeper_b, B_NAMES, set_id)
    assert post_deal(keeper_a, a, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert post_deal(keeper_a, a, 2, [4, 3, 2], [4, 3, 2], offers={0: "declare"}).status_code == 303
    assert post_deal(keeper_b, b, 1, ["hidden"] * 3, [2, 4, 3]).status_code == 303
    return {"app": app, "set": set_id, "a": a, "b": b, "organiser": organiser, "keeper_a": keeper_a,
            "keeper_b": keeper_b, "stranger": phone(app, "203.0.113.9")}


def state_of(app: Flask, match_id: int) -> str:
    with app.app_context():
        return db.session.get_one(SetTable, match_id).state


# ---------------------------------------------------------------------------- who runs the night


def test_the_phone_that_made_the_set_runs_the_night_and_the_site_manager_too(app):
    maker = phone(app, "192.168.1.5")
    made = maker.post("/deal-sets/new", data=SET_FORM)
    assert made.headers["Location"] == "/deal-sets/1/organise"
    cookie = made.headers["Set-Cookie"]
    assert "ninety-nine-organiser-1=" in cookie and "HttpOnly" in cookie and "Path=/deal-sets/1" in cookie
    with app.app_context():
        stored = db.session.get_one(DealSet, 1).organiser_hash
    assert stored and stored not in cookie  # only its hash is kept
    page = maker.get("/deal-sets/1/organise")
    assert page.status_code == 200 and set_code(app, 1)[:4] in page.text and 'class="qr"' in page.text
    other = phone(app, "192.168.1.6")
    refused = other.get("/deal-sets/1/organise")
    assert refused.status_code == 403 and "Only the organiser" in refused.text
    assert set_code(app, 1)[:4] not in other.get("/deal-sets/1").text  # the set's page does not give it away
    assert app.test_client().get("/deal-sets/1/organise").status_code == 200  # the server machine
    # The organiser's way in is on the set's page for the organiser only.
    assert "/deal-sets/1/organise" in maker.get("/deal-sets/1").text
    assert "/deal-sets/1/organise" not in other.get("/deal-sets/1").text


def test_a_passcode_holder_runs_every_night(app_factory):
    locked = app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE)
    maker, manager = phone(locked, "198.51.100.5"), phone(locked, "198.51.100.6")
    assert sign_in(maker).status_code == 303 and sign_in(manager).status_code == 303
    made = maker.post("/deal-sets/new", data={**SET_FORM, "csrf_token": csrf_token(maker.get("/deal-sets/new").text)})
    set_id = int(made.headers["Location"].split("/")[2])
    assert manager.get(f"/deal-sets/{set_id}/organise").status_code == 200


# ---------------------------------------------------------------------------- joining


def test_a_table_joins_with_the_code_or_waits_for_the_organiser(app):
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser)
    code = set_code(app, set_id)
    # The QR code on the organiser's page carries the code into the new-table form.
    page = html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    join = re.search(r'href="http://localhost(/matches/from-deal-set/\d+\?code=\w+)"', page)
    assert join is not None and code in join.group(1)
    keeper = phone(app, "192.168.1.6")
    assert f'value="{code}"' in keeper.get(join.group(1)).text
    # Typed with spaces and in small letters, the code still lets the table in.
    admitted = join_set(keeper, A_NAMES, set_id, code=f"{code[:4].lower()} {code[4:]}")
    assert state_of(app, admitted) == "open" and dealt(app, admitted)["hands"]
    # A wrong code is refused beside its field, and nothing is started.
    wrong = keeper.post("/matches/new", data={
        "players-0": "Dee", "players-1": "Eve", "players-2": "Fay", "ruleset": "classic", "first_dealer": "0",
        "match": "usual", "trump": "turn-up", "cards": "app", "deal_set": str(set_id), "table_code": "ABCD2345"})
    assert wrong.status_code == 422 and "not the table code of Club night" in html.unescape(wrong.text)
    assert count(app, Match) == 1
    # Without a code the table waits: it is dealt nothing and its board says why.
    waiting = start_match(phone(app, "192.168.1.7"), B_NAMES, "classic", deal_set=str(set_id), first_dealer="0")
    assert state_of(app, waiting) == "waiting"
    with app.app_context():
        assert db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == waiting)).all() == []
    board = html.unescape(phone(app, "192.168.1.7").get(f"/matches/{waiting}").text)
    assert "Table 2" in board and "waits for the organiser of Club night to admit it" in board
    assert "Table 2" in organiser.get(f"/deal-sets/{set_id}/organise").text


def test_a_shadow_table_reads_no_hand_and_holds_nothing_back(night):
    """The probe's phone, never invited: it starts a table of its own from the set's page, takes
    every seat in turn with a cookie jar per seat, and records made-up deals to be dealt the next
    ones. It is dealt nothing, records nothing, and the real tables' cards pages open as before."""
    app, stranger = night["app"], night["stranger"]
    assert "Club night" in stranger.get("/deal-sets/").text
    shadow = start_match(stranger, ["Xan", "Yul", "Zed"], "classic", deal_set=str(night["set"]), first_dealer="0")
    with app.app_context():
        assert db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == shadow)).all() == []
    board = stranger.get(f"/matches/{shadow}").text
    assert "/hand/" not in board and "Record deal" not in board
    form = stranger.get(f"/matches/{shadow}/deals/new")
    assert form.status_code == 409 and "no deal can be recorded yet" in html.unescape(form.text)
    for number in (1, 2, 3):
        refused = post_deal(stranger, shadow, number, ["hidden"] * 3, [3, 3, 3])
        assert refused.status_code == 409
        assert number > 1 or "no deal can be recorded yet" in html.unescape(refused.text)
        assert stranger.get(f"/matches/{shadow}/deals/{number}/cards").status_code == 404
    assert stranger.get(f"/matches/{shadow}/deals/1/preview").status_code == 405
    with app.app_context():
        assert db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == shadow)).all() == []
        assert db.session.get_one(Match, shadow).deals == []
    # The tables that play: deal 1 is recorded at both, so its hands are public, shadow or not.
    for match_id in (night["a"], night["b"]):
        assert stranger.get(f"/matches/{match_id}/deals/1/cards").status_code == 200
    # The organiser sees it waiting and takes it out; it holds nothing back either way.
    assert "Xan" in night["organiser"].get(f"/deal-sets/{night['set']}/organise").text
    assert night["organiser"].post(f"/deal-sets/{night['set']}/tables/{shadow}/take-out").status_code == 303
    assert state_of(app, shadow) == "out"


# ---------------------------------------------------------------------------- results wait for the slowest table


def csv_deals(text: str) -> set[str]:
    return {row[0] for row in list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))[1:]}


def zipped(data: bytes) -> list[dict]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [json.loads(archive.read(name)) for name in archive.namelist()]


def of_a(documents: list[dict]) -> dict:
    return next(doc for doc in documents if doc["players"] == A_NAMES)


def ann_made_44(text: str) -> bool:
    """Deal 2 explained: Ann's own line gives her 44 points (not a 44 anywhere on the page)."""
    return re.search(r'<span class="ex-name">Ann</span>\s*<span class="ex-points">\+44</span>', text) is not None


# Each reader of table A: what it shows of deal 2 (True: deal 2's figures are there). Read as text.
READERS = {
    "scoreboard": (lambda a: f"/matches/{a}", lambda text: 'id="deal-2"' in text and 'aria-label="47 points"' in text),
    "match record": (lambda a: f"/history/{a}", lambda text: 'id="deal-2"' in text and "2 deals played" in text),
    "deal page": (lambda a: f"/matches/{a}/deals/2", lambda text: "Deal 2" in text and ann_made_44(text)),
    "change history": (lambda a: f"/matches/{a}/changes", lambda text: "Deal 2 recorded" in text),
    "CSV": (lambda a: f"/matches/{a}/export.csv", lambda text: csv_deals(text) == {"1", "2"}),
    "JSON": (lambda a: f"/matches/{a}/export.json", lambda text: len(json.loads(text)["deals"]) == 2),
    "printed sheet": (lambda a: f"/matches/{a}/sheet", lambda text: "2 deals played" in text),
    "home": (lambda a: "/", lambda text: "<strong>47</strong>" in text),
    "big screen": (lambda a: f"/screen/{a}", lambda text: 'aria-label="47 points"' in text),
    "history list": (lambda a: "/history/", lambda text: "2 deals played" in text),
}


@pytest.mark.parametrize("reader", READERS)
def test_a_faster_tables_later_deal_reaches_no_reader_outside_its_table(night, reader):
    """Every page of table A, read by a stranger and by table B's scorekeeper, shows nothing of A's
    deal 2 while B has not played it; A's own scorekeeper sees it as always (which shows the check
    would see it)."""
    address, shows_deal_2 = READERS[reader]
    path = address(night["a"])
    # Many matches, or the big screen (a watcher's view at its own address): nobody is one of a table's own there.
    lists = reader in ("home", "history list", "big screen")
    own = night["keeper_a"].get(path)
    assert lists or own.status_code == 200 and shows_deal_2(html.unescape(own.get_data(as_text=True))), reader
    for who in ("stranger", "keeper_b"):
        seen = night[who].get(path)
        text = html.unescape(seen.get_data(as_text=True))
        if reader == "deal page":
            assert seen.status_code == 403 and "once every table of its deal set has played it" in text
        else:
            assert seen.status_code == 200 and not shows_deal_2(text), f"{reader} shows deal 2 to {who}"
    # Once B has played deal 2, everyone sees A's.
    night["keeper_b"].get(f"/matches/{night['b']}")
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    seen = night["stranger"].get(path)
    assert seen.status_code == 200 and shows_deal_2(html.unescape(seen.get_data(as_text=True))), f"{reader}: published"


def test_every_match_exported_at_once_holds_back_the_later_deal_too(night):
    """The JSON list and the zip of every match: read outside any match's pages, so even A's own
    scorekeeper's phone is shown A as every table may see it (its own match's file has it all)."""
    for who in ("keeper_a", "stranger"):
        client = night[who]
        assert len(of_a(json.loads(client.get("/export/matches.json").get_data()))["deals"]) == 1
        assert len(of_a(zipped(client.get("/export/matches.zip").get_data()))["deals"]) == 1
    night["keeper_b"].get(f"/matches/{night['b']}")
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert len(of_a(zipped(night["stranger"].get("/export/matches.zip").get_data()))["deals"]) == 2


def test_the_live_view_follows_the_cut_board(night):
    """A watcher's scoreboard refreshes itself by fetching the scoreboard again when the match's
    tag moves (static/live.js): the tag moves with A's save, and what it fetches holds deal 2 back."""
    stranger, keeper_a, a = night["stranger"], night["keeper_a"], night["a"]
    version = stranger.get(f"/matches/{a}/version")
    tag = version.headers["ETag"]
    assert post_deal(keeper_a, a, 3, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    moved = stranger.get(f"/matches/{a}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200  # changed: the board is fetched again
    board = html.unescape(stranger.get(f"/matches/{a}").text)
    assert 'id="deal-2"' not in board and 'id="deal-3"' not in board and "recorded deals 2–3" in board
    # B's save publishes A's deal 2: A changed nothing, but A's tag moves with its set's, so the
    # watcher's board fetches itself again and shows it. A save that publishes nothing moves no
    # other table's tag: B's watchers fetch nothing when A records deal 4.
    tag = stranger.get(f"/matches/{a}/version").headers["ETag"]
    keeper_b, b = night["keeper_b"], night["b"]
    assert post_deal(keeper_b, b, 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    moved = stranger.get(f"/matches/{a}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and f'data-live-tag="{moved.headers["ETag"].strip(chr(34))}"' in stranger.get(f"/matches/{a}").text
    assert 'id="deal-2"' in stranger.get(f"/matches/{a}").text
    b_tag = stranger.get(f"/matches/{b}/version").headers["ETag"]
    assert post_deal(keeper_a, a, 4, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert stranger.get(f"/matches/{b}/version", headers={"If-None-Match": b_tag}).status_code == 304


def test_a_tables_own_players_see_their_own_results(night):
    """Ann's phone holds her seat at table A: A's scoreboard shows her A's deal 2; a seat at table
    B does not open A's results."""
    app, a = night["app"], night["a"]
    ann = phone(app, "192.168.1.20")
    assert take_seat(ann, dealt(app, a, 3)["tokens"][0]).status_code == 303
    assert 'id="deal-2"' in ann.get(f"/matches/{a}").text
    dee = phone(app, "192.168.1.21")
    assert take_seat(dee, dealt(app, night["b"], 2)["tokens"][0]).status_code == 303
    assert 'id="deal-2"' not in dee.get(f"/matches/{a}").text


def test_only_admitted_open_tables_hold_publication_back(night):
    app, organiser, stranger, set_id = night["app"], night["organiser"], night["stranger"], night["set"]
    # A table waiting to be admitted holds nothing back.
    start_match(phone(app, "192.168.1.30"), ["Gus", "Hal", "Ivy"], "classic", deal_set=str(set_id), first_dealer="0")
    assert 'id="deal-2"' not in stranger.get(f"/matches/{night['a']}").text  # B is still playing
    # Closing B (the slowest) publishes A's deal 2, for good: B cannot be opened again behind it.
    assert organiser.post(f"/deal-sets/{set_id}/tables/{night['b']}/close").status_code == 303
    assert 'id="deal-2"' in stranger.get(f"/matches/{night['a']}").text
    refused = post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3])
    assert refused.status_code == 409 and "closed this table" in html.unescape(refused.text)
    reopened = organiser.post(f"/deal-sets/{set_id}/tables/{night['b']}/reopen", follow_redirects=True)
    assert "Table 2 was not opened again: deal 2 published while it was away" in html.unescape(reopened.text)
    assert state_of(app, night["b"]) == "closed"
    assert 'id="deal-2"' in stranger.get(f"/matches/{night['a']}").text
    # Taken out, B holds nothing back, is dealt nothing more, and leaves the comparison.
    assert organiser.post(f"/deal-sets/{set_id}/tables/{night['b']}/take-out").status_code == 303
    assert 'id="deal-2"' in stranger.get(f"/matches/{night['a']}").text
    compare = stranger.get(f"/deal-sets/{set_id}").text
    assert "Dee" not in compare and 'id="cmp-2"' in compare


def test_the_organisers_changes_go_one_way_at_a_time(night):
    app, organiser, set_id, b = night["app"], night["organiser"], night["set"], night["b"]
    assert organiser.post(f"/deal-sets/{set_id}/tables/{b}/admit").status_code == 303  # open already: done
    assert organiser.post(f"/deal-sets/{set_id}/tables/{b}/close").status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/tables/{b}/close").status_code == 303  # sent twice
    assert state_of(app, b) == "closed"
    assert organiser.post(f"/deal-sets/{set_id}/tables/{b}/take-out").status_code == 303
    refused = organiser.post(f"/deal-sets/{set_id}/tables/{b}/close")  # from another phone, taken out meanwhile
    assert refused.status_code == 409 and "changed from another phone meanwhile" in refused.text
    assert state_of(app, b) == "out"
    assert organiser.post(f"/deal-sets/{set_id}/tables/99/close").status_code == 404
    other = new_set(phone(app, "192.168.1.50"))
    assert organiser.post(f"/deal-sets/{other}/tables/{b}/close").status_code == 403  # another organiser's set…
    assert app.test_client().post(f"/deal-sets/{other}/tables/{b}/close").status_code == 404  # …not its table


def test_a_table_admitted_late_is_dealt_then(night):
    app, organiser, set_id = night["app"], night["organiser"], night["set"]
    late = start_match(phone(app, "192.168.1.31"), ["Gus", "Hal", "Ivy"], "classic", deal_set=str(set_id), first_dealer="0")
    with app.app_context():
        assert db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == late)) is None
    # Play has started: the organiser is told what the late table may have seen (deal 1 is published).
    assert "Asked to join after deals 1–1 were published" in html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    answer = organiser.post(f"/deal-sets/{set_id}/tables/{late}/admit")
    assert answer.status_code == 303
    assert "Table 3 is admitted" in html.unescape(organiser.get(answer.headers["Location"]).text)
    assert dealt(app, late)["hands"] == dealt(app, night["a"])["hands"]  # the set's deal 1, as at every table
    with app.app_context():
        assert db.session.get_one(SetTable, late).vouched == 1  # it may record deal 1, published before it came


def test_the_sheet_shows_the_organiser_what_the_night_has_published_and_every_hand_once_it_has_ended(app):
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser)
    with app.app_context():
        deal_set = db.session.get_one(DealSet, set_id)
        sheet, seed = f"/deal-sets/{set_id}/sheet/{deal_set.key}", deal_set.seed
    assert phone(app, "192.168.1.6").get(sheet).status_code == 403  # the address alone is not enough
    # Before the night: no deal is published, so the sheet holds no hand and no seed (the organiser may play).
    before = organiser.get(sheet).text
    assert 'id="sheet-deal-1"' not in before and f"seed {seed}" not in before and "(0 of 3)" in before
    keeper = phone(app, "192.168.1.6")
    table = join_set(keeper, A_NAMES, set_id)
    other = join_set(phone(app, "192.168.1.7"), B_NAMES, set_id)
    assert post_deal(keeper, table, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert 'id="sheet-deal-1"' not in organiser.get(sheet).text  # the other table has not played deal 1
    assert organiser.post(f"/deal-sets/{set_id}/tables/{other}/close").status_code == 303
    during = organiser.get(sheet).text
    assert 'id="sheet-deal-1"' in during and 'id="sheet-deal-2"' not in during and f"seed {seed}" not in during
    assert "The deal sheet (the 1 deal published)" in html.unescape(organiser.get(f"/deal-sets/{set_id}/organise").text)
    assert organiser.post(f"/deal-sets/{set_id}/end").status_code == 303
    after = organiser.get(sheet).text
    assert 'id="sheet-deal-3"' in after and f"seed {seed}" in after and "The night is on" not in after


# ---------------------------------------------------------------------------- the director's screen


def test_the_directors_screen_shows_the_tables_the_deals_every_table_played_and_the_standings(night):
    stranger, set_id = night["stranger"], night["set"]
    screen = html.unescape(stranger.get(f"/deal-sets/{set_id}/screen").text)
    tables = re.findall(r'<li class="director-table[^"]*">(.*?)</li>', screen, re.S)
    assert len(tables) == 2 and "Ann · Bob · Cy" in tables[0] and "Deal 3" in tables[0] and "Deal 2" in tables[1]
    assert "Deal 1 at every table" in screen and 'id="director-deal-1"' in screen and 'id="director-deal-2"' not in screen
    assert "Standings after 1 deal" in screen
    standings = re.findall(r'<section class="director-standing" aria-label="Seat 2">(.*?)</section>', screen, re.S)[0]
    # Seat 2 after deal 1: Eve took 4 tricks with a hidden bid (4 points), Bob 3 (3 points): Eve
    # beat the one other table (all of its matchpoints), Bob none; the raw points beside them.
    assert re.search(r"Eve .*?100\.0%.*?4 pts.*?Bob .*?0\.0%.*?3 pts", re.sub(r"<[^>]+>", " ", standings), re.S)
    assert not A_DEAL_2 & set(points_shown(screen)), points_shown(screen)  # nothing of A's deal 2
    assert "/organise" not in screen and "Take out" not in screen and "Admit" not in screen
    assert set_code(night["app"], set_id)[:4] not in screen  # until the organiser chooses
    # Once B has played deal 2 it is published, and A's points of it are there, where they were not.
    night["keeper_b"].get(f"/matches/{night['b']}")
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    published = html.unescape(stranger.get(f"/deal-sets/{set_id}/screen").text)
    assert 'id="director-deal-2"' in published and set(points_shown(published)) >= A_DEAL_2


A_DEAL_2 = {"+44", "+13", "+12"}  # Ann's, Bob's and Cy's points of A's deal 2 (no deal 1 scores so)


def points_shown(screen: str) -> list[str]:
    """The points of each seat's deals the director's screen shows, as written there."""
    return re.findall(r'<span class="pts">([^<]+)</span>', screen)


def test_the_table_code_is_on_the_screen_only_while_the_organiser_shows_it(night):
    organiser, stranger, set_id, app = night["organiser"], night["stranger"], night["set"], night["app"]
    code = set_code(app, set_id)
    assert organiser.post(f"/deal-sets/{set_id}/screen-code", data={"show": "yes"}).status_code == 303
    screen = stranger.get(f"/deal-sets/{set_id}/screen").text
    assert f"{code[:4]} {code[4:]}" in screen and 'class="qr"' in screen and f"code={code}" in screen
    assert organiser.post(f"/deal-sets/{set_id}/screen-code", data={"show": "no"}).status_code == 303
    assert code[:4] not in stranger.get(f"/deal-sets/{set_id}/screen").text
    assert stranger.post(f"/deal-sets/{set_id}/screen-code", data={"show": "yes"}).status_code == 403


def test_the_screens_poll_is_one_statement_and_moves_with_every_change_at_any_table(night):
    app, stranger, set_id = night["app"], night["stranger"], night["set"]
    seen: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(_conn, _cursor, statement, *_args) -> None:
        seen.append(statement)

    first = stranger.get(f"/deal-sets/{set_id}/version")
    tag = first.headers["ETag"]
    event.listen(engine, "before_cursor_execute", note)
    try:
        unchanged = stranger.get(f"/deal-sets/{set_id}/version", headers={"If-None-Match": tag})
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert unchanged.status_code == 304 and unchanged.data == b"" and len(seen) == 1
    assert "max-age" not in unchanged.headers.get("Cache-Control", "")
    screen = stranger.get(f"/deal-sets/{set_id}/screen").text
    assert f'data-live-tag="{tag.strip(chr(34))}"' in screen and 'data-live-every="1000"' in screen
    # A save at either table moves it; so does each of the organiser's changes.
    steps = [lambda: post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]),
             lambda: night["organiser"].post(f"/deal-sets/{set_id}/tables/{night['b']}/close"),
             lambda: night["organiser"].post(f"/deal-sets/{set_id}/screen-code", data={"show": "yes"})]
    for step in steps:
        assert step().status_code == 303
        moved = stranger.get(f"/deal-sets/{set_id}/version", headers={"If-None-Match": tag})
        assert moved.status_code == 200
        tag = moved.headers["ETag"]
    assert stranger.get("/deal-sets/99/version").status_code == 404


def test_the_screens_tag_moves_only_when_what_the_screen_shows_changes(night):
    """The screen shows the tables, each one's deal, the published deals and the standings: an edit
    of a deal not published yet (A's deal 2) and a seat taken move A's own tag and not the screen's; an edit of a
    published deal (the standings count it), a deal recorded and a table over do (issue 33)."""
    keeper_a, stranger, set_id, a = night["keeper_a"], night["stranger"], night["set"], night["a"]

    def screen_tag() -> str:
        return stranger.get(f"/deal-sets/{set_id}/version").headers["ETag"]

    def match_tag() -> str:
        return stranger.get(f"/matches/{a}/version").headers["ETag"]

    before, a_before = screen_tag(), match_tag()
    # A player takes her seat at A for deal 3 (A's board shows it: its tag moves).
    assert take_seat(phone(night["app"], "192.168.1.30"), dealt(night["app"], a, 3)["tokens"][0]).status_code == 303
    assert match_tag() != a_before and screen_tag() == before
    a_before = match_tag()
    assert post_form(keeper_a, f"/matches/{a}/deals/2/edit", deal_form(2, [4, 3, 2], [4, 2, 3],
                                                                       offers={0: "declare"})).status_code == 303
    assert match_tag() != a_before and screen_tag() == before
    assert post_form(keeper_a, f"/matches/{a}/deals/1/edit", deal_form(1, ["hidden"] * 3, [4, 3, 2])).status_code == 303
    assert screen_tag() != before
    before = screen_tag()
    assert post_deal(keeper_a, a, 3, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert screen_tag() != before


def test_the_directors_screen_is_made_once_for_the_browsers_showing_it_and_sent_compressed_once(night, monkeypatch):
    """Two browsers show the screen: made once a tag (by the address it was reached at: its QR code
    carries it), compressed once an encoding, the bytes sent to both the same (issue 33)."""
    from flask_compress import flask_compress

    from scorer.web.cards import nights as night_pages
    made: list[str] = []
    real_draw = night_pages._draw_screen
    monkeypatch.setattr(night_pages, "_draw_screen", lambda deal_set, tag: made.append(tag) or real_draw(deal_set, tag))
    compressed: list[str] = []
    real_compress = flask_compress._compress_data
    monkeypatch.setattr(flask_compress, "_compress_data",
                        lambda app, data, algorithm: compressed.append(algorithm) or real_compress(app, data, algorithm))
    app, set_id = night["app"], night["set"]
    organiser = night["organiser"]
    assert organiser.post(f"/deal-sets/{set_id}/screen-code", data={"show": "yes"}).status_code == 303
    screens = [phone(app, f"192.168.1.{80 + n}") for n in range(2)]
    answers = [screen.get(f"/deal-sets/{set_id}/screen", headers={"Accept-Encoding": "gzip"}) for screen in screens]
    assert len(made) == 1 and compressed == ["gzip"]
    assert answers[0].headers["Content-Encoding"] == "gzip" and answers[0].data == answers[1].data
    plain = screens[0].get(f"/deal-sets/{set_id}/screen")
    assert "Content-Encoding" not in plain.headers and "Standings after 1 deal" in plain.text and len(made) == 1
    # Reached at another address: its own, whose QR code carries that address.
    other = screens[1].get(f"/deal-sets/{set_id}/screen", base_url="http://127.0.0.1:5000")
    assert other.status_code == 200, other.status_code
    assert len(made) == 2 and "http://127.0.0.1:5000/matches/from-deal-set/" in html.unescape(other.text)
    # B records deal 2: made again, once, and it shows deal 2 at every table.
    assert post_deal(night["keeper_b"], night["b"], 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    for screen in screens:
        assert "Deal 2 at every table" in screen.get(f"/deal-sets/{set_id}/screen").text
    assert len(made) == 3


def test_the_screens_published_deals_and_standings_are_made_again_only_when_the_night_publishes(night, monkeypatch):
    """A deal recorded at a table moves the screen's list of tables ("Deal 4"), not the deals
    published nor the standings: those are made again when the night publishes or a published deal
    is edited (issue 33: the screen made cheaply)."""
    from scorer.web.cards import nights as night_pages
    made: list[int] = []
    real_part = night_pages._published_part
    monkeypatch.setattr(night_pages, "_published_part",
                        lambda deal_set, night: made.append(deal_set.id) or real_part(deal_set, night))
    stranger, set_id, a, b = night["stranger"], night["set"], night["a"], night["b"]

    def screen() -> str:
        return html.unescape(stranger.get(f"/deal-sets/{set_id}/screen").text)

    assert "Standings after 1 deal" in screen() and len(made) == 1
    assert post_deal(night["keeper_a"], a, 3, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    shown = screen()
    assert "Deal 4" in shown and "Standings after 1 deal" in shown and len(made) == 1
    assert post_deal(night["keeper_b"], b, 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303  # deal 2 published
    assert "Standings after 2 deals" in screen() and len(made) == 2
    assert post_form(night["keeper_b"], f"/matches/{b}/deals/1/edit",
                     deal_form(1, ["hidden"] * 3, [4, 3, 2])).status_code == 303  # a published deal edited
    screen()
    assert len(made) == 3


def test_a_kept_board_costs_the_live_polls_one_statement(night):
    """A phone outside the table asking for a board another such phone had made is answered from
    the live poll's one statement (its tag), without loading the match (issue 33)."""
    app, a = night["app"], night["a"]
    watchers = [phone(app, f"192.168.1.{70 + n}") for n in range(2)]
    made = watchers[0].get(f"/matches/{a}").text
    seen: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(_conn, _cursor, statement, *_args) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        kept = watchers[1].get(f"/matches/{a}").text
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert kept == made and len(seen) == 1, seen


def test_a_kept_board_is_compressed_once_for_the_phones_outside_the_table(night, monkeypatch):
    from flask_compress import flask_compress
    compressed: list[str] = []
    real_compress = flask_compress._compress_data
    monkeypatch.setattr(flask_compress, "_compress_data",
                        lambda app, data, algorithm: compressed.append(algorithm) or real_compress(app, data, algorithm))
    watchers = [phone(night["app"], f"192.168.1.{60 + n}") for n in range(4)]
    answers = [watcher.get(f"/matches/{night['a']}", headers={"Accept-Encoding": encoding})
               for watcher, encoding in zip(watchers, ["gzip", "br", "gzip, br;q=0.5", "br"], strict=True)]
    assert compressed == ["gzip", "br"]
    assert [answer.headers["Content-Encoding"] for answer in answers] == ["gzip", "br", "gzip", "br"]
    assert answers[0].data == answers[2].data and answers[1].data == answers[3].data
    # The table's own scorekeeper: made and compressed for it.
    night["keeper_a"].get(f"/matches/{night['a']}", headers={"Accept-Encoding": "gzip"})
    assert compressed == ["gzip", "br", "gzip"]


def test_a_tables_board_is_made_once_for_the_phones_outside_it_until_its_tag_moves(night, monkeypatch):
    """When the slowest table records a deal, every phone following a board fetches it again at
    once (make load-club: 200 phones, 50 boards). The board as a phone outside the table sees it is
    the same for all of them until its tag moves: made once and kept a moment (kept_pages.py). A
    table's own phone, the site manager, and a phone with a message of its own get theirs made."""
    from scorer.web.play import matches as match_pages
    from scorer.web.serving import kept_pages
    made: list[int] = []
    real = match_pages.board_page
    monkeypatch.setattr(match_pages, "board_page", lambda match: made.append(match.id) or real(match))
    app, a = night["app"], night["a"]
    watchers = [phone(app, f"192.168.1.{60 + n}") for n in range(4)]
    pages = {watcher.get(f"/matches/{a}").text for watcher in watchers}
    assert len(pages) == 1 and made == [a]
    night["keeper_a"].get(f"/matches/{a}")  # its own table: made for it
    app.test_client().get(f"/matches/{a}")  # the server machine, the site manager
    assert made == [a, a, a] and 'id="deal-2"' not in pages.pop()
    # The tag moves (A records deal 3): made again, once.
    assert post_deal(night["keeper_a"], a, 3, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    made.clear()
    for watcher in watchers:
        assert "recorded deals 2–3" in html.unescape(watcher.get(f"/matches/{a}").text)
    assert made == [a]
    # Kept a moment only: what the tag does not follow (a rename) shows within SECONDS.
    now = [1000.0]
    monkeypatch.setattr(kept_pages, "clock", lambda: now[0])
    assert post_deal(night["keeper_a"], a, 4, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    made.clear()
    watchers[0].get(f"/matches/{a}")
    now[0] += kept_pages.SECONDS - 0.1
    watchers[1].get(f"/matches/{a}")
    assert made == [a]
    now[0] += 0.2
    watchers[2].get(f"/matches/{a}")
    assert made == [a, a]


def test_a_kept_board_is_kept_per_language(night, monkeypatch):
    """Two phones outside a table, one English and one German: each gets the board in its own
    language, made once a language (issue 28: the kept board's key carries the page's language)."""
    from scorer.web.play import matches as match_pages
    made: list[int] = []
    real = match_pages.board_page
    monkeypatch.setattr(match_pages, "board_page", lambda match: made.append(match.id) or real(match))
    app, a = night["app"], night["a"]
    english, german, german_too = (phone(app, f"192.168.1.{70 + n}") for n in range(3))
    first = english.get(f"/matches/{a}").text
    second = german.get(f"/matches/{a}", headers={"Accept-Language": "de"}).text
    third = german_too.get(f"/matches/{a}", headers={"Accept-Language": "de"}).text
    assert '<html lang="en"' in first and '<html lang="de"' in second and second == third
    assert made == [a, a]
