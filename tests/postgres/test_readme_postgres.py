"""The README's PostgreSQL section, followed on the suite's throwaway server: a role with a
password, a database it owns, the URL, `make run`'s upgrade as that role, a match recorded; and the
two-line messages for a wrong password, a missing database, a role that may not create tables and
a server that cannot be reached."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from webhelpers import post_deal, start_match

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "table-secret"


def _pg_bin(name: str) -> str:
    """A PostgreSQL client program (Debian keeps them beside the server's)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or name]
    return found[-1]


class Server:
    def __init__(self, socket_dir: str, role: str) -> None:
        self.socket_dir, self.role = socket_dir, role
        self.databases: list[str] = []  # made by the tests, dropped at the end

    def superuser(self, program: str, *args: str) -> None:
        """A PostgreSQL client program as the postgres superuser, on the server's socket."""
        done = subprocess.run([_pg_bin(program), "-h", self.socket_dir, "-U", "postgres", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    def url(self, database: str, password: str = PASSWORD, socket_dir: str | None = None) -> str:
        """The README's URL, on a socket instead of localhost:5432."""
        return f"postgresql://{self.role}:{password}@/{database}?host={socket_dir or self.socket_dir}"


def setup_db(url: str) -> subprocess.CompletedProcess[str]:
    """What `make run` runs before serving: python -m scorer.web.serving.setup_db."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/nonexistent", "SECRET_KEY": "k",
           "DATABASE_URL": url}
    return subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def server(postgres_server: str) -> Iterator[Server]:
    """The suite's server (trust for the postgres superuser), made to check this module's role's
    password as a real server does: its pg_hba.conf gets one line for that role, removed after."""
    socket_dir = parse_qs(urlsplit(postgres_server).query)["host"][0]
    hba = Path(socket_dir) / "data" / "pg_hba.conf"
    assert hba.exists(), "this test needs the suite's own throwaway server, not TEST_POSTGRES_URL"
    role = f"scorer_{uuid.uuid4().hex[:8]}"
    original = hba.read_text()
    hba.write_text(f"local all {role} scram-sha-256\n{original}")
    found = Server(socket_dir, role)
    found.superuser("psql", "-d", "postgres", "-c", "SELECT pg_reload_conf()")
    # `createuser --pwprompt scorer` asks for the password on a terminal; this is what it runs.
    found.superuser("psql", "-d", "postgres", "-v", "ON_ERROR_STOP=1",
                    "-c", f"CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'")
    try:
        yield found
    finally:
        for name in found.databases:
            found.superuser("psql", "-d", "postgres", "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        found.superuser("psql", "-d", "postgres", "-c", f"DROP ROLE IF EXISTS {role}")
        hba.write_text(original)
        found.superuser("psql", "-d", "postgres", "-c", "SELECT pg_reload_conf()")


def new_database(server: Server, owner: bool) -> str:
    name = f"ninety_nine_{uuid.uuid4().hex[:8]}"
    server.databases.append(name)
    # The README: createdb --owner scorer ninety_nine (without --owner: PostgreSQL 15's trap).
    server.superuser("createdb", *(["--owner", server.role] if owner else []), name)
    return name


def test_the_readme_steps_work_as_written(server, postgres_app):
    database = new_database(server, owner=True)
    done = setup_db(server.url(database))
    assert done.returncode == 0 and done.stdout == "" and done.stderr == "", done.stderr
    # The app on that database, as that role: a match recorded and scored.
    app = postgres_app(server.url(database).replace("postgresql://", "postgresql+psycopg://"))
    client = app.test_client()
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    response = post_deal(client, match_id, 1, ["♣♣♣", "hidden", "hidden"], [9, 0, 0], {0: "reveal"})
    assert response.status_code == 303, response.text
    assert "+99" in client.get(f"/matches/{match_id}").text


@pytest.mark.parametrize(("case", "says"), [
    ("wrong password", "refused the password"),
    ("missing database", "has no database"),
    ("not the owner", "may not create tables"),
    ("no server", "Cannot reach PostgreSQL"),
])
def test_an_unusable_database_gets_two_lines_not_a_traceback(server, tmp_path, case, says):
    if case == "wrong password":
        url = server.url(new_database(server, owner=True), password="not-it")
    elif case == "missing database":
        url = server.url("no_such_database")
    elif case == "not the owner":
        url = server.url(new_database(server, owner=False))  # `createdb ninety_nine`, as the old README said
    else:
        url = server.url("ninety_nine", socket_dir=str(tmp_path))  # no server listens there
    done = setup_db(url)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and "Traceback" not in done.stderr and 1 <= len(lines) <= 2, done.stderr
    assert says in lines[0], done.stderr
    assert "not-it" not in done.stderr and PASSWORD not in done.stderr
