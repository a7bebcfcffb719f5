"""The writes of scorer/web/writes called as plain functions, with no request at all: a deal's
save, edit and deletion, a match's start, rematch, deletion and restore, an undo. Each either
writes everything (the deal, the change history with the phone's name it was given, the
finished flag, the results cache) or, refused, nothing at all."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, has_request_context
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from scorer.core import MatchError
from scorer.web.data import locking
from scorer.web.data.changes import DEAL, MATCH
from scorer.web.data.document_types import deal_document
from scorer.web.data.models import Change, Deal, Match, MatchKeeper, MatchResult, SeatResult
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.policy.capability import digest
from scorer.web.presentation import refusal_words
from scorer.web.writes import deals, matches, undo
from scorer.web.writes.problems import Busy, Gone, OutOfDate, Refused

PHONE = "Ann's phone"


@pytest.fixture
def app(app_factory) -> Flask:
    return app_factory()


def version_of(match_id: int) -> int:
    """The match's version as a confirmation page would carry it (in an app context)."""
    return db.session.get_one(Match, match_id).version


def start(app: Flask, **options: Any) -> int:
    with app.app_context():
        assert not has_request_context()  # a write needs no request
        return matches.start("jokerless", options, ["Ann", "Bob", "Cy"], 0, None, by=PHONE).match_id


def save(app: Flask, match_id: int, number: int, bids: list[Any], tricks: list[int], editing: bool = False,
         seen: int | None = None, by: str = PHONE) -> deals.Saved:
    with app.app_context():
        posted = deals.Posted(number, deal_document(bids, tricks), editing, seen)
        return deals.save(match_id, posted, keeper=True, by=by)


def snapshot(app: Flask, match_id: int) -> tuple[Any, ...]:
    """Everything a write to the match may change."""
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        return (match.version, match.finished, match.deleted_at,
                [d.as_json() for d in db.session.scalars(select(Deal).where(Deal.match_id == match_id).order_by(Deal.number))],
                db.session.scalar(select(func.count()).select_from(Change)),
                sorted((r.deal, r.seat, r.points) for r in db.session.scalars(select(SeatResult).where(SeatResult.match_id == match_id))))


def history(app: Flask) -> list[tuple[str, int | None, str, Any, Any, int | None]]:
    with app.app_context():
        return [(c.kind, c.deal, c.device, c.before, c.after, c.undoes)
                for c in db.session.scalars(select(Change).order_by(Change.id))]


def test_start_writes_the_match_its_figures_and_its_first_keeper(app):
    with app.app_context():
        started = matches.start("jokerless", {}, ["Ann", "Bob", "Cy"], 1, None, by=PHONE)
        match = db.session.get_one(Match, started.match_id)
        assert match.player_names == ["Ann", "Bob", "Cy"] and match.first_dealer == 1
        assert started.first_dealer == "Bob"
        keeper = db.session.scalars(select(MatchKeeper)).one()
        assert (keeper.label, keeper.token_hash) == (PHONE, digest(started.token))
        assert db.session.scalar(select(func.count()).select_from(MatchResult).where(MatchResult.match_id == match.id)) > 0


def test_start_refuses_a_header_the_core_refuses_and_writes_nothing(app):
    with app.app_context(), pytest.raises(MatchError):
        matches.start("jokerless", {}, ["Ann", "Ann", "Cy"], 0, None, by=PHONE)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == 0


def test_a_saved_deal_writes_the_deal_its_history_and_its_figures(app):
    match_id = start(app)
    saved = save(app, match_id, 1, [4, 1, 2], [4, 2, 3], by="Cy's phone")
    assert (saved.number, saved.editing, saved.before) == (1, False, None)
    version, finished, _, stored, _, rows = snapshot(app, match_id)
    assert stored == [deal_document([4, 1, 2], [4, 2, 3])]
    assert version == 1 and not finished and {seat for _, seat, _ in rows} == {0, 1, 2}
    assert history(app) == [(DEAL, 1, "Cy's phone", None, stored[0], None)]
    with app.app_context():
        assert db.session.scalars(select(Deal)).one().played_trump == saved.after.deals[0].trump


@pytest.mark.parametrize("bids, tricks, problem", [
    ([4, 1, 2], [4, 2, 3], deals.Repeated),    # the same figures again: a double tap
    ([4, 1, 2], [3, 3, 3], deals.Conflict),    # other figures for a deal already saved
])
def test_a_second_save_of_the_same_deal_is_refused_and_changes_nothing(app, bids, tricks, problem):
    match_id = start(app)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    before = snapshot(app, match_id)
    with pytest.raises(problem):
        save(app, match_id, 1, bids, tricks)
    assert snapshot(app, match_id) == before


def test_a_deal_the_core_refuses_is_not_written(app):
    match_id = start(app)
    before = snapshot(app, match_id)
    with pytest.raises(MatchError):
        save(app, match_id, 1, [4, 1, 2], [4, 2, 2])  # eight tricks of nine
    assert snapshot(app, match_id) == before


def test_an_edit_from_an_out_of_date_form_is_refused_and_a_current_one_is_recorded(app):
    match_id = start(app)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    save(app, match_id, 2, [3, 3, 3], [3, 3, 3])
    before = snapshot(app, match_id)
    with pytest.raises(deals.Conflict):
        save(app, match_id, 1, [4, 1, 2], [3, 3, 3], editing=True, seen=1)  # read before deal 2 was saved
    assert snapshot(app, match_id) == before
    edited = save(app, match_id, 1, [4, 1, 2], [3, 3, 3], editing=True, seen=before[0])
    assert edited.before is not None and edited.editing
    assert history(app)[-1][:4] == (DEAL, 1, PHONE, deal_document([4, 1, 2], [4, 2, 3]))
    assert snapshot(app, match_id)[3][0] == deal_document([4, 1, 2], [3, 3, 3])


def test_a_finished_match_takes_no_deal(app):
    match_id = start(app, match="deals", deals=1)
    assert save(app, match_id, 1, [4, 1, 2], [4, 2, 3]).after.finished
    before = snapshot(app, match_id)
    with pytest.raises(deals.MatchOver):
        save(app, match_id, 2, [3, 3, 3], [3, 3, 3])
    assert snapshot(app, match_id) == before


def test_a_deleted_match_is_gone_for_every_write(app):
    match_id = start(app)
    with app.app_context():
        matches.delete(match_id, by=PHONE)
    with pytest.raises(Gone):
        save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    with app.app_context(), pytest.raises(Gone):
        deals.delete_last(match_id, 1, None, by=PHONE)


def test_a_busy_lock_is_busy_and_writes_nothing(app, monkeypatch):
    match_id = start(app)
    before = snapshot(app, match_id)

    def busy(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("UPDATE matches", {}, Exception("database is locked"))

    monkeypatch.setattr(locking, "lock_match", busy)
    with pytest.raises(Busy) as raised:
        save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    assert raised.value.status == 503 and raised.value.code == "busy"  # a code and its facts: the screen words them
    assert raised.value.facts["undone"] == heading("deal-not-saved", number=1)
    with app.test_request_context():
        assert "Deal 1 was not saved" in refusal_words.message(raised.value)
    monkeypatch.undo()
    assert snapshot(app, match_id) == before


def test_only_the_last_deal_is_deleted_and_only_as_it_was_seen(app):
    match_id = start(app)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    save(app, match_id, 2, [3, 3, 3], [3, 3, 3])
    with app.app_context():
        with pytest.raises(Refused):
            deals.delete_last(match_id, 1, None, by=PHONE)  # not the last
        with pytest.raises(OutOfDate):
            deals.delete_last(match_id, 2, 1, by=PHONE)  # the page was read before deal 2
        assert deals.delete_last(match_id, 2, 2, by="Bob's phone")
        assert not deals.delete_last(match_id, 2, 2, by="Bob's phone")  # sent twice: gone already
    assert [d["tricks"] for d in snapshot(app, match_id)[3]] == [[4, 2, 3]]
    assert history(app)[-1][:5] == (DEAL, 2, "Bob's phone", deal_document([3, 3, 3], [3, 3, 3]), None)


def test_undoing_a_deletion_brings_the_deal_back_through_the_same_write(app):
    match_id = start(app)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    with app.app_context():
        deals.delete_last(match_id, 1, None, by=PHONE)
        deletion = db.session.scalars(select(Change).order_by(Change.id.desc())).first()
        assert deletion is not None
        deletion_id = deletion.id
        undo.undo(match_id, deletion_id, by="Cy's phone", seen=version_of(match_id))
        back = db.session.scalars(select(Deal)).one()
        assert back.as_json() == deal_document([4, 1, 2], [4, 2, 3])
        assert back.played_trump is not None  # kept, as a save keeps it
    assert history(app)[-1] == (DEAL, 1, "Cy's phone", None, deal_document([4, 1, 2], [4, 2, 3]), deletion_id)
    with app.app_context(), pytest.raises(Refused):
        undo.undo(match_id, deletion_id, by=PHONE, seen=version_of(match_id))  # no longer as that change left it


def test_a_rematch_is_only_of_a_finished_match_and_passes_the_deal_on(app):
    match_id = start(app, match="deals", deals=1)
    with app.app_context(), pytest.raises(Refused):
        matches.rematch(match_id, by=PHONE, keeper_hash="a" * 64)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    with app.app_context():
        started = matches.rematch(match_id, by="Bob's phone", keeper_hash="a" * 64)
        new = db.session.get_one(Match, started.match_id)
        assert new.player_names == ["Ann", "Bob", "Cy"] and new.first_dealer == 1 and started.first_dealer == "Bob"
        assert new.options == db.session.get_one(Match, match_id).options
        # One rematch: asked again (another scorekeeper), the same match, with that phone a keeper too;
        # asked twice by the same phone, still one keeper for it.
        again = matches.rematch(match_id, by="Cy's phone", keeper_hash="b" * 64)
        twice = matches.rematch(match_id, by="Cy's phone", keeper_hash="b" * 64)
        assert again.match_id == twice.match_id == started.match_id and again.joined and not started.joined
        assert again.token == twice.token != started.token
        assert len(db.session.get_one(Match, started.match_id).keepers) == 2


def test_delete_and_restore_take_the_match_out_of_the_figures_and_back(app):
    match_id = start(app)
    save(app, match_id, 1, [4, 1, 2], [4, 2, 3])
    rows = snapshot(app, match_id)[5]
    with app.app_context():
        matches.delete(match_id, by=PHONE)
        matches.delete(match_id, by=PHONE)  # twice: nothing more to do
    assert snapshot(app, match_id)[5] == []
    with app.app_context():
        assert matches.restore(match_id, by="Bob's phone")
        assert not matches.restore(match_id, by="Bob's phone")
    assert snapshot(app, match_id)[5] == rows
    kinds = [(kind, device, after) for kind, _, device, _, after, _ in history(app) if kind == MATCH]
    assert kinds == [(MATCH, PHONE, {"deleted": True}), (MATCH, "Bob's phone", {"deleted": False})]
