"""Every ruleset of RULES.md §2 as data: a preset of facts and default options.

There is no class per variant. A ``Ruleset`` says how many play, which pack, how trump is chosen,
which premiums exist and how a deal is scored; ``Setup`` is a ruleset with a match's options applied,
and is what the scoring and dealing functions read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .bids import bid_aliases, bid_numbers
from .cards import FIVE_PLAYER_RANKS, JOKER, NO_TRUMP, SEVEN_TO_ACE, SIX_TO_ACE, STANDARD_PACK, cards_of
from .errors import MatchError
from .words import N_

# How a deal's trump is chosen.
TURN_UP = "turn-up"      # a card turned after the deal: its suit; a Nine or the Joker: no trump
DUMMY = "dummy"          # two-dummy: the dummy's top card, turned the same way
PILE = "pile"            # eighteen: the next card of the 18-card pile; a Joker: no trump
SUCCESSES = "successes"  # by how many made their bid last deal
MISSES = "misses"        # long: by the total amount all players missed by last deal
NAMED = "named"          # declared: named by the premium bidder

# How a deal is scored (RULES.md §1 and "Scoring that differs").
STANDARD = "standard"    # trick points + contract bonus by k + premiums paid by opponents
PARTNERS = "partners"    # four-partners: per side
LONG = "long"            # no trick points; misses cost; premium to or from the bidder alone
SELF_PREMIUM = "self-premium"  # five: standard, but each declarer wins or loses its own premium
STREAK = "streak"        # two-open: trick points + a streak bonus

# Contract bonus by k, the number of players (the dummy included) who made their bid.
BONUS_THREE = MappingProxyType({1: 30, 2: 20, 3: 10})
BONUS_FOUR = MappingProxyType({1: 30, 2: 20, 3: 10, 4: 0})
BONUS_FIVE = MappingProxyType({1: 50, 2: 40, 3: 30, 4: 20, 5: 10})

# four-partners: side 0 is seats 0 and 2, side 1 is seats 1 and 3 (MATCH-FORMAT.md).
PARTNER_SIDES = ((0, 2), (1, 3))

# RULES.md §3: a game of `hundred` or `game-bonus` ends when someone has 100; `game-bonus` adds 100.
GAME_TO = 100
GAME_BONUS = 100


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str                     # Parlett's name, the same in every language (DECISIONS 60)
    summary: str                  # fixed English, marked for the web to translate (words.N_)
    players: int                  # named players
    hand_size: int                # cards dealt to each hand
    tricks: int                   # tricks played in a deal
    pack: tuple[str, ...]         # the cards dealt from (the turn-up among them)
    trump_rule: str
    scoring: str
    premium_kinds: tuple[str, ...]  # () where premiums are not played
    several_premiums: bool = False  # five, two-dummy: every player may declare
    premium_value: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({"declare": 30, "reveal": 60}))
    bonus: Mapping[int, int] = field(default_factory=lambda: BONUS_THREE)
    hidden_bids: bool = True      # may a player who failed keep the bid cards hidden?
    has_dummy: bool = False
    game_points: bool = False     # eighteen: after a match of deals, game points per full 100 [P]
    defaults: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""

    @cached_property  # asked for at every deal of every match scored: worked out once
    def seats(self) -> int:
        """Seats that take tricks: the players and, in two-dummy, the dummy."""
        return self.players + (1 if self.has_dummy else 0)

    @cached_property  # asked for at every deal of every match scored: worked out once
    def has_sides(self) -> bool:
        return self.scoring == PARTNERS

    @cached_property  # asked for at every deal of every match scored: worked out once
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together, one entry per scoring unit: the two sides in four-partners, else
        each seat alone (the dummy included). ``points`` and ``totals`` are per unit."""
        return PARTNER_SIDES if self.has_sides else tuple((seat,) for seat in range(self.seats))

    def unit_of(self, seat: int) -> int:
        """The scoring unit (side or seat) a seat's points go to."""
        return next(unit for unit, seats in enumerate(self.sides) if seat in seats)

    @cached_property  # asked for at every deal of every match scored: worked out once
    def contenders(self) -> tuple[int, ...]:
        """The units that can end a game and win: every side or player, never the dummy [W]."""
        return tuple(unit for unit, seats in enumerate(self.sides) if all(s < self.players for s in seats))

    @property
    def bid_aliases(self) -> dict[int, int]:
        """Bid sizes that also mean a higher number here (0–3 → 10–13 where that many tricks exist)."""
        return bid_aliases(self.tricks)

    @property
    def bid_numbers(self) -> tuple[int, ...]:
        """Every number a bid may be given as: 0–9, and 10–13 where they alias."""
        return bid_numbers(self.tricks)

    @property
    def option_keys(self) -> tuple[str, ...]:
        keys = ["match", "deals", "games_to_win", "target", "no_trump_play"]
        if self.trump_rule in (SUCCESSES, MISSES) or "trump" in self.defaults:
            keys.append("first_trump")
        if "trump" in self.defaults:
            keys.append("trump")
        if self.trump_rule == NAMED:
            keys.append("allow_no_trump_call")
        return tuple(keys)


# RULES.md §2 options: what a missing key means unless the ruleset says otherwise.
DEFAULT_OPTIONS: Mapping[str, Any] = MappingProxyType(
    {"match": "hundred", "deals": 9, "games_to_win": 3, "target": 100, "no_trump_play": "normal"})


def _defaults(**extra: Any) -> Mapping[str, Any]:
    return MappingProxyType(dict(DEFAULT_OPTIONS) | extra)


_FOUR_PACK = STANDARD_PACK + (JOKER,)

RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.id: r for r in (
    Ruleset("classic", "Classic", N_("Three players, 36 cards and a Joker; the turned card sets trump."),
            players=3, hand_size=12, tricks=9, pack=cards_of(SIX_TO_ACE) + (JOKER,),
            trump_rule=TURN_UP, scoring=STANDARD, premium_kinds=("declare", "reveal"),
            defaults=_defaults(), source="Parlett"),
    Ruleset("jokerless", "Jokerless", N_("Three players, 36 cards; trump follows how many made their bid."),
            players=3, hand_size=12, tricks=9, pack=cards_of(SIX_TO_ACE),
            trump_rule=SUCCESSES, scoring=STANDARD, premium_kinds=("declare", "reveal"),
            defaults=_defaults(first_trump="diamonds"), source="Parlett, Fosdick, rules card"),
    Ruleset("declared", "Declared", N_("Three players; a declarer or revealer names the trump."),
            players=3, hand_size=12, tricks=9, pack=cards_of(SIX_TO_ACE),
            trump_rule=NAMED, scoring=STANDARD, premium_kinds=("declare", "reveal"),
            defaults=_defaults(allow_no_trump_call=False), source="Parlett"),
    Ruleset("eighteen", "Eighteen", N_("Three players, 18 deals; a pile of 18 spare cards sets trump."),
            players=3, hand_size=12, tricks=9, pack=cards_of(SIX_TO_ACE),
            trump_rule=PILE, scoring=STANDARD, premium_kinds=("declare", "reveal"), game_points=True,
            defaults=_defaults(match="deals", deals=18), source="Parlett"),
    Ruleset("long", "Long", N_("Three players, 16 cards each, 13 tricks; misses cost points."),
            players=3, hand_size=16, tricks=13, pack=tuple(c for c in STANDARD_PACK if not c.startswith("9")),
            trump_rule=MISSES, scoring=LONG, premium_kinds=("declare", "reveal"), hidden_bids=False,
            defaults=_defaults(first_trump="diamonds"), source="Parlett"),
    Ruleset("four-solo", "Four solo", N_("Four players each for themselves, 52 cards and a Joker."),
            players=4, hand_size=13, tricks=10, pack=_FOUR_PACK,
            trump_rule=TURN_UP, scoring=STANDARD, premium_kinds=("declare", "reveal"), bonus=BONUS_FOUR,
            defaults=_defaults(trump=TURN_UP), source="Parlett, Fosdick, rules card"),
    Ruleset("four-partners", "Four partners", N_("Four players in two sides; bids shown, no premiums."),
            players=4, hand_size=13, tricks=10, pack=_FOUR_PACK,
            trump_rule=TURN_UP, scoring=PARTNERS, premium_kinds=(), hidden_bids=False,
            defaults=_defaults(trump=TURN_UP), source="Parlett"),
    Ruleset("five", "Five", N_("Five players, 60 cards; anyone may declare for 50."),
            players=5, hand_size=12, tricks=9, pack=cards_of(FIVE_PLAYER_RANKS),
            trump_rule=SUCCESSES, scoring=SELF_PREMIUM, premium_kinds=("declare",), several_premiums=True,
            premium_value=MappingProxyType({"declare": 50}), bonus=BONUS_FIVE,
            defaults=_defaults(first_trump=NO_TRUMP), source="Parlett, rules card"),
    Ruleset("two-dummy", "Two with dummy", N_("Two players and a dummy hand that bids blind."),
            players=2, hand_size=12, tricks=9, pack=cards_of(SIX_TO_ACE), has_dummy=True,
            trump_rule=DUMMY, scoring=STANDARD, premium_kinds=("declare",), several_premiums=True,
            defaults=_defaults(), source="Parlett, encyclopedia"),
    Ruleset("two-open", "Two open", N_("Two players, 16 cards each, 13 tricks; success streaks score."),
            players=2, hand_size=16, tricks=13, pack=cards_of(SEVEN_TO_ACE) + (JOKER,),
            trump_rule=TURN_UP, scoring=STREAK, premium_kinds=(),
            defaults=_defaults(match="target", target=99), source="Parlett"),
)})

NOT_SUPPORTED = {
    "point": "Point Ninety-Nine (Counterpoint): the rule texts give no rules for it.",
    "clumond": "Clumond: the rule texts give no rules for it.",
    "naughty-nun": "Naughty Nun: the rule texts give no rules for it.",
}


def get_ruleset(ruleset_id: object) -> Ruleset:
    if isinstance(ruleset_id, str) and ruleset_id in RULESETS:
        return RULESETS[ruleset_id]
    known = ", ".join(RULESETS)
    raise MatchError(f"ruleset: unknown ruleset {ruleset_id!r} (one of {known})", code="ruleset-unknown", field="ruleset",
                     facts={"value": ruleset_id, "known": tuple(RULESETS)})


MATCH_FORMATS = ("deals", "hundred", "game-bonus", "target")
_CHOICES = {
    "first_trump": ("diamonds", NO_TRUMP),
    "trump": (TURN_UP, SUCCESSES),
    "no_trump_play": ("normal", "all-trump"),
    "match": MATCH_FORMATS,
}
# The highest number each counted option takes (the lowest is 1): DECISIONS 13.
OPTION_LIMITS: Mapping[str, int] = MappingProxyType({"deals": 999, "games_to_win": 99, "target": 100_000})
_COUNTS = OPTION_LIMITS

# The ruleset a table of so many players usually plays (the new-match form's first pick).
USUAL_RULESETS: Mapping[int, str] = MappingProxyType({2: "two-dummy", 3: "jokerless", 4: "four-solo", 5: "five"})
DEFAULT_RULESET = USUAL_RULESETS[3]


@dataclass(frozen=True)
class Setup:
    """A ruleset with a match's options applied: everything scoring and dealing need to know."""

    ruleset: Ruleset
    match: str
    deals: int
    games_to_win: int
    target: int
    first_trump: str
    trump_rule: str
    no_trump_play: str
    allow_no_trump_call: bool

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def turns_card(self) -> bool:
        return self.trump_rule in (TURN_UP, DUMMY, PILE)

    @property
    def pack(self) -> tuple[str, ...]:
        """The cards dealt from: four-* with trump by successes drop the Joker."""
        if self.trump_rule == SUCCESSES and self.ruleset.trump_rule == TURN_UP:
            return tuple(c for c in self.ruleset.pack if c != JOKER)
        return self.ruleset.pack

    @property
    def has_joker(self) -> bool:
        return JOKER in self.pack

    @property
    def bonus(self) -> Mapping[int, int]:
        return self.ruleset.bonus

    @property
    def goal(self) -> int | None:
        """The score that ends a game: 100 (`hundred`, `game-bonus`), the target, or None (`deals`)."""
        if self.match == "target":
            return self.target
        return None if self.match == "deals" else GAME_TO

    def options_json(self) -> dict[str, Any]:
        """The options in force, every key the ruleset has, for storing with a match."""
        values = {"match": self.match, "deals": self.deals, "games_to_win": self.games_to_win,
                  "target": self.target, "no_trump_play": self.no_trump_play,
                  "first_trump": self.first_trump, "trump": self.trump_rule,
                  "allow_no_trump_call": self.allow_no_trump_call}
        return {key: values[key] for key in self.ruleset.option_keys}


def make_setup(ruleset: Ruleset | str, options: Mapping[str, Any] | None = None) -> Setup:
    """Apply a document's ``options`` to a ruleset; a missing key takes the ruleset's default."""
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise MatchError("options: must be an object of option keys", code="options-not-an-object", field="options")
    allowed = ruleset.option_keys
    for key in options:
        if key not in allowed:
            raise MatchError(f"options.{key}: {ruleset.id} has no option {key!r} (it has {', '.join(allowed)})",
                             code="option-unknown", field=f"options.{key}",
                             facts={"key": key, "ruleset": ruleset.id, "allowed": allowed})
    values = dict(ruleset.defaults) | dict(options)
    for key, choices in _CHOICES.items():
        if key in options and values[key] not in choices:
            raise MatchError(f"options.{key}: {values[key]!r} is not one of {', '.join(choices)}",
                             code="option-not-a-choice", field=f"options.{key}",
                             facts={"key": key, "value": values[key], "choices": choices})
    for key, most in _COUNTS.items():
        value = values[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise MatchError(f"options.{key}: must be a whole number from 1 to {most}, not {value!r}",
                             code="option-out-of-range", field=f"options.{key}", facts={"key": key, "most": most, "value": value})
    allow_nt = values.get("allow_no_trump_call", False)
    if not isinstance(allow_nt, bool):
        raise MatchError(f"options.allow_no_trump_call: must be true or false, not {allow_nt!r}",
                         code="option-not-true-or-false", field="options.allow_no_trump_call",
                         facts={"key": "allow_no_trump_call", "value": allow_nt})

    trump_rule = ruleset.trump_rule
    if values.get("trump") == SUCCESSES:
        trump_rule = SUCCESSES
    # Four players with trump by successes start at no trump [G][W]; others as the ruleset says.
    default_first = NO_TRUMP if trump_rule == SUCCESSES and ruleset.trump_rule == TURN_UP else "diamonds"
    first_trump = values.get("first_trump") or default_first
    return Setup(ruleset=ruleset, match=values["match"], deals=values["deals"],
                 games_to_win=values["games_to_win"], target=values["target"], first_trump=first_trump,
                 trump_rule=trump_rule, no_trump_play=values["no_trump_play"], allow_no_trump_call=allow_nt)
