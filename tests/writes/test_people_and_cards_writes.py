"""The writes of who holds what, called as plain functions with no request: keepers joining,
revoked and taking over; seats taken and handed over; bid cards shown; a player renamed under the
locks of their matches; a deal set made; a wrong passcode recorded."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorer.web.data import card_store
from scorer.web.data.changes import RENAME, SEAT
from scorer.web.data.models import Change, DealSet, DealtDeal, HandLink, MatchKeeper, Player, SeatHolder, SeedTry, SignInAttempt
from scorer.web.extensions import db
from scorer.web.policy.capability import digest
from scorer.web.presentation import night
from scorer.web.writes import deal_sets, hands, keepers, matches, players, seats, seed_tries, sign_ins
from scorer.web.writes.problems import Gone, Refused

PHONE = "Ann's phone"


@pytest.fixture
def app(app_factory) -> Flask:
    return app_factory()


def dealt_match(app: Flask) -> int:
    """A classic match the app deals (deal 1's hands made with it)."""
    with app.app_context():
        cards = {"mode": "app", "seed": 7, "deal_set_id": None}
        return matches.start("classic", {}, ["Ann", "Bob", "Cy"], 0, cards, by=PHONE).match_id


def test_an_invite_makes_one_keeper_once(app):
    match_id = dealt_match(app)
    with app.app_context():
        first = db.session.scalars(select(MatchKeeper)).one()
        keeper_id, nonce = first.id, first.invite_nonce
        token = keepers.join(match_id, keeper_id, nonce, by="Bob's phone")
        with pytest.raises(Refused):
            keepers.join(match_id, keeper_id, nonce, by="Cy's phone")  # used once
        labels = {k.label: k.token_hash for k in db.session.scalars(select(MatchKeeper))}
        assert labels == {PHONE: first.token_hash, "Bob's phone": digest(token)}


def test_a_revoked_keeper_is_revoked_once_and_an_unknown_one_is_gone(app):
    match_id = dealt_match(app)
    with app.app_context():
        keeper_id = db.session.scalars(select(MatchKeeper.id)).one()
        assert keepers.revoke(match_id, keeper_id) is not None
        assert keepers.revoke(match_id, keeper_id) is None
        with pytest.raises(Gone):
            keepers.revoke(match_id, 999)
        assert keepers.take_over(match_id, by="the server") and db.session.scalar(
            select(func.count()).select_from(MatchKeeper).where(MatchKeeper.revoked_at.is_(None))) == 1


def test_a_seat_is_held_by_the_first_phone_and_handed_over_with_its_history(app):
    match_id = dealt_match(app)
    with app.app_context():
        assert seats.claim(match_id, 1, "first phone") is seats.Claim.TAKEN
        assert seats.claim(match_id, 1, "second phone") is seats.Claim.OTHER_PHONE
        assert seats.claim(match_id, 2, "first phone") is seats.Claim.OWN_SEAT  # one phone, one seat
        seats.hand_over(match_id, 1, by=PHONE)
        with pytest.raises(Refused):
            seats.hand_over(match_id, 1, by=PHONE)  # nobody holds it now
        assert seats.claim(match_id, 1, "second phone") is seats.Claim.TAKEN
        assert db.session.get_one(SeatHolder, (match_id, 1)).holder_hash == "second phone"
        change = db.session.scalars(select(Change).where(Change.kind == SEAT)).one()
        assert (change.device, change.deal, change.before, change.after) == (PHONE, 1, {"holder": "first phone"},
                                                                             {"holder": None})


def test_bid_cards_are_shown_taken_back_and_refused_once_the_deal_is_recorded(app):
    match_id = dealt_match(app)
    with app.app_context():
        dealt = db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == match_id)).one()
        link = db.session.scalars(select(HandLink).where(HandLink.dealt_id == dealt.id, HandLink.seat == 0)).one()
        three = dealt.hands[0][:3]
        hands.show_bid(link.id, three)
        assert db.session.get_one(HandLink, link.id).shown_bid == three
        hands.show_bid(link.id, None)
        assert db.session.get_one(HandLink, link.id).shown_bid is None


def test_a_rename_is_refused_under_the_lock_when_the_name_is_taken(app):
    dealt_match(app)
    with app.app_context():
        ann = db.session.scalars(select(Player).where(Player.name == "Ann")).one()
        with pytest.raises(Refused):
            players.rename(ann.id, "  BOB ", by=PHONE)  # Bob's name, whatever the case and spaces
        assert players.rename(ann.id, "Annie", by=PHONE) == ("Ann", "Annie")
        change = db.session.scalars(select(Change).where(Change.kind == RENAME)).one()
        assert (change.match_id, change.device, change.after["name"]) == (None, PHONE, "Annie")
        with pytest.raises(Gone):
            players.rename(999, "Zed", by=PHONE)


def test_a_deal_set_is_made_from_the_typed_seed_keyed_with_the_servers_secret_and_its_own(app):
    with app.app_context():
        made = deal_sets.make("", "classic", None, 6, 2024, 0, untitled=night.untitled_set)
        again = deal_sets.make("Club night", "classic", None, 6, 2024, 1, untitled=night.untitled_set)
        first, second = db.session.get_one(DealSet, made.set_id), db.session.get_one(DealSet, again.set_id)
        assert first.name == "Deal set 1" and second.name == "Club night"
        assert first.secret and second.secret and first.secret != second.secret
        assert first.seed == card_store.set_seed(2024, first.secret) != card_store.server_seed(2024)
        assert first.seed != second.seed and 2024 not in (first.seed, second.seed)


def test_a_phones_typed_seeds_are_counted_and_refused_past_the_limit(app):
    with app.app_context():
        tries = [seed_tries.begin("10.0.0.1", 2, timedelta(minutes=10)) for _ in range(2)]
        with pytest.raises(seed_tries.TooManySeeds) as refused:
            seed_tries.begin("10.0.0.1", 2, timedelta(minutes=10))
        assert refused.value.status == 429
        assert db.session.scalar(select(func.count()).select_from(SeedTry)) == 2  # the refused one is not kept
        seed_tries.begin("10.0.0.2", 2, timedelta(minutes=10))  # another phone
        seed_tries.forget(tries[0])  # its match was not started after all
        seed_tries.begin("10.0.0.1", 2, timedelta(minutes=10))


def test_a_guess_counts_from_when_it_is_made_until_it_is_found_right(app):
    with app.app_context():
        first = sign_ins.begin("10.0.0.1", timedelta(days=1))
        sign_ins.begin("10.0.0.1", timedelta(days=1))
        assert db.session.scalar(select(func.count()).select_from(SignInAttempt)) == 2
        sign_ins.forget(first)  # it was right
        sign_ins.begin("10.0.0.2", timedelta(0))  # keeps nothing older than now
        assert db.session.scalars(select(SignInAttempt.address)).all() == ["10.0.0.2"]
