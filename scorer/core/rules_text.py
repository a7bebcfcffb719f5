"""The rules as facts, for a printed sheet's margin, a form's hints and the hand page's bid helper.

Every figure here is read from the core's own data (the rulesets, the scoring constants, the
next-trump tables), so the words cannot drift from what the scorer counts. The core builds no
sentence: the web words these facts in the page's language (``presentation/rules_words.py``) and
decides nothing. What is here as text has no words: "♦ 0, ♠ 1, ♥ 2, ♣ 3", "0–9", "4–5".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .bids import BID_SIZES, bid_aliases
from .cards import BID_VALUE, NO_TRUMP, SUIT_SYMBOLS
from .rulesets import (
    DEFAULT_OPTIONS,
    GAME_BONUS,
    GAME_TO,
    LONG,
    MISSES,
    NAMED,
    PARTNERS,
    RULESETS,
    STREAK,
    SUCCESSES,
    Ruleset,
    Setup,
)
from .scoring import DUMMY_EXACT_BONUS, SIDE_BONUS_BOTH, SIDE_BONUS_LEVEL, SIDE_BONUS_ONE, STREAK_STEP
from .trump import TRUMP_BY_COUNT, trump_by_misses, trump_by_successes

# RULES.md §1 "The 99": nine tricks + the sole success's bonus + a reveal, the most one deal of the
# three-player game can give, and the game's name.
_THREE = RULESETS["jokerless"]
NINETY_NINE = _THREE.tricks + _THREE.bonus[1] + _THREE.premium_value["reveal"]


def _span(numbers: list[int]) -> str:
    """0 → "0"; 0, 1, 2, 3 → "0–3"."""
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"


def bid_card_values() -> list[tuple[str, int]]:
    """The bid cards' suit values, lowest first: ♦ 0, ♠ 1, ♥ 2, ♣ 3 (RULES.md §1)."""
    return sorted(BID_VALUE.items(), key=lambda item: item[1])


def bid_values_text() -> str:
    """"♦ 0, ♠ 1, ♥ 2, ♣ 3"."""
    return ", ".join(f"{SUIT_SYMBOLS[suit]} {value}" for suit, value in bid_card_values())


def bid_sizes_text() -> str:
    """The bid cards' values as a range: "0–9"."""
    return _span(list(BID_SIZES))


def alias_ranges(tricks: int) -> tuple[str, str] | None:
    """The sizes that alias and what they also mean, as ranges ("0–3", "10–13"); None without aliases."""
    aliases = bid_aliases(tricks)
    return (_span(list(aliases)), _span(list(aliases.values()))) if aliases else None


@dataclass(frozen=True)
class Aliases:
    """The bids that also mean a higher number in a deal of so many tricks: "0–3" also "10–13"."""

    sizes: str   # "0", "0–3"
    means: str   # "10", "10–13"
    count: int   # how many sizes alias (1 or 4)


def aliases_of(tricks: int) -> Aliases | None:
    """The aliased bids with ``tricks`` tricks (None with 9): "0" also means "10", "0–3" also "10–13"."""
    ranges = alias_ranges(tricks)
    return Aliases(ranges[0], ranges[1], len(bid_aliases(tricks))) if ranges else None


def widest_aliases() -> Aliases | None:
    """The aliases of the deal of the most tricks any ruleset plays: what a bid size counts together
    across rulesets (statistics group a bid of 10–13 with 0–3)."""
    return aliases_of(max(ruleset.tricks for ruleset in RULESETS.values()))


def bonus_table(ruleset: Ruleset) -> list[tuple[int, int]]:
    """(how many made their bid, the contract bonus each of them adds), where a table says it."""
    if ruleset.scoring in (PARTNERS, LONG, STREAK):
        return []
    return sorted(ruleset.bonus.items())


@dataclass(frozen=True)
class Scoring:
    """How a ruleset scores a deal, as the figures a sheet's margin words (RULES.md §1–2)."""

    style: str                              # the ruleset's scoring (STANDARD, PARTNERS, LONG, SELF_PREMIUM, STREAK)
    contract: tuple[int, ...]               # a made bid's bonus when 1, 2, … players made theirs
    premiums: tuple[tuple[str, int], ...]   # (kind, value): declare 30, reveal 60
    side_bonus: tuple[int, int, int]        # PARTNERS: both partners made, one did, neither but the tricks equal the bids
    streak: tuple[int, int, int]            # STREAK: a first success, a second in a row, a third
    dummy_exact: int | None                 # a dummy that took exactly its bid (None without a dummy)
    aliases: Aliases | None                 # LONG: a missed bid counts from the nearer of these


def scoring_of(ruleset: Ruleset) -> Scoring:
    """The figures of a ruleset's scoring, for a sheet's margin."""
    return Scoring(style=ruleset.scoring, contract=tuple(ruleset.bonus[k] for k in sorted(ruleset.bonus)),
                   premiums=tuple((kind, ruleset.premium_value[kind]) for kind in ruleset.premium_kinds),
                   side_bonus=(SIDE_BONUS_BOTH, SIDE_BONUS_ONE, SIDE_BONUS_LEVEL),
                   streak=(STREAK_STEP, 2 * STREAK_STEP, 3 * STREAK_STEP),
                   dummy_exact=DUMMY_EXACT_BONUS if ruleset.has_dummy else None, aliases=aliases_of(ruleset.tricks))


def next_trump_table(setup: Setup) -> list[tuple[str, str]]:
    """(how many made their bid, or the tricks missed by; the next trump), for the trump tables."""
    if setup.trump_rule == SUCCESSES:
        rows: list[tuple[list[int], str]] = []
        for k in range(setup.ruleset.seats + 1):
            trump = trump_by_successes(k)
            if rows and rows[-1][1] == trump and trump == NO_TRUMP:
                rows[-1][0].append(k)  # five: 4 or 5 made, no trump
            else:
                rows.append(([k], trump))
        return [(_span(ks), trump) for ks, trump in rows]
    if setup.trump_rule == MISSES:
        top = max(TRUMP_BY_COUNT)
        return [(f"{m}{'+' if m == top else ''}", trump_by_misses(m)) for m in sorted(TRUMP_BY_COUNT)]
    return []


def first_trump(setup: Setup) -> str | None:
    """The first deal's trump of each game, where it does not come from a card."""
    if setup.trump_rule in (SUCCESSES, MISSES):
        return setup.first_trump
    return NO_TRUMP if setup.trump_rule == NAMED else None


@dataclass(frozen=True)
class MatchFormat:
    """A match's format with every figure it needs, a missing option as its default (RULES.md §3)."""

    match: str          # one of MATCH_FORMATS
    deals: int          # "deals": how many
    games_to_win: int   # "hundred", "game-bonus": games (or bonuses) that win
    target: int         # "target": the score that wins
    game_to: int        # "hundred", "game-bonus": the score that ends a game
    bonus: int          # "game-bonus": the bonus for reaching it with a made bid


def match_format(options: Mapping[str, Any]) -> MatchFormat:
    """The format of a match with these options: "100-point games, first to 3 wins" in facts."""
    values = dict(DEFAULT_OPTIONS) | dict(options)
    return MatchFormat(values["match"], values["deals"], values["games_to_win"], values["target"], GAME_TO, GAME_BONUS)


# The order the new-match form offers the formats in (the usual first).
FORMAT_CHOICES = ("hundred", "deals", "game-bonus", "target")


def format_examples() -> tuple[int, int]:
    """A match of a set number of deals, for instance: the usual count and twice it (9, 18)."""
    deals = DEFAULT_OPTIONS["deals"]
    return deals, 2 * deals


@dataclass(frozen=True)
class Reminders:
    """Everything a blank score sheet prints in its margin, as facts (the web words them)."""

    bid_values: list[tuple[str, int]]          # (suit letter, value)
    aliases: Aliases | None                    # the bids that also mean a higher number
    hidden_bids: bool                          # a player who failed may keep the bid cards hidden
    bonus: list[tuple[int, int]]               # (how many made, bonus), where a table says it
    scoring: Scoring
    first_trump: str | None
    next_trump: list[tuple[str, str]]          # (how many made, or missed by; trump)
    trump_rule: str                            # where a deal's trump comes from (Setup.trump_rule)


def reminders(setup: Setup) -> Reminders:
    """The scoring reminders of a blank sheet for a ruleset with a match's options."""
    ruleset = setup.ruleset
    return Reminders(bid_values=bid_card_values(), aliases=aliases_of(ruleset.tricks), hidden_bids=ruleset.hidden_bids,
                     bonus=bonus_table(ruleset), scoring=scoring_of(ruleset), first_trump=first_trump(setup),
                     next_trump=next_trump_table(setup), trump_rule=setup.trump_rule)
