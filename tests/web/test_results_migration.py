"""The migration that adds the results cache fills it for the matches stored before it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from flask_migrate import upgrade
from recordhelpers import sample
from sqlalchemy import text

from scorer import create_app
from scorer.core import score
from scorer.web.data import results
from scorer.web.extensions import db

PLAYED = datetime(2026, 4, 1, 19, 0, tzinfo=UTC)


def test_the_migration_fills_the_cache_for_existing_matches(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"})
    doc = sample(21, "jokerless", max_deals=6, unfinished=0)
    with app.app_context():
        upgrade(revision="0001_first_tables")  # a database from before the cache
        with db.engine.begin() as connection:
            connection.execute(text("INSERT INTO matches (id, ruleset, options, first_dealer, finished, created_at, updated_at) "
                                    "VALUES (1, :ruleset, :options, :first, 0, :at, :at)"),
                               {"ruleset": doc["ruleset"], "options": json.dumps(doc["options"]),
                                "first": doc["first_dealer"], "at": PLAYED.replace(tzinfo=None)})
            for seat, name in enumerate(doc["players"]):
                connection.execute(text("INSERT INTO players (id, name, name_key, created_at) VALUES (:id, :name, :key, :at)"),
                                   {"id": seat + 10, "name": name, "key": name.casefold(), "at": PLAYED.replace(tzinfo=None)})
                connection.execute(text("INSERT INTO match_seats (match_id, seat, player_id) VALUES (1, :seat, :id)"),
                                   {"seat": seat, "id": seat + 10})
            for number, deal in enumerate(doc["deals"], start=1):
                connection.execute(text("INSERT INTO deals (match_id, number, bids, tricks, premiums, turn_up, trump, "
                                        "created_at, updated_at) VALUES (1, :n, :bids, :tricks, :premiums, :turn_up, NULL, :at, :at)"),
                                   {"n": number, "bids": json.dumps(deal["bids"]), "tricks": json.dumps(deal["tricks"]),
                                    "premiums": json.dumps(deal.get("premiums", [])), "turn_up": deal.get("turn_up"),
                                    "at": PLAYED.replace(tzinfo=None)})
        upgrade()
        with db.engine.connect() as connection:
            seats = connection.execute(text("SELECT deal, seat, player_id, points, total, made, premium FROM seat_results "
                                            "ORDER BY deal, seat")).all()
            matches = connection.execute(text("SELECT seat, player_id, won, games_won, grand_total FROM match_results "
                                              "ORDER BY seat")).all()
    stored = {**doc, "deals": [{**d, "premiums": d.get("premiums", [])} for d in doc["deals"]]}
    _, scored = score(stored)
    seat_rows, match_rows = results.rows_for(1, stored, scored, [10, 11, 12], PLAYED)
    assert len(seats) == 3 * len(doc["deals"])
    assert [tuple(r) for r in seats] == [(r["deal"], r["seat"], r["player_id"], r["points"], r["total"], r["made"], r["premium"])
                                         for r in seat_rows]
    assert [tuple(r) for r in matches] == [(r["seat"], r["player_id"], r["won"], r["games_won"], r["grand_total"])
                                           for r in match_rows]
