"""Backups: every match as its match document (MATCH-FORMAT.md, as exported), with its change
history and deleted state, in one JSON file (gzipped when its name ends in ``.gz``).

    flask --app scorer backup FILE      # write every match, deleted ones included
    flask --app scorer restore FILE     # read one into an empty or existing database

Restoring checks every document with the core first (a file with a bad one stores nothing),
then stores the matches not already here through the import code (records/imports.py): a match
is recognised by what was played and when (``Match.content_hash``), so a second restore of the
same file adds nothing, history included. A match already here keeps its own history. Change
ids, match ids and player ids are those of the database written to: the file's are mapped.
What a restore does not bring: the scorekeepers' phones (capabilities belong to a server; the
first phone to open a restored match claims it, as with an import) and the phones holding seats.

``make run`` writes ``instance/backups/ninety-nine-YYYY-MM-DD.json.gz`` at start and then once a
day while it runs (``start_daily``, a daemon thread: no request thread waits for it), keeping the
newest ``KEEP_DAILY``, unless ``SCORER_BACKUPS=off``. Each daily step first purges the matches
deleted more than 30 days ago (writes/matches.py purge).
"""

from __future__ import annotations

import gzip
import json
import os
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorer.web import clock
from scorer.web.data import import_check, results
from scorer.web.data.match_files import ImportProblem
from scorer.web.data.models import Change, Match, Player
from scorer.web.extensions import db
from scorer.web.presentation import import_words
from scorer.web.records.blueprint import bp
from scorer.web.records.exports import export_document
from scorer.web.writes import imports as import_writes
from scorer.web.writes import matches as match_writes
from scorer.web.writes import ratings as rating_writes

FORMAT = "ninety-nine-backup"
VERSION = 1
KEEP_DAILY = 14
DAILY_SECONDS = 24 * 3600
FOLDER = "backups"  # in the instance folder
PREFIX = "ninety-nine-"


class BackupProblem(ValueError):
    """Why a backup file cannot be restored; nothing was stored then."""


def timestamp(value: datetime | None) -> str | None:
    return None if value is None else results.as_utc(value).isoformat()


def change_json(change: Change) -> dict[str, Any]:
    return {"id": change.id, "at": timestamp(change.at), "device": change.device, "kind": change.kind,
            "deal": change.deal, "before": change.before, "after": change.after, "undoes": change.undoes}


def backup_data() -> dict[str, Any]:
    """Everything a backup holds, as JSON-ready data."""
    history: dict[int | None, list[Change]] = {}
    for change in db.session.scalars(select(Change).order_by(Change.id)):
        history.setdefault(change.match_id, []).append(change)
    entries = []
    query = select(Match).options(selectinload(Match.seats), selectinload(Match.deals)).order_by(Match.id)
    for match in db.session.scalars(query):
        entries.append({"match": export_document(match), "deleted_at": timestamp(match.deleted_at),
                        "changes": [change_json(change) for change in history.get(match.id, [])]})
    site = history.get(None, [])
    # A rename names its player by id: the file carries each one's name now, to find them again.
    players = {str(player.id): player.name for player in db.session.scalars(select(Player))}
    return {"format": FORMAT, "version": VERSION, "written_at": timestamp(clock.now()), "matches": entries,
            "site_changes": [{**change_json(change), "player": players.get(str(change.after.get("player_id")))}
                             for change in site]}


def write(path: Path) -> int:
    """Write the backup to ``path`` (atomically: a reader never sees half a file); returns the
    number of matches written."""
    data = backup_data()
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if path.name.endswith(".gz"):
        body = gzip.compress(body, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_bytes(body)
    os.replace(partial, path)
    return len(data["matches"])


def read(path: Path) -> dict[str, Any]:
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        data = json.loads(raw)
    except ValueError as error:
        raise BackupProblem(f"{path} is not a backup: it is not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("matches"), list):
        raise BackupProblem(f"{path} is not a backup written by `flask --app scorer backup`")
    if data.get("version") != VERSION:
        raise BackupProblem(f"{path} is a backup of version {data.get('version')!r}; this app reads version {VERSION}")
    return data


def parse_time(text: Any, what: str) -> datetime:
    try:
        return results.as_utc(datetime.fromisoformat(text))
    except (TypeError, ValueError):
        raise BackupProblem(f"{what}: {text!r} is not a date and time") from None


def past_change(row: dict[str, Any]) -> import_writes.PastChange:
    """A change as the file holds it, checked: ``BackupProblem`` names what is wrong."""
    try:
        return import_writes.PastChange(
            id=int(row["id"]), at=parse_time(row["at"], f"change {row['id']}"), device=str(row.get("device") or ""),
            kind=str(row["kind"]), deal=row.get("deal"), before=row.get("before"), after=row.get("after"),
            undoes=row.get("undoes"))
    except (KeyError, TypeError, ValueError) as problem:
        raise BackupProblem(f"a change of the file cannot be read ({problem})") from None


def read_entries(data: dict[str, Any]) -> tuple[list[import_writes.BackedUp], list[import_writes.PastRename]]:
    """Every match of the backup checked by the core and every change read, before anything is
    stored: a file with a bad one stores nothing."""
    entries = []
    for number, entry in enumerate(data["matches"], start=1):
        try:
            checked = import_check.check(entry["match"])
        except (ImportProblem, KeyError, TypeError) as problem:
            text = import_words.import_text(problem) if isinstance(problem, ImportProblem) else str(problem)
            raise BackupProblem(f"match {number} of the file: {text}") from None
        deleted = entry.get("deleted_at")
        entries.append(import_writes.BackedUp(
            checked, None if deleted is None else parse_time(deleted, f"match {number}: deleted_at"),
            [past_change(row) for row in entry.get("changes") or []]))
    renames = [import_writes.PastRename(past_change(row), str(row.get("player") or ""))
               for row in data.get("site_changes") or []]
    return entries, renames


def restore(path: Path) -> tuple[int, int, int]:
    """Read a backup into the database, through the import's write (``writes/imports.restore``);
    returns (matches added, matches already here, changes added)."""
    entries, renames = read_entries(read(path))
    restored = import_writes.restore(entries, renames)
    return len(restored.added), len(restored.already_here), restored.changes


@bp.cli.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def backup_command(file: Path) -> None:
    """Write every match, its change history and deleted state, to FILE (gzipped if it ends in .gz)."""
    count = write(file)
    click.echo(f"Backed up {count} match{'es' if count != 1 else ''} to {file}.")


@bp.cli.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def restore_command(file: Path) -> None:
    """Read a backup FILE into this database; matches already here are not doubled."""
    try:
        added, already, changes = restore(file)
    except BackupProblem as problem:
        click.echo(f"Nothing was restored: {problem}", err=True)
        raise SystemExit(1) from None
    except ImportProblem as problem:  # the database refused a batch: those before it are stored
        click.echo(f"The restore stopped: {import_words.import_text(problem)}", err=True)
        raise SystemExit(1) from None
    rating_writes.catch_up_all()  # the restored matches rated before the command ends
    click.echo(f"Restored {added} match{'es' if added != 1 else ''} and {changes} change{'s' if changes != 1 else ''}"
               f"; {already} already here, left as they are.")


# ---------------------------------------------------------------------------- the daily backup of `make run`


def daily_folder(app: Flask) -> Path:
    """``BACKUP_FOLDER`` if set (the tests' own), else instance/backups/."""
    return Path(app.config.get("BACKUP_FOLDER") or Path(app.instance_path) / FOLDER)


def write_daily(app: Flask) -> Path:
    """Purge what was deleted over 30 days ago, write today's backup, keep the newest ``KEEP_DAILY``."""
    with app.app_context():
        match_writes.purge()
        folder = daily_folder(app)
        path = folder / f"{PREFIX}{clock.now().astimezone(clock.zone()):%Y-%m-%d}.json.gz"
        write(path)
        db.session.remove()
    rotate(folder)
    return path


def rotate(folder: Path, keep: int = KEEP_DAILY) -> list[Path]:
    """Delete all but the newest ``keep`` daily backups (by the date in their names); returns those deleted."""
    daily = sorted(folder.glob(f"{PREFIX}????-??-??.json.gz"))
    old = daily[:-keep] if len(daily) > keep else []
    for path in old:
        path.unlink(missing_ok=True)
    return old


def start_daily(app: Flask, every: float = DAILY_SECONDS) -> threading.Event:
    """Back up now and then every ``every`` seconds, in a daemon thread; set the returned event to stop."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            try:
                path = write_daily(app)
                print(f"Backup written: {path}", flush=True)
            except Exception as error:  # noqa: BLE001 - a failed backup must not stop the server
                print(f"The daily backup failed: {error}", flush=True)
            stop.wait(every)

    threading.Thread(target=loop, name="daily-backup", daemon=True).start()
    return stop
