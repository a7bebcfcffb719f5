"""What the deal form shows of a deal before and after it is saved: the preview panel (the core's
figures for the deal, its parts, the rule edges it reaches, what an edit changes further on), the
trump in the form's heading, and the sentence a save ends with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list

from scorer.core import NAMED, DealScore, MatchScore, NextDeal, OffHand, ScoreDiff, compare_scores
from scorer.web.data import card_store
from scorer.web.data.document_types import DealDocument
from scorer.web.data.models import DealtDeal, Match
from scorer.web.language import gettext, ngettext
from scorer.web.presentation import explain, scoreboard
from scorer.web.presentation.formatting import format_locale


@dataclass(frozen=True)
class Preview:
    """What the preview panel shows of one deal, every figure the core's."""

    deal: DealScore
    columns: list[scoreboard.Column]
    names: list[str]
    tricks: list[int]
    holders: list[tuple[str, str]]  # (name, "declare" | "reveal")
    may_raise: list[str]
    ends_game: bool
    finished: bool
    winners: str
    shared: bool  # the game's win is shared
    parts: list[explain.UnitParts]  # each unit's points in parts
    notes: list[str]                # the rule edges the deal reaches, in words
    changes: list[str]              # an edit: what it changes beyond the deal (later trumps, games, the match)
    trump_reason: str | None = None

    @property
    def holders_text(self) -> str:
        """Who holds the premium, and how: "Ann declared", "Ann revealed, Bob declared"."""
        return ", ".join(gettext("%(name)s revealed", name=name) if kind == "reveal"
                         else gettext("%(name)s declared", name=name) for name, kind in self.holders)


def build(match: Match, number: int, deal: DealDocument, may_raise: tuple[int, ...], after: MatchScore,
          before: MatchScore | None = None) -> Preview:
    """The deal's points as the core scored them, for the preview panel; with ``before`` (the match
    as stored) and an earlier deal, also what the edit changes further on."""
    scored = after.deals[number - 1]
    game = after.game_of(scored)
    names = scoreboard.seat_names(match)
    columns = scoreboard.columns(match)
    holders = [(names[p["seat"]], p["kind"]) for p in deal["premiums"]]
    goal, match_format = explain.game_goal(match.ruleset, match.options), match.options.get("match")
    editing = number <= len(match.deals)  # an earlier deal, not the next one
    changes = edit_changes(match, number, before, after) if before is not None and editing else []
    return Preview(deal=scored, columns=columns, names=names, tricks=deal["tricks"], holders=holders,
                   may_raise=[names[s] for s in may_raise], ends_game=after.ends_game(number),
                   finished=after.finished, winners=scoreboard.winners_label([columns[u].label for u in game.winners]),
                   shared=len(game.winners) > 1, parts=explain.deal_parts(scored, columns, names),
                   notes=explain.edge_notes(scored, after, columns, names, goal, match_format), changes=changes,
                   trump_reason=explain.trump_reason(scored))


def of_stored(match: Match, number: int, scored: MatchScore) -> Preview:
    """Deal ``number``'s points as saved (an edit's form before any change, a lost race's deal)."""
    return build(match, number, match.deals[number - 1].as_json(), (), scored)


def edit_changes(match: Match, number: int, before: MatchScore, after: MatchScore) -> list[str]:
    """What an edit of deal ``number`` changes beyond it, in words (the core compares the two
    scorings, with the trump each deal was played with as kept now)."""
    return diff_words(match, compare_scores(before, after, number, [deal.played_trump for deal in match.deals]))


def diff_words(match: Match, diff: ScoreDiff | None) -> list[str]:
    """What a write said an edit changed further on (the core's ``ScoreDiff``), in words."""
    return explain.diff_lines(diff, scoreboard.columns(match)) if diff is not None else []


@dataclass(frozen=True)
class HeaderTrump:
    """The trump the deal form's heading shows, and whether a premium bidder may still name another."""

    trump: str | None
    unless_named: bool = False


def header_trump(match: Match, context: DealScore | NextDeal | None, dealt: DealtDeal | None, editing: bool) -> HeaderTrump:
    """The trump the deal form's heading shows: the recorded one when editing, else the one the
    app's turned card sets, else the one the core expects (which a premium bidder may still name
    in declared); None until the card is turned at the table."""
    if context is None:
        return HeaderTrump(None)
    if editing:
        return HeaderTrump(context.trump)
    if dealt is not None and dealt.turn_up:
        return HeaderTrump(card_store.trump_of(match.ruleset, match.options, dealt.turn_up))
    return HeaderTrump(context.trump, unless_named=isinstance(context, NextDeal) and context.trump_source == NAMED)


def saved_message(match: Match, number: int, editing: bool, diff: ScoreDiff | None, after: MatchScore,
                  before: MatchScore | None) -> str:
    """"Deal 4 saved.", or what an edit changed: the later trumps, games and match it moved (the
    write's ``ScoreDiff``, worded here)."""
    changed = diff_words(match, diff)
    if not editing:
        return gettext("Deal %(number)s saved.", number=number)
    later = len(after.deals) - number
    if changed:
        return gettext("Deal %(number)s changed. %(changes)s", number=number, changes=" ".join(changed))
    # The deals whose running totals moved: those of the edited deal's game after it (a later
    # game starts again from 0, so its totals do not move).
    moved = 0 if before is None else sum(
        b.totals != a.totals for b, a in zip(before.deals[number:], after.deals[number:], strict=False))
    if moved:
        return ngettext("Deal %(number)s changed; the running totals of the deal after it moved. "
                        "No trump, game or winner changes.",
                        "Deal %(number)s changed; the running totals of the %(num)s deals after it moved. "
                        "No trump, game or winner changes.", moved, number=number)
    if later:
        return gettext("Deal %(number)s changed. Nothing after it changes.", number=number)
    return gettext("Deal %(number)s changed.", number=number)


def off_hand_words(off_hand: Sequence[OffHand], names: Sequence[str], number: int) -> str:
    """The warning a save of deal ``number`` ends with where bids given as numbers cannot come
    from the hands the app dealt (the write's ``off_hand``, the core's ``bids_off_hand``): each
    player, the bid and what the hand could bid; "" if none."""
    if not off_hand:
        return ""
    lines = [gettext("%(name)s bid %(bid)s, but with the hand the app dealt, %(name)s could bid only %(allowed)s.",
                     name=names[off.seat], bid=off.bid, allowed=bids_words(off.allowed)) for off in off_hand]
    lines.append(gettext("Saved as entered: if a bid is wrong, edit deal %(number)s.", number=number))
    return " ".join(lines)


def bids_words(bids: Sequence[int]) -> str:
    """Bids, lowest first, as a reader takes them in: runs of three or more as a range ("0–7"),
    the rest one by one: "0–7", "0, 3 or 6", "0–3 or 10–13"."""
    runs: list[list[int]] = []
    for bid in bids:
        if runs and bid == runs[-1][-1] + 1:
            runs[-1].append(bid)
        else:
            runs.append([bid])
    parts: list[str] = []
    for run in runs:
        parts.extend([f"{run[0]}–{run[-1]}"] if len(run) > 2 else [str(bid) for bid in run])
    return format_list(parts, style="or", locale=format_locale()) if parts else ""


def face_down_words() -> str:
    """Bid cards of the dummy still face down, where a bid is recorded or previewed."""
    return gettext("The dummy’s bid cards are still face down: turn them up (the button beside its bid) "
                   "before its bid is recorded or its points previewed.")


def taken_words(number: int, here: bool) -> str:
    """A new deal's form whose deal was saved first with other figures (``writes.deals.Taken``):
    from another phone, or (``here``) from this one, by another page or an earlier send."""
    if here:
        return gettext("Deal %(number)s has already been saved with other figures, from this phone already, by "
                       "another page or an earlier send, so these were not saved. Deal %(number)s as it was saved is "
                       "shown below; the figures sent are still in the form: send them to replace the saved ones, or "
                       "go back to the scores to keep them.", number=number)
    return gettext("Deal %(number)s has already been saved with other figures, from another phone a moment before "
                   "yours, so these were not saved. Deal %(number)s as it was saved is shown below; the figures sent "
                   "are still in the form: send them to replace the saved ones, or go back to the scores to keep "
                   "them.", number=number)


def private_bid_words(seat: int, face_down: bool, names: list[str]) -> str:
    """The one answer to bid cards the form may not take while a deal's cards are private
    (``writes.deals.PrivateBid``), the same whatever the cards are."""
    if face_down:
        return face_down_words()
    return gettext("%(name)s’s bid cards can only come from %(name)s’s own phone (“Show my bid cards” on the "
                   "hand page). Enter the bid as a number, or hidden.", name=names[seat])
