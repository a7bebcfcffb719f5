"""Migrations are frozen history: a database made by the first migration and filled with matches
of every ruleset upgrades to the newest, every score unchanged and the results cache as `flask
stats rebuild` writes it, whatever the app's own code now says; databases stamped with the
revision ids of before upgrade too."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import upgrade
from migrationhelpers import FIRST, build_old, cache, check_upgraded, head, old_documents, restamp, stamped

from scorer import create_app
from scorer.web.data import results
from scorer.web.extensions import db

VERSIONS = Path(__file__).resolve().parents[2] / "migrations" / "versions"


@pytest.fixture
def old_app(tmp_path):
    """The app on an empty SQLite file that no create_all() has touched: only migrations build it."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-only-key",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"})


def test_a_database_from_the_first_migration_upgrades_with_every_score_unchanged(old_app, monkeypatch):
    documents = old_documents()
    ids = build_old(old_app, documents)
    with monkeypatch.context() as patch:
        # The app's own results code may change or go: the migration does not use it.
        def gone(*_args, **_kwargs):
            raise AssertionError("a migration called the app's results code")
        patch.setattr(results, "rows_for", gone)
        patch.setattr(results, "as_utc", gone)
        with old_app.app_context():
            upgrade()
    check_upgraded(old_app, ids, documents)


@pytest.mark.parametrize("old_id, at", [("0001", FIRST), ("0002_results", "0002_results_cache")])
def test_a_database_stamped_with_an_old_revision_id_still_upgrades(old_app, old_id, at):
    documents = old_documents(seed=5)[:6]
    ids = build_old(old_app, documents)
    with old_app.app_context():
        upgrade(revision=at)
        before = cache() if at != FIRST else None
        restamp(old_id)  # as the app of before stamped it
        upgrade()
        assert stamped() == head()
        tables = set(sa.inspect(db.engine).get_table_names())
        assert {"seat_results", "match_results", "dealt_deals", "hand_links"} <= tables
        if before is not None:
            assert cache() == before  # 0002 ran once, not again
        db.session.remove()
    check_upgraded(old_app, ids, documents)


def revisions() -> dict[str, tuple[str, str | None]]:
    """File stem -> (revision, down_revision), read from each migration's source."""
    found = {}
    for path in sorted(VERSIONS.glob("*.py")):
        values = {}
        for node in ast.parse(path.read_text()).body:
            target = node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
                values[target.id] = ast.literal_eval(node.value)
        found[path.stem] = (values["revision"], values["down_revision"])
    return found


def test_each_revision_id_is_its_file_name_and_they_form_one_line():
    found = revisions()
    assert {"0001_first_tables", "0002_results_cache", "0003_dealt_cards"} <= set(found)
    assert all(stem == revision for stem, (revision, _) in found.items())
    downs = [down for _, down in found.values()]
    assert downs.count(None) == 1 and len(set(downs)) == len(downs)
    assert all(down is None or down in found for down in downs)


def test_no_migration_imports_the_app():
    for path in VERSIONS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(name == "scorer" or name.startswith(("scorer.web", "scorer.cli")) for name in names), \
                f"{path.name} imports {names}: a migration may call the core (scorer.core), never the app"


def test_a_database_of_before_club_nights_upgrades_with_its_sets_tables_admitted(old_app):
    """0018: every match already played from a deal set becomes one of its tables, numbered in the
    order started and admitted (they were played before there were organisers), each set gets a
    table code and no organiser's phone (its site manager runs it); known browsers are kept on the
    server; a phone holds one seat of a match."""
    with old_app.app_context():
        upgrade(revision="0017_rated_when_finished")
        now = sa.bindparam("at", type_=sa.DateTime(timezone=True))
        with db.engine.begin() as connection:
            for set_id in (1, 2):
                connection.execute(sa.text(
                    "INSERT INTO deal_sets (id, key, name, ruleset, options, count, seed, first_dealer, created_at) "
                    "VALUES (:id, :key, :name, 'classic', '{}', 3, 7, 0, :at)").bindparams(now),
                    {"id": set_id, "key": f"key{set_id}", "name": f"Night {set_id}", "at": datetime.now(UTC)})
            for match_id, set_id in ((1, 1), (2, 2), (3, 1), (4, None)):
                connection.execute(sa.text(
                    "INSERT INTO matches (id, ruleset, options, first_dealer, finished, created_at, updated_at, version) "
                    "VALUES (:id, 'classic', '{}', 0, 0, :at, :at, 0)").bindparams(now), {"id": match_id, "at": datetime.now(UTC)})
                connection.execute(sa.text("INSERT INTO match_cards (match_id, mode, seed, deal_set_id) "
                                           "VALUES (:id, 'app', NULL, :set_id)"), {"id": match_id, "set_id": set_id})
                for seat in range(3):
                    player = 3 * match_id + seat
                    connection.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES "
                                               "(:id, :name, :name, :at)").bindparams(now),
                                       {"id": player, "name": f"p{player}", "at": datetime.now(UTC)})
                    connection.execute(sa.text("INSERT INTO match_seats (match_id, seat, player_id, match_created_at) "
                                               "VALUES (:id, :seat, :player, :at)").bindparams(now),
                                       {"id": match_id, "seat": seat, "player": player, "at": datetime.now(UTC)})
        upgrade()
        assert stamped() == head()
        with db.engine.connect() as connection:
            tables = connection.execute(sa.text("SELECT match_id, deal_set_id, number, state FROM set_tables "
                                                "ORDER BY match_id")).all()
            assert [tuple(row) for row in tables] == [(1, 1, 1, "open"), (2, 2, 1, "open"), (3, 1, 2, "open")]
            sets = connection.execute(sa.text("SELECT table_code, organiser_hash, code_on_screen, version "
                                              "FROM deal_sets ORDER BY id")).all()
            codes = [row[0] for row in sets]
            assert all(len(code) == 8 and code.isalnum() for code in codes) and codes[0] != codes[1]
            assert [tuple(row[1:]) for row in sets] == [(None, False, 0), (None, False, 0)]
            connection.execute(sa.text("INSERT INTO seat_holders (match_id, seat, holder_hash) VALUES (1, 0, 'phone')"))
            with pytest.raises(sa.exc.IntegrityError):
                connection.execute(sa.text("INSERT INTO seat_holders (match_id, seat, holder_hash) VALUES (1, 1, 'phone')"))
        assert {"known_browsers", "set_tables"} <= set(sa.inspect(db.engine).get_table_names())
        assert "known_hash" in {column["name"] for column in sa.inspect(db.engine).get_columns("sign_in_attempts")}
        db.session.remove()
    client = old_app.test_client()  # the server machine: the site manager runs the old sets
    assert client.get("/deal-sets/1/organise").status_code == 200
    assert "Table 2" in client.get("/deal-sets/1").text
