"""A match deal by deal: dealer and leader, trump, scores, games, formats and winners (RULES.md §3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import JOKER, NO_TRUMP
from .errors import MatchError
from .rulesets import GAME_BONUS, MISSES, NAMED, PILE, SUCCESSES, Setup
from .scoring import Breakdown, DealOutcome, score_deal
from .trump import FIRST_DEAL, following_trump
from .validation import EIGHTEEN_PILE, DealRecord


@dataclass(frozen=True)
class MatchRecord:
    """A checked match document: the setup (ruleset + options), names and the deals played."""

    setup: Setup
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: tuple[DealRecord, ...] = ()

    @property
    def units(self) -> int:
        """Who scores: sides in four-partners, else every seat (the dummy included)."""
        return len(self.setup.ruleset.sides)

    @property
    def contenders(self) -> tuple[int, ...]:
        """Who can end a game and win: never the dummy."""
        return self.setup.ruleset.contenders


def dealer_of(match: MatchRecord, index: int) -> int:
    """The deal passes to the left every deal, across games; the dummy never deals."""
    return (match.first_dealer + index) % match.setup.ruleset.players


def leader_of(setup: Setup, dealer: int) -> int:
    """Dealer's left leads; with two players that is the non-dealer."""
    return (dealer + 1) % setup.ruleset.players


# Why a deal has its trump (``TrumpWhy.kind``): a turned card's suit, a turned Nine, a turned Joker,
# the first deal of a game, the successes or misses of the deal before, named by a premium bidder,
# kept from the deal before (declared, nobody named one).
CARD, NINE, JOKER_CARD, FIRST, BY_SUCCESSES, BY_MISSES, NAMED_BY, KEPT = (
    "card", "nine", "joker", FIRST_DEAL, SUCCESSES, MISSES, NAMED, "kept")


@dataclass(frozen=True)
class TrumpWhy:
    """Where a deal's trump came from, for a screen to say in words."""

    kind: str               # one of CARD, NINE, JOKER_CARD, FIRST, BY_SUCCESSES, BY_MISSES, NAMED_BY, KEPT
    card: str | None = None  # the turned card, where one decided
    count: int = 0          # BY_SUCCESSES: how many made their bid last deal; BY_MISSES: tricks missed by


@dataclass(frozen=True)
class Edges:
    """Rule edges a deal reached, for a screen to explain where they happen."""

    tied_at_goal: tuple[int, ...] = ()  # units level at the top at or past the goal: the game plays on
    dummy_past_goal: bool = False        # the dummy reached the goal, but never wins: the game goes on
    dummy_under: bool = False            # the dummy succeeded with fewer tricks than its bid


@dataclass(frozen=True)
class DealScore:
    game: int
    number: int
    dealer: int
    leader: int
    trump: str
    bids: tuple[int | None, ...]
    made: tuple[bool, ...]
    points: tuple[int, ...]
    breakdown: tuple[Breakdown, ...]
    totals: tuple[int, ...]
    premiums: tuple[tuple[int, str], ...] = ()
    side_breakdown: tuple[Breakdown, ...] | None = None
    all_trump: bool = False
    why: TrumpWhy = TrumpWhy(CARD)
    edges: Edges = Edges()
    ends_game: bool = False
    ends_match: bool = False

    @property
    def unit_breakdown(self) -> tuple[Breakdown, ...]:
        """Each scoring unit's points in parts (a side's in four-partners), as ``points`` counts them."""
        return self.side_breakdown if self.side_breakdown is not None else self.breakdown
    # eighteen: a pile card turned again, and the earlier deals of its pile that turned it
    turn_up: str | None = None
    turned_before: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game, "number": self.number, "dealer": self.dealer, "leader": self.leader,
            "trump": self.trump, "bids": list(self.bids), "made": list(self.made), "points": list(self.points),
            "breakdown": [b.to_json() for b in self.breakdown], "totals": list(self.totals),
        }
        if self.side_breakdown is not None:
            data["side_breakdown"] = [b.to_json() for b in self.side_breakdown]
        if self.all_trump:
            data["play"] = "all-trump"
        return data


@dataclass(frozen=True)
class GameScore:
    number: int
    totals: tuple[int, ...]
    bonus: tuple[int, ...]
    winners: tuple[int, ...] = ()
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "totals": list(self.totals), "bonus": list(self.bonus),
                "winners": list(self.winners), "finished": self.finished}


@dataclass(frozen=True)
class NextDeal:
    game: int
    number: int
    dealer: int
    leader: int
    trump: str | None
    trump_source: str
    spent_cards: frozenset[str] = frozenset()  # eighteen: pile cards this pile has no more of
    # Why ``trump`` is known before the cards are seen (the first deal of a game, the deal
    # before's successes or misses, kept until a premium bidder names another); None where a
    # card still to be turned decides. Not in the JSON (the command line's contract).
    why: TrumpWhy | None = None

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "number": self.number, "dealer": self.dealer, "leader": self.leader,
                "trump": self.trump, "trump_source": self.trump_source}


@dataclass(frozen=True)
class MatchScore:
    deals: tuple[DealScore, ...]
    games: tuple[GameScore, ...]
    grand_totals: tuple[int, ...]
    games_won: tuple[int, ...]
    next: NextDeal | None
    finished: bool
    winners: tuple[int, ...]
    game_points: tuple[int, ...] | None = None
    # The units nearest to winning the match as its format counts (games won; the grand total
    # with game bonuses; the game's total in a match of one game); empty while all are level.
    # Not in the JSON (the command line's contract): the app's tiles read it.
    ahead: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "deals": [d.to_json() for d in self.deals], "games": [g.to_json() for g in self.games],
            "grand_totals": list(self.grand_totals), "games_won": list(self.games_won),
            "next": self.next.to_json() if self.next else None,
            "finished": self.finished, "winners": list(self.winners),
        }
        if self.game_points is not None:
            data["game_points"] = list(self.game_points)
        return data

    def deal_or_next(self, number: int) -> DealScore | NextDeal | None:
        """Deal ``number`` (from 1, counting every deal of the match) as scored; ``next`` for the deal
        after the last one; None for any other number, or for the next deal once the match is over."""
        if 1 <= number <= len(self.deals):
            return self.deals[number - 1]
        return self.next if number == len(self.deals) + 1 else None

    def game_of(self, deal: DealScore) -> GameScore:
        """The game a scored deal belongs to."""
        return self.games[deal.game - 1]

    def ends_game(self, number: int) -> bool:
        """Whether deal ``number`` (from 1) was the last deal of a game that ended."""
        deal = self.deals[number - 1]
        later_in_game = number < len(self.deals) and self.deals[number].game == deal.game
        return self.game_of(deal).finished and not later_in_game

    def points_over(self, first: int) -> tuple[int, ...]:
        """Each unit's deal points over the first ``first`` deals, every game together (game
        bonuses apart): what tables of a duplicate set compare after the deals all have played."""
        units = len(self.grand_totals)
        return tuple(sum(deal.points[unit] for deal in self.deals[:first]) for unit in range(units))


def leaders(scores: Sequence[int], among: Sequence[int]) -> tuple[int, ...]:
    """The contenders with the highest score (more than one is a tie)."""
    best = max(scores[u] for u in among)
    return tuple(u for u in among if scores[u] == best)


def game_points(totals: Sequence[int], among: Sequence[int]) -> tuple[int, ...]:
    """eighteen: first place 1 per full 100, second one fewer than its own, the rest none.

    Tied players share the higher place (decision 12)."""
    points = [0] * len(totals)
    for u in among:
        place = 1 + sum(1 for o in among if totals[o] > totals[u])
        hundreds = max(totals[u], 0) // 100
        points[u] = hundreds if place == 1 else max(hundreds - 1, 0) if place == 2 else 0
    return tuple(points)


@dataclass
class _Game:
    """The game under way while a match is scored (mutable scratch state, never returned)."""

    number: int
    units: int
    seats: int
    deals: int = 0
    totals: list[int] = field(default_factory=list)
    streaks: list[int] = field(default_factory=list)
    last: DealOutcome | None = None
    last_trump: str | None = None
    turned: list[tuple[int, str]] = field(default_factory=list)  # eighteen: (deal, pile card) this pile

    @classmethod
    def new(cls, number: int, units: int, seats: int) -> _Game:
        """A game before its first deal."""
        return cls(number, units, seats, totals=[0] * units, streaks=[0] * seats)

    def copy(self) -> _Game:
        """A copy to go on with (``Progress`` keeps its own, which nothing changes)."""
        return replace(self, totals=list(self.totals), streaks=list(self.streaks), turned=list(self.turned))


def _expected_why(source: str, first_of_game: bool, successes: int, missed: int) -> TrumpWhy:
    """Why a deal's trump is what ``following_trump`` expects before any card is seen."""
    return TrumpWhy({FIRST_DEAL: FIRST, NAMED: FIRST if first_of_game else KEPT}.get(source, source),
                    count=missed if source == MISSES else successes)


def _deal_trump(setup: Setup, record: DealRecord, game: _Game, number: int) -> tuple[str, TrumpWhy]:
    """The trump this deal was played at, and why: from its card, its premium bidder, or the last deal."""
    successes, missed = (game.last.successes, game.last.missed) if game.last else (0, 0)
    expected, source = following_trump(setup, game.deals == 0, successes, missed, game.last_trump)
    if expected is None:  # a turned card decides, and validation has resolved it
        assert record.trump is not None
        card = record.turn_up
        kind = CARD if record.trump != NO_TRUMP or card is None else JOKER_CARD if card == JOKER else NINE
        return record.trump, TrumpWhy(kind, card)
    if setup.trump_rule == NAMED and record.named_trump is not None:
        return record.named_trump, TrumpWhy(NAMED_BY)
    why = _expected_why(source, game.deals == 0, successes, missed)
    if record.trump is not None and record.trump != expected:
        named = setup.trump_rule == NAMED
        reason = "only a declarer or revealer names another" if named else "it follows the rules for this deal"
        raise MatchError(f"trump: this deal's trump is {expected}, not {record.trump} ({reason})", code="trump-not-by-the-rules",
                         field="trump", deal=number, facts={"trump": expected, "given": record.trump, "named": named})
    return expected, why


def _pile_spent(game: _Game) -> frozenset[str]:
    """Eighteen: the pile cards the current pile has none left of (a card is in the pile once,
    the Joker twice; a 19th deal of a game starts a new pile)."""
    return frozenset(card for _, card in game.turned
                     if sum(c == card for _, c in game.turned) >= EIGHTEEN_PILE.count(card))


def _turn_pile_card(setup: Setup, record: DealRecord, game: _Game, number: int) -> tuple[int, ...]:
    """Eighteen: each deal turns the next card of the pile, so no card comes up more often in a
    pile than the pile holds it (RULES.md: the 18-card pile sets each deal's trump). Returns the
    earlier deals of this pile that used the card up already (empty: the card was still there).
    A match stored with such a repeat still scores; a new or edited deal is refused
    (``pile_card_problem``)."""
    if setup.trump_rule != PILE or record.turn_up is None:
        return ()
    if game.deals % len(EIGHTEEN_PILE) == 0:
        game.turned = []
    card = record.turn_up
    before = tuple(deal for deal, c in game.turned if c == card) if card in _pile_spent(game) else ()
    game.turned.append((number, card))
    return before


def pile_card_problem(deal: DealScore, number: int) -> MatchError | None:
    """Eighteen: why deal ``number`` (scored) cannot turn its pile card, or None."""
    if not deal.turned_before or deal.turn_up is None:
        return None
    when = " and ".join(f"deal {n}" for n in deal.turned_before)
    copies = "twice" if EIGHTEEN_PILE.count(deal.turn_up) == 2 else "once"
    return MatchError(f"turn_up: {deal.turn_up} was turned already in this game ({when}); each pile card comes up "
                      f"{copies} a game", code="pile-card-turned-already", field="turn_up", deal=number,
                      facts={"card": deal.turn_up, "deals": deal.turned_before, "copies": EIGHTEEN_PILE.count(deal.turn_up)})


def _game_over(match: MatchRecord, game: _Game, outcome: DealOutcome) -> tuple[bool, tuple[int, ...], list[int]]:
    """Did this deal end the game? Returns (ended, game winners, game bonus per unit)."""
    setup, among = match.setup, match.contenders
    totals = game.totals
    bonus = [0] * match.units
    fmt = setup.match
    if fmt == "deals":
        return game.deals >= setup.deals, leaders(totals, among), bonus
    goal = setup.goal
    assert goal is not None, "every format but deals has a goal"
    if not any(totals[u] >= goal for u in among):
        return False, (), bonus
    if fmt == "game-bonus":
        made = _unit_made(match, outcome)
        winners = tuple(u for u in among if totals[u] >= goal and made[u])
        for u in winners:
            bonus[u] = GAME_BONUS
        return True, winners, bonus
    top = leaders(totals, among)
    if len(top) > 1:  # a tie for the lead plays on
        return False, (), bonus
    return True, top, bonus


def _edges(match: MatchRecord, game: _Game, record: DealRecord, outcome: DealOutcome, ended: bool) -> Edges:
    """The rule edges this deal reached: a tie at the top past the goal, a dummy past the goal
    while the game goes on, a dummy that succeeded under its bid."""
    setup, among, totals = match.setup, match.contenders, game.totals
    dummy_under = False
    if setup.ruleset.has_dummy:
        bid = record.numbers[-1]
        dummy_under = bid is not None and outcome.made[-1] and record.tricks[-1] < bid
    goal = setup.goal
    if ended or goal is None or setup.match == "deals":
        return Edges(dummy_under=dummy_under)
    top = leaders(totals, among)
    tied = top if len(top) > 1 and totals[top[0]] >= goal else ()
    others = [u for u in range(match.units) if u not in among]
    return Edges(tied_at_goal=tied, dummy_past_goal=any(totals[u] >= goal for u in others), dummy_under=dummy_under)


def _unit_made(match: MatchRecord, outcome: DealOutcome) -> list[bool]:
    if outcome.side_breakdown is not None:
        return [side.contract > 0 for side in outcome.side_breakdown]
    return list(outcome.made)


@dataclass(frozen=True)
class Progress:
    """Where scoring a match stands after its first ``len(deals)`` deals: the deals scored, the
    games ended, and the game under way (a copy, never changed). ``score_match`` goes on from one
    (``resume``), so a match scored before need not be scored again from its first deal when a
    deal is added (``memo.ScoreMemo``)."""

    record: MatchRecord  # the match as checked so far: its setup, names and the deals scored
    deals: tuple[DealScore, ...]
    games: tuple[GameScore, ...]
    games_won: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    game: _Game

    @classmethod
    def start(cls, match: MatchRecord) -> Progress:
        """Before the first deal."""
        return cls(replace(match, deals=()), (), (), (0,) * match.units, False, (),
                   _Game.new(1, match.units, match.setup.ruleset.seats))


def score_match(match: MatchRecord) -> MatchScore:
    """Score every deal in order, ending games and the match as the format says."""
    return finish(resume(Progress.start(match), match.deals))


def resume(progress: Progress, records: Sequence[DealRecord]) -> Progress:
    """``progress`` taken on through ``records``, the deals after those it covers: the same as
    scoring every deal from the first (the state carried from deal to deal is all in ``Progress``)."""
    match, setup, units, among = progress.record, progress.record.setup, progress.record.units, progress.record.contenders
    seats = setup.ruleset.seats
    game = progress.game.copy()  # Progress keeps its own
    deals, games = list(progress.deals), list(progress.games)
    games_won = list(progress.games_won)
    finished, winners = progress.finished, progress.winners

    for index, record in enumerate(records, start=len(deals)):
        number = index + 1
        if finished:
            raise MatchError(f"deals: the match ended after deal {index}; no deal can follow", code="deal-after-the-end",
                             field="deals", deal=number, facts={"last": index})
        dealer = dealer_of(match, index)
        trump, why = _deal_trump(setup, record, game, number)
        turned_before = _turn_pile_card(setup, record, game, number)
        premiums = tuple((p.seat, p.kind) for p in record.premiums)
        outcome = score_deal(setup, record.numbers, record.tricks, premiums, game.streaks)
        game.deals += 1
        game.totals = [t + p for t, p in zip(game.totals, outcome.points, strict=True)]
        game.streaks = [s + 1 if ok else 0 for s, ok in zip(game.streaks, outcome.made, strict=True)]
        game.last, game.last_trump = outcome, trump
        ended, game_winners, bonus = _game_over(match, game, outcome)
        deal = DealScore(
            game=game.number, number=game.deals, dealer=dealer, leader=leader_of(setup, dealer), trump=trump,
            bids=record.numbers, made=outcome.made, points=outcome.points, breakdown=outcome.breakdown,
            totals=tuple(game.totals), premiums=premiums, side_breakdown=outcome.side_breakdown,
            all_trump=trump == NO_TRUMP and setup.no_trump_play == "all-trump", why=why,
            edges=_edges(match, game, record, outcome, ended), ends_game=ended,
            turn_up=record.turn_up if turned_before else None, turned_before=turned_before)
        deals.append(deal)
        if not ended:
            continue
        games.append(GameScore(game.number, tuple(game.totals), tuple(bonus), game_winners, True))
        for u in game_winners:
            games_won[u] += 1
        if setup.match in ("deals", "target"):
            finished, winners = True, game_winners
        elif setup.match == "hundred" and max(games_won) >= setup.games_to_win:
            finished, winners = True, tuple(u for u in among if games_won[u] >= setup.games_to_win)
        elif setup.match == "game-bonus" and max(games_won) >= setup.games_to_win:
            finished = True
        if finished:
            deals[-1] = replace(deal, ends_match=True)
        game = _Game.new(game.number + 1, units, seats)

    return Progress(replace(match, deals=match.deals + tuple(records)), tuple(deals), tuple(games),
                    tuple(games_won), finished, winners, game)


def finish(progress: Progress) -> MatchScore:
    """The match's score where ``progress`` stands: the game under way, the grand totals and winners, the next deal."""
    match, game = progress.record, progress.game
    setup, units, among = match.setup, match.units, match.contenders
    finished, winners = progress.finished, progress.winners
    games = list(progress.games)
    if game.deals:
        games.append(GameScore(game.number, tuple(game.totals), (0,) * units))
    grand = tuple(sum(g.totals[u] + g.bonus[u] for g in games) for u in range(units))
    if finished and setup.match == "game-bonus":
        winners = leaders(grand, among)

    points_for_games = None
    if setup.ruleset.game_points and setup.match == "deals":  # standings so far until the end
        points_for_games = game_points(grand, among)

    upcoming = None
    if not finished:
        dealer = dealer_of(match, len(progress.deals))
        successes, missed = (game.last.successes, game.last.missed) if game.last else (0, 0)
        next_trump, source = following_trump(setup, game.deals == 0, successes, missed, game.last_trump)
        spent = _pile_spent(game) if setup.trump_rule == PILE and game.deals % len(EIGHTEEN_PILE) else frozenset()
        why = _expected_why(source, game.deals == 0, successes, missed) if next_trump is not None else None
        upcoming = NextDeal(game.number, game.deals + 1, dealer, leader_of(setup, dealer), next_trump, source, spent,
                            why)

    if finished:
        standing: Sequence[int] = ()
    elif setup.match == "hundred":
        standing = progress.games_won
    elif setup.match == "game-bonus":
        standing = grand
    else:  # a match of one game: that game's totals
        standing = game.totals
    ahead = leaders(standing, among) if standing and len({standing[u] for u in among}) > 1 else ()

    return MatchScore(deals=progress.deals, games=tuple(games), grand_totals=grand, games_won=progress.games_won,
                      next=upcoming, finished=finished, winners=tuple(winners), game_points=points_for_games,
                      ahead=ahead)
