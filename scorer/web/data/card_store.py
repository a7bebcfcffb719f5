"""The app takes over the cards: a match's cards mode, each deal's cards made once by the core,
and the private links to each seat's hand.

Three modes, chosen when a match starts and stored with it:

- ``table``: the players deal a real pack and the turned card is entered on the deal form;
- ``turn-up``: the pack at the table lacks the Joker or the spare card, so the core turns a
  card for each deal from the rules' own pack (``virtual_turn_up``; in eighteen the pile);
- ``app``: the core shuffles and deals every deal, and each player opens their own hand.

Deal n's cards are made by the request that makes deal n the next one: the POST that starts
the match (deal 1), the POST that saves deal n-1, an import. They are added to that request's
transaction, so they are stored with the change or not at all; pages only read them (a GET never
writes). Once made they never change, and deleting a recorded deal keeps its cards for recording
it again. Every shuffle is the core's: this module only chooses seeds. A match seed makes the
deals replayable (deal n's seed is derived from it); without one the core draws each deal's
seed when the deal is made, so nobody can know a deal before it exists.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, TypedDict

from flask import current_app
from sqlalchemy import select

from scorer.core import (
    PILE,
    DealScore,
    DealtCards,
    MatchScore,
    NextDeal,
    OffHand,
    bids_off_hand,
    deal_cards,
    deal_seed,
    dealer_of,
    game_pile_seed,
    keyed_seed,
    make_setup,
    new_seed,
    parse_bid_card,
    parse_match,
    pile_card,
    trump_of_card,
    virtual_turn_up,
)
from scorer.web.data import publication
from scorer.web.data.document_types import DealDocument, DealtFields
from scorer.web.data.models import DealSet, DealtDeal, HandLink, Match, MatchCards
from scorer.web.data.refusals import Said
from scorer.web.extensions import db

TABLE, TURN_UP, APP = "table", "turn-up", "app"
CARDS_MODES = (TABLE, TURN_UP, APP)


def mode_problem(ruleset_id: str, options: dict[str, Any] | None, mode: str) -> Said | None:
    """Why ``mode`` cannot be used with this ruleset (a code of ``refusals.REFUSALS``), or None."""
    if mode not in CARDS_MODES:
        return Said("choose-cards")
    setup = make_setup(ruleset_id, options)
    if mode == TURN_UP and not setup.turns_card:
        if setup.ruleset.trump_rule != setup.trump_rule:
            return Said("turns-no-card-from-bids", ruleset=setup.ruleset.name)
        return Said("turns-no-card", ruleset=setup.ruleset.name)
    return None


def trump_of(ruleset_id: str, options: dict[str, Any] | None, card: str | None) -> str | None:
    """The trump a turned card sets, as the core reads it (a Nine or the Joker: no trump)."""
    return trump_of_card(make_setup(ruleset_id, options), card) if card is not None else None


# ---------------------------------------------------------------------------- the cards of a deal


@dataclass(frozen=True)
class Cards:
    seed: int
    dealer: int
    hands: list[list[str]] | None
    turn_up: str | None
    dummy_bid: list[str] | None


def _dealt(ruleset: str, options: dict[str, Any] | None, seed: int, dealer: int, with_hands: bool,
           pile: tuple[int, int]) -> Cards:
    """The core's deal (or turned card) from ``seed``; ``pile`` is (the deal's place in its game's
    trump pile, the pile's seed), which only eighteen reads."""
    if with_hands:
        dealt = deal_cards(ruleset, seed, dealer, options, deal=pile[0], pile_seed=pile[1])
        hands = [list(hand) for hand in dealt.hands]
        dummy = list(dealt.dummy_bid) if dealt.dummy_bid is not None else None
        return Cards(seed, dealer, hands, dealt.turn_up, dummy)
    if make_setup(ruleset, options).trump_rule == PILE:
        return Cards(seed, dealer, None, pile_card(pile[1], pile[0]), None)
    return Cards(seed, dealer, None, virtual_turn_up(ruleset, seed, options), None)


def set_pile(deal_set: DealSet, number: int) -> tuple[int, int]:
    """eighteen: a set's deal n turns card n of the pile shuffled from the set's seed."""
    return number, game_pile_seed(deal_set.seed, number)


def set_cards(deal_set: DealSet, number: int) -> Cards:
    """Deal ``number`` of a duplicate set: the same at every table, whatever its scores."""
    seed = deal_seed(deal_set.seed, number)
    return _dealt(deal_set.ruleset, deal_set.options, seed, set_dealer(deal_set, number), True,
                  set_pile(deal_set, number))


def set_dealer(deal_set: DealSet, number: int) -> int:
    """Who deals deal ``number`` of a set, by the core's rotation from the set's first dealer."""
    players = make_setup(deal_set.ruleset, deal_set.options).ruleset.players
    match = parse_match({"ruleset": deal_set.ruleset, "options": deal_set.options,
                         "players": [f"Seat {i + 1}" for i in range(players)],
                         "first_dealer": deal_set.first_dealer, "deals": []})
    return dealer_of(match, number - 1)


def _match_cards(match: Match, number: int, context: DealScore | NextDeal) -> Cards:
    if match.deal_set is not None:
        return set_cards(match.deal_set, number)
    seed = new_seed() if match.seed is None else deal_seed(match.seed, number)
    return _dealt(match.ruleset, match.options, seed, context.dealer, match.cards == APP,
                  _match_pile(match, number, context.number, seed))


def _stored(match: Match, number: int) -> DealtDeal | None:
    """Deal ``number``'s cards among the match's (those added in this transaction included)."""
    return next((row for row in match.dealt if row.number == number), None)


def _match_pile(match: Match, number: int, in_game: int, seed: int) -> tuple[int, int]:
    """eighteen: deal k of a game turns card k of that game's pile, shuffled from the seed of the
    game's first deal (stored when that deal was made)."""
    first = _stored(match, number - in_game + 1) if in_game > 1 else None
    return in_game, game_pile_seed(first.seed if first is not None else seed, in_game)


def replay(match: Match, dealt: DealtDeal, in_game: int) -> DealtCards:
    """The core's deal of a stored deal's seed, dealer and pile: its ``command()`` deals it again."""
    deal_set = match.deal_set
    pile = set_pile(deal_set, dealt.number) if deal_set else _match_pile(match, dealt.number, in_game, dealt.seed)
    return deal_cards(match.ruleset, dealt.seed, dealt.dealer, match.options, deal=pile[0], pile_seed=pile[1])


def dealt_for(match: Match, number: int) -> DealtDeal | None:
    """Deal ``number``'s cards as stored, or None (a table deal, or not dealt). Only reads."""
    if match.cards == TABLE:
        return None
    return db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match.id, DealtDeal.number == number))


def deal_next(match: Match, scored: MatchScore) -> DealtDeal | None:
    """Make the cards of the deal to come, in the caller's transaction (the caller commits).

    ``scored`` is the core's score of the match as the caller is about to store it; its ``next``
    says who deals and which deal of the game it is. Nothing is made in a ``table`` match, once
    the match is over, when that deal has its cards already (they never change), or at a table of
    a deal set that the organiser has not admitted, has closed or taken out
    (``publication.may_play``: the organiser's admission deals it then).
    """
    if match.cards == TABLE or scored.next is None or not publication.may_play(match):
        return None
    number = len(scored.deals) + 1
    found = _stored(match, number)
    if found is not None:
        return found
    cards = _match_cards(match, number, scored.next)
    row = DealtDeal(number=number, dealer=cards.dealer, seed=cards.seed, hands=cards.hands,
                    turn_up=cards.turn_up, dummy_bid=cards.dummy_bid)
    if cards.hands is not None:
        players = make_setup(match.ruleset, match.options).ruleset.players
        row.links = [HandLink(seat=seat, token=secrets.token_urlsafe(18), devices=[]) for seat in range(players)]
    match.dealt.append(row)
    return row


def fix_turn_up(match: Match, number: int, deal: DealDocument) -> bool:
    """A deal read from the form takes the card the app turned, whatever the form said; True if
    the app turned it (nobody at the table can pick another)."""
    dealt = dealt_for(match, number)
    if dealt is not None and dealt.turn_up is not None:
        deal["turn_up"] = dealt.turn_up
        return True
    return False


def document_fields(dealt: DealtDeal | None, with_hands: bool = False) -> DealtFields:
    """What a dealt deal adds to its deal of the match document: the turned card, and with
    ``with_hands`` the hands, so that the core checks every bid against the bidder's own hand
    (and the dummy's bid against its set-aside cards).

    The hands go in only where the caller knows the deal's cards are public
    (``publication.cards_public``):
    the core's answer about a bid ("not in Ann's hand", "no three of Ann's cards make 0") tells
    what a hand holds. Stored deals are scored without them, so that a number bid recorded while
    the cards were private (unchecked, as a spoken bid is at a real table) never stops a match
    from being scored.
    """
    if dealt is None:
        return {}
    fields: DealtFields = {}
    if dealt.turn_up is not None:
        fields["turn_up"] = dealt.turn_up
    if with_hands and dealt.hands is not None:
        fields["hands"] = dealt.hands
        if dealt.dummy_bid is not None:
            fields["dummy_bid"] = dealt.dummy_bid
    return fields


def off_hand_bids(match: Match, number: int, deal: DealDocument) -> tuple[OffHand, ...]:
    """The bids of deal ``number`` (``deal``, as recorded) given as numbers that the bidder's
    dealt hand cannot make (the core's ``bids_off_hand``), for a warning after its save: only once
    the deal's cards are public (``publication.cards_public``: outside a set, as soon as it is
    recorded), since the answer tells what a hand holds; () before, and where the app dealt no
    hands. A number bid is taken as spoken, so this warns and never refuses."""
    dealt = dealt_for(match, number)
    if dealt is None or dealt.hands is None or not publication.cards_public(match, number):
        return ()
    return bids_off_hand(make_setup(match.ruleset, match.options), dealt.hands, deal["bids"], deal.get("turn_up"))


# ---------------------------------------------------------------------------- bids on the scorekeeper's form

@dataclass(frozen=True)
class BidProblem:
    """Why the bid of ``seat`` cannot be taken while the deal's cards are private: the dummy's bid
    cards are still face down (``face_down``), or bid cards came from another phone than the
    player's own (the screen words it, naming the player)."""

    seat: int
    face_down: bool = False


def private_bid_problem(match: Match, number: int, deal: DealDocument, keeper: bool) -> BidProblem | None:
    """Check the bids of a deal whose cards are still private, before the core sees them.

    While its cards are private, the answer to a deal form must not depend on what a hand
    holds. So bid cards are taken only as the player showed them from their own phone, and only
    on the scorekeeper's phone (``keeper``); any other bid cards get the same words, whatever
    they are. The dummy's bid is refused, whatever it is, until its cards are turned up; then
    its bid is its cards, whatever the form said (``deal`` is changed in place). Number bids and
    hidden bids pass: the core will not see the hands (``document_fields``), so it cannot answer
    from them. None: the core may check the rest.
    """
    dealt = dealt_for(match, number)
    if dealt is None or dealt.hands is None or publication.cards_public(match, number):
        return None
    bids = deal["bids"]
    shown = shown_bids(dealt, len(bids))
    for seat, bid in enumerate(bids):
        if dealt.dummy_bid is not None and seat == len(bids) - 1:
            if not dealt.dummy_shown:
                return BidProblem(seat, face_down=True)
            bids[seat] = list(dealt.dummy_bid)
        elif isinstance(bid, list) and not (keeper and _same_cards(bid, shown[seat])):
            return BidProblem(seat)
    return None


def _same_cards(typed: list[str], shown: list[str] | None) -> bool:
    """The bid cards typed are the ones shown, however written (6♥ or 6H, 10d or 10D)."""
    if shown is None:
        return False
    try:
        written = sorted(parse_bid_card(card).upper() for card in typed)
    except ValueError:
        return False
    return written == sorted(card.upper() for card in shown)


def link_for(dealt: DealtDeal | None, seat: int) -> HandLink | None:
    if dealt is None:
        return None
    return next((link for link in dealt.links if link.seat == seat), None)


def shown_bids(dealt: DealtDeal | None, seats: int) -> list[list[str] | None]:
    """Per seat, the bid cards shown from the phones (the dummy's once turned up), else None."""
    shown: list[list[str] | None] = [None] * seats
    if dealt is None:
        return shown
    for link in dealt.links:
        shown[link.seat] = link.shown_bid
    if dealt.dummy_bid is not None and dealt.dummy_shown:
        shown[seats - 1] = dealt.dummy_bid
    return shown


# ---------------------------------------------------------------------------- starting a match


class CardsChoice(TypedDict):
    """A new match's cards, as ``MatchCards`` stores them."""

    mode: str
    seed: int | None
    deal_set_id: int | None


def server_seed(typed: int) -> int:
    """The seed this server deals from when a person types ``typed`` on the new-match form (a deal
    set's is ``set_seed``): keyed with the app's secret key (``keyed_seed``), so knowing one's own
    hand and the open dealing code tells nothing of the others, whatever was typed. The same typed
    seed deals the same cards again on this server (its key is kept in instance/), not on another."""
    return keyed_seed(typed, str(current_app.config["SECRET_KEY"]))


def set_seed(typed: int, secret: str) -> int:
    """The seed a duplicate set deals from when made with ``typed`` (or a number drawn at random):
    keyed with the server's key and the set's own ``secret`` (``DealSet.secret``, drawn when it is
    made), so that no match, and no other set, deals its cards from the same typed seed. The secret
    is of fixed length (64 hex digits) and comes first, so the two keys cannot run into each other."""
    return keyed_seed(typed, f"set:{secret}:{current_app.config['SECRET_KEY']}")


def attach(match: Match, cards: CardsChoice) -> None:
    """Store the cards mode chosen for a new match (nothing for the default, a real pack)."""
    if cards["mode"] != TABLE:
        match.card_setup = MatchCards(**cards)
