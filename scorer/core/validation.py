"""Checking one deal of a match document, with messages that name the deal, the field and the player.

The web app shows these same messages next to the field at fault, so they are written for people:
``deal 3: tricks add up to 8, a deal of this ruleset has 9``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .bids import ALIAS_STEP, MAX_CARD_BID, bid_from_cards, highest_bid
from .cards import JOKER, NO_TRUMP, SUIT_NAMES, parse_bid_card, parse_card, parse_trump
from .errors import MatchError, Problem
from .hands import check_dealt_cards
from .rulesets import DUMMY, NAMED, PILE, TURN_UP, Setup
from .trump import trump_of_card

BidAsPlayed = int | tuple[str, ...] | None
SUIT_LETTER_OF = {name: letter for letter, name in SUIT_NAMES.items()}
EIGHTEEN_PILE = tuple(rank + suit for suit in "CDHS" for rank in ("5", "4", "3", "2")) + (JOKER, JOKER)


@dataclass(frozen=True)
class Premium:
    seat: int
    kind: str
    trump: str | None = None  # declared: the suit the premium bidder named

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.trump is not None:
            data["trump"] = self.trump
        return data


@dataclass(frozen=True)
class DealRecord:
    """One deal as played, checked: bids as given (number, bid cards, or None for hidden)."""

    bids: tuple[BidAsPlayed, ...]
    numbers: tuple[int | None, ...]   # the bids resolved to numbers
    tricks: tuple[int, ...]
    premiums: tuple[Premium, ...] = ()
    turn_up: str | None = None
    trump: str | None = None          # the trump as recorded (given, or set by the turn-up)
    named_trump: str | None = None    # declared: named by the premium bidder


class _Deal:
    """Helpers bound to one deal, so each message can say which deal and which player."""

    def __init__(self, setup: Setup, players: Sequence[str], number: int):
        self.setup, self.players, self.number = setup, players, number

    def error(self, field: str, message: str, seat: int | None = None, *, code: str,
              facts: Mapping[str, object] | None = None) -> MatchError:
        """A problem of this deal, its English line beginning with the field's name."""
        return MatchError(f"{field}: {message}", code=code, field=field, deal=self.number, seat=seat, facts=facts)

    def refused(self, field: str, problem: Problem, seat: int | None = None) -> MatchError:
        """A card's or a trump's own problem (``parse_card``, ``parse_trump``) as this deal's."""
        return self.error(field, str(problem), seat, code=problem.code, facts=problem.facts)

    def who(self, seat: int) -> str:
        return self.players[seat] if seat < len(self.players) else "the dummy"

    def per_seat(self, raw: Mapping[str, Any], field: str) -> list[Any]:
        seats = self.setup.ruleset.seats
        values = raw.get(field)
        if values is None:
            raise self.error(field, f"missing; give one entry per seat ({seats})", code="seat-entries-missing",
                             facts={"seats": seats})
        if not isinstance(values, list):
            raise self.error(field, f"must be a list with one entry per seat ({seats})", code="seat-entries-not-a-list",
                             facts={"seats": seats})
        if len(values) != seats:
            dummy = self.setup.ruleset.has_dummy
            raise self.error(field, f"{len(values)} entries given, this ruleset has {seats} seats"
                             + (" (the dummy last)" if dummy else ""), code="seat-entries-count",
                             facts={"given": len(values), "seats": seats, "dummy": dummy})
        return values


@dataclass
class _Problems:
    """Every problem of one deal, so that all are told at once (``MatchError.others``): each check
    that does not need another's result runs even when an earlier one failed."""

    found: list[MatchError] = field(default_factory=list)

    @contextmanager
    def check(self) -> Iterator[None]:
        try:
            yield
        except MatchError as problem:
            self.found.extend(problem.every())

    def raise_any(self) -> None:
        if self.found:
            first = self.found[0]
            first.others = tuple(self.found[1:])
            raise first


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_deal(setup: Setup, players: Sequence[str], raw: Any, number: int) -> DealRecord:
    """Check one deal of a document against the ruleset; raise MatchError naming what is wrong."""
    d = _Deal(setup, players, number)
    if not isinstance(raw, Mapping):
        raise MatchError("must be an object with bids and tricks", code="deal-not-an-object", field="deals", deal=number)

    problems = _Problems()
    tricks: tuple[int, ...] = ()
    premiums: tuple[Premium, ...] = ()
    turn_up = trump = named = None
    with problems.check():
        tricks = _tricks(d, raw, problems)
    told = len(problems.found)
    with problems.check():
        premiums = _premiums(d, raw.get("premiums", []))
    with problems.check():  # the turned card and the trump it sets
        turn_up = _turn_up(d, raw.get("turn_up"))
        trump = _trump(d, raw.get("trump"), turn_up)
    # The bids are read with the premiums, the turned card and the trump: if one of those is wrong,
    # what depends on it (a hidden premium bid, the Joker's suit) waits until it is mended.
    settled = len(problems.found) == told
    with problems.check():
        if settled:
            named = _named_trump(d, premiums, trump)
    bids: tuple[BidAsPlayed, ...] = ()
    numbers: tuple[int | None, ...] = ()
    with problems.check():
        bids, numbers = _bids(d, raw, premiums, turn_up, trump, problems, settled)
    with problems.check():
        if not problems.found:
            _no_card_twice(d, bids, turn_up)
            if raw.get("hands") is not None:
                check_dealt_cards(setup, d.who, d.error, raw["hands"], raw.get("dummy_bid"), bids, numbers, turn_up)
    problems.raise_any()
    if named is not None:
        trump = named
    return DealRecord(bids=bids, numbers=numbers, tricks=tricks, premiums=premiums,
                      turn_up=turn_up, trump=trump, named_trump=named)


def _trump(d: _Deal, raw: Any, turn_up: str | None) -> str | None:
    """The deal's trump as recorded: given, or set by the turned card (which it must agree with)."""
    setup, trump = d.setup, None
    if raw is not None:
        try:
            trump = parse_trump(raw)
        except Problem as err:
            raise d.refused("trump", err) from None
    if turn_up is not None:
        from_card = trump_of_card(setup, turn_up)
        if trump is not None and trump != from_card:
            raise d.error("trump", f"{trump} does not agree with the turned card {turn_up} ({from_card})",
                          code="trump-disagrees-with-card", facts={"trump": trump, "card": turn_up, "card_trump": from_card})
        trump = from_card
    elif setup.turns_card and trump is None:
        pile = setup.trump_rule == PILE
        card = "pile card" if pile else "turned card"
        raise d.error("turn_up", f"record the {card}, or the trump it set", code="turned-card-missing", facts={"pile": pile})
    return trump


def _tricks(d: _Deal, raw: Mapping[str, Any], problems: _Problems) -> tuple[int, ...]:
    per_deal = d.setup.ruleset.tricks
    values = d.per_seat(raw, "tricks")
    for seat, value in enumerate(values):
        with problems.check():
            if not _whole(value) or not 0 <= value <= per_deal:
                raise d.error("tricks", f"{d.who(seat)}'s tricks must be a whole number from 0 to {per_deal}, "
                              f"not {value!r}", seat, code="tricks-out-of-range",
                              facts={"seat": seat, "most": per_deal, "value": value})
    if problems.found:
        return ()
    total = sum(values)
    if total != per_deal:
        raise MatchError(f"tricks add up to {total}, a deal of this ruleset has {per_deal}", code="tricks-total",
                         field="tricks", deal=d.number, facts={"total": total, "tricks": per_deal})
    return tuple(values)


def _premiums(d: _Deal, raw: Any) -> tuple[Premium, ...]:
    rules = d.setup.ruleset
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise d.error("premiums", 'must be a list like [{"seat": 0, "kind": "declare"}]', code="premiums-not-a-list")
    if raw and not rules.premium_kinds:
        raise d.error("premiums", f"{rules.name} has no premium bids", code="no-premiums", facts={"ruleset": rules.id})
    found: list[Premium] = []
    for item in raw:
        if not isinstance(item, Mapping) or not _whole(item.get("seat")):
            raise d.error("premiums", f'each premium is {{"seat": N, "kind": "declare" or "reveal"}}, not {item!r}',
                          code="premium-not-an-object", facts={"value": item})
        seat, kind = item["seat"], item.get("kind")
        if not 0 <= seat < rules.seats:
            raise d.error("premiums", f"seat {seat} does not exist (0 to {rules.seats - 1})",
                          code="premium-seat-out-of-range", facts={"seat": seat, "last": rules.seats - 1})
        if seat >= rules.players:
            raise d.error("premiums", "the dummy cannot declare", seat, code="dummy-cannot-declare")
        if kind not in rules.premium_kinds:
            allowed = " or ".join(rules.premium_kinds)
            raise d.error("premiums", f"{d.who(seat)} cannot {kind!r}: {rules.name} allows {allowed}", seat,
                          code="premium-kind-not-allowed",
                          facts={"seat": seat, "kind": kind, "ruleset": rules.id, "allowed": rules.premium_kinds})
        if any(p.seat == seat for p in found):
            raise d.error("premiums", f"{d.who(seat)} has two premiums", seat, code="premium-twice", facts={"seat": seat})
        named = item.get("trump")
        if named is not None:
            if d.setup.trump_rule != NAMED:
                raise d.error("premiums", "only in declared does the premium bidder name the trump", seat,
                              code="premium-names-trump-only-in-declared", facts={"seat": seat})
            try:
                named = parse_trump(named)
            except Problem as err:
                raise d.refused("premiums", err, seat) from None
        found.append(Premium(seat, kind, named))
    if len(found) > 1 and not rules.several_premiums:
        names = " and ".join(d.who(p.seat) for p in found)
        raise d.error("premiums", f"only one player may declare or reveal in a deal, not {names}", code="one-premium-only",
                      facts={"seats": tuple(p.seat for p in found)})
    return tuple(found)


def _turn_up(d: _Deal, raw: Any) -> str | None:
    setup = d.setup
    if raw is None:
        return None
    if not setup.turns_card:
        by_successes = setup.ruleset.trump_rule == TURN_UP
        raise d.error("turn_up", f"{setup.ruleset.name} turns no card" + (" when trump follows successes" if by_successes else ""),
                      code="turns-no-card", facts={"ruleset": setup.id, "by_successes": by_successes})
    try:
        card = parse_card(raw)
    except Problem as err:
        raise d.refused("turn_up", err) from None
    if setup.trump_rule == PILE:
        if card not in EIGHTEEN_PILE:
            raise d.error("turn_up", f"{card} is not in the trump pile (the 2s to 5s and two Jokers)",
                          code="not-a-pile-card", facts={"card": card})
    elif card not in setup.pack:
        raise d.error("turn_up", f"{card} is not in the {setup.ruleset.name} pack", code="card-not-in-pack",
                      facts={"card": card, "ruleset": setup.id})
    if setup.trump_rule == DUMMY and card == JOKER:
        raise d.error("turn_up", "there is no Joker in this pack", code="no-joker-in-pack")
    return card


def _named_trump(d: _Deal, premiums: tuple[Premium, ...], deal_trump: str | None) -> str | None:
    """declared: the premium bidder names the trump (on the premium or the deal's trump)."""
    if d.setup.trump_rule != NAMED or not premiums:
        return None
    named = premiums[0].trump or deal_trump
    if named is None:
        raise d.error("premiums", f"{d.who(premiums[0].seat)} declared, so name the trump they chose",
                      premiums[0].seat, code="premium-trump-not-named", facts={"seat": premiums[0].seat})
    if premiums[0].trump and deal_trump and premiums[0].trump != deal_trump:
        raise d.error("trump", f"{deal_trump} is not the {premiums[0].trump} the premium bidder named",
                      code="trump-not-the-named", facts={"trump": deal_trump, "named": premiums[0].trump})
    if named == NO_TRUMP and not d.setup.allow_no_trump_call:
        raise d.error("premiums", "this match does not let the premium bidder name no trump",
                      premiums[0].seat, code="no-trump-call-not-allowed", facts={"seat": premiums[0].seat})
    return named


def _joker_suit(d: _Deal, seat: int, turn_up: str | None, trump: str | None) -> str:
    if not d.setup.has_joker:
        raise d.error("bids", f"{d.who(seat)} bid with a Joker, but {d.setup.ruleset.name} is played without one", seat,
                      code="joker-not-in-pack", facts={"seat": seat, "ruleset": d.setup.id})
    if turn_up == JOKER:
        raise d.error("bids", f"{d.who(seat)} bid with the Joker, but the Joker was the turned card", seat,
                      code="joker-was-turned", facts={"seat": seat})
    if turn_up is not None:
        return turn_up
    if trump is not None and trump != NO_TRUMP:
        return SUIT_LETTER_OF[trump]
    raise d.error("bids", f"{d.who(seat)} bid with the Joker: record the turned card, "
                  "whose suit the Joker counts as", seat, code="joker-needs-turned-card", facts={"seat": seat})


def _bids(d: _Deal, raw: Mapping[str, Any], premiums: tuple[Premium, ...], turn_up: str | None,
          trump: str | None, problems: _Problems,
          settled: bool = True) -> tuple[tuple[BidAsPlayed, ...], tuple[int | None, ...]]:
    """Each seat's bid, every seat's problem told (``problems``). Unless ``settled`` (the premiums,
    the turned card and the trump are right), what depends on them is not checked."""
    played: list[BidAsPlayed] = []
    numbers: list[int | None] = []
    for seat, value in enumerate(d.per_seat(raw, "bids")):
        bid, number = value, None
        with problems.check():
            bid, number = _bid(d, seat, value, {p.seat for p in premiums}, turn_up, trump, settled)
        played.append(bid)
        numbers.append(number)
    return tuple(played), tuple(numbers)


def _bid(d: _Deal, seat: int, value: Any, premium_seats: set[int], turn_up: str | None, trump: str | None,
         settled: bool) -> tuple[BidAsPlayed, int | None]:
    setup, rules = d.setup, d.setup.ruleset
    who = d.who(seat)
    if value is None:
        if seat >= rules.players:
            raise d.error("bids", "the dummy's bid cards are always turned up, so its bid cannot be hidden", seat,
                          code="dummy-bid-hidden")
        if not rules.hidden_bids:
            raise d.error("bids", f"{who}'s bid is hidden, but in {rules.name} every bid is shown", seat,
                          code="hidden-bid-not-allowed", facts={"seat": seat, "ruleset": rules.id})
        if settled and seat in premium_seats:
            raise d.error("bids", f"{who} holds the premium, so the bid cannot be hidden", seat,
                          code="premium-bid-hidden", facts={"seat": seat})
        return None, None
    if _whole(value):
        top = highest_bid(rules.tricks)
        if not 0 <= value <= top or (value >= 10 and value - 10 > 3):
            alias = "" if top == 9 else (", or 10 for 0" if top == 10 else f", or 10-{top} for 0-{top - 10}")
            raise d.error("bids", f"{who}'s bid {value} is out of range (0-9{alias})", seat, code="bid-out-of-range",
                          facts={"seat": seat, "bid": value, "most": MAX_CARD_BID, "top": top, "alias": ALIAS_STEP})
        return value, value
    if isinstance(value, list):
        if len(value) != 3:
            raise d.error("bids", f"{who}'s bid cards are {len(value)} cards; a bid is three cards", seat,
                          code="bid-card-count", facts={"seat": seat, "count": len(value)})
        cards = []
        for text in value:
            try:
                card = parse_bid_card(text)
            except Problem as err:
                raise d.error("bids", f"{who}'s bid: {err}", seat, code="bid-not-a-card",
                              facts={"seat": seat, "value": text}) from None
            if len(card) > 1 and card not in setup.pack:
                raise d.error("bids", f"{who}'s bid card {card} is not in the {rules.name} pack", seat,
                              code="bid-card-not-in-pack", facts={"seat": seat, "card": card, "ruleset": rules.id})
            cards.append(card)
        if JOKER in cards and not settled:
            return tuple(cards), None
        joker = _joker_suit(d, seat, turn_up, trump) if JOKER in cards else None
        return tuple(cards), bid_from_cards(cards, joker)
    raise d.error("bids", f"{who}'s bid must be a number, three bid cards or null (hidden), not {value!r}", seat,
                  code="bid-not-a-bid", facts={"seat": seat, "value": value})


def _no_card_twice(d: _Deal, bids: tuple[BidAsPlayed, ...], turn_up: str | None) -> None:
    cards = [c for bid in bids if isinstance(bid, tuple) for c in bid if len(c) > 1]
    if turn_up is not None and d.setup.trump_rule != PILE:
        cards.append(turn_up)
    twice = [card for card, count in Counter(cards).items() if count > 1]
    if twice:
        raise d.error("bids", f"{twice[0]} appears twice in this deal; each card is in the pack once", code="card-twice",
                      facts={"card": twice[0]})
