"""Matchpoints for a duplicate night (issue 34): every figure below is worked out by hand.

The rule: on each deal, each position is compared with the same position at every other table
that played it: 2 for each table beaten, 1 for each tie, 0 for each table that did better, out of
2 for each other table. A position's percentage is 100 x its matchpoints over the deals its table
played / the most it could have had on them. A deal played at one table is 0 of 0.

Each case gives, per deal, each table's points by position, and expects per table
(deals played, deals compared with another table, [per position (matchpoints, maximum, percentage, raw points)]).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core.matchpoints import (
    MATCHPOINTS_RULE,
    MatchpointScore,
    Standing,
    deal_matchpoints,
    night_matchpoints,
    ranking,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THIRD, TWO_THIRDS = 100 / 3, 200 / 3

CASES = [
    pytest.param(
        # 3 tables x 3 positions, one deal; a two-way tie in each position. Max each: 2 x 2 others = 4.
        {1: {"A": [10, 5, 0], "B": [10, 3, 2], "C": [4, 3, 2]}},
        # pos 0 (10, 10, 4): A ties B 1 + beats C 2 = 3 (75%); B the same 3 (75%); C beats nobody 0 (0%).
        # pos 1 (5, 3, 3):   A beats both 4 (100%); B loses to A 0 + ties C 1 = 1 (25%); C the same 1 (25%).
        # pos 2 (0, 2, 2):   A 0 (0%); B beats A 2 + ties C 1 = 3 (75%); C the same 3 (75%).
        {"A": (1, 1, [(3, 4, 75.0, 10), (4, 4, 100.0, 5), (0, 4, 0.0, 0)]),
         "B": (1, 1, [(3, 4, 75.0, 10), (1, 4, 25.0, 3), (3, 4, 75.0, 2)]),
         "C": (1, 1, [(0, 4, 0.0, 4), (1, 4, 25.0, 3), (3, 4, 75.0, 2)])},
        id="two-way-ties-3-positions"),
    pytest.param(
        # 4 tables x 2 positions, one deal; a three-way tie in each position, negative points. Max: 2 x 3 = 6.
        {1: {"A": [5, -3], "B": [5, -3], "C": [5, -3], "D": [9, -30]}},
        # pos 0 (5, 5, 5, 9):     A ties B and C 1 + 1, loses to D 0 = 2 of 6 (33.3%); B, C the same; D beats all 3 = 6 (100%).
        # pos 1 (-3, -3, -3, -30): A ties B and C 1 + 1, beats D (-3 > -30) 2 = 4 of 6 (66.7%); B, C the same; D 0 (0%).
        {"A": (1, 1, [(2, 6, THIRD, 5), (4, 6, TWO_THIRDS, -3)]),
         "B": (1, 1, [(2, 6, THIRD, 5), (4, 6, TWO_THIRDS, -3)]),
         "C": (1, 1, [(2, 6, THIRD, 5), (4, 6, TWO_THIRDS, -3)]),
         "D": (1, 1, [(6, 6, 100.0, 9), (0, 6, 0.0, -30)])},
        id="three-way-ties-negative-points"),
    pytest.param(
        # One table only, two deals: nobody to compare with, 0 of 0 each deal, no percentage.
        {1: {"A": [20, 10, 0]}, 2: {"A": [-5, 3, 8]}},
        # raw: 20 - 5 = 15, 10 + 3 = 13, 0 + 8 = 8.
        {"A": (2, 0, [(0, 0, None, 15), (0, 0, None, 13), (0, 0, None, 8)])},
        id="one-table-only"),
    pytest.param(
        # 2 tables x 2 positions; deal 3 played at A alone adds 0 of 0 (but its raw points count).
        {1: {"A": [10, 0], "B": [5, 5]},
         2: {"A": [0, 7], "B": [0, 9]},
         3: {"A": [50, -50]}},
        # A pos 0: d1 10 > 5 2/2, d2 tie 1/2, d3 0/0 -> 3 of 4 (75%); raw 10 + 0 + 50 = 60.
        # A pos 1: d1 0 < 5 0, d2 7 < 9 0, d3 0/0   -> 0 of 4 (0%);   raw 0 + 7 - 50 = -43.
        # B pos 0: d1 0, d2 tie 1                   -> 1 of 4 (25%);  raw 5 + 0 = 5.
        # B pos 1: d1 2, d2 2                       -> 4 of 4 (100%); raw 5 + 9 = 14.
        {"A": (3, 2, [(3, 4, 75.0, 60), (0, 4, 0.0, -43)]),
         "B": (2, 2, [(1, 4, 25.0, 5), (4, 4, 100.0, 14)])},
        id="deal-at-one-table-adds-nothing"),
    pytest.param(
        # The worked example: table 3 closes after deal 2. 2 positions (seats, or four-partners' sides).
        {1: {1: [24, 1], 2: [0, 2], 3: [23, 3]},
         2: {1: [24, 1], 2: [0, 2], 3: [23, 3]},
         3: {1: [-10, 1], 2: [-5, 2]}},
        # pos 0, raw: table 3 has 23 + 23 = 46 in 2 deals, table 1 24 + 24 - 10 = 38 in 3, table 2 0 + 0 - 5 = -5.
        #   table 1: d1 beats 2 and 3 4/4, d2 4/4, d3 -10 < -5 0/2  -> 8 of 10 (80%).
        #   table 2: d1 0/4, d2 0/4, d3 -5 > -10 2/2                -> 2 of 10 (20%).
        #   table 3: d1 beats 2, loses to 1: 2/4, d2 2/4            -> 4 of 8 (50%).
        # pos 1 (1, 2, 3 on deals 1-2; 1, 2 on deal 3):
        #   table 1: 0/4, 0/4, 0/2 -> 0 of 10 (0%), raw 3; table 2: 2/4, 2/4, 2/2 -> 6 of 10 (60%), raw 6;
        #   table 3: 4/4, 4/4 -> 8 of 8 (100%), raw 6.
        {1: (3, 3, [(8, 10, 80.0, 38), (0, 10, 0.0, 3)]),
         2: (3, 3, [(2, 10, 20.0, -5), (6, 10, 60.0, 6)]),
         3: (2, 2, [(4, 8, 50.0, 46), (8, 8, 100.0, 6)])},
        id="closed-early"),
    pytest.param(
        # Table Z joins at deal 2; tables are any hashable key (here tuples).
        {1: {("X",): [3, 3], ("Y",): [1, 1]},
         2: {("X",): [2, 0], ("Y",): [2, 0], ("Z",): [4, -1]},
         3: {("X",): [0, 5], ("Y",): [6, 5], ("Z",): [6, 5]}},
        # pos 0: X d1 3 > 1 2/2, d2 ties Y 1 loses Z 0 = 1/4, d3 0/4  -> 3 of 10 (30%); raw 3 + 2 + 0 = 5.
        #        Y d1 0/2, d2 ties X 1 = 1/4, d3 beats X 2 ties Z 1 = 3/4 -> 4 of 10 (40%); raw 1 + 2 + 6 = 9.
        #        Z d2 beats both 4/4, d3 beats X 2 ties Y 1 = 3/4      -> 7 of 8 (87.5%); raw 4 + 6 = 10.
        # pos 1: X d1 2/2, d2 ties Y 1 beats Z 2 = 3/4, d3 three-way tie 2/4 -> 7 of 10 (70%); raw 3 + 0 + 5 = 8.
        #        Y d1 0/2, d2 3/4, d3 2/4                               -> 5 of 10 (50%); raw 1 + 0 + 5 = 6.
        #        Z d2 -1 is lowest 0/4, d3 2/4                          -> 2 of 8 (25%);  raw -1 + 5 = 4.
        {("X",): (3, 3, [(3, 10, 30.0, 5), (7, 10, 70.0, 8)]),
         ("Y",): (3, 3, [(4, 10, 40.0, 9), (5, 10, 50.0, 6)]),
         ("Z",): (2, 2, [(7, 8, 87.5, 10), (2, 8, 25.0, 4)])},
        id="joined-late"),
    pytest.param(
        # 2 tables x 4 positions (four-solo), one deal: max 2 x 1 other = 2.
        {1: {"A": [12, 0, -8, 30], "B": [12, 5, -20, 10]}},
        # pos 0 12 = 12 tie 1 each; pos 1 0 < 5; pos 2 -8 > -20; pos 3 30 > 10.
        {"A": (1, 1, [(1, 2, 50.0, 12), (0, 2, 0.0, 0), (2, 2, 100.0, -8), (2, 2, 100.0, 30)]),
         "B": (1, 1, [(1, 2, 50.0, 12), (2, 2, 100.0, 5), (0, 2, 0.0, -20), (0, 2, 0.0, 10)])},
        id="4-positions"),
    pytest.param(
        # 3 tables x 5 positions (five), one deal: max 2 x 2 = 4.
        {1: {"A": [50, 0, 10, -50, 7], "B": [40, 0, 10, -20, 7], "C": [40, 9, 30, -50, 0]}},
        # pos 0 (50, 40, 40):    A 4 (100%); B loses A, ties C = 1 (25%); C 1 (25%).
        # pos 1 (0, 0, 9):       A ties B = 1 (25%); B 1 (25%); C 4 (100%).
        # pos 2 (10, 10, 30):    A 1 (25%); B 1 (25%); C 4 (100%).
        # pos 3 (-50, -20, -50): A loses B, ties C = 1 (25%); B 4 (100%); C 1 (25%).
        # pos 4 (7, 7, 0):       A ties B 1 + beats C 2 = 3 (75%); B 3 (75%); C 0 (0%).
        {"A": (1, 1, [(4, 4, 100.0, 50), (1, 4, 25.0, 0), (1, 4, 25.0, 10), (1, 4, 25.0, -50), (3, 4, 75.0, 7)]),
         "B": (1, 1, [(1, 4, 25.0, 40), (1, 4, 25.0, 0), (1, 4, 25.0, 10), (4, 4, 100.0, -20), (3, 4, 75.0, 7)]),
         "C": (1, 1, [(1, 4, 25.0, 40), (4, 4, 100.0, 9), (4, 4, 100.0, 30), (1, 4, 25.0, -50), (0, 4, 0.0, 0)])},
        id="5-positions"),
    pytest.param({}, {}, id="no-deals"),
]


@pytest.mark.parametrize(("deals", "expected"), CASES)
def test_night_standings(deals, expected):
    night = night_matchpoints(deals)
    assert list(night) == list(expected)  # tables in the order they first appear
    for table, (played, compared, rows) in expected.items():
        standings = night[table]
        assert [(s.table, s.position, s.deals, s.compared) for s in standings] == [
            (table, position, played, compared) for position in range(len(rows))]
        assert [(s.matchpoints, s.maximum, s.points) for s in standings] == [(mp, most, raw) for mp, most, _, raw in rows]
        assert [s.percentage for s in standings] == [None if pct is None else pytest.approx(pct) for _, _, pct, _ in rows]


def test_one_deal_scores():
    # The two-way-ties deal again, one deal alone: A pos 0 ties B and beats C, 3 of 4 (75%).
    scores = deal_matchpoints({"A": [10, 5, 0], "B": [10, 3, 2], "C": [4, 3, 2]})
    assert scores["A"] == [MatchpointScore(3, 4, 10), MatchpointScore(4, 4, 5), MatchpointScore(0, 4, 0)]
    assert scores["C"][1].percentage == 25.0
    # A table alone: 0 of 0, no percentage.
    assert deal_matchpoints({"A": [7, 8]}) == {"A": [MatchpointScore(0, 0, 7), MatchpointScore(0, 0, 8)]}
    assert deal_matchpoints({"A": [7, 8]})["A"][0].percentage is None
    assert deal_matchpoints({}) == {}


def test_closed_table_ranks_by_comparison_not_raw_points():
    """The worked example: table 3 closed after 2 deals with 46 raw points at seat 0, above table 1's
    38 over 3 deals; but table 1 beat table 3 at that seat on both deals they shared."""
    night = night_matchpoints(CASES[4].values[0])
    by_raw = sorted(night, key=lambda table: -night[table][0].points)
    assert by_raw == [3, 1, 2]  # 46, 38, -5
    # 80% (8 of 10), 50% (4 of 8), 20% (2 of 10)
    assert [(p.standing.table, p.place, p.shared) for p in ranking(night, 0)] == [(1, 1, False), (3, 2, False), (2, 3, False)]
    # Seat 1 is ranked on its own: 100% (8 of 8), 60% (6 of 10), 0% (0 of 10).
    assert [(p.standing.table, p.place) for p in ranking(night, 1)] == [(3, 1), (2, 2), (1, 3)]


def S(table, matchpoints, maximum, points):
    return Standing(table, 0, matchpoints, maximum, points, deals=1, compared=1 if maximum else 0)


RANKINGS = [
    pytest.param(
        # 6/10 = 60%, 5/10 = 50%, 4/8 = 50% (exactly equal), 4/10 = 40%: places 1, 2, 2, 4.
        # Within place 2, C's 30 raw points show before B's 10.
        [S("A", 6, 10, 0), S("B", 5, 10, 10), S("C", 4, 8, 30), S("D", 4, 10, 99)],
        [("A", 1, False), ("C", 2, True), ("B", 2, True), ("D", 4, False)],
        id="1-2-2-4"),
    pytest.param(
        # Three at 2/4 = 50% share place 1 (C's raw 7 first, then A and B in the given order); D 0/4 = 0% is 4th.
        [S("A", 2, 4, 5), S("B", 2, 4, 5), S("C", 2, 4, 7), S("D", 0, 4, 100)],
        [("C", 1, True), ("A", 1, True), ("B", 1, True), ("D", 4, False)],
        id="three-way-tie-first"),
    pytest.param(
        # B 1/2 = 50% 1st, C 0/2 = 0% 2nd; A and D 0 of 0 have no percentage: last, no place, more raw points first.
        [S("A", 0, 0, 1), S("B", 1, 2, 0), S("C", 0, 2, 3), S("D", 0, 0, 99)],
        [("B", 1, False), ("C", 2, False), ("D", None, False), ("A", None, False)],
        id="no-percentage-last"),
    pytest.param(
        # 0/4 and 0/4: both 0%, sharing place 1; the 100% table first.
        [S("A", 0, 4, 0), S("B", 4, 4, 0), S("C", 0, 4, 0)],
        [("B", 1, False), ("A", 2, True), ("C", 2, True)],
        id="tie-at-the-bottom"),
    pytest.param([S("A", 0, 0, 12)], [("A", None, False)], id="one-table"),
]


@pytest.mark.parametrize(("standings", "expected"), RANKINGS)
def test_ranking_places(standings, expected):
    night = {s.table: [s] for s in standings}
    assert [(p.standing.table, p.place, p.shared) for p in ranking(night, 0)] == expected


ERRORS = [
    pytest.param({1: {"A": [1, 2, 3], "B": [1, 2]}}, "same number of positions on deal 1: table 'A' has 3, table 'B' has 2",
                 id="two-counts-in-a-deal"),
    pytest.param({1: {"A": [1, 2, 3], "B": [4, 5, 6]}, 2: {"A": [1, 2], "B": [3, 4]}},
                 "same number of positions: deal 2 has 2, an earlier deal 3", id="two-counts-in-a-night"),
    pytest.param({1: {"A": [1, 2]}, 2: {"B": [1, 2, 3]}}, "deal 2 has 3, an earlier deal 2", id="late-table-other-count"),
    pytest.param({1: {"A": [5], "B": [3]}}, "2 to 5 positions, not 1 on deal 1", id="one-position"),
    pytest.param({1: {"A": [1] * 6, "B": [2] * 6}}, "2 to 5 positions, not 6", id="six-positions"),
    pytest.param({1: {"A": [], "B": []}}, "2 to 5 positions, not 0", id="no-positions"),
]


@pytest.mark.parametrize(("deals", "message"), ERRORS)
def test_mismatched_positions_raise(deals, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        night_matchpoints(deals)


def test_mismatched_positions_in_one_deal_raise():
    with pytest.raises(ValueError, match="same number of positions: table 'A' has 2, table 'B' has 1"):
        deal_matchpoints({"A": [1, 2], "B": [1]})


@pytest.mark.parametrize("position", [2, -1])
def test_ranking_a_position_the_tables_lack(position):
    night = night_matchpoints({1: {"A": [1, 2], "B": [2, 1]}})
    with pytest.raises(ValueError, match=f"no position {position}"):
        ranking(night, position)


def test_the_rule_in_one_sentence():
    assert MATCHPOINTS_RULE.count(".") == 1 and MATCHPOINTS_RULE.endswith(".")
    assert "2 points for each table beaten" in MATCHPOINTS_RULE and "1 for each tie" in MATCHPOINTS_RULE


# ------------------------------------------------------------------------------- properties

POINTS = st.integers(-200, 200)


@st.composite
def one_deal(draw):
    positions = draw(st.integers(2, 5))
    tables = draw(st.integers(1, 8))
    # Few distinct values, so ties are common.
    values = st.one_of(st.integers(-3, 3), POINTS)
    return {table: draw(st.lists(values, min_size=positions, max_size=positions)) for table in range(tables)}


@SETTINGS
@given(one_deal(), st.integers(-50, 50))
def test_each_pair_of_tables_shares_two_matchpoints(points, shift):
    n = len(points)
    scores = deal_matchpoints(points)
    positions = len(next(iter(points.values())))
    for position in range(positions):
        assert sum(scores[table][position].matchpoints for table in points) == n * (n - 1)
        assert all(0 <= scores[t][position].matchpoints <= scores[t][position].maximum == 2 * (n - 1) for t in points)
    # Only the comparison counts: the same shift for every table changes no matchpoint.
    shifted = deal_matchpoints({table: [p + shift for p in row] for table, row in points.items()})
    assert {t: [s.matchpoints for s in row] for t, row in shifted.items()} == {t: [s.matchpoints for s in row] for t, row in scores.items()}


@st.composite
def a_night(draw):
    positions = draw(st.integers(2, 5))
    tables = list(range(draw(st.integers(1, 6))))
    deals = {}
    for number in range(1, draw(st.integers(1, 6)) + 1):
        playing = draw(st.lists(st.sampled_from(tables), unique=True))  # a table may skip a deal, or join late
        deals[number] = {table: draw(st.lists(st.integers(-5, 5), min_size=positions, max_size=positions)) for table in playing}
    return deals


@SETTINGS
@given(a_night())
def test_night_percentages_and_maxima(deals):
    night = night_matchpoints(deals)
    for table, standings in night.items():
        played = [points for points in deals.values() if table in points]
        # the maximum is 2 for each other table on each deal this table played
        assert all(s.maximum == sum(2 * (len(points) - 1) for points in played) for s in standings)
        assert all(s.deals == len(played) for s in standings)
        for s in standings:
            assert (s.percentage is None) == (s.maximum == 0)
            assert s.percentage is None or 0 <= s.percentage <= 100
    for position in range(len(next(iter(night.values()), []))):
        # every pair of tables on every deal shares 2 matchpoints
        assert sum(rows[position].matchpoints for rows in night.values()) == sum(len(p) * (len(p) - 1) for p in deals.values())
        places = ranking(night, position)
        assert len(places) == len(night)
        ranked = [p.place for p in places if p.place is not None]
        assert ranked == sorted(ranked) and (not ranked or ranked[0] == 1)
