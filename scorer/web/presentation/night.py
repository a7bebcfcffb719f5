"""A club night in words: where a table stands with the organiser, why a table records nothing, and
what a page holds back until every table has played a deal (the rules are ``data/publication.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.core import Ruleset, matchpoints
from scorer.web.data.models.cards import CLOSED, OPEN, OUT, WAITING
from scorer.web.data.nights import Night, TableLine, UnitPlay
from scorer.web.language import gettext, ngettext


def untitled_set(number: int) -> str:
    """The name of a deal set made without one."""
    return gettext("Deal set %(number)s", number=number)


def state_words(state: str, behind: bool | int | None = None, ended: bool = False) -> str:
    """Where a table stands with the organiser, as its badge says it. An open table that cannot
    record its next deal (``behind``: the night published it while the table was away, or ended)
    is not playing, whatever its state."""
    if state == OPEN and ended:
        return gettext("Night over")
    if state == OPEN and behind:
        return gettext("Stopped")
    words = {WAITING: gettext("Waiting to be admitted"), OPEN: gettext("Playing"), CLOSED: gettext("Closed"),
             OUT: gettext("Taken out")}
    return words.get(state, state)


def deals_range(first: int, last: int) -> str:
    """"deal 2" or "deals 2–4", as a sentence names the deals between two numbers."""
    if first >= last:
        return gettext("deal %(number)s", number=last)
    return gettext("deals %(first)s–%(last)s", first=first, last=last)


def change_label(change: str) -> str:
    """The organiser's button for a change of a table (``writes.deal_sets.CHANGES``)."""
    words = {"admit": gettext("Admit"), "close": gettext("Close"), "reopen": gettext("Open again"),
             "take-out": gettext("Take out")}
    return words[change]


def change_done(change: str, number: int) -> str:
    """What the organiser's change of table ``number`` did, once done."""
    if change == "admit":
        return gettext("Table %(number)s is admitted: it is dealt its cards now.", number=number)
    if change == "close":
        return gettext("Table %(number)s is closed: the other tables’ results no longer wait for it, and once a later "
                       "deal is published it cannot play on.", number=number)
    if change == "reopen":
        return gettext("Table %(number)s plays again: the results wait for it once more.", number=number)
    return gettext("Table %(number)s is taken out of the set: it is dealt no more cards.", number=number)


def table_label(number: int) -> str:
    return gettext("Table %(number)s", number=number)


def not_playing(set_name: str, state: str, behind: int | None = None, ended: bool = False) -> str:
    """Why a table of a set records no new deal (and is dealt no card). ``behind``: the night has
    published the table's next deal (``publication.behind``: how many deals it has published)."""
    if ended:
        return gettext("The night of %(set)s has ended: no more deals are recorded here.", set=set_name)
    if behind is not None and state == OPEN:
        return gettext("%(set)s has published deals up to deal %(published)s while this table was away, and its "
                       "players may have seen them: this table records no more deals of the set.",
                       set=set_name, published=behind)
    if state == WAITING:
        return gettext("This table waits for the organiser of %(set)s to admit it, so no deal can be recorded yet and "
                       "no card is dealt. Ask the organiser to admit it, or start again with the set's table code.",
                       set=set_name)
    if state == CLOSED:
        return gettext("The organiser of %(set)s closed this table for the night: no more deals are recorded here.",
                       set=set_name)
    return gettext("The organiser of %(set)s took this table out of the set: no more deals are recorded here.",
                   set=set_name)


def held_back(set_name: str, shown: int, played: int) -> str:
    """Under a table's scoreboard (and its record, sheet, history) for anyone outside the table."""
    if played <= shown:  # every deal shown, the match over: who won waits for the night's end
        return gettext("This table's match is over. Its result is shown here once the night of %(set)s has ended: "
                       "until then it would tell the other tables about their cards.", set=set_name)
    if played - shown == 1:
        return gettext("This table has recorded deal %(played)s. It is shown here once every table of %(set)s has "
                       "played it: until then its bids and tricks would tell the other tables about their cards.",
                       played=played, set=set_name)
    return gettext("This table has recorded deals %(first)s–%(played)s. They are shown here once every table of "
                   "%(set)s has played them: until then their bids and tricks would tell the other tables about "
                   "their cards.", first=shown + 1, played=played, set=set_name)


def deal_held_back(number: int) -> str:
    return gettext("Deal %(number)s of this table is shown once every table of its deal set has played it: until "
                   "then its bids and tricks would tell the other tables about their cards.", number=number)


def waiting_for(shown: int, played: int) -> str:
    """On a set's pages: the deals played somewhere but not yet by every table."""
    if shown >= played:
        return ""
    if played - shown == 1:
        return gettext("Deal %(played)s appears here once every table still playing has recorded it: until then its "
                       "bids and tricks would tell the slower tables about their cards.", played=played)
    return gettext("Deals %(first)s–%(played)s appear here once every table still playing has recorded them: until "
                   "then their bids and tricks would tell the slower tables about their cards.",
                   first=shown + 1, played=played)


# ---------------------------------------------------------------------------- the night's pages


def seat_labels(ruleset: Ruleset) -> list[str]:
    """"Seat 1", "Seat 2", … as the sheet and the comparison name the seats; the dummy last."""
    return ([gettext("Seat %(number)s", number=seat + 1) for seat in range(ruleset.players)]
            + ([gettext("Dummy")] if ruleset.has_dummy else []))


def unit_headings(ruleset: Ruleset) -> list[str]:
    """Each scoring unit as the sheet names its seats: "Seat 2", "Seats 1 & 3", "Dummy"."""
    labels = seat_labels(ruleset)
    return [gettext("Seats %(seats)s", seats=" & ".join(str(seat + 1) for seat in unit))
            if len(unit) > 1 else labels[unit[0]] for unit in ruleset.sides]


def unit_names(table: TableLine, ruleset: Ruleset) -> list[str]:
    """Who plays each scoring unit at a table: "Ann", "Ann & Cy"."""
    return [" & ".join(table.names[seat] for seat in unit) for unit in ruleset.sides]


def matchpoints_rule() -> str:
    """The night's scoring in one sentence, under every ranking (the rule: ``core/matchpoints.py``)."""
    return gettext("Each deal, each seat is compared with the same seat at every other table that played it: 2 "
                   "matchpoints for each table beaten and 1 for each tie; the percentage is of the most the seat could "
                   "have had on the deals its table played.")


def place_label(place: int | None, shared: bool) -> str:
    """A place as a results sheet prints it: "1", "2=" when shared, "–" when unranked."""
    if place is None:
        return "–"
    return f"{place}=" if shared else str(place)


@dataclass(frozen=True)
class Placed:
    """One unit of one table in the ranking of its seat, by matchpoints (``core/matchpoints.py``):
    its place (shared on an equal percentage, none when it compared no deal), its matchpoints out
    of the most it could have had, and its raw points beside them."""

    place: int | None
    shared: bool
    table: TableLine
    name: str
    points: int
    deals: int          # the published deals its table played (fewer for a table closed early)
    matchpoints: int
    maximum: int
    share: float | None  # of the most it could have had (0.625); None: it compared no deal

    @property
    def place_text(self) -> str:
        return place_label(self.place, self.shared)


@dataclass(frozen=True)
class SeatStanding:
    heading: str
    placed: list[Placed]


def _deal_points(night: Night) -> dict[int, dict[int, list[int]]]:
    """Per published deal, each admitted table that played it: its units' points (match id keys)."""
    return {number: {table.match_id: [unit.points for unit in night.plays[table.match_id][number]]
                     for table in night.admitted if number in night.plays.get(table.match_id, {})}
            for number in range(1, night.published + 1)}


def standings(night: Night, ruleset: Ruleset) -> list[SeatStanding]:
    """Per scoring unit that can win (the dummy never does), the admitted tables' players ranked by
    matchpoints over the published deals their table played: in duplicate, who held the same cards
    compare, and a table that closed early is measured over its own deals."""
    scored = matchpoints.night_matchpoints({number: points for number, points in _deal_points(night).items() if points})
    tables = {table.match_id: table for table in night.admitted}
    headings = unit_headings(ruleset)
    found = []
    for unit in ruleset.contenders:
        placed = [Placed(place.place, place.shared, tables[place.standing.table],
                         unit_names(tables[place.standing.table], ruleset)[unit], place.standing.points,
                         place.standing.deals, place.standing.matchpoints, place.standing.maximum,
                         None if place.standing.share is None else float(place.standing.share))
                  for place in (matchpoints.ranking(scored, unit) if scored else [])]
        found.append(SeatStanding(headings[unit], placed))
    return found


@dataclass(frozen=True)
class TableDeal:
    table: TableLine
    names: list[str]        # per unit
    units: list[UnitPlay]
    scores: list[matchpoints.MatchpointScore]   # per unit: its matchpoints on the deal


@dataclass(frozen=True)
class ComparedDeal:
    """One published deal at every admitted table that played it."""

    number: int
    dealer: str             # "Seat 2"
    turn_up: str | None     # the card turned at every table (a set turns the same one), if any
    rows: list[TableDeal]


def compared(night: Night, ruleset: Ruleset, dealers: Sequence[int], turned: Sequence[str | None]) -> list[ComparedDeal]:
    """The published deals, first to last, each at every admitted table that played it, with each
    unit's matchpoints on it. ``dealers`` and ``turned``: each deal's dealer and turned card, from deal 1."""
    labels = seat_labels(ruleset)
    found = []
    for number, points in _deal_points(night).items():
        scores = matchpoints.deal_matchpoints(points)
        found.append(ComparedDeal(number, labels[dealers[number - 1]], turned[number - 1],
                                  [TableDeal(table, unit_names(table, ruleset), night.plays[table.match_id][number],
                                             scores[table.match_id])
                                   for table in night.admitted if table.match_id in points]))
    return found


@dataclass(frozen=True)
class RecapRow:
    """One player on the printed results: their standing and, deal by deal, their matchpoints
    (None where their table did not play the deal)."""

    placed: Placed
    deals: list[matchpoints.MatchpointScore | None]


@dataclass(frozen=True)
class SeatRecap:
    heading: str
    rows: list[RecapRow]


def recap(night: Night, ruleset: Ruleset, ranked: Sequence[SeatStanding],
          deals: Sequence[ComparedDeal]) -> list[SeatRecap]:
    """The printed results: per seat that can win, its players in ranking order, each with every
    published deal's points and matchpoints (a column per deal: the deal's comparison)."""
    scores = {(deal.number, row.table.match_id): row.scores for deal in deals for row in deal.rows}

    def score(number: int, match_id: int, unit: int) -> matchpoints.MatchpointScore | None:
        played = scores.get((number, match_id))
        return played[unit] if played is not None else None

    numbers = range(1, night.published + 1)
    return [SeatRecap(group.heading,
                      [RecapRow(placed, [score(number, placed.table.match_id, unit) for number in numbers])
                       for placed in group.placed])
            for unit, group in zip(ruleset.contenders, ranked, strict=True)]


def join_note(table: TableLine, night: Night) -> str:
    """On the organiser's page, beside a table waiting to be admitted once play has started: what
    its phones may have seen, and what admitting it does."""
    if table.state not in (WAITING, OUT) or table.deals or night.ended:
        return ""
    if night.published:
        return gettext("Asked to join after deals 1–%(published)s were published: its phones may have seen their hands "
                       "and results. Admitted, it may record them all the same, and holds no table back until it has "
                       "caught up.", published=night.published)
    if night.played:
        return gettext("Asked to join after play began: admitted, it holds every table’s results back until it has "
                       "played as far.")
    return ""


def behind_note(table: TableLine, night: Night) -> str:
    """On the organiser's page, beside a table that cannot play on: why (nothing once the night
    has ended: no table plays on then)."""
    if not table.behind or night.ended:
        return ""
    return gettext("Cannot play on: %(deals)s published while it was away.",
                   deals=deals_range(table.deals + 1, max(night.published, table.deals + 1)))


def night_state_line(night: Night) -> str:
    """On the organiser's page and the set's page: how far the night has published."""
    if night.ended:
        return gettext("The night has ended: every deal is published, and its matches count in the statistics and the "
                       "ratings.")
    if night.deal_set.published:
        return ngettext("%(num)s deal is published: every table still playing has played it.",
                        "%(num)s deals are published: every table still playing has played them.",
                        night.deal_set.published)
    return gettext("No deal is published yet.")


def behind_refused(number: int, deals: int, published: int) -> str:
    """The organiser tried to let a table back that the night has passed."""
    return gettext("Table %(number)s was not opened again: %(deals)s published while it was away, and its players "
                   "may have seen it.", number=number, deals=deals_range(deals + 1, published))


def night_ended() -> str:
    return gettext("The night has ended: every deal is published, the deal sheet shows every hand, and the night’s "
                   "matches count in the statistics and the ratings.")


def table_deleted(number: int) -> str:
    return gettext("Table %(number)s was deleted: the night goes on without it. It can be restored below.",
                   number=number)


def table_restored(number: int, behind: bool) -> str:
    if behind:
        return gettext("Table %(number)s is back, but cannot play on: deals were published while it was deleted.",
                       number=number)
    return gettext("Table %(number)s is back in the night.", number=number)
