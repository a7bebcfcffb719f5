"""Shared by every test folder: an app on a fresh SQLite file per test (its schema built once per
session and copied), and the suite's tiers.

**Tiers.** Every test in ``tests/browser`` is marked ``browser`` (Playwright on Debian's Chromium),
every test in ``tests/postgres`` ``postgres`` (a throwaway PostgreSQL server), and the tests that
take seconds each (real servers, races, fuzzing, migrations) ``slow``: ``make test-fast`` runs the
rest, ``make test`` runs everything (and is what CI runs).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from scorer import create_app
from scorer.web.extensions import db

TESTS = Path(__file__).resolve().parent
BY_FOLDER = {"browser": pytest.mark.browser, "postgres": pytest.mark.postgres}
# Each of these takes seconds (a server started, threads racing, hypothesis at length, databases
# migrated step by step): measured with --durations, they were most of the web tier's time.
SLOW_FILES = {
    "test_races.py", "test_real_server.py", "test_fuzz_routes.py", "test_load.py", "test_migrations_upgrade.py",
    "test_results_migration.py", "test_names_migration.py", "test_serve.py", "test_worker_races.py",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.resolve()
        folder = path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""
        if folder in BY_FOLDER:
            item.add_marker(BY_FOLDER[folder])
        if path.name in SLOW_FILES or item.get_closest_marker("slow") is not None:
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """In CI (``CI`` set, as the CI runner sets it) a browser test never passes by being skipped:
    a missing Chromium must fail the run, not hide the browser tier."""
    report: pytest.TestReport = yield
    if os.environ.get("CI") and report.skipped and item.get_closest_marker("browser") is not None:
        report.outcome = "failed"
        report.longrepr = f"a browser test was skipped in CI: {report.longrepr}"
    return report


_SCHEMA: dict[str, Path] = {}


def schema_file() -> Path:
    """An empty database with the app's schema, built once per test session (``db.create_all``
    took about 0.2 s a test); each test copies the file."""
    if "path" not in _SCHEMA:
        folder = Path(tempfile.mkdtemp(prefix="ninety-nine-schema-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "schema.sqlite"
        app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        with app.app_context():
            db.create_all()
            db.engine.dispose()  # the last connection closed: the write-ahead log is folded into the file
        _SCHEMA["path"] = path
    return _SCHEMA["path"]


def make_app(tmp_path: Path, **config: object) -> Flask:
    """An app whose database (and instance folder contents) live in ``tmp_path``."""
    database = tmp_path / "scorer.sqlite"
    own_database = "SQLALCHEMY_DATABASE_URI" in config
    if not own_database and not database.exists():
        shutil.copyfile(schema_file(), database)
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-only-key",
        "TIMEZONE": "UTC",  # what the tests expect, whatever the machine's zone (test_timezone.py)
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        # The ratings fold right after each write's commit, so a test reads them at once; the
        # catch-up thread of the server is tested on its own (tests/web/test_rating_catch_up.py).
        "RATINGS_CATCH_UP": "inline",
        "KEPT_PAGES_FOLDER": str(tmp_path / "kept-pages"),  # a club night's boards, shared by the processes
        **config,
    })
    if own_database:
        with app.app_context():
            db.create_all()
    return app


@pytest.fixture
def app_factory(tmp_path: Path):
    def factory(**config: object) -> Flask:
        return make_app(tmp_path, **config)
    return factory


@pytest.fixture(autouse=True)
def _no_catch_up_thread_outlives_its_test():
    """A test that serves an app in its process (serve.worker_app) starts the app's ratings
    catch-up thread; stopped when the test ends, it never outlives the test's database (a
    PostgreSQL server stopped, it retried and logged every few seconds for the rest of the run)."""
    yield
    from scorer.web.writes import rating_worker

    for worker in list(rating_worker._workers.values()):
        rating_worker.stop(worker.app, wait=2.0)
