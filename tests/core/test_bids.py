"""Bids: three bid cards to a number, aliased bids, out-of-range bids, hidden bids.

Every expected value comes from RULES.md §1 ("Bid cards", "Aliased bids", "Hidden bids"),
DECISIONS.md 1-3 and the worked examples of the rule texts in ../shared/seeds/:
the rules card [G] (♦♦♦ = 0, ♣♠♦ = 4, ♥♥♣ = 7) and Fosdick [F] (7♦ 6♠ 10♣ = 4).
Suit values: ♦ 0, ♠ 1, ♥ 2, ♣ 3; ranks do not matter.
"""

from __future__ import annotations

import itertools

import pytest
from coredocs import PLAYERS, TURN_UP
from coredocs import make_doc as doc
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core import MatchError, bid_from_cards, possible_bids, score_document


def deal(ruleset, bids, tricks, premiums=None, **extra):
    d = {"bids": bids, "tricks": tricks}
    if premiums:
        d["premiums"] = premiums
    if ruleset in TURN_UP and "turn_up" not in extra and "trump" not in extra:
        d["turn_up"] = TURN_UP[ruleset]
    d.update(extra)
    return d


def score_one(ruleset, bids, tricks, premiums=None, options=None, **extra):
    out = score_document(doc(ruleset, [deal(ruleset, bids, tricks, premiums, **extra)], options))
    return out["scored"]["deals"][0]


# --------------------------------------------------------------------------- bid_from_cards

@pytest.mark.parametrize(
    "cards, expected",
    [
        # the rules card's three examples [G]
        (["D", "D", "D"], 0),
        (["C", "S", "D"], 4),
        (["H", "H", "C"], 7),
        # Fosdick: "the 7 of Diamonds, the 6 of Spades, and the 10 of Clubs ... 0 + 1 + 3 = 4" [F]
        (["7D", "6S", "10C"], 4),
        # the extremes and every single suit value
        (["C", "C", "C"], 9),
        (["S", "S", "S"], 3),
        (["H", "H", "H"], 6),
        (["D", "S", "H"], 3),
        # card codes: ranks do not matter (A K Q J 12 11 10 ... 2)
        (["AC", "KC", "QC"], 9),
        (["JH", "10S", "2D"], 3),
        (["12S", "11S", "5H"], 4),
        # suit symbols, alone and with a rank
        (["♣", "♠", "♦"], 4),
        (["♥", "♥", "♣"], 7),
        (["10♥", "A♠", "6♦"], 3),
        (["K♣", "Q♣", "9♥"], 8),
        # case does not matter
        (["d", "s", "c"], 4),
        (["10h", "as", "kc"], 6),
        (["jd", "qD", "Ks"], 1),
        # mixed spellings in one list
        (["C", "10♠", "qh"], 6),
    ],
    ids=["ddd-0", "csd-4", "hhc-7", "fosdick-7d6s10c-4", "ccc-9", "sss-3", "hhh-6", "dsh-3",
         "codes-ac-kc-qc-9", "codes-jh-10s-2d-3", "codes-12s-11s-5h-4", "symbols-csd-4",
         "symbols-hhc-7", "symbol-codes-10h-as-6d-3", "symbol-codes-kc-qc-9h-8", "lower-dsc-4",
         "lower-codes-10h-as-kc-6", "mixed-case-1", "mixed-spellings-6"],
)
def test_bid_from_cards(cards, expected):
    assert bid_from_cards(cards) == expected


@pytest.mark.parametrize(
    "cards, turn_up, expected",
    [
        # "The Joker ... counts exactly as if it were the turn-up ... for bidding" [P]
        (["Joker", "AS", "KD"], "7H", 2 + 1 + 0),
        (["Joker", "D", "D"], "7C", 3),
        (["Joker", "D", "D"], "QD", 0),
        (["joker", "S", "S"], "AS", 3),
        # a Nine turned up means no trump, but the Joker still takes the Nine's suit for bidding
        (["Joker", "D", "D"], "9S", 1),
        (["Joker", "H", "C"], "9H", 2 + 2 + 3),
    ],
    ids=["joker-as-heart", "joker-as-club", "joker-as-diamond", "joker-lowercase-as-spade",
         "joker-as-nine-of-spades", "joker-as-nine-of-hearts"],
)
def test_bid_from_cards_joker_is_the_turn_up_suit(cards, turn_up, expected):
    assert bid_from_cards(cards, turn_up=turn_up) == expected


@pytest.mark.parametrize(
    "cards, turn_up",
    [
        (["D", "D"], None),                 # not three cards
        (["D", "D", "D", "D"], None),       # not three cards
        ([], None),
        (["X", "D", "D"], None),            # not a suit
        (["1H", "D", "D"], None),           # not a rank
        (["ZZ", "D", "D"], None),
        (["Joker", "D", "D"], None),        # a Joker needs the turn-up to know its suit
        (["Joker", "D", "D"], "Joker"),     # the Joker itself cannot be the turn-up it copies
    ],
    ids=["two-cards", "four-cards", "no-cards", "bad-suit", "bad-rank", "garbage",
         "joker-without-turn-up", "joker-turned-up"],
)
def test_bid_from_cards_refuses(cards, turn_up):
    with pytest.raises(ValueError):
        bid_from_cards(cards, turn_up=turn_up)


# --------------------------------------------------------------- bid cards inside a document

@pytest.mark.parametrize(
    "ruleset, bids, tricks, extra, resolved",
    [
        # classic, 7H turned: ♣♠♦ = 4, ♥♥♣ = 7, ♦♦♦ = 0
        ("classic", [["C", "S", "D"], ["H", "H", "C"], ["D", "D", "D"]], [4, 5, 0], {}, [4, 7, 0]),
        ("classic", [["7D", "6S", "10C"], ["10♥", "A♠", "6♦"], ["Jh", "qs", "kc"]], [4, 3, 2], {}, [4, 3, 6]),
        # the Joker counts as the turn-up 7H: Joker AS KD = 2 + 1 + 0
        ("classic", [["Joker", "AS", "KD"], None, None], [3, 3, 3], {"turn_up": "7H"}, [3, None, None]),
        # DECISIONS 3: no turn-up recorded but the deal's trump names the suit -> Joker is a heart
        ("classic", [["Joker", "AS", "KD"], None, None], [3, 3, 3], {"trump": "hearts"}, [3, None, None]),
        ("jokerless", [["AC", "KC", "QC"], ["6D", "7D", "8D"], ["JS", "JH", "JD"]], [0, 0, 9], {}, [9, 0, 3]),
        ("four-solo", [["2C", "3C", "4C"], ["5S", "6S", "7S"], ["KH", "QH", "JD"], None], [0, 0, 0, 10], {}, [9, 3, 4, None]),
        ("five", [["12C", "11C", "AD"], ["2D", "3D", "4D"], None, None, None], [1, 1, 1, 3, 3], {}, [6, 0, None, None, None]),
        ("two-dummy", [["AS", "KS", "QS"], None, ["6D", "6H", "6C"]], [3, 3, 3], {}, [3, None, 5]),
    ],
    ids=["classic-suit-letters", "classic-codes-symbols-lowercase", "classic-joker-turn-up",
         "classic-joker-by-named-trump", "jokerless-codes", "four-solo-codes-with-low-ranks",
         "five-elevens-twelves", "two-dummy-dummy-cards"],
)
def test_bid_card_lists_are_resolved_in_scored(ruleset, bids, tricks, extra, resolved):
    scored = score_one(ruleset, bids, tricks, **extra)
    assert scored["bids"] == resolved


# ----------------------------------------------------------------------------- aliased bids

@pytest.mark.parametrize(
    "ruleset, bids, tricks, made",
    [
        # four-solo: "a bid of 0 (three diamonds) is made with 0 or 10 tricks"; 10 is the same bid
        ("four-solo", [0, 1, 2, 3], [10, 0, 0, 0], [True, False, False, False]),
        ("four-solo", [10, 1, 2, 3], [0, 1, 4, 5], [True, True, False, False]),
        ("four-solo", [10, 0, 2, 3], [10, 0, 0, 0], [True, True, False, False]),
        ("four-partners", [0, 1, 2, 3], [10, 0, 0, 0], [True, False, False, False]),
        # long (13 tricks): 0/10, 1/11, 2/12, 3/13
        ("long", [1, 2, 0], [11, 2, 0], [True, True, True]),
        ("long", [13, 0, 0], [3, 10, 0], [True, True, True]),
        ("long", [12, 11, 4], [2, 1, 10], [True, True, False]),
        ("long", [3, 2, 1], [13, 0, 0], [True, False, False]),
        # two-open (13 tricks): the same aliases
        ("two-open", [3, 10], [3, 10], [True, True]),
        ("two-open", [13, 0], [3, 10], [True, True]),
        ("two-open", [2, 11], [12, 1], [True, True]),
        ("two-open", [4, 9], [4, 9], [True, True]),
        ("two-open", [1, 5], [8, 5], [False, True]),
    ],
    ids=["four-solo-0-made-with-10", "four-solo-10-made-with-0", "four-solo-10-with-10-and-0-with-0",
         "four-partners-0-made-with-10", "long-1-with-11", "long-13-with-3-and-0-with-10",
         "long-12-with-2-and-11-with-1", "long-3-with-13", "two-open-3-and-10",
         "two-open-13-with-3-and-0-with-10", "two-open-2-with-12-and-11-with-1",
         "two-open-no-alias-above-3", "two-open-1-not-made-with-8"],
)
def test_aliased_bids_are_made_with_either_value(ruleset, bids, tricks, made):
    scored = score_one(ruleset, bids, tricks)
    assert scored["made"] == made
    # DECISIONS 1: "The scored bid is the number as given."
    assert scored["bids"] == bids


@pytest.mark.parametrize(
    "ruleset, bids, tricks",
    [
        # a 9-trick deal never aliases: a bid of 0 is not made with 9 tricks
        ("classic", [0, 4, 5], [9, 0, 0]),
        ("jokerless", [0, None, None], [9, 0, 0]),
        ("five", [0, None, None, None, None], [9, 0, 0, 0, 0]),
        ("two-dummy", [0, None, 5], [9, 0, 0]),
    ],
    ids=["classic", "jokerless", "five", "two-dummy-live"],
)
def test_no_alias_where_nine_tricks(ruleset, bids, tricks):
    assert score_one(ruleset, bids, tricks)["made"][0] is False


# ----------------------------------------------------------------------- out-of-range bids

@pytest.mark.parametrize(
    "ruleset, seat, bad",
    [
        ("classic", 0, 10),        # 10 only where ten tricks exist
        ("classic", 1, -1),
        ("jokerless", 2, 13),
        ("declared", 0, 10),
        ("eighteen", 1, 10),
        ("five", 3, 10),
        ("two-dummy", 0, 10),
        ("two-dummy", 2, 10),      # the dummy too
        ("four-solo", 1, 11),      # four-*: ten tricks, so 10 but not 11
        ("four-partners", 2, 11),
        ("four-solo", 0, -1),
        ("long", 0, 14),           # long / two-open: 10..13 but not 14
        ("two-open", 1, 14),
        ("long", 1, -1),
        ("classic", 0, "four"),    # not a number
        ("classic", 0, 4.5),
        ("classic", 0, True),
    ],
    ids=["classic-10", "classic-negative", "jokerless-13", "declared-10", "eighteen-10", "five-10",
         "two-dummy-live-10", "two-dummy-dummy-10", "four-solo-11", "four-partners-11",
         "four-solo-negative", "long-14", "two-open-14", "long-negative", "string", "float", "bool"],
)
def test_out_of_range_bid_is_refused(ruleset, seat, bad):
    n_seats = 3 if ruleset == "two-dummy" else PLAYERS[ruleset]
    total = {"long": 13, "two-open": 13, "four-solo": 10, "four-partners": 10}.get(ruleset, 9)
    tricks = [total] + [0] * (n_seats - 1)
    bids = [1] * n_seats
    bids[seat] = bad
    first_ok = deal(ruleset, [1] * n_seats, tricks)
    with pytest.raises(MatchError) as info:
        score_document(doc(ruleset, [first_ok, deal(ruleset, bids, tricks)]))
    err = info.value
    assert err.deal == 2
    assert err.field == "bids"
    assert err.seat == seat
    assert str(err).startswith("deal 2: ")
    assert "bids" in str(err)


# ---------------------------------------------------------------------------- hidden bids

@pytest.mark.parametrize(
    "ruleset, bids, tricks, premiums",
    [
        ("classic", [None, None, None], [3, 3, 3], None),
        ("jokerless", [4, None, None], [4, 2, 3], None),
        ("declared", [None, 4, None], [2, 4, 3], None),
        ("eighteen", [None, None, 2], [3, 4, 2], None),
        ("four-solo", [None, None, None, None], [3, 3, 2, 2], None),
        ("five", [None, 2, None, None, None], [2, 2, 2, 2, 1], [{"seat": 1, "kind": "declare"}]),
        ("two-dummy", [None, None, 3], [3, 3, 3], None),     # live players may hide
        ("two-open", [None, None], [7, 6], None),
    ],
    ids=["classic", "jokerless", "declared", "eighteen", "four-solo", "five-non-declarers",
         "two-dummy-live", "two-open"],
)
def test_hidden_bid_accepted_and_means_failed(ruleset, bids, tricks, premiums):
    scored = score_one(ruleset, bids, tricks, premiums)
    for seat, bid in enumerate(bids):
        if bid is None:
            assert scored["bids"][seat] is None
            assert scored["made"][seat] is False


@pytest.mark.parametrize(
    "ruleset, bids, tricks, premiums, seat",
    [
        # bids always shown: four-partners, long (RULES §1 "Hidden bids", DECISIONS 2)
        ("four-partners", [3, None, 3, 2], [3, 2, 3, 2], None, 1),
        ("long", [4, 4, None], [4, 4, 5], None, 2),
        # a declarer or revealer must show the cards
        ("classic", [4, None, None], [4, 2, 3], [{"seat": 1, "kind": "declare"}], 1),
        ("jokerless", [None, 4, 3], [2, 4, 3], [{"seat": 0, "kind": "reveal"}], 0),
        ("eighteen", [None, 4, None], [2, 4, 3], [{"seat": 2, "kind": "declare"}], 2),
        ("declared", [None, 4, 3], [2, 4, 3], [{"seat": 0, "kind": "declare", "trump": "hearts"}], 0),
        ("four-solo", [None, 1, 2, None], [3, 3, 2, 2], [{"seat": 3, "kind": "reveal"}], 3),
        ("five", [2, 2, None, 2, 1], [2, 2, 2, 2, 1],
         [{"seat": 0, "kind": "declare"}, {"seat": 2, "kind": "declare"}], 2),
        ("two-dummy", [None, 3, 3], [3, 3, 3], [{"seat": 0, "kind": "declare"}], 0),
        # the dummy's cards are turned up at the end
        ("two-dummy", [3, 3, None], [3, 3, 3], None, 2),
    ],
    ids=["four-partners", "long", "classic-declarer", "jokerless-revealer", "eighteen-declarer",
         "declared-declarer", "four-solo-revealer", "five-declarer", "two-dummy-declarer",
         "two-dummy-dummy"],
)
def test_hidden_bid_refused(ruleset, bids, tricks, premiums, seat):
    with pytest.raises(MatchError) as info:
        score_one(ruleset, bids, tricks, premiums)
    err = info.value
    assert err.deal == 1
    assert err.field == "bids"
    assert err.seat == seat
    assert str(err).startswith("deal 1: ")
    assert "bids" in str(err)


# ---------------------------------------------------------------------------- possible_bids

def _norm_combos(combos):
    return sorted(tuple(sorted(c.upper() for c in combo)) for combo in combos)


def test_possible_bids_three_cards():
    assert {bid: _norm_combos(c) for bid, c in possible_bids(["AS", "KD", "QC"]).items()} == \
        {4: [("AS", "KD", "QC")]}


def test_possible_bids_twelve_cards_220_ways():
    # "three cards must be discarded from twelve, resulting in 220 different options" [W]
    # six spades and six hearts: SSS = 3 (C(6,3) = 20), SSH = 4 (15 * 6 = 90),
    # SHH = 5 (6 * 15 = 90), HHH = 6 (20)
    hand = ["AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "QH", "JH", "10H", "9H"]
    bids = possible_bids(hand)
    assert {bid: len(c) for bid, c in bids.items()} == {3: 20, 4: 90, 5: 90, 6: 20}
    assert sum(len(c) for c in bids.values()) == 220
    for bid, combos in bids.items():
        for combo in combos:
            assert len(set(combo)) == 3
            assert bid_from_cards(list(combo)) == bid


_DECK = [rank + suit for rank in ("A", "K", "Q", "J", "10", "9", "8", "7") for suit in "CDHS"] + ["Joker"]


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.sampled_from(_DECK), min_size=3, max_size=13, unique=True),
       turn_up=st.one_of(st.none(), st.sampled_from(["7C", "AD", "h", "Joker"])))
def test_possible_bids_are_every_three_cards_the_bid_rule_counts(hand, turn_up):
    # Each card's value is worked out once (bids.possible_bids); the bids must be what
    # bid_from_cards makes of every three of the hand, a Joker skipped where it counts as nothing.
    joker_counts = turn_up not in (None, "Joker")
    expected: dict[int, list[tuple[str, ...]]] = {}
    for three in itertools.combinations(hand, 3):
        if "Joker" in three and not joker_counts:
            continue
        expected.setdefault(bid_from_cards(list(three), turn_up), []).append(three)
    assert possible_bids(hand, turn_up) == dict(sorted(expected.items()))


def test_possible_bids_joker_counts_as_the_turn_up():
    # Joker as a club (turn-up 7C): Joker + AD + KD = 3
    bids = possible_bids(["Joker", "AD", "KD"], turn_up="7C")
    assert list(bids) == [3]


# Turn-up cards in any spelling (MATCH-FORMAT.md: case does not matter, suit symbols accepted).


# MATCH-FORMAT.md Notation: "Case does not matter; ♣ ♦ ♥ ♠ are accepted for the suit letters."
# CORE-API.md: bid_from_cards(cards, turn_up=None) accepts card codes. The turn_up argument is a card
# code too, but it is not normalised: a lowercase or symbol turn-up raises KeyError.
@pytest.mark.parametrize("turn_up, expected", [
    ("7h", 2), ("7♥", 2), ("9♠", 1), ("q♣", 3), ("10d", 0),
], ids=["lowercase", "heart-symbol", "spade-symbol-nine", "lowercase-rank-club-symbol", "lowercase-ten"])
def test_joker_with_turn_up_in_any_spelling(turn_up, expected):
    assert bid_from_cards(["Joker", "D", "D"], turn_up=turn_up) == expected


# A refused turn-up must raise ValueError (MatchError), never a bare KeyError.
@pytest.mark.parametrize("turn_up", ["joker", "JOKER"])
def test_joker_turned_up_in_any_case_is_a_value_error(turn_up):
    with pytest.raises(ValueError):
        bid_from_cards(["Joker", "D", "D"], turn_up=turn_up)


def test_possible_bids_turn_up_in_any_spelling():
    assert list(possible_bids(["Joker", "AD", "KD"], turn_up="7c")) == [3]
