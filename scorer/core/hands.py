"""A deal dealt by the app carries its cards: then every bid must come from the bidder's own hand.

Optional deal fields (added to MATCH-FORMAT.md's deal): ``hands``, one card list per seat as
``python -m scorer deal`` prints them (each player's whole hand, bid cards included; the dummy's
nine playing cards), and ``dummy_bid``, the dummy's three set-aside cards in ``two-dummy``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .bids import bid_from_cards, hand_bids, possible_bids
from .cards import SUIT_NAMES, parse_card, suit_of
from .errors import MatchError, Problem
from .rulesets import DUMMY, TURN_UP, Setup

BidAsPlayed = int | tuple[str, ...] | None


class Fail(Protocol):
    """A problem of the deal being checked (``validation._Deal.error``)."""

    def __call__(self, field: str, message: str, seat: int | None = None, *, code: str,
                 facts: Mapping[str, object] | None = None) -> MatchError: ...


def check_dealt_cards(setup: Setup, who: Callable[[int], str], fail: Fail, raw_hands: Any, raw_dummy_bid: Any,
                      bids: Sequence[BidAsPlayed], numbers: Sequence[int | None], turn_up: str | None) -> None:
    """Check the dealt cards themselves, then that every bid could be laid aside from its hand."""
    rules = setup.ruleset
    hands = _cards_per_seat(setup, who, fail, raw_hands)
    dummy_bid: list[str] = []
    if rules.has_dummy:
        if raw_dummy_bid is None:
            raise fail("dummy_bid", "give the dummy's three set-aside bid cards with its hand", code="dummy-bid-missing")
        dummy_bid = _card_list(setup, fail, "dummy_bid", raw_dummy_bid, "the dummy's bid", None)
        if len(dummy_bid) != 3:
            raise fail("dummy_bid", f"the dummy's bid is three cards, not {len(dummy_bid)}", code="dummy-bid-count",
                       facts={"count": len(dummy_bid)})
    everything = [card for hand in hands for card in hand] + dummy_bid
    if setup.trump_rule == TURN_UP and turn_up is not None:
        everything.append(turn_up)
    twice = [card for card, count in Counter(everything).items() if count > 1]
    if twice:
        raise fail("hands", f"{twice[0]} is dealt twice", code="card-dealt-twice", facts={"card": twice[0]})
    if setup.trump_rule == DUMMY and turn_up is not None and turn_up not in hands[-1]:
        raise fail("turn_up", f"{turn_up} is not in the dummy's hand, where its turned card stays",
                   code="turned-card-not-in-dummy-hand", facts={"card": turn_up})

    for seat, (bid, number) in enumerate(zip(bids, numbers, strict=True)):
        if rules.has_dummy and seat == rules.seats - 1:
            _check_dummy_bid(fail, bid, number, dummy_bid, turn_up)
        elif isinstance(bid, tuple):
            _check_bid_cards(fail, who(seat), seat, bid, hands[seat])
        elif number is not None:
            can = possible_bids(hands[seat], turn_up)
            if number % 10 not in can:
                raise fail("bids", f"{who(seat)}'s bid {number} cannot be made from three of "
                           f"{who(seat)}'s cards", seat, code="bid-not-from-hand", facts={"seat": seat, "bid": number})


@dataclass(frozen=True)
class OffHand:
    """A bid given as a number that no three cards of the bidder's dealt hand make: ``allowed``
    is every number that hand could bid (``hand_bids``), lowest first."""

    seat: int
    bid: int
    allowed: tuple[int, ...]


def bids_off_hand(setup: Setup, hands: Sequence[Sequence[str]], bids: Sequence[object],
                  turn_up: str | None = None) -> tuple[OffHand, ...]:
    """The bids given as numbers (``bids``: a deal's, as recorded) that the bidder's dealt hand
    (``hands``: a hand per seat, as ``deal_cards`` deals them) cannot make by laying three cards
    aside, seat by seat. A warning, not a refusal: a bid given as a number is taken as spoken
    while the cards are private, and once they are public ``check_dealt_cards`` refuses it. Bids
    given as cards or kept hidden, and the dummy's (its bid is its set-aside cards), are not
    looked at.

    >>> from .rulesets import make_setup
    >>> hands = [["AD", "KD", "QD", "AS"], ["AC", "KC", "QC", "AH"], ["AH", "KH", "QH", "KS"]]
    >>> bids_off_hand(make_setup("jokerless"), hands, [9, 9, None])
    (OffHand(seat=0, bid=9, allowed=(0, 1)),)
    """
    rules = setup.ruleset
    found = []
    for seat, (bid, hand) in enumerate(zip(bids, hands, strict=False)):
        if not isinstance(bid, int) or isinstance(bid, bool) or (rules.has_dummy and seat == rules.seats - 1):
            continue
        allowed = hand_bids(hand, turn_up, rules.tricks)
        if bid not in allowed:
            found.append(OffHand(seat, bid, allowed))
    return tuple(found)


def _cards_per_seat(setup: Setup, who: Callable[[int], str], fail: Fail, raw: Any) -> list[list[str]]:
    rules = setup.ruleset
    if not isinstance(raw, list) or len(raw) != rules.seats:
        raise fail("hands", f"give one card list per seat ({rules.seats})", code="hands-count", facts={"seats": rules.seats})
    hands = []
    for seat, cards in enumerate(raw):
        hand = _card_list(setup, fail, "hands", cards, f"{who(seat)}'s hand", seat)
        size = rules.hand_size - (3 if rules.has_dummy and seat == rules.seats - 1 else 0)
        if len(hand) != size:
            raise fail("hands", f"{who(seat)}'s hand has {len(hand)} cards, a hand of this ruleset has {size}", seat,
                       code="hand-size", facts={"seat": seat, "count": len(hand), "size": size})
        hands.append(hand)
    return hands


def _card_list(setup: Setup, fail: Fail, field: str, raw: Any, what: str, seat: int | None) -> list[str]:
    """The cards of ``seat``'s hand (None: the dummy's set-aside bid), ``what`` in English."""
    if not isinstance(raw, list):
        raise fail(field, f"{what} must be a list of cards", code="cards-not-a-list", facts={"seat": seat})
    cards = []
    for text in raw:
        try:
            card = parse_card(text)
        except Problem as err:
            raise fail(field, f"{what}: {err}", code="hand-not-a-card", facts={"seat": seat, "value": text}) from None
        if card not in setup.pack:
            raise fail(field, f"{what}: {card} is not in the {setup.ruleset.name} pack", code="hand-card-not-in-pack",
                       facts={"seat": seat, "card": card, "ruleset": setup.id})
        cards.append(card)
    return cards


def _check_bid_cards(fail: Fail, name: str, seat: int, bid: Sequence[str], hand: Sequence[str]) -> None:
    """Named cards must be in the hand; a bare suit needs a card of that suit left in it."""
    left = Counter(hand)
    for card in sorted(bid, key=len, reverse=True):  # whole cards first, bare suits after
        if len(card) > 1:
            if left[card] == 0:
                raise fail("bids", f"{name}'s bid card {card} is not in {name}'s hand", seat, code="bid-card-not-in-hand",
                           facts={"seat": seat, "card": card})
            left[card] -= 1
        else:
            spare = next((c for c, n in left.items() if n > 0 and suit_of(c) == card), None)
            if spare is None:
                raise fail("bids", f"{name} has no {SUIT_NAMES[card][:-1]} left in the hand to bid with", seat,
                           code="no-suit-left", facts={"seat": seat, "suit": card})
            left[spare] -= 1


def _check_dummy_bid(fail: Fail, bid: BidAsPlayed, number: int | None, dummy_bid: Sequence[str],
                     turn_up: str | None) -> None:
    expected = bid_from_cards(list(dummy_bid), turn_up)
    if isinstance(bid, tuple) and any(len(c) > 1 for c in bid) and Counter(c for c in bid if len(c) > 1) - Counter(dummy_bid):
        raise fail("bids", f"the dummy's bid cards are {', '.join(dummy_bid)}", code="dummy-bid-cards-are",
                   facts={"cards": tuple(dummy_bid)})
    if number != expected:
        raise fail("bids", f"the dummy's bid cards {', '.join(dummy_bid)} make {expected}, not {number}",
                   code="dummy-bid-makes", facts={"cards": tuple(dummy_bid), "makes": expected, "bid": number})
