"""Property tests: random valid deals for every ruleset, scored and checked against the rules.

The strategy builds deals the rules allow (tricks adding up to the ruleset's count, bids in range,
hidden bids only where allowed, premiums the ruleset plays). A small reference model written from
RULES.md §1-§2 and DECISIONS 5-7 gives the expected breakdown of a single deal.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core import deal_cards, pack_preparation, score_document

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
RULESETS = ["classic", "jokerless", "declared", "eighteen", "long", "four-solo", "four-partners",
            "five", "two-dummy", "two-open"]
PLAYERS = {"classic": 3, "jokerless": 3, "declared": 3, "eighteen": 3, "long": 3,
           "four-solo": 4, "four-partners": 4, "five": 5, "two-dummy": 2, "two-open": 2}
SEATS = dict(PLAYERS, **{"two-dummy": 3})
TRICKS = {"long": 13, "two-open": 13, "four-solo": 10, "four-partners": 10}
MAX_BID = {"long": 13, "two-open": 13, "four-solo": 10, "four-partners": 10}
THREE = {"classic", "jokerless", "declared", "eighteen"}
SUITS = "CDHS"
SIX_UP = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
STD = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
TURN_UPS = {
    "classic": [r + s for s in SUITS for r in SIX_UP] + ["Joker"],
    "eighteen": [r + s for s in SUITS for r in ["2", "3", "4", "5"]] + ["Joker"],
    "four-solo": [r + s for s in SUITS for r in STD] + ["Joker"],
    "four-partners": [r + s for s in SUITS for r in STD] + ["Joker"],
    "two-dummy": [r + s for s in SUITS for r in SIX_UP],
    "two-open": [r + s for s in SUITS for r in ["A", "K", "Q", "J", "10", "9", "8", "7"]] + ["Joker"],
}


def n_tricks(ruleset):
    return TRICKS.get(ruleset, 9)


@st.composite
def trick_split(draw, total, seats):
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=seats - 1, max_size=seats - 1)))
    bounds = [0] + cuts + [total]
    return [bounds[i + 1] - bounds[i] for i in range(seats)]


@st.composite
def deals(draw, ruleset):
    seats = SEATS[ruleset]
    tricks = draw(trick_split(n_tricks(ruleset), seats))
    # often bid what was taken, so that successes are common
    bids = []
    for s in range(seats):
        if draw(st.booleans()) and tricks[s] <= MAX_BID.get(ruleset, 9):
            bids.append(tricks[s])
        else:
            bids.append(draw(st.integers(0, MAX_BID.get(ruleset, 9))))
    # premiums the ruleset allows
    premiums = []
    if ruleset in THREE | {"long", "four-solo"}:
        if draw(st.booleans()):
            premiums.append({"seat": draw(st.integers(0, seats - 1)),
                             "kind": draw(st.sampled_from(["declare", "reveal"]))})
    elif ruleset == "five":
        for s in range(seats):
            if draw(st.integers(0, 3)) == 0:
                premiums.append({"seat": s, "kind": "declare"})
    elif ruleset == "two-dummy":
        for s in (0, 1):
            if draw(st.booleans()):
                premiums.append({"seat": s, "kind": "declare"})
    if ruleset == "declared":
        for p in premiums:
            p["trump"] = draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"]))
    # hidden bids where allowed: not four-partners or long, not a premium holder, not the dummy
    holders = {p["seat"] for p in premiums}
    if ruleset not in ("four-partners", "long"):
        for s in range(PLAYERS[ruleset]):
            if s not in holders and draw(st.integers(0, 3)) == 0:
                bids[s] = None
    deal = {"bids": bids, "tricks": tricks}
    if premiums:
        deal["premiums"] = premiums
    if ruleset in TURN_UPS:
        deal["turn_up"] = draw(st.sampled_from(TURN_UPS[ruleset]))
    return deal


def make_doc(ruleset, deal_list, first_dealer=0):
    return {"format": "ninety-nine/1", "ruleset": ruleset, "players": NAMES[:PLAYERS[ruleset]],
            "first_dealer": first_dealer, "options": {"match": "deals", "deals": 40},
            "deals": deal_list}


# ----------------------------------------------------------------------- reference model

def made(ruleset, bid, tricks, seat):
    if bid is None:
        return False
    if ruleset == "two-dummy" and seat == 2:
        return tricks <= bid
    if n_tricks(ruleset) > 9 and bid % 10 <= 3:
        return tricks in (bid % 10, bid % 10 + 10)
    return tricks == bid


def miss(bid, tricks):
    options = [bid % 10, bid % 10 + 10] if bid % 10 <= 3 else [bid]
    return min(abs(tricks - b) for b in options)


def bonus(ruleset, k):
    if ruleset == "five":
        return {1: 50, 2: 40, 3: 30, 4: 20, 5: 10}.get(k, 0)
    return {1: 30, 2: 20, 3: 10}.get(k, 0)


def reference(ruleset, deal):
    """(tricks, contract, premium) per seat for the first deal of a match."""
    bids, tricks = deal["bids"], deal["tricks"]
    seats = len(tricks)
    ok = [made(ruleset, bids[s], tricks[s], s) for s in range(seats)]
    k = sum(ok)
    prem = [0] * seats
    contract = [bonus(ruleset, k) if ok[s] else 0 for s in range(seats)]
    trick_pts = list(tricks)
    value = {"declare": 30, "reveal": 60}
    premiums = deal.get("premiums", [])
    if ruleset == "long":
        trick_pts = [0] * seats
        contract = [bonus(ruleset, k) if ok[s] else -miss(bids[s], tricks[s]) for s in range(seats)]
        for p in premiums:
            prem[p["seat"]] += value[p["kind"]] if ok[p["seat"]] else -value[p["kind"]]
    elif ruleset == "five":
        for p in premiums:
            prem[p["seat"]] += 50 if ok[p["seat"]] else -50
    elif ruleset == "two-dummy":
        if ok[2] and tricks[2] == bids[2]:
            prem[2] += 30
        failed = [p["seat"] for p in premiums if not ok[p["seat"]]]
        for p in premiums:
            if ok[p["seat"]]:
                prem[p["seat"]] += 30
        if len(failed) == 2:
            prem[2] += 60
        elif len(failed) == 1:
            prem[1 - failed[0]] += 30
            prem[2] += 30
    elif ruleset == "two-open":
        contract = [10 if ok[s] else 0 for s in range(seats)]     # first deal: streak of one
    elif ruleset == "four-partners":
        contract = [0] * seats
    else:
        for p in premiums:
            v = value[p["kind"]]
            if ok[p["seat"]]:
                prem[p["seat"]] += v
            else:
                for s in range(seats):
                    if s != p["seat"]:
                        prem[s] += v
    return list(zip(trick_pts, contract, prem)), ok


def alias_values(bid):
    """The trick counts a bid stands for: 0-3 also mean 10-13 (only those that exist can match)."""
    return {bid % 10, bid % 10 + 10} if bid % 10 <= 3 else {bid}


def side_reference(deal):
    """four-partners side points: side tricks + 30 both made / 10 one made / 20 neither but the
    side's tricks equal the sum of its bids (aliases count) / else 0."""
    bids, tricks = deal["bids"], deal["tricks"]
    ok = [made("four-partners", bids[s], tricks[s], s) for s in range(4)]
    points = []
    for a, b in ((0, 2), (1, 3)):
        side_tricks = tricks[a] + tricks[b]
        sums = {x + y for x in alias_values(bids[a]) for y in alias_values(bids[b])}
        if ok[a] and ok[b]:
            extra = 30
        elif ok[a] or ok[b]:
            extra = 10
        elif side_tricks in sums:
            extra = 20
        else:
            extra = 0
        points.append(side_tricks + extra)
    return points


# ---------------------------------------------------------------------------- properties

@pytest.mark.parametrize("ruleset", RULESETS)
def test_single_deal_matches_the_rules(ruleset):
    @SETTINGS
    @given(deal=deals(ruleset), dealer=st.integers(0, (2 if ruleset == "two-dummy" else PLAYERS[ruleset]) - 1))
    def check(deal, dealer):
        scored = score_document(make_doc(ruleset, [deal], dealer))["scored"]
        sd = scored["deals"][0]
        breakdown = [(b["tricks"], b["contract"], b["premium"]) for b in sd["breakdown"]]
        expected, ok = reference(ruleset, deal)
        assert sd["made"] == ok
        # trick points add up to the tricks played (long has none)
        trick_sum = sum(b[0] for b in breakdown)
        assert trick_sum == (0 if ruleset == "long" else n_tricks(ruleset))
        # the premium goes to exactly the right players, with the right amounts
        assert [b[2] for b in breakdown] == [e[2] for e in expected]
        assert breakdown == expected
        if ruleset == "four-partners":
            assert sd["points"] == side_reference(deal)
        else:
            assert sd["points"] == [sum(e) for e in expected]
        if ruleset in THREE:
            assert max(sd["points"]) <= 99
    check()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rescoring_the_output_gives_the_same_scored(ruleset):
    @SETTINGS
    @given(deal_list=st.lists(deals(ruleset), min_size=0, max_size=6),
           first=st.integers(0, (2 if ruleset == "two-dummy" else PLAYERS[ruleset]) - 1))
    def check(deal_list, first):
        doc = make_doc(ruleset, deal_list, first)
        out = score_document(doc)
        # the document comes back unchanged beside `scored`
        assert {k: v for k, v in out.items() if k != "scored"} == doc
        again = score_document(json.loads(json.dumps(out)))
        assert again["scored"] == out["scored"]
        # running totals are the sums of the points (one game: `deals` 40)
        running = None
        for sd in out["scored"]["deals"]:
            running = sd["points"] if running is None else [a + b for a, b in zip(running, sd["points"])]
            assert sd["totals"] == running
            assert sd["game"] == 1
        assert [sd["number"] for sd in out["scored"]["deals"]] == list(range(1, len(deal_list) + 1))
        if running is not None:
            assert out["scored"]["grand_totals"] == running
    check()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_generated_deals_use_every_card_once(ruleset):
    @SETTINGS
    @given(seed=st.integers(0, 2**32 - 1),
           dealer=st.integers(0, (2 if ruleset == "two-dummy" else PLAYERS[ruleset]) - 1))
    def check(seed, dealer):
        js = deal_cards(ruleset, seed=seed, dealer=dealer).to_json()
        hands = [c.upper() for h in js["hands"] for c in h]
        extra = [c.upper() for c in (js["dummy_bid"] or [])]
        turn_up = js["turn_up"].upper() if js["turn_up"] else None
        everything = hands + extra
        if turn_up is not None and turn_up not in hands:
            everything.append(turn_up)
        assert len(everything) == len(set(everything))
        pack = Counter(c.upper() for c in pack_preparation(ruleset).pack)
        if ruleset == "eighteen":
            # the 36 play cards in the hands, the turn-up from the 18-card pile
            assert len(hands) == 36
            assert turn_up[:-1] in ("2", "3", "4", "5") or turn_up == "JOKER"
        elif ruleset == "long":
            assert len(hands) == 48 and all(not c.startswith("9") for c in hands)
        else:
            assert Counter(everything) == pack
        assert js["seed"] == seed and js["dealer"] == dealer
    check()
