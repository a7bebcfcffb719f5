"""The app's setup: secret key, database address, migrations, the server's printed address."""

from __future__ import annotations

import stat
from types import SimpleNamespace

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade
from sqlalchemy import create_engine, inspect

from scorer import create_app
from scorer.web.config import load_secret_key, normalise_database_url
from scorer.web.extensions import db
from scorer.web.serving import serve


def test_secret_key_is_generated_once_into_the_instance_folder(tmp_path):
    key = load_secret_key(tmp_path)
    path = tmp_path / "secret_key"
    assert len(key) == 64 and path.read_text().strip() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_secret_key(tmp_path) == key  # kept across restarts


def test_app_without_a_configured_key_uses_the_generated_one(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite'}")
    from flask import Flask

    from scorer.web import create_app as web_create_app
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    app = web_create_app()
    assert app.config["SECRET_KEY"] == (tmp_path / "instance" / "secret_key").read_text().strip()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'x.sqlite'}"


def test_default_database_is_sqlite_in_the_instance_folder(tmp_path, monkeypatch):
    from flask import Flask

    from scorer.web import create_app as web_create_app
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    app = web_create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///" + str(tmp_path / "instance" / "scorer.sqlite")
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert not (tmp_path / "instance" / "secret_key").exists()


@pytest.mark.parametrize("given, used", [
    ("postgres://u:p@db/scores", "postgresql+psycopg://u:p@db/scores"),
    ("postgresql://u:p@db/scores", "postgresql+psycopg://u:p@db/scores"),
    ("postgresql+psycopg://u:p@db/scores", "postgresql+psycopg://u:p@db/scores"),
    ("sqlite:////srv/scores.sqlite", "sqlite:////srv/scores.sqlite"),
])
def test_database_urls_are_normalised(given, used):
    assert normalise_database_url(given) == used


def test_migrations_build_the_same_tables_as_the_models(tmp_path):
    url = f"sqlite:///{tmp_path / 'migrated.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection, opts={"render_as_batch": True}), db.metadata)
    assert diff == []
    tables = set(inspect(create_engine(url)).get_table_names())
    assert {"players", "matches", "match_seats", "deals", "alembic_version"} <= tables


def test_lan_addresses_are_not_loopback():
    addresses = serve.lan_addresses()
    assert all(isinstance(a, str) and not a.startswith("127.") for a in addresses)


def test_serve_prints_where_to_open_it(monkeypatch, capsys, tmp_path):
    served = []
    app = SimpleNamespace(config={"TRUSTED_HOSTS": ["localhost", "127.0.0.1"], "BACKUPS": "off"})  # no thread
    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(serve, "granian_server", lambda *args: served.append(args) or SimpleNamespace(serve=lambda: None))
    serve.main(["--port", "5099"])
    out = capsys.readouterr().out
    assert "http://192.168.1.20:5099/" in out and "http://127.0.0.1:5099/" in out
    assert served[0][:2] == ("0.0.0.0", 5099)
    assert {"localhost", "127.0.0.1", "192.168.1.20"} <= set(app.config["TRUSTED_HOSTS"])  # what it prints, it answers


def test_error_pages_look_like_the_app(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Ninety-Nine" in response.text and "All matches" in response.text
