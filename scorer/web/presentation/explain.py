"""A deal explained in a player's words: its points in parts, why its trump, the rule edges it
reached (a tie that plays on, the dummy past the goal, the end of a game or the match), and what
an edit of an earlier deal changes further on. Every fact is the core's (``Breakdown.parts``,
``DealScore.why``/``edges``, ``compare_scores``); this module only words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.core import (
    BY_MISSES,
    BY_SUCCESSES,
    CONTRACT,
    EXACT,
    FIRST,
    GAVE,
    JOKER_CARD,
    KEPT,
    NAMED_BY,
    NINE,
    NO_TRUMP,
    PAID,
    PREMIUM,
    SIDE_BONUS,
    STREAK_BONUS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TRICKS,
    DealScore,
    MatchScore,
    NextDeal,
    Part,
    ScoreDiff,
    TrumpWhy,
    make_setup,
)
from scorer.web.presentation.formatting import signed
from scorer.web.presentation.scoreboard import Board, Column, plural, winners_label

TRUMP_SUIT = {name: letter for letter, name in SUIT_NAMES.items()}


def trump_words(trump: str) -> str:
    """``hearts`` → "♥ hearts"; ``no-trump`` → "no trump"."""
    if trump == NO_TRUMP:
        return "no trump"
    return f"{SUIT_SYMBOLS[TRUMP_SUIT[trump]]} {trump}"


@dataclass(frozen=True)
class UnitParts:
    """One scoring unit's points of one deal, part by part, in words."""

    label: str
    parts: list[str]
    points: int
    total: int
    contender: bool

    @property
    def total_text(self) -> str:
        """The running total with a real minus sign, as the points beside it have."""
        return f"−{-self.total}" if self.total < 0 else str(self.total)


def part_words(part: Part, deal: DealScore, seats: Sequence[int], names: Sequence[str]) -> str:
    """One part in words: "2 tricks", "+20 bid made (2 made theirs)", "+30 paid by Ann's failed declaration"."""
    premiums = deal.premiums
    own = "revealed" if any(kind == "reveal" for seat, kind in premiums if seat in seats) else "declared"
    if part.kind == TRICKS:
        return plural(part.points, "trick")
    if part.kind == CONTRACT and part.points < 0:
        return f"{signed(part.points)} bid missed by {plural(-part.points, 'trick')}"
    if part.kind == CONTRACT:
        return f"{signed(part.points)} bid made ({sum(deal.made)} of {len(deal.made)} made theirs)"
    if part.kind == STREAK_BONUS:
        return f"{signed(part.points)} bid made {plural(part.count, 'deal')} in a row"
    if part.kind == SIDE_BONUS:
        return f"{signed(part.points)} side bonus"
    if part.kind == PREMIUM:
        return f"{signed(part.points)} {own}" + (" and made it" if part.points > 0 else ", bid failed")
    if part.kind == PAID:
        payers = [names[seat] for seat in part.seats]  # the core says who paid
        whose = winners_label(payers) if payers else plural(part.count, "failed declarer")
        kinds = {kind for seat, kind in premiums if seat in part.seats}
        what = {frozenset({"declare"}): "declaration", frozenset({"reveal"}): "revelation"}.get(frozenset(kinds), "premium")
        return f"{signed(part.points)} paid by {whose} (failed {what}{'s' if len(payers) > 1 else ''})"
    if part.kind == GAVE:
        return f"{own} and failed: {part.count} to each opponent"
    if part.kind == EXACT:
        return f"{signed(part.points)} bid taken exactly (the dummy’s declaration)"
    return f"{signed(part.points)}"  # pragma: no cover - every kind the core gives is worded above


def deal_parts(deal: DealScore, columns: Sequence[Column], names: Sequence[str]) -> list[UnitParts]:
    """Each unit's points in parts, adding up to its points (the core's ``Breakdown.parts``)."""
    return [UnitParts(label=col.label, parts=[part_words(p, deal, col.seats, names) for p in breakdown.parts],
                      points=deal.points[unit], total=deal.totals[unit], contender=col.contender)
            for unit, (col, breakdown) in enumerate(zip(columns, deal.unit_breakdown, strict=True))]


def trump_reason(deal: DealScore) -> str | None:
    """Why the deal had its trump, where a player might wonder (None where nothing needs saying)."""
    return why_words(deal.why, deal.trump)


def next_trump_reason(upcoming: NextDeal) -> str | None:
    """Why the next deal's trump is known before its cards are seen (the core's ``NextDeal.why``):
    the first deal of a game, the deal before's bids, or kept until a premium bidder names another.
    None where a card still to be turned decides."""
    if upcoming.why is None or upcoming.trump is None:
        return None
    if upcoming.why.kind == KEPT:
        return f"It stays {trump_words(upcoming.trump)} unless a premium bidder names another."
    return why_words(upcoming.why, upcoming.trump)


def why_words(why: TrumpWhy, trump: str) -> str | None:
    """A trump's reason in words, for a deal played or the one to come."""
    if why.kind == NINE:
        return "A turned Nine means no trump."
    if why.kind == JOKER_CARD:
        return "A turned Joker means no trump."
    if why.kind == FIRST:
        return f"The first deal of a game is played at {trump_words(trump)}."
    if why.kind == BY_SUCCESSES:
        who = "Nobody" if why.count == 0 else plural(why.count, "player")
        return f"{who} made their bid the deal before, so {trump_words(trump)}."
    if why.kind == BY_MISSES:
        return f"The bids were missed by {plural(why.count, 'trick')} in all the deal before, so {trump_words(trump)}."
    if why.kind == NAMED_BY:
        return f"Named by the premium bidder: {trump_words(trump)}."
    if why.kind == KEPT:
        return f"Nobody named a trump, so it stays {trump_words(trump)}."
    return None


def win_verb(units: Sequence[int], columns: Sequence[Column]) -> str:
    """"share" for several winners, "win" for one side of partners ("Gus & Ivy win"), else "wins"."""
    if len(units) > 1:
        return "share"
    return "win" if any(len(columns[u].seats) > 1 for u in units) else "wins"


def match_result(scored: MatchScore, columns: Sequence[Column], match_format: str | None) -> str:
    """"Ann wins the match 3 games to 1", "Ann and Bob share the match with 312"."""
    winners = [columns[u].label for u in scored.winners]
    if not winners:
        return "Nobody wins the match."
    verb = f"{win_verb(scored.winners, columns)} the match"
    contenders = [u for u, col in enumerate(columns) if col.contender]
    others = [u for u in contenders if u not in scored.winners]
    if match_format == "hundred":
        best = scored.games_won[scored.winners[0]]
        second = max((scored.games_won[u] for u in others), default=0)
        return f"{winners_label(winners)} {verb} {plural(best, 'game')} to {second}."
    best = scored.grand_totals[scored.winners[0]]
    if not others:
        return f"{winners_label(winners)} {verb} with {best}."
    second = max(scored.grand_totals[u] for u in others)
    return f"{winners_label(winners)} {verb} {best} to {second}."


def edge_notes(deal: DealScore, scored: MatchScore, columns: Sequence[Column], names: Sequence[str],
               goal: int | None, match_format: str | None) -> list[str]:
    """The banners for the rule edges this deal reached, in a player's words."""
    notes = []
    edges = deal.edges
    if edges.tied_at_goal:
        tied = winners_label([columns[u].label for u in edges.tied_at_goal])
        notes.append(f"{tied} are level at {deal.totals[edges.tied_at_goal[0]]}: a game tied at the top "
                     f"plays on until one of them leads after a deal.")
    if edges.dummy_past_goal:
        dummy = next(u for u, col in enumerate(columns) if not col.contender)
        notes.append(f"The dummy has {deal.totals[dummy]}, past {goal}, but the dummy never wins: the game goes on.")
    if edges.dummy_under:
        seat = len(names) - 1
        took, bid = deal.breakdown[seat].tricks, deal.bids[seat]
        notes.append(f"The dummy took {plural(took, 'trick')} for a bid of {bid} and made it: a dummy succeeds "
                     "unless it takes more tricks than its bid.")
    if deal.ends_match:
        notes.append(f"This deal ends the match: {match_result(scored, columns, match_format)}")
    elif deal.ends_game:
        game = scored.game_of(deal)
        who = [columns[u].label for u in game.winners]
        won = f"{winners_label(who)} {win_verb(game.winners, columns)} it" if who else "nobody wins it"
        notes.append(f"This deal ends game {deal.game}: {won}.")
    if deal.ends_game:
        game = scored.game_of(deal)
        bonus = [f"{columns[u].label} {signed(b)}" for u, b in enumerate(game.bonus) if b]
        if bonus:
            notes.append(f"Game bonus, added to game {deal.game}: {', '.join(bonus)}.")
    return notes


def game_goal(ruleset: str, options: dict[str, object]) -> int | None:
    """The score a game is played to, where the format has one (the core's ``Setup.goal``)."""
    return make_setup(ruleset, dict(options)).goal


# ------------------------------------------------------------------------ what an edit changes

def diff_lines(diff: ScoreDiff, columns: Sequence[Column]) -> list[str]:
    """What an edit changes beyond the deal itself, one line each: later trumps, game ends and
    winners, the end of the match."""
    lines = []
    for t in diff.trumps:
        if t.now == t.played:
            lines.append(f"Deal {t.deal} is back to {trump_words(t.now)}, the trump it was played with.")
        else:
            lines.append(f"Deal {t.deal} was played at {trump_words(t.played)}; the rules now give {trump_words(t.now)}.")
    for g in diff.games:
        if g.ended_before != g.ended_after:
            if g.ended_after is None:
                lines.append(f"Game {g.game} no longer ends at deal {g.ended_before}.")
            elif g.ended_before is None:
                lines.append(f"Game {g.game} now ends at deal {g.ended_after}.")
            else:
                lines.append(f"Game {g.game} now ends at deal {g.ended_after}, not deal {g.ended_before}.")
        if g.winners_before != g.winners_after and g.winners_after:
            who = winners_label([columns[u].label for u in g.winners_after])
            was = winners_label([columns[u].label for u in g.winners_before])
            lines.append(f"{who} now {win_verb(g.winners_after, columns)} game {g.game}"
                         + (f" (was {was})." if was else "."))
    m = diff.match
    if m is not None:
        if m.ended_after is None:
            lines.append("The match is no longer over: more deals can be recorded.")
        elif m.ended_before is None:
            lines.append(f"The match now ends at deal {m.ended_after}.")
        elif m.ended_before != m.ended_after:
            lines.append(f"The match now ends at deal {m.ended_after}, not deal {m.ended_before}.")
        if m.winners_after and m.winners_before != m.winners_after:
            who = winners_label([columns[u].label for u in m.winners_after])
            lines.append(f"{who} now {win_verb(m.winners_after, columns)} the match.")
    return lines


# ------------------------------------------------------------------------------ one deal

@dataclass(frozen=True)
class Explained:
    """Deal ``number`` explained: its points in parts, its trump and why, the edges it reached."""

    number: int               # counting every deal of the match
    game: int
    trump: str
    played_trump: str | None  # the trump it was played with, where the rules now give another
    trump_reason: str | None
    units: list[UnitParts]
    notes: list[str]


def explain(board: Board, scored: MatchScore, number: int) -> Explained:
    """Deal ``number`` of the board's match, every fact the core's."""
    deal = scored.deals[number - 1]
    row = board.row(number)
    goal = game_goal(board.match.ruleset, board.match.options)
    match_format = board.match.options.get("match")
    return Explained(number=number, game=deal.game, trump=deal.trump,
                     played_trump=row.played_trump if row else None, trump_reason=trump_reason(deal),
                     units=deal_parts(deal, board.columns, board.seat_names),
                     notes=edge_notes(deal, scored, board.columns, board.seat_names, goal, match_format))
