"""The ratings cache (data/ratings.py, data/rating_catch_up.py, writes/ratings.py): matches rated in
the order they finished, appended when they finish, folded again off the request after a change
far back; what is stored equals a fold of every counted match from scratch; checked by `flask
check`, rebuilt by `flask stats rebuild`; pages read what is stored, never a fold."""

from __future__ import annotations

import html
import io
import re
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ratinghelpers import ACTIONS, change, documents, expected, keep, ladders_by_name, stored
from recordhelpers import add_documents
from sqlalchemy import select, update
from webhelpers import post_deal, start_match

from scorer.web.data import rating_reads, ratings_fold
from scorer.web.data.models import Match, MatchResult, Player, RatingState, RatingStep
from scorer.web.extensions import db
from scorer.web.records import check
from scorer.web.writes import ratings as rating_writes


def stale(app) -> set[str]:
    with app.app_context():
        return set(db.session.scalars(select(RatingState.kind).where(
            RatingState.stale_at.is_not(None) | RatingState.folding_at.is_not(None))))


def steps_of(app, match_ids) -> dict:
    with app.app_context():
        return {(row.match_id, row.player_id): (row.mu_before, row.sigma_before, row.mu, row.sigma, row.played)
                for row in db.session.scalars(select(RatingStep).where(RatingStep.match_id.in_(match_ids)))}


def one_deal_match(client, names: list[str]) -> int:
    """A match of one deal, finished by its deal: Ann ahead, then Bob, then the third."""
    match_id = start_match(client, names, match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 4, 2]).status_code == 303
    return match_id


def test_imported_matches_are_rated_in_order_per_kind_and_stored(app):
    add_documents(app, documents(1, 24))
    want = expected(app)
    assert want and stored(app) == want
    assert stale(app) == set()
    with app.app_context():
        kinds = {row.kind for row in db.session.scalars(select(RatingStep))}
        # The dummy of two-dummy is no player; partners are rated as a side (both move alike).
        unfinished = set(db.session.scalars(select(MatchResult.match_id).where(MatchResult.finished.is_(False))))
        rated = set(db.session.scalars(select(RatingStep.match_id)))
    assert len(kinds) >= 4 and not unfinished & rated


def test_a_finished_match_is_appended_by_its_own_save_and_the_changes_add_up(client, app):
    app.config["RATINGS_CATCH_UP"] = "off"  # no catch-up at all: the save itself rates the match
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="hundred", games_to_win="1")
    number = 1
    while True:
        assert post_deal(client, match_id, number, [3, 3, 3], [3, 4, 2]).status_code == 303
        with app.app_context():
            if db.session.get_one(Match, match_id).finished:
                break
            assert rating_reads.match_changes(db.session.get_one(Match, match_id)) == {}  # not rated until over
        number += 1
    assert stale(app) == set() and stored(app) == expected(app) != {}
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        assert match.finished_at is not None
        changes = rating_reads.match_changes(match)
        names = {player.id: player.name for player in db.session.scalars(select(Player))}
    by_name = {names[player]: last.change for player, last in changes.items()}
    assert by_name["Ann"] > 0 > by_name["Cy"]  # Ann won; Cy came last


def test_a_match_finishing_late_rewrites_no_earlier_step(client, app):
    """Issue 26: a match started before four club matches and finished after them takes its place
    after them: the steps of the four stay as they were (rated at its start, all 12 changed)."""
    app.config["RATINGS_CATCH_UP"] = "off"  # nothing may need folding: finishing appends
    late = start_match(client, ["Ann", "Bob", "Kip"], match="deals", deals="2")
    assert post_deal(client, late, 1, [3, 3, 3], [2, 4, 3]).status_code == 303
    club = [one_deal_match(client, ["Ann", "Bob", "Kip"]) for _ in range(4)]
    before = steps_of(app, club)
    assert len(before) == 12
    assert post_deal(client, late, 2, [3, 3, 3], [3, 3, 3]).status_code == 303  # it finishes now
    assert steps_of(app, club) == before and stale(app) == set()
    with app.app_context():
        order = [row.match_id for row in db.session.scalars(
            select(RatingStep).where(RatingStep.player_id == select(Player.id).where(Player.name == "Ann")
                                     .scalar_subquery()).order_by(RatingStep.rated_at, RatingStep.match_id))]
    assert order == [*club, late]
    assert stored(app) == expected(app)


def test_an_edit_far_back_is_folded_off_the_request_and_the_pages_say_so_meanwhile(client, app):
    ids = add_documents(app, documents(2, 30))
    with app.app_context():
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.finished_at)).first()
        assert oldest is not None
        oldest_id, last, kind = oldest.id, len(oldest.deals), ratings_fold.kind_of(oldest.ruleset)
        finished_on = oldest.finished_at
    before = stored(app)
    tag = client.get("/stats/ratings/version").headers["ETag"]
    # Delete the oldest finished match's last deal: it is no longer finished, so every later rating
    # of its kind changes. No catch-up runs ("off"): the pages show what is stored, and say so.
    app.config["RATINGS_CATCH_UP"] = "off"
    keep(client, oldest_id)
    assert client.post(f"/matches/{oldest_id}/deals/{last}/delete").status_code == 303
    assert stale(app) == {kind} and stored(app) == before != expected(app)
    page = html.unescape(client.get(f"/stats/ratings?kind={kind}").text)
    assert f"Updating after a change to a match of {finished_on.day} {finished_on:%b %Y}" in page
    moved = client.get("/stats/ratings/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200  # the mark moved the tag: the live view looks again
    with app.app_context():
        assert rating_writes.catch_up_all() == []
    assert stale(app) == set() and stored(app) == expected(app)
    assert "Updating after" not in client.get(f"/stats/ratings?kind={kind}").text
    newest = client.get("/stats/ratings/version").headers["ETag"]
    assert client.get("/stats/ratings/version", headers={"If-None-Match": newest}).status_code == 304


def test_flask_check_folds_what_is_stale_first_then_compares_with_a_fold_from_scratch(client, app):
    ids = add_documents(app, documents(12, 14))
    app.config["RATINGS_CATCH_UP"] = "off"
    with app.app_context():
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.finished_at)).first()
        assert oldest is not None
        oldest_id = oldest.id
    assert client.post(f"/matches/{oldest_id}/delete").status_code in (302, 303)
    assert stale(app) and stored(app) != expected(app)
    with app.app_context():
        assert check.check_all()[1] == []
    assert stale(app) == set() and stored(app) == expected(app)


def test_check_reports_a_stored_rating_that_a_fold_disagrees_with_and_rebuild_mends_it(app):
    add_documents(app, documents(3, 12))
    with app.app_context():
        db.session.execute(update(RatingStep).where(RatingStep.match_id == select(RatingStep.match_id).limit(1)
                                                    .scalar_subquery()).values(mu=RatingStep.mu + 1))
        db.session.commit()
        problems = check.check_all()[1]
        assert any("rating" in line for line in problems), problems
    result = app.test_cli_runner().invoke(args=["stats", "rebuild"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert check.check_all()[1] == []
    assert stored(app) == expected(app)


CHANGES = st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=CHANGES, seed=st.integers(min_value=0, max_value=1000))
def test_after_random_changes_the_ratings_stored_equal_a_fold_from_scratch(tmp_path: Path, app_factory, actions, seed):
    """An edit, undo, deletion, restore, import or rename of an old match changes every rating after
    it: after each change and its catch-up, what is stored equals a full recomputation."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # a database of its own for each example
    app = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{folder / 'own.sqlite'}")
    client = app.test_client()
    ids = add_documents(app, documents(seed, 10))
    for action, pick in actions:
        last_response = change(app, client, ids, action, pick)
        assert last_response is None or last_response.status_code < 500, action
        assert stale(app) == set() and stored(app) == expected(app), action
    with app.app_context():
        assert check.check_all()[1] == []


@pytest.mark.parametrize("kind", list(ratings_fold.KINDS))
def test_a_kind_with_no_matches_has_an_empty_ladder(app, kind):
    with app.app_context():
        assert rating_reads.KindView(kind).standings() == []


def test_an_export_imported_on_another_server_gives_the_same_ratings(client, app, app_factory, tmp_path):
    """Ratings are derived: the match documents carry what they are made of, the finish times
    (their places in the order) included."""
    add_documents(app, documents(4, 14))
    other = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}")
    body = client.get("/export/matches.zip").data
    moved = other.test_client()
    answer = moved.post("/import", data={"file": (io.BytesIO(body), "all.zip")}, content_type="multipart/form-data")
    assert answer.status_code == 303
    here = ladders_by_name(app)
    assert any(here.values()) and ladders_by_name(other) == here
    assert stale(other) == set() and stored(other) == expected(other)


def test_the_ladder_shows_the_kind_played_most_unless_asked_for_another_or_every_kind(client, app):
    add_documents(app, documents(6, 20))
    with app.app_context():
        counts: dict[str, int] = {}
        for row in db.session.scalars(select(RatingStep)):
            counts[row.kind] = counts.get(row.kind, 0) + 1
    most = max(counts, key=lambda kind: (counts[kind], -list(ratings_fold.KINDS).index(kind)))
    headings = lambda page: re.findall(r'<h2 id="ladder-(\w+)"', page)  # noqa: E731
    assert headings(client.get("/stats/ratings").text) == [most]
    other = next(kind for kind in counts if kind != most)
    assert headings(client.get(f"/stats/ratings?kind={other}").text) == [other]
    assert headings(client.get("/stats/ratings?kind=every").text) == [k for k in ratings_fold.KINDS if k in counts]
    empty = next((k for k in ratings_fold.KINDS if k not in counts), None)
    if empty:  # a kind nobody played, asked for: its heading and a word, not an empty page
        assert headings(client.get(f"/stats/ratings?kind={empty}").text) == [empty]


def test_a_fold_that_fails_after_the_write_leaves_the_mark_and_the_phone_its_answer(client, app, monkeypatch, caplog):
    """The write is committed before the catch-up: the database failing the fold (away a moment)
    must not turn the answer into an error; the mark stays for the next catch-up."""
    from sqlalchemy.exc import OperationalError

    ids = add_documents(app, documents(7, 8))
    with app.app_context():
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.finished_at)).first()
        assert oldest is not None
        oldest_id = oldest.id

    def away(kind: str, worker: str = "") -> bool:
        raise OperationalError("UPDATE rating_state", {}, Exception("server closed the connection unexpectedly"))
    monkeypatch.setattr(rating_writes, "catch_up", away)
    assert client.post(f"/matches/{oldest_id}/delete").status_code in (302, 303)
    assert stale(app) and stored(app) != expected(app)
    assert "Ratings left to fold later" in caplog.text
    monkeypatch.undo()
    with app.app_context():
        rating_writes.catch_up_all()
    assert stale(app) == set() and stored(app) == expected(app)


def test_a_backup_restored_elsewhere_gives_the_same_ratings_stored_at_once(app, app_factory, tmp_path):
    """`flask restore` goes through the import's write and rates what it restored before it ends."""
    add_documents(app, documents(9, 12))
    path = tmp_path / "backup.json.gz"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    other = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}",
                        RATINGS_CATCH_UP="thread")  # the command folds before it ends, whatever the setting
    result = other.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    here = ladders_by_name(app)
    assert any(here.values()) and ladders_by_name(other) == here
    assert stale(other) == set() and stored(other) == expected(other)


def test_an_old_import_of_finished_matches_without_finish_times_takes_their_last_change(app):
    """A file from before finish times were kept: a finished match takes its place by the time it
    was last changed (``updated_at``), else played; an unfinished one has none."""
    docs = documents(11, 6)
    for doc in docs:
        doc.pop("finished_at", None)
        doc["updated_at"] = (datetime.fromisoformat(doc["played_at"]) + timedelta(hours=2)).isoformat()
    add_documents(app, docs)
    with app.app_context():
        for match in db.session.scalars(select(Match)):
            if match.finished:
                assert match.finished_at is not None
                assert match.finished_at.replace(tzinfo=UTC) == match.updated_at.replace(tzinfo=UTC)
            else:
                assert match.finished_at is None
