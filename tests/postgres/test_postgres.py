"""The app on PostgreSQL: migrations from empty, a whole match saved and scored, bad input refused."""

from __future__ import annotations

import sqlalchemy as sa
from flask_migrate import upgrade

from scorer import create_app
from scorer.web.extensions import db
from tests.web.webhelpers import post_deal, start_match


def postgres_app(url: str):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade()  # the migrations, as `make run` applies them, not create_all()
    return app


def test_migrations_create_every_table_on_postgresql(postgres_url):
    app = postgres_app(postgres_url)
    with app.app_context():
        tables = set(sa.inspect(db.engine).get_table_names())
        assert {"players", "matches", "match_seats", "deals", "alembic_version"} <= tables
        assert db.engine.dialect.name == "postgresql"


def test_a_match_is_recorded_and_scored_on_postgresql(postgres_url):
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
    document = client.get(f"/matches/{match_id}.json").get_json()
    assert len(document["deals"]) == 1
