"""Where the app's settings come from: defaults, ``instance/config.py``, the environment, tests.

Settings may also be kept in ``.env`` in the repository root (``DATABASE_URL``, ``SECRET_KEY``,
``SCORER_HOSTS``, ``SCORER_PASSCODE``, ``SCORER_MANAGER_PASSCODE``, ``SCORER_BEHIND_PROXY``), read by the app and by
``make run`` alike; the environment wins over it.
Two settings matter for a new user and need no setup: the database (SQLite in the instance
folder unless ``DATABASE_URL`` names another) and the secret key (read from the environment or
``instance/config.py``; otherwise generated once into ``instance/secret_key`` and reused, so
sessions and CSRF tokens survive a restart without a key ever being written into the code).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from scorer.web import clock

SECRET_KEY_FILE = "secret_key"
# Host names the app answers to however it is started (``flask run``, the tests); serve.py adds
# the addresses it listens on, and SCORER_HOSTS (comma-separated) adds a domain name.
LOCAL_HOSTS = ["localhost", "127.0.0.1"]
DATABASE_FILE = "scorer.sqlite"
# Settings kept in one place that both the app and `make run` read (git-ignored): the repository
# root's .env, one KEY=VALUE a line. The environment wins over it.
ENV_FILE = Path(__file__).resolve().parents[2] / ".env"


def env_file_values(path: Path = ENV_FILE) -> dict[str, str]:
    """``.env``'s settings: ``KEY=VALUE`` lines, ``export`` and quotes allowed, ``#`` comments and
    blank lines skipped. A missing file is no settings. (Flask reads .env only with python-dotenv,
    which the app does not otherwise need.)"""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def setting(name: str, file_values: dict[str, str]) -> str:
    """An environment variable, else the same name in .env, else ""."""
    return os.environ.get(name) or file_values.get(name, "")


def normalise_database_url(url: str) -> str:
    """Point PostgreSQL URLs at psycopg 3, the driver of the ``postgres`` extra.

    Heroku-style ``postgres://`` is not a name SQLAlchemy knows, and a bare ``postgresql://``
    would ask for psycopg2, which is not installed.
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def load_secret_key(instance_path: str | Path) -> str:
    """Read the generated key from the instance folder, creating it (owner-only) on first run."""
    path = Path(instance_path) / SECRET_KEY_FILE
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_hex(32)
    # O_EXCL: if two workers start at once, the second one reads the first one's key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def is_yes(text: str) -> bool:
    """``1``, ``yes``, ``true`` or ``on`` (any case) for a setting that is on or off."""
    return text.strip().lower() in ("1", "yes", "true", "on")


def hosts_from(text: str) -> list[str]:
    """``SCORER_HOSTS``: "scores.example.org, 192.168.1.20" → the names, blanks dropped."""
    return [name.strip() for name in text.split(",") if name.strip()]


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Fill ``app.config``: defaults, then the instance file or the test's dict, then fill-ins."""
    file_values = env_file_values() if test_config is None else {}
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, DATABASE_FILE),
        # A form being filled in at the table can sit for a long time between deals.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=64 * 1024,
        TEMPLATES_AUTO_RELOAD=None,
        TRUSTED_HOSTS=[*LOCAL_HOSTS, *hosts_from(setting("SCORER_HOSTS", file_values))],
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # The zone times are shown in and days cut at (clock.py); blank: the server's own.
        TIMEZONE="",
        # `make run`'s daily backup into instance/backups/ (records/backups.py); "off" stops it.
        BACKUPS="on",
        # The site passcode (passcode.py): blank, the site is open to whoever reaches it.
        SCORER_PASSCODE="",
        # The site manager's own passcode (policy/passcode.py): set, the site manager's rights (what
        # the ladder counts and confirms, leaving a match out, deleting or taking over any match,
        # renames, imports) are for the server machine and a browser signed in with it, not for
        # every holder of SCORER_PASSCODE, which then only opens the site.
        SCORER_MANAGER_PASSCODE="",
        # Behind one reverse proxy on this machine (Caddy): the client's address and scheme come
        # from its X-Forwarded-For/-Proto (access.py); otherwise those headers are ignored.
        SCORER_BEHIND_PROXY=False,
        # SQLite only: how long a connection waits for another one's write before "database is
        # locked" (extensions.py). A test of the busy path sets a fraction of a second.
        SQLITE_BUSY_TIMEOUT_MS=30_000,
        # How the ratings catch up after a change far back (writes/ratings.py): "thread", a
        # background thread of each process, off the request; "inline", at once after the write's
        # commit, in the caller's thread (the tests, for determinism); "off", the marks wait for
        # the next start's set-up step or a command (tests of the pages while a change is caught up).
        RATINGS_CATCH_UP="thread",
        # The addresses a phone on the table's network can open (``make run`` sets those it
        # prints, the Wi-Fi first): the big screen, opened on the server machine itself as
        # 127.0.0.1, puts the first in its QR code, which a phone could not follow otherwise.
        PHONE_HOSTS=[],
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        if setting("SECRET_KEY", file_values):
            app.config["SECRET_KEY"] = setting("SECRET_KEY", file_values)
        if setting("DATABASE_URL", file_values):
            app.config["SQLALCHEMY_DATABASE_URI"] = setting("DATABASE_URL", file_values)
        if setting("TIMEZONE", file_values):
            app.config["TIMEZONE"] = setting("TIMEZONE", file_values)
        if setting("SCORER_BACKUPS", file_values):
            app.config["BACKUPS"] = setting("SCORER_BACKUPS", file_values).strip().lower()
        if setting("SCORER_PASSCODE", file_values):
            app.config["SCORER_PASSCODE"] = setting("SCORER_PASSCODE", file_values)
        if setting("SCORER_MANAGER_PASSCODE", file_values):
            app.config["SCORER_MANAGER_PASSCODE"] = setting("SCORER_MANAGER_PASSCODE", file_values)
        if setting("SCORER_BEHIND_PROXY", file_values):
            app.config["SCORER_BEHIND_PROXY"] = is_yes(setting("SCORER_BEHIND_PROXY", file_values))
    else:
        app.config.from_mapping(test_config)
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # The busy timeout is the driver's own argument (sqlite3's ``timeout``, in seconds), given
        # with each connection; a test's own connect_args win.
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        connect_args = dict(options.get("connect_args") or {})
        connect_args.setdefault("timeout", int(app.config["SQLITE_BUSY_TIMEOUT_MS"]) / 1000)
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {**options, "connect_args": connect_args}
    app.extensions["scorer.timezone"] = clock.zone_named(app.config["TIMEZONE"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(app.instance_path)
