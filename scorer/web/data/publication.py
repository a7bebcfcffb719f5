"""What of a duplicate set's deals may be seen, and by whom: the club night's frontier.

The night's frontier is a stored fact, ``DealSet.published``: how many of the set's deals are
published. It only moves forward (``advance``, under the set's lock, in the transaction of every
write that can move it: a deal saved, edited or deleted at a table, a table admitted, closed,
opened again or taken out, a table's match deleted or restored). It moves to the fewest deals any
table *in the count* has recorded: a table is in the count while it is admitted and open, its
match neither over nor deleted, and it has recorded at least the published deals. Once no table
is in the count and at least one was admitted, the night has ended (``DealSet.ended_at``): every
deal is published, and the set's matches count in the statistics and the ratings from then on.

A table that left the count (closed, taken out, deleted, its match over) and comes back cannot
record a deal published while it was away (``may_record``; the organiser's page refuses to open it
again when it would be behind): a deal once published was seen. A table that joins once play has
started waits for the organiser, who is told what was published; admitted, it may record the
deals published before it joined (``SetTable.vouched``) and holds nothing back until it catches up.

Every reader reads the frontier and never works it out again:

- no card of deal n goes to anyone outside an admitted table before it is published (its cards
  page, the hands and seed of an export, the set's sheet): ``cards_public``, ``seed_visible``;
- nobody outside a table sees that table's bids, tricks, points or turned card of an unpublished
  deal, nor its match as over before the night has ended, on any page or export: ``cut_to_public``
  cuts the match, as the request holds it, to its published deals, and the readers that query the
  results cache or the change history by the match's id bound their query by the deals the cut
  shows (``cut_of``);
- lists of many matches (home, history) stand a set's table where the night has published
  (``list_cuts``); statistics and ratings leave a set's matches out until its night has ended
  (``counts_yet``).

A match of no set is never cut, and costs no statement here. Outside a set, a deal's cards are
public once it is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy import inspect as orm_inspect
from sqlalchemy.orm import attributes, object_session

from scorer.core import PILE, MatchScore, make_setup
from scorer.web.data.models import Deal, DealSet, Match, MatchCards, SetTable, now_utc
from scorer.web.data.models.cards import CLOSED, OPEN
from scorer.web.extensions import db

_CUT = "scorer.published"  # the key of ``cut_to_public``'s mark in the match's InstanceState.info


def ended(deal_set: DealSet) -> bool:
    """Whether the set's night has ended: every deal published."""
    return deal_set.ended_at is not None


def published(deal_set: DealSet) -> int:
    """How many of the set's deals are published: the stored frontier (every deal once the night
    has ended). A plain read of the set's row: no statement, whoever asks."""
    return deal_set.count if ended(deal_set) else deal_set.published


def public_upto(match: Match) -> int:
    """How many of the match's recorded deals anyone may see: all of them outside a set; in a set,
    those published."""
    count = match.deal_count()
    if match.deal_set is None:
        return count
    return min(count, published(match.deal_set))


def cards_public(match: Match, number: int) -> bool:
    """Whether every hand of deal ``number`` may be seen by anyone: the deal is recorded here and,
    in a duplicate set, published (no table in the count is still holding, or yet to be dealt,
    those cards)."""
    return number <= public_upto(match)


def turn_up_shown(match: Match, number: int, insider: bool) -> bool:
    """Whether the app's turned card of deal ``number`` (not recorded at this table yet) may be
    shown on this match's scoreboard: to the table's own always, as it lies face up on their table;
    to everyone else once no other table that may still record that deal has yet to (before, a
    slower table would learn its trump before it deals). One statement, for a set's table only."""
    deal_set = match.deal_set
    if insider or deal_set is None or number <= published(deal_set) or ended(deal_set):
        return True
    # Any other table that may still record deal ``number`` (whatever its state: a closed, waiting or
    # deleted table may come back while it is not behind the frontier) holds the card back.
    frontier = published(deal_set)
    return not any(table.match_id != match.id and not table.finished and frontier <= table.deals < number
                   for table in standings(deal_set.id))


def cards_not_public(match: Match) -> set[int]:
    """The numbers of the recorded deals whose cards are not public yet (``cards_public``; a
    duplicate set's faster table): their bid cards are shown as the bid they make, not as cards."""
    if match.deal_set is None:
        return set()
    upto = public_upto(match)
    return set(range(upto + 1, len(match.deals) + 1))


def match_seed_visible(match: Match) -> bool:
    """The match seed derives every deal's cards: shown once the match is over (never for a deal
    set's match, whose seed is the set's and deals every table; the set's sheet has it)."""
    return match.finished and match.deal_set is None


def seed_visible(match: Match, number: int, scored: MatchScore) -> bool:
    """Whether deal ``number``'s seed may be shown (with the command that replays it): it must not
    predict a card still to come. A deal's own seed tells its own cards, so it waits until they
    are public; in eighteen the seed of a game's first deal also shuffled the game's trump pile,
    so every seed of a game waits until that game is over (or the match), when the pile is spent.
    ``scored`` is the core's score of the match as stored."""
    if not cards_public(match, number):
        return False
    pile = make_setup(match.ruleset, match.options).trump_rule == PILE
    if match.deal_set is not None:
        # A set's deal seeds come from the set's seed one by one, but in eighteen the replay command
        # also carries the set's pile seed, which tells every table's turned cards still to come.
        return not pile or ended(match.deal_set)
    if match.finished or not pile:
        return True
    nxt = scored.next
    return nxt is None or nxt.game != scored.deals[number - 1].game


def counts_yet(match: Match) -> bool:
    """Whether the match's results count in the statistics and the ratings: always outside a set;
    a set's match once its night has ended (before, a sum read before and after one save would
    tell a deal the night has not published)."""
    deal_set = match.deal_set
    return deal_set is None or ended(deal_set)


def held_matches() -> Select[tuple[int]]:
    """SQL: the ids of the matches that do not count yet (tables of a club night still on)."""
    return (select(MatchCards.match_id).join(DealSet, DealSet.id == MatchCards.deal_set_id)
            .where(MatchCards.deal_set_id.is_not(None), DealSet.ended_at.is_(None)))


def counted_clause(match_id: Any = None) -> ColumnElement[bool]:
    """``counts_yet`` as SQL: the match (``matches.id``, or the column given) is of no set, or of a
    set whose night has ended (for the readers that count many matches at once)."""
    return (Match.id if match_id is None else match_id).not_in(held_matches())


# ---------------------------------------------------------------------------- a table of the night


def table_of(match: Match) -> SetTable | None:
    """The match's place in its set's night (None: no set). Read only for a set's match."""
    return match.set_table if match.deal_set is not None else None


def may_record(match: Match, number: int) -> bool:
    """Whether deal ``number`` may be put into the match (saved, or brought back by an undo): always
    outside a set; in a set, unless the night has published it (then this table was away, or has
    ended: its players may have seen the deal) and the organiser did not admit the table late
    knowing that (``SetTable.vouched``)."""
    table = table_of(match)
    if table is None or match.deal_set is None:
        return True
    return number > published(match.deal_set) or (number <= table.vouched and not ended(match.deal_set))


def may_take_away(match: Match, number: int) -> bool:
    """Whether deal ``number`` may be taken out of the match (its deletion, the undo of its
    recording): not once it is published at a set's night, as it could not be recorded again.
    It may still be edited."""
    return may_record(match, number)


def recorded(match: Match) -> tuple[int, bool]:
    """How many deals the match has recorded, and whether it is over, as stored (a match cut by
    ``cut_to_public`` for this request says so from its mark)."""
    cut = cut_of(match)
    return (cut.recorded, cut.finished) if cut is not None else (match.deal_count(), match.finished)


def may_play(match: Match) -> bool:
    """Whether the app may deal this match its next deal and record it: always outside a set; in a
    set, only while the organiser has the table admitted and open and its next deal is not one the
    night published while it was away."""
    table = table_of(match)
    if match.deal_set is None:
        return True
    return table is not None and table.state == OPEN and may_record(match, recorded(match)[0] + 1)


def behind(match: Match) -> int | None:
    """For a table of a set that can no longer record its next deal because the night published it
    (it was away: closed, taken out, deleted or over, and came back; or the night has ended): how
    many deals the night has published. None otherwise."""
    table = table_of(match)
    count, finished = recorded(match)
    if table is None or match.deal_set is None or finished:
        return None
    return None if may_record(match, count + 1) else published(match.deal_set)


# ---------------------------------------------------------------------------- moving the frontier


@dataclass(frozen=True)
class Standing:
    """One table as the frontier weighs it."""

    match_id: int
    state: str
    finished: bool
    deleted: bool
    deals: int


def standings(set_id: int) -> list[Standing]:
    """Every table of the set with its match's state and count of deals: one statement."""
    deals = select(func.count()).where(Deal.match_id == SetTable.match_id).correlate(SetTable).scalar_subquery()
    rows = db.session.execute(
        select(SetTable.match_id, SetTable.state, Match.finished, Match.deleted_at.is_not(None), deals)
        .join(Match, Match.id == SetTable.match_id).where(SetTable.deal_set_id == set_id)).tuples().all()
    return [Standing(match_id, state, bool(finished), bool(deleted), count)
            for match_id, state, finished, deleted, count in rows]


def frontier_after(deal_set: DealSet, tables: Sequence[Standing]) -> tuple[int, bool]:
    """Where the frontier stands for ``tables`` as they are now, and whether the night has ended:
    the fewest deals any table in the count has recorded; every deal once no table is in the count
    and at least one was admitted; never less than it was."""
    frontier = deal_set.published
    if ended(deal_set):
        return deal_set.count, True
    counting = [t.deals for t in tables if t.state == OPEN and not t.finished and not t.deleted and t.deals >= frontier]
    if counting:
        return max(frontier, min(min(counting), deal_set.count)), False
    if any(t.state in (OPEN, CLOSED) and not t.deleted for t in tables):
        return deal_set.count, True
    return frontier, False


def advance(set_id: int) -> bool:
    """Move the set's frontier to where its tables stand now (never back), in the caller's write,
    which has taken the set's lock (``locking.lock_set``) after writing what changed; end the night
    once no table is in the count. Returns whether it moved (then every phone following a table of
    the set is to look again: the frontier is in every table's tag, ``live.night_mark``)."""
    deal_set = db.session.get_one(DealSet, set_id)
    before = (deal_set.published, ended(deal_set))
    frontier, over = frontier_after(deal_set, standings(set_id))
    if (frontier, over) == before:
        return False
    deal_set.published = frontier
    if over:
        deal_set.ended_at = now_utc()
    return True


# ---------------------------------------------------------------------------- the one cut


def list_cuts(matches: Sequence[Match], counts: Mapping[int, int]) -> dict[int, int]:
    """For a list of many matches (home, history), where no phone is one of a table's own: each
    match of a set that has recorded more deals (``counts``) than its night has published, or is
    over before its night has ended, and how many of its deals may be shown (its result unsaid).
    No statement: the frontier is on the set's row, loaded with the match."""
    found = {}
    for match in matches:
        deal_set = match.deal_set
        if deal_set is None:
            continue
        shown, recorded = published(deal_set), counts.get(match.id, 0)
        if shown < recorded or (match.finished and not ended(deal_set)):
            found[match.id] = min(shown, recorded)
    return found


@dataclass(frozen=True)
class Cut:
    """A match as ``cut_to_public`` left it: the deals shown, of the deals recorded."""

    shown: int
    recorded: int
    finished: bool  # the match as stored is over


def cut_to_public(match: Match) -> int | None:
    """Cut ``match``, as this request's session holds it, to the deals anyone may see: its deals
    (and the app's cards of them) after the published ones are left out of the loaded collections,
    and a match cut short is not over. Nothing is written: the collections are set as loaded
    (``set_committed_value``), so a flush finds no change, and a write, which reads the match again
    under its lock (``locking.lock_match`` expires the session), sees it whole. Returns how many
    deals are shown, or None when nothing is held back (then the match is left as it is). A match
    over before its night has ended is not over either: who won is the night's to publish."""
    if match.deal_set is None:
        return None
    upto = public_upto(match)
    if upto >= len(match.deals) and (ended(match.deal_set) or not match.finished):
        return None
    recorded, finished = len(match.deals), match.finished
    attributes.set_committed_value(match, "deals", list(match.deals[:upto]))
    attributes.set_committed_value(match, "dealt", [row for row in match.dealt if row.number <= upto])
    attributes.set_committed_value(match, "finished", False)
    orm_inspect(match).info[_CUT] = Cut(upto, recorded, finished)
    return upto


def cut_of(match: Match) -> Cut | None:
    """What ``cut_to_public`` left in this request's view of the match (None: it is whole). The
    readers that query by the match's id (the results cache, the change history) bound their query
    by its ``shown``."""
    if object_session(match) is None:
        return None
    state = orm_inspect(match)
    found = state.info.get(_CUT)
    # Read again since (a write's lock expires the session's objects): whole again.
    if not isinstance(found, Cut) or "deals" in state.unloaded or len(match.deals) != found.shown:
        return None
    return found

