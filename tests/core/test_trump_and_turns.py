"""Dealer, leader and trump of every deal, and the `next` deal in the scored output.

RULES.md §1 "Dealer and lead", "Next trump by successes"; §2 the trump column; DECISIONS 8-10, 16.
"""

from __future__ import annotations

import pytest
from coredocs import PLAIN, TURN_UP, make_doc, score

from scorer.core import score_document


def plain(ruleset, **extra):
    bids, tricks = PLAIN[ruleset]
    d = {"bids": list(bids), "tricks": list(tricks)}
    if ruleset in TURN_UP:
        d["turn_up"] = TURN_UP[ruleset]
    d.update(extra)
    return d


# --------------------------------------------------------------------- dealer and leader

# (ruleset, first_dealer, dealers of deals 1-5 and of `next`, leaders likewise)
ROTATION = [
    ("classic", 0, [0, 1, 2, 0, 1, 2], [1, 2, 0, 1, 2, 0]),
    ("classic", 2, [2, 0, 1, 2, 0, 1], [0, 1, 2, 0, 1, 2]),
    ("jokerless", 1, [1, 2, 0, 1, 2, 0], [2, 0, 1, 2, 0, 1]),
    ("declared", 0, [0, 1, 2, 0, 1, 2], [1, 2, 0, 1, 2, 0]),
    ("eighteen", 1, [1, 2, 0, 1, 2, 0], [2, 0, 1, 2, 0, 1]),
    ("long", 2, [2, 0, 1, 2, 0, 1], [0, 1, 2, 0, 1, 2]),
    ("four-solo", 1, [1, 2, 3, 0, 1, 2], [2, 3, 0, 1, 2, 3]),
    ("four-partners", 3, [3, 0, 1, 2, 3, 0], [0, 1, 2, 3, 0, 1]),
    ("five", 4, [4, 0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 0]),
    ("five", 0, [0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 1]),
    # two players: the non-dealer leads (DECISIONS 16); two-dummy: only live seats 0 and 1 deal
    ("two-open", 0, [0, 1, 0, 1, 0, 1], [1, 0, 1, 0, 1, 0]),
    ("two-open", 1, [1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1]),
    ("two-dummy", 0, [0, 1, 0, 1, 0, 1], [1, 0, 1, 0, 1, 0]),
    ("two-dummy", 1, [1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1]),
]


@pytest.mark.parametrize("ruleset, first, dealers, leaders", ROTATION,
                         ids=[f"{r[0]}-first-{r[1]}" for r in ROTATION])
def test_dealer_and_leader_rotate(ruleset, first, dealers, leaders):
    deals = [plain(ruleset) for _ in range(5)]
    if ruleset == "eighteen":
        for d, card in zip(deals, ["2C", "3D", "4H", "5S", "2D"]):
            d["turn_up"] = card
    scored = score(ruleset, deals, first_dealer=first,
                   options={"match": "deals", "deals": 9})
    assert [d["dealer"] for d in scored["deals"]] + [scored["next"]["dealer"]] == dealers
    assert [d["leader"] for d in scored["deals"]] + [scored["next"]["leader"]] == leaders
    assert [(d["game"], d["number"]) for d in scored["deals"]] == [(1, n) for n in range(1, 6)]
    assert (scored["next"]["game"], scored["next"]["number"]) == (1, 6)


def test_first_dealer_defaults_to_zero():
    d = make_doc("jokerless", [plain("jokerless")])
    del d["first_dealer"]
    scored = score_document(d)["scored"]
    assert (scored["deals"][0]["dealer"], scored["deals"][0]["leader"]) == (0, 1)


# ---------------------------------------------------------------- trump from a turned card

# (ruleset, turn_up, trump of the deal)
TURNED = [
    ("classic", "7H", "hearts"),
    ("classic", "AC", "clubs"),
    ("classic", "6D", "diamonds"),
    ("classic", "KS", "spades"),
    ("classic", "9S", "no-trump"),      # a Nine -> no trump
    ("classic", "9D", "no-trump"),
    ("classic", "Joker", "no-trump"),   # the Joker -> no trump
    ("classic", "10h", "hearts"),       # case does not matter
    ("classic", "Q♠", "spades"),        # suit symbols accepted
    ("classic", "joker", "no-trump"),
    ("four-solo", "2C", "clubs"),       # 52 + Joker: the low ranks exist
    ("four-solo", "9H", "no-trump"),
    ("four-solo", "Joker", "no-trump"),
    ("four-partners", "5D", "diamonds"),
    ("four-partners", "9C", "no-trump"),
    ("four-partners", "Joker", "no-trump"),
    ("two-dummy", "KS", "spades"),      # the dummy's top card
    ("two-dummy", "9C", "no-trump"),
    ("two-open", "7D", "diamonds"),
    ("two-open", "9H", "no-trump"),
    ("two-open", "Joker", "no-trump"),
    # eighteen: the card turned from the trump pile (2-5 of each suit + 2 Jokers)
    ("eighteen", "2C", "clubs"),
    ("eighteen", "5S", "spades"),
    ("eighteen", "3d", "diamonds"),
    ("eighteen", "4H", "hearts"),
    ("eighteen", "Joker", "no-trump"),
]


@pytest.mark.parametrize("ruleset, turn_up, trump", TURNED,
                         ids=[f"{r}-{u}" for r, u, _ in TURNED])
def test_trump_from_the_turned_card(ruleset, turn_up, trump):
    scored = score(ruleset, [plain(ruleset, turn_up=turn_up)])
    assert scored["deals"][0]["trump"] == trump
    # the next trump depends on a card not yet turned
    assert scored["next"]["trump"] is None


@pytest.mark.parametrize("ruleset", ["classic", "four-solo", "four-partners", "two-dummy", "two-open", "eighteen"])
@pytest.mark.parametrize("trump", ["clubs", "no-trump"])
def test_trump_may_be_given_instead_of_the_turn_up(ruleset, trump):
    d = plain(ruleset)
    del d["turn_up"]
    d["trump"] = trump
    scored = score(ruleset, [d])
    assert scored["deals"][0]["trump"] == trump


@pytest.mark.parametrize("ruleset, turn_up, trump", [
    ("classic", "7H", "hearts"), ("classic", "9H", "no-trump"), ("classic", "Joker", "no-trump"),
    ("eighteen", "Joker", "no-trump"), ("two-dummy", "AD", "diamonds"),
], ids=["classic-7h", "classic-nine", "classic-joker", "eighteen-joker", "two-dummy-ad"])
def test_trump_given_with_the_turn_up_when_it_agrees(ruleset, turn_up, trump):
    scored = score(ruleset, [plain(ruleset, turn_up=turn_up, trump=trump)])
    assert scored["deals"][0]["trump"] == trump


# ------------------------------------------------------------------ trump by successes

# Previous deal's k -> trump: 3 clubs, 2 hearts, 1 spades, 0 diamonds [P][F][G][W]
K_DEALS_3 = {  # bids, tricks with exactly k made (three players, 9 tricks)
    0: ([None, None, None], [3, 3, 3]),
    1: ([3, None, None], [3, 3, 3]),
    2: ([3, 3, None], [3, 3, 3]),
    3: ([3, 3, 3], [3, 3, 3]),
}
SUCCESS_TRUMP = {0: "diamonds", 1: "spades", 2: "hearts", 3: "clubs"}


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_jokerless_trump_follows_successes(k):
    bids, tricks = K_DEALS_3[k]
    scored = score("jokerless", [{"bids": bids, "tricks": tricks}, plain("jokerless")])
    assert scored["deals"][0]["trump"] == "diamonds"      # first deal: diamonds
    assert scored["deals"][1]["trump"] == SUCCESS_TRUMP[k]
    assert scored["next"]["trump"] == "diamonds"          # after k=0


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_eighteen_trump_never_follows_successes(k):
    bids, tricks = K_DEALS_3[k]
    scored = score("eighteen", [{"bids": bids, "tricks": tricks, "turn_up": "2S"},
                                {"bids": bids, "tricks": tricks, "turn_up": "5C"}])
    assert [d["trump"] for d in scored["deals"]] == ["spades", "clubs"]


def test_jokerless_first_trump_option():
    scored = score("jokerless", [plain("jokerless")], options={"first_trump": "no-trump"})
    assert scored["deals"][0]["trump"] == "no-trump"
    scored = score("jokerless", [plain("jokerless")], options={"first_trump": "diamonds"})
    assert scored["deals"][0]["trump"] == "diamonds"


def test_jokerless_next_trump_sequence():
    # deals with k = 1, 3, 2, 0, 3 -> trumps: D (first), S, C, H, D; next C
    seq = [1, 3, 2, 0, 3]
    deals = [{"bids": K_DEALS_3[k][0], "tricks": K_DEALS_3[k][1]} for k in seq]
    scored = score("jokerless", deals)
    assert [d["trump"] for d in scored["deals"]] == ["diamonds", "spades", "clubs", "hearts", "diamonds"]
    assert scored["next"]["trump"] == "clubs"
    assert scored["next"]["trump_source"] == "successes"


FOUR_K = {  # four players, ten tricks, exactly k made (bids always shown for partners)
    0: ([0, 0, 0, 0], [3, 3, 2, 2]),
    1: ([3, 0, 0, 0], [3, 3, 2, 2]),
    2: ([3, 3, 0, 0], [3, 3, 2, 2]),
    3: ([3, 3, 2, 0], [3, 3, 2, 2]),
    4: ([3, 3, 2, 2], [3, 3, 2, 2]),
}
FOUR_TRUMP = {0: "diamonds", 1: "spades", 2: "hearts", 3: "clubs", 4: "no-trump"}


@pytest.mark.parametrize("ruleset", ["four-solo", "four-partners"])
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_four_with_trump_by_successes(ruleset, k):
    bids, tricks = FOUR_K[k]
    scored = score(ruleset, [{"bids": bids, "tricks": tricks}, {"bids": [3, 3, 2, 2], "tricks": [3, 3, 2, 2]}],
                   options={"trump": "successes"})
    # first deal: no trump by default with `trump: successes`; all four made -> no trump
    assert scored["deals"][0]["trump"] == "no-trump"
    assert scored["deals"][1]["trump"] == FOUR_TRUMP[k]
    assert scored["next"]["trump"] == "no-trump"


@pytest.mark.parametrize("ruleset", ["four-solo", "four-partners"])
def test_four_with_trump_by_successes_first_trump_diamonds(ruleset):
    scored = score(ruleset, [{"bids": [3, 3, 2, 2], "tricks": [3, 3, 2, 2]}],
                   options={"trump": "successes", "first_trump": "diamonds"})
    assert scored["deals"][0]["trump"] == "diamonds"


FIVE_K = {  # five players, nine tricks [2, 2, 2, 2, 1], exactly k made
    0: [0, 0, 0, 0, 0], 1: [2, 0, 0, 0, 0], 2: [2, 2, 0, 0, 0], 3: [2, 2, 2, 0, 0],
    4: [2, 2, 2, 2, 0], 5: [2, 2, 2, 2, 1],
}
FIVE_TRUMP = {0: "diamonds", 1: "spades", 2: "hearts", 3: "clubs", 4: "no-trump", 5: "no-trump"}


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_five_trump_by_successes(k):
    scored = score("five", [{"bids": FIVE_K[k], "tricks": [2, 2, 2, 2, 1]}, plain("five")])
    assert scored["deals"][0]["trump"] == "no-trump"     # first deal: no trump [P][G]
    assert scored["deals"][1]["trump"] == FIVE_TRUMP[k]
    assert scored["next"]["trump"] == "diamonds"          # plain deal: nobody made


def test_five_first_trump_option():
    scored = score("five", [plain("five")], options={"first_trump": "diamonds"})
    assert scored["deals"][0]["trump"] == "diamonds"


# ------------------------------------------------------------------------- long by misses

# total misses of the previous deal: 0 diamonds, 1 spades, 2 hearts, 3 or more clubs;
# a miss is measured from the nearer alias (benefit of the doubt).
LONG_MISSES = [
    ("all-made-0", [4, 4, 5], [4, 4, 5], "diamonds"),
    ("one-1", [4, 4, 4], [4, 4, 5], "spades"),
    ("two-2", [4, 4, 5], [4, 3, 6], "hearts"),
    ("three-3", [4, 4, 4], [3, 5, 5], "clubs"),
    ("many-7", [3, 2, 1], [3, 7, 3], "clubs"),
    ("alias-made-counts-0", [1, 0, 0], [11, 1, 1], "hearts"),        # 0 + 1 + 1 (not 10 + 1 + 1)
    ("nearer-alias-1", [3, 1, 0], [12, 1, 0], "spades"),             # 13 - 12 = 1 (not 9)
    ("zero-made-with-ten", [0, 3, 0], [10, 3, 0], "diamonds"),
]


@pytest.mark.parametrize("case", LONG_MISSES, ids=[c[0] for c in LONG_MISSES])
def test_long_trump_by_total_misses(case):
    _, bids, tricks, trump = case
    scored = score("long", [{"bids": bids, "tricks": tricks}, plain("long")])
    assert scored["deals"][0]["trump"] == "diamonds"      # first deal: diamonds
    assert scored["deals"][1]["trump"] == trump
    assert scored["next"]["trump"] == "diamonds"          # plain deal: all made
    assert scored["next"]["trump_source"] == "misses"


def test_long_next_trump_directly_after_a_deal():
    scored = score("long", [{"bids": [4, 4, 4], "tricks": [3, 5, 5]}])
    assert scored["next"]["trump"] == "clubs"


# ------------------------------------------------------------------------------- declared

def prem(seat, kind, trump=None):
    p = {"seat": seat, "kind": kind}
    if trump is not None:
        p["trump"] = trump
    return p


def test_declared_trump_named_stays_and_first_deal_is_no_trump():
    deals = [
        plain("declared"),                                                            # no premium, first deal
        {"bids": [None, 3, None], "tricks": [3, 3, 3], "premiums": [prem(1, "declare", "clubs")]},
        plain("declared"),                                                            # stays clubs
        {"bids": [4, None, None], "tricks": [4, 2, 3], "premiums": [prem(0, "reveal", "hearts")]},
        plain("declared"),                                                            # stays hearts
    ]
    # (`deals` format: under the default `hundred`, seat 0's 103 would end game 1 after deal 4)
    scored = score("declared", deals, options={"match": "deals", "deals": 9})
    assert [d["trump"] for d in scored["deals"]] == ["no-trump", "clubs", "clubs", "hearts", "hearts"]
    assert scored["next"]["trump"] == "hearts"      # if nobody names one
    assert scored["next"]["trump_source"] == "named"


def test_declared_named_trump_as_next_right_after_premium():
    deals = [{"bids": [None, 3, None], "tricks": [3, 3, 3], "premiums": [prem(1, "declare", "spades")]}]
    scored = score("declared", deals)
    assert scored["deals"][0]["trump"] == "spades"
    assert scored["next"]["trump"] == "spades"


def test_declared_trump_may_be_on_the_deal():
    deals = [{"bids": [None, 3, None], "tricks": [3, 3, 3], "premiums": [prem(1, "declare")],
              "trump": "diamonds"}]
    assert score("declared", deals)["deals"][0]["trump"] == "diamonds"


def test_declared_no_trump_call_when_allowed():
    deals = [plain("declared"),
             {"bids": [None, 3, None], "tricks": [3, 3, 3], "premiums": [prem(1, "declare", "clubs")]},
             {"bids": [None, 3, None], "tricks": [3, 3, 3], "premiums": [prem(1, "declare", "no-trump")]}]
    scored = score("declared", deals, options={"allow_no_trump_call": True})
    assert [d["trump"] for d in scored["deals"]] == ["no-trump", "clubs", "no-trump"]


# ------------------------------------------------------------------------------ next deal

def test_next_in_the_scored_output():
    scored = score("jokerless", [{"bids": [4, ["D", "S", "C"], None], "tricks": [4, 2, 3],
                                  "premiums": [{"seat": 0, "kind": "declare"}]}])
    nxt = scored["next"]
    assert {k: nxt[k] for k in ("game", "number", "dealer", "leader", "trump")} == \
        {"game": 1, "number": 2, "dealer": 1, "leader": 2, "trump": "spades"}


@pytest.mark.parametrize("ruleset, source", [
    ("classic", "turn-up"), ("four-solo", "turn-up"), ("two-open", "turn-up"),
    ("eighteen", "pile"), ("two-dummy", "dummy"), ("jokerless", "successes"), ("five", "successes"),
    ("long", "misses"), ("declared", "named"),
])
def test_next_trump_source(ruleset, source):
    scored = score(ruleset, [plain(ruleset)])
    assert scored["next"]["trump_source"] == source


def test_next_trump_source_first_deal_of_a_new_game():
    # jokerless hundred: seat 0 reveals 9 of 9 twice -> 198, game over; the next deal is a first deal
    win = {"bids": [9, None, None], "tricks": [9, 0, 0], "premiums": [{"seat": 0, "kind": "reveal"}]}
    scored = score("jokerless", [win, win], options={"match": "hundred", "games_to_win": 3})
    assert scored["next"]["game"] == 2 and scored["next"]["number"] == 1
    assert scored["next"]["trump"] == "diamonds"           # not spades, though k was 1
    assert scored["next"]["trump_source"] == "first-deal"


def test_next_with_no_deals_yet():
    scored = score("jokerless", [], first_dealer=2)
    assert scored["deals"] == []
    nxt = scored["next"]
    assert {k: nxt[k] for k in ("game", "number", "dealer", "leader", "trump")} == \
        {"game": 1, "number": 1, "dealer": 2, "leader": 0, "trump": "diamonds"}
    assert scored["finished"] is False
