"""Storing checked match documents (an import, a restore from backup): all are checked before any
is stored, and a file with any bad document stores nothing. A match already stored from the same
document is left as it is, so importing the same file twice doubles nothing: a match is
recognised by what was played (``Match.content_hash``, then compared in full) and, when the file
says when it was played, by that time too.

**Storing.** The checked matches are stored in batches, each its own short transaction
(``BATCH_SECONDS``), so that a phone saving a deal at the table waits a fraction of a second at
most, never the whole import: between two batches the import gives way to the writes waiting
(``locking.give_way``). If storing fails part way (the database refuses a batch), the
batches before it stay; the message says how many were stored, and importing the same file
again stores the rest and doubles nothing, since the stored ones are recognised.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, or_, select
from sqlalchemy.exc import SQLAlchemyError

from scorer.web.clock import as_utc
from scorer.web.data import card_store, locking, names, results
from scorer.web.data.exported import export_document
from scorer.web.data.import_check import Checked, check, played
from scorer.web.data.match_files import MAX_LISTED, CoreProblem, DocumentProblem, ImportProblem, Label, Line
from scorer.web.data.models import Change, Deal, Match, MatchCards, MatchSeat, Player
from scorer.web.data.refusals import Said
from scorer.web.extensions import db
from scorer.web.writes.changes import record
from scorer.web.writes.deals import settle
from scorer.web.writes.unit import commit, rollback, transaction

T = TypeVar("T")

BATCH_SECONDS = 0.2                    # how long one batch of stored matches may hold the database
BATCH_MATCHES = 100
# Between two batches, the lock is left free this long: a save waiting in another worker process
# is not counted by ``give_way`` (it waits in SQLite's busy handler, which looks again only every
# 100 ms once it has waited a while), and without the pause the next batch took the lock first,
# batch after batch (a save waited 2.1 s behind a 1.8-s import in test_worker_races).
BATCH_PAUSE = 0.11


def candidates(checked: Checked) -> Select[tuple[Match]]:
    """The matches that may be the document's: an index search each way (``content_hash`` and
    ``ix_matches_created``), never a scan of ``matches`` (tests/web/test_sql_counts.py)."""
    if checked.played_at is None:
        return select(Match).where(Match.content_hash == checked.content_hash)
    return select(Match).where(or_(Match.content_hash == checked.content_hash, (
        (Match.created_at == checked.played_at) & (Match.ruleset == checked.document["ruleset"]))))


def stored_copy(checked: Checked) -> Match | None:
    """A match already stored from the same document (imported twice): the same deals, options,
    cards and players (by name key), and, when the document says when it was played, the same
    time. Candidates are found by ``content_hash`` (and, for a file that gives the time, by the
    time, so that a match whose fingerprint was never written is found too)."""
    wanted = [names.key(name) for name in checked.players]
    for match in db.session.scalars(candidates(checked)):
        if checked.played_at is not None and as_utc(match.created_at) != checked.played_at:
            continue
        stored = export_document(match)
        if ([names.key(name) for name in stored["players"]] == wanted and stored["options"] == checked.options
                and stored["first_dealer"] == checked.document.get("first_dealer", 0)
                and [played(deal) for deal in stored["deals"]] == checked.deals() and match.cards == checked.cards):
            return match
    return None


def store(checked: Checked, players: dict[str, Player] | None = None) -> Match:
    """Add the match, its seats and deals, and its results rows, to the session. ``players``
    remembers the players already looked up by this import (by name key)."""
    players = {} if players is None else players
    for name in checked.players:
        if names.key(name) not in players:
            players[names.key(name)] = Player.named(name)
    match = Match(ruleset=checked.document["ruleset"], options=checked.options,
                  first_dealer=checked.document.get("first_dealer", 0), finished=checked.scored.finished,
                  content_hash=checked.content_hash)
    if checked.played_at is not None:
        match.created_at = checked.played_at
        match.updated_at = checked.updated_at or checked.played_at
    match.finished_at = checked.finished_at  # None: finishing now (settle puts it at the end of the order)
    match.first_finished_at = checked.finished_at  # a finished match's first finish, as far as this server knows
    match.seats = [MatchSeat(seat=seat, player=players[names.key(name)]) for seat, name in enumerate(checked.players)]
    match.deals = [Deal(number=number, bids=deal["bids"], tricks=deal["tricks"], premiums=deal["premiums"],
                        turn_up=deal.get("turn_up"), trump=deal.get("trump"), played_trump=trump)
                   for number, (deal, trump) in enumerate(zip(checked.deals(), checked.played_trumps(), strict=True), start=1)]
    if checked.cards != card_store.TABLE:
        match.card_setup = MatchCards(mode=checked.cards)
        match.dealt = checked.dealt()
    db.session.add(match)
    db.session.flush()
    # As every change of a match ends (writes/deals.py), but with the file's times; the deal to
    # come gets its cards now, unless it was in the players' hands where the match was exported
    # (then it is left as exported, played as at the table, never dealt again).
    settle(match, checked.scored, touch=False, deal_next=not checked.next_dealt)
    return match


@dataclass
class Imported:
    added: list[Match] = field(default_factory=list)
    already_here: list[Match] = field(default_factory=list)


def store_in_batches(items: Sequence[T], store_one: Callable[[T], Match | None], outcome: Imported,
                     total: int | None = None) -> None:
    """Store ``items`` one by one (``store_one``: the match stored, or None if it was here
    already), committed in short batches (``BATCH_MATCHES``, ``BATCH_SECONDS``), giving way
    between two to the saves waiting at the table. A batch the database refuses is rolled back
    and reported (``ImportProblem``, 409) with how many the batches before it stored."""
    commit()  # end the read the checks may have begun: each batch starts afresh
    batch: list[Match] = []
    started = time.monotonic()
    try:
        for item in items:
            stored = store_one(item)
            if stored is None:
                continue
            batch.append(stored)
            if len(batch) >= BATCH_MATCHES or time.monotonic() - started > BATCH_SECONDS:
                commit()
                outcome.added += batch
                locking.give_way()  # a deal saved at the table meanwhile goes in now
                time.sleep(BATCH_PAUSE)  # ...and one waiting in another process
                batch, started = [], time.monotonic()
        commit()
        outcome.added += batch
    except SQLAlchemyError as error:
        rollback()
        done = len(outcome.added)
        raise ImportProblem(Said("database-refused", error=type(error).__name__, done=done, total=total or len(items)),
                            409) from None


def labelled(line: Line, label: Label) -> Line:
    """One document's problem, saying which file (or which match of a list) it is in."""
    if isinstance(line, (CoreProblem, DocumentProblem)):
        return replace(line, label=label)
    return Said("in-file", file=label, problem=line)


def import_documents(found: list[tuple[Label, Any]]) -> Imported:
    """Check every document first, then store them in batches, each committed on its own.

    With one document the core's message is shown as it is; with several it says which one.
    A batch the database refuses is rolled back and reported (``ImportProblem``, status 409)
    with how many matches the batches before it stored.
    """
    checked = []
    problems: list[Line] = []  # every document's problem, all told at once
    for label, document in found:
        # Checking holds no lock, but it holds Python's: a save at the table meanwhile would get
        # the interpreter only now and then (a CI run saw one save wait 2 s for a 300-match
        # import's checks). Between two documents, the saves under way go first.
        locking.give_way()
        try:
            checked.append(check(document))
        except ImportProblem as problem:
            if len(found) == 1:
                raise
            problems.append(labelled(problem.lines[0], label))
    if problems:
        shown = problems[:MAX_LISTED] + ([Said("and-more", count=len(problems) - MAX_LISTED)]
                                         if len(problems) > MAX_LISTED else [])
        raise ImportProblem(Said("cannot-import", num=len(problems), total=len(found)), 422, shown)
    outcome = Imported()
    players: dict[str, Player] = {}

    def store_one(item: Checked) -> Match | None:
        copy = stored_copy(item)
        if copy is not None:
            outcome.already_here.append(copy)
            return None
        return store(item, players)
    store_in_batches(checked, store_one, outcome)
    return outcome


# ---- a restore from a backup: the import's write, with each match's deleted state and history ----

@dataclass(frozen=True)
class PastChange:
    """A change of a match's history as a backup holds it (``id``: the file's, for ``undoes``)."""

    id: int
    at: datetime
    device: str
    kind: str
    deal: int | None
    before: Any
    after: Any
    undoes: int | None


@dataclass(frozen=True)
class BackedUp:
    """One match of a backup, checked: the import's ``Checked``, when it was deleted (None: it was
    not), and its history."""

    checked: Checked
    deleted_at: datetime | None
    changes: list[PastChange]


@dataclass(frozen=True)
class PastRename:
    """A site-wide change of a backup (a rename), with the player's name now, to find them again."""

    change: PastChange
    player: str


@dataclass
class Restored(Imported):
    changes: int = 0


def restore(entries: list[BackedUp], renames: list[PastRename]) -> Restored:
    """Store a backup's matches that are not here already, through the import's write (``store``,
    ``store_in_batches``), each with its deleted state and its history (``changes.record``, at
    the file's times, ``undoes`` mapped to the new ids); then the renames not here already."""
    outcome = Restored()
    players: dict[str, Player] = {}

    def store_one(entry: BackedUp) -> Match | None:
        copy = stored_copy(entry.checked)
        if copy is not None:
            outcome.already_here.append(copy)
            return None
        match = store(entry.checked, players)
        if entry.deleted_at is not None:
            match.deleted_at = entry.deleted_at
            results.forget(match)
        outcome.changes += add_changes(entry.changes, match.id)
        return match
    store_in_batches(entries, store_one, outcome)
    with transaction():
        outcome.changes += restore_renames(renames)
    return outcome


def add_changes(rows: list[PastChange], match_id: int | None, mapped: dict[int, int] | None = None) -> int:
    """Record the file's changes under ``match_id``, oldest first, ``undoes`` mapped to the new ids."""
    mapped = {} if mapped is None else mapped
    for row in sorted(rows, key=lambda r: r.id):
        change = record(row.kind, match_id, row.device[:30], row.deal, before=row.before, after=row.after,
                        undoes=mapped.get(row.undoes or -1), at=row.at)
        db.session.flush()
        mapped[row.id] = change.id
    return len(rows)


def rename_key(at: datetime, before: Any, after: Any) -> tuple[str, str, str]:
    return (as_utc(at).isoformat(), json.dumps(before, sort_keys=True), json.dumps(after, sort_keys=True))


def restore_renames(renames: list[PastRename]) -> int:
    """The renames, each once: one already here (same moment, same names) is not added again."""
    known = {rename_key(c.at, {"name": c.before.get("name")}, {"name": c.after.get("name")})
             for c in db.session.scalars(select(Change).where(Change.match_id.is_(None)))}
    fresh = []
    for rename in renames:
        row = rename.change
        key = rename_key(row.at, {"name": (row.before or {}).get("name")}, {"name": (row.after or {}).get("name")})
        if key in known or not rename.player:
            continue
        player = Player.named(rename.player)
        db.session.flush()
        fresh.append(replace(row, before={**row.before, "player_id": player.id}, after={**row.after, "player_id": player.id}))
    return add_changes(fresh, None)
