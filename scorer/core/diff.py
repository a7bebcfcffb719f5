"""What an edit of an earlier deal changes further on: two scorings of one match compared.

The web scores the match as stored and with the edited deal in place, and shows this answer before
the edit is saved (and says it again once it is): a later deal's trump, where a game ends, who won
a game, where and how the match ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .match import MatchScore


@dataclass(frozen=True)
class TrumpChange:
    deal: int          # counting every deal of the match, from 1
    played: str        # the trump the deal was played with (where kept; else the one it was scored at)
    before: str        # the trump the rules gave it before the edit
    now: str           # the trump the rules give it after the edit


@dataclass(frozen=True)
class GameChange:
    game: int
    ended_before: int | None  # the deal (of the match) that ended the game, None if it had not ended
    ended_after: int | None
    winners_before: tuple[int, ...]
    winners_after: tuple[int, ...]


@dataclass(frozen=True)
class MatchChange:
    ended_before: int | None  # the deal that ended the match, None if it was not over
    ended_after: int | None
    winners_before: tuple[int, ...]
    winners_after: tuple[int, ...]


@dataclass(frozen=True)
class ScoreDiff:
    trumps: tuple[TrumpChange, ...] = ()
    games: tuple[GameChange, ...] = ()
    match: MatchChange | None = None
    totals_changed: bool = False  # some later running total moves

    @property
    def empty(self) -> bool:
        return not (self.trumps or self.games or self.match)


def game_ends(scored: MatchScore) -> dict[int, int]:
    """Each ended game's number and the deal of the match that ended it."""
    return {deal.game: number for number, deal in enumerate(scored.deals, start=1) if deal.ends_game}


def compare_scores(before: MatchScore, after: MatchScore, edited: int,
                   played: Sequence[str | None] = ()) -> ScoreDiff:
    """What scoring ``after`` instead of ``before`` changes beyond deal ``edited`` itself.

    ``played`` holds the trump each deal was played with where it was kept (None where not): a
    later deal whose trump the edit changes is named with the trump it was played with.
    """
    trumps = []
    for number in range(edited + 1, min(len(before.deals), len(after.deals)) + 1):
        kept = played[number - 1] if number <= len(played) else None
        was, now = before.deals[number - 1].trump, after.deals[number - 1].trump
        if was != now:
            trumps.append(TrumpChange(number, kept if kept is not None else was, was, now))
    ends_before, ends_after = game_ends(before), game_ends(after)
    games = []
    for game in sorted(set(ends_before) | set(ends_after) | {g.number for g in after.games}):
        win_before = _winners(before, game)
        win_after = _winners(after, game)
        if ends_before.get(game) != ends_after.get(game) or win_before != win_after:
            games.append(GameChange(game, ends_before.get(game), ends_after.get(game), win_before, win_after))
    match = None
    end_before = len(before.deals) if before.finished else None
    end_after = len(after.deals) if after.finished else None
    if end_before != end_after or before.winners != after.winners:
        match = MatchChange(end_before, end_after, before.winners, after.winners)
    totals_changed = any(b.totals != a.totals for b, a in zip(before.deals[edited:], after.deals[edited:], strict=False))
    return ScoreDiff(tuple(trumps), tuple(games), match, totals_changed)


def _winners(scored: MatchScore, game: int) -> tuple[int, ...]:
    if game <= len(scored.games) and scored.games[game - 1].finished:
        return scored.games[game - 1].winners
    return ()
