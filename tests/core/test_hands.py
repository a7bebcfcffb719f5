"""A deal dealt by the app carries its hands: every bid must come from the bidder's own hand."""

from __future__ import annotations

import pytest

from scorer.core import RULESETS, MatchError, deal_cards, get_ruleset, score_document

DIAMONDS = ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "AS", "KS", "QS"]
HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "JS", "10S", "9S"]
CLUBS = ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "8S", "7S", "6S"]


def jokerless(bids, hands=(DIAMONDS, HEARTS, CLUBS)):
    return {"ruleset": "jokerless", "players": ["Ann", "Bob", "Cy"],
            "deals": [{"bids": bids, "tricks": [3, 3, 3], "hands": [list(h) for h in hands]}]}


def dealt_document(ruleset: str, seed: int) -> dict:
    """A deal from the dealer, everyone bidding with the first three cards of their own hand."""
    dealt = deal_cards(ruleset, seed=seed).to_json()
    rules = get_ruleset(ruleset)
    bids = [hand[:3] for hand in dealt["hands"]]
    deal = {"tricks": [rules.tricks] + [0] * (rules.seats - 1), "hands": dealt["hands"]}
    if rules.has_dummy:
        bids[-1] = dealt["dummy_bid"]
        deal["dummy_bid"] = dealt["dummy_bid"]
    if dealt["turn_up"]:
        deal["turn_up"] = dealt["turn_up"]
    deal["bids"] = bids
    return {"ruleset": ruleset, "players": [f"P{i}" for i in range(rules.players)], "deals": [deal]}


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bids_from_own_hand_are_accepted(ruleset, seed):
    scored = score_document(dealt_document(ruleset, seed))["scored"]
    assert len(scored["deals"]) == 1


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_a_bid_card_from_another_hand_is_refused(ruleset):
    doc = dealt_document(ruleset, 5)
    other = doc["deals"][0]["hands"][1][-1]  # a card of seat 1's, never among its three bid cards
    doc["deals"][0]["bids"][0] = [other] + doc["deals"][0]["bids"][0][1:]
    with pytest.raises(MatchError) as err:
        score_document(doc)
    assert err.value.field == "bids" and err.value.seat == 0
    assert str(err.value) == f"deal 1: bids: P0's bid card {other} is not in P0's hand"


def test_a_number_bid_must_be_expressible_by_the_hand():
    with pytest.raises(MatchError, match=r"deal 1: bids: Ann's bid 9 cannot be made from three of Ann's cards"):
        score_document(jokerless([9, 6, 9]))  # Ann holds no club or heart: at most 3 (three spades)
    assert score_document(jokerless([3, 6, 9]))["scored"]["deals"][0]["bids"] == [3, 6, 9]


def test_a_bare_suit_needs_that_suit_in_the_hand():
    with pytest.raises(MatchError, match="Bob has no diamond left in the hand to bid with"):
        score_document(jokerless([0, ["D", "D", "D"], 9]))


def test_a_hidden_bid_needs_no_cards():
    assert score_document(jokerless([None, None, None]))["scored"]["deals"][0]["made"] == [False] * 3


@pytest.mark.parametrize("change, message", [
    (lambda h: h[0].pop(), "deal 1: hands: Ann's hand has 11 cards, a hand of this ruleset has 12"),
    (lambda h: h[0].__setitem__(0, "AH"), "deal 1: hands: AH is dealt twice"),
    (lambda h: h[2].__setitem__(0, "2C"), "deal 1: hands: Cy's hand: 2C is not in the Jokerless pack"),
], ids=["short-hand", "card-twice", "card-not-in-pack"])
def test_bad_hands_are_refused(change, message):
    hands = [list(DIAMONDS), list(HEARTS), list(CLUBS)]
    change(hands)
    with pytest.raises(MatchError) as err:
        score_document(jokerless([None, None, None], hands))
    assert str(err.value) == message and err.value.field == "hands"


def test_the_dummy_bid_must_be_its_set_aside_cards():
    doc = dealt_document("two-dummy", 9)
    actual = score_document(doc)["scored"]["deals"][0]["bids"][-1]
    doc["deals"][0]["bids"][-1] = (actual + 1) % 10
    with pytest.raises(MatchError, match=rf"deal 1: bids: the dummy's bid cards .* make {actual}, not {(actual + 1) % 10}"):
        score_document(doc)


def test_the_dummy_turned_card_stays_in_its_hand():
    doc = dealt_document("two-dummy", 9)
    deal = doc["deals"][0]
    deal["turn_up"] = deal["hands"][0][-1]
    with pytest.raises(MatchError, match="is not in the dummy's hand"):
        score_document(doc)
