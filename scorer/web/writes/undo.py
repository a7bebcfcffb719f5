"""Undoing one change of the history, under the match's lock; the undo is a change of its own.

Undo is generic: a change took something (a deal, a name, a seat's holder, the match's deleted
state) from ``before`` to ``after``; undoing it takes it from ``after`` back to ``before``, and is
recorded as a change of its own (``undoes``). It is refused, with what to undo first, when the
thing is no longer as the change left it (a later change touched it), or when the result would
break the rules: a deal can only be taken away while it is the last one, and only come back as
the next one, so undoing the first recording of deal 4 while deals 5-8 exist asks to undo deal
8's recording first (newest first), and the core scores the match with the change undone before
anything is written. Each kind goes through the write it takes back (``deals.put_deal``,
``matches.delete``/``restore``, ``players``' rename, ``seats``' holder).

Before an undo is done, ``preview`` says what it will change, as an edit's preview does: the
figures a deal goes back to (or comes back with, or loses) and what that changes further on (a
later trump, where a game ends, the winner), decided by the same ``check`` as the undo itself and
writing nothing. The confirmation carries the match's version, so an undo confirmed on a page
that another phone's change has made out of date is refused (``seen``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from scorer.core import MatchError, MatchScore
from scorer.web.data import documents
from scorer.web.data.document_types import DealDocument
from scorer.web.data.history import DEAL, MATCH, RENAME, current_state, later_change
from scorer.web.data.models import Change, Match, Player, SeatHolder, name_key
from scorer.web.extensions import db
from scorer.web.presentation.change_words import deal_differences, deal_summary, describe
from scorer.web.presentation.preview import edit_changes
from scorer.web.presentation.scoreboard import seat_names
from scorer.web.writes.deals import put_deal
from scorer.web.writes.history import record
from scorer.web.writes.matches import delete_locked, restore_locked
from scorer.web.writes.problems import Gone, OutOfDate, Refused
from scorer.web.writes.unit import match_write

TITLE = "Nothing was undone"


def undo(match_id: int, change_id: int, by: str, seen: int | None = None) -> Change:
    """Undo change ``change_id`` of match ``match_id`` (it must be in that match's history:
    the caller checked, and who may). ``seen``: the match's version the confirmation was shown at
    (None: it did not say). Returns the change undone. Raises ``Refused``, ``OutOfDate``, ``Busy``
    or ``Gone``; nothing is written then."""
    with match_write(match_id, TITLE, deleted=True, gone="This match is gone for good.") as locked:
        change = db.session.get(Change, change_id)
        if change is None:
            raise Gone("That change is not in this match's history.")
        if seen is not None and seen != locked.version:
            raise OutOfDate("The match was changed from another phone after you looked at what this undo "
                            "would do, so nothing was undone. Look again: it says what the undo does now.", TITLE)
        apply(locked.match, change, by)
        return change


@dataclass(frozen=True)
class DealPlan:
    """What undoing a deal's change does: deal ``number`` becomes ``target`` (None: taken away),
    the match then scored ``after`` (and ``before``, where a deal is replaced)."""

    number: int
    target: DealDocument | None
    exists: bool
    deals: list[DealDocument]
    after: MatchScore
    before: MatchScore | None


def check(match: Match, change: Change) -> DealPlan | None:
    """Every check an undo makes, writing nothing: raises ``Refused`` with why not. For a deal's
    change, what it would do (``DealPlan``)."""
    if change.kind != MATCH and match.deleted_at is not None:
        raise Refused("This match is deleted: restore it first (Recently deleted), then undo.", TITLE)
    if current_state(match, change) != change.after:
        newer = later_change(match, change)
        raise Refused("This is no longer as that change left it." + (
            f" Undo the later change first: “{describe(newer, seat_names(match))}”." if newer is not None
            else " Look at the history as it is now."), TITLE)
    return plan_deal(match, change) if change.kind == DEAL else None


def apply(match: Match, change: Change, by: str) -> Change:
    """Undo ``change`` on ``match`` (held under its lock); raises ``Refused``. Records the undo."""
    plan = check(match, change)
    if change.kind == MATCH:
        if change.before["deleted"]:
            return delete_locked(match, by, undoes=change.id)
        return restore_locked(match, by, undoes=change.id)
    if plan is not None:
        put_deal(match, plan.number, plan.target, plan.after, by, exists=plan.exists, before=plan.before,
                 deals=plan.deals, undoes=change.id)
        return change
    if change.kind == RENAME:
        undo_rename(change)
    else:
        holder = db.session.get_one(SeatHolder, (match.id, change.deal))
        holder.holder_hash = change.before["holder"]
    return record(change.kind, change.match_id, by, change.deal, before=change.after, after=change.before,
                  undoes=change.id)


def plan_deal(match: Match, change: Change) -> DealPlan:
    """Taking deal ``change.deal`` back to ``change.before``, through the same write as a save
    (``put_deal``): the deals as they would stand, scored by the core first."""
    number, target, count = change.deal or 0, change.before, len(match.deals)
    if target is None and number < count:
        raise Refused(f"Deal {number} cannot be taken away while deal{'s' if count > number + 1 else ''} "
                      f"{number + 1}{f' to {count}' if count > number + 1 else ''} "
                      f"come{'' if count > number + 1 else 's'} after it: undo deal {count}'s recording first "
                      "(newest first), or delete it.", TITLE)
    if change.after is None and number > count + 1:
        raise Refused(f"Deal {number} can come back only after deal {count + 1}: undo the deletion of deal "
                      f"{count + 1} first.", TITLE)
    deals = [deal.as_json() for deal in match.deals]
    if target is None:
        deals.pop()
    elif number <= count:
        deals[number - 1] = target
    else:
        deals.append(target)
    try:
        after = documents.score(match, deals)
    except MatchError as error:
        raise Refused(f"Undoing this would make the match break a rule, so nothing was changed: "
                      f"{documents.message(error)}", TITLE) from None
    before = documents.score(match) if target is not None and number <= count else None
    return DealPlan(number, target, number <= count, deals, after, before)


@dataclass(frozen=True)
class Preview:
    """What an undo will do, in words, before it is done; ``version``: the match's, to confirm at."""

    change: Change
    does: str
    details: list[str] = field(default_factory=list)
    version: int = 0


def preview(match: Match, change: Change) -> Preview:
    """What undoing ``change`` will change, in words, writing nothing (refusals as ``undo``'s)."""
    plan = check(match, change)
    names = seat_names(match)
    version = match.version
    if change.kind == MATCH:
        return Preview(change, "The match will be deleted: it goes to Recently deleted, from where it can be "
                       "restored." if change.before["deleted"] else "The match will be restored, as it was.",
                       version=version)
    if change.kind == RENAME:
        return Preview(change, f"{change.after['name']} will be called {change.before['name']} again, in every match.",
                       version=version)
    if plan is None:  # a seat's holder
        name = names[change.deal or 0] if (change.deal or 0) < len(names) else "The seat"
        return Preview(change, f"{name}'s seat will be held again by the phone that held it before."
                       if change.before.get("holder") else f"{name}'s seat will be free for the next phone to take it.",
                       version=version)
    number, now = plan.number, (match.deals[plan.number - 1].as_json() if plan.exists else None)
    if plan.target is None:
        does = f"Deal {number} will be taken away, and its points from every total."
    elif now is None:
        does = f"Deal {number} will come back: {deal_summary(plan.target, names)}."
    else:
        does = f"Deal {number} will go back to its earlier figures: " + (
            ", ".join(deal_differences(now, plan.target, names)) or "the same figures") + "."
    details = edit_changes(match, number, plan.before, plan.after) if plan.before is not None else []
    if plan.after.finished != match.finished:
        details.append("The match will be over." if plan.after.finished else "The match will no longer be over.")
    return Preview(change, does, details, version)


def undo_rename(change: Change) -> None:
    player = db.session.get_one(Player, change.after["player_id"])
    old = change.before["name"]
    other = db.session.scalar(select(Player).where(Player.name_key == name_key(old), Player.id != player.id))
    if other is not None:
        raise Refused(f"{old} is now another player's name, so {player.name} cannot be renamed back. "
                      f"Rename that player first.", "Nothing was undone")
    player.name, player.name_key = old, name_key(old)
