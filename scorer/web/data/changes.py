"""The change history as stored: the kinds of change, a match's changes (with the renames of its
players, which are site-wide rows), and the thing a change touched as it is now.

``changes`` is append-only (``writes/changes.py`` adds rows; nothing updates or deletes one), with
the state of the thing before and after each change as JSON: that is what an undo compares and
restores (``writes/undo.py``), and what ``presentation/change_words.py`` puts in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorer.core import MatchScore, ScoreDiff
from scorer.web.data import publication
from scorer.web.data.document_types import DealDocument
from scorer.web.data.models import Change, Match, Player, SeatHolder
from scorer.web.data.ratings import standing_of
from scorer.web.extensions import db

DEAL, RENAME, SEAT, MATCH, RATINGS = "deal", "rename", "seat", "match", "ratings"
KINDS = (DEAL, RENAME, SEAT, MATCH, RATINGS)


def changes_of(match: Match) -> list[Change]:
    """The match's changes, newest first, with the renames of its players (site-wide changes); of
    a match cut for this request (``publication.cut_to_public``), none of a deal it holds back."""
    own = list(db.session.scalars(select(Change).where(Change.match_id == match.id)))
    cut = publication.cut_of(match)
    if cut is not None:
        own = [change for change in own if change.kind != DEAL or (change.deal or 0) <= cut.shown]
    player_ids = {seat.player_id for seat in match.seats}
    renames = [change for change in db.session.scalars(
        select(Change).where(Change.match_id.is_(None), Change.kind == RENAME))
        if change.after.get("player_id") in player_ids]
    return sorted([*own, *renames], key=lambda change: change.id, reverse=True)


def belongs(change: Change, match: Match) -> bool:
    """Whether ``change`` is in ``match``'s history (its own, or a rename of one of its players)."""
    if change.match_id == match.id:
        return True
    return change.kind == RENAME and change.match_id is None and change.after.get("player_id") in {
        seat.player_id for seat in match.seats}


def current_state(match: Match, change: Change) -> Any:
    """The thing the change touched, as it is now, in the shape of ``change.after``."""
    if change.kind == DEAL:
        number = change.deal or 0
        return match.deals[number - 1].as_json() if 1 <= number <= len(match.deals) else None
    if change.kind == RENAME:
        player = db.session.get(Player, change.after["player_id"])
        return None if player is None else {"player_id": player.id, "name": player.name}
    if change.kind == SEAT:
        holder = db.session.get(SeatHolder, (match.id, change.deal))
        return {"holder": holder.holder_hash if holder is not None else None}
    if change.kind == RATINGS:
        return standing_of(match)
    return {"deleted": match.deleted_at is not None}


def later_change(match: Match, change: Change) -> Change | None:
    """The newest change since ``change`` to the same thing, if any."""
    query = select(Change).where(Change.id > change.id, Change.kind == change.kind).order_by(Change.id.desc())
    if change.kind == RENAME:
        newer = [c for c in db.session.scalars(query.where(Change.match_id.is_(None)))
                 if c.after.get("player_id") == change.after["player_id"]]
    else:
        newer = list(db.session.scalars(query.where(Change.match_id == match.id, Change.deal == change.deal)))
    return newer[0] if newer else None


# ---- what an undo will do, as facts (writes/undo.py decides them, presentation/change_words.py words them)

@dataclass(frozen=True)
class DealPlan:
    """What undoing a deal's change does: deal ``number`` goes from ``now`` (None: it is not there)
    to ``target`` (None: taken away), the match then scored ``after`` (and ``before``, where a
    deal is replaced: ``changes`` is the core's comparison of the two)."""

    number: int
    target: DealDocument | None
    now: DealDocument | None
    deals: list[DealDocument]
    after: MatchScore
    before: MatchScore | None
    changes: ScoreDiff | None

    @property
    def exists(self) -> bool:
        return self.now is not None


@dataclass(frozen=True)
class Plan:
    """What an undo will do, as facts, before it is done: the change, the match's version to
    confirm at, for a deal what it does to it, and whether the match is over before and after."""

    change: Change
    version: int
    deal: DealPlan | None = None
    finished_before: bool = False
    finished_after: bool = False
