"""The rules in words, for a printed sheet's margin, a form's hints and the hand page's bid helper.

Every number in these sentences is read from the core's own data (the rulesets, the scoring
constants, the next-trump tables), so the words cannot drift from what the scorer counts. The
web layer prints them and decides nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .bids import BID_SIZES, bid_aliases
from .cards import BID_VALUE, NO_TRUMP, SUIT_SYMBOLS
from .rulesets import (
    DEFAULT_OPTIONS,
    DUMMY,
    GAME_BONUS,
    GAME_TO,
    LONG,
    MISSES,
    NAMED,
    PARTNERS,
    PILE,
    RULESETS,
    SELF_PREMIUM,
    STREAK,
    SUCCESSES,
    TURN_UP,
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


def alias_text(tricks: int) -> str:
    """What the aliased bids are with ``tricks`` tricks: "", "0 also means 10", "0–3 also mean 10–13"."""
    aliases = bid_aliases(tricks)
    if not aliases:
        return ""
    verb = "means" if len(aliases) == 1 else "mean"
    return f"{_span(list(aliases))} also {verb} {_span(list(aliases.values()))}"


def alias_ranges(tricks: int) -> tuple[str, str] | None:
    """The sizes that alias and what they also mean, as ranges ("0–3", "10–13"); None without aliases."""
    aliases = bid_aliases(tricks)
    return (_span(list(aliases)), _span(list(aliases.values()))) if aliases else None


def bid_sizes_note() -> str:
    """What a bid size is, for statistics that group bids by it."""
    ranges = alias_ranges(max(ruleset.tricks for ruleset in RULESETS.values()))
    alias = f"; a bid of {ranges[1]} counts with {ranges[0]}, the number it aliases" if ranges else ""
    return f"Sizes are the bid cards' value, {bid_sizes_text()}{alias}."


def bid_rule_text(ruleset: Ruleset) -> str:
    """How a bid is made, in one line for a sheet's margin."""
    alias = alias_text(ruleset.tricks)
    text = "Three cards; add up the suits. A made bid: exactly that many tricks"
    text += f" ({alias})." if alias else "."
    if ruleset.hidden_bids:
        text += " A player who failed may keep the cards hidden."
    return text


def bonus_table(ruleset: Ruleset) -> list[tuple[int, int]]:
    """(how many made their bid, the contract bonus each of them adds), where a table says it."""
    if ruleset.scoring in (PARTNERS, LONG, STREAK):
        return []
    return sorted(ruleset.bonus.items())


def scoring_notes(ruleset: Ruleset) -> list[str]:
    """The scoring in short sentences; the first, where there is a bonus table, introduces it."""
    notes: list[str] = []
    value = ruleset.premium_value
    if ruleset.scoring == PARTNERS:
        notes.append(f"Each side scores its tricks, plus {SIDE_BONUS_BOTH} if both partners made their bids, "
                     f"{SIDE_BONUS_ONE} if one did, {SIDE_BONUS_LEVEL} if neither did but the side's tricks "
                     "equal its bids.")
    elif ruleset.scoring == LONG:
        bonus = [ruleset.bonus[k] for k in sorted(ruleset.bonus)]
        notes.append(f"No trick points. A made bid scores {bonus[0]} alone, {bonus[1]} with one other, "
                     f"{bonus[-1]} if all made.")
        ranges = alias_ranges(ruleset.tricks)
        nearer = f" (the nearer of {ranges[0]} and {ranges[1]})" if ranges else ""
        notes.append(f"A missed bid scores minus the tricks it missed by{nearer}.")
        premiums = ", ".join(f"{kind} ±{value[kind]}" for kind in ruleset.premium_kinds)
        notes.append(f"{premiums[:1].upper()}{premiums[1:]}, to or from the bidder alone.")
    elif ruleset.scoring == STREAK:
        notes.append(f"Each trick 1. A made bid adds {STREAK_STEP}, {2 * STREAK_STEP} if the deal before was made "
                     f"too, {3 * STREAK_STEP} for three in a row, and so on; a miss starts again (each game afresh).")
    else:
        notes.append("Each trick 1. A made bid adds the bonus for how many made theirs:")
    if ruleset.premium_kinds and ruleset.scoring != LONG:
        values = " / ".join(f"{kind} {value[kind]}" for kind in ruleset.premium_kinds)
        if ruleset.scoring == SELF_PREMIUM:
            notes.append(f"Premium: {values}, won or lost by each declarer.")
        else:
            notes.append(f"Premium: {values}, to the bidder if made, else to each opponent.")
    if ruleset.has_dummy:
        notes.append(f"The dummy succeeds with its bid or fewer tricks; exactly its bid earns it {DUMMY_EXACT_BONUS}.")
    return notes


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


_TRUMP_TEXT = {
    TURN_UP: "The turned card's suit; a Nine or the Joker: no trump.",
    DUMMY: "The dummy's top card's suit; a Nine: no trump.",
    PILE: "The next trump-pile card's suit; a Joker: no trump.",
    NAMED: "Named by the declarer or revealer; with no premium it stays as last deal.",
}


def trump_text(setup: Setup) -> str | None:
    """Where a deal's trump comes from, where no table says it."""
    return _TRUMP_TEXT.get(setup.trump_rule)


def format_text(options: Mapping[str, Any]) -> str:
    """A match format in words: "100-point games, first to 3 wins", "9 deals", "One game to 99"."""
    values = dict(DEFAULT_OPTIONS) | dict(options)
    match = values["match"]
    if match == "deals":
        deals = values["deals"]
        return f"{deals} deal{'' if deals == 1 else 's'}"
    if match == "target":
        return f"One game to {values['target']}"
    games = values["games_to_win"]
    if match == "game-bonus":
        return f"Games to {GAME_TO} with game bonuses, first to {games} bonus{'es' if games != 1 else ''}"
    if games == 1:
        return f"One game to {GAME_TO}"
    return f"{GAME_TO}-point games, first to {games} wins"


def format_choices() -> list[tuple[str, str, str]]:
    """(format, its name, a sentence about it) for the new-match form, from RULES.md §3."""
    deals = DEFAULT_OPTIONS["deals"]
    return [
        ("hundred", f"Games to {GAME_TO}",
         f"A game ends when someone reaches {GAME_TO}; the first to win so many games wins."),
        ("deals", "A set number of deals",
         f"One game of so many deals ({deals}, {2 * deals} …); the highest total wins."),
        ("game-bonus", f"Games to {GAME_TO} with game bonuses",
         f"Games to {GAME_TO}; {GAME_BONUS} extra for reaching it with a made bid."),
        ("target", "One game to a target score", "One long game: the first to reach the target wins."),
    ]


def goal_label(setup: Setup) -> str | None:
    """The line a chart draws at the score that ends a game: "game to 100", "target 500"."""
    if setup.goal is None:
        return None
    return f"target {setup.goal}" if setup.match == "target" else f"game to {setup.goal}"


@dataclass(frozen=True)
class Reminders:
    """Everything a blank score sheet prints in its margin."""

    bid_values: list[tuple[str, int]]          # (suit letter, value)
    bid_rule: str
    bonus: list[tuple[int, int]]               # (how many made, bonus)
    scoring: list[str]                         # lines; the first introduces the bonus table, if any
    first_trump: str | None
    next_trump: list[tuple[str, str]]          # (how many made, or missed by; trump)
    trump_rule: str
    trump_text: str | None


def reminders(setup: Setup) -> Reminders:
    """The scoring reminders of a blank sheet for a ruleset with a match's options."""
    ruleset = setup.ruleset
    return Reminders(bid_values=bid_card_values(), bid_rule=bid_rule_text(ruleset), bonus=bonus_table(ruleset),
                     scoring=scoring_notes(ruleset), first_trump=first_trump(setup),
                     next_trump=next_trump_table(setup), trump_rule=setup.trump_rule, trump_text=trump_text(setup))
