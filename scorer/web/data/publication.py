"""What of a duplicate set's deals may be seen, and by whom: the club night's rule of publication.

Deal n of a set is *published* once every admitted, open table of the set has recorded it (a
table whose match is over has played all it will; a table waiting to be admitted, closed or taken
out holds nothing back): ``published``. Until then:

- no card of deal n goes to anyone outside an admitted table (its cards page, the hands and seed
  of an export, the set's sheet): ``cards_public``, ``seed_visible``;
- nobody outside a table sees that table's bids, tricks, points or turned card of deal n, on any
  page or export: ``withhold`` cuts the match, as the request holds it, to its published deals.

``withhold`` is the one place the second rule is applied: ``policy/publication.readable`` calls it
for every page and export of one match, for whoever is not one of the table's own (its
scorekeepers and the phones holding its seats), and the readers that query the results cache or
the change history by the match's id bound their query by ``cut_at``. A match of no set is never
cut, and costs no statement here.

Outside a set, a deal's cards are public once it is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import g, has_request_context, request
from sqlalchemy import Select, func, select
from sqlalchemy import inspect as orm_inspect
from sqlalchemy.orm import attributes, object_session

from scorer.core import PILE, MatchScore, make_setup
from scorer.web.data.models import Deal, DealSet, Match, MatchResult, SetTable
from scorer.web.data.models.cards import OPEN
from scorer.web.extensions import db

_CUT = "scorer.published"  # the key of ``withhold``'s mark in the match's InstanceState.info


def _published_query(set_id: int, besides: int | None) -> Select[tuple[int | None]]:
    """The fewest deals any admitted, open, unfinished table of the set (but match ``besides``) has
    recorded: one statement, each table's deals counted on the ``(match_id, number)`` index."""
    deals = select(func.count()).where(Deal.match_id == SetTable.match_id).correlate(SetTable).scalar_subquery()
    query = (select(func.min(deals)).select_from(SetTable).join(Match, Match.id == SetTable.match_id)
             .where(SetTable.deal_set_id == set_id, SetTable.state == OPEN, Match.finished.is_(False),
                    Match.deleted_at.is_(None)))
    return query if besides is None else query.where(SetTable.match_id != besides)


def published(deal_set: DealSet, besides: int | None = None) -> int | None:
    """How many of the set's deals are published (None: every deal, as no table holds any back);
    with ``besides``, as far as the tables other than that match go. A page (a GET, which writes
    nothing) asks it once, however many of its parts need it; a write asks afresh each time, as
    what it reads under its lock may differ from what the request saw before."""
    memo: dict[tuple[int, int | None], int | None] | None = (
        g.setdefault("scorer_published", {}) if has_request_context() and request.method == "GET" else None)
    key = (deal_set.id, besides)
    if memo is not None and key in memo:
        return memo[key]
    found = db.session.scalar(_published_query(deal_set.id, besides))
    if memo is not None:
        memo[key] = found
    return found


def public_upto(match: Match) -> int:
    """How many of the match's recorded deals anyone may see: all of them outside a set; in a set,
    those published."""
    count = match.deal_count()
    if match.deal_set is None:
        return count
    shown = published(match.deal_set)
    return count if shown is None else min(count, shown)


def cards_public(match: Match, number: int) -> bool:
    """Whether every hand of deal ``number`` may be seen by anyone: the deal is recorded here and,
    in a duplicate set, published (no admitted table is still holding, or yet to be dealt, those
    cards)."""
    return number <= public_upto(match)


def turn_up_shown(match: Match, number: int, insider: bool) -> bool:
    """Whether the app's turned card of deal ``number`` (not recorded at this table yet) may be
    shown on this match's scoreboard: to the table's own always, as it lies face up on their table;
    to everyone else once every other admitted table of its set has played that deal (before, a
    slower table would learn its trump before it deals)."""
    if insider or match.deal_set is None:
        return True
    shown = published(match.deal_set, besides=match.id)
    return shown is None or number <= shown


def withheld(match: Match) -> set[int]:
    """The recorded deals whose cards are not public yet (a duplicate set's faster table): their
    bid cards are shown as the bid they make, not as cards."""
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
        return not pile or all(table.finished for table in match.deal_set.matches)
    if match.finished or not pile:
        return True
    nxt = scored.next
    return nxt is None or nxt.game != scored.deals[number - 1].game


# ---------------------------------------------------------------------------- a table of the night


def table_of(match: Match) -> SetTable | None:
    """The match's place in its set's night (None: no set). Read only for a set's match."""
    return match.set_table if match.deal_set is not None else None


def may_play(match: Match) -> bool:
    """Whether the app may deal this match its next deal and record it: always outside a set; in a
    set, only while the organiser has the table admitted and open."""
    table = table_of(match)
    return match.deal_set is None or (table is not None and table.state == OPEN)


# ---------------------------------------------------------------------------- keeping the phones in step


def moves_publication(match: Match, finished_before: bool, count_after: int, finished_after: bool) -> bool:
    """Whether a change of a table's deals (the match as it stood before: ``finished_before``, its
    deals in the results cache not yet rewritten; after: ``count_after``, ``finished_after``) moves
    how far its set is published. Only a table that holds back can move it: then every phone
    following a table of the set is to look again (``live``: the set's version is in every tag).
    Two statements, for an admitted, open table only."""
    table = table_of(match)
    if table is None or table.state != OPEN or match.deal_set is None:
        return False
    before = db.session.scalar(select(MatchResult.deals).where(MatchResult.match_id == match.id, MatchResult.seat == 0)) or 0
    others = published(match.deal_set, besides=match.id)

    def shown(count: int, finished: bool) -> int | None:
        holds = None if finished else count
        return holds if others is None else others if holds is None else min(holds, others)

    return shown(before, finished_before) != shown(count_after, finished_after)


# ---------------------------------------------------------------------------- the one cut


def list_cuts(matches: Sequence[Match], counts: Mapping[int, int]) -> dict[int, int]:
    """For a list of many matches (home, history), where no phone is one of a table's own: each
    match of a set that has recorded more deals (``counts``) than its set has published, and how
    many may be shown. One statement per set among them; none for a list without a set's match."""
    published_of: dict[int, int | None] = {}
    found = {}
    for match in matches:
        deal_set = match.deal_set
        if deal_set is None:
            continue
        if deal_set.id not in published_of:
            published_of[deal_set.id] = published(deal_set)
        shown = published_of[deal_set.id]
        if shown is not None and shown < counts.get(match.id, 0):
            found[match.id] = shown
    return found



@dataclass(frozen=True)
class Cut:
    """A match as ``withhold`` left it: the deals shown, of the deals recorded."""

    shown: int
    recorded: int


def withhold(match: Match) -> int | None:
    """Cut ``match``, as this request's session holds it, to the deals anyone may see: its deals
    (and the app's cards of them) after the published ones are left out of the loaded collections,
    and a match cut short is not over. Nothing is written: the collections are set as loaded
    (``set_committed_value``), so a flush finds no change, and a write, which reads the match again
    under its lock (``locking.lock_match`` expires the session), sees it whole. Returns how many
    deals are shown, or None when nothing is held back (then the match is left as it is)."""
    if match.deal_set is None:
        return None
    upto = public_upto(match)
    if upto >= len(match.deals):
        return None
    recorded = len(match.deals)
    attributes.set_committed_value(match, "deals", list(match.deals[:upto]))
    attributes.set_committed_value(match, "dealt", [row for row in match.dealt if row.number <= upto])
    attributes.set_committed_value(match, "finished", False)
    orm_inspect(match).info[_CUT] = Cut(upto, recorded)
    return upto


def cut_of(match: Match) -> Cut | None:
    """What ``withhold`` left in this request's view of the match (None: it is whole)."""
    if object_session(match) is None:
        return None
    state = orm_inspect(match)
    found = state.info.get(_CUT)
    # Read again since (a write's lock expires the session's objects): whole again.
    if not isinstance(found, Cut) or "deals" in state.unloaded or len(match.deals) != found.shown:
        return None
    return found


def cut_at(match: Match) -> int | None:
    """How many deals ``withhold`` left in this request's view of the match (None: not cut). The
    readers that query by the match's id (the results cache, the change history) bound by it."""
    cut = cut_of(match)
    return cut.shown if cut is not None else None
