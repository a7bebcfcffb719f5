"""Problems of every code the core can raise, each from a real call of the core: the bad documents
of tests/core/test_errors.py, documents of dealt cards with bad hands, and the core's functions
called with what they refuse. tests/web/test_problem_words.py words each and compares."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from test_errors import DEAL_ERRORS, HEADER_ERRORS, make_doc

from scorer.core import (
    MatchError,
    Problem,
    award_premium,
    bid_from_cards,
    deal_cards,
    parse_card,
    parse_trump,
    pile_card_problem,
    score,
    score_document,
    virtual_turn_up,
)

Sample = tuple[Problem, Any]  # a problem, and the document it came from (or just the players' names)


def problems_of(document: Any) -> list[MatchError]:
    """Every problem the core finds in ``document`` (none if it scores)."""
    try:
        score_document(copy.deepcopy(document))
    except MatchError as error:
        return list(error.every())
    return []


def header(change: dict[str, Any], ruleset: str = "jokerless") -> dict[str, Any]:
    """A document of ``ruleset`` with the header's keys changed (a None value deletes the key)."""
    document = make_doc(ruleset, {})
    for key, value in change.items():
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value
    return document


def dealt(ruleset: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A one-deal document whose deal carries the cards the core dealt, then ``change``d."""
    cards = deal_cards(ruleset, seed=1, dealer=0)
    rules_seats = len(cards.hands)
    deal: dict[str, Any] = {"bids": [None] * rules_seats, "tricks": [9] + [0] * (rules_seats - 1),
                            "hands": [list(hand) for hand in cards.hands], "turn_up": cards.turn_up}
    if cards.dummy_bid is not None:
        deal["dummy_bid"] = list(cards.dummy_bid)
        deal["bids"][-1] = list(cards.dummy_bid)
        deal["bids"][0] = 0
    change(deal)
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:rules_seats - (1 if cards.dummy_bid is not None else 0)]
    return {"ruleset": ruleset, "players": names, "first_dealer": 0, "deals": [deal]}


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda deal: deal.__setitem__(key, value)


def _hand(seat: int, change: Callable[[list[Any]], Any]) -> Callable[[dict[str, Any]], None]:
    return lambda deal: change(deal["hands"][seat])


# Documents for the codes the core's own bad-document tables leave out.
EXTRA_DOCUMENTS: list[Any] = [
    [1, 2, 3],                                                                   # document-not-an-object
    header({"players": ["Ann", " "]}, "two-dummy"),                             # player-without-name
    header({"players": ["Ann", "ann", "Cy"]}),                                   # player-named-twice
    header({"players": "Ann"}, "two-dummy"),                                     # players-count, no list, dummy
    header({"options": ["x"]}),                                                  # options-not-an-object
    header({"options": {"match": "deals", "deals": 1000}}),                       # option-out-of-range
    make_doc("classic", {"tricks": [3, 3, "x"]}),                                 # tricks-out-of-range (a word)
    make_doc("classic", {"premiums": {"seat": 0}}),                              # premiums-not-a-list
    make_doc("classic", {"premiums": ["declare"]}),                              # premium-not-an-object
    make_doc("declared", {"premiums": [{"seat": 0, "kind": "declare", "trump": "stars"}], "bids": [3, None, None]}),
    make_doc("classic", {"premiums": [{"seat": 0, "kind": "declare", "trump": "hearts"}], "bids": [3, None, None]}),
    make_doc("declared", {"bids": [3, None, None], "premiums": [{"seat": 0, "kind": "declare", "trump": "no-trump"}]}),
    make_doc("classic", {"bids": [[1, "AS", "KD"], None, None]}),                # bid-not-a-card (a number)
    make_doc("classic", {"turn_up": 7}),                                          # not-a-card
    {**make_doc("jokerless", {}), "deals": "none"},                               # deals-not-a-list
    make_doc("jokerless", {"tricks": "3 3 3"}),                                   # seat-entries-not-a-list
    make_doc("two-dummy", {"tricks": [3, 3, 3, 0]}),                              # seat-entries-count, dummy
    make_doc("four-partners", {"premiums": [{"seat": 0, "kind": "declare"}]}),   # no-premiums
    make_doc("two-dummy", {"bids": [None, None, 12]}),                            # a dummy's bid out of range
    make_doc("two-open", {"bids": [14, None]}),                                   # bid-out-of-range (aliases 10-13)
    dealt("classic", _set("hands", [[], []])),                                    # hands-count
    dealt("classic", _hand(0, list.pop)),                                         # hand-size
    dealt("classic", _set("hands", ["AS", [], []])),                              # cards-not-a-list
    dealt("classic", _hand(1, lambda hand: hand.__setitem__(0, "XX"))),           # hand-not-a-card
    dealt("classic", _hand(2, lambda hand: hand.__setitem__(0, "2C"))),           # hand-card-not-in-pack
    dealt("classic", _hand(0, lambda hand: hand.__setitem__(1, hand[2]))),        # card-dealt-twice
    dealt("classic", _set("bids", [["AS", "QS", "JS"], None, None])),             # bid-card-not-in-hand
    dealt("classic", _set("bids", [None, ["C", "C", "C"], None])),                # no-suit-left
    dealt("classic", _set("bids", [None, 9, None])),                              # bid-not-from-hand
    dealt("two-dummy", _set("dummy_bid", None)),                                  # dummy-bid-missing
    dealt("two-dummy", lambda deal: deal.__setitem__("dummy_bid", deal["dummy_bid"][:2])),  # dummy-bid-count
    dealt("two-dummy", _set("dummy_bid", "10S")),                                 # cards-not-a-list (the dummy's)
    dealt("two-dummy", _set("dummy_bid", ["10S", "7H", "ZZ"])),                   # hand-not-a-card (the dummy's)
    dealt("two-dummy", _set("dummy_bid", ["10S", "7H", "2D"])),                   # hand-card-not-in-pack (the dummy's)
    dealt("two-dummy", _set("turn_up", "AS")),                                    # turned-card-not-in-dummy-hand
    dealt("two-dummy", lambda deal: deal["bids"].__setitem__(-1, ["KS", "7H", "8D"])),  # dummy-bid-cards-are
    dealt("two-dummy", lambda deal: deal["bids"].__setitem__(-1, 5)),             # dummy-bid-makes
    {**make_doc("classic", {}), "first_dealer": "Ann"},                          # first-dealer-out-of-range (a word)
    {**make_doc("classic", {}), "first_dealer": True},
    make_doc("classic", {"tricks": [-1, 5, 5]}, players=["Annabelle-Marguerite von Hohenlohe", "Bob", "Cy"]),
    make_doc("classic", {"tricks": [3, 3, 2]}),                                   # tricks-total
    make_doc("declared", {}, {"allow_no_trump_call": "maybe"}),                   # option-not-true-or-false
    make_doc("jokerless", {}, {"match": "deals", "deals": 2}),                    # deal-after-the-end
    {**make_doc("classic", {}), "deals": [{"bids": [None] * 3, "tricks": [3, 3, 3], "turn_up": "7H"}, "deal"]},
]


def _pile_card_again() -> Problem:
    deal = {"bids": [None, None, None], "tricks": [3, 3, 3], "turn_up": "3H"}
    _, scored = score({"ruleset": "eighteen", "players": ["Ann", "Bob", "Cy"], "deals": [deal, deal]})
    problem = pile_card_problem(scored.deals[1], 2)
    assert problem is not None
    return problem


def _raised(call: Callable[[], object]) -> Problem:
    try:
        call()
    except Problem as problem:
        return problem
    raise AssertionError("the core accepted it")


# The core's functions called with what they refuse (the app calls them; no document says it).
CALLS: list[Callable[[], Problem]] = [
    lambda: _raised(lambda: parse_card("ZZ")),
    lambda: _raised(lambda: parse_trump("stars")),
    lambda: _raised(lambda: bid_from_cards(["D", "S"])),
    lambda: _raised(lambda: bid_from_cards(["D", "S", "X"])),
    lambda: _raised(lambda: bid_from_cards(["D", "S", "C"], "XX")),
    lambda: _raised(lambda: bid_from_cards(["Joker", "S", "C"])),
    lambda: _raised(lambda: award_premium("classic", [None, None], 0)),
    lambda: _raised(lambda: award_premium("classic", [None, None, None], 5)),
    lambda: _raised(lambda: award_premium("two-dummy", [None, None, "declare"], 0)),
    lambda: _raised(lambda: award_premium("five", ["reveal", None, None, None, None], 0)),
    lambda: _raised(lambda: award_premium("two-open", ["declare", None], 0)),
    lambda: _raised(lambda: deal_cards("classic", seed=-1)),
    lambda: _raised(lambda: deal_cards("classic", seed=1, deal=0)),
    lambda: _raised(lambda: deal_cards("classic", seed=1, dealer=3)),
    lambda: _raised(lambda: deal_cards("eighteen", seed=1, pile_seed=2**64)),
    lambda: _raised(lambda: virtual_turn_up("jokerless")),
    _pile_card_again,
    lambda: _raised(_joker_outside_the_pack),
    lambda: _raised(_turned_joker_of_two_dummy),
]


# Two checks no document reaches, an earlier check of the same deal refusing first (a Joker
# outside the pack is a card not in the pack): the core's own check, on a deal past the others.

def _joker_outside_the_pack() -> None:
    from scorer.core.rulesets import make_setup
    from scorer.core.validation import _Deal, _joker_suit
    _joker_suit(_Deal(make_setup("jokerless"), ["Ann", "Bob", "Cy"], 3), 1, None, None)


def _turned_joker_of_two_dummy() -> None:
    """two-dummy's check of a turned Joker, with a pack that holds one (as its own does not)."""
    from dataclasses import replace

    from scorer.core.rulesets import make_setup
    from scorer.core.validation import _Deal, _turn_up
    setup = make_setup("two-dummy")
    setup = replace(setup, ruleset=replace(setup.ruleset, pack=(*setup.ruleset.pack, "Joker")))
    _turn_up(_Deal(setup, ["Ann", "Bob", "the dummy"], 3), "Joker")


def documents() -> list[Any]:
    """Every bad document of the corpus."""
    found: list[Any] = []
    for _, ruleset, options, third, _, _ in DEAL_ERRORS:
        found.append(make_doc(ruleset, third, options))
    for _, change, _ in HEADER_ERRORS:
        found.append(header(change))
    return found + EXTRA_DOCUMENTS


def samples() -> Iterator[Sample]:
    """Every problem of the corpus, with its document."""
    for document in documents():
        for problem in problems_of(document):
            yield problem, document
    for call in CALLS:  # named as at a table of three
        yield call(), {"players": ["Ann", "Bob", "Cy"]}
