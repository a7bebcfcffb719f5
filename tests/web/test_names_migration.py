"""Migration 0004: stored names in one normal form, players whose names now coincide merged with
all their matches and results rows, and every match's content hash filled as the app computes it."""

from __future__ import annotations

import importlib.util
import json
from datetime import datetime
from pathlib import Path

from flask_migrate import upgrade
from recordhelpers import sample
from sqlalchemy import select, text

from scorer import create_app
from scorer.web.data import documents, names
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.writes import maintenance

PLAYED = datetime(2026, 4, 1, 19, 0).replace(tzinfo=None)
NFC, NFD = "Zo\u00eb", "Zoe\u0308"


def insert_match(connection, match_id: int, doc: dict, player_ids: list[int]) -> None:
    connection.execute(text("INSERT INTO matches (id, ruleset, options, first_dealer, finished, created_at, updated_at) "
                            "VALUES (:id, :ruleset, :options, :first, :finished, :at, :at)"),
                       {"id": match_id, "finished": False, "ruleset": doc["ruleset"], "options": json.dumps(doc["options"]),
                        "first": doc["first_dealer"], "at": PLAYED})
    for seat, player_id in enumerate(player_ids):
        connection.execute(text("INSERT INTO match_seats (match_id, seat, player_id) VALUES (:m, :seat, :id)"),
                           {"m": match_id, "seat": seat, "id": player_id})
    for number, deal in enumerate(doc["deals"], start=1):
        connection.execute(text("INSERT INTO deals (match_id, number, bids, tricks, premiums, turn_up, trump, "
                                "created_at, updated_at) VALUES (:m, :n, :bids, :tricks, :premiums, :turn_up, NULL, :at, :at)"),
                           {"m": match_id, "n": number, "bids": json.dumps(deal["bids"]), "tricks": json.dumps(deal["tricks"]),
                            "premiums": json.dumps(deal.get("premiums", [])), "turn_up": deal.get("turn_up"), "at": PLAYED})


def test_names_are_normalised_and_coinciding_players_merged(tmp_path):
    check_names_migration(create_app({"TESTING": True, "SECRET_KEY": "x",
                                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"}))


def check_names_migration(app) -> None:
    """Upgrade a database made by migration 0001 and filled by hand (also run on PostgreSQL)."""
    docs = [sample(30 + i, "jokerless", max_deals=4, unfinished=0) for i in range(3)]
    people = {1: NFC, 2: NFD, 3: "Ann", 4: "Ann\u200b", 5: "Bob", 6: "Cy", 7: "Cy\u200b", 8: "\u200b\u200b"}
    with app.app_context():
        upgrade(revision="0001")
        with db.engine.begin() as connection:
            for player_id, name in people.items():
                connection.execute(text("INSERT INTO players (id, name, name_key, created_at) VALUES (:id, :name, :key, :at)"),
                                   {"id": player_id, "name": name, "key": name.casefold(), "at": PLAYED})
            insert_match(connection, 1, docs[0], [1, 3, 5])
            insert_match(connection, 2, docs[1], [2, 4, 5])  # the same three people, written otherwise
            insert_match(connection, 3, docs[2], [6, 7, 8])  # "Cy" twice at one table: cannot be merged
        upgrade(revision="0003_dealt_cards")  # 0002 fills the results cache
        upgrade()
        with db.engine.connect() as connection:
            stored = dict(connection.execute(text("SELECT id, name FROM players ORDER BY id")).all())
            connection.rollback()
            seats = connection.execute(text("SELECT match_id, player_id FROM match_seats ORDER BY match_id, seat")).all()
            cached = connection.execute(text("SELECT match_id, player_id FROM match_results ORDER BY match_id, seat")).all()
            seat_rows = connection.execute(text("SELECT DISTINCT player_id FROM seat_results WHERE match_id = 2")).scalars().all()
        assert stored == {1: NFC, 3: "Ann", 5: "Bob", 6: "Cy", 7: "Cy (2)", 8: "Player 8"}
        assert [tuple(row) for row in seats] == [(1, 1), (1, 3), (1, 5), (2, 1), (2, 3), (2, 5), (3, 6), (3, 7), (3, 8)]
        assert [tuple(row) for row in cached] == [tuple(row) for row in seats]
        assert sorted(seat_rows) == [1, 3, 5]
        for match in db.session.scalars(select(Match)):
            assert match.content_hash == documents.match_hash(match)
        # The cache written before the merge is what the core gives now.
        before = db.session.execute(text("SELECT * FROM seat_results ORDER BY match_id, deal, seat")).all()
        maintenance.rebuild_all()
        assert db.session.execute(text("SELECT * FROM seat_results ORDER BY match_id, deal, seat")).all() == before


def test_the_migration_and_the_app_agree_on_names_and_fingerprints():
    """The migration holds frozen copies of names.key and documents.content_hash: they agree."""
    path = Path(__file__).resolve().parents[2] / "migrations" / "versions" / "0004_player_names.py"
    spec = importlib.util.spec_from_file_location("migration_0004", path)
    migration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(migration)
    for raw in (NFC, NFD, "ＡＮＮ", "Ann  Lee", "Stra\u00dfe", "ǅemal", "Ⅸ"):
        assert migration.key(migration.tidy(raw)) == names.key(names.clean(raw))
    doc = sample(5, "classic", max_deals=5)
    deals = [{"premiums": [], "turn_up": None, "trump": None, **deal} for deal in doc["deals"]]
    assert migration.content_hash("classic", doc["options"], 1, "table", deals) == \
        documents.content_hash("classic", doc["options"], 1, "table", doc["deals"])
