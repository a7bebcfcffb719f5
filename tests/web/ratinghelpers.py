"""Random changes to a club's matches, as people make them through the app, for the ratings tests
(tests/web/test_ratings.py on SQLite, tests/postgres/test_ratings_postgres.py on PostgreSQL)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from recordhelpers import add_documents, sample
from sqlalchemy import select
from webhelpers import deal_form, post_deal, post_form, post_undo

from scorer.web.data import rating_reads, ratings_fold
from scorer.web.data.models import Change, Match, Player
from scorer.web.extensions import db

RULESETS = ("jokerless", "classic", "four-partners", "two-dummy", "five")
ACTIONS = ("edit", "delete-deal", "undo", "delete-match", "restore", "rename", "import", "finish")


def documents(seed: int, count: int) -> list[dict]:
    """Matches of a small club across a year, most of them finished, every kind of game."""
    rng = random.Random(seed)
    start = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
    return [sample(rng.randrange(10_000), rng.choice(RULESETS), played_at=start + timedelta(days=rng.randrange(365)),
                   max_deals=12, unfinished=0.15) for _ in range(count)]


def keep(client: FlaskClient, match_id: int) -> None:
    """Imported matches have no scorekeeper: the server machine (the test client) takes over."""
    answer = client.post(f"/matches/{match_id}/take-over")
    assert answer.status_code in (302, 303), (answer.status_code, answer.text[-600:])


def expected(app: Flask) -> dict:
    with app.app_context():
        return rating_reads.expected()


def stored(app: Flask) -> dict:
    with app.app_context():
        return rating_reads.stored()


def change(app: Flask, client: FlaskClient, ids: list[int], action: str, pick: int) -> Any:
    """Make one change of kind ``action`` (one of ACTIONS) to the match or player ``pick``
    chooses, as a person would through the app; the answer (None: nothing to change)."""
    last_response = None
    with app.app_context():
        live = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.deleted_at.is_(None))
                                  .order_by(Match.id)).all()
        deleted = db.session.scalars(select(Match.id).where(Match.deleted_at.is_not(None))).all()
        target = live[pick % len(live)] if live else None
        count = len(target.deals) if target else 0
        player = db.session.scalars(select(Player).order_by(Player.id)).all()[pick % 3]
    if target is not None and action != "restore":
        keep(client, target.id)
    if action == "edit" and target is not None and count:
        number = 1 + pick % count
        page = client.get(f"/matches/{target.id}/deals/{number}/edit")
        assert page.status_code == 200
        with app.app_context():
            deal = db.session.get_one(Match, target.id).deals[number - 1].as_json()
        tricks = list(deal["tricks"])
        if len(tricks) >= 2 and tricks[0] > 0:  # one trick from the first seat to the second
            tricks[0], tricks[1] = tricks[0] - 1, tricks[1] + 1
        bids = ["hidden" if bid is None else " ".join(bid) if isinstance(bid, list) else bid for bid in deal["bids"]]
        offers = {premium["seat"]: premium["kind"] for premium in deal.get("premiums", [])}
        # A refused edit's page is drawn by the GET after it, as a browser follows it (play/refused.py).
        last_response = post_form(client, f"/matches/{target.id}/deals/{number}/edit",
                                  deal_form(number, bids, tricks, offers, turn_up=deal.get("turn_up") or ""))
    elif action == "delete-deal" and target is not None and count:
        last_response = client.post(f"/matches/{target.id}/deals/{count}/delete")
    elif action == "undo" and target is not None:
        with app.app_context():
            latest = db.session.scalars(select(Change).where(Change.match_id == target.id)
                                        .order_by(Change.id.desc())).first()
        if latest is not None:
            last_response = post_undo(client, target.id, latest.id)
    elif action == "delete-match" and target is not None:
        last_response = client.post(f"/matches/{target.id}/delete")
    elif action == "restore" and deleted:  # the site manager restores without taking the match over
        last_response = client.post(f"/matches/{deleted[pick % len(deleted)]}/restore")
    elif action == "rename":
        last_response = client.post(f"/players/{player.id}/rename", data={"name": f"{player.name}{pick % 7}"})
    elif action == "import":
        ids += add_documents(app, documents(pick, 2))
    elif action == "finish" and target is not None and not target.finished and count < 60:
        last_response = post_deal(client, target.id, count + 1, ["hidden"] * 5, [0] * 5)  # refused unless it fits: fine
    return last_response


def ladders_by_name(app) -> dict:
    """Every kind's ladder as (name, rating, matches), which a server of its own can compare."""
    with app.app_context():
        names = {player.id: player.name for player in db.session.scalars(select(Player))}
        return {kind: [(names[line.player_id], line.last.after.shown, line.last.played)
                       for line in rating_reads.KindView(kind).standings()] for kind in ratings_fold.KINDS}
