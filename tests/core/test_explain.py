"""A deal explained: its points in parts, why its trump, the rule edges it reached, and what an
edit of an earlier deal changes further on (compare_scores). Every figure is added up by hand."""

from __future__ import annotations

import random

import pytest
from coredocs import make_doc

from scorer.core import (
    BY_SUCCESSES,
    CONTRACT,
    EXACT,
    FIRST,
    GAVE,
    JOKER_CARD,
    KEPT,
    NINE,
    PAID,
    RULESETS,
    STREAK_BONUS,
    TRICKS,
    compare_scores,
    score,
)
from scorer.core.samples import random_document


def scored(ruleset, deals, options=None):
    _, result = score(make_doc(ruleset, deals, options))
    return result


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("seed", range(6))
def test_the_parts_add_up_to_the_points_of_every_sample(ruleset, seed):
    rng = random.Random(f"{ruleset}-{seed}")
    _, result = score(random_document(rng, ruleset, max_deals=12))
    for deal in result.deals:
        for unit, parts in enumerate(deal.unit_breakdown):
            assert sum(p.points for p in parts.parts) == parts.total == deal.points[unit]
        for seat in deal.breakdown:
            assert sum(p.points for p in seat.parts) == seat.total


def test_the_dummys_82_is_2_tricks_20_bonus_30_exact_and_30_from_a_failed_declarer():
    # Ann declares 3 and takes 4 (failed), Bob bids 3 and takes 3, the dummy bid 2 and took 2.
    deal = {"bids": [3, 3, 2], "tricks": [4, 3, 2], "premiums": [{"seat": 0, "kind": "declare"}], "turn_up": "7H"}
    dummy = scored("two-dummy", [deal]).deals[0].breakdown[2]
    assert dummy.total == 82
    assert [(p.kind, p.points) for p in dummy.parts] == [(TRICKS, 2), (CONTRACT, 20), (PAID, 30), (EXACT, 30)]
    assert [(p.count, p.seats) for p in dummy.parts if p.kind == PAID] == [(1, (0,))]  # Ann paid it
    ann = scored("two-dummy", [deal]).deals[0].breakdown[0]
    assert [(p.kind, p.points, p.count) for p in ann.parts] == [(TRICKS, 4, 0), (GAVE, 0, 30)]


def test_a_streak_bonus_says_which_success_in_a_row_it_is():
    deal = {"bids": [7, None], "tricks": [7, 6], "turn_up": "7H"}
    second = scored("two-open", [deal, deal]).deals[1].breakdown[0]
    assert [(p.kind, p.points, p.count) for p in second.parts] == [(TRICKS, 7, 0), (STREAK_BONUS, 20, 2)]


TIE = {"bids": [4, 4, 0], "tricks": [4, 4, 1]}  # Ann and Bob 4 + 20 = 24 each, Cy 1


def test_a_game_tied_past_100_plays_on():
    result = scored("jokerless", [TIE] * 5)
    assert result.deals[4].totals == (120, 120, 5)
    assert result.deals[4].edges.tied_at_goal == (0, 1)
    assert not result.deals[4].ends_game
    assert result.deals[3].edges.tied_at_goal == ()  # 96 each: below 100


def test_the_dummy_past_100_never_wins_and_made_with_fewer_tricks():
    deal = {"bids": [0, 0, 9], "tricks": [5, 4, 0], "turn_up": "7H"}  # the dummy: 0 + 30 each deal
    result = scored("two-dummy", [deal] * 4)
    last = result.deals[3]
    assert last.totals == (20, 16, 120)
    assert last.edges.dummy_past_goal and last.edges.dummy_under and not last.ends_game
    assert not result.deals[2].edges.dummy_past_goal  # 90


def test_why_the_trump():
    result = scored("classic", [{"bids": [None] * 3, "tricks": [3, 3, 3], "turn_up": "9S"},
                                {"bids": [None] * 3, "tricks": [3, 3, 3], "turn_up": "Joker"}])
    assert [(d.trump, d.why.kind, d.why.card) for d in result.deals] == [
        ("no-trump", NINE, "9S"), ("no-trump", JOKER_CARD, "Joker")]
    result = scored("jokerless", [TIE, TIE])
    assert [(d.why.kind, d.why.count) for d in result.deals] == [(FIRST, 0), (BY_SUCCESSES, 2)]


def test_why_the_next_deals_trump_is_known_before_its_cards():
    # Two of three made their bid (TIE): the next deal is hearts, for that reason, as a played deal says.
    after_tie = scored("jokerless", [TIE, TIE])
    assert (after_tie.next.trump, after_tie.next.why.kind, after_tie.next.why.count) == ("hearts", BY_SUCCESSES, 2)
    assert after_tie.next.why == after_tie.deals[1].why
    assert scored("jokerless", []).next.why.kind == FIRST  # a game's first deal: diamonds
    # Declared: no trump to start a game, then kept until a premium bidder names another.
    declared = scored("declared", [{"bids": [None] * 3, "tricks": [3, 3, 3]}])
    assert (declared.next.trump, declared.next.why.kind) == ("no-trump", KEPT)
    # A card still to be turned decides: no reason yet.
    assert scored("classic", []).next.why is None


def test_the_deal_that_ends_the_match_says_so():
    win = {"bids": [9, None, None], "tricks": [9, 0, 0], "premiums": [{"seat": 0, "kind": "reveal"}]}
    result = scored("jokerless", [win, {"bids": [None] * 3, "tricks": [3, 3, 3]}], {"games_to_win": 1})
    assert result.finished and result.winners == (0,)
    assert [(d.ends_game, d.ends_match) for d in result.deals] == [(False, False), (True, True)]


def test_an_edit_names_the_later_trumps_game_ends_and_match_end_it_changes():
    plain = {"bids": [None] * 3, "tricks": [0, 4, 5]}  # nobody made: next trump diamonds; Ann 0
    made = {"bids": [1, 4, 4], "tricks": [1, 4, 4]}   # all three made: next clubs; Ann 1 + 10
    win = {"bids": [9, None, None], "tricks": [9, 0, 0], "premiums": [{"seat": 0, "kind": "reveal"}]}
    options = {"games_to_win": 1}
    before = scored("jokerless", [plain, made, plain, win], options)
    assert [d.trump for d in before.deals] == ["diamonds", "diamonds", "clubs", "diamonds"]
    assert before.finished and before.winners == (0,)   # Ann 0 + 11 + 0 + 99 = 110
    assert not scored("jokerless", [plain, plain, plain, win], options).finished  # Ann 99
    after = scored("jokerless", [plain, plain, plain, win], options)
    diff = compare_scores(before, after, 2)
    assert [(t.deal, t.played, t.now) for t in diff.trumps] == [(3, "clubs", "diamonds")]
    assert diff.match is not None and diff.match.ended_before == 4 and diff.match.ended_after is None
    assert [(g.game, g.ended_before, g.ended_after, g.winners_before) for g in diff.games] == [(1, 4, None, (0,))]
    # A trump kept as played counts, not the one the rules gave before the edit.
    kept = compare_scores(before, after, 2, ["diamonds", "diamonds", "hearts", None])
    assert [(t.deal, t.played, t.before, t.now) for t in kept.trumps] == [(3, "hearts", "clubs", "diamonds")]
    # A later deal whose trump the edit leaves alone is not named, even if it was played at another.
    assert compare_scores(after, after, 2, ["diamonds", "diamonds", "hearts", None]).empty
    assert compare_scores(before, before, 2).empty


def test_two_failed_declarers_pay_the_dummy_and_the_core_names_them():
    # Ann and Bob both declare and fail: each pays the dummy 30, and not each other.
    deal = {"bids": [3, 3, 2], "tricks": [4, 2, 3], "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "declare"}],
            "turn_up": "7H"}
    breakdown = scored("two-dummy", [deal]).deals[0].breakdown
    assert [(p.points, p.count, p.seats) for p in breakdown[2].parts if p.kind == PAID] == [(60, 2, (0, 1))]
    assert not [p for p in breakdown[0].parts if p.kind == PAID] and not [p for p in breakdown[1].parts if p.kind == PAID]
