"""Matchpoints for a duplicate club night: standings that compare like with like.

At a duplicate night every table plays the same deals, the same cards at the same seat. So a
seat's points on a deal say as much about the cards as about the play; what counts is how the seat
did against the same seat at the other tables. Duplicate bridge clubs score that with matchpoints,
and so does this module:

- On each deal, each position (a seat, or a side where the ruleset scores sides: a "unit") is
  compared with the same position at every other table that played the deal: 2 matchpoints for
  each table it beat, 1 for each tie, 0 for each table that did better.
- The most a position could have had on a deal is 2 for each other table that played it.
- A position's standing for the night is its matchpoints over the deals its own table played, as a
  percentage of the most it could have had on those same deals. A table that closed early or joined
  late is measured over its own deals only, so it is ranked fairly beside the others.
- A deal played at one table only is compared with nobody: 0 of a maximum of 0, it adds nothing.
  A position whose maximum for the night is 0 has no percentage (``None``) and no place.

Every table of a night has the same number of positions, 2 to 5. Points are whole numbers and may
be negative: only which of two tables did better matters, never by how much.

Standard library only: the caller names its tables with any hashable key (a table number, a match
id) and passes, per deal, each table's points by position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

TableKey = TypeVar("TableKey", bound=Hashable)

MIN_POSITIONS, MAX_POSITIONS = 2, 5
BEAT, TIE = 2, 1  # matchpoints for each other table beaten, and for each tie; a table that did better gives 0

# The rule in one sentence, for the players (the night's standings page shows it).
MATCHPOINTS_RULE = ("Each deal, each seat is compared with the same seat at every other table that played it: "
                    "2 points for each table beaten and 1 for each tie; your score is the percentage of the most "
                    "you could have had on the deals your table played.")


def _percentage(matchpoints: int, maximum: int) -> float | None:
    """Matchpoints as a percentage of the maximum, unrounded; ``None`` when there was nobody to beat."""
    return 100 * matchpoints / maximum if maximum else None


@dataclass(frozen=True)
class MatchpointScore:
    """One position's matchpoints on one deal at one table, beside the raw points they came from."""

    matchpoints: int
    maximum: int  # 2 for each other table that played the deal; 0 when no other table did
    points: int   # the raw points the position scored on the deal

    @property
    def percentage(self) -> float | None:
        return _percentage(self.matchpoints, self.maximum)


@dataclass(frozen=True)
class Standing(Generic[TableKey]):
    """One position at one table over a night: its matchpoints out of the most it could have had
    on the deals its table played, and its raw points beside them (for a page to show both)."""

    table: TableKey
    position: int
    matchpoints: int
    maximum: int
    points: int    # raw points over the deals the table played
    deals: int     # how many deals the table played (all of them add to ``points``)
    compared: int  # of those, how many some other table played too (only those add to ``maximum``)

    @property
    def percentage(self) -> float | None:
        """Matchpoints as a percentage (0 to 100) of the maximum, unrounded: rounding is the page's.
        ``None`` when the table played no deal that another table played."""
        return _percentage(self.matchpoints, self.maximum)

    @property
    def share(self) -> Fraction | None:
        """The same as ``percentage`` as an exact fraction of 1: the ranking compares these, so
        4 of 8 and 6 of 12 tie exactly."""
        return Fraction(self.matchpoints, self.maximum) if self.maximum else None


@dataclass(frozen=True)
class Place(Generic[TableKey]):
    """A standing's place in the ranking of one position: 1, 2, 2, 4 style; ``shared`` when other
    standings have the same place; ``place`` is ``None`` for a standing with no percentage."""

    place: int | None
    shared: bool
    standing: Standing[TableKey]


def positions_of(points: Mapping[TableKey, Sequence[int]], deal: object = None) -> int:
    """How many positions each table has on a deal (the same at every table, 2 to 5), or 0 when
    no table played it. Raises ValueError naming the tables (and the deal, when given) otherwise."""
    counts = {table: len(row) for table, row in points.items()}
    if not counts:
        return 0
    where = f" on deal {deal}" if deal is not None else ""
    if len(set(counts.values())) > 1:
        listed = ", ".join(f"table {table!r} has {count}" for table, count in counts.items())
        raise ValueError(f"every table must have the same number of positions{where}: {listed}")
    count = next(iter(counts.values()))
    if not MIN_POSITIONS <= count <= MAX_POSITIONS:
        raise ValueError(f"a table has {MIN_POSITIONS} to {MAX_POSITIONS} positions, not {count}{where}")
    return count


def deal_matchpoints(points: Mapping[TableKey, Sequence[int]]) -> dict[TableKey, list[MatchpointScore]]:
    """One deal's matchpoints: for every table that played it, a score per position.

    ``points`` maps each table that played the deal to its points by position. Each position is
    compared with the same position at every other table: 2 for a table beaten, 1 for a tie, 0 for
    a table that did better, out of 2 for each other table. A table alone gets 0 of 0.
    """
    positions = positions_of(points)
    others = len(points) - 1
    result: dict[TableKey, list[MatchpointScore]] = {}
    for table, row in points.items():
        scores = []
        for position in range(positions):
            mine = row[position]
            rivals = [other[position] for key, other in points.items() if key != table]
            matchpoints = BEAT * sum(mine > theirs for theirs in rivals) + TIE * sum(mine == theirs for theirs in rivals)
            scores.append(MatchpointScore(matchpoints, BEAT * others, mine))
        result[table] = scores
    return result


def night_matchpoints(deals: Mapping[int, Mapping[TableKey, Sequence[int]]]) -> dict[TableKey, list[Standing[TableKey]]]:
    """A night's standings: for every table, one per position, over the deals that table played.

    ``deals`` maps each deal's number to the points of the tables that played it (as for
    ``deal_matchpoints``); a table that closed early or joined late is simply missing from the
    deals it did not play. Tables come out in the order they first appear. Raises ValueError when
    the tables do not all have the same number of positions, 2 to 5.
    """
    positions = 0
    for number, points in deals.items():
        count = positions_of(points, number)
        if count and positions and count != positions:
            raise ValueError(f"every table must have the same number of positions: deal {number} has {count}, "
                             f"an earlier deal {positions}")
        positions = positions or count
    matchpoints: dict[TableKey, list[int]] = {}
    maximum: dict[TableKey, int] = {}
    raw: dict[TableKey, list[int]] = {}
    played: dict[TableKey, int] = {}
    compared: dict[TableKey, int] = {}
    for points in deals.values():
        for table, scores in deal_matchpoints(points).items():
            if table not in played:
                matchpoints[table], raw[table] = [0] * positions, [0] * positions
                maximum[table] = played[table] = compared[table] = 0
            for position, score in enumerate(scores):
                matchpoints[table][position] += score.matchpoints
                raw[table][position] += score.points
            maximum[table] += scores[0].maximum  # the same for every position of a table
            played[table] += 1
            compared[table] += len(points) > 1
    return {table: [Standing(table, position, matchpoints[table][position], maximum[table], raw[table][position],
                             played[table], compared[table]) for position in range(positions)]
            for table in played}


def ranking(night: Mapping[TableKey, Sequence[Standing[TableKey]]], position: int) -> list[Place[TableKey]]:
    """One position's standings across the tables, best first, as the director's screen ranks
    "Seat 1", "Seat 2" and so on separately.

    Places go by percentage, highest first (compared exactly, as fractions); equal percentages
    share a place and the next place skips (1, 2, 2, 4). Within a shared place the list shows more
    raw points first, then the order of ``night``'s tables. Standings with no percentage (their
    table compared no deal with another) come last, with no place, in the same display order.
    """
    standings = [row[position] for row in night.values() if 0 <= position < len(row)]
    if len(standings) != len(night):
        raise ValueError(f"no position {position} at every table of the night")
    ranked = sorted((s for s in standings if s.share is not None), key=_display_order)
    unranked = [s for s in standings if s.share is None]
    unranked.sort(key=lambda s: -s.points)
    first: dict[Fraction | None, int] = {}
    for index, standing in enumerate(ranked):
        first.setdefault(standing.share, index + 1)
    sharing = Counter(standing.share for standing in ranked)
    places = [Place(first[s.share], sharing[s.share] > 1, s) for s in ranked]
    return places + [Place(None, False, s) for s in unranked]


def _display_order(standing: Standing[TableKey]) -> tuple[Fraction, int]:
    """Highest percentage first, then more raw points (the sort keeps the tables' order after that)."""
    return -(standing.share or Fraction(0)), -standing.points
