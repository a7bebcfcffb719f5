"""award_premium: who holds the premium when several offer.

RULES.md §1 "Premium bids": reveal beats declare regardless of seat; between equal offers, dealer's
left first, dealer last [P][F][G]; a player who declared may raise to reveal when a later player
offers to reveal [G][W]. five and two-dummy: every declarer, no reveal; four-partners, two-open: none.
CORE-API.md: award_premium(ruleset_id, offers, dealer) -> PremiumAward(premiums, may_raise).
"""

from __future__ import annotations

import pytest

from scorer.core import MatchError, award_premium

d, r, _ = "declare", "reveal", None


def award(ruleset, offers, dealer):
    a = award_premium(ruleset, offers, dealer)
    return tuple(tuple(p) for p in a.premiums), tuple(a.may_raise)


# (id, ruleset, offers per seat, dealer, premiums, may_raise)
ONE_PREMIUM = [
    ("nobody", "classic", [_, _, _], 0, (), ()),
    ("single-declare", "classic", [_, d, _], 0, ((1, d),), ()),
    ("single-reveal-dealer", "classic", [r, _, _], 0, ((0, r),), ()),
    # equal offers: dealer's left first
    ("declares-dealer-2", "classic", [d, d, _], 2, ((0, d),), ()),
    ("declares-dealer-0", "classic", [d, d, _], 0, ((1, d),), ()),
    ("declares-dealer-1", "classic", [d, _, d], 1, ((2, d),), ()),
    ("declares-middle-beats-dealer", "classic", [d, _, d], 0, ((2, d),), ()),
    ("all-declare-dealer-1", "classic", [d, d, d], 1, ((2, d),), ()),
    ("all-reveal-dealer-1", "classic", [r, r, r], 1, ((2, r),), ()),
    ("all-reveal-dealer-2", "jokerless", [r, r, r], 2, ((0, r),), ()),
    ("reveals-dealer-last", "declared", [r, _, r], 2, ((0, r),), ()),
    ("reveals-dealer-last-2", "eighteen", [_, r, r], 1, ((2, r),), ()),
    # reveal beats declare regardless of seat; earlier declarers may raise
    ("reveal-beats-earlier-declare", "classic", [d, r, _], 2, ((1, r),), (0,)),
    ("reveal-first-no-raise", "classic", [r, d, _], 2, ((0, r),), ()),
    ("dealer-reveal-beats-left", "classic", [r, d, _], 0, ((0, r),), (1,)),
    ("reveal-beats-later-declare-no-raise", "classic", [d, _, r], 0, ((2, r),), ()),
    ("dealer-declare-cannot-raise", "long", [d, _, r], 0, ((2, r),), ()),
    ("two-earlier-declarers-four", "four-solo", [d, d, r, _], 3, ((2, r),), (0, 1)),
    ("four-solo-declares", "four-solo", [d, d, d, d], 3, ((0, d),), ()),
    ("four-solo-declares-dealer-0", "four-solo", [d, d, d, d], 0, ((1, d),), ()),
    ("four-solo-reveal-wraps", "four-solo", [r, d, _, d], 1, ((0, r),), (3,)),
    ("four-solo-dealer-declares-alone", "four-solo", [_, _, d, _], 2, ((2, d),), ()),
]


@pytest.mark.parametrize("case", ONE_PREMIUM, ids=[c[0] for c in ONE_PREMIUM])
def test_one_premium_priority(case):
    _, ruleset, offers, dealer, premiums, may_raise = case
    got_premiums, got_raise = award(ruleset, offers, dealer)
    assert got_premiums == premiums
    assert tuple(sorted(got_raise)) == may_raise


@pytest.mark.parametrize("ruleset", ["classic", "jokerless", "declared", "eighteen", "long"])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_priority_is_positional_for_every_three_player_ruleset(ruleset, dealer):
    left, middle = (dealer + 1) % 3, (dealer + 2) % 3
    assert award(ruleset, [d, d, d], dealer)[0] == ((left, d),)
    offers = [_, _, _]
    offers[middle] = d
    offers[dealer] = d
    assert award(ruleset, offers, dealer)[0] == ((middle, d),)
    offers[dealer] = r
    premiums, may_raise = award(ruleset, offers, dealer)
    assert premiums == ((dealer, r),)
    assert tuple(may_raise) == (middle,)


# five and two-dummy: every declarer keeps the premium
@pytest.mark.parametrize("ruleset, offers, dealer, declarers", [
    ("five", [d, _, d, _, d], 0, {0, 2, 4}),
    ("five", [d, d, d, d, d], 3, {0, 1, 2, 3, 4}),
    ("five", [_, _, _, _, _], 1, set()),
    ("five", [_, _, _, d, _], 4, {3}),
    ("two-dummy", [d, d, _], 0, {0, 1}),
    ("two-dummy", [_, d, _], 1, {1}),
    ("two-dummy", [_, _, _], 0, set()),
], ids=["five-three", "five-all", "five-none", "five-one", "two-dummy-both", "two-dummy-one",
        "two-dummy-none"])
def test_every_declarer(ruleset, offers, dealer, declarers):
    premiums, may_raise = award(ruleset, offers, dealer)
    assert len(premiums) == len(declarers)
    assert {seat for seat, kind in premiums} == declarers
    assert all(kind == d for seat, kind in premiums)
    assert may_raise == ()


@pytest.mark.parametrize("ruleset, offers", [
    ("five", [r, _, _, _, _]),
    ("five", [d, r, _, _, _]),
    ("two-dummy", [r, _, _]),
    ("two-dummy", [_, _, d]),          # the dummy cannot offer
    ("four-partners", [d, _, _, _]),
    ("four-partners", [_, _, r, _]),
    ("two-open", [d, _]),
    ("two-open", [_, r]),
    ("classic", ["shout", _, _]),
], ids=["five-reveal", "five-declare-and-reveal", "two-dummy-reveal", "two-dummy-dummy-declares",
        "four-partners-declare", "four-partners-reveal", "two-open-declare", "two-open-reveal",
        "unknown-kind"])
def test_offer_not_allowed(ruleset, offers):
    with pytest.raises(MatchError):
        award_premium(ruleset, offers, 0)


@pytest.mark.parametrize("ruleset, offers", [
    ("four-partners", [_, _, _, _]),
    ("two-open", [_, _]),
])
def test_no_premiums_where_none_are_played(ruleset, offers):
    assert award(ruleset, offers, 0) == ((), ())


def test_award_is_accepted_by_the_scorer():
    # the award is what a deal records: scoring it with those premiums works
    from scorer.core import score_document
    premiums, _raise = award("classic", [d, r, d], 1)
    assert premiums == ((1, r),)          # dealer 1: order 2, 0, 1; seat 1 the only reveal
    doc = {"format": "ninety-nine/1", "ruleset": "classic", "players": ["A", "B", "C"],
           "first_dealer": 1,
           "deals": [{"bids": [None, 3, None], "tricks": [3, 3, 3], "turn_up": "7H",
                      "premiums": [{"seat": s, "kind": k} for s, k in premiums]}]}
    sd = score_document(doc)["scored"]["deals"][0]
    # seat 1 revealed and made as the only success: 3 + 30 + 60
    assert sd["points"] == [3, 93, 3]
