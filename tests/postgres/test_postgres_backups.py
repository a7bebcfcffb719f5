"""Backups move a server between SQLite and PostgreSQL: backup → restore round trips on
PostgreSQL (migrated as `make run` migrates it) bring back every match, its history, its deleted
state and its statistics, and a second restore adds nothing."""

from __future__ import annotations

from backuphelpers import counts, fill, make_app, snapshot


def test_backup_and_restore_round_trip_through_postgresql(postgres_app, postgres_url, app_factory, tmp_path):
    sqlite = app_factory(WTF_CSRF_ENABLED=False)
    fill(sqlite.test_client())
    first = tmp_path / "from-sqlite.json.gz"
    assert sqlite.test_cli_runner().invoke(args=["backup", str(first)]).exit_code == 0

    postgres = postgres_app(postgres_url)
    result = postgres.test_cli_runner().invoke(args=["restore", str(first)])
    assert result.exit_code == 0, result.output
    assert snapshot(postgres) == snapshot(sqlite)
    before = counts(postgres)
    assert "Restored 0 matches and 0 changes" in postgres.test_cli_runner().invoke(args=["restore", str(first)]).output
    assert counts(postgres) == before

    # Undo and restore work there too, then the PostgreSQL server is backed up and moved back.
    phone = postgres.test_client()
    assert phone.post("/matches/3/restore").status_code == 303
    second = tmp_path / "from-postgres.json"
    assert postgres.test_cli_runner().invoke(args=["backup", str(second)]).exit_code == 0
    (tmp_path / "again").mkdir()
    again = make_app(tmp_path / "again", WTF_CSRF_ENABLED=False)
    assert again.test_cli_runner().invoke(args=["restore", str(second)]).exit_code == 0
    assert snapshot(again) == snapshot(postgres)
    assert "Gus · Hal · Ivy" in again.test_client().get("/").text  # restored on PostgreSQL, live here
