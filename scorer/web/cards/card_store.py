"""The app takes over the cards: a match's cards mode, each deal's cards made once by the core,
and the private links to each seat's hand.

Three modes, chosen when a match starts and stored with it:

- ``table``: the players deal a real pack and the turned card is entered on the deal form;
- ``turn-up``: the pack at the table lacks the Joker or the spare card, so the core turns a
  card for each deal from the rules' own pack (``virtual_turn_up``; in eighteen the pile);
- ``app``: the core shuffles and deals every deal, and each player opens their own hand.

Deal n's cards are made the first time a page needs them (the scoreboard, the deal form) and
stored; the unique (match, number) makes that happen once even if two pages ask at the same
moment. Every shuffle is the core's: this module only chooses seeds. A match seed makes the
deals replayable (deal n's seed is derived from it); without one the core draws each deal's
seed when the deal is made, so nobody can know a deal before it exists.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorer.core import (
    MAX_SEED,
    PILE,
    deal_cards,
    dealer_of,
    get_ruleset,
    make_setup,
    new_seed,
    parse_match,
    pile_order,
    trump_of_card,
    virtual_turn_up,
)
from scorer.web import security
from scorer.web.extensions import db
from scorer.web.models import DealSet, DealtDeal, HandLink, Match, MatchCards

TABLE, TURN_UP, APP = "table", "turn-up", "app"
CARDS_MODES = (TABLE, TURN_UP, APP)
PILE_SIZE = 18  # eighteen's trump pile


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for one part of a match or set (``"deal", 4``), the same every time for the same seed."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def mode_problem(ruleset_id: str, options: dict[str, Any] | None, mode: str) -> str | None:
    """Why ``mode`` cannot be used with this ruleset, or None."""
    if mode not in CARDS_MODES:
        return "Choose who handles the cards."
    setup = make_setup(ruleset_id, options)
    if mode == TURN_UP and not setup.turns_card:
        when = " when trump comes from the bids made" if setup.ruleset.trump_rule != setup.trump_rule else ""
        return (f"{setup.ruleset.name} turns no card for trump{when}, so there is nothing for the app "
                "to turn. Deal a real pack, or let the app deal.")
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
           pile_card: str | None) -> Cards:
    """The core's deal (or turned card) from ``seed``; eighteen's card comes from the game's pile."""
    if with_hands:
        dealt = deal_cards(ruleset, seed, dealer, options)
        hands = [list(hand) for hand in dealt.hands]
        dummy = list(dealt.dummy_bid) if dealt.dummy_bid is not None else None
        return Cards(seed, dealer, hands, pile_card or dealt.turn_up, dummy)
    return Cards(seed, dealer, None, pile_card or virtual_turn_up(ruleset, seed, options), None)


def _pile_card(base_seed: int, position: int) -> str:
    """Card ``position`` (from 1) of a pile shuffled once by the core; a 19th deal starts a new pile."""
    cycle, index = divmod(position - 1, PILE_SIZE)
    return pile_order(derive_seed(base_seed, "pile", cycle))[index]


def set_cards(deal_set: DealSet, number: int) -> Cards:
    """Deal ``number`` of a duplicate set: the same at every table, whatever its scores."""
    seed = derive_seed(deal_set.seed, "deal", number)
    setup = make_setup(deal_set.ruleset, deal_set.options)
    pile = _pile_card(deal_set.seed, number) if setup.trump_rule == PILE else None
    return _dealt(deal_set.ruleset, deal_set.options, seed, set_dealer(deal_set, number), True, pile)


def set_dealer(deal_set: DealSet, number: int) -> int:
    """Who deals deal ``number`` of a set, by the core's rotation from the set's first dealer."""
    players = make_setup(deal_set.ruleset, deal_set.options).ruleset.players
    match = parse_match({"ruleset": deal_set.ruleset, "options": deal_set.options,
                         "players": [f"Seat {i + 1}" for i in range(players)],
                         "first_dealer": deal_set.first_dealer, "deals": []})
    return dealer_of(match, number - 1)


def _match_cards(match: Match, number: int, context: dict[str, Any]) -> Cards:
    if match.deal_set is not None:
        return set_cards(match.deal_set, number)
    seed = new_seed() if match.seed is None else derive_seed(match.seed, "deal", number)
    pile = None
    if make_setup(match.ruleset, match.options).trump_rule == PILE:
        # Deal k of a game turns card k of that game's pile, shuffled from the seed of the
        # game's first deal (stored when that deal was made).
        in_game = context["number"]
        first = dealt_for(match, number - in_game + 1) if in_game > 1 else None
        pile = _pile_card(first.seed if first is not None else seed, in_game)
    return _dealt(match.ruleset, match.options, seed, context["dealer"], match.cards == APP, pile)


def dealt_for(match: Match, number: int) -> DealtDeal | None:
    return db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match.id, DealtDeal.number == number))


def ensure(match: Match, number: int, context: dict[str, Any] | None) -> DealtDeal | None:
    """Deal ``number``'s cards, made (and committed) the first time they are asked for.

    ``context`` is the core's view of that deal (its dealer and number in the game): the scored
    deal, or ``next`` for the deal to come. None in a ``table`` match or once the match is over.
    """
    if match.cards == TABLE:
        return None
    found = dealt_for(match, number)
    if found is not None or context is None:
        return found
    cards = _match_cards(match, number, context)
    row = DealtDeal(match_id=match.id, number=number, dealer=cards.dealer, seed=cards.seed, hands=cards.hands,
                    turn_up=cards.turn_up, dummy_bid=cards.dummy_bid)
    if cards.hands is not None:
        players = make_setup(match.ruleset, match.options).ruleset.players
        row.links = [HandLink(seat=seat, token=secrets.token_urlsafe(18), devices=[]) for seat in range(players)]
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:  # another page made them first: theirs are the cards
        db.session.rollback()
        return dealt_for(match, number)
    return row


def fix_turn_up(match: Match, number: int, context: dict[str, Any] | None, deal: dict[str, Any]) -> None:
    """A deal read from the form takes the card the app turned, whatever the form said."""
    dealt = ensure(match, number, context)
    if dealt is not None and dealt.turn_up is not None:
        deal["turn_up"] = dealt.turn_up


def document_fields(dealt: DealtDeal | None) -> dict[str, Any]:
    """What a dealt deal adds to its deal of the match document: the core then checks every bid
    against the bidder's own hand (and the dummy's bid against its set-aside cards)."""
    if dealt is None:
        return {}
    fields: dict[str, Any] = {}
    if dealt.turn_up is not None:
        fields["turn_up"] = dealt.turn_up
    if dealt.hands is not None:
        fields["hands"] = dealt.hands
        if dealt.dummy_bid is not None:
            fields["dummy_bid"] = dealt.dummy_bid
    return fields


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


def _add_error(field: Any, message: str) -> None:
    field.errors = [*field.errors, message]


def chosen_set(form: Any) -> DealSet | None:
    """The duplicate deal set the new-match form plays from, if any."""
    value = str(form.deal_set.data or "")
    set_id = security.parse_id(value)
    return db.session.get(DealSet, set_id) if set_id is not None else None


def cards_from_form(form: Any, header: dict[str, Any]) -> dict[str, Any] | None:
    """The new match's cards mode, seed and deal set (for ``attach``); None when the form asks
    for something impossible (its message is then beside the field).

    A match from a deal set takes the set's ruleset, pack option and first dealer into ``header``
    (so that deal n's dealer is the sheet's), and the app deals it from the set's seed.
    """
    if form.deal_set.data:
        deal_set = chosen_set(form)
        if deal_set is None:
            _add_error(form.ruleset, "That deal set no longer exists; start the match without it.")
            return None
        if header["ruleset"] != deal_set.ruleset:
            name = get_ruleset(deal_set.ruleset).name
            _add_error(form.ruleset, f"The deals of {deal_set.name} are for {name}; choose {name}.")
            return None
        header["first_dealer"] = deal_set.first_dealer
        header["options"] = {**header["options"], **deal_set.options}
        return {"mode": APP, "seed": deal_set.seed, "deal_set_id": deal_set.id}
    mode, seed = form.cards.data, form.seed.data
    if seed is not None and mode == TABLE:
        _add_error(form.seed, "A seed is for the app’s shuffle: let the app turn the trump or deal, or clear the seed.")
        return None
    return {"mode": mode, "seed": seed, "deal_set_id": None}


def check_mode(form: Any, ruleset_id: str, options: dict[str, Any], cards: dict[str, Any] | None) -> bool:
    """Whether the chosen mode suits the ruleset and its options (else a message beside it)."""
    if cards is None:
        return False
    problem = mode_problem(ruleset_id, options, cards["mode"])
    if problem:
        _add_error(form.cards, problem)
        return False
    return True


def attach(match: Match, cards: dict[str, Any]) -> None:
    """Store the cards mode chosen for a new match (nothing for the default, a real pack)."""
    if cards["mode"] != TABLE:
        match.card_setup = MatchCards(**cards)


def fill_shown(form: Any, shown: list[list[str] | None]) -> None:
    """Put the bid cards shown on the phones into the deal form's bid fields (the rest unchanged)."""
    for entry, cards in zip(form.seats, shown, strict=True):
        if cards:
            entry.bid.data = " ".join(cards)
