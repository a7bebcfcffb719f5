"""Undoing one change of the history; the undo is a change of its own.

Undo is generic: a change took something (a deal, a name, a seat's holder, the match's deleted
state) from ``before`` to ``after``; undoing it takes it from ``after`` back to ``before``, and is
recorded as a change of its own (``undoes``). It is refused, with what to undo first, when the
thing is no longer as the change left it (a later change touched it), or when the result would
break the rules: a deal can only be taken away while it is the last one, and only come back as
the next one, so undoing the first recording of deal 4 while deals 5-8 exist asks to undo deal
8's recording first (newest first), and the core scores the match with the change undone before
anything is written.

Each kind goes through the write it takes back, never a copy of it: a deal through
``deals.put_deal``, a deletion or restore through ``matches.delete_locked``/``restore_locked``, a
rename through ``players.rename`` (under the lock of every match of the player, as a rename
takes them), a seat's holder through ``seats.set_holder``.

Before an undo is done, ``plan`` says what it will change, as facts (the figures a deal goes back
to, comes back with or loses, and the core's comparison of the match before and after), decided
by the same ``check`` as the undo itself and writing nothing; the screen words them. The
confirmation carries the match's version, and the undo requires it: an undo confirmed on a page
that another phone's change has made out of date is refused.
"""

from __future__ import annotations

from scorer.core import MatchError, compare_scores
from scorer.web.data import documents, save_keys
from scorer.web.data.changes import DEAL, MATCH, RATINGS, RENAME, DealPlan, Plan, current_state, later_change
from scorer.web.data.models import Change, Match
from scorer.web.data.ratings import CONFIRMED, LEFT_OUT
from scorer.web.data.refusals import Said, heading
from scorer.web.extensions import db
from scorer.web.writes import players, seats
from scorer.web.writes import ratings as rating_writes
from scorer.web.writes.deals import put_deal
from scorer.web.writes.matches import delete_locked, restore_locked
from scorer.web.writes.problems import Gone, OutOfDate, Refused
from scorer.web.writes.unit import Answered, match_write, resent

TITLE = heading("nothing-undone")


class BreaksRule(Refused):
    """Undoing the change would make the match break a rule: ``error`` is the core's problem,
    which the screen words (in English the core's own line follows the first sentence)."""

    def __init__(self, error: MatchError) -> None:
        super().__init__("breaks-rule", TITLE, error=error)
        self.error = error


class LaterChangeFirst(Refused):
    """The thing is no longer as the change left it: ``newer`` (if known) changed it since, and is
    to be undone first. The screen names it in words."""

    def __init__(self, newer: Change | None) -> None:
        super().__init__("later-change-first", TITLE, newer=newer)
        self.newer = newer


def undo(match_id: int, change_id: int, by: str, seen: int, key: str | None = None) -> Change:
    """Undo change ``change_id`` of match ``match_id`` (it must be in that match's history: the
    caller checked, and who may). ``seen``: the match's version the confirmation was shown at.
    Returns the change undone. Raises ``Refused``, ``OutOfDate``, ``Busy`` or ``Gone``; nothing is
    written then. ``key``: the confirmation's one-time key (``data/save_keys.py``): sent again with
    it, the undo answers as the first time (the same change undone) and writes nothing; a
    rename's undo, under every match of the player, takes no key."""
    try:
        return _undo(match_id, change_id, by, seen, key)
    except Answered as answered:
        assert isinstance(answered.answer, Change)
        return answered.answer


def _undo(match_id: int, change_id: int, by: str, seen: int, key: str | None) -> Change:
    change = db.session.get(Change, change_id)
    if change is None:
        raise Gone("change-not-in-history")
    if change.kind == RENAME:  # the rename's own write, under the lock of every match of the player
        players.rename(change.after["player_id"], change.before["name"], by, undoes=change.id,
                       expected=change.after["name"], seen=(match_id, seen))
        return change
    with match_write(match_id, TITLE, deleted=True, gone=Said("match-gone-for-good")) as locked:
        change = db.session.get_one(Change, change_id)
        earlier, key = resent(key, match_id, "undo", change_id, "")
        if earlier is not None:  # undone already by this very confirmation: the same answer, and the rollback
            raise Answered(change)
        if seen != locked.version:
            raise OutOfDate("undo-out-of-date", TITLE)
        apply(locked.match, change, by)
        if key is not None:
            save_keys.keep(key, match_id, "undo", change_id, "", change_id)
        return change


def blocked_by_deletion(match: Match, change: Change) -> bool:
    """A deleted match's changes wait for its restore, but for its deletion and the ladder's say."""
    return change.kind not in (MATCH, RATINGS) and match.deleted_at is not None


def moved_on(match: Match, change: Change) -> bool:
    """The thing is no longer as ``change`` left it: a later change is to be undone first."""
    return bool(current_state(match, change) != change.after)


def check(match: Match, change: Change) -> DealPlan | None:
    """Every check an undo makes, writing nothing: raises ``Refused`` with why not. For a deal's
    change, what it would do (``DealPlan``)."""
    if blocked_by_deletion(match, change):
        raise Refused("restore-first", TITLE)
    if moved_on(match, change):
        raise LaterChangeFirst(later_change(match, change))
    return plan_deal(match, change) if change.kind == DEAL else None


def offered(match: Match, change: Change) -> bool:
    """Whether an undo of ``change`` would be taken now, as far as can be told without scoring the
    match (the history's Undo beside each change; who may is ``access.may_undo``): ``check``'s
    checks, and a deal recorded with deals after it, which the core's rule refuses when planned."""
    if change.kind == DEAL and change.before is None and (change.deal or 0) < len(match.deals):
        return False
    return not blocked_by_deletion(match, change) and not moved_on(match, change)


def apply(match: Match, change: Change, by: str) -> None:
    """Undo ``change`` (not a rename) on ``match``, held under its lock, through the write it takes
    back; raises ``Refused``. The write records the undo."""
    plan = check(match, change)
    if change.kind == MATCH:
        if change.before["deleted"]:
            delete_locked(match, by, undoes=change.id)
        else:
            restore_locked(match, by, undoes=change.id)
    elif plan is not None:
        put_deal(match, plan.number, plan.target, plan.after, by, exists=plan.exists, before=plan.before,
                 deals=plan.deals, undoes=change.id)
    elif change.kind == RATINGS:
        rating_writes.set_standing_locked(match, by, left_out=change.before[LEFT_OUT],
                                          confirmed=change.before[CONFIRMED], undoes=change.id)
    else:
        seats.set_holder(match, change.deal or 0, change.before["holder"], by, undoes=change.id)


def plan_deal(match: Match, change: Change) -> DealPlan:
    """Taking deal ``change.deal`` back to ``change.before``, through the same write as a save
    (``put_deal``): the deals as they would stand, scored by the core first."""
    number, target, count = change.deal or 0, change.before, len(match.deals)
    if target is None and number < count:
        raise Refused("deals-after-it", TITLE, number=number, last=count)
    if change.after is None and number > count + 1:
        raise Refused("deletion-first", TITLE, number=number, next_deal=count + 1)
    deals = [deal.as_json() for deal in match.deals]
    now = deals[number - 1] if number <= count else None
    if target is None:
        deals.pop()
    elif number <= count:
        deals[number - 1] = target
    else:
        deals.append(target)
    try:
        after = documents.score(match, deals)
    except MatchError as error:
        raise BreaksRule(error) from None
    before = documents.score(match) if target is not None and now is not None else None
    changes = None if before is None else compare_scores(
        before, after, number, [deal.played_trump for deal in match.deals])
    return DealPlan(number, target, now, deals, after, before, changes)


def plan(match: Match, change: Change) -> Plan:
    """What undoing ``change`` will do, as facts, writing nothing (refusals as ``undo``'s)."""
    deal = check(match, change)
    after = deal.after.finished if deal is not None else match.finished
    return Plan(change, match.version, deal, match.finished, after)
