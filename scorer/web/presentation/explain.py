"""A deal explained in a player's words, in the page's language: its points in parts, why its
trump, the rule edges it reached (a tie that plays on, the dummy past the goal, the end of a game or
the match), and what an edit of an earlier deal changes further on. Every fact is the core's
(``Breakdown.parts``, ``DealScore.why``/``edges``, ``compare_scores``); this module only words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list

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
from scorer.web.language import gettext as _
from scorer.web.language import ngettext
from scorer.web.presentation.formatting import format_locale, signed
from scorer.web.presentation.problem_words import trump_name
from scorer.web.presentation.scoreboard import Board, Column

TRUMP_SUIT = {name: letter for letter, name in SUIT_NAMES.items()}


def trump_words(trump: str) -> str:
    """``hearts`` → "♥ hearts"; ``no-trump`` → "no trump"."""
    if trump == NO_TRUMP:
        return _("no trump")
    return _("%(symbol)s %(trump)s", symbol=SUIT_SYMBOLS[TRUMP_SUIT[trump]], trump=trump_name(trump))


def names_label(labels: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy", in the page's language."""
    return format_list(list(labels), locale=format_locale()) if labels else ""


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
    revealed = any(kind == "reveal" for seat, kind in premiums if seat in seats)
    points = signed(part.points)
    if part.kind == TRICKS:
        return ngettext("%(num)s trick", "%(num)s tricks", part.points)
    if part.kind == CONTRACT and part.points < 0:
        return ngettext("%(points)s bid missed by %(num)s trick", "%(points)s bid missed by %(num)s tricks", -part.points,
                        points=points)
    if part.kind == CONTRACT:
        return _("%(points)s bid made (%(made)s of %(players)s made theirs)", points=points, made=sum(deal.made),
                 players=len(deal.made))
    if part.kind == STREAK_BONUS:
        return ngettext("%(points)s bid made %(num)s deal in a row", "%(points)s bid made %(num)s deals in a row", part.count,
                        points=points)
    if part.kind == SIDE_BONUS:
        return _("%(points)s side bonus", points=points)
    if part.kind == PREMIUM and part.points > 0:
        return (_("%(points)s revealed and made it", points=points) if revealed
                else _("%(points)s declared and made it", points=points))
    if part.kind == PREMIUM:
        return _("%(points)s revealed, bid failed", points=points) if revealed else _("%(points)s declared, bid failed", points=points)
    if part.kind == PAID:
        payers = [names[seat] for seat in part.seats]  # the core says who paid
        kinds = {kind for seat, kind in premiums if seat in part.seats}
        who = names_label(payers)
        if kinds == {"declare"}:
            return ngettext("%(points)s paid by %(names)s (failed declaration)", "%(points)s paid by %(names)s (failed declarations)",
                            len(payers), points=points, names=who)
        if kinds == {"reveal"}:
            return ngettext("%(points)s paid by %(names)s (failed revelation)", "%(points)s paid by %(names)s (failed revelations)",
                            len(payers), points=points, names=who)
        return ngettext("%(points)s paid by %(names)s (failed premium)", "%(points)s paid by %(names)s (failed premiums)",
                        len(payers), points=points, names=who)
    if part.kind == GAVE:
        return (_("revealed and failed: %(points)s to each opponent", points=part.count) if revealed
                else _("declared and failed: %(points)s to each opponent", points=part.count))
    if part.kind == EXACT:
        return _("%(points)s bid taken exactly (the dummy’s declaration)", points=points)
    return points  # pragma: no cover - every kind the core gives is worded above


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
        return _("It stays %(trump)s unless a premium bidder names another.", trump=trump_words(upcoming.trump))
    return why_words(upcoming.why, upcoming.trump)


def why_words(why: TrumpWhy, trump: str) -> str | None:
    """A trump's reason in words, for a deal played or the one to come."""
    trump = trump_words(trump)
    if why.kind == NINE:
        return _("A turned Nine means no trump.")
    if why.kind == JOKER_CARD:
        return _("A turned Joker means no trump.")
    if why.kind == FIRST:
        return _("The first deal of a game is played at %(trump)s.", trump=trump)
    if why.kind == BY_SUCCESSES and why.count == 0:
        return _("Nobody made their bid the deal before, so %(trump)s.", trump=trump)
    if why.kind == BY_SUCCESSES:
        return ngettext("%(num)s player made their bid the deal before, so %(trump)s.",
                        "%(num)s players made their bid the deal before, so %(trump)s.", why.count, trump=trump)
    if why.kind == BY_MISSES:
        return ngettext("The bids were missed by %(num)s trick in all the deal before, so %(trump)s.",
                        "The bids were missed by %(num)s tricks in all the deal before, so %(trump)s.", why.count, trump=trump)
    if why.kind == NAMED_BY:
        return _("Named by the premium bidder: %(trump)s.", trump=trump)
    if why.kind == KEPT:
        return _("Nobody named a trump, so it stays %(trump)s.", trump=trump)
    return None


SHARE, WIN, WINS = "share", "win", "wins"


def win_verb(units: Sequence[int], columns: Sequence[Column]) -> str:
    """How the winners take their verb: SHARE for several winners, WIN for one side of partners
    ("Gus & Ivy win"), else WINS; each sentence has its own words for the three."""
    if len(units) > 1:
        return SHARE
    return WIN if any(len(columns[u].seats) > 1 for u in units) else WINS


def match_result(scored: MatchScore, columns: Sequence[Column], match_format: str | None) -> str:
    """"Ann wins the match 3 games to 1", "Ann and Bob share the match with 312"."""
    winners = names_label([columns[u].label for u in scored.winners])
    if not winners:
        return _("Nobody wins the match.")
    verb = win_verb(scored.winners, columns)
    contenders = [u for u, col in enumerate(columns) if col.contender]
    others = [u for u in contenders if u not in scored.winners]
    if match_format == "hundred":
        best = scored.games_won[scored.winners[0]]
        second = max((scored.games_won[u] for u in others), default=0)
        return {
            WINS: ngettext("%(names)s wins the match %(num)s game to %(second)s.",
                           "%(names)s wins the match %(num)s games to %(second)s.", best, names=winners, second=second),
            WIN: ngettext("%(names)s win the match %(num)s game to %(second)s.",
                          "%(names)s win the match %(num)s games to %(second)s.", best, names=winners, second=second),
            SHARE: ngettext("%(names)s share the match %(num)s game to %(second)s.",
                            "%(names)s share the match %(num)s games to %(second)s.", best, names=winners, second=second),
        }[verb]
    best = scored.grand_totals[scored.winners[0]]
    if not others:
        return {WINS: _("%(names)s wins the match with %(best)s.", names=winners, best=best),
                WIN: _("%(names)s win the match with %(best)s.", names=winners, best=best),
                SHARE: _("%(names)s share the match with %(best)s.", names=winners, best=best)}[verb]
    second = max(scored.grand_totals[u] for u in others)
    return {WINS: _("%(names)s wins the match %(best)s to %(second)s.", names=winners, best=best, second=second),
            WIN: _("%(names)s win the match %(best)s to %(second)s.", names=winners, best=best, second=second),
            SHARE: _("%(names)s share the match %(best)s to %(second)s.", names=winners, best=best, second=second)}[verb]


def edge_notes(deal: DealScore, scored: MatchScore, columns: Sequence[Column], names: Sequence[str],
               goal: int | None, match_format: str | None) -> list[str]:
    """The banners for the rule edges this deal reached, in a player's words."""
    notes = []
    edges = deal.edges
    if edges.tied_at_goal:
        tied = names_label([columns[u].label for u in edges.tied_at_goal])
        notes.append(_("%(names)s are level at %(total)s: a game tied at the top plays on until one of them leads after a deal.",
                       names=tied, total=deal.totals[edges.tied_at_goal[0]]))
    if edges.dummy_past_goal:
        dummy = next(u for u, col in enumerate(columns) if not col.contender)
        notes.append(_("The dummy has %(total)s, past %(goal)s, but the dummy never wins: the game goes on.",
                       total=deal.totals[dummy], goal=goal))
    if edges.dummy_under:
        seat = len(names) - 1
        took, bid = deal.breakdown[seat].tricks, deal.bids[seat]
        notes.append(ngettext("The dummy took %(num)s trick for a bid of %(bid)s and made it: a dummy succeeds unless it takes "
                              "more tricks than its bid.",
                              "The dummy took %(num)s tricks for a bid of %(bid)s and made it: a dummy succeeds unless it "
                              "takes more tricks than its bid.", took, bid=bid))
    if deal.ends_match:
        notes.append(_("This deal ends the match: %(result)s", result=match_result(scored, columns, match_format)))
    elif deal.ends_game:
        game = scored.game_of(deal)
        who = names_label([columns[u].label for u in game.winners])
        if not who:
            notes.append(_("This deal ends game %(game)s: nobody wins it.", game=deal.game))
        else:
            notes.append({WINS: _("This deal ends game %(game)s: %(names)s wins it.", game=deal.game, names=who),
                          WIN: _("This deal ends game %(game)s: %(names)s win it.", game=deal.game, names=who),
                          SHARE: _("This deal ends game %(game)s: %(names)s share it.", game=deal.game, names=who),
                          }[win_verb(game.winners, columns)])
    if deal.ends_game:
        game = scored.game_of(deal)
        bonus = [f"{columns[u].label} {signed(b)}" for u, b in enumerate(game.bonus) if b]
        if bonus:
            notes.append(_("Game bonus, added to game %(game)s: %(bonuses)s.", game=deal.game, bonuses=", ".join(bonus)))
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
            lines.append(_("Deal %(deal)s is back to %(trump)s, the trump it was played with.", deal=t.deal,
                           trump=trump_words(t.now)))
        else:
            lines.append(_("Deal %(deal)s was played at %(played)s; the rules now give %(trump)s.", deal=t.deal,
                           played=trump_words(t.played), trump=trump_words(t.now)))
    for g in diff.games:
        if g.ended_before != g.ended_after:
            if g.ended_after is None:
                lines.append(_("Game %(game)s no longer ends at deal %(before)s.", game=g.game, before=g.ended_before))
            elif g.ended_before is None:
                lines.append(_("Game %(game)s now ends at deal %(after)s.", game=g.game, after=g.ended_after))
            else:
                lines.append(_("Game %(game)s now ends at deal %(after)s, not deal %(before)s.", game=g.game,
                               after=g.ended_after, before=g.ended_before))
        if g.winners_before != g.winners_after and g.winners_after:
            lines.append(_game_winners(g.game, names_label([columns[u].label for u in g.winners_after]),
                                       names_label([columns[u].label for u in g.winners_before]),
                                       win_verb(g.winners_after, columns)))
    m = diff.match
    if m is not None:
        if m.ended_after is None:
            lines.append(_("The match is no longer over: more deals can be recorded."))
        elif m.ended_before is None:
            lines.append(_("The match now ends at deal %(after)s.", after=m.ended_after))
        elif m.ended_before != m.ended_after:
            lines.append(_("The match now ends at deal %(after)s, not deal %(before)s.", after=m.ended_after,
                           before=m.ended_before))
        if m.winners_after and m.winners_before != m.winners_after:
            who = names_label([columns[u].label for u in m.winners_after])
            lines.append({WINS: _("%(names)s now wins the match.", names=who),
                          WIN: _("%(names)s now win the match.", names=who),
                          SHARE: _("%(names)s now share the match.", names=who)}[win_verb(m.winners_after, columns)])
    return lines


def _game_winners(game: int, who: str, was: str, verb: str) -> str:
    """"Bob now wins game 2 (was Ann)."."""
    if was:
        return {WINS: _("%(names)s now wins game %(game)s (was %(was)s).", names=who, game=game, was=was),
                WIN: _("%(names)s now win game %(game)s (was %(was)s).", names=who, game=game, was=was),
                SHARE: _("%(names)s now share game %(game)s (was %(was)s).", names=who, game=game, was=was)}[verb]
    return {WINS: _("%(names)s now wins game %(game)s.", names=who, game=game),
            WIN: _("%(names)s now win game %(game)s.", names=who, game=game),
            SHARE: _("%(names)s now share game %(game)s.", names=who, game=game)}[verb]


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
