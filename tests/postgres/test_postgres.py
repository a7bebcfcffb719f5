"""The app on PostgreSQL: migrations from empty, a whole match saved and scored, bad input refused."""

from __future__ import annotations

from dataclasses import asdict

import sqlalchemy as sa
from recordhelpers import add_documents, sample
from webhelpers import post_deal, start_match

from scorer.web.data import figures as read
from scorer.web.extensions import db


def test_migrations_create_every_table_on_postgresql(postgres_app, postgres_url):
    app = postgres_app(postgres_url)
    with app.app_context():
        tables = set(sa.inspect(db.engine).get_table_names())
        assert {"players", "matches", "match_seats", "deals", "alembic_version"} <= tables
        assert db.engine.dialect.name == "postgresql"


def test_a_match_is_recorded_and_scored_on_postgresql(postgres_app, postgres_url):
    client = postgres_app(postgres_url).test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    # Ann reveals and takes all nine alone: the 99.
    response = post_deal(client, match_id, 1, ["♣♣♣", "hidden", "hidden"], [9, 0, 0], {0: "reveal"})
    assert response.status_code == 303, response.text
    board = client.get(f"/matches/{match_id}").text
    assert "+99" in board
    # A second, bad deal is refused and stores nothing.
    bad = post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 2])
    assert bad.status_code == 422
    assert "Tricks add up to 8, a deal of this ruleset has 9" in bad.text
    document = client.get(f"/matches/{match_id}/export.json").get_json()
    assert len(document["deals"]) == 1


def figures(app) -> dict:
    """Every statistic the app computes in SQL, for every player: what must not depend on the database."""
    with app.app_context():
        people = {f.name: f for f in read.everyone(read.Scope())}
        ids = {name: pid for pid, name in read.player_names().items()}
        return {name: (asdict(f), read.by_bid(read.Scope(), ids[name]),
                       [asdict(r) | {"player_id": None} for r in read.head_to_head(read.Scope(), ids[name])],
                       (lambda b: b and (b.deal, b.points))(read.best_deal(read.Scope(), ids[name])))
                for name, f in people.items()}


def test_statistics_are_the_same_on_postgresql_as_on_sqlite(postgres_app, postgres_url, app_factory):
    documents = [sample(seed) for seed in range(40)]  # every ruleset, finished and unfinished matches
    on_postgres, on_sqlite = postgres_app(postgres_url), app_factory(WTF_CSRF_ENABLED=False)
    for app in (on_postgres, on_sqlite):
        add_documents(app, documents)
    assert figures(on_postgres) == figures(on_sqlite)
    assert len(figures(on_sqlite)) > 10
    client = on_postgres.test_client()
    for page in ("/history/", "/stats/", "/stats/players/1", "/matches/1/sheet", "/history/1", "/matches/1"):
        assert client.get(page).status_code == 200, page
