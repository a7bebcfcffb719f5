"""Between the deal form and a deal of the match document: what the form shows for a match's
ruleset, reading a filled form into a deal, filling the form from a stored deal, and putting
the core's messages beside the fields they are about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wtforms import FieldList, FormField

from scorer.core import NAMED, PILE, MatchError, Ruleset, Setup, award_premium, make_setup, pack_preparation
from scorer.web.document_types import DealDocument, PremiumDocument
from scorer.web.documents import message as error_message
from scorer.web.forms import choices
from scorer.web.models import Deal, Match
from scorer.web.play.forms import DealForm, SeatForm, bid_text
from scorer.web.play.scoreboard import seat_names
from scorer.web.templating import BID_SUITS

TRUMP_CHOICES = [("clubs", "♣"), ("diamonds", "♦"), ("hearts", "♥"), ("spades", "♠")]


@dataclass(frozen=True)
class Table:
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
        labels = {"declare": "Declared", "reveal": "Revealed"}
        return [(kind, labels[kind]) for kind in self.ruleset.premium_kinds]

    def hidden_allowed(self, seat: int) -> bool:
        return self.ruleset.hidden_bids and seat < self.ruleset.players

    @property
    def trump_choices(self) -> list[tuple[str, str]]:
        extra = [("no-trump", "No trump")] if self.setup.allow_no_trump_call else []
        return TRUMP_CHOICES + extra


def table_for(match: Match) -> Table:
    setup = make_setup(match.ruleset, match.options)
    cards: list[str] = []
    if setup.turns_card:
        # Eighteen turns a card of the spare pile; the others a card of the pack dealt from.
        cards = list(pack_preparation(match.ruleset, match.options).aside if setup.trump_rule == PILE else setup.pack)
    return Table(ruleset=setup.ruleset, setup=setup, names=seat_names(match), turn_up_cards=cards)


def turn_up_groups(cards: list[str]) -> list[tuple[str, list[str]]]:
    """The cards for the turn-up picker, grouped by suit in the bid order, the Joker last."""
    groups = [(suit, [c for c in cards if c != "Joker" and c[-1] == suit]) for suit in BID_SUITS]
    groups = [(suit, group) for suit, group in groups if group]
    if "Joker" in cards:
        groups.append(("Joker", ["Joker"]))
    return groups


def make_form(table: Table, **kwargs: Any) -> DealForm:
    """A deal form with one line per seat (the dummy included)."""

    class MatchDealForm(DealForm):
        seats = FieldList(FormField(SeatForm), min_entries=table.seats, max_entries=table.seats)

    form = MatchDealForm(**kwargs)
    for seat, entry in enumerate(form.seats):
        entry.offer.choices = choices([("", "None"), *table.offers_for(seat)])
    # Only declared has the field; elsewhere a trump error belongs to the turned card or the top.
    form.named_trump.choices = choices([("", "Not named"), *table.trump_choices]) if table.names_trump else []
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


def read(form: DealForm, table: Table, dealer: int) -> ReadDeal:
    """The deal the form describes. The premium goes where the core's priority puts it."""
    offers = [entry.offer.data or None for entry in form.seats]
    award = award_premium(table.ruleset.id, offers, dealer)
    premiums: list[PremiumDocument] = [{"seat": seat, "kind": kind} for seat, kind in award.premiums]
    deal: DealDocument = {
        "bids": [entry.bid.bid for entry in form.seats],
        "tricks": [entry.tricks.data for entry in form.seats],
        "premiums": premiums,
    }
    if table.turn_up_cards and form.turn_up.data:
        deal["turn_up"] = form.turn_up.data
    if table.names_trump and form.named_trump.data:
        # The named suit belongs to the premium; with no premium the core checks it against the
        # trump carried over from the last deal.
        if len(premiums) == 1:
            premiums[0]["trump"] = form.named_trump.data
        else:
            deal["trump"] = form.named_trump.data
    return ReadDeal(deal=deal, may_raise=award.may_raise)


def show_error(form: DealForm, table: Table, error: MatchError, number: int) -> None:
    """Put the core's message next to the field it names; anything else goes to the top."""
    if error.deal not in (None, number):
        form.general_errors.append(f"That would make deal {error.deal} wrong: {error_message(error)}")
        return
    message = error_message(error)
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
