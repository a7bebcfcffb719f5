"""Helpers for the backup tests (tests/web/test_backups.py, tests/postgres/test_postgres_backups.py):
a database with every kind of change in it, and what of it must survive a move."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webhelpers import deal_form, post_deal, post_undo, start_match

from scorer import create_app
from scorer.web.data.exported import export_document
from scorer.web.data.models import Change, Match, MatchResult, Player
from scorer.web.extensions import db
from scorer.web.policy import device

THREE = ["Ann", "Bob", "Cy"]


def make_app(folder: Path, **config: object) -> Flask:
    """Another server's app, on its own empty SQLite file (as tests/conftest.py makes them)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "TIMEZONE": "UTC",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'scorer.sqlite'}", **config})
    with app.app_context():
        db.create_all()
    return app


def fill(client: FlaskClient) -> list[int]:
    """Two matches with deals, an edit, a delete and an undo; a rename; a third match deleted."""
    client.set_cookie(device.COOKIE, "Ann's phone")
    first = start_match(client, THREE)
    for number in (1, 2):
        assert post_deal(client, first, number, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert client.post(f"/matches/{first}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3])).status_code == 303
    second = start_match(client, ["Dee", "Eve", "Fay"])
    assert post_deal(client, second, 1, [4, 2, 3], [4, 2, 3]).status_code == 303
    assert client.post(f"/matches/{second}/deals/1/delete", data={}).status_code == 303
    undone = post_undo(client, second, last_change_id(client.application))
    assert undone.status_code == 303
    assert client.post("/players/1/rename", data={"name": "Anne"}).status_code == 303
    third = start_match(client, ["Gus", "Hal", "Ivy"])
    assert post_deal(client, third, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert client.post(f"/matches/{third}/delete", data={}).status_code == 302
    return [first, second, third]


def last_change_id(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(Change.id).order_by(Change.id.desc()).limit(1))


def snapshot(app: Flask) -> dict:
    """What must survive a move: each match's document, deleted state, statistics and history."""
    with app.app_context():
        matches = {}
        for match in db.session.scalars(select(Match).order_by(Match.created_at, Match.id)):
            document = export_document(match)
            history = [(c.kind, c.deal, c.device, c.before, c.after, c.undoes is not None) for c in db.session.scalars(
                select(Change).where(Change.match_id == match.id).order_by(Change.id))]
            figures = [(r.seat, r.deals, r.grand_total, r.won) for r in db.session.scalars(
                select(MatchResult).where(MatchResult.match_id == match.id).order_by(MatchResult.seat))]
            key = (document["played_at"], tuple(document["players"]))
            matches[key] = (document["deals"], match.deleted_at is not None, figures, history)
        renames = [(c.before["name"], c.after["name"]) for c in db.session.scalars(
            select(Change).where(Change.match_id.is_(None)).order_by(Change.id))]
        return {"matches": matches, "renames": renames,
                "players": sorted(db.session.scalars(select(Player.name)))}


def counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return (len(db.session.scalars(select(Match.id)).all()), len(db.session.scalars(select(Change.id)).all()),
                len(db.session.scalars(select(Player.id)).all()))


