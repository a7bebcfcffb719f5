"""Which suit is trump: for the deal being played, and for the deal to come (RULES.md §1–2)."""

from __future__ import annotations

from .cards import JOKER, NO_TRUMP, SUIT_NAMES, trump_of_turn_up
from .rulesets import MISSES, NAMED, PILE, SUCCESSES, Setup

# By how many made their bid last deal (or, in long, the total tricks missed by): 0 ♦, 1 ♠, 2 ♥, 3 ♣.
TRUMP_BY_COUNT = {0: "diamonds", 1: "spades", 2: "hearts", 3: "clubs"}

FIRST_DEAL = "first-deal"


def trump_by_successes(k: int) -> str:
    """k made their bid: 3 ♣, 2 ♥, 1 ♠, 0 ♦; four or more (all four of four, 4–5 of five): no trump."""
    return NO_TRUMP if k >= 4 else TRUMP_BY_COUNT[k]


def trump_by_misses(missed: int) -> str:
    """long: the total amount all players missed by: 0 ♦, 1 ♠, 2 ♥, 3 or more ♣."""
    return TRUMP_BY_COUNT[min(missed, 3)]


def trump_of_card(setup: Setup, card: str) -> str:
    """The trump a turned card sets; the eighteen pile has no Nines, only its Jokers mean no trump."""
    if setup.trump_rule == PILE:
        return NO_TRUMP if card == JOKER else SUIT_NAMES[card[-1]]
    return trump_of_turn_up(card)


def following_trump(setup: Setup, first_of_game: bool, successes: int = 0, missed: int = 0,
                    last_trump: str | None = None) -> tuple[str | None, str]:
    """The trump of a deal before its cards are seen, and where it comes from.

    ``None`` where a card still to be turned decides it. ``successes``/``missed``/``last_trump``
    describe the previous deal of the same game.
    """
    rule = setup.trump_rule
    if rule == NAMED:
        # A premium bidder may name another; with none the trump stays, and a game starts at no trump.
        return (NO_TRUMP if first_of_game or last_trump is None else last_trump), NAMED
    if rule in (SUCCESSES, MISSES):
        if first_of_game:
            return setup.first_trump, FIRST_DEAL
        if rule == SUCCESSES:
            return trump_by_successes(successes), SUCCESSES
        return trump_by_misses(missed), MISSES
    return None, rule
