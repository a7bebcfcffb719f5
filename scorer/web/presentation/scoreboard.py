"""The scoreboard as templates want it: the core's ``MatchScore`` regrouped by game, with
names in place of seat numbers. Every figure is copied from the core's answer, none computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from babel.lists import format_list

from scorer.core import MatchScore, NextDeal, Ruleset, get_ruleset
from scorer.web.data import publication
from scorer.web.data.models import Match
from scorer.web.language import gettext
from scorer.web.presentation.formatting import format_locale, noun, plural


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
    played_trump: str | None = None  # the trump it was played with, where the rules now give another


@dataclass
class GameView:
    number: int
    totals: list[int]
    bonus: list[int]
    winners: list[str]
    winner_units: list[int]
    finished: bool
    rows: list[DealRow] = field(default_factory=list)
    winners_many: bool = False  # "Gus & Ivy win", "Ann and Bob share": a plural subject

    @property
    def has_bonus(self) -> bool:
        """Someone took a bonus at the end of this game (a line of its own under the deals)."""
        return self.finished and any(self.bonus)


@dataclass(frozen=True)
class Tile:
    """One scoring unit's tile on the scoreboard, ready to draw."""

    label: str
    total: int
    extra: str              # games won, "never wins", game points
    deals: str | None       # the badge for the next deal's dealer: "deals" ("Ann deals" on a side)
    leads: str | None       # who leads the next deal's first trick: "leads 1st trick"
    contender: bool
    ahead: str | None = None  # "ahead", or in a match of several games "ahead in game", "ahead in match"


@dataclass(frozen=True)
class Standing:
    """One scoring unit's line on the end-of-game or end-of-match banner."""

    label: str
    figure: str
    note: str | None        # a smaller figure beside it: "(2 bonuses)", "+100 bonus"
    winner: bool
    contender: bool
    amount: int = 0         # the figure's number, and its unit ("games") where it has one: the big
    unit: str | None = None  # screen draws the number large and the unit under it
    extra: str | None = None  # at a game's end, where the match stands after it, as the tile says: "1 game"


@dataclass(frozen=True)
class GameCell:
    """One scoring unit's result in one game of the match: the game's final total, the game
    bonus it took ("+100 bonus") and whether it won the game."""

    total: int
    bonus: str | None
    winner: bool


@dataclass(frozen=True)
class GameResult:
    """One ended game of a match of several games, a cell per scoring unit (the big screen's
    table of the games at the match's end)."""

    number: int
    winners: list[str]
    cells: list[GameCell]


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
    ahead_units: tuple[int, ...] = ()  # the core's: nearest to winning the match as its format counts

    def row(self, number: int) -> DealRow | None:
        """Deal ``number``'s row (counting every deal of the match)."""
        for game in self.games:
            for row in game.rows:
                if row.number == number:
                    return row
        return None

    @property
    def winners_many(self) -> bool:
        return plural_subject(self.winner_units, self.columns)

    @property
    def deals_played(self) -> int:
        return len(self.match.deals)

    @property
    def next_number(self) -> int:
        """The number the next deal recorded will have."""
        return len(self.match.deals) + 1

    @property
    def seat_order(self) -> list[int]:
        """The seats as the deal table's columns show them: side by side in four-partners."""
        return [seat for column in self.columns for seat in column.seats]

    @property
    def side_starts(self) -> set[int]:
        """The seats that open a side's block of columns (a line is drawn before them)."""
        return {column.seats[0] for column in self.columns if len(column.seats) > 1}

    @property
    def last_game(self) -> GameView | None:
        return self.games[-1] if self.games else None

    @property
    def tiles(self) -> list[Tile]:
        """The scoreboard's tiles for the game being played (0 each between games)."""
        game, nxt = self.current_game, self.next
        tiles = []
        for i, col in enumerate(self.columns):
            tiles.append(Tile(label=col.label, total=game.totals[i] if game else 0, extra=self.unit_extra(i),
                              deals=self.badge(nxt.dealer if nxt else None, col, leads=False),
                              leads=self.badge(nxt.leader if nxt else None, col, leads=True),
                              contender=col.contender, ahead=self.ahead_words(i)))
        return tiles

    def unit_extra(self, unit: int) -> str:
        """Where a unit stands in the match beside its game's total: games (or game bonuses) won,
        "never wins" for the dummy, game points."""
        col, match_format = self.columns[unit], self.match.options.get("match")
        extra = []
        if match_format in ("hundred", "game-bonus") and col.contender:
            extra.append(plural(self.games_won[unit], "game bonus") if match_format == "game-bonus"
                         else plural(self.games_won[unit], "game"))
        elif not col.contender:
            extra.append(gettext("never wins"))
        if self.game_points:
            extra.append(plural(self.game_points[unit], "game point"))
        return " · ".join(extra)

    def badge(self, seat: int | None, col: Column, leads: bool) -> str | None:
        """The next deal's dealer's (or leader's) badge on a tile: "deals", or on a side's tile whose
        partner it is, "Ann deals"."""
        if seat is None or seat not in col.seats:
            return None
        if len(col.seats) > 1:
            name = self.seat_names[seat]
            return gettext("%(name)s leads 1st trick", name=name) if leads else gettext("%(name)s deals", name=name)
        return gettext("leads 1st trick") if leads else gettext("deals")

    def ahead_words(self, unit: int) -> str | None:
        """The tile's "ahead" badge: in a match of one game, "ahead"; in a match of several,
        "ahead in game", "ahead in match" or both in one ("ahead in game and match")."""
        if not self.several_games:
            return gettext("ahead") if unit in self.ahead_in_game else None
        in_game, in_match = unit in self.ahead_in_game, unit in self.ahead_in_match
        if in_game and in_match:
            return gettext("ahead in game and match")
        if in_game:
            return gettext("ahead in game")
        return gettext("ahead in match") if in_match else None

    @property
    def several_games(self) -> bool:
        """Whether the match is played over several games (to 100 each), so a tile can be ahead in
        the game without being ahead in the match."""
        return self.match.options.get("match") in ("hundred", "game-bonus")

    @property
    def ahead_in_match(self) -> set[int]:
        """In a match of several games, the units nearest to winning it, as the core counts (games
        won, or the grand total with game bonuses); none while every figure is the same."""
        return set(self.ahead_units) if self.several_games else set()

    @property
    def ahead_in_game(self) -> set[int]:
        """The units with the game's highest total so far, among those who can win it (none before
        the game's first deal, or while every total is the same)."""
        game = self.current_game
        if game is None:
            return set()
        return highest({i: game.totals[i] for i, col in enumerate(self.columns) if col.contender})

    @property
    def standings(self) -> list[Standing]:
        """The figures the end-of-game and end-of-match banners show for each scoring unit."""
        game, match_format = self.shown_game, self.match.options.get("match")
        lines = []
        for i, col in enumerate(self.columns):
            note, unit = None, None
            if self.finished and match_format == "hundred":
                amount, unit = self.games_won[i], noun(self.games_won[i], "game")
            elif self.finished and match_format == "game-bonus":
                amount, note = self.grand_totals[i], gettext("(%(count)s)", count=plural(self.games_won[i], "bonus"))
            elif self.finished and self.game_points:
                amount, note = self.grand_totals[i], gettext("(%(count)s)", count=plural(self.game_points[i], "game point"))
            elif self.finished:
                amount = self.grand_totals[i]
            else:
                assert game is not None  # a banner shows only once a game has ended
                amount = game.totals[i]
                note = bonus_words(game.bonus[i])
            winners = self.winner_units if self.finished else game.winner_units if game else []
            lines.append(Standing(label=col.label, figure=plural(amount, "game") if unit else str(amount), note=note,
                                  winner=i in winners, contender=col.contender, amount=amount, unit=unit,
                                  extra=None if self.finished else self.unit_extra(i) or None))
        return lines

    @property
    def game_results(self) -> list[GameResult]:
        """Each ended game's final totals, bonuses and winners, where the match has had several
        games (none in a match of one game: its standings say it all)."""
        if len(self.games) < 2:
            return []
        return [GameResult(number=game.number, winners=game.winners,
                           cells=[GameCell(total=game.totals[i], bonus=bonus_words(game.bonus[i]),
                                           winner=i in game.winner_units) for i in range(len(self.columns))])
                for game in self.games if game.finished]

    @property
    def shown_game(self) -> GameView | None:
        """The game the standings show: the one just ended, else the last one."""
        return self.just_ended or self.last_game

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
    """The players' names in seat order, and the dummy's seat last where the ruleset has one: "Dummy",
    "Strohmann" (the page's language)."""
    names = match.player_names
    if get_ruleset(match.ruleset).has_dummy:
        names.append(gettext("Dummy"))
    return names


def columns(match: Seated) -> list[Column]:
    ruleset = get_ruleset(match.ruleset)
    names = seat_names(match)
    # The core's scoring units: a side's partners together, else each seat (the dummy never wins).
    return [Column(" & ".join(names[seat] for seat in seats), seats, contender=unit in ruleset.contenders)
            for unit, seats in enumerate(ruleset.sides)]


def bonus_words(points: int) -> str | None:
    """A game bonus as a game's result shows it beside the total ("+100 bonus"); None for none."""
    return gettext("+%(points)s bonus", points=points) if points else None


def highest(totals: dict[int, int]) -> set[int]:
    """The units with the highest of ``totals`` (a game's, among those who can win it); none while
    every figure is the same (nobody is ahead before the game's first deal, or all level)."""
    if len(set(totals.values())) < 2:
        return set()
    best = max(totals.values())
    return {unit for unit, total in totals.items() if total == best}


def plural_subject(units: Sequence[int], cols: list[Column]) -> bool:
    """Whether the winners take a plural verb: several units, or one side of partners ("Gus & Ivy win")."""
    return len(units) > 1 or any(len(cols[unit].seats) > 1 for unit in units)


def winners_label(labels: list[str]) -> str:
    """"Ann", "Ann and Bob" (a shared win), "Ann, Bob and Cy"; "Ann, Bob und Cy" in German."""
    return format_list(list(labels), locale=format_locale()) if labels else ""


def build(match: Match, scored: MatchScore) -> Board:
    ruleset = get_ruleset(match.ruleset)
    names = seat_names(match)
    cols = columns(match)
    games = [
        GameView(number=g.number, totals=list(g.totals), bonus=list(g.bonus),
                 winners=[cols[u].label for u in g.winners], winner_units=list(g.winners), finished=g.finished,
                 winners_many=plural_subject(g.winners, cols))
        for g in scored.games
    ]
    row = None
    not_public = publication.cards_not_public(match)  # a duplicate set's deals other tables still hold
    for number, (stored, deal) in enumerate(zip(match.deals, scored.deals, strict=True), start=1):
        premiums = {p["seat"]: p["kind"] for p in stored.premiums or []}
        seats = []
        for s in range(len(names)):
            bid = stored.bids[s]
            seats.append(SeatLine(name=names[s], bid=deal.bids[s],
                                  cards=bid if isinstance(bid, list) and number not in not_public else None,
                                  tricks=stored.tricks[s], made=deal.made[s], premium=premiums.get(s)))
        row = DealRow(number=number, game=deal.game, in_game=deal.number, dealer=names[deal.dealer],
                      leader=names[deal.leader], trump=deal.trump, turn_up=stored.turn_up, seats=seats,
                      points=list(deal.points), totals=list(deal.totals), all_trump=deal.all_trump,
                      played_trump=stored.played_trump if stored.played_trump not in (None, deal.trump) else None)
        games[deal.game - 1].rows.append(row)
    return Board(
        match=match, ruleset=ruleset, seat_names=names, columns=cols, games=games,
        grand_totals=list(scored.grand_totals), games_won=list(scored.games_won),
        game_points=list(scored.game_points) if scored.game_points is not None else None, next=scored.next,
        finished=scored.finished, winners=[cols[u].label for u in scored.winners], winner_units=list(scored.winners),
        last_row=row, ahead_units=scored.ahead,
    )
