"""A deal is checked whole: every problem the core finds in it comes in one answer
(``MatchError.every``), the first one as before (the command line prints it alone)."""

from __future__ import annotations

import pytest
from test_errors import make_doc

from scorer.core import MatchError, score_document


def problems(doc) -> list[tuple[str, int | None, str]]:
    with pytest.raises(MatchError) as info:
        score_document(doc)
    return [(p.field, p.seat, p.message) for p in info.value.every()]


def test_a_bid_out_of_range_comes_with_the_tricks_that_do_not_add_up():
    found = problems(make_doc("jokerless", {"bids": [12, 3, 3], "tricks": [3, 3, 2]}))
    assert [(field, seat) for field, seat, _ in found] == [("tricks", None), ("bids", 0)]
    assert found[0][2] == "tricks add up to 8, a deal of this ruleset has 9"
    assert "bid 12 is out of range" in found[1][2]


def test_every_seat_s_problem_is_told():
    found = problems(make_doc("jokerless", {"bids": [12, 3, 13], "tricks": [3, -1, 10]}))
    assert [(field, seat) for field, seat, _ in found] == [("tricks", 1), ("tricks", 2), ("bids", 0), ("bids", 2)]


def test_the_first_problem_is_the_one_told_before():
    """str(error), what the command line prints, is still the first problem alone."""
    with pytest.raises(MatchError) as info:
        score_document(make_doc("jokerless", {"bids": [12, 3, 3], "tricks": [3, 3, 2]}))
    assert str(info.value) == "deal 3: tricks add up to 8, a deal of this ruleset has 9"


def test_a_wrong_turned_card_does_not_make_up_problems_with_the_joker_bid():
    """The Joker's suit comes from the turned card: while that is wrong, the Joker bid waits."""
    doc = make_doc("classic", {"turn_up": "ZZ", "bids": [["Joker", "7S", "8S"], 3, 3]})
    found = problems(doc)
    assert [field for field, _, _ in found] == ["turn_up"]


def test_one_problem_has_no_others():
    with pytest.raises(MatchError) as info:
        score_document(make_doc("jokerless", {"tricks": [3, 3, 2]}))
    assert info.value.others == () and info.value.every() == (info.value,)
