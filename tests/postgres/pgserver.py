"""A throwaway PostgreSQL server: a fresh data folder, a Unix socket in a temporary folder (no
TCP port at all), stopped and removed at the end. The PostgreSQL tests (conftest.py) and the
load test (load/run.py, `make load`) both start theirs with ``throwaway_server``.
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
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa


class PostgresMissing(RuntimeError):
    """Debian's postgresql package is not installed."""


def pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or ""]
    if not found[-1]:
        raise PostgresMissing(f"PostgreSQL's {name} is missing: run `make test`, which installs Debian's postgresql")
    return found[-1]


def as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root; run it as the package's postgres user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextmanager
def throwaway_server(settings: str = "") -> Iterator[str]:
    """A base URL (no database name) of a new PostgreSQL server, gone when the block ends.
    ``settings``: more ``-c name=value`` options for the server (``max_connections``)."""
    folder = Path(tempfile.mkdtemp(prefix="ninety-nine-pg-"))
    data, socket_dir = folder / "data", folder
    if os.geteuid() == 0:
        server_user = pwd.getpwnam("postgres")
        os.chown(folder, server_user.pw_uid, server_user.pw_gid)
    run = lambda cmd: subprocess.run(as_server_user(cmd), check=True, capture_output=True, text=True)  # noqa: E731
    try:
        run([pg_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"])
        run([pg_bin("pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "start",
             "-o", f"-c listen_addresses='' -k {socket_dir} -c fsync=off -c full_page_writes=off {settings}".rstrip()])
        try:
            yield f"postgresql+psycopg://postgres@/?host={socket_dir}"
        finally:
            run([pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def create_database(server: str, prefix: str = "t_") -> tuple[str, str]:
    """A new, empty database on ``server``: (its name, its URL)."""
    name = f"{prefix}{uuid.uuid4().hex[:12]}"
    with admin_engine(server).connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    base, _, query = server.partition("?")
    return name, f"{base.rstrip('/')}/{name}?{query}"


def drop_database(server: str, name: str) -> None:
    with admin_engine(server).connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def admin_engine(server: str) -> sa.Engine:
    base, _, query = server.partition("?")
    return sa.create_engine(f"{base.rstrip('/')}/postgres?{query}", isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
