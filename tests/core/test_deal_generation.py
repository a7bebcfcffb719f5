"""deal_cards and pack_preparation for every ruleset.

RULES.md §2 (packs and deals) and §4; MATCH-FORMAT.md "Dealing"; DECISIONS 17-18.
Card codes are compared after normalising case and suit symbols.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from scorer.core import deal_cards, pack_preparation

SUITS = "CDHS"
STD_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUIT_NAME = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def norm(card):
    c = str(card).strip().upper()
    if c == "JOKER":
        return "Joker"
    for sym, letter in (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")):
        c = c.replace(sym, letter)
    return c


def cards(ranks, extra=()):
    return [r + s for s in SUITS for r in ranks] + list(extra)


SIX_UP = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
LOW = ["5", "4", "3", "2"]
PACK = {
    "classic": cards(SIX_UP, ["Joker"]),                                     # 37
    "jokerless": cards(SIX_UP),                                              # 36
    "declared": cards(SIX_UP),                                               # 36
    "eighteen": cards(SIX_UP),                                               # 36 in play
    "long": cards([r for r in STD_RANKS if r != "9"]),                       # 48 in play
    "four-solo": cards(STD_RANKS, ["Joker"]),                                # 53
    "four-partners": cards(STD_RANKS, ["Joker"]),                            # 53
    "five": cards(["A", "K", "Q", "J", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),  # 60
    "two-dummy": cards(SIX_UP),                                              # 36
    "two-open": cards(["A", "K", "Q", "J", "10", "9", "8", "7"], ["Joker"]),  # 33
}
# (players' hands, hand size, dummy hand, turn-up separate from the hands?)
SHAPE = {
    "classic": (3, 12, None, True),
    "jokerless": (3, 12, None, False),
    "declared": (3, 12, None, False),
    "eighteen": (3, 12, None, True),       # the pile card is the turn-up, not in a hand
    "long": (3, 16, None, False),
    "four-solo": (4, 13, None, True),
    "four-partners": (4, 13, None, True),
    "five": (5, 12, None, False),
    "two-dummy": (2, 12, 9, False),        # dummy: 9 cards played, turned card among them
    "two-open": (2, 16, None, True),
}
PILE = Counter(cards(LOW, ["Joker", "Joker"]))                             # eighteen's 18-card pile
ALL = sorted(PACK)


def trump_of(turn_up, nine_is_no_trump=True):
    c = norm(turn_up)
    if c == "Joker":
        return "no-trump"
    if nine_is_no_trump and c[:-1] == "9":
        return "no-trump"
    return SUIT_NAME[c[-1]]


def dealt(ruleset, seed, dealer=0, options=None):
    return deal_cards(ruleset, seed=seed, dealer=dealer, options=options).to_json()


# --------------------------------------------------------------------- shape of a deal

@pytest.mark.parametrize("ruleset", ALL)
@pytest.mark.parametrize("seed", [1, 2, 99, 123456789])
def test_deal_shape_and_every_card_once(ruleset, seed):
    js = dealt(ruleset, seed)
    players, size, dummy, turned_apart = SHAPE[ruleset]
    hands = [[norm(c) for c in h] for h in js["hands"]]
    if dummy is None:
        assert [len(h) for h in hands] == [size] * players
    else:
        assert [len(h) for h in hands] == [size] * players + [dummy]
    in_hands = [c for h in hands for c in h]
    turn_up = norm(js["turn_up"]) if js["turn_up"] is not None else None
    dummy_bid = [norm(c) for c in js["dummy_bid"]] if js["dummy_bid"] is not None else []
    everything = in_hands + dummy_bid + ([turn_up] if turned_apart and turn_up else [])
    if ruleset == "eighteen":
        # 36 play cards dealt, the turn-up from the pile
        assert sorted(in_hands) == sorted(PACK[ruleset])
        assert turn_up in PILE
        assert dummy_bid == []
    else:
        # every card of the pack exactly once across hands, turn-up and the dummy's bid
        assert sorted(everything) == sorted(PACK[ruleset])
    if ruleset in ("classic", "four-solo", "four-partners", "two-open", "eighteen", "two-dummy"):
        assert turn_up is not None
    else:
        assert turn_up is None
    if ruleset == "two-dummy":
        assert len(dummy_bid) == 3
        assert turn_up in hands[2]          # the turned card stays in the dummy's playing hand
    else:
        assert js["dummy_bid"] is None
    assert js["ruleset"] == ruleset
    assert js["seed"] == seed
    assert js["dealer"] == 0


@pytest.mark.parametrize("ruleset", ALL)
def test_deal_json_fields(ruleset):
    js = dealt(ruleset, 5)
    assert {"ruleset", "seed", "dealer", "hands", "turn_up", "trump", "dummy_bid", "pack"} <= set(js)
    assert json.loads(json.dumps(js)) == js          # plain JSON, as the command line prints it


def test_four_with_trump_by_successes_deals_without_joker_or_turn_up():
    for ruleset in ("four-solo", "four-partners"):
        for seed in (3, 4, 5):
            js = dealt(ruleset, seed, options={"trump": "successes"})
            hands = [[norm(c) for c in h] for h in js["hands"]]
            assert [len(h) for h in hands] == [13] * 4
            assert sorted(c for h in hands for c in h) == sorted(cards(STD_RANKS))
            assert js["turn_up"] is None
            assert js["trump"] is None


# --------------------------------------------------------------------- turn-up and trump

@pytest.mark.parametrize("ruleset", ["classic", "four-solo", "four-partners", "two-open", "two-dummy",
                                     "eighteen"])
def test_trump_follows_the_turned_card(ruleset):
    seen = set()
    for seed in range(60):
        js = dealt(ruleset, seed)
        expected = trump_of(js["turn_up"], nine_is_no_trump=(ruleset != "eighteen"))
        assert js["trump"] == expected, (seed, js["turn_up"])
        seen.add(js["trump"])
    assert len(seen) >= 3       # the turn-up really varies


@pytest.mark.parametrize("ruleset", ["jokerless", "declared", "long", "five"])
def test_no_trump_from_the_cards(ruleset):
    # trump follows successes / misses / a named suit, not the cards
    for seed in (1, 2, 3):
        assert dealt(ruleset, seed)["trump"] is None


# --------------------------------------------------------------------------- seeds

@pytest.mark.parametrize("ruleset", ALL)
def test_same_seed_same_deal(ruleset):
    a, b = dealt(ruleset, 42, dealer=1), dealt(ruleset, 42, dealer=1)
    assert a == b


@pytest.mark.parametrize("ruleset", ALL)
def test_different_seeds_differ(ruleset):
    a, b = dealt(ruleset, 1), dealt(ruleset, 2)
    assert a["hands"] != b["hands"]


@pytest.mark.parametrize("ruleset", ALL)
def test_no_seed_differs_and_reports_its_seed(ruleset):
    a = deal_cards(ruleset).to_json()
    b = deal_cards(ruleset).to_json()
    assert a["hands"] != b["hands"]
    # DECISIONS 18: the drawn seed is reported, and replays the deal
    assert isinstance(a["seed"], int) and not isinstance(a["seed"], bool)
    assert dealt(ruleset, a["seed"])["hands"] == a["hands"]


@pytest.mark.parametrize("ruleset, dealer", [
    ("classic", 2), ("four-solo", 3), ("five", 4), ("two-open", 1), ("two-dummy", 1),
])
def test_dealer_is_reported(ruleset, dealer):
    assert dealt(ruleset, 7, dealer=dealer)["dealer"] == dealer


# ---------------------------------------------------------------------- pack preparation

def prep(ruleset, options=None):
    p = pack_preparation(ruleset, options) if options is not None else pack_preparation(ruleset)
    return (sorted(norm(c) for c in p.pack), sorted(norm(c) for c in p.remove),
            sorted(norm(c) for c in p.add), sorted(norm(c) for c in p.aside))


@pytest.mark.parametrize("ruleset, remove, add", [
    ("classic", cards(LOW), ["Joker"]),                   # remove the 2-5s, add a Joker
    ("jokerless", cards(LOW), []),
    ("declared", cards(LOW), []),
    ("two-dummy", cards(LOW), []),
    ("two-open", cards(LOW + ["6"]), ["Joker"]),          # remove 2-6, add a Joker
    ("four-solo", [], ["Joker"]),
    ("four-partners", [], ["Joker"]),
    ("five", [], cards(["12", "11"])),                    # 60 = 52 + the Elevens and Twelves
])
def test_pack_preparation(ruleset, remove, add):
    pack, got_remove, got_add, aside = prep(ruleset)
    assert pack == sorted(PACK[ruleset])
    assert got_remove == sorted(remove)
    assert got_add == sorted(add)
    assert aside == []
    # a standard 52-card pack, less `remove`, plus `add`, is the pack
    assert sorted((Counter(cards(STD_RANKS)) - Counter(got_remove) + Counter(got_add)).elements()) == pack


@pytest.mark.parametrize("ruleset", ["four-solo", "four-partners"])
def test_pack_preparation_four_by_successes_has_no_joker(ruleset):
    pack, remove, add, aside = prep(ruleset, {"trump": "successes"})
    assert pack == sorted(cards(STD_RANKS))
    assert remove == [] and add == [] and aside == []


def test_pack_preparation_long_sets_the_nines_aside():
    pack, remove, add, aside = prep("long")
    nines = sorted(cards(["9"]))
    assert aside == nines
    assert add == []
    assert sorted(set(pack) - set(aside)) == sorted(PACK["long"])
    assert not set(remove) & set(PACK["long"])


def test_pack_preparation_eighteen_pile():
    pack, remove, add, aside = prep("eighteen")
    assert Counter(aside) == PILE                     # 2-5 of each suit and two Jokers
    assert len(aside) == 18
    assert sorted(set(pack) - set(aside)) == sorted(PACK["eighteen"])
    assert not set(remove) & set(PACK["eighteen"])
