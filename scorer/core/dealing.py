"""Dealing the cards for every ruleset (RULES.md §4): the pack, the shuffle, the hands, the turn-up.

A seed makes a deal repeatable; without one the seed is drawn from the operating system's
randomness (``secrets``), so nobody can predict the deal, and it is returned so the deal can be
replayed afterwards.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cards import JOKER, STANDARD_PACK, multiset_difference, sort_hand
from .errors import MatchError
from .rulesets import DUMMY, MISSES, PILE, TURN_UP, Setup, make_setup
from .trump import trump_of_card
from .validation import EIGHTEEN_PILE
from .words import N_

MAX_SEED = 2**63 - 1
PILE_SIZE = len(EIGHTEEN_PILE)  # eighteen: a 19th deal of a game starts a new pile


@dataclass(frozen=True)
class PackPreparation:
    """How to make a ruleset's pack from a standard 52-card pack."""

    ruleset: str
    pack: tuple[str, ...]    # every card dealt from (the turn-up among them)
    remove: tuple[str, ...]  # take these out of a standard pack
    add: tuple[str, ...]     # and add these
    aside: tuple[str, ...]   # kept apart to set trump (long's Nines, eighteen's pile)
    note: str                # in English (the command line's JSON): fixed (words.N_), or from the figures
    plain: bool = True       # the note says only what to take out and add (the web words it from the figures)

    @property
    def removed_ranks(self) -> tuple[str, ...]:
        """The ranks taken out of a standard pack, lowest first: ("2", "3", "4", "5")."""
        return tuple(sorted({card[:-1] for card in self.remove}, key=lambda rank: int(rank) if rank.isdigit() else 99))

    def to_json(self) -> dict[str, Any]:
        return {"pack_size": len(self.pack), "remove": list(self.remove), "add": list(self.add),
                "aside": list(self.aside), "note": self.note}


_NOTES = {
    "eighteen": N_("Use a 54-card pack with two Jokers: the 2s to 5s and both Jokers make the 18-card trump "
                   "pile; the 36 cards from 6 to Ace are dealt."),
    "long": N_("Take out the four Nines and lay them apart: they show the trump."),
    "five": N_("Add the 11s and 12s of a 60-card Five Hundred pack, or two extra ranks from an identical "
               "pack (Sevens and Eights are best) to stand in for them."),
}


def pack_preparation(ruleset_id: str, options: Mapping[str, Any] | None = None) -> PackPreparation:
    setup = make_setup(ruleset_id, options)
    aside: tuple[str, ...] = ()
    if setup.trump_rule == PILE:
        aside = EIGHTEEN_PILE
    elif setup.trump_rule == MISSES:
        aside = tuple(c for c in STANDARD_PACK if c.startswith("9"))
    remove = tuple(c for c in STANDARD_PACK if c not in setup.pack)
    add = tuple(multiset_difference(setup.pack + aside, STANDARD_PACK))
    prepared = PackPreparation(setup.id, setup.pack, remove, add, aside, "")
    fixed = _NOTES.get(setup.id)
    return replace(prepared, note=fixed, plain=False) if fixed else replace(prepared, note=_plain_note(prepared))


def _plain_note(prepared: PackPreparation) -> str:
    remove, add, size, ranks = prepared.remove, prepared.add, len(prepared.pack), prepared.removed_ranks
    parts = []
    if remove:
        parts.append(f"take out the {ranks[0]}s to {ranks[-1]}s" if len(ranks) > 1 else f"take out the {ranks[0]}s")
    if add:
        parts.append("add a Joker" if add == (JOKER,) else "add " + ", ".join(add))
    action = " and ".join(parts) if parts else "use a standard pack as it is"
    return f"{action[0].upper()}{action[1:]}: {size} cards."


@dataclass(frozen=True)
class DealtCards:
    ruleset: str
    seed: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]   # one per seat, the dummy last, each sorted
    turn_up: str | None
    trump: str | None
    dummy_bid: tuple[str, ...] | None
    preparation: PackPreparation
    pile: tuple[int, int] | None = None      # eighteen: (the deal's number in its game, the pile's seed)
    options: tuple[tuple[str, str], ...] = ()  # options that change the deal, as KEY=VALUE

    def to_json(self) -> dict[str, Any]:
        found = {"ruleset": self.ruleset, "seed": self.seed, "dealer": self.dealer,
                 "hands": [list(h) for h in self.hands], "turn_up": self.turn_up, "trump": self.trump,
                 "dummy_bid": list(self.dummy_bid) if self.dummy_bid is not None else None,
                 "pack": self.preparation.to_json()}
        if self.pile is not None:
            found["deal"], found["pile_seed"] = self.pile
        return found

    def command_parts(self) -> tuple[str, ...]:
        """The command line that deals these cards again, as the command and each option with its value."""
        words = [f"python -m scorer deal {self.ruleset}", f"--seed {self.seed}", f"--dealer {self.dealer}"]
        if self.pile is not None:
            words += [f"--deal {self.pile[0]}", f"--pile-seed {self.pile[1]}"]
        words += [f"--option {key}={value}" for key, value in self.options]
        return tuple(words)

    def command(self) -> str:
        """The command line that deals these cards again (MATCH-FORMAT.md, "Dealing")."""
        return " ".join(self.command_parts())


def new_seed() -> int:
    return secrets.randbits(63)


def keyed_seed(typed: int, key: str) -> int:
    """The seed an app deals from when a person types ``typed``: the typed number mixed with the
    server's secret ``key`` (HMAC-SHA-256). A typed seed is a number a person picks (a year, 2024,
    12345), which anyone holding one hand could find by trying seeds with this open code until the
    hand matches, and then know every other hand; mixed with a key the players do not have, it tells
    them nothing. The same typed seed with the same key deals the same cards again.

    >>> keyed_seed(2024, "k") == keyed_seed(2024, "k") != keyed_seed(2024, "other key")
    True
    """
    digest = hmac.new(key.encode(), f"typed-seed:{typed}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for one part of a match or a deal set (``"deal", 4``), the same every time for the same seed.

    >>> derive_seed(7, "deal", 1) == derive_seed(7, "deal", 1) != derive_seed(7, "deal", 2)
    True
    """
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 1) of a match or a deal set dealt from ``seed``."""
    return derive_seed(seed, "deal", number)


def game_pile_seed(seed: int, position: int) -> int:
    """eighteen: the seed of the pile that deal ``position`` (from 1) of a game turns its card from.

    A game's pile is shuffled from one seed (the seed of the game's first deal, or a deal set's
    seed); deal n turns card n of it, and a 19th deal starts a new pile (RULES.md §2).
    """
    return derive_seed(seed, "pile", (position - 1) // PILE_SIZE)


def pile_card(pile_seed: int, position: int) -> str:
    """eighteen: the card deal ``position`` (from 1) of a game turns from the pile shuffled by ``pile_seed``."""
    return pile_order(pile_seed)[(position - 1) % PILE_SIZE]


def virtual_turn_up(ruleset_id: str, seed: int | None = None, options: Mapping[str, Any] | None = None) -> str:
    """A turned card for a table whose real pack lacks the Joker or the spare card.

    The card is drawn from the whole of the rules' pack, so no trump (a Nine or the Joker) and each
    suit come up exactly as often as with the rules' own pack.
    """
    setup = make_setup(ruleset_id, options)
    if not setup.turns_card:
        raise MatchError(f"turn_up: {setup.ruleset.name} turns no card", code="deal-turns-no-card", field="turn_up",
                         facts={"ruleset": setup.id})
    rng = random.Random(new_seed() if seed is None else seed)
    if setup.trump_rule == PILE:
        return rng.choice(EIGHTEEN_PILE)
    return rng.choice(setup.pack)


def pile_order(seed: int) -> tuple[str, ...]:
    """eighteen: the 18-card trump pile, shuffled once; deal n of the game turns card n."""
    pile = list(EIGHTEEN_PILE)
    random.Random(seed).shuffle(pile)
    return tuple(pile)


def _check_seed(seed: object, field: str = "seed") -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise MatchError(f"{field}: must be a whole number from 0 to {MAX_SEED}, not {seed!r}", code="seed-out-of-range",
                         field=field, facts={"most": MAX_SEED, "value": seed})


def deal_cards(ruleset_id: str, seed: int | None = None, dealer: int = 0,
               options: Mapping[str, Any] | None = None, deal: int = 1,
               pile_seed: int | None = None) -> DealtCards:
    """Shuffle the ruleset's pack and deal one card at a time from the dealer's left.

    ``deal`` is the deal's number in its game and ``pile_seed`` the seed of that game's trump pile
    (``game_pile_seed`` of the game's first deal's seed; by default of ``seed``): together they
    pick eighteen's turned card, and no other ruleset reads them.
    """
    setup = make_setup(ruleset_id, options)
    rules = setup.ruleset
    if seed is None:
        seed = new_seed()
    _check_seed(seed)
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise MatchError(f"deal: must be a deal number from 1, not {deal!r}", code="deal-number-not-whole", field="deal",
                         facts={"value": deal})
    if pile_seed is None:
        pile_seed = game_pile_seed(seed, deal)
    _check_seed(pile_seed, "pile_seed")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise MatchError(f"dealer: must be a seat from 0 to {rules.players - 1}, not {dealer!r}", code="dealer-out-of-range",
                         field="dealer", facts={"last": rules.players - 1, "value": dealer})

    rng = random.Random(seed)
    pack = list(setup.pack)
    rng.shuffle(pack)
    seats = rules.seats
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    hands: list[list[str]] = [[] for _ in range(seats)]
    dealt = rules.hand_size * seats
    for position, card in enumerate(pack[:dealt]):
        hands[order[position % seats]].append(card)
    left = pack[dealt:]

    turn_up, dummy_bid = _set_aside(setup, hands, left)
    if setup.trump_rule == PILE:
        turn_up = pile_card(pile_seed, deal)
    trump = trump_of_card(setup, turn_up) if turn_up is not None else None
    pile = (deal, pile_seed) if setup.trump_rule == PILE else None
    return DealtCards(rules.id, seed, dealer, tuple(tuple(sort_hand(h)) for h in hands), turn_up, trump,
                      tuple(sort_hand(dummy_bid)) if dummy_bid is not None else None,
                      pack_preparation(rules.id, setup.options_json()), pile,
                      _changed_options(setup))


def _changed_options(setup: Setup) -> tuple[tuple[str, str], ...]:
    """The options that change which cards are dealt, where they differ from the ruleset's defaults."""
    defaults = make_setup(setup.ruleset).options_json()
    return tuple((key, str(value)) for key, value in setup.options_json().items()
                 if key in _DEALING_OPTIONS and value != defaults.get(key))


_DEALING_OPTIONS = ("trump",)  # four-*: trump by successes deals 52 cards, no Joker turned


def _set_aside(setup: Setup, hands: list[list[str]], left: list[str]) -> tuple[str | None, list[str] | None]:
    """The card turned for trump, and the dummy's three bid cards, as the ruleset lays them aside."""
    if setup.trump_rule == TURN_UP:
        assert len(left) == 1, "a turn-up ruleset leaves exactly one card"
        return left[0], None
    if setup.trump_rule == PILE:
        return None, None  # the game's pile, not this shuffle, gives the card (deal_cards)
    if setup.trump_rule == DUMMY:
        # The dummy's hand is a face-down pile: its top card (the last dealt) is turned for trump
        # and stays in its hand; the next three are set aside unseen as its bid.
        dummy = hands[-1]
        top, bid = dummy[-1], dummy[-4:-1]
        hands[-1] = dummy[:-4] + [top]
        return top, bid
    assert not left, "every card is dealt"
    return None, None
