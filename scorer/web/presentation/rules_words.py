"""The rules in the page's language: a printed sheet's margin, a match's format, the new-match
form's formats and summaries, the hand page's bid helper, a chart's goal line, a pack's note.

The core gives the facts (``scorer.core.rules_text``: every figure read from the rulesets and the
scoring constants; ``Ruleset.summary`` and a pack's fixed note as English marked for translation)
and this module words them. It decides nothing: what it chooses between is the core's own
(a scoring style, a trump rule, a match format), never a ruleset's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.core import (
    BID_CARDS_WORDS,
    DUMMY,
    FORMAT_CHOICES,
    JOKER,
    LONG,
    NAMED,
    PARTNERS,
    PILE,
    SELF_PREMIUM,
    STREAK,
    TURN_UP,
    Aliases,
    PackPreparation,
    Reminders,
    Ruleset,
    Scoring,
    Setup,
    aliases_of,
    bid_sizes_text,
    format_examples,
    match_format,
    widest_aliases,
)
from scorer.core import reminders as core_reminders
from scorer.web.language import gettext as _
from scorer.web.language import ngettext
from scorer.web.presentation.problem_words import premium_kind


def summary(ruleset: Ruleset) -> str:
    """A ruleset's summary in the page's language (its name is Parlett's in every language)."""
    return _(ruleset.summary)


def bid_cards_words() -> str:
    """How many cards a bid is, in words: "three cards"."""
    return _(BID_CARDS_WORDS)


# ------------------------------------------------------------------------------ bids

def alias_words(aliases: Aliases | None) -> str:
    """What the aliased bids are: "", "0 also means 10", "0–3 also mean 10–13"."""
    if aliases is None:
        return ""
    return ngettext("%(sizes)s also means %(means)s", "%(sizes)s also mean %(means)s", aliases.count,
                    sizes=aliases.sizes, means=aliases.means)


def alias_text(tricks: int) -> str:
    """The aliased bids of a deal of ``tricks`` tricks, for the bid helper."""
    return alias_words(aliases_of(tricks))


def bid_sizes_note() -> str:
    """What a bid size is, for statistics that group bids by it."""
    aliases = widest_aliases()
    if aliases is None:
        return _("Sizes are the bid cards' value, %(sizes)s.", sizes=bid_sizes_text())
    return _("Sizes are the bid cards' value, %(sizes)s; a bid of %(means)s counts with %(aliased)s, the number it aliases.",
             sizes=bid_sizes_text(), means=aliases.means, aliased=aliases.sizes)


def bid_rule(aliases: Aliases | None, hidden_bids: bool) -> str:
    """How a bid is made, in a line for a sheet's margin."""
    if aliases is None:
        text = _("Three cards; add up the suits. A made bid: exactly that many tricks.")
    else:
        text = _("Three cards; add up the suits. A made bid: exactly that many tricks (%(aliases)s).",
                 aliases=alias_words(aliases))
    if hidden_bids:
        text = _("%(rule)s A player who failed may keep the cards hidden.", rule=text)
    return text


# ------------------------------------------------------------------------------ scoring

def scoring_lines(scoring: Scoring) -> list[str]:
    """The scoring in short sentences; the first, where there is a bonus table, introduces it."""
    lines: list[str] = []
    if scoring.style == PARTNERS:
        both, one, level = scoring.side_bonus
        lines.append(_("Each side scores its tricks, plus %(both)s if both partners made their bids, %(one)s if one did, "
                       "%(level)s if neither did but the side's tricks equal its bids.", both=both, one=one, level=level))
    elif scoring.style == LONG:
        lines.append(_("No trick points. A made bid scores %(alone)s alone, %(pair)s with one other, %(all)s if all made.",
                       alone=scoring.contract[0], pair=scoring.contract[1], all=scoring.contract[-1]))
        if scoring.aliases is None:
            lines.append(_("A missed bid scores minus the tricks it missed by."))
        else:
            lines.append(_("A missed bid scores minus the tricks it missed by (the nearer of %(sizes)s and %(means)s).",
                           sizes=scoring.aliases.sizes, means=scoring.aliases.means))
        premiums = ", ".join(_("%(kind)s ±%(points)s", kind=premium_kind(kind), points=value)
                             for kind, value in scoring.premiums)
        lines.append(_("%(premiums)s, to or from the bidder alone.", premiums=premiums[:1].upper() + premiums[1:]))
    elif scoring.style == STREAK:
        first, second, third = scoring.streak
        lines.append(_("Each trick 1. A made bid adds %(first)s, %(second)s if the deal before was made too, %(third)s for "
                       "three in a row, and so on; a miss starts again (each game afresh).",
                       first=first, second=second, third=third))
    else:
        lines.append(_("Each trick 1. A made bid adds the bonus for how many made theirs:"))
    if scoring.premiums and scoring.style != LONG:
        values = " / ".join(_("%(kind)s %(points)s", kind=premium_kind(kind), points=value) for kind, value in scoring.premiums)
        if scoring.style == SELF_PREMIUM:
            lines.append(_("Premium: %(values)s, won or lost by each declarer.", values=values))
        else:
            lines.append(_("Premium: %(values)s, to the bidder if made, else to each opponent.", values=values))
    if scoring.dummy_exact is not None:
        lines.append(_("The dummy succeeds with its bid or fewer tricks; exactly its bid earns it %(points)s.",
                       points=scoring.dummy_exact))
    return lines


def trump_text(trump_rule: str) -> str | None:
    """Where a deal's trump comes from, where no table says it."""
    words = {
        TURN_UP: _("The turned card's suit; a Nine or the Joker: no trump."),
        DUMMY: _("The dummy's top card's suit; a Nine: no trump."),
        PILE: _("The next trump-pile card's suit; a Joker: no trump."),
        NAMED: _("Named by the declarer or revealer; with no premium it stays as last deal."),
    }
    return words.get(trump_rule)


@dataclass(frozen=True)
class SheetReminders:
    """Everything a blank score sheet prints in its margin, worded (the core's ``Reminders``)."""

    bid_values: list[tuple[str, int]]          # (suit letter, value)
    bid_rule: str
    bonus: list[tuple[int, int]]               # (how many made, bonus)
    scoring: list[str]                         # lines; the first introduces the bonus table, if any
    first_trump: str | None
    next_trump: list[tuple[str, str]]          # (how many made, or missed by; trump)
    trump_rule: str
    trump_text: str | None


def sheet_reminders(facts: Reminders) -> SheetReminders:
    return SheetReminders(bid_values=facts.bid_values, bid_rule=bid_rule(facts.aliases, facts.hidden_bids),
                          bonus=facts.bonus, scoring=scoring_lines(facts.scoring), first_trump=facts.first_trump,
                          next_trump=facts.next_trump, trump_rule=facts.trump_rule, trump_text=trump_text(facts.trump_rule))


def reminders(setup: Setup) -> SheetReminders:
    """The scoring reminders of a blank sheet for a ruleset with a match's options, worded."""
    return sheet_reminders(core_reminders(setup))


# ------------------------------------------------------------------------------ match formats

def format_words(options: dict[str, Any]) -> str:
    """A match format in words: "100-point games, first to 3 wins", "9 deals", "One game to 99"."""
    fmt = match_format(options)
    if fmt.match == "deals":
        return ngettext("%(num)s deal", "%(num)s deals", fmt.deals)
    if fmt.match == "target":
        return _("One game to %(target)s", target=fmt.target)
    if fmt.match == "game-bonus":
        return ngettext("Games to %(goal)s with game bonuses, first to %(num)s bonus",
                        "Games to %(goal)s with game bonuses, first to %(num)s bonuses", fmt.games_to_win, goal=fmt.game_to)
    if fmt.games_to_win == 1:
        return _("One game to %(goal)s", goal=fmt.game_to)
    return ngettext("%(goal)s-point games, first to %(num)s wins", "%(goal)s-point games, first to %(num)s wins",
                    fmt.games_to_win, goal=fmt.game_to)


def format_choices() -> list[tuple[str, str, str]]:
    """(format, its name, a sentence about it) for the new-match form, from RULES.md §3."""
    fmt = match_format({})
    few, more = format_examples()
    words = {
        "hundred": (_("Games to %(goal)s", goal=fmt.game_to),
                    _("A game ends when someone reaches %(goal)s; the first to win so many games wins.", goal=fmt.game_to)),
        "deals": (_("A set number of deals"),
                  _("One game of so many deals (%(few)s, %(more)s …); the highest total wins.", few=few, more=more)),
        "game-bonus": (_("Games to %(goal)s with game bonuses", goal=fmt.game_to),
                       _("Games to %(goal)s; %(bonus)s extra for reaching it with a made bid.", goal=fmt.game_to,
                         bonus=fmt.bonus)),
        "target": (_("One game to a target score"), _("One long game: the first to reach the target wins.")),
    }
    return [(key, *words[key]) for key in FORMAT_CHOICES]


def goal_label(setup: Setup) -> str | None:
    """The line a chart draws at the score that ends a game: "game to 100", "target 500"."""
    if setup.goal is None:
        return None
    if setup.match == "target":
        return _("target %(goal)s", goal=setup.goal)
    return _("game to %(goal)s", goal=setup.goal)


# ------------------------------------------------------------------------------ the pack

def pack_note(prepared: PackPreparation) -> str:
    """How to make a ruleset's pack from a standard one, in a sentence: the core's fixed note in
    the page's language, or what to take out and add, worded from the figures."""
    if not prepared.plain:
        return _(prepared.note)
    ranks = prepared.removed_ranks
    size = len(prepared.pack)
    if ranks:
        taken = (_("the %(low)ss to %(high)ss", low=ranks[0], high=ranks[-1]) if len(ranks) > 1
                 else _("the %(rank)ss", rank=ranks[0]))
        if prepared.add == (JOKER,):
            return ngettext("Take out %(ranks)s and add a Joker: %(num)s card.", "Take out %(ranks)s and add a Joker: %(num)s cards.",
                            size, ranks=taken)
        if prepared.add:
            return ngettext("Take out %(ranks)s and add %(cards)s: %(num)s card.", "Take out %(ranks)s and add %(cards)s: %(num)s cards.",
                            size, ranks=taken, cards=", ".join(prepared.add))
        return ngettext("Take out %(ranks)s: %(num)s card.", "Take out %(ranks)s: %(num)s cards.", size, ranks=taken)
    if prepared.add == (JOKER,):
        return ngettext("Add a Joker: %(num)s card.", "Add a Joker: %(num)s cards.", size)
    if prepared.add:
        return ngettext("Add %(cards)s: %(num)s card.", "Add %(cards)s: %(num)s cards.", size, cards=", ".join(prepared.add))
    return ngettext("Use a standard pack as it is: %(num)s card.", "Use a standard pack as it is: %(num)s cards.", size)
