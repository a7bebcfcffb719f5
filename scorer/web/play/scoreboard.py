"""The scoreboard as templates want it: the core's ``MatchScore`` regrouped by game, with
names in place of seat numbers. Every figure is copied from the core's answer, none computed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from scorer.core import MatchScore, NextDeal, Ruleset, get_ruleset
from scorer.web.cards import card_store
from scorer.web.models import Match

DUMMY = "Dummy"


@dataclass(frozen=True)
class Column:
    """One scoring unit: a player (or the dummy), or in four-partners a side."""

    label: str
    seats: tuple[int, ...]
    contender: bool = True  # the dummy scores but never wins


@dataclass(frozen=True)
class SeatLine:
    name: str
    bid: int | None          # the bid as the core resolved it; None when kept hidden
    cards: list[str] | None  # the bid cards as recorded, when given as cards
    tricks: int
    made: bool
    premium: str | None      # "declare" / "reveal"


@dataclass
class DealRow:
    number: int              # counting every deal of the match; the form and URLs use it
    game: int
    in_game: int             # the core's deal number within its game
    dealer: str
    leader: str
    trump: str
    turn_up: str | None
    seats: list[SeatLine]
    points: list[int]
    totals: list[int]
    all_trump: bool = False


@dataclass
class GameView:
    number: int
    totals: list[int]
    bonus: list[int]
    winners: list[str]
    winner_units: list[int]
    finished: bool
    rows: list[DealRow] = field(default_factory=list)


@dataclass
class Board:
    match: Match
    ruleset: Ruleset
    seat_names: list[str]
    columns: list[Column]
    games: list[GameView]
    grand_totals: list[int]
    games_won: list[int]
    game_points: list[int] | None
    next: NextDeal | None
    finished: bool
    winners: list[str]
    winner_units: list[int]
    last_row: DealRow | None

    @property
    def deals_played(self) -> int:
        return len(self.match.deals)

    @property
    def current_game(self) -> GameView | None:
        """The game being played; None between games (the next one has no deals yet)."""
        if self.games and not self.games[-1].finished:
            return self.games[-1]
        return None

    @property
    def just_ended(self) -> GameView | None:
        """The game the last deal ended, for the end-of-game screen."""
        if self.games and self.games[-1].finished:
            return self.games[-1]
        return None


class Seated(Protocol):
    """What the seat names and columns are read from: a stored match, or a blank sheet's table."""

    @property
    def ruleset(self) -> str: ...

    @property
    def player_names(self) -> list[str]: ...


def seat_names(match: Seated) -> list[str]:
    names = match.player_names
    if get_ruleset(match.ruleset).has_dummy:
        names.append(DUMMY)
    return names


def columns(match: Seated) -> list[Column]:
    ruleset = get_ruleset(match.ruleset)
    names = seat_names(match)
    # The core's scoring units: a side's partners together, else each seat (the dummy never wins).
    return [Column(" & ".join(names[seat] for seat in seats), seats, contender=unit in ruleset.contenders)
            for unit, seats in enumerate(ruleset.sides)]


def winners_label(labels: list[str]) -> str:
    """"Ann", "Ann and Bob" (a shared win), "Ann, Bob and Cy"."""
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def build(match: Match, scored: MatchScore) -> Board:
    ruleset = get_ruleset(match.ruleset)
    names = seat_names(match)
    cols = columns(match)
    games = [
        GameView(number=g.number, totals=list(g.totals), bonus=list(g.bonus),
                 winners=[cols[u].label for u in g.winners], winner_units=list(g.winners), finished=g.finished)
        for g in scored.games
    ]
    row = None
    withheld = card_store.withheld(match)  # a duplicate set's deals other tables still hold
    for number, (stored, deal) in enumerate(zip(match.deals, scored.deals, strict=True), start=1):
        premiums = {p["seat"]: p["kind"] for p in stored.premiums or []}
        seats = []
        for s in range(len(names)):
            bid = stored.bids[s]
            seats.append(SeatLine(name=names[s], bid=deal.bids[s],
                                  cards=bid if isinstance(bid, list) and number not in withheld else None,
                                  tricks=stored.tricks[s], made=deal.made[s], premium=premiums.get(s)))
        row = DealRow(number=number, game=deal.game, in_game=deal.number, dealer=names[deal.dealer],
                      leader=names[deal.leader], trump=deal.trump, turn_up=stored.turn_up, seats=seats,
                      points=list(deal.points), totals=list(deal.totals), all_trump=deal.all_trump)
        games[deal.game - 1].rows.append(row)
    return Board(
        match=match, ruleset=ruleset, seat_names=names, columns=cols, games=games,
        grand_totals=list(scored.grand_totals), games_won=list(scored.games_won),
        game_points=list(scored.game_points) if scored.game_points is not None else None, next=scored.next,
        finished=scored.finished, winners=[cols[u].label for u in scored.winners], winner_units=list(scored.winners),
        last_row=row,
    )
