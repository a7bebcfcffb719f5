"""Backups: `flask --app scorer backup FILE` and `restore FILE` round trip every match with its
change history and deleted state; a second restore adds nothing; `make run`'s daily backups keep 14."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from backuphelpers import counts, fill, make_app, snapshot
from flask import Flask
from sqlalchemy import select
from webhelpers import post_undo, start_match

from scorer import create_app
from scorer.web.data.models import Change, Match
from scorer.web.extensions import db
from scorer.web.records import backups

THREE = ["Ann", "Bob", "Cy"]



def test_backup_then_restore_into_an_empty_database_brings_everything_back(app, client, tmp_path):
    fill(client)
    path = tmp_path / "backup.json.gz"
    result = app.test_cli_runner().invoke(args=["backup", str(path)])
    assert result.exit_code == 0, result.output
    assert "Backed up 3 matches" in result.output
    data = json.loads(gzip.decompress(path.read_bytes()))
    assert data["format"] == "ninety-nine-backup" and len(data["matches"]) == 3
    assert data["matches"][0]["match"]["players"] == ["Anne", "Bob", "Cy"]  # MATCH-FORMAT.md, as exported

    (tmp_path / "other").mkdir()
    elsewhere = make_app(tmp_path / "other", WTF_CSRF_ENABLED=False)
    result = elsewhere.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    assert "Restored 3 matches" in result.output
    assert snapshot(elsewhere) == snapshot(app)
    # The deleted match is still on Recently deleted there, out of the statistics.
    assert "Gus · Hal · Ivy" in elsewhere.test_client().get("/deleted").text

    # A second restore, and a restore into the database it came from, double nothing.
    before = counts(elsewhere)
    result = elsewhere.test_cli_runner().invoke(args=["restore", str(path)])
    assert "Restored 0 matches and 0 changes; 3 already here" in result.output
    assert counts(elsewhere) == before
    before = counts(app)
    assert app.test_cli_runner().invoke(args=["restore", str(path)]).exit_code == 0
    assert counts(app) == before


def test_a_restored_history_can_still_be_undone(app, client, tmp_path):
    first, _, _ = fill(client)
    path = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    (tmp_path / "other").mkdir()
    elsewhere = make_app(tmp_path / "other", WTF_CSRF_ENABLED=False)
    assert elsewhere.test_cli_runner().invoke(args=["restore", str(path)]).exit_code == 0
    phone = elsewhere.test_client()
    # No keeper moves with a backup: the server machine (this client, 127.0.0.1) takes the match over.
    assert phone.post(f"/matches/{first}/take-over").status_code == 303
    with elsewhere.app_context():
        edit = db.session.scalar(select(Change).where(Change.match_id == first, Change.before.is_not(None)))
    assert post_undo(phone, first, edit.id).status_code == 303
    document = phone.get(f"/matches/{first}/export.json").get_json()
    assert document["deals"][0]["tricks"] == [3, 3, 3]


def test_a_bad_backup_restores_nothing(app, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "ninety-nine-backup", "version": 1, "matches": [
        {"match": {"format": "ninety-nine/1", "ruleset": "nope"}, "changes": []}]}))
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 1
    assert "Nothing was restored: match 1 of the file" in result.output
    assert counts(app) == (0, 0, 0)
    path.write_text("[]")
    assert "is not a backup" in app.test_cli_runner().invoke(args=["restore", str(path)]).output


def test_the_daily_backup_purges_and_keeps_the_last_14(app, client, tmp_path):
    app.config["BACKUP_FOLDER"] = str(tmp_path / "backups")
    folder = backups.daily_folder(app)
    folder.mkdir(parents=True)
    for day in range(1, 21):  # twenty older daily files
        (folder / f"ninety-nine-2026-10-{day:02d}.json.gz").write_bytes(b"old")
    (folder / "keep-me.txt").write_text("not a daily backup")
    match_id = start_match(client, THREE)
    assert client.post(f"/matches/{match_id}/delete", data={}).status_code == 302
    app.config["CLOCK"] = lambda: datetime(2026, 11, 23, 9, tzinfo=UTC) + timedelta(days=40)
    path = backups.write_daily(app)
    assert path.name == "ninety-nine-2027-01-02.json.gz"
    daily = sorted(p.name for p in folder.glob("ninety-nine-*.json.gz"))
    assert len(daily) == 14 and daily[-1] == path.name and daily[0] == "ninety-nine-2026-10-08.json.gz"
    assert (folder / "keep-me.txt").exists()
    with app.app_context():
        assert db.session.get(Match, match_id) is None  # deleted over 30 days before: purged first
    assert json.loads(gzip.decompress(path.read_bytes()))["matches"] == []


def test_make_run_starts_the_daily_backup_unless_it_is_off(monkeypatch, tmp_path):
    from scorer.web.serving import serve

    started: list[Flask] = []
    monkeypatch.setattr(backups, "start_daily", lambda app: started.append(app))
    monkeypatch.setattr(serve, "granian_server", lambda *args: SimpleNamespace(serve=lambda: None))
    monkeypatch.setattr(serve, "create_app", lambda: make_app(tmp_path, BACKUP_FOLDER=str(tmp_path / "b")))
    serve.main(["--host", "127.0.0.1", "--port", "5999"])
    assert len(started) == 1
    monkeypatch.setattr(serve, "create_app", lambda: make_app(tmp_path, BACKUPS="off"))
    serve.main(["--host", "127.0.0.1", "--port", "5999"])
    assert len(started) == 1


def test_the_daily_thread_writes_at_once_and_stops(app, tmp_path):
    app.config["BACKUP_FOLDER"] = str(tmp_path / "backups")
    stop = backups.start_daily(app, every=3600)
    try:
        for _ in range(200):
            if list(backups.daily_folder(app).glob("ninety-nine-*.json.gz")):
                break
            stop.wait(0.05)
        assert list(backups.daily_folder(app).glob("ninety-nine-*.json.gz"))
    finally:
        stop.set()


def test_scorer_backups_off_is_read_from_the_environment(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("SCORER_BACKUPS", "OFF")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "k")
    assert create_app().config["BACKUPS"] == "off"
