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
"""

from __future__ import annotations

from sqlalchemy import select

from scorer.core import MatchError
from scorer.web.data import documents
from scorer.web.data.history import DEAL, MATCH, RENAME, current_state, later_change
from scorer.web.data.models import Change, Match, Player, SeatHolder, name_key
from scorer.web.extensions import db
from scorer.web.presentation.change_words import describe
from scorer.web.presentation.scoreboard import seat_names
from scorer.web.writes.deals import put_deal
from scorer.web.writes.history import record
from scorer.web.writes.matches import delete_locked, restore_locked
from scorer.web.writes.problems import Gone, Refused
from scorer.web.writes.unit import match_write


def undo(match_id: int, change_id: int, by: str) -> Change:
    """Undo change ``change_id`` of match ``match_id`` (it must be in that match's history:
    the caller checked, and who may). Returns the change undone. Raises ``Refused``, ``Busy`` or
    ``Gone``; nothing is written then."""
    with match_write(match_id, "Nothing was undone", deleted=True, gone="This match is gone for good.") as locked:
        change = db.session.get(Change, change_id)
        if change is None:
            raise Gone("That change is not in this match's history.")
        apply(locked.match, change, by)
        return change


def apply(match: Match, change: Change, by: str) -> Change:
    """Undo ``change`` on ``match`` (held under its lock); raises ``Refused``. Records the undo."""
    title = "Nothing was undone"
    if change.kind != MATCH and match.deleted_at is not None:
        raise Refused("This match is deleted: restore it first (Recently deleted), then undo.", title)
    if current_state(match, change) != change.after:
        newer = later_change(match, change)
        raise Refused("This is no longer as that change left it." + (
            f" Undo the later change first: “{describe(newer, seat_names(match))}”." if newer is not None
            else " Look at the history as it is now."), title)
    if change.kind == MATCH:
        if change.before["deleted"]:
            return delete_locked(match, by, undoes=change.id)
        return restore_locked(match, by, undoes=change.id)
    if change.kind == DEAL:
        return undo_deal(match, change, by)
    if change.kind == RENAME:
        undo_rename(change)
    else:
        holder = db.session.get_one(SeatHolder, (match.id, change.deal))
        holder.holder_hash = change.before["holder"]
    return record(change.kind, change.match_id, by, change.deal, before=change.after, after=change.before,
                  undoes=change.id)


def undo_deal(match: Match, change: Change, by: str) -> Change:
    """Take deal ``change.deal`` back to ``change.before`` through the same write as a save
    (``put_deal``): scored by the core first, then the deal, its played trump, the history, the
    finished flag, the results cache, the next deal's cards."""
    number, target, count = change.deal or 0, change.before, len(match.deals)
    if target is None and number < count:
        raise Refused(f"Deal {number} cannot be taken away while deal{'s' if count > number + 1 else ''} "
                      f"{number + 1}{f' to {count}' if count > number + 1 else ''} "
                      f"come{'' if count > number + 1 else 's'} after it: undo deal {count}'s recording first "
                      "(newest first), or delete it.", "Nothing was undone")
    if change.after is None and number > count + 1:
        raise Refused(f"Deal {number} can come back only after deal {count + 1}: undo the deletion of deal "
                      f"{count + 1} first.", "Nothing was undone")
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
                      f"{documents.message(error)}", "Nothing was undone") from None
    before = documents.score(match) if target is not None and number <= count else None
    put_deal(match, number, target, after, by, exists=number <= count, before=before, deals=deals, undoes=change.id)
    return change


def undo_rename(change: Change) -> None:
    player = db.session.get_one(Player, change.after["player_id"])
    old = change.before["name"]
    other = db.session.scalar(select(Player).where(Player.name_key == name_key(old), Player.id != player.id))
    if other is not None:
        raise Refused(f"{old} is now another player's name, so {player.name} cannot be renamed back. "
                      f"Rename that player first.", "Nothing was undone")
    player.name, player.name_key = old, name_key(old)
