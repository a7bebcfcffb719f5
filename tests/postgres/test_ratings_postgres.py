"""Ratings on PostgreSQL (issues 23 and 26): after changes of every kind what is stored equals a
fold from scratch, and two app processes catching up the same kind at once fold it once: the
claim in the database keeps the second off while the first folds."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from ratinghelpers import ACTIONS, change, documents, expected, keep, stored
from recordhelpers import add_documents
from sqlalchemy import select

from scorer.web.data import ratings_fold
from scorer.web.data.models import Match, RatingState
from scorer.web.extensions import db
from scorer.web.records import check
from scorer.web.writes import ratings as rating_writes

pytestmark = pytest.mark.postgres

PROCESS = Path(__file__).parents[1] / "web" / "catchup_process.py"


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
        assert stored(app) == expected(app), (step, action)
    with app.app_context():
        assert check.check_all()[1] == []


def stale_kind(app, client, ids: list[int]) -> str:
    """The oldest finished match deleted without a catch-up: its kind is stale from it."""
    app.config["RATINGS_CATCH_UP"] = "off"
    with app.app_context():
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.finished_at)).first()
        assert oldest is not None
        oldest_id, kind = oldest.id, ratings_fold.kind_of(oldest.ruleset)
    keep(client, oldest_id)
    assert client.post(f"/matches/{oldest_id}/delete").status_code in (302, 303)
    assert stored(app) != expected(app)
    return kind


def test_two_processes_catching_up_the_same_kind_fold_it_once(postgres_app, postgres_url, tmp_path):
    """Two app processes: the first claims the kind and folds (held between its fold and its store);
    the second, started meanwhile, finds the claim and leaves the kind to it."""
    app = postgres_app(postgres_url)
    kind = stale_kind(app, app.test_client(), add_documents(app, documents(8, 16)))
    command = [sys.executable, str(PROCESS), postgres_url, kind]
    first = subprocess.Popen([*command, "process-a", "pause", str(tmp_path)], stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (tmp_path / "folding").exists() and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.02)
    assert (tmp_path / "folding").read_text() == "process-a"
    second = subprocess.run([*command, "process-b", "plain", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert second.returncode == 0, second.stderr
    assert second.stdout.split() == ["False", "0"]  # held by the first: no fold of its own
    with app.app_context():
        assert db.session.get_one(RatingState, kind).claimed_by == "process-a"
    (tmp_path / "go").write_text("")
    out, _ = first.communicate(timeout=60)
    assert first.returncode == 0 and out.split() == ["True", "1"]
    assert stored(app) == expected(app)
    with app.app_context():
        row = db.session.get_one(RatingState, kind)
        assert (row.stale_at, row.folding_at, row.claimed_by) == (None, None, None)
        assert check.check_all()[1] == []


def test_two_catch_ups_started_at_the_same_moment_fold_once(postgres_app, postgres_url):
    """The claim is taken under the kind's row lock: of two catch-ups at the same instant (two
    processes' names), one folds and the other finds it held."""
    app = postgres_app(postgres_url)
    kind = stale_kind(app, app.test_client(), add_documents(app, documents(9, 16)))
    start = threading.Barrier(2)
    folds_before = rating_writes.folds_done
    answers: dict[str, bool] = {}

    def fold(worker: str) -> None:
        with app.app_context():
            start.wait()
            answers[worker] = rating_writes.catch_up(kind, worker=worker)
    threads = [threading.Thread(target=fold, args=(worker,)) for worker in ("process-a", "process-b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert rating_writes.folds_done - folds_before == 1 and True in answers.values()
    assert stored(app) == expected(app)
