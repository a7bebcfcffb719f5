"""An old database for the migration tests: made by the first migration alone, filled with matches
by plain SQL (as the app of that time stored them), then upgraded; and what to compare after."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask_migrate import upgrade

from scorer.core import RULESETS, score, score_document
from scorer.core.samples import random_document
from scorer.web.data import documents
from scorer.web.data.models import Match
from scorer.web.extensions import db

FIRST = "0001_first_tables"

def typed(sql: str, *json: str) -> sa.TextClause:
    """Plain SQL with typed parameters (JSON ones, and the time ``at``), so that the same
    statement runs on SQLite and PostgreSQL."""
    return sa.text(sql).bindparams(*(sa.bindparam(name, type_=sa.JSON) for name in json),
                                   sa.bindparam("at", type_=sa.DateTime(timezone=True)))


INSERT_MATCH = typed(
    "INSERT INTO matches (ruleset, options, first_dealer, finished, created_at, updated_at) "
    "VALUES (:ruleset, :options, :first_dealer, :finished, :at, :at) RETURNING id", "options")
INSERT_PLAYER = typed("INSERT INTO players (name, name_key, created_at) VALUES (:name, :key, :at) RETURNING id")
INSERT_SEAT = sa.text("INSERT INTO match_seats (match_id, seat, player_id) VALUES (:match_id, :seat, :player_id)")
INSERT_DEAL = typed(
    "INSERT INTO deals (match_id, number, bids, tricks, premiums, turn_up, trump, created_at, updated_at) "
    "VALUES (:match_id, :number, :bids, :tricks, :premiums, :turn_up, :trump, :at, :at)", "bids", "tricks", "premiums")


def old_documents(seed: int = 99) -> list[dict[str, Any]]:
    """Random valid matches of every ruleset: finished ones, one stopped part-way, one not begun."""
    rng = random.Random(seed)
    found = []
    for ruleset in RULESETS:
        found.append(random_document(rng, ruleset, max_deals=12, unfinished=0))
        found.append(random_document(rng, ruleset, max_deals=rng.randint(1, 8), unfinished=1))
    found.append(random_document(rng, "jokerless", max_deals=0, unfinished=1))
    return found


def fill_old_database(documents_: list[dict[str, Any]]) -> list[int]:
    """Store the documents as the first migration's tables hold them; the match ids, in order."""
    ids = []
    players: dict[str, int] = {}
    with db.engine.begin() as connection:
        for document in documents_:
            at = datetime.fromisoformat(document["played_at"])
            finished = score_document(document)["scored"]["finished"]
            match_id = connection.execute(INSERT_MATCH, {
                "ruleset": document["ruleset"], "options": document["options"],
                "first_dealer": document["first_dealer"], "finished": finished, "at": at}).scalar_one()
            for seat, name in enumerate(document["players"]):
                key = name.casefold()
                if key not in players:
                    players[key] = connection.execute(INSERT_PLAYER, {"name": name, "key": key, "at": at}).scalar_one()
                connection.execute(INSERT_SEAT, {"match_id": match_id, "seat": seat, "player_id": players[key]})
            for number, deal in enumerate(document["deals"], start=1):
                connection.execute(INSERT_DEAL, {
                    "match_id": match_id, "number": number, "bids": deal["bids"], "tricks": deal["tricks"],
                    "premiums": deal.get("premiums", []), "turn_up": deal.get("turn_up"), "trump": deal.get("trump"),
                    "at": at})
            ids.append(match_id)
    return ids


def stamped() -> str:
    with db.engine.connect() as connection:
        return connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()


def restamp(old: str) -> None:
    with db.engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = :old"), {"old": old})


def head() -> str:
    config = current_app.extensions["migrate"].migrate.get_config()
    (only,) = ScriptDirectory.from_config(config).get_heads()
    return only


def cache() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the results cache, in key order."""
    with db.engine.connect() as connection:
        return {name: [tuple(row) for row in connection.execute(sa.text(f"SELECT * FROM {name} ORDER BY {order}"))]
                for name, order in (("seat_results", "match_id, deal, seat"), ("match_results", "match_id, seat"))}


def check_upgraded(app: Flask, ids: list[int], documents_: list[dict[str, Any]]) -> None:
    """Every match scores through the app as the core scores its document, and the results cache
    the migration wrote is what `flask stats rebuild` writes."""
    with app.app_context():
        assert stamped() == head()
        for match_id, document in zip(ids, documents_, strict=True):
            match = db.session.get(Match, match_id)
            assert documents.score(match) == score(document)[1], f"match {match_id} ({document['ruleset']})"
        migrated = cache()
        db.session.remove()
    assert len(migrated["match_results"]) == sum(len(d["players"]) for d in documents_)
    assert len(migrated["seat_results"]) == sum(RULESETS[d["ruleset"]].seats * len(d["deals"]) for d in documents_)
    result = app.test_cli_runner().invoke(args=["stats", "rebuild"])
    assert result.exit_code == 0 and f"rebuilt for {len(ids)} matches" in result.output, result.output
    with app.app_context():
        assert cache() == migrated


def build_old(app: Flask, documents_: list[dict[str, Any]]) -> list[int]:
    """The first migration only, then the documents stored by plain SQL."""
    with app.app_context():
        upgrade(revision=FIRST)
        return fill_old_database(documents_)
