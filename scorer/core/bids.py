"""Bids: three bid cards make a number, some numbers have an alias, and a bid is made or missed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from .cards import BID_VALUE, JOKER, parse_bid_card
from .errors import MatchError, Problem
from .words import N_

# Every player bids by laying three cards aside (RULES.md): how many, and in words.
BID_CARDS = 3
BID_CARDS_WORDS = N_("three cards")


def bid_from_cards(cards: Sequence[object], turn_up: str | None = None) -> int:
    """The bid three cards make: ♦ 0, ♠ 1, ♥ 2, ♣ 3 each; a Joker counts as the turn-up's suit.

    >>> bid_from_cards(["H", "H", "C"])
    7
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) or len(cards) != BID_CARDS:
        raise MatchError(f"bids: a bid is {BID_CARDS_WORDS}, not {cards!r}", code="bid-not-three-cards", field="bids",
                         facts={"value": cards})
    if turn_up is not None:
        try:  # a card code, or a bare suit where only the trump suit is known
            turn_up = parse_bid_card(turn_up)
        except Problem as err:
            raise MatchError(f"turn_up: {err}", code=err.code, field="turn_up", facts=err.facts) from None
    total = 0
    for text in cards:
        try:
            card = parse_bid_card(text)
        except Problem as err:
            raise MatchError(f"bids: {err}", code=err.code, field="bids", facts=err.facts) from None
        if card == JOKER:
            if turn_up is None or turn_up == JOKER:
                raise MatchError("bids: a Joker bid card needs the turn-up card to count as", code="joker-bid-needs-turned-card",
                                 field="bids")
            card = turn_up
        total += BID_VALUE[card[-1]]
    return total


# The highest bid three bid cards make: three clubs, 3 + 3 + 3.
MAX_CARD_BID = 3 * max(BID_VALUE.values())
# Bid sizes, the bid cards' values: 0–9 (a bid of 10–13 has the size of the number it aliases).
BID_SIZES = tuple(range(MAX_CARD_BID + 1))
ALIAS_STEP = 10  # RULES.md §1: 0, 1, 2, 3 also mean 10, 11, 12, 13 where that many tricks exist


@cache  # asked for at every seat of every deal scored: a pure function of two small numbers
def bid_values(bid: int, tricks: int) -> tuple[int, ...]:
    """The trick counts that make a bid: 0–3 also mean 10–13 where that many tricks exist."""
    base = bid_size(bid)
    values = [base]
    if base + ALIAS_STEP <= tricks:
        values.append(base + ALIAS_STEP)
    return tuple(values)


def bid_size(bid: int) -> int:
    """The bid cards' value a bid stands for (0–9): a bid given as 10–13 is the size of 0–3."""
    return bid % ALIAS_STEP


def bid_aliases(tricks: int) -> dict[int, int]:
    """Each bid size that also means a higher number in a deal of ``tricks`` tricks [P]:
    ``{}`` with 9 tricks, ``{0: 10}`` with 10, ``{0: 10, 1: 11, 2: 12, 3: 13}`` with 13."""
    return {size: values[-1] for size in BID_SIZES if len(values := bid_values(size, tricks)) > 1}


def bid_numbers(tricks: int) -> tuple[int, ...]:
    """Every number a bid may be given as: 0–9, and the aliases where that many tricks exist."""
    return tuple(range(highest_bid(tricks) + 1))


def tricks_against_bid(bid: int, took: int, tricks: int) -> int:
    """Tricks taken above (+) or below (−) the bid, from the nearer of its values [P]."""
    return took - min(bid_values(bid, tricks), key=lambda value: abs(took - value))


@cache  # asked for at every deal validated
def highest_bid(tricks: int) -> int:
    """The highest number a bid may be given as (9, or 13 in a 13-trick deal)."""
    aliases = [bid_size(n) + ALIAS_STEP for n in BID_SIZES if bid_size(n) + ALIAS_STEP <= tricks]
    return max([MAX_CARD_BID, *aliases])


def is_made(bid: int | None, took: int, tricks: int) -> bool:
    """A bid is made with exactly its tricks, or its alias; a hidden bid was missed."""
    return bid is not None and took in bid_values(bid, tricks)


def missed_by(bid: int, took: int, tricks: int) -> int:
    """How many tricks a bid was missed by; an aliased bid is given the benefit of the doubt."""
    return min(abs(took - value) for value in bid_values(bid, tricks))


def possible_bids(hand: Sequence[str], turn_up: str | None = None) -> dict[int, list[tuple[str, str, str]]]:
    """Every bid a hand can make, with the three-card choices that make it (for the bid helper)."""
    if turn_up is not None:
        turn_up = parse_bid_card(turn_up)
    joker_counts = turn_up is not None and turn_up != JOKER
    # Each card's value once (a bid is the sum of its cards'), not once for each of the 220
    # threes of a 12-card hand: a save checks every seat's hand this way.
    value = {card: bid_from_cards([card] * BID_CARDS, turn_up) // BID_CARDS
             for card in hand if card != JOKER or joker_counts}
    found: dict[int, list[tuple[str, str, str]]] = {}
    for three in combinations(hand, 3):  # BID_CARDS, written out for the type of a 3-tuple
        if JOKER in three and not joker_counts:
            continue
        found.setdefault(value[three[0]] + value[three[1]] + value[three[2]], []).append(three)
    return dict(sorted(found.items()))


def hand_bids(hand: Sequence[str], turn_up: str | None = None, tricks: int = MAX_CARD_BID) -> tuple[int, ...]:
    """Every number a bid laid aside from ``hand`` may be given as, lowest first: what three of
    its cards make (``possible_bids``; a Joker counts as the turn-up), and their aliases where a
    deal has ``tricks`` tricks (RULES.md §1: 0-3 also mean 10-13).

    >>> hand_bids(["AD", "KD", "QD", "AC", "KC"])
    (0, 3, 6)
    >>> hand_bids(["AD", "KD", "QD", "AS"], tricks=13)
    (0, 1, 10, 11)
    """
    return tuple(sorted({value for size in possible_bids(hand, turn_up) for value in bid_values(size, tricks)}))
