"""A club night in words: where a table stands with the organiser, why a table records nothing, and
what a page holds back until every table has played a deal (the rules are ``data/publication.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.core import Ruleset
from scorer.web.data.models.cards import CLOSED, OPEN, OUT, WAITING
from scorer.web.data.nights import Night, TableLine, UnitPlay

STATE_WORDS = {WAITING: "Waiting to be admitted", OPEN: "Playing", CLOSED: "Closed", OUT: "Taken out"}
# The organiser's buttons (writes.deal_sets.CHANGES), and what each says once done.
CHANGE_LABELS = {"admit": "Admit", "close": "Close", "reopen": "Open again", "take-out": "Take out"}
CHANGE_DONE = {"admit": "Table {n} is admitted: it is dealt its cards now.",
               "close": "Table {n} is closed: the other tables’ results no longer wait for it.",
               "reopen": "Table {n} plays again: the results wait for it once more.",
               "take-out": "Table {n} is taken out of the set: it is dealt no more cards."}


def table_label(number: int) -> str:
    return f"Table {number}"


def not_playing(set_name: str, state: str) -> str:
    """Why a table of a set records no new deal (and is dealt no card)."""
    if state == WAITING:
        return (f"This table waits for the organiser of {set_name} to admit it, so no deal can be recorded yet and "
                "no card is dealt. Ask the organiser to admit it, or start again with the set's table code.")
    if state == CLOSED:
        return f"The organiser of {set_name} closed this table for the night: no more deals are recorded here."
    return f"The organiser of {set_name} took this table out of the set: no more deals are recorded here."


def held_back(set_name: str, shown: int, played: int) -> str:
    """Under a table's scoreboard (and its record, sheet, history) for anyone outside the table."""
    if played - shown == 1:
        return (f"This table has recorded deal {played}. It is shown here once every table of {set_name} has played "
                "it: until then its bids and tricks would tell the other tables about their cards.")
    return (f"This table has recorded deals {shown + 1}–{played}. They are shown here once every table of "
            f"{set_name} has played them: until then their bids and tricks would tell the other tables about their cards.")


def deal_held_back(number: int) -> str:
    return (f"Deal {number} of this table is shown once every table of its deal set has played it: until then "
            "its bids and tricks would tell the other tables about their cards.")


def waiting_for(shown: int, played: int) -> str:
    """On a set's pages: the deals played somewhere but not yet by every table."""
    if shown >= played:
        return ""
    if played - shown == 1:
        return (f"Deal {played} appears here once every table still playing has recorded it: until then its "
                "bids and tricks would tell the slower tables about their cards.")
    return (f"Deals {shown + 1}–{played} appear here once every table still playing has recorded them: until then "
            "their bids and tricks would tell the slower tables about their cards.")


# ---------------------------------------------------------------------------- the night's pages


def seat_labels(ruleset: Ruleset) -> list[str]:
    """"Seat 1", "Seat 2", … as the sheet and the comparison name the seats; the dummy last."""
    return [f"Seat {seat + 1}" for seat in range(ruleset.players)] + (["Dummy"] if ruleset.has_dummy else [])


def unit_headings(ruleset: Ruleset) -> list[str]:
    """Each scoring unit as the sheet names its seats: "Seat 2", "Seats 1 & 3", "Dummy"."""
    labels = seat_labels(ruleset)
    return [" & ".join(labels[seat] for seat in unit).replace(" & Seat ", " & ").replace("Seat ", "Seats ", 1)
            if len(unit) > 1 else labels[unit[0]] for unit in ruleset.sides]


def unit_names(table: TableLine, ruleset: Ruleset) -> list[str]:
    """Who plays each scoring unit at a table: "Ann", "Ann & Cy"."""
    return [" & ".join(table.names[seat] for seat in unit) for unit in ruleset.sides]


@dataclass(frozen=True)
class Placed:
    """One unit of one table in the standings of its seat: its place (shared on equal points)."""

    place: int
    table: TableLine
    name: str
    points: int
    deals: int   # the published deals it played (fewer for a table closed early)


@dataclass(frozen=True)
class SeatStanding:
    heading: str
    placed: list[Placed]


def standings(night: Night, ruleset: Ruleset) -> list[SeatStanding]:
    """Per scoring unit that can win (the dummy never does), the admitted tables' players ranked by
    their points over the published deals: in duplicate, who held the same cards compare."""
    found = []
    headings = unit_headings(ruleset)
    for unit in ruleset.contenders:
        rows = sorted(((night.totals[table.match_id][unit], table) for table in night.admitted
                       if night.plays.get(table.match_id)), key=lambda row: (-row[0], row[1].number))
        placed, place = [], 0
        for index, (points, table) in enumerate(rows):
            if index == 0 or points != rows[index - 1][0]:
                place = index + 1
            placed.append(Placed(place, table, unit_names(table, ruleset)[unit], points,
                                 len(night.plays.get(table.match_id, {}))))
        found.append(SeatStanding(headings[unit], placed))
    return found


@dataclass(frozen=True)
class TableDeal:
    table: TableLine
    names: list[str]        # per unit
    units: list[UnitPlay]


@dataclass(frozen=True)
class ComparedDeal:
    """One published deal at every admitted table that played it."""

    number: int
    dealer: str             # "Seat 2"
    turn_up: str | None     # the card turned at every table (a set turns the same one), if any
    rows: list[TableDeal]


def compared(night: Night, ruleset: Ruleset, dealers: Sequence[int], turned: Sequence[str | None]) -> list[ComparedDeal]:
    """The published deals, first to last, each at every admitted table that played it.
    ``dealers`` and ``turned``: each deal's dealer and turned card, from deal 1."""
    labels = seat_labels(ruleset)
    return [ComparedDeal(number, labels[dealers[number - 1]], turned[number - 1],
                         [TableDeal(table, unit_names(table, ruleset), night.plays[table.match_id][number])
                          for table in night.admitted if number in night.plays.get(table.match_id, {})])
            for number in range(1, night.published + 1)]
