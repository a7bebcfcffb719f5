"""The migrations on PostgreSQL: a database made by the first migration and filled with matches of
every ruleset upgrades to the newest, every score unchanged (tests/web/test_migrations_upgrade.py
does the same on SQLite)."""

from __future__ import annotations

from flask_migrate import upgrade
from migrationhelpers import build_old, check_upgraded, old_documents, restamp

from scorer import create_app
from scorer.web.extensions import db


def test_a_database_from_the_first_migration_upgrades_on_postgresql(postgres_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "SQLALCHEMY_DATABASE_URI": postgres_url})
    try:
        with app.app_context():
            assert db.engine.dialect.name == "postgresql"
        documents = old_documents(seed=7)
        ids = build_old(app, documents)
        with app.app_context():
            restamp("0001")  # stamped by the app of before, under the first migration's old id
            upgrade()
            db.session.remove()
        check_upgraded(app, ids, documents)
    finally:
        with app.app_context():
            db.engine.dispose()
