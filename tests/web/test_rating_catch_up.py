"""The ratings' catch-up (writes/ratings.py, writes/rating_worker.py, data/rating_catch_up.py): it
takes in every mark made while it folds, runs off the request in the server's thread, and a
process that dies mid-fold leaves what the next fold makes right."""

from __future__ import annotations

import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ratinghelpers import change, documents, expected, keep, stored
from recordhelpers import add_documents, sample
from sqlalchemy import select
from webhelpers import post_deal, post_undo, start_match

from scorer.web import clock
from scorer.web.data import ratings_fold
from scorer.web.data.models import Change, Match, RatingState
from scorer.web.extensions import db
from scorer.web.records import check
from scorer.web.writes import rating_worker
from scorer.web.writes import ratings as rating_writes

PROCESS = Path(__file__).with_name("catchup_process.py")


def state(app, kind: str) -> RatingState:
    with app.app_context():
        row = db.session.get_one(RatingState, kind)
        db.session.expunge(row)
        return row


def oldest_finished(app, ids: list[int]) -> tuple[int, str]:
    with app.app_context():
        match = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                   .order_by(Match.finished_at)).first()
        assert match is not None
        return match.id, ratings_fold.kind_of(match.ruleset)


def edits_of(app, ids: list[int], kind: str) -> list[int]:
    """The finished matches of ``kind``, oldest first: each edit of one marks the kind from it."""
    with app.app_context():
        return list(db.session.scalars(select(Match.id).where(
            Match.id.in_(ids), Match.finished.is_(True), Match.ruleset.in_(ratings_fold.rulesets_of(kind)))
            .order_by(Match.finished_at)))


def test_marks_made_while_a_fold_runs_are_taken_in_by_one_more_fold(client, app, monkeypatch):
    """Issue 26: thirty edits in a row cause at most two folds. The first edit's catch-up folds
    while the other 29 are made; it then goes round once more, from the earliest of their marks,
    and stores what a fold from scratch gives."""
    ids = add_documents(app, documents(21, 40))
    first, kind = oldest_finished(app, ids)
    targets = [match_id for match_id in edits_of(app, ids, kind) for _ in range(3)][:30]
    assert len(targets) == 30
    app.config["RATINGS_CATCH_UP"] = "off"
    keep(client, first)
    assert client.post(f"/matches/{first}/delete").status_code in (302, 303)  # the first change
    folding, go = threading.Event(), threading.Event()
    monkeypatch.setattr(rating_writes, "during_fold", lambda _kind, _worker: (folding.set(), go.wait(30)))
    folds = rating_writes.folds_done
    answers: list[bool] = []

    def catch_up() -> None:
        with app.app_context():
            answers.append(rating_writes.catch_up(kind))
    thread = threading.Thread(target=catch_up)
    thread.start()
    assert folding.wait(30)
    for pick, match_id in enumerate(targets[1:]):  # 29 more changes while it folds
        answer = change(app, client, [match_id], ("edit", "delete-match", "restore")[pick % 3], pick)
        assert answer is None or answer.status_code < 500
    assert state(app, kind).stale_at is not None  # marked again meanwhile, for the next round
    go.set()
    thread.join(60)
    assert answers == [True] and rating_writes.folds_done - folds == 2
    assert stored(app) == expected(app)
    row = state(app, kind)
    assert (row.stale_at, row.folding_at, row.claimed_by) == (None, None, None)


def test_the_server_folds_in_its_own_thread_off_the_request(client, app, monkeypatch):
    """With the server's setting the request only marks; the catch-up thread folds."""
    ids = add_documents(app, documents(22, 16))
    first, kind = oldest_finished(app, ids)
    app.config["RATINGS_CATCH_UP"] = "thread"
    threads: list[str] = []
    monkeypatch.setattr(rating_writes, "during_fold", lambda _kind, _worker: threads.append(threading.current_thread().name))
    caught_up = threading.Event()  # set when a round of the catch-up folded and left nothing stale
    every_kind = rating_writes.catch_up_all

    def catch_up_all(wait: float = 0) -> list[str]:
        before = rating_writes.folds_done
        left = every_kind(wait)
        if rating_writes.folds_done > before and not left:
            caught_up.set()
        return left
    monkeypatch.setattr(rating_writes, "catch_up_all", catch_up_all)
    keep(client, first)
    try:
        assert client.post(f"/matches/{first}/delete").status_code in (302, 303)
        assert caught_up.wait(20), "the catch-up thread never folded the change"
        row = state(app, kind)
        assert (row.stale_at, row.folding_at, row.claimed_by) == (None, None, None)
        assert threads and set(threads) == {"ratings-catch-up"}
        assert stored(app) == expected(app)
        assert rating_worker.start(app).thread.is_alive()  # one thread a process, still there for the next change
    finally:
        rating_worker.stop(app)


def test_a_fold_killed_halfway_leaves_ratings_that_the_next_fold_makes_right(client, app, tmp_path):
    """A process that dies mid-fold keeps its claim until it lapses, then the next catch-up folds
    from the mark it left (``folding_*``) and stores what a fold from scratch gives."""
    ids = add_documents(app, documents(23, 16))
    first, kind = oldest_finished(app, ids)
    app.config["RATINGS_CATCH_UP"] = "off"
    keep(client, first)
    assert client.post(f"/matches/{first}/delete").status_code in (302, 303)
    wrong = stored(app)
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    died = subprocess.run([sys.executable, str(PROCESS), url, kind, "doomed", "die", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert died.returncode == -9, died.stderr
    row = state(app, kind)
    assert row.claimed_by == "doomed" and row.folding_at is not None and row.stale_at is None
    assert stored(app) == wrong != expected(app)
    with app.app_context():
        assert rating_writes.catch_up(kind) is False  # the claim has not lapsed: another process holds it
        later = clock.now() + timedelta(minutes=3)
    app.config["CLOCK"] = lambda: later
    with app.app_context():
        assert rating_writes.catch_up(kind) is True
    assert stored(app) == expected(app)
    row = state(app, kind)
    assert (row.stale_at, row.folding_at, row.claimed_by) == (None, None, None)


def test_a_fold_is_stored_in_parts_and_a_save_at_another_table_goes_in_between(client, app, monkeypatch):
    """The store of a long fold is short transactions of a few matches each: between two, the saves
    waiting at the tables go in (here a new match finishes between parts, and is folded in too)."""
    club = [sample(seed, "jokerless", played_at=datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=seed),
                   options={"match": "deals", "deals": 3},
                   unfinished=0.0) for seed in range(16)]
    ids = add_documents(app, club)
    first, kind = oldest_finished(app, ids)
    app.config["RATINGS_CATCH_UP"] = "off"
    keep(client, first)
    assert client.post(f"/matches/{first}/delete").status_code in (302, 303)
    monkeypatch.setattr(rating_writes, "STORE_PART", 4)  # a match of three: two matches a part
    between: list[int] = []

    def a_save_meanwhile(longest: float = 0.0) -> float:
        if not between:  # a match of the kind finishes at another table while the fold is being stored
            match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="1")
            assert post_deal(client, match_id, 1, [3, 3, 3], [3, 4, 2]).status_code == 303
        between.append(1)
        return 0.0
    monkeypatch.setattr(rating_writes.locking, "give_way", a_save_meanwhile)
    with app.app_context():
        assert rating_writes.catch_up_all() == []
    assert kind == "three" and len(between) >= 3  # stored in four parts at least
    assert stored(app) == expected(app)


def test_a_finished_matchs_last_deal_put_back_before_the_catch_up_lands_and_rates_right(client, app):
    """Issue 32: a finished match's last deal deleted (the match reopens, its rating steps stay
    until the catch-up folds them away) and saved again at once, or its deletion undone, hit the
    rating steps' key (match, player) with the old steps and answered 500, storing nothing. No
    catch-up runs here between the changes ("off"): both land, and the ratings come out right."""
    app.config["RATINGS_CATCH_UP"] = "off"
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="2")
    for number, tricks in ((1, [3, 4, 2]), (2, [4, 3, 2])):
        assert post_deal(client, match_id, number, [3, 3, 3], tricks).status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, match_id).finished
    assert stored(app) == expected(app) != {}
    # Deleted and saved again at once.
    assert client.post(f"/matches/{match_id}/deals/2/delete").status_code == 303
    assert post_deal(client, match_id, 2, [3, 3, 3], [4, 3, 2]).status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, match_id).finished
        assert check.check_all()[1] == []  # folds what is stale, then compares with a fold from scratch
    assert stored(app) == expected(app)
    # Deleted, and the deletion undone at once through the change history.
    assert client.post(f"/matches/{match_id}/deals/2/delete").status_code == 303
    with app.app_context():
        deletion = db.session.scalars(select(Change).where(Change.match_id == match_id)
                                      .order_by(Change.id.desc())).first()
        assert deletion is not None
    assert post_undo(client, match_id, deletion.id).status_code == 303
    with app.app_context():
        assert db.session.get_one(Match, match_id).finished
        assert check.check_all()[1] == []
    assert stored(app) == expected(app)


def test_a_forked_worker_process_claims_under_its_own_name():
    """granian forks the server's worker processes from the one that made the app first: each must
    claim the ratings' catch-up under a name of its own, or each takes the other's claim for its own
    and two fold one kind at once (found by tests/web/test_worker_races.py)."""
    import os

    from scorer.web.writes import ratings as rating_writes
    parent = rating_writes.this_worker()
    assert rating_writes.this_worker() == parent  # one name a process
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the forked worker
        os.write(write, rating_writes.this_worker().encode())
        os._exit(0)
    os.close(write)
    named = os.read(read, 200).decode()
    os.close(read)
    os.waitpid(child, 0)
    assert named and named != parent and named.startswith(f"{child}-")
