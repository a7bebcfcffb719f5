"""A duplicate set's deals cannot be dealt again elsewhere (issue 32): a set deals from its typed
seed keyed with the server's key and a secret of its own (``card_store.set_seed``), so neither an
ordinary match nor another set started with the same typed seed is dealt its hands; the seed its
sheet shows once the night is over deals every one of them again with the core's dealing (what
``python -m scorer deal`` runs); and one phone starts at most five matches with a typed seed in
ten minutes (``policy/typed_seeds.py``), so that trying typed seeds one after another is slow.
"""

from __future__ import annotations

import html
import re
from datetime import timedelta

from cardhelpers import THREE, app_match, join_set, new_set
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update
from test_replay_command import record, replayed, same_cards
from webhelpers import match_form, phone, post_deal

from scorer.core import deal_cards, deal_seed, game_pile_seed
from scorer.web import clock
from scorer.web.data.models import DealSet, DealtDeal, Match, SeedTry, now_utc
from scorer.web.extensions import db
from scorer.web.policy import typed_seeds


def hands_of(app: Flask, match_id: int) -> dict[int, list[list[str]]]:
    """Every dealt deal of a match as stored: number → hands."""
    with app.app_context():
        rows = db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == match_id)).all()
        return {row.number: row.hands for row in rows}


def play_three(client: FlaskClient, match_id: int) -> None:
    """Record deals 1 and 2, so that deals 1 to 3 are dealt (each save deals the next)."""
    for number in (1, 2):
        assert post_deal(client, match_id, number, ["hidden"] * 3, [3, 3, 3]).status_code == 303


# ---------------------------------------------------------------------------- a set's own seed


def test_a_set_and_a_match_with_the_same_typed_seed_deal_different_hands(app):
    set_id = new_set(phone(app, "192.168.1.5"), seed="2024")  # classic, seat 1 deals first
    table_keeper, ordinary_keeper = phone(app, "192.168.1.6"), phone(app, "192.168.1.7")
    table = join_set(table_keeper, THREE, set_id)
    ordinary = app_match(ordinary_keeper, seed=2024)  # classic, seat 1 deals first, the same typed seed
    play_three(table_keeper, table)
    play_three(ordinary_keeper, ordinary)
    in_set, in_match = hands_of(app, table), hands_of(app, ordinary)
    assert sorted(in_set) == sorted(in_match) == [1, 2, 3]
    for number in (1, 2, 3):
        for seat in range(3):
            # Not one hand alike (before, all 36 cards of deals 1 to 3 were the set's).
            assert sorted(in_set[number][seat]) != sorted(in_match[number][seat])
    with app.app_context():
        deal_set = db.session.get_one(DealSet, set_id)
        assert deal_set.secret is not None and len(deal_set.secret) == 64
        match_seed = db.session.get_one(Match, ordinary).seed
        assert deal_set.seed != match_seed


def test_two_sets_made_with_the_same_typed_seed_deal_different_hands(app):
    organiser = phone(app, "192.168.1.5")
    first, second = new_set(organiser, seed="2024"), new_set(organiser, seed="2024")
    tables = [join_set(phone(app, f"192.168.1.{6 + i}"), THREE, set_id) for i, set_id in enumerate((first, second))]
    one, other = hands_of(app, tables[0])[1], hands_of(app, tables[1])[1]
    assert all(sorted(a) != sorted(b) for a, b in zip(one, other, strict=True))
    with app.app_context():
        sets = [db.session.get_one(DealSet, set_id) for set_id in (first, second)]
        assert sets[0].seed != sets[1].seed and sets[0].secret != sets[1].secret


def test_a_set_made_before_keeps_the_seed_it_has(app):
    """A set made before sets had a secret (``secret`` None) is dealt from its stored seed as it was."""
    set_id = new_set(phone(app, "192.168.1.5"), seed="2024")
    with app.app_context():
        db.session.execute(update(DealSet).where(DealSet.id == set_id).values(secret=None, seed=4242))
        db.session.commit()
    table = join_set(phone(app, "192.168.1.6"), THREE, set_id)
    assert hands_of(app, table)[1] == [list(hand) for hand in deal_cards("classic", deal_seed(4242, 1), 0).hands]


# ---------------------------------------------------------------------------- the replay


def test_once_the_night_is_over_the_seed_shown_deals_every_hand_again(app):
    """The sheet's seed, run through the core's dealing (``deal_cards``, as ``python -m scorer
    deal`` runs it), gives every hand stored; and each deal's cards page's command too. eighteen:
    the seed also shuffles the trump pile."""
    organiser = phone(app, "192.168.1.5")
    assert organiser.post("/deal-sets/new", data={"name": "Club", "ruleset": "eighteen", "count": "3",
                                                  "first_dealer": "0", "seed": "2024"}).status_code == 303
    keeper = phone(app, "192.168.1.6")
    table = join_set(keeper, THREE, 1, ruleset="eighteen", match="deals", deals="3")
    dealt = [record(keeper, app, table, number, "eighteen") for number in (1, 2, 3)]
    with app.app_context():
        deal_set = db.session.get_one(DealSet, 1)
        deal_set.ended_at = now_utc()  # the night is over (as the lead's end of a night will set it)
        db.session.commit()
        sheet = f"/deal-sets/1/sheet/{deal_set.key}"
        stored_seed, options = deal_set.seed, deal_set.options
        rows = {row.number: row for row in db.session.scalars(select(DealtDeal).where(DealtDeal.match_id == table))}
        dealers = {number: row.dealer for number, row in rows.items()}
    page = organiser.get(sheet)
    assert page.status_code == 200
    shown = re.search(r"seed (\d+)", html.unescape(page.text))
    assert shown, "the sheet shows no seed"
    seed = int(shown.group(1))
    assert seed == stored_seed and seed != 2024  # the seed the deals came from, not the one typed
    for number, cards in enumerate(dealt, start=1):
        again = deal_cards("eighteen", deal_seed(seed, number), dealers[number], options, deal=number,
                           pile_seed=game_pile_seed(seed, number))
        assert [list(hand) for hand in again.hands] == cards["hands"] and again.turn_up == cards["turn_up"]
        same_cards(cards, replayed(keeper, table, number))


# ---------------------------------------------------------------------------- the limit per phone


def seeded(client: FlaskClient, seed: str = "2024", cards: str = "app", **extra: str):
    return client.post("/matches/new", data=match_form(THREE, "classic", cards=cards, seed=seed, **extra))


def test_a_phone_starts_five_matches_with_a_typed_seed_in_ten_minutes_and_no_more(app):
    trier, neighbour = phone(app, "198.51.100.20"), phone(app, "198.51.100.21")
    for typed in range(typed_seeds.MOST):
        assert seeded(trier, str(2020 + typed)).status_code == 302
    with app.app_context():
        matches = db.session.scalar(select(func.count()).select_from(Match))
        first = clock.as_utc(db.session.scalar(select(func.min(SeedTry.at))))
    refused = seeded(trier, "2031")
    assert refused.status_code == 429
    # The message beside the seed field says when this phone may try again (to the minute, never early).
    retry = first + typed_seeds.WINDOW
    minute = retry.replace(second=0, microsecond=0)
    retry = minute if minute == retry else minute + timedelta(minutes=1)
    text = html.unescape(refused.text)
    assert (f"This phone has started 5 matches with a typed seed in the last 10 minutes: it may start another with "
            f"a seed from {retry:%H:%M}.") in text
    assert re.search(r'id="seed-error">\s*<p>This phone has started 5 matches', refused.text)  # beside the seed field
    assert 0 < int(refused.headers["Retry-After"]) <= 660  # to the minute said
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == matches  # nothing was started
        assert db.session.scalar(select(func.count()).select_from(SeedTry)) == typed_seeds.MOST  # nor counted
    assert seeded(trier, "").status_code == 302            # a seed drawn at random is not limited
    assert seeded(trier, "", cards="table").status_code == 302
    assert seeded(neighbour, "2031").status_code == 302    # another phone is not held up
    # Ten minutes later the phone may start one again.
    with app.app_context():
        db.session.execute(update(SeedTry).values(at=now_utc() - timedelta(minutes=11)))
        db.session.commit()
    assert seeded(trier, "2031").status_code == 302


def test_a_match_not_started_does_not_count(app):
    """A try whose match the app refused (the app cannot turn a card when trump comes from
    successes) is taken back: the phone's five are still to come."""
    trier = phone(app, "198.51.100.30")
    for _ in range(typed_seeds.MOST + 1):
        answer = trier.post("/matches/new", data={**match_form(["Ann", "Bob", "Cy", "Di"], "four-solo", cards="turn-up",
                                                               seed="7"), "trump": "successes"})
        assert answer.status_code == 422
    for typed in range(typed_seeds.MOST):
        assert seeded(trier, str(typed)).status_code == 302
    assert seeded(trier, "99").status_code == 429


def test_an_ipv6_phone_is_counted_by_its_network():
    """One phone may change the last 64 bits of its IPv6 address at will: they count as one."""
    from scorer import create_app  # a request context is enough

    app = create_app({"TESTING": True, "SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    seen = []
    for address in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "::ffff:198.51.100.4", "198.51.100.4"):
        with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
            seen.append(typed_seeds.phone())
    assert seen == ["2001:db8:1:2::/64", "2001:db8:1:2::/64", "198.51.100.4", "198.51.100.4"]
