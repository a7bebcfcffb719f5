"""Cards as short codes (``10H``, ``AS``, ``Joker``), the bid value of a suit, and the packs.

A card is kept as its canonical code string: immutable, hashable and exactly what the match
document carries. Ranks run high to low as in RULES.md §1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import Problem

JOKER = "Joker"
SUIT_LETTERS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
NO_TRUMP = "no-trump"
TRUMPS = ("clubs", "diamonds", "hearts", "spades", NO_TRUMP)

# The bid-card code (RULES.md §1): a diamond is a nought, a spade has one point,
# a heart two cheeks, a club three bobbles.
BID_VALUE = {"D": 0, "S": 1, "H": 2, "C": 3}

RANKS = ("A", "K", "Q", "J", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_SYMBOL_TO_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


def _suit_letter(text: str) -> str | None:
    text = _SYMBOL_TO_LETTER.get(text, text).upper()
    return text if len(text) == 1 and text in SUIT_LETTERS else None


def parse_card(text: object) -> str:
    """The canonical code of a card (``10h`` → ``10H``, ``A♠`` → ``AS``); ``Problem`` (a ValueError) if it is none."""
    if not isinstance(text, str) or not text.strip():
        raise _not_a_card(text)
    code = text.strip()
    if code.lower() == "joker":
        return JOKER
    suit = _suit_letter(code[-1])
    rank = code[:-1].upper()
    if suit is None or rank not in RANKS:
        raise _not_a_card(text)
    return rank + suit


def _not_a_card(text: object) -> Problem:
    return Problem(f"{text!r} is not a card", code="not-a-card", facts={"value": text})


def parse_bid_card(text: object) -> str:
    """A bid card: a card code, or a bare suit letter or symbol (ranks do not matter in a bid)."""
    if isinstance(text, str):
        suit = _suit_letter(text.strip())
        if suit is not None:
            return suit
    return parse_card(text)


def suit_of(card: str) -> str | None:
    """The suit letter of a card code or bare suit letter; None for the Joker."""
    return None if card == JOKER else card[-1]


def rank_of(card: str) -> str | None:
    return None if card == JOKER or len(card) == 1 else card[:-1]


def parse_trump(text: object) -> str:
    """A trump name, canonical (``Clubs`` → ``clubs``, ``NT`` / ``no trump`` → ``no-trump``)."""
    if isinstance(text, str):
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        if key in ("no-trump", "no-trumps", "notrump", "notrumps", "nt", "none"):
            return NO_TRUMP
        if key in TRUMPS:
            return key
        letter = _suit_letter(text.strip())
        if letter:
            return SUIT_NAMES[letter]
    raise Problem(f"{text!r} is not a trump (clubs, diamonds, hearts, spades or no-trump)", code="not-a-trump",
                  facts={"value": text})


def trump_of_turn_up(card: str) -> str:
    """The trump a turned card sets: its suit, but a Nine or the Joker means no trump."""
    if card == JOKER or rank_of(card) == "9":
        return NO_TRUMP
    return SUIT_NAMES[card[-1]]


def cards_of(ranks: Iterable[str], suits: str = SUIT_LETTERS) -> tuple[str, ...]:
    return tuple(rank + suit for suit in suits for rank in ranks)


SIX_TO_ACE = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
SEVEN_TO_ACE = SIX_TO_ACE[:-1]
STANDARD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
FIVE_PLAYER_RANKS = RANKS  # 2–12, J, Q, K, A: 15 ranks, 60 cards
STANDARD_PACK = cards_of(STANDARD_RANKS)

_DISPLAY_SUIT_ORDER = "SHCD"  # alternating colours when a hand is sorted


def sort_hand(cards: Iterable[str]) -> list[str]:
    """Sort by suit (♠ ♥ ♣ ♦), then rank high to low; Jokers first."""

    def key(card: str) -> tuple[int, int]:
        if card == JOKER:
            return (-1, 0)
        return (_DISPLAY_SUIT_ORDER.index(card[-1]), RANKS.index(card[:-1]))

    return sorted(cards, key=key)


def multiset_difference(pack: Iterable[str], taken: Iterable[str]) -> list[str]:
    """What is left of ``pack`` once ``taken`` is removed (a pack may hold two Jokers)."""
    to_take = Counter(taken)
    left = []
    for card in pack:
        if to_take[card] > 0:
            to_take[card] -= 1
        else:
            left.append(card)
    return left
