"""A duplicate deal set and its club night: making the set, a table joining it, and the organiser
admitting, closing, opening again and taking out tables, and showing the table code on the
director's screen.

A table's place in the night (``SetTable``) changes under its match's lock, so that no deal is
being saved into it meanwhile (a save reads the table's state under the same lock), and every
change of a set's tables raises the set's version first (``locking.lock_set``): two tables joining
at once take turns for their numbers, and the director's screen sees the change.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from scorer.core import get_ruleset, new_seed
from scorer.web.data import card_store, documents, locking, publication
from scorer.web.data.models import DealSet, Match, SetTable, now_utc
from scorer.web.data.models.cards import CLOSED, OPEN, OUT, WAITING
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.policy import capability, organiser
from scorer.web.writes import frontier
from scorer.web.writes.problems import Gone, Refused
from scorer.web.writes.unit import match_write, transaction


@dataclass(frozen=True)
class Made:
    """A set just made: its id, the key its printable sheet's address carries, and the token its
    organiser's phone keeps (the set stores its hash)."""

    set_id: int
    key: str
    token: str


def make(name: str, ruleset_id: str, trump: str | None, count: int, typed_seed: int | None, first_dealer: int, *,
         untitled: Callable[[int], str]) -> Made:
    """A new set of ``count`` deals of the ruleset (its ``trump`` option where it has one), dealt
    from the typed seed (or one drawn at random) keyed with this server's secret and a secret of
    the set's own (``card_store.set_seed``): no match and no other set deals its cards, whatever
    seed they were given; named ``name`` or, without one, ``untitled(N)`` (the screen's words: "Deal set N"); with a table code, and the phone that
    makes it as its organiser."""
    ruleset = get_ruleset(ruleset_id)
    options: dict[str, Any] = {"trump": trump} if "trump" in ruleset.option_keys else {}
    token = organiser.new_token()
    secret = secrets.token_hex(32)
    seed = card_store.set_seed(new_seed() if typed_seed is None else typed_seed, secret)
    with transaction():
        number = (db.session.scalar(select(func.max(DealSet.id))) or 0) + 1
        deal_set = DealSet(key=secrets.token_urlsafe(12), name=name.strip() or untitled(number),
                           ruleset=ruleset.id, options=options, count=count,
                           seed=seed, secret=secret,
                           first_dealer=first_dealer, organiser_hash=capability.digest(token),
                           table_code=organiser.new_code(), code_on_screen=False, version=0)
        db.session.add(deal_set)
        db.session.flush()
        return Made(deal_set.id, deal_set.key, token)


def play_started(deal_set: DealSet) -> bool:
    """Whether play has started at the set's night: a deal recorded at any of its tables (or
    published, or the night over). A table that joins then waits for the organiser, even with the
    code: it would hold every table's results back, and may have seen deals already published."""
    return (publication.published(deal_set) > 0 or publication.ended(deal_set)
            or any(table.deals for table in publication.standings(deal_set.id)))


def seat_table(match: Match, deal_set_id: int, code: str) -> SetTable:
    """Make ``match`` (new, in the caller's transaction, before its first deal is dealt) a table of
    the set: admitted and open with the set's table code before play has started
    (``play_started``), else waiting for the organiser. The caller has taken the set's lock as its
    transaction's first statement (``locking.lock_set``)."""
    deal_set = db.session.get_one(DealSet, deal_set_id)
    number = (db.session.scalar(select(func.max(SetTable.number)).where(SetTable.deal_set_id == deal_set_id)) or 0) + 1
    coded = bool(code) and organiser.code_matches(deal_set, code)
    state = OPEN if coded and not play_started(deal_set) else WAITING
    table = SetTable(deal_set_id=deal_set_id, number=number, state=state, changed_at=now_utc())
    match.set_table = table
    return table


# ---------------------------------------------------------------------------- the organiser's changes

# What each change does: the states it may start from, and the state it leaves.
CHANGES = {
    "admit": ((WAITING, OUT), OPEN),
    "close": ((OPEN,), CLOSED),
    "reopen": ((CLOSED,), OPEN),
    "take-out": ((WAITING, OPEN, CLOSED), OUT),
}


class Behind(Refused):
    """The table cannot come back into the night: deals were published while it was away
    (``publication.may_record``), and its players may have seen them. The screen words it."""

    def __init__(self, number: int, deals: int, published: int) -> None:
        super().__init__("behind", number=number, deals=deals, published=published)
        self.number, self.deals, self.published = number, deals, published


class TableMoved(Refused):
    """The table is no longer in a state the change starts from: another of the organiser's phones
    changed it meanwhile."""

    def __init__(self, number: int) -> None:
        super().__init__("table-moved", number=number)
        self.number = number


@dataclass(frozen=True)
class TableChanged:
    """What an organiser's change did: the table's number, and its state before and after."""

    number: int
    before: str
    after: str


def change_table(set_id: int, match_id: int, change: str) -> TableChanged:
    """Admit, close, open again or take out the set's table playing ``match_id``, under the match's
    lock (no deal is saved into it meanwhile). A table admitted or opened again is dealt its next
    deal if it has none yet (a waiting table was dealt nothing). ``Refused`` if the table is not in
    that state any more (another of the organiser's phones changed it); ``Gone`` if it is not a
    table of the set."""
    starts, ends = CHANGES[change]
    with match_write(match_id, heading("table-not-changed"), bump=False) as locked:
        match = locked.match
        table = match.set_table
        if table is None or table.deal_set_id != set_id:
            raise Gone("not-a-table")
        if table.state == ends:
            return TableChanged(table.number, table.state, ends)  # sent twice: done already
        if table.state not in starts:
            raise TableMoved(table.number)
        deal_set = locking.hold_set(set_id)
        if ends == OPEN:
            count = match.deal_count()
            shown = publication.published(deal_set)
            if count == 0 and table.state in (WAITING, OUT) and not publication.ended(deal_set):
                table.vouched = shown  # a table that never played: the organiser was told what was published
            elif count < shown and not match.finished:
                raise Behind(table.number, count, shown)
        before, table.state, table.changed_at = table.state, ends, now_utc()
        db.session.flush()  # the table's state, which the frontier and the dealing read
        frontier.follow(set_id, changed=True)
        if ends == OPEN:
            card_store.deal_next(match, documents.score(match))
        match.touch()  # its scoreboard says where the table stands now
        return TableChanged(table.number, before, ends)


def table_of_set(set_id: int, match_id: int, deleted: bool = False) -> SetTable:
    """The set's table playing ``match_id`` (``Gone`` if it is not one, or its match is deleted;
    with ``deleted``, if it is not)."""
    table = db.session.get(SetTable, match_id)
    if table is None or table.deal_set_id != set_id or (table.match.deleted_at is not None) != deleted:
        raise Gone("not-a-table")
    return table


def end_night(set_id: int) -> int:
    """End the set's night: its open tables are closed and the tables waiting taken out (each under
    its match's lock, so that no deal is being saved into it meanwhile), every deal is published,
    the sheet shows every hand, and the night's matches count in the statistics and the ratings.
    Returns how many tables were closed. Ended already (sent twice): nothing more is done."""
    with transaction():
        ids = list(db.session.scalars(select(SetTable.match_id).where(SetTable.deal_set_id == set_id)
                                      .order_by(SetTable.match_id)))
        locking.lock_matches(ids)
        deal_set = locking.hold_set(set_id)
        if publication.ended(deal_set):
            return 0
        closed = 0
        for table in db.session.scalars(select(SetTable).where(SetTable.deal_set_id == set_id)):
            if table.state in (OPEN, WAITING):
                closed += table.state == OPEN
                table.state, table.changed_at = (CLOSED if table.state == OPEN else OUT), now_utc()
                table.match.touch()
        db.session.flush()
        frontier.end(set_id)
        return closed


def show_code(set_id: int, shown: bool) -> None:
    """Show the table code and its QR code on the director's screen, or take them off it."""
    with transaction():
        locking.lock_set(set_id)
        deal_set = db.session.get(DealSet, set_id)
        if deal_set is None:
            raise Gone("no-such-deal-set")
        deal_set.code_on_screen = shown
