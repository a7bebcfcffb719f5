"""A GET never writes: every page only reads, and a deal's cards are made by the POST before it
(the match's start makes deal 1's, saving deal n makes deal n+1's, an import the deal to come).

The walk opens every GET route of the app, its path filled from matches in each cards mode
(table, turn-up, app) at their start, in the middle and finished, and from a duplicate deal set,
and checks that the database is unchanged: every row of every table, and no statement but a read.
"""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from cardhelpers import join_set
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select, text
from webhelpers import count, post_deal, start_match, stored_deals

from scorer.web.data.models import Change, DealSet, DealtDeal, HandLink, Match, Player
from scorer.web.extensions import db

THREE = ["Ann", "Bob", "Cy"]
MODES = ("table", "turn-up", "app")

# Known writes of a GET, each with the reason it is still there (none: a phone takes its seat
# with an explicit POST, and a deal's cards are made by the POST before the pages that show them).
KNOWN_WRITES: dict[str, set[tuple[str, str]]] = {}
# Query strings a page reads, tried beside the bare address.
QUERIES = {
    "play.new_deal": ["phones=1"],
    "records.match_sheet": ["paper=a4", "paper=letter"],
    "records.blank_sheet": ["ruleset=classic", "ruleset=two-dummy&change=1"],
    "records.history": ["page=2", "player=1", "ruleset=classic"],
}


def play(client: FlaskClient, match_id: int, number: int, mode: str):
    extra = {"turn_up": "7H"} if mode == "table" else {}
    response = post_deal(client, match_id, number, ["hidden"] * 3, [3, 3, 3], **extra)
    assert response.status_code == 303, response.text
    return response


def new_match(client: FlaskClient, mode: str, deals: int = 9, **extra: Any) -> int:
    cards = {} if mode == "table" else {"cards": mode, "seed": "5"}
    return start_match(client, THREE, "classic", match="deals", deals=str(deals), **cards, **extra)


def fill(client: FlaskClient) -> None:
    """Matches in every cards mode at their start, in the middle and finished, and a deal set
    with a match played from it."""
    for mode in MODES:
        new_match(client, mode)
        middle = new_match(client, mode)
        play(client, middle, 1, mode)
        finished = new_match(client, mode, deals=2)
        play(client, finished, 1, mode)
        play(client, finished, 2, mode)
    response = client.post("/deal-sets/new", data={"name": "Club night", "ruleset": "classic", "count": "3",
                                                    "seed": "7", "first_dealer": "0", "trump": "turn-up"})
    assert response.status_code == 303
    from_set = join_set(client, ["Dee", "Eve", "Fay"])
    play(client, from_set, 1, "app")
    gone = new_match(client, "table")  # on Recently deleted, with its history of changes
    play(client, gone, 1, "table")
    assert client.post(f"/matches/{gone}/delete").status_code == 302


def dump(app: Flask, ignore: set[tuple[str, str]] = frozenset()) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary-key order (``ignore``: columns left out)."""
    rows = {}
    with app.app_context(), db.engine.connect() as connection:
        for table in db.metadata.sorted_tables:
            columns = [c for c in table.columns if (table.name, c.name) not in ignore]
            query = select(*columns).order_by(*table.primary_key.columns)
            rows[table.name] = [tuple(row) for row in connection.execute(query)]
    return rows


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app runs meanwhile."""
    seen: list[str] = []

    def note(_conn, _cursor, statement, *_args) -> None:
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def path_values(app: Flask) -> dict[str, list[Any]]:
    with app.app_context():
        matches = db.session.scalars(select(Match).order_by(Match.id)).all()
        numbers = sorted({n for m in matches for n in range(1, len(m.deals) + 2)})
        deal_set = db.session.scalar(select(DealSet))
        return {
            "match_id": [m.id for m in matches],
            "number": numbers,
            "token": db.session.scalars(select(HandLink.token).order_by(HandLink.id)).all(),
            "set_id": [deal_set.id],
            "key": [deal_set.key],
            "player_id": db.session.scalars(select(Player.id)).all(),
            "change_id": db.session.scalars(select(Change.id)).all()[:6],  # the undo's confirmation page
            "filename": ["app.css", "app.js"],
        }


def urls(app: Flask) -> Iterator[tuple[str, str]]:
    """(endpoint, address) for every GET route, once for each combination of its path values."""
    values = path_values(app)
    rules = [rule for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ())]
    with app.test_request_context():
        from flask import url_for
        for rule in sorted(rules, key=lambda r: r.rule):
            names = sorted(rule.arguments)
            for combination in itertools.product(*(values[name] for name in names)):
                address = url_for(rule.endpoint, **dict(zip(names, combination, strict=True)))
                yield rule.endpoint, address
                for query in QUERIES.get(rule.endpoint, []):
                    yield rule.endpoint, f"{address}?{query}"


def test_every_get_route_leaves_the_database_as_it_was(app, client):
    fill(client)
    visited: set[str] = set()
    walked = 0
    for endpoint, address in urls(app):
        ignore = KNOWN_WRITES.get(endpoint, set())
        before = dump(app, ignore)
        with statements(app) as seen:
            response = client.get(address)
            response.close()  # static files and downloads hold a file open until closed
        assert response.status_code < 500, f"GET {address}: {response.status_code}"
        writes = [s for s in seen if not s.lstrip().upper().startswith(("SELECT", "PRAGMA"))]
        assert writes == [], f"GET {address} wrote: {writes}"
        assert dump(app, ignore) == before, f"GET {address} changed the database"
        visited.add(endpoint)
        walked += 1
    every = {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ())}
    assert visited == every
    assert walked > 100  # every match, deal number and hand link, not a sample


def test_the_checks_see_a_get_that_writes(app, client):
    """The checks themselves: a GET that makes a deal's cards (as the scoreboard did) is caught."""

    @app.get("/test-writes/<int:match_id>")
    def writes(match_id: int) -> str:
        from scorer.web.data import card_store, documents
        match = db.session.get(Match, match_id)
        card_store.deal_next(match, documents.score(match))
        db.session.commit()
        return "written"

    match_id = new_match(client, "app")
    with app.app_context():
        db.session.execute(text("DELETE FROM dealt_deals"))
        db.session.commit()
    before = dump(app)
    with statements(app) as seen:
        assert client.get(f"/test-writes/{match_id}").status_code == 200
    assert any(s.startswith("INSERT INTO dealt_deals") for s in seen)
    assert dump(app) != before


# ---------------------------------------------------------------------------- the POST makes the cards


def dealt_numbers(app: Flask, match_id: int) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(select(DealtDeal.number).where(DealtDeal.match_id == match_id)
                                        .order_by(DealtDeal.number)))


def cards_of(app: Flask, match_id: int) -> list[tuple[Any, ...]]:
    with app.app_context():
        return [(row.number, row.seed, row.hands, row.turn_up, [link.token for link in row.links])
                for row in db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == match_id)
                                              .order_by(DealtDeal.number))]


@pytest.mark.parametrize("mode", ["turn-up", "app"])
def test_cards_exist_when_the_match_starts_and_after_each_save(app, client, mode):
    match_id = new_match(client, mode, deals=3)  # no page opened in between
    assert dealt_numbers(app, match_id) == [1]
    for number in (1, 2):
        play(client, match_id, number, mode)
        assert dealt_numbers(app, match_id) == list(range(1, number + 2))
    play(client, match_id, 3, mode)  # the last deal: nothing is left to deal
    assert dealt_numbers(app, match_id) == [1, 2, 3]
    if mode == "app":
        assert count(app, HandLink) == 9
    else:
        assert count(app, HandLink) == 0 and all(row[3] for row in cards_of(app, match_id))


def test_a_table_match_never_gets_cards(app, client):
    match_id = new_match(client, "table", deals=2)
    play(client, match_id, 1, "table")
    play(client, match_id, 2, "table")
    assert count(app, DealtDeal) == 0


def test_a_match_from_a_deal_set_gets_the_sets_first_deal_when_it_starts(app, client):
    assert client.post("/deal-sets/new", data={"name": "Club", "ruleset": "classic", "count": "3", "seed": "7",
                                               "first_dealer": "1", "trump": "turn-up"}).status_code == 303
    first, second = (join_set(client, names) for names in (THREE, ["Dee", "Eve", "Fay"]))
    assert [row[2] for row in cards_of(app, first)] == [row[2] for row in cards_of(app, second)]
    assert len(cards_of(app, first)) == 1


def test_edits_previews_and_deletes_keep_the_cards(app, client):
    match_id = new_match(client, "app", deals=2)
    play(client, match_id, 1, "app")
    dealt = cards_of(app, match_id)
    # A preview, an edit and a failed save change no card.
    assert client.post(f"/matches/{match_id}/deals/2/preview", data={
        "number": "2", **{f"seats-{s}-bid": "hidden" for s in range(3)},
        **{f"seats-{s}-tricks": "3" for s in range(3)}}).status_code == 200
    edit = client.post(f"/matches/{match_id}/deals/1/edit", data={
        "number": "1", **{f"seats-{s}-bid": "hidden" for s in range(3)},
        **{f"seats-{s}-tricks": str(t) for s, t in enumerate((2, 3, 4))}})
    assert edit.status_code == 303
    assert post_deal(client, match_id, 2, ["hidden"] * 3, [3, 3, 2]).status_code == 422
    assert cards_of(app, match_id) == dealt
    # Deleting the last deal keeps its cards for recording it again.
    play(client, match_id, 2, "app")
    assert client.post(f"/matches/{match_id}/deals/2/delete").status_code == 303
    assert cards_of(app, match_id) == dealt


def test_an_edit_that_reopens_a_finished_match_deals_the_next_deal(app, client):
    match_id = start_match(client, THREE, "classic", cards="app", seed="5", match="target", target="14")
    post_deal(client, match_id, 1, ["hidden"] * 3, [1, 1, 7])  # 7 tricks, no bid made: 7 points
    post_deal(client, match_id, 2, ["hidden"] * 3, [1, 1, 7])  # 14: the match is over
    with app.app_context():
        assert db.session.get(Match, match_id).finished
    assert dealt_numbers(app, match_id) == [1, 2]
    edit = client.post(f"/matches/{match_id}/deals/2/edit", data={
        "number": "2", **{f"seats-{s}-bid": "hidden" for s in range(3)},
        **{f"seats-{s}-tricks": str(t) for s, t in enumerate((3, 3, 3))}})
    assert edit.status_code == 303
    assert dealt_numbers(app, match_id) == [1, 2, 3]


# ---------------------------------------------------------------------------- imports


def upload(client: FlaskClient, document: dict[str, Any]):
    return client.post("/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "match.json")},
                       content_type="multipart/form-data")


@pytest.fixture
def other(app_factory, tmp_path) -> Flask:
    return app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}")


def test_an_import_in_the_middle_of_a_deal_does_not_deal_it_again(app, client, other):
    match_id = new_match(client, "app")
    play(client, match_id, 1, "app")
    exported = client.get(f"/matches/{match_id}/export.json").json
    assert exported["next_deal_dealt"] is True and len(exported["deals"]) == 1
    assert "seed" not in exported  # the match seed still never leaves the app
    moved = other.test_client()
    assert upload(moved, exported).status_code == 303
    # Deal 2 is in the players' hands where it was dealt: the import does not deal it again.
    assert dealt_numbers(other, 1) == [1]
    assert moved.get("/matches/1/export.json").json == exported
    # An imported match has no scorekeeper: the server machine takes it over (access.py).
    assert moved.post("/matches/1/take-over").status_code == 303
    assert moved.get("/matches/1").status_code == 200 and moved.get("/matches/1/deals/new").status_code == 200
    # It is recorded as at the table; the app deals from the deal after it.
    assert post_deal(moved, 1, 2, ["hidden"] * 3, [3, 3, 3], turn_up="7H").status_code == 303
    assert stored_deals(other, 1)[1]["turn_up"] == "7H"
    assert dealt_numbers(other, 1) == [1, 3]


def test_an_import_deals_the_next_deal_when_nobody_has_it(app, client, other):
    match_id = new_match(client, "app")
    play(client, match_id, 1, "app")
    document = client.get(f"/matches/{match_id}/export.json").json
    del document["next_deal_dealt"]  # written before the app dealt ahead, or by hand
    assert upload(other.test_client(), document).status_code == 303
    assert dealt_numbers(other, 1) == [1, 2]
    assert count(other, HandLink) == 6


def test_an_import_says_what_is_wrong_with_the_marker(client, other):
    match_id = new_match(client, "app")
    document = client.get(f"/matches/{match_id}/export.json").json
    document["next_deal_dealt"] = "yes"
    response = upload(other.test_client(), document)
    assert response.status_code == 422 and "Whether the next deal was dealt must be true or false" in response.text
    assert count(other, Match) == 0
