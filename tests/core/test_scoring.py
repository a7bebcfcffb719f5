"""Per-deal scoring for every ruleset, each expected number worked out by hand from RULES.md.

Columns of every table: bids, tricks, premiums, then the expected breakdown per seat as
(tricks, contract, premium) and the resulting points. A seat's points are the sum of its three
breakdown numbers (RULES.md §1 "Trick points", "Contract bonus", "Premium bids").

Contract bonus by k (number of players who made the bid), RULES.md §1:
    3 players (and two-dummy, dummy counted): k=1 30, k=2 20, k=3 10
    4 solo:                                  k=1 30, k=2 20, k=3 10, k=4 0
    5 players:                               k=1 50, k=2 40, k=3 30, k=4 20, k=5 10
Premiums: declare 30, reveal 60, to the bidder if made, else to EACH opponent (three/four
players); five: +-50 to each declarer only; long: +-30/60 to the bidder only.
"""

from __future__ import annotations

import pytest
from coredocs import TURN_UP, score

THREE_PLAYER = ["classic", "jokerless", "declared", "eighteen"]


def D(seat):
    return {"seat": seat, "kind": "declare"}


def R(seat):
    return {"seat": seat, "kind": "reveal"}


def make_deal(ruleset, bids, tricks, premiums=(), turn_up=None):
    d = {"bids": bids, "tricks": tricks}
    if premiums:
        prem = [dict(p) for p in premiums]
        if ruleset == "declared":
            for p in prem:
                p["trump"] = "hearts"   # the declared ruleset's premium names the trump
        d["premiums"] = prem
    if ruleset in TURN_UP:
        d["turn_up"] = turn_up or TURN_UP[ruleset]
    return d


def check_deal(sd, breakdown, made=None):
    """Compare one scored deal with a hand-made table of (tricks, contract, premium)."""
    got = [(b["tricks"], b["contract"], b["premium"]) for b in sd["breakdown"]]
    assert got == [tuple(b) for b in breakdown]
    assert sd["points"] == [sum(b) for b in breakdown]
    if made is not None:
        assert sd["made"] == made


# ------------------------------------------------------------------ three-player rulesets

# (id, bids, tricks, premiums, breakdown, made)
THREE_CASES = [
    # nobody made: trick points only
    ("k0", [1, 2, 3], [2, 3, 4], [],
     [(2, 0, 0), (3, 0, 0), (4, 0, 0)], [False, False, False]),
    # one made: 30 (the document example without the premium)
    ("k1", [4, 4, None], [4, 2, 3], [],
     [(4, 30, 0), (2, 0, 0), (3, 0, 0)], [True, False, False]),
    # two made: 20 each
    ("k2", [2, 3, 5], [2, 3, 4], [],
     [(2, 20, 0), (3, 20, 0), (4, 0, 0)], [True, True, False]),
    # three made: 10 each
    ("k3", [2, 3, 4], [2, 3, 4], [],
     [(2, 10, 0), (3, 10, 0), (4, 10, 0)], [True, True, True]),
    # bid 0 made with 0 tricks still counts in k
    ("k2-zero-bid", [0, 9, 4], [0, 5, 4], [],
     [(0, 20, 0), (5, 0, 0), (4, 20, 0)], [True, False, True]),
    # seat 1 declares and makes, sole success: 5 + 30 + 30
    ("declare-made", [None, 5, 0], [3, 5, 1], [D(1)],
     [(3, 0, 0), (5, 30, 30), (1, 0, 0)], [False, True, False]),
    # seat 1 declares and fails: 30 to EACH opponent, the failing seat 2 included
    ("declare-failed", [3, 5, 1], [3, 4, 2], [D(1)],
     [(3, 30, 30), (4, 0, 0), (2, 0, 30)], [True, False, False]),
    # declare failed, both opponents hidden (failed) still get 30
    ("declare-failed-opponents-hidden", [None, 2, None], [3, 3, 3], [D(1)],
     [(3, 0, 30), (3, 0, 0), (3, 0, 30)], [False, False, False]),
    # seat 2 reveals and makes with everyone making: 10 each, +60
    ("reveal-made-k3", [0, 3, 6], [0, 3, 6], [R(2)],
     [(0, 10, 0), (3, 10, 0), (6, 10, 60)], [True, True, True]),
    # seat 0 reveals and fails: 60 to each opponent
    ("reveal-failed", [9, None, None], [8, 1, 0], [R(0)],
     [(8, 0, 0), (1, 0, 60), (0, 0, 60)], [False, False, False]),
    # seat 2 declares and makes; seat 0 also made -> k=2
    ("declare-made-k2", [4, None, 2], [4, 3, 2], [D(2)],
     [(4, 20, 0), (3, 0, 0), (2, 20, 30)], [True, False, True]),
    # THE 99: nine tricks (9) + sole success (30) + reveal (60) [P][W]
    ("the-99", [9, None, None], [9, 0, 0], [R(0)],
     [(9, 30, 60), (0, 0, 0), (0, 0, 0)], [True, False, False]),
    ("the-99-seat-2", [1, 2, 9], [0, 0, 9], [R(2)],
     [(0, 0, 0), (0, 0, 0), (9, 30, 60)], [False, False, True]),
    # bid-card lists: CSD = 4 made, HHC = 7 not made with 5, DDD = 0 made
    ("bid-cards", [["C", "S", "D"], ["H", "H", "C"], ["D", "D", "D"]], [4, 5, 0], [],
     [(4, 20, 0), (5, 0, 0), (0, 20, 0)], [True, False, True]),
]


@pytest.mark.parametrize("ruleset", THREE_PLAYER)
@pytest.mark.parametrize("case", THREE_CASES, ids=[c[0] for c in THREE_CASES])
def test_three_player_deal(ruleset, case):
    _, bids, tricks, premiums, breakdown, made = case
    scored = score(ruleset, [make_deal(ruleset, bids, tricks, premiums)])
    sd = scored["deals"][0]
    check_deal(sd, breakdown, made)
    assert sd["totals"] == sd["points"]
    assert scored["grand_totals"] == sd["points"]


def test_three_player_bids_are_resolved_and_hidden_is_null():
    scored = score("classic", [make_deal("classic", [["C", "S", "D"], None, 5], [4, 3, 2])])
    assert scored["deals"][0]["bids"] == [4, None, 5]


@pytest.mark.parametrize("ruleset", THREE_PLAYER)
def test_three_player_deal_never_above_99(ruleset):
    # The best a deal can do is 99 (the-99 above); check a second 99 adds up over two deals.
    deals = [make_deal(ruleset, [9, None, None], [9, 0, 0], [R(0)]),
             make_deal(ruleset, [None, None, 9], [0, 0, 9], [R(2)])]
    if ruleset == "eighteen":
        deals[1]["turn_up"] = "4C"
    scored = score(ruleset, deals, options={"match": "deals", "deals": 9})
    assert [d["points"] for d in scored["deals"]] == [[99, 0, 0], [0, 0, 99]]
    assert scored["deals"][1]["totals"] == [99, 0, 99]


# ------------------------------------------------------------------------------- four-solo

FOUR_SOLO_CASES = [
    # k=4: no contract bonus at all [P][F]
    ("k4-no-bonus", [1, 2, 3, 4], [1, 2, 3, 4], [],
     [(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)], [True, True, True, True]),
    ("k3", [1, 2, 3, 0], [1, 2, 3, 4], [],
     [(1, 10, 0), (2, 10, 0), (3, 10, 0), (4, 0, 0)], [True, True, True, False]),
    ("k2", [1, 2, 0, 0], [1, 2, 3, 4], [],
     [(1, 20, 0), (2, 20, 0), (3, 0, 0), (4, 0, 0)], [True, True, False, False]),
    ("k1", [1, 0, 0, 0], [1, 2, 3, 4], [],
     [(1, 30, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)], [True, False, False, False]),
    ("k0", [0, 0, 0, 0], [1, 2, 3, 4], [],
     [(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)], [False, False, False, False]),
    # a bid of 0 is made with 10 tricks: sole success, 10 + 30
    ("zero-made-with-ten", [0, 1, 2, 3], [10, 0, 0, 0], [],
     [(10, 30, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)], [True, False, False, False]),
    # the integer 10 is the same bid, made with 0 tricks; seat 1 made too -> k=2
    ("ten-made-with-zero", [10, 1, 2, 3], [0, 1, 4, 5], [],
     [(0, 20, 0), (1, 20, 0), (4, 0, 0), (5, 0, 0)], [True, True, False, False]),
    # seat 3 declares and fails: 30 to EACH of the three opponents; seats 0, 1 made (k=2)
    ("declare-failed-three-opponents", [1, 2, None, 5], [1, 2, 3, 4], [D(3)],
     [(1, 20, 30), (2, 20, 30), (3, 0, 30), (4, 0, 0)], [True, True, False, False]),
    # seat 0 reveals and makes with k=4: no contract bonus, the premium still counts
    ("reveal-made-k4", [1, 2, 3, 4], [1, 2, 3, 4], [R(0)],
     [(1, 0, 60), (2, 0, 0), (3, 0, 0), (4, 0, 0)], [True, True, True, True]),
    # seat 2 reveals and fails: 60 to each of the three others
    ("reveal-failed", [1, 2, 9, 0], [1, 2, 3, 4], [R(2)],
     [(1, 20, 60), (2, 20, 60), (3, 0, 0), (4, 0, 60)], [True, True, False, False]),
    # seat 1 declares and makes as the only success
    ("declare-made-k1", [0, 2, 0, 0], [1, 2, 3, 4], [D(1)],
     [(1, 0, 0), (2, 30, 30), (3, 0, 0), (4, 0, 0)], [False, True, False, False]),
]


@pytest.mark.parametrize("case", FOUR_SOLO_CASES, ids=[c[0] for c in FOUR_SOLO_CASES])
def test_four_solo_deal(case):
    _, bids, tricks, premiums, breakdown, made = case
    scored = score("four-solo", [make_deal("four-solo", bids, tricks, premiums)])
    check_deal(scored["deals"][0], breakdown, made)


# --------------------------------------------------------------------------- four-partners

# Sides: 0 = seats 0 + 2, 1 = seats 1 + 3. Side points = side tricks + side bonus:
# 30 both made; 20 neither made but side tricks == sum of bids (aliases count); 10 one made; else 0.
# (id, bids, tricks, made per seat, side points)
PARTNER_CASES = [
    # both sides both made: 3+4+30 = 37, 2+1+30 = 33
    ("both-made", [3, 2, 4, 1], [3, 2, 4, 1], [True, True, True, True], [37, 33]),
    # side 0: 2/3 and 3/2 both failed but 5 tricks == 2+3 -> 20 (5+20=25);
    # side 1: 1/1 made, 1/4 failed -> 10 (5+10=15)
    ("twenty-and-ten", [2, 1, 3, 1], [3, 1, 2, 4], [False, True, False, False], [25, 15]),
    # side 0: 1/3 and 1/4 failed, 7 != 2 -> 0 (7); side 1: 1/2 failed, 1/1 made -> 10 (3+10=13)
    ("zero-and-ten", [1, 1, 1, 1], [3, 2, 4, 1], [False, False, False, True], [7, 13]),
    # aliases in the side sum: 0/10 + 0/10 with tricks 4 + 6 = 10 == 10 + 0 -> 20 (10+20=30);
    # side 1: 0 and 0 with 0 tricks each, both made -> 30 (0+30=30)
    ("alias-side-sum", [0, 0, 0, 0], [4, 0, 6, 0], [False, True, False, True], [30, 30]),
    # integer bid 10 made with 0 tricks; side 0 both made -> 2+30 = 32; side 1 3 made, 1/5 failed -> 8+10
    ("ten-made-with-zero", [10, 3, 2, 1], [0, 3, 2, 5], [True, True, True, False], [32, 18]),
    # neither made and 3 tricks == 3 + 0 -> 20 (3+20=23); side 1: 0/5 failed, 2/2 made -> 10 (7+10=17)
    ("twenty-plain", [3, 0, 0, 2], [1, 5, 2, 2], [False, False, False, True], [23, 17]),
    # side 0 took 0 tricks, neither made, bids 2+3: 0 != 5 -> 0; side 1 10 tricks, 5/5 and 5/5 -> 30
    ("whitewash", [2, 5, 3, 5], [0, 5, 0, 5], [False, True, False, True], [0, 40]),
]


@pytest.mark.parametrize("case", PARTNER_CASES, ids=[c[0] for c in PARTNER_CASES])
def test_four_partners_deal(case):
    _, bids, tricks, made, side_points = case
    scored = score("four-partners", [make_deal("four-partners", bids, tricks)])
    sd = scored["deals"][0]
    assert sd["made"] == made
    assert sd["points"] == side_points
    assert sd["totals"] == side_points
    assert scored["grand_totals"] == side_points
    # DECISIONS 5: breakdown stays per seat: own tricks, contract and premium 0
    assert [(b["tricks"], b["contract"], b["premium"]) for b in sd["breakdown"]] == [(t, 0, 0) for t in tricks]
    assert "side_breakdown" in sd and len(sd["side_breakdown"]) == 2


# ------------------------------------------------------------------------------------ five

FIVE_CASES = [
    # tricks [2, 2, 2, 2, 1] in all of k5..k0; bonus 10/20/30/40/50 for k = 5/4/3/2/1
    ("k5", [2, 2, 2, 2, 1], [2, 2, 2, 2, 1], [],
     [(2, 10, 0), (2, 10, 0), (2, 10, 0), (2, 10, 0), (1, 10, 0)]),
    ("k4", [2, 2, 2, 2, 0], [2, 2, 2, 2, 1], [],
     [(2, 20, 0), (2, 20, 0), (2, 20, 0), (2, 20, 0), (1, 0, 0)]),
    ("k3", [2, 2, 2, 0, 0], [2, 2, 2, 2, 1], [],
     [(2, 30, 0), (2, 30, 0), (2, 30, 0), (2, 0, 0), (1, 0, 0)]),
    ("k2", [2, 2, 0, 0, 0], [2, 2, 2, 2, 1], [],
     [(2, 40, 0), (2, 40, 0), (2, 0, 0), (2, 0, 0), (1, 0, 0)]),
    ("k1", [2, 0, 0, 0, 0], [2, 2, 2, 2, 1], [],
     [(2, 50, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0), (1, 0, 0)]),
    ("k0", [0, 0, 0, 0, 0], [2, 2, 2, 2, 1], [],
     [(2, 0, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0), (1, 0, 0)]),
    # two declarers: seat 0 made (+50), seat 1 failed (-50); opponents get nothing; k=2 (seats 0, 2)
    ("declarers-made-and-failed", [3, 1, 0, 2, 4], [3, 2, 0, 1, 3], [D(0), D(1)],
     [(3, 40, 50), (2, 0, -50), (0, 40, 0), (1, 0, 0), (3, 0, 0)]),
    # three declarers all made, k=5
    ("three-declarers-made", [2, 2, 2, 2, 1], [2, 2, 2, 2, 1], [D(0), D(2), D(4)],
     [(2, 10, 50), (2, 10, 0), (2, 10, 50), (2, 10, 0), (1, 10, 50)]),
    # every player declares, all fail: everyone goes negative
    ("all-declare-all-fail", [1, 1, 1, 1, 1], [9, 0, 0, 0, 0], [D(0), D(1), D(2), D(3), D(4)],
     [(9, 0, -50), (0, 0, -50), (0, 0, -50), (0, 0, -50), (0, 0, -50)]),
    # hidden bids beside a failed declarer: the hidden players get nothing from it
    ("declarer-failed-hidden-others", [None, 4, None, None, None], [2, 2, 2, 2, 1], [D(1)],
     [(2, 0, 0), (2, 0, -50), (2, 0, 0), (2, 0, 0), (1, 0, 0)]),
]


@pytest.mark.parametrize("case", FIVE_CASES, ids=[c[0] for c in FIVE_CASES])
def test_five_deal(case):
    _, bids, tricks, premiums, breakdown = case
    scored = score("five", [make_deal("five", bids, tricks, premiums)])
    check_deal(scored["deals"][0], breakdown)
    assert scored["deals"][0]["made"] == [b is not None and b == t for b, t in zip(bids, tricks)]


# ------------------------------------------------------------------------------------ long

# No trick points; made: 30/20/10; missed: minus the miss, from the nearer alias (0/10..3/13);
# the declarer/revealer alone adds or loses 30/60.
LONG_CASES = [
    ("k3", [4, 4, 5], [4, 4, 5], [], [(0, 10, 0), (0, 10, 0), (0, 10, 0)]),
    ("k2-and-miss-1", [4, 4, 4], [4, 4, 5], [], [(0, 20, 0), (0, 20, 0), (0, -1, 0)]),
    # seat 1: bid 2/12, took 7: |7-2| = 5, |7-12| = 5 -> -5; seat 2: 1/11 took 3: min(2, 8) -> -2
    ("k1-aliased-misses", [3, 2, 1], [3, 7, 3], [], [(0, 30, 0), (0, -5, 0), (0, -2, 0)]),
    ("aliases-made", [1, 2, 0], [11, 2, 0], [], [(0, 10, 0), (0, 10, 0), (0, 10, 0)]),
    ("alias-13-and-10", [13, 0, 0], [3, 10, 0], [], [(0, 10, 0), (0, 10, 0), (0, 10, 0)]),
    # benefit of the doubt: 3/13 took 9 -> min(6, 4) = 4; 0/10 took 4 -> min(4, 6) = 4; 9 took 0 -> 9
    ("benefit-of-the-doubt", [3, 0, 9], [9, 4, 0], [], [(0, -4, 0), (0, -4, 0), (0, -9, 0)]),
    # 0/10 took 5: 5 either way; 5 took 4: 1
    ("equidistant", [0, 5, 5], [5, 4, 4], [], [(0, -5, 0), (0, -1, 0), (0, -1, 0)]),
    # 3/13 took 12: 1 from 13 (not 9 from 3); 1 and 0 made -> k=2
    ("nearer-alias-above", [3, 1, 0], [12, 1, 0], [], [(0, -1, 0), (0, 20, 0), (0, 20, 0)]),
    # premium to the bidder only
    ("reveal-made", [3, 4, 6], [3, 4, 6], [R(2)], [(0, 10, 0), (0, 10, 0), (0, 10, 60)]),
    ("declare-made", [13, 5, 1], [13, 0, 0], [D(0)], [(0, 30, 30), (0, -5, 0), (0, -1, 0)]),
    ("declare-failed", [3, 4, 5], [3, 4, 6], [D(2)], [(0, 20, 0), (0, 20, 0), (0, -1, -30)]),
    ("reveal-failed", [2, 2, 2], [3, 5, 5], [R(0)], [(0, -1, -60), (0, -3, 0), (0, -3, 0)]),
]


@pytest.mark.parametrize("case", LONG_CASES, ids=[c[0] for c in LONG_CASES])
def test_long_deal(case):
    _, bids, tricks, premiums, breakdown = case
    scored = score("long", [make_deal("long", bids, tricks, premiums)])
    check_deal(scored["deals"][0], breakdown)
    assert scored["deals"][0]["bids"] == bids


# ------------------------------------------------------------------------------- two-dummy

# Seats 0, 1 live, 2 the dummy. Dummy succeeds with tricks <= bid and counts in k; with tricks == bid
# it also takes a successful declarer's 30. A failed live declarer pays 30 to the other live player and
# to the dummy; both failing: the dummy gets 60, neither live player anything (DECISIONS 7).
TWO_DUMMY_CASES = [
    ("all-made-dummy-exact", [3, 4, 2], [3, 4, 2], [],
     [(3, 10, 0), (4, 10, 0), (2, 10, 30)], [True, True, True]),
    ("dummy-fewer-succeeds", [3, 4, 5], [3, 4, 2], [],
     [(3, 10, 0), (4, 10, 0), (2, 10, 0)], [True, True, True]),
    ("dummy-more-fails", [3, 2, 1], [3, 4, 2], [],
     [(3, 30, 0), (4, 0, 0), (2, 0, 0)], [True, False, False]),
    ("dummy-exact-zero", [4, 5, 0], [4, 5, 0], [],
     [(4, 10, 0), (5, 10, 0), (0, 10, 30)], [True, True, True]),
    # seat 0 declares, fails: 30 to seat 1 and to the dummy; seat 1 and dummy (2 <= 3) made: k=2
    ("one-declares-fails", [2, 4, 3], [3, 4, 2], [D(0)],
     [(3, 0, 0), (4, 20, 30), (2, 20, 30)], [False, True, True]),
    # both declare, both fail: dummy (2 <= 5) sole success 30, plus 60
    ("both-declare-both-fail", [2, 2, 5], [3, 4, 2], [D(0), D(1)],
     [(3, 0, 0), (4, 0, 0), (2, 30, 60)], [False, False, True]),
    # both declare, both make; dummy 2 > 1 fails: k=2
    ("both-declare-both-make", [3, 4, 1], [3, 4, 2], [D(0), D(1)],
     [(3, 20, 30), (4, 20, 30), (2, 0, 0)], [True, True, False]),
    # seat 1 declares, makes, sole success
    ("one-declares-makes", [None, 4, 1], [3, 4, 2], [D(1)],
     [(3, 0, 0), (4, 30, 30), (2, 0, 0)], [False, True, False]),
    # seat 0 declares and makes (+30); seat 1 declares and fails (30 to seat 0 and to the dummy);
    # the dummy is exact (+30): k=2 (seat 0, dummy)
    ("one-makes-one-fails-dummy-exact", [3, 2, 2], [3, 4, 2], [D(0), D(1)],
     [(3, 20, 60), (4, 0, 0), (2, 20, 60)], [True, False, True]),
    # both live declare and fail, dummy took all 9 with a bid of 9: 9 + 30 + 30 + 60
    ("dummy-129", [1, 1, 9], [0, 0, 9], [D(0), D(1)],
     [(0, 0, 0), (0, 0, 0), (9, 30, 90)], [False, False, True]),
]


@pytest.mark.parametrize("case", TWO_DUMMY_CASES, ids=[c[0] for c in TWO_DUMMY_CASES])
def test_two_dummy_deal(case):
    _, bids, tricks, premiums, breakdown, made = case
    scored = score("two-dummy", [make_deal("two-dummy", bids, tricks, premiums)])
    check_deal(scored["deals"][0], breakdown, made)
    assert len(scored["grand_totals"]) == 3   # the dummy's points are shown


# -------------------------------------------------------------------------------- two-open

def test_two_open_single_deal():
    # both made (3, and 10 as the alias of 0): 1 per trick + first-success bonus 10
    scored = score("two-open", [make_deal("two-open", [3, 10], [3, 10])])
    check_deal(scored["deals"][0], [(3, 10, 0), (10, 10, 0)], [True, True])


def test_two_open_streak_bonus_and_reset():
    # deal  bids     tricks   streak bonus          points     totals
    #  1    [3, 10]  [3, 10]  seat0 10, seat1 10    [13, 20]   [13, 20]
    #  2    [5, 2]   [5, 8]   seat0 20, seat1 fail  [25, 8]    [38, 28]
    #  3    [1, 12]  [1, 12]  seat0 30, seat1 10    [31, 22]   [69, 50]
    #  4    [0, 3]   [0, 13]  seat0 40, seat1 20    [40, 33]   [109, 83]  -> target 99 reached
    deals = [make_deal("two-open", b, t, turn_up=u) for b, t, u in [
        ([3, 10], [3, 10], "7H"), ([5, 2], [5, 8], "8S"), ([1, 12], [1, 12], "AC"), ([0, 3], [0, 13], "KD")]]
    scored = score("two-open", deals)
    got = [(b["tricks"], b["contract"], b["premium"]) for d in scored["deals"] for b in d["breakdown"]]
    assert got == [(3, 10, 0), (10, 10, 0), (5, 20, 0), (8, 0, 0),
                   (1, 30, 0), (12, 10, 0), (0, 40, 0), (13, 20, 0)]
    assert [d["points"] for d in scored["deals"]] == [[13, 20], [25, 8], [31, 22], [40, 33]]
    assert [d["totals"] for d in scored["deals"]] == [[13, 20], [38, 28], [69, 50], [109, 83]]
    # two-open defaults to `target` 99 (RULES.md §3)
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_two_open_streak_restarts_with_a_new_game():
    # DECISIONS 6. match hundred: seat 0 bids 3 (alias 13) and takes all 13 tricks, seat 1 hidden.
    # game 1: 13+10, 13+20, 13+30, 13+40 = 23, 33, 43, 53 -> totals 23, 56, 99, 152 -> game over
    # game 2, first deal: streak starts again -> 13 + 10 = 23
    deals = [make_deal("two-open", [3, None], [13, 0]) for _ in range(5)]
    scored = score("two-open", deals, options={"match": "hundred", "games_to_win": 3})
    assert [d["points"] for d in scored["deals"]] == [[23, 0], [33, 0], [43, 0], [53, 0], [23, 0]]
    assert [d["totals"] for d in scored["deals"]] == [[23, 0], [56, 0], [99, 0], [152, 0], [23, 0]]
    assert [(d["game"], d["number"]) for d in scored["deals"]] == [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)]


# ------------------------------------------------------------------------ breakdown fields

ONE_DEAL = {
    "classic": ([4, 4, None], [4, 2, 3]),
    "jokerless": ([4, 4, None], [4, 2, 3]),
    "declared": ([4, 4, None], [4, 2, 3]),
    "eighteen": ([4, 4, None], [4, 2, 3]),
    "long": ([4, 4, 5], [4, 4, 5]),
    "four-solo": ([1, 2, 3, 4], [1, 2, 3, 4]),
    "four-partners": ([1, 2, 3, 4], [1, 2, 3, 4]),
    "five": ([2, 2, 2, 2, 1], [2, 2, 2, 2, 1]),
    "two-dummy": ([3, 4, 2], [3, 4, 2]),
    "two-open": ([3, 10], [3, 10]),
}


@pytest.mark.parametrize("ruleset", sorted(ONE_DEAL))
def test_scored_deal_fields(ruleset):
    bids, tricks = ONE_DEAL[ruleset]
    scored = score(ruleset, [make_deal(ruleset, bids, tricks)])
    sd = scored["deals"][0]
    for key in ("game", "number", "dealer", "leader", "trump", "bids", "made", "points",
                "breakdown", "totals"):
        assert key in sd, key
    assert len(sd["breakdown"]) == len(bids)
    assert len(sd["made"]) == len(bids)
    for b in sd["breakdown"]:
        assert {"tricks", "contract", "premium"} <= set(b)
    if ruleset == "four-partners":
        assert len(sd["points"]) == 2
    else:
        assert len(sd["points"]) == len(bids)
        assert sd["points"] == [b["tricks"] + b["contract"] + b["premium"] for b in sd["breakdown"]]
    if ruleset == "long":
        assert [b["tricks"] for b in sd["breakdown"]] == [0, 0, 0]
    else:
        assert [b["tricks"] for b in sd["breakdown"]] == tricks
