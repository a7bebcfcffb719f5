"""Flat with size: every page issues the same number of SQL statements with 23 matches as with 46,
and for a match of 4 deals as for one of 60; a save writes the same rows at deal 1 as at deal 60.
The queries the lists read in order use an index rather than sorting the table (EXPLAIN).

Counted with a SQLAlchemy ``before_cursor_execute`` listener: a batched statement (executemany)
counts once, with the number of rows it carries kept beside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from recordhelpers import add_documents, sample
from sqlalchemy import event, select, text
from webhelpers import deal_form, post_deal, start_match

from scorer import create_app
from scorer.web.data.models import Player
from scorer.web.extensions import db
from scorer.web.records import history

RULESETS = ("jokerless", "four-partners", "classic", "two-dummy", "five")


@dataclass
class Statement:
    sql: str
    rows: int  # parameter sets: 1, or how many rows a batched statement carries


@contextmanager
def counting(app: Flask) -> Iterator[list[Statement]]:
    found: list[Statement] = []

    def listener(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, executemany: bool) -> None:
        found.append(Statement(statement, len(parameters) if executemany else 1))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", listener)
    try:
        yield found
    finally:
        event.remove(engine, "before_cursor_execute", listener)


@dataclass
class Table:
    app: Flask
    client: FlaskClient
    probe: int    # a match played through the forms by Ann, Bob and Cy
    deals: int    # deals it has
    ann: int


def build(app_factory: Any, matches: int, deals: int) -> Table:
    app = app_factory(WTF_CSRF_ENABLED=False)
    docs = []
    for i in range(matches):
        doc = sample(500 + i, RULESETS[i % len(RULESETS)], max_deals=12, unfinished=i % 3 == 0,
                     played_at=datetime(2026, 1, 3, 18, tzinfo=UTC) + timedelta(days=5 * i))
        # Ann plays every match: her page and head to head have work to do.
        doc["players"] = ["Ann" if n == 0 else ("Nan" if name == "Ann" else name) for n, name in enumerate(doc["players"])]
        docs.append(doc)
    add_documents(app, docs)
    client = app.test_client()
    probe = start_match(client, ["Ann", "Bob", "Cy"])
    for number in range(1, deals + 1):  # every bid of 0 fails with a trick each: the match goes on
        assert post_deal(client, probe, number, [0, 0, 0], [3, 3, 3]).status_code == 303
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    return Table(app, client, probe, deals, ann)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: Any) -> tuple[Table, Table]:
    def factory(**config: Any) -> Flask:
        app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "TIMEZONE": "UTC",
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path_factory.mktemp('db') / 'scorer.sqlite'}",
                          **config})
        with app.app_context():
            db.create_all()
        return app

    return build(factory, 22, 4), build(factory, 45, 60)


PAGES = {
    "home": "/",
    "history": "/history/",
    "history, filtered": "/history/?ruleset=jokerless&state=unfinished&start=2026-01-01&end=2026-12-31",
    "history of a player": "/history/?player={ann}",
    "history, page 2": "/history/?page=2",
    "stats": "/stats/",
    "stats, a ruleset and period": "/stats/?ruleset=jokerless&start=2026-01-20&end=2026-11-30",
    "stats, one day": "/stats/?start=2026-01-08&end=2026-01-08",
    "a player": "/stats/players/{ann}",
    "a player, filtered": "/stats/players/{ann}?ruleset=jokerless&start=2026-02-10&end=2026-12-31",
    "ratings": "/stats/ratings",
    "ratings, a kind and period": "/stats/ratings?kind=three&start=2026-02-10&end=2026-12-31",
    "ratings, every kind": "/stats/ratings?kind=every",
    "match record": "/history/{probe}",
    "scoreboard": "/matches/{probe}",
    "sheet": "/matches/{probe}/sheet",
    "deal form": "/matches/{probe}/deals/new",
    "edit form": "/matches/{probe}/deals/2/edit",
    "a deal's page": "/matches/{probe}/deals/2",
    "big screen": "/screen/{probe}",
    "the table's big screen": "/screen",
    "the table's big screen, polled": "/screen/version",
}


def count_get(table: Table, url: str) -> list[Statement]:
    with counting(table.app) as found:
        response = table.client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return found


@pytest.mark.parametrize("page", list(PAGES))
def test_each_page_issues_as_many_statements_at_either_size(tables: tuple[Table, Table], page: str) -> None:
    small, large = tables
    few, many = (count_get(table, PAGES[page].format(probe=table.probe, ann=table.ann)) for table in tables)
    assert len(few) == len(many), (page, [s.sql[:80] for s in few], [s.sql[:80] for s in many])
    assert len(many) <= 12, (page, len(many))


def test_a_preview_issues_as_many_statements_at_either_size(tables: tuple[Table, Table]) -> None:
    counts = []
    for table in tables:
        number = table.deals + 1
        with counting(table.app) as found:
            response = table.client.post(f"/matches/{table.probe}/deals/{number}/preview",
                                         data=deal_form(number, [0, 0, 0], [3, 3, 3]))
        assert response.status_code == 200 and "points" in response.text.lower()
        counts.append(len(found))
    assert counts[0] == counts[1]


def test_a_save_writes_the_same_at_deal_one_and_deal_sixty(app_factory: Any) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    seen: dict[int, list[Statement]] = {}
    for number in range(1, 61):
        with counting(app) as found:
            assert post_deal(client, match_id, number, [0, 0, 0], [3, 3, 3]).status_code == 303
        seen[number] = found
    first, last = seen[1], seen[60]
    assert len(first) == len(last), ([s.sql[:60] for s in first], [s.sql[:60] for s in last])
    # The rows written: the deal's three seat rows and the match's three rows, not every deal's.
    written = [(s.sql.split()[0], s.rows) for s in last if s.sql.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert sum(rows for _, rows in written) == sum(s.rows for s in first if s.sql.split()[0] in ("INSERT", "UPDATE", "DELETE"))
    assert max(rows for _, rows in written) <= 9  # three players' day, month and all-time summaries
    # The match is scored once per save: the stored deals are read once, under the lock (before
    # it the save only counts them).
    assert sum(1 for s in last if s.sql.lstrip().startswith("SELECT") and "deals.bids" in s.sql) == 1


def test_a_save_with_its_one_time_key_costs_three_statements_more_and_its_resend_writes_nothing(app_factory: Any) -> None:
    """Issue 35: a form's key is looked up, the day-old keys deleted and the key stored, in the
    save's transaction; the same form sent again reads, and writes nothing but its lock (rolled back)."""
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for number in range(1, 4):
        assert post_deal(client, match_id, number, [0, 0, 0], [3, 3, 3]).status_code == 303
    with counting(app) as plain:
        assert post_deal(client, match_id, 4, [0, 0, 0], [3, 3, 3]).status_code == 303
    with counting(app) as keyed:
        assert post_deal(client, match_id, 5, [0, 0, 0], [3, 3, 3], save_key="k5").status_code == 303
    with counting(app) as resent:
        assert post_deal(client, match_id, 5, [0, 0, 0], [3, 3, 3], save_key="k5").status_code == 303
    assert len(keyed) == len(plain) + 3, ([s.sql[:60] for s in plain], [s.sql[:60] for s in keyed])
    assert [s.sql.split()[0] for s in keyed if "save_keys" in s.sql] == ["SELECT", "DELETE", "INSERT"]
    written = [s.sql[:40] for s in resent if s.sql.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert len(written) == 1 and written[0].startswith("UPDATE matches"), written  # the lock, rolled back
    assert len(resent) < len(keyed)


def test_an_edit_rewrites_only_the_rows_it_changed(app_factory: Any) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for number in range(1, 11):
        assert post_deal(client, match_id, number, [0, 0, 0], [3, 3, 3]).status_code == 303
    with counting(app) as found:  # the last deal's figures change: its own rows and the match's
        response = client.post(f"/matches/{match_id}/deals/10/edit", data=deal_form(10, [3, 0, 0], [3, 3, 3]))
    assert response.status_code == 303
    updates = [s for s in found if s.sql.startswith("UPDATE seat_results")]
    assert len(updates) == 1 and updates[0].rows == 1  # Ann's row: Bob's and Cy's figures stay
    assert not [s for s in found if s.sql.startswith(("INSERT INTO seat_results", "DELETE FROM seat_results"))]


def plan(app: Flask, query: Any) -> str:
    with app.app_context():
        compiled = query.compile(db.engine, compile_kwargs={"literal_binds": True})
        return " | ".join(str(row[-1]) for row in db.session.execute(text(f"EXPLAIN QUERY PLAN {compiled}")))


def test_the_lists_read_matches_in_index_order(app: Flask) -> None:
    from scorer.web.play import home
    with app.test_request_context("/history/?ruleset=jokerless&state=finished"):
        form = history.read_filters(history.HistoryForm)
        found = plan(app, history.history_query(form).limit(20))
    assert "ix_matches_state_created" in found and "TEMP B-TREE" not in found, found
    with app.test_request_context("/history/?ruleset=jokerless"):
        found = plan(app, history.history_query(history.read_filters(history.HistoryForm)).limit(20))
    assert "ix_matches_created" in found and "TEMP B-TREE" not in found, found
    for finished in (False, True):
        found = plan(app, home.latest(finished, 20))
        assert "ix_matches_state" in found and "TEMP B-TREE" not in found, found
    # The table's big screen: the newest match in play and the newest finished, each by the index.
    from scorer.web.data import live
    found = plan(app, live.TABLE_QUERY)
    assert found.count("ix_matches_state") == 2 and "TEMP B-TREE" not in found and "SCAN matches" not in found, found
    # A player's matches through the player's seats, newest first by their index: no sort of all
    # the player's matches, with or without dates.
    start_match(app.test_client(), ["Ann", "Bob", "Cy"])  # player 1, a choice of the filter
    for query in ("player=1", "player=1&start=2026-01-01&end=2026-06-30&ruleset=jokerless"):
        with app.test_request_context(f"/history/?{query}"):
            found = plan(app, history.history_query(history.read_filters(history.HistoryForm)).limit(20))
        assert "ix_match_seats_player_created" in found and "TEMP B-TREE" not in found, found


def test_imports_find_duplicates_by_index(app: Flask) -> None:
    from scorer.web.data import import_check
    from scorer.web.writes import imports
    for played_at in (None, datetime(2026, 5, 1, tzinfo=UTC)):
        doc = sample(1, "jokerless", max_deals=3, played_at=played_at or datetime(2026, 5, 1, tzinfo=UTC))
        if played_at is None:
            del doc["played_at"], doc["updated_at"]
        with app.app_context():
            found = plan(app, imports.candidates(import_check.check(doc)))
        assert "ix_matches_content_hash" in found and "SCAN matches" not in found, found
        if played_at is not None:
            assert "MULTI-INDEX OR" in found and "ix_matches_created" in found, found


def test_a_save_scores_the_match_once(app_factory: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer.web.data import results
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [0, 0, 0], [3, 3, 3]).status_code == 303
    calls: list[int] = []
    memo = app.extensions["scorer.scores"]
    for owner, name in ((memo, "score"), (results, "score")):
        original = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda doc, _f=original: calls.append(len(doc["deals"])) or _f(doc))
    assert post_deal(client, match_id, 2, [0, 0, 0], [3, 3, 3]).status_code == 303
    assert calls == [2]  # once, with the new deal in place


def test_the_fingerprint_from_the_saves_document_is_the_matchs_own(app: Flask, client: FlaskClient) -> None:
    """A save hashes the document it made already (documents.document_hash); an import finds the
    match by ``match_hash``: the two agree, for a match whose deals carry the app's cards too."""
    from cardhelpers import app_match

    from scorer.web.data import documents
    from scorer.web.data.models import Match
    match_id = app_match(client)
    for number in (1, 2):
        assert post_deal(client, match_id, number, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        document = documents.match_document(match)
        assert "turn_up" in document["deals"][0]  # the app's card rides along in the document
        assert documents.document_hash(match, document) == documents.match_hash(match) == match.content_hash


@pytest.mark.parametrize("ruleset, names", [("classic", ["Ann", "Bob", "Cy"]), ("five", ["Ann", "Bob", "Cy", "Dee", "Eve"])])
def test_a_table_joining_a_night_reads_back_nothing_it_just_wrote(app_factory: Any, ruleset: str, names: list[str]) -> None:
    """A club night's tables join at once and take turns at the set's lock, so a join writes what it
    must and reads nothing it knows: the new players in three statements however many sit down
    (found, inserted together, read), and the new match's deals, cards, scorekeepers and cached
    results are never read back (it has none)."""
    from cardhelpers import join_set, new_set

    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    set_id = new_set(client, ruleset=ruleset)
    join_set(client, ["Old", "Hand", "Sat", "Here", "Once"][:len(names)], set_id, ruleset=ruleset)
    with counting(app) as found:
        join_set(client, names, set_id, ruleset=ruleset)
    statements = [s.sql.lstrip() for s in found]
    players = [s for s in statements if "players" in s.split("\n")[0] and "INTO match" not in s.split("\n")[0]
               and not s.startswith("SELECT players.name \n")]  # the lookalike check reads names before the lock
    assert len(players) == 3, players
    for table in ("deals", "dealt_deals", "match_keepers", "seat_results", "match_results"):
        assert not [s for s in statements if s.startswith(f"SELECT {table}.")], table  # a row of the table itself
