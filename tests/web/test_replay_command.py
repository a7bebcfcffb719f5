"""The command the app shows under a recorded deal's cards deals exactly those cards again, for
every ruleset and for a duplicate deal set: the app and ``python -m scorer deal`` share one
derivation of seeds and of eighteen's trump pile (scorer.core.dealing)."""

from __future__ import annotations

import html
import io
import json
import re
import shlex

import pytest
from cardhelpers import join_set
from sqlalchemy import select
from webhelpers import post_deal, start_match

from scorer.cli import main
from scorer.core import JOKER, RULESETS, bid_from_cards
from scorer.web.data.models import DealtDeal
from scorer.web.extensions import db


def stored(app, match_id: int, number: int) -> dict:
    with app.app_context():
        row = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id, DealtDeal.number == number))
        assert row is not None, f"deal {number} was not dealt"
        return {"hands": row.hands, "turn_up": row.turn_up, "dummy_bid": row.dummy_bid}


def tricks_of(ruleset_id: str) -> list[int]:
    """The deal's tricks shared out as evenly as they go (9 in three: 3 3 3; 13 in two: 7 6)."""
    ruleset = RULESETS[ruleset_id]
    share, left = divmod(ruleset.tricks, ruleset.seats)
    return [share + (1 if seat < left else 0) for seat in range(ruleset.seats)]


def record(client, app, match_id: int, number: int, ruleset_id: str) -> dict:
    """Record deal ``number`` with bid cards from each hand (the dummy's own, turned up)."""
    client.get(f"/matches/{match_id}")
    cards = stored(app, match_id, number)
    # Spoken bids: bid cards reach the scorekeeper's form only from the players' own phones.
    bids = [str(bid_from_cards([c for c in hand if c != JOKER][:3], cards["turn_up"])) for hand in cards["hands"]]
    if cards["dummy_bid"] is not None:
        assert client.post(f"/matches/{match_id}/deals/{number}/dummy").status_code == 303
        bids[-1] = " ".join(cards["dummy_bid"])
    response = post_deal(client, match_id, number, bids, tricks_of(ruleset_id))
    assert response.status_code == 303, response.text
    return cards


def replayed(client, match_id: int, number: int) -> dict:
    """Run the command shown on the deal's cards page through the command line's ``main``."""
    page = client.get(f"/matches/{match_id}/deals/{number}/cards").text
    found = re.search(r"<code[^>]*>(.*?)</code>", page, re.S)
    assert found, "the cards page shows no replay command"
    command = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))
    assert command.startswith("python -m scorer deal ")
    argv = shlex.split(command)[3:]
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def same_cards(dealt: dict, replay: dict) -> None:
    assert replay["hands"] == dealt["hands"]
    assert replay["turn_up"] == dealt["turn_up"]
    assert replay["dummy_bid"] == dealt["dummy_bid"]


CASES = [(ruleset_id, {}) for ruleset_id in RULESETS] + [("four-solo", {"trump": "successes"})]


@pytest.mark.parametrize("ruleset_id, extra", CASES, ids=[f"{r}{'-' + '-'.join(e.values()) if e else ''}" for r, e in CASES])
def test_every_recorded_deal_replays_from_the_command_shown(client, app, ruleset_id, extra):
    players = RULESETS[ruleset_id].players
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    # Three deals and the match is over: every seed may be shown (in eighteen a seed also shuffled
    # the game's trump pile, so it waits until nothing is left to predict).
    match_id = start_match(client, names, ruleset_id, cards="app", seed="2024", match="deals", deals="3", **extra)
    dealt = [record(client, app, match_id, number, ruleset_id) for number in (1, 2, 3)]  # eighteen: 3 pile cards
    for number, cards in enumerate(dealt, start=1):
        same_cards(cards, replayed(client, match_id, number))


def test_eighteen_without_a_match_seed_replays_each_deal_of_the_game(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "eighteen", cards="app", seed="", match="deals", deals="3")
    dealt = [record(client, app, match_id, number, "eighteen") for number in (1, 2, 3)]
    for number, cards in enumerate(dealt, start=1):
        same_cards(cards, replayed(client, match_id, number))
    turned = [cards["turn_up"] for cards in dealt]
    # Three cards of one pile, not one card three times (the pile holds two Jokers, which may both come up).
    assert len(set(turned)) + max(turned.count("Joker") - 1, 0) == 3


def test_a_deal_set_deal_replays_from_the_command_shown(client, app):
    response = client.post("/deal-sets/new", data={"name": "Club", "ruleset": "eighteen", "count": "2",
                                                   "first_dealer": "0", "seed": "77"})
    assert response.status_code in (302, 303), response.text
    # The set's only table plays its two deals and its match is over: nothing is left to predict.
    match_id = join_set(client, ["Ann", "Bob", "Cy"], ruleset="eighteen")
    dealt = [record(client, app, match_id, number, "eighteen") for number in (1, 2)]
    for number, cards in enumerate(dealt, start=1):
        same_cards(cards, replayed(client, match_id, number))
