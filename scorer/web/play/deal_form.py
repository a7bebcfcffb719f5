"""Between the deal form and a deal of the match document: what the form shows for a match's
ruleset, reading a filled form into a deal, filling the form from a stored deal, and putting
the core's messages beside the fields they are about.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from wtforms import FieldList, FormField

from scorer.core import NAMED, PILE, SUIT_NAMES, SUIT_SYMBOLS, MatchError, Ruleset, Setup, award_premium, bid_from_cards, make_setup, pack_preparation
from scorer.web.data.document_types import DealDocument, PremiumDocument, deal_document
from scorer.web.data.models import Deal, Match
from scorer.web.fields import choices
from scorer.web.language import gettext, lazy_gettext, per_language
from scorer.web.play.forms import PREMIUM_NONE, BidField, DealForm, SeatForm, bid_text
from scorer.web.presentation import problem_words
from scorer.web.presentation.formatting import BID_SUITS, card_words, suit_title, trump_label
from scorer.web.presentation.scoreboard import seat_names

# What the rule that turns a card calls it on the form (the others: "Turned-up card"), and where
# the app turned it.
TURN_UP_LABELS = {"pile": lazy_gettext("Card turned from the trump pile"), "dummy": lazy_gettext("The dummy's turned-up card")}
TURNED_BY_APP = {"pile": lazy_gettext("Turned from the trump pile by the app"),
                 "dummy": lazy_gettext("The dummy’s top card, turned by the app")}


# The turned-card grid on a 390-pixel phone, every chip at least 44 px: a suit of up to seven
# ranks is a line; of eight or nine (36- and 32-card packs), a block of three by three, two suits
# side by side; either way every card is one tap away. The thirteen ranks of a 52-card pack would
# push a four-player form's seats past a second screen, so there a suit is tapped, then its rank.
LINE_RANKS = 7
BLOCK_RANKS = 9

# The most number chips a row of a seat's pad holds on a 390-pixel phone, each at least 44 px
# wide beside the field that shows the value.
PAD_COLUMNS = 6


def chip_columns(count: int) -> int:
    """How many tap chips a row holds: as few rows as ``PAD_COLUMNS`` allow, then the chips
    spread evenly over them (10 → two rows of 5, 12 → two of 6, 13 → three of 5)."""
    rows = -(-count // PAD_COLUMNS)
    return -(-count // rows)


@dataclass(frozen=True)
class DealLayout:
    """What the deal form needs to know about a match's ruleset and options (all from the core)."""

    ruleset: Ruleset
    setup: Setup
    names: list[str]
    turn_up_cards: list[str]  # empty where no card is turned

    @property
    def seats(self) -> int:
        return self.ruleset.seats

    @property
    def bid_numbers(self) -> list[int]:
        # The core's: 0–9 always, the aliases only where that many tricks are played.
        return list(self.ruleset.bid_numbers)

    @property
    def has_joker(self) -> bool:
        return self.setup.has_joker

    @property
    def names_trump(self) -> bool:
        return self.setup.trump_rule == NAMED

    def offers_for(self, seat: int) -> list[tuple[str, str]]:
        if seat >= self.ruleset.players:  # the dummy never declares
            return []
        labels = {"declare": gettext("Declared"), "reveal": gettext("Revealed")}
        return [(kind, labels[kind]) for kind in self.ruleset.premium_kinds]

    def hidden_allowed(self, seat: int) -> bool:
        return self.ruleset.hidden_bids and seat < self.ruleset.players

    def is_dummy(self, seat: int) -> bool:
        return seat >= self.ruleset.players

    def bid_columns(self, seat: int) -> int:
        """Chips per row of the bid numbers, "Hidden" where the seat may keep it hidden, and the
        switch to bid cards."""
        return chip_columns(len(self.bid_numbers) + (1 if self.hidden_allowed(seat) else 0) + 1)

    @property
    def tricks_columns(self) -> int:
        """Chips per row of the tricks, 0 to every trick of the deal."""
        return chip_columns(self.ruleset.tricks + 1)

    @property
    def card_values(self) -> dict[str, int]:
        """What every three suits bid, as the core counts them ("CDS": 4), keyed by the suits'
        letters in alphabetical order: the deal form shows a bid's value as its cards are tapped."""
        return {"".join(sorted(suits)): bid_from_cards(suits) for suits in combinations_with_replacement(BID_SUITS, 3)}

    @property
    def turn_up_label(self) -> str:
        return TURN_UP_LABELS.get(self.setup.trump_rule) or gettext("Turned-up card")

    @property
    def longest_suit(self) -> int:
        """How many cards of one suit the turned card may be (the Joker aside)."""
        suits = Counter(card[-1] for card in set(self.turn_up_cards) if card != "Joker")
        return max(suits.values(), default=0)

    @property
    def turn_up_at_once(self) -> bool:
        """Whether the grid shows every card at once, each one tap (else: suit, then rank)."""
        return self.longest_suit <= BLOCK_RANKS

    @property
    def turn_up_layout(self) -> str:
        """The grid's class: a suit a line, suits in blocks of three by three, or suit then rank."""
        if not self.turn_up_at_once:
            return "turn-by-suit"
        return "turn-lines" if self.longest_suit <= LINE_RANKS else "turn-blocks"

    @property
    def turned_by_app_label(self) -> str:
        return TURNED_BY_APP.get(self.setup.trump_rule) or gettext("Turned up by the app")

    @property
    def turn_up_hint(self) -> str:
        if self.setup.trump_rule == "pile":
            return gettext("It sets the trump; a Joker means no trump.")
        if self.has_joker:
            return gettext("It sets the trump: a Nine or the Joker means no trump.")
        return gettext("It sets the trump: a Nine means no trump.")

    @property
    def trump_choices(self) -> list[tuple[str, Any]]:
        """The trumps a premium bidder may name, each as its suit sign and name."""
        suits: list[tuple[str, Any]] = [(name, trump_label(name)) for _, name in sorted(SUIT_NAMES.items())]
        return suits + ([("no-trump", gettext("No trump"))] if self.setup.allow_no_trump_call else [])


def table_for(match: Match) -> DealLayout:
    setup = make_setup(match.ruleset, match.options)
    cards: list[str] = []
    if setup.turns_card:
        # Eighteen turns a card of the spare pile; the others a card of the pack dealt from.
        cards = list(pack_preparation(match.ruleset, match.options).aside if setup.trump_rule == PILE else setup.pack)
    return DealLayout(ruleset=setup.ruleset, setup=setup, names=seat_names(match), turn_up_cards=cards)


def turn_up_choices(cards: list[str]) -> dict[str | None, list[tuple[str, str]]]:
    """The turn-up picker's options: "Choose the card…", then the cards grouped by suit in the bid
    order ("♦ Diamonds": "10♦ · 10 of diamonds", …), the Joker last (a new dict: the form may keep it)."""
    return {group: list(options) for group, options in _turn_up_groups(tuple(cards))}


@per_language
def _turn_up_groups(cards: tuple[str, ...]) -> tuple[tuple[str | None, tuple[tuple[str, str], ...]], ...]:
    groups: list[tuple[str | None, tuple[tuple[str, str], ...]]] = [(None, (("", gettext("Choose the card…")),))]
    for suit in BID_SUITS:
        group = tuple((card, f"{card[:-1]}{SUIT_SYMBOLS[suit]} · {card_words(card)}")
                      for card in cards if card != "Joker" and card[-1] == suit)
        if group:
            groups.append((f"{SUIT_SYMBOLS[suit]} {suit_title(suit)}", group))
    if "Joker" in cards:
        groups.append(("Joker", (("Joker", "Joker"),)))
    return tuple(groups)


@dataclass(frozen=True)
class CardChoice:
    """One card of the turned-card grid: its code, what its face says, what a reader says, and
    whether it was turned already in this game (eighteen's pile: marked, and refused on save)."""

    code: str
    rank: str
    words: str
    used: bool = False


@dataclass(frozen=True)
class CardSuit:
    """One row of the turned-card grid: a suit (its letter, or "Joker"), its name, its cards."""

    key: str
    name: str
    cards: list[CardChoice]


def card_grid(cards: list[str], used: frozenset[str] = frozenset()) -> list[CardSuit]:
    """The turned-card grid: the pack's cards by suit in the bid order, then the Joker."""
    rows = [CardSuit(suit, suit_title(suit),
                     [CardChoice(card, card[:-1], card_words(card), card in used)
                      for card in dict.fromkeys(cards) if card != "Joker" and card[-1] == suit])
            for suit in BID_SUITS]
    rows = [row for row in rows if row.cards]
    if "Joker" in cards:
        rows.append(CardSuit("Joker", "Joker", [CardChoice("Joker", "Joker", "Joker", "Joker" in used)]))
    return rows


CARDS, NUMBERS = "cards", "numbers"


def bid_ways(match: Match) -> dict[int, str]:
    """How each seat bid last in this match (a hidden bid says nothing): with bid cards
    (``CARDS``) or a number (``NUMBERS``). The deal form opens each seat's pad that way, so a
    player who bids with suits does not tap the suits' switch every deal."""
    ways: dict[int, str] = {}
    for deal in reversed(match.deals):
        for seat, bid in enumerate(deal.bids):
            if seat not in ways and bid is not None:
                ways[seat] = CARDS if isinstance(bid, list) else NUMBERS
    return ways


def make_form(table: DealLayout, **kwargs: Any) -> DealForm:
    """A deal form with one line per seat (the dummy included)."""

    class MatchSeatForm(SeatForm):
        bid = BidField(lazy_gettext("Bid"), highest=max(table.bid_numbers))
        most_tricks = table.ruleset.tricks

    class MatchDealForm(DealForm):
        seats = FieldList(FormField(MatchSeatForm), min_entries=table.seats, max_entries=table.seats)

    form = MatchDealForm(**kwargs)
    for seat, entry in enumerate(form.seats):
        entry.offer.choices = choices([("", PREMIUM_NONE), *table.offers_for(seat)])
    # Only declared has the field; elsewhere a trump error belongs to the turned card or the top.
    form.named_trump.choices = choices([("", gettext("Not named")), *table.trump_choices]) if table.names_trump else []
    form.turn_up.choices = turn_up_choices(table.turn_up_cards)
    return form


def fill(form: DealForm, deal: Deal) -> None:
    """Put a stored deal into the form, to edit it."""
    premiums = {p["seat"]: p for p in deal.premiums or []}
    for seat, entry in enumerate(form.seats):
        entry.bid.data = bid_text(deal.bids[seat])
        entry.tricks.data = deal.tricks[seat]
        entry.offer.data = premiums[seat]["kind"] if seat in premiums else ""
    form.turn_up.data = deal.turn_up or ""
    named = [p["trump"] for p in premiums.values() if p.get("trump")]
    form.named_trump.data = named[0] if named else (deal.trump or "")


@dataclass(frozen=True)
class ReadDeal:
    deal: DealDocument
    may_raise: tuple[int, ...]  # declarers who may raise to reveal and take the premium


def read(form: DealForm, table: DealLayout, dealer: int) -> ReadDeal:
    """The deal the form describes. The premium goes where the core's priority puts it."""
    offers = [entry.offer.data or None for entry in form.seats]
    award = award_premium(table.ruleset.id, offers, dealer)
    premiums: list[PremiumDocument] = [{"seat": seat, "kind": kind} for seat, kind in award.premiums]
    trump = None
    if table.names_trump and form.named_trump.data:
        # The named suit belongs to the premium; with no premium the core checks it against the
        # trump carried over from the last deal.
        if len(premiums) == 1:
            premiums[0]["trump"] = form.named_trump.data
        else:
            trump = form.named_trump.data
    deal = deal_document([entry.bid.bid for entry in form.seats], [entry.tricks.data for entry in form.seats],
                         premiums, form.turn_up.data if table.turn_up_cards and form.turn_up.data else None, trump)
    return ReadDeal(deal=deal, may_raise=award.may_raise)


def show_error(form: DealForm, table: DealLayout, error: MatchError, number: int) -> None:
    """Put each of the core's messages (the deal's every problem, ``MatchError.every``) next to the
    field it names; anything else goes to the top."""
    for problem in error.every():
        show_one(form, table, problem, number)


def show_one(form: DealForm, table: DealLayout, error: MatchError, number: int) -> None:
    players = table.names[:table.ruleset.players]
    if error.deal not in (None, number):
        form.general_errors.append(problem_words.elsewhere(error, players))
        return
    message = problem_words.beside_field(error, players)
    if error.seat is not None and error.seat < len(form.seats):
        entry = form.seats[error.seat]
        target = {"bids": entry.bid, "tricks": entry.tricks, "premiums": entry.offer}.get(error.field)
        if target is not None:
            target.errors = [*target.errors, message]
            return
    if error.field == "trump" and table.names_trump:
        form.named_trump.errors = [*form.named_trump.errors, message]
    elif error.field in ("turn_up", "trump") and table.turn_up_cards:
        form.turn_up.errors = [*form.turn_up.errors, message]
    else:
        form.general_errors.append(message)
