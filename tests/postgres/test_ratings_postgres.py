"""Ratings on PostgreSQL (issue 23): after changes of every kind the ratings the pages read equal a
fold from scratch, the catch-ups store exactly that, and two catch-ups racing store it once."""

from __future__ import annotations

import random
import threading

import pytest
from ratinghelpers import ACTIONS, change, documents, expected, shown, stored
from recordhelpers import add_documents
from sqlalchemy import select

from scorer.web.data import ratings
from scorer.web.data.models import Match, RatingState
from scorer.web.extensions import db
from scorer.web.records import check

pytestmark = pytest.mark.postgres


def test_after_changes_of_every_kind_the_ratings_equal_a_fold_from_scratch_on_postgresql(postgres_app, postgres_url):
    app = postgres_app(postgres_url)
    client = app.test_client()
    ids = add_documents(app, documents(5, 12))
    assert stored(app) == expected(app) != {}
    rng = random.Random(23)
    for step in range(24):
        action = ACTIONS[step % len(ACTIONS)] if step < len(ACTIONS) else rng.choice(ACTIONS)
        answer = change(app, client, ids, action, rng.randrange(10_000))
        assert answer is None or answer.status_code < 500, (step, action)
        assert shown(app) == expected(app), (step, action)
    with app.app_context():
        ratings.catch_up_all()
        assert check.check_all()[1] == []
    assert stored(app) == expected(app)


def test_two_catch_ups_racing_store_the_fold_once(postgres_app, postgres_url):
    app = postgres_app(postgres_url)
    ids = add_documents(app, documents(8, 16))
    with app.app_context():  # the oldest finished match taken away: every later rating changes
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.created_at)).first()
        assert oldest is not None
        from scorer.web.data import results
        results.forget(oldest)
        oldest.deleted_at = oldest.created_at
        db.session.commit()
        kinds = set(db.session.scalars(select(RatingState.kind).where(RatingState.stale_at.is_not(None))))
    assert kinds
    done: list[bool] = []
    start = threading.Barrier(2)

    def fold() -> None:
        with app.app_context():
            start.wait()
            done.extend(ratings.catch_up(kind) for kind in sorted(kinds))
    threads = [threading.Thread(target=fold) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(done) and stored(app) == expected(app) == shown(app)
    with app.app_context():
        assert check.check_all()[1] == []
