"""Migrations are frozen history: a database made by the first migration and filled with matches
of every ruleset upgrades to the newest, every score unchanged and the results cache as `flask
stats rebuild` writes it, whatever the app's own code now says; databases stamped with the
revision ids of before upgrade too."""

from __future__ import annotations

import ast
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
