"""The ratings cache (data/ratings.py, data/rating_reads.py): after any change the ratings pages
read equal a fold of every finished match from scratch, stored or not yet; stored after the
catch-up that follows each write; checked by `flask check`, rebuilt by `flask stats rebuild`."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ratinghelpers import ACTIONS, change, documents, expected, keep, ladders_by_name, shown, stored
from recordhelpers import add_documents
from sqlalchemy import select, update
from webhelpers import post_deal, start_match

from scorer.web.data import rating_reads, ratings, ratings_fold
from scorer.web.data.models import Match, MatchResult, Player, RatingState, RatingStep
from scorer.web.extensions import db
from scorer.web.records import check


def stale(app) -> set[str]:
    with app.app_context():
        return set(db.session.scalars(select(RatingState.kind).where(RatingState.stale_at.is_not(None))))


def test_imported_matches_are_rated_in_order_per_kind_and_stored(app):
    add_documents(app, documents(1, 24))
    with app.app_context():
        ratings.catch_up_all()  # what the end of an import's request does
    want = expected(app)
    assert want and stored(app) == want == shown(app)
    assert stale(app) == set()
    with app.app_context():
        kinds = {row.kind for row in db.session.scalars(select(RatingStep))}
        # The dummy of two-dummy is no player; partners are rated as a side (both move alike).
        unfinished = set(db.session.scalars(select(MatchResult.match_id).where(MatchResult.finished.is_(False))))
        rated = set(db.session.scalars(select(RatingStep.match_id)))
    assert len(kinds) >= 4 and not unfinished & rated


def test_a_finished_match_is_rated_at_once_and_the_changes_add_up(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="hundred", games_to_win="1")
    number = 1
    while True:
        assert post_deal(client, match_id, number, [3, 3, 3], [3, 4, 2]).status_code == 303
        with app.app_context():
            if db.session.get_one(Match, match_id).finished:
                break
            assert rating_reads.match_changes(db.session.get_one(Match, match_id)) == {}  # not rated until over
        number += 1
    assert stale(app) == set() and stored(app) == expected(app)  # caught up by the save's own request
    with app.app_context():
        changes = rating_reads.match_changes(db.session.get_one(Match, match_id))
        names = {player.id: player.name for player in db.session.scalars(select(Player))}
    by_name = {names[player]: last.change for player, last in changes.items()}
    assert by_name["Ann"] > 0 > by_name["Cy"]  # Ann won; Cy came last


def test_an_edit_far_back_is_folded_after_the_answer_and_read_right_meanwhile(client, app):
    ids = add_documents(app, documents(2, 30))
    with app.app_context():
        ratings.catch_up_all()
        oldest = db.session.scalars(select(Match).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.created_at)).first()
        assert oldest is not None
        oldest_id, last = oldest.id, len(oldest.deals)
    before = stored(app)
    # Delete the oldest finished match's last deal: it is no longer finished, so every later
    # rating of its kind changes. The test client never sends the answer on, so the fold that
    # follows it (call_on_close) has not run: the pages fold the rest in memory.
    keep(client, oldest_id)
    assert client.post(f"/matches/{oldest_id}/deals/{last}/delete").status_code == 303
    assert stale(app) and stored(app) == before
    assert shown(app) == expected(app) != before
    with app.app_context():
        assert check.check_all()[1] == []  # what the pages show is right: nothing to report
        ratings.catch_up_all()
    assert stale(app) == set() and stored(app) == expected(app)


def test_check_reports_a_stored_rating_that_a_fold_disagrees_with_and_rebuild_mends_it(app):
    add_documents(app, documents(3, 12))
    with app.app_context():
        ratings.catch_up_all()
        db.session.execute(update(RatingStep).where(RatingStep.match_id == select(RatingStep.match_id).limit(1)
                                                    .scalar_subquery()).values(mu=RatingStep.mu + 1))
        db.session.commit()
        problems = check.check_all()[1]
        assert any("rating" in line for line in problems), problems
        ratings.rebuild()
        db.session.commit()
        assert check.check_all()[1] == []
    assert stored(app) == expected(app)


CHANGES = st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=CHANGES, seed=st.integers(min_value=0, max_value=1000))
def test_after_random_changes_the_ratings_shown_equal_a_fold_from_scratch(tmp_path: Path, app_factory, actions, seed):
    """Issue 23: an edit, undo, deletion, restore, import or rename of an old match changes every
    rating after it; what the pages read must equal a full recomputation after each change, and
    what is stored after the catch-up too."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # a database of its own for each example
    app = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{folder / 'own.sqlite'}")
    client = app.test_client()
    ids = add_documents(app, documents(seed, 10))
    with app.app_context():
        ratings.catch_up_all()
    for action, pick in actions:
        last_response = change(app, client, ids, action, pick)
        assert last_response is None or last_response.status_code < 500, action
        assert shown(app) == expected(app), action
    with app.app_context():
        ratings.catch_up_all()
        assert check.check_all()[1] == []
    assert stored(app) == expected(app)


@pytest.mark.parametrize("kind", list(ratings_fold.KINDS))
def test_a_kind_with_no_matches_has_an_empty_ladder(app, kind):
    with app.app_context():
        assert rating_reads.KindView(kind).standings() == []


def test_an_export_imported_on_another_server_gives_the_same_ratings(client, app, app_factory, tmp_path):
    """Ratings are derived: the match documents carry what they are made of (issue 23: export and
    backup need nothing more)."""
    add_documents(app, documents(4, 14))
    other = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}")
    body = client.get("/export/matches.zip").data
    moved = other.test_client()
    answer = moved.post("/import", data={"file": (io.BytesIO(body), "all.zip")}, content_type="multipart/form-data")
    assert answer.status_code == 303  # the import's request folds the ratings at its end
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
    """The write is committed before the fold: the database failing the fold (away a moment)
    must not turn the save's answer into an error; the pages fold from the mark meanwhile."""
    from sqlalchemy.exc import OperationalError

    def away(kind: str, only_if_quick: bool = False) -> bool:
        raise OperationalError("UPDATE rating_state", {}, Exception("server closed the connection unexpectedly"))
    monkeypatch.setattr(ratings, "catch_up", away)
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 4, 2]).status_code == 303
    assert stale(app) == {"three"} and stored(app) == {}
    assert shown(app) == expected(app) != {}
    assert "Ratings left to fold later" in caplog.text
    monkeypatch.undo()
    with app.app_context():
        ratings.catch_up_all()
    assert stale(app) == set() and stored(app) == expected(app)


def test_a_backup_restored_elsewhere_gives_the_same_ratings_stored_at_once(app, app_factory, tmp_path):
    """`flask restore` rates what it restored before it ends, as an import's request does."""
    add_documents(app, documents(9, 12))
    path = tmp_path / "backup.json.gz"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    other = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}")
    result = other.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    here = ladders_by_name(app)
    assert any(here.values()) and ladders_by_name(other) == here
    assert stale(other) == set() and stored(other) == expected(other)
