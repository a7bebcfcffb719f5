"""``make run``'s first step: create or upgrade the database, and say which one it is; compile the
templates into the instance folder, where the workers read them.

    python -m scorer.web.serving.setup_db            # upgrade; one or two lines and exit 1 if it cannot
    python -m scorer.web.serving.setup_db --wants-postgres   # exit 0 if DATABASE_URL names PostgreSQL

A database that cannot be reached, refuses the password, does not exist or forbids creating
tables is named with what to do about it, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError, ProgrammingError

from scorer.web.config import env_file_values, setting


def database_url_setting() -> str:
    """DATABASE_URL as the app will read it: the environment first, then ``.env``."""
    return setting("DATABASE_URL", env_file_values())


def describe_database(uri: str) -> str:
    """Which database, without its password: "SQLite file /path" or "PostgreSQL ninety_nine on host"."""
    try:
        url = make_url(uri)
    except ArgumentError:
        return "an unreadable DATABASE_URL"
    if url.get_backend_name() == "sqlite":
        return f"SQLite file {url.database}" if url.database else "SQLite in memory"
    if url.get_backend_name() == "postgresql":
        where = f"{url.host}:{url.port or 5432}" if url.host else "the local socket"
        user = f" as {url.username}" if url.username else ""
        return f"PostgreSQL database {url.database} on {where}{user}"
    return url.render_as_string(hide_password=True)


def explain(err: Exception, uri: str) -> str:
    """One or two lines: what went wrong with the database and how to fix it."""
    text = str(getattr(err, "orig", None) or err)
    lowered = text.lower()
    url = make_url(uri)
    socket = url.query.get("host")  # ?host=/run/postgresql: a Unix socket folder
    name, user = url.database, url.username or "your user"
    where = f"{url.host or 'localhost'}:{url.port or 5432}" if url.host or not socket else f"the socket in {socket}"
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return (f"PostgreSQL refused the password for role {user!r}.\n"
                f"Fix the password in DATABASE_URL, or set it again with: ALTER ROLE {user} PASSWORD '...';")
    if "role" in lowered and "does not exist" in lowered:
        return (f"PostgreSQL has no role {user!r}.\n"
                f"Create it (see the README): sudo -u postgres createuser --pwprompt {user}")
    if "database" in lowered and "does not exist" in lowered:
        return (f"PostgreSQL has no database {name!r}.\n"
                f"Create it (see the README): sudo -u postgres createdb --owner {user} {name}")
    if "permission denied" in lowered or "must be owner" in lowered:
        return (f"Role {user!r} may not create tables in database {name!r} ({text.splitlines()[0]}).\n"
                f"Make it the owner: sudo -u postgres psql -c 'ALTER DATABASE {name} OWNER TO {user};' "
                f"(or create it with createdb --owner {user}).")
    if "connection refused" in lowered or "could not connect" in lowered or "could not translate" in lowered \
            or "timeout" in lowered or "no such file or directory" in lowered and url.get_backend_name() == "postgresql":
        return (f"Cannot reach PostgreSQL on {where}.\n"
                "Start the server (sudo systemctl start postgresql) or fix the host and port in DATABASE_URL.")
    if url.get_backend_name() == "sqlite":
        return (f"Cannot open the SQLite file {url.database} ({text.splitlines()[0]}).\n"
                "Check that its folder exists and is writable by this user.")
    return f"The database refused: {text.splitlines()[0] if text else type(err).__name__}"


def upgrade_database() -> int:
    """Create or upgrade the tables; 0 when done, 1 with a short message on standard error."""
    from flask_migrate import upgrade

    from scorer.web import create_app, templating

    uri = ""
    try:
        app = create_app()
        uri = app.config["SQLALCHEMY_DATABASE_URI"]
        app.config["QUIET_MIGRATIONS"] = True  # migrations/env.py: no INFO line on every start
        with app.app_context():
            upgrade()
            from scorer.web.writes import ratings

            ratings.catch_up_all()  # after the migration that adds them, or a change left for later
        # Compiled once here, before the server starts, instead of by each of its workers at once
        # while a club night's phones arrive (DECISIONS 114): the workers read the kept files.
        templating.compile_all(app)
    except ModuleNotFoundError as err:
        if err.name and err.name.startswith("psycopg"):
            print("PostgreSQL's driver is not installed: run `make install-postgres` (make run does it when "
                  "DATABASE_URL names PostgreSQL).", file=sys.stderr)
            return 1
        raise
    except ArgumentError:
        print("DATABASE_URL is not a database address: write it as "
              "postgresql://scorer:PASSWORD@localhost/ninety_nine (see the README).", file=sys.stderr)
        return 1
    except (OperationalError, ProgrammingError, DBAPIError) as err:
        print(explain(err, uri), file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Create or upgrade the score keeper's database.")
    parser.add_argument("--wants-postgres", action="store_true",
                        help="only say (exit status 0) whether DATABASE_URL names PostgreSQL")
    args = parser.parse_args(argv)
    if args.wants_postgres:
        return 0 if database_url_setting().startswith("postgres") else 1
    return upgrade_database()


if __name__ == "__main__":
    sys.exit(main())
