"""A throwaway PostgreSQL server for the tests that prove the app runs on it, not only on SQLite.

`make test` installs Debian's postgresql package when it is missing. The server runs from a fresh
data folder on a Unix socket in a temporary folder (no TCP port at all) and is stopped at the end.
`TEST_POSTGRES_URL` points the tests at an existing server instead.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import upgrade

from scorer import create_app
from scorer.web.extensions import db


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or ""]
    if not found[-1]:
        pytest.fail(f"PostgreSQL's {name} is missing: run `make test`, which installs Debian's postgresql")
    return found[-1]


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root; run it as the package's postgres user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A base URL (no database name) of a PostgreSQL server for this test session."""
    if os.environ.get("TEST_POSTGRES_URL"):
        yield os.environ["TEST_POSTGRES_URL"].rstrip("/")
        return
    folder = Path(tempfile.mkdtemp(prefix="ninety-nine-pg-"))
    data, socket_dir = folder / "data", folder
    if os.geteuid() == 0:
        server_user = pwd.getpwnam("postgres")
        os.chown(folder, server_user.pw_uid, server_user.pw_gid)
    run = lambda cmd: subprocess.run(_as_server_user(cmd), check=True, capture_output=True, text=True)  # noqa: E731
    run([_pg_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"])
    run([_pg_bin("pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "start",
         "-o", f"-c listen_addresses='' -k {socket_dir} -c fsync=off -c full_page_writes=off"])
    try:
        yield f"postgresql+psycopg://postgres@/?host={socket_dir}"
    finally:
        run([_pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(folder, ignore_errors=True)


# Apps built on a test's database; their connection pools are closed before the database is dropped,
# so that no connection is left for the garbage collector to find broken.
_APPS: list[Flask] = []


def _postgres_app(url: str, **config: object) -> Flask:
    """The app on ``url``, migrated as `make run` migrates (not create_all())."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url, **config})
    with app.app_context():
        upgrade()
    _APPS.append(app)
    return app


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the session's server for one test."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    base, _, query = postgres_server.partition("?")
    admin = sa.create_engine(f"{base.rstrip('/')}/postgres?{query}", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{base.rstrip('/')}/{name}?{query}"
    finally:
        while _APPS:
            with _APPS.pop().app_context():
                db.engine.dispose()
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def postgres_app(postgres_url: str):
    """Builds the app on this test's database (``postgres_app(postgres_url)``)."""
    return _postgres_app
