"""Which bids a dealt hand allows (issue 34: a number typed at an app-dealt table that the
player's hand cannot make is warned about): ``hand_bids`` gives every number three of the hand's
cards make, with their aliases; ``bids_off_hand`` the number bids of a deal outside them."""

from __future__ import annotations

import pytest

from scorer.core import (
    RULESETS,
    MatchError,
    OffHand,
    bid_numbers,
    bids_off_hand,
    deal_cards,
    get_ruleset,
    hand_bids,
    make_setup,
    score_document,
)

# Suits by their bid value (RULES.md §1): ♦ 0, ♠ 1, ♥ 2, ♣ 3.
D = ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D"]
S = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]
H = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"]
C = ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C"]


@pytest.mark.parametrize(("hand", "turn_up", "tricks", "allowed"), [
    # The hands: Dora's (one club, so never 8 or 9) and Emil's (one diamond, so never 0 or 1).
    (D[:4] + S[:3] + H[:4] + C[:1], None, 9, tuple(range(8))),
    (D[:1] + S[:2] + H[:4] + C[:5], None, 9, tuple(range(2, 10))),
    (D[:3], None, 9, (0,)),  # three cards: one bid
    (D[:10] + C[:2], None, 9, (0, 3, 6)),  # two suits apart: the numbers between are not made
    (S[:9] + H[:3], None, 9, (3, 4, 5, 6)),
    (D + S[:3], None, 9, (0, 1, 2, 3)),
    # A Joker counts as the turned card's suit; with no card to count as, it makes nothing.
    (["Joker", *D[:2]], "7C", 9, (3,)),
    (["Joker", *D[:3]], None, 9, (0,)),
    (["Joker", *D[:3]], "Joker", 9, (0,)),
    # Aliases where that many tricks exist: 0-3 also 10-13 (13 tricks), 0 also 10 (10 tricks).
    (D[:3] + S[:1], None, 13, (0, 1, 10, 11)),
    (D[:3] + S[:1], None, 10, (0, 1, 10)),
    (C[:3], None, 13, (9,)),
])
def test_the_bids_a_hand_allows(hand, turn_up, tricks, allowed):
    assert hand_bids(hand, turn_up, tricks) == allowed


def test_without_tricks_given_a_hand_allows_only_what_its_cards_make():
    assert hand_bids(D[:3] + S[:1]) == (0, 1)


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if not get_ruleset(r).has_dummy])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bids_a_hand_allows_are_those_the_core_accepts_from_it(ruleset, seed):
    """A dealt hand: every number it allows is accepted as its bid once the hands are known, and
    every other number a bid may be given as is refused (``check_dealt_cards``). The others bid
    with three cards of their own hands."""
    dealt = deal_cards(ruleset, seed=seed).to_json()
    rules = get_ruleset(ruleset)
    allowed = hand_bids(dealt["hands"][0], dealt["turn_up"], rules.tricks)
    assert allowed and set(allowed) <= set(bid_numbers(rules.tricks))
    for bid in bid_numbers(rules.tricks):
        deal = {"bids": [bid] + [hand[:3] for hand in dealt["hands"][1:]], "hands": dealt["hands"],
                "tricks": [rules.tricks] + [0] * (rules.seats - 1)}
        if dealt["turn_up"]:
            deal["turn_up"] = dealt["turn_up"]
        doc = {"ruleset": ruleset, "players": [f"P{i}" for i in range(rules.players)], "deals": [deal]}
        if bid in allowed:
            score_document(doc)
        else:
            with pytest.raises(MatchError) as refused:
                score_document(doc)
            assert refused.value.code == "bid-not-from-hand", (bid, refused.value)


def test_bids_off_hand_names_each_seat_its_bid_and_what_the_hand_allowed():
    dora = D[:4] + S[:3] + H[:4] + C[:1]   # 0-7
    emil = D[4:5] + S[3:5] + H[4:8] + C[1:6]  # 2-9
    fritz = D[5:] + S[5:] + H[8:] + C[6:]   # 0-9
    setup = make_setup("jokerless")
    assert bids_off_hand(setup, [dora, emil, fritz], [9, 0, 5]) == (
        OffHand(seat=0, bid=9, allowed=tuple(range(8))), OffHand(seat=1, bid=0, allowed=tuple(range(2, 10))))
    # Bids the hands can make, hidden bids and bids given as cards: nothing to say.
    assert bids_off_hand(setup, [dora, emil, fritz], [7, 2, 9]) == ()
    assert bids_off_hand(setup, [dora, emil, fritz], [None, ["AH", "KH", "QC"], None]) == ()


def test_a_bid_above_nine_is_off_a_hand_unless_it_aliases_a_bid_the_hand_makes():
    setup = make_setup("long")
    low = D[:3] + S[:1]  # 0, 1: also 10, 11 in a 13-trick deal
    high = C[:3] + H[:1]  # 8, 9
    assert bids_off_hand(setup, [low, high, high], [11, 12, 9]) == (OffHand(seat=1, bid=12, allowed=(8, 9)),)


def test_the_dummys_bid_is_never_off_its_hand():
    """two-dummy: the dummy's bid is its set-aside cards, not three of its hand."""
    dealt = deal_cards("two-dummy", seed=3).to_json()
    setup = make_setup("two-dummy")
    assert all(off.seat != 2 for off in bids_off_hand(setup, dealt["hands"], [None, None, 99], dealt["turn_up"]))
