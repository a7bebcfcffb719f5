"""A throwaway PostgreSQL server for the tests that prove the app runs on it, not only on SQLite.

`make test` installs Debian's postgresql package when it is missing. The server runs from a fresh
data folder on a Unix socket in a temporary folder (no TCP port at all) and is stopped at the end.
`TEST_POSTGRES_URL` points the tests at an existing server instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from flask import Flask
from flask_migrate import upgrade
from pgserver import PostgresMissing, create_database, drop_database, throwaway_server

from scorer import create_app
from scorer.web.extensions import db


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A base URL (no database name) of a PostgreSQL server for this test session (pgserver.py)."""
    if os.environ.get("TEST_POSTGRES_URL"):
        yield os.environ["TEST_POSTGRES_URL"].rstrip("/")
        return
    with ExitStack() as stack:
        try:
            url = stack.enter_context(throwaway_server())
        except PostgresMissing as missing:
            pytest.fail(str(missing))
        yield url


# Apps built on a test's database; their connection pools are closed before the database is dropped,
# so that no connection is left for the garbage collector to find broken.
_APPS: list[Flask] = []


def _postgres_app(url: str, **config: object) -> Flask:
    """The app on ``url``, migrated as `make run` migrates (not create_all())."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url, "RATINGS_CATCH_UP": "inline", **config})
    with app.app_context():
        upgrade()
    _APPS.append(app)
    return app


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the session's server for one test."""
    name, url = create_database(postgres_server)
    try:
        yield url
    finally:
        while _APPS:
            with _APPS.pop().app_context():
                db.engine.dispose()
        drop_database(postgres_server, name)


@pytest.fixture
def postgres_app(postgres_url: str):
    """Builds the app on this test's database (``postgres_app(postgres_url)``)."""
    return _postgres_app
