"""The history of changes: every save, edit and delete of a deal, every rename, seat hand-over
and match deletion, kept in the append-only ``changes`` table with when and from which phone,
shown in a player's words, and undoable.

**Recording.** ``record`` adds a row to the session of the write it describes, so the change
and the row commit (or roll back) together. Nothing in the app updates or deletes a row
(tests/web/test_changes.py watches every statement).

**Undo** is generic: a change took something (a deal, a name, a seat's holder, the match's
deleted state) from ``before`` to ``after``; undoing it takes it from ``after`` back to
``before``, and is recorded as a change of its own (``undoes``). It is refused, with what to
undo first, when the thing is no longer as the change left it (a later change touched it), or
when the result would break the rules: a deal can only be taken away while it is the last one,
and only come back as the next one, so undoing the first recording of deal 4 while deals 5-8
exist asks to undo deal 8's recording first (newest first), and the core scores the match with
the change undone before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from werkzeug.wrappers import Response

from scorer.core import MatchError
from scorer.web import clock
from scorer.web.data import card_store, documents, locking, results
from scorer.web.data.document_types import DealDocument, bid_words
from scorer.web.data.models import Change, Deal, Match, Player, SeatHolder, name_key
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.policy import access, device
from scorer.web.presentation import scoreboard

bp = Blueprint("changes", __name__)

DEAL, RENAME, SEAT, MATCH = "deal", "rename", "seat", "match"
KINDS = (DEAL, RENAME, SEAT, MATCH)


def record(kind: str, match_id: int | None, deal: int | None = None, before: Any = None, after: Any = None,
           undoes: int | None = None) -> Change:
    """Add one change to the current transaction (the caller commits it with the change itself)."""
    assert kind in KINDS
    change = Change(match_id=match_id, at=clock.now(), device=device.device_name(), kind=kind, deal=deal,
                    before=before, after=after, undoes=undoes)
    db.session.add(change)
    return change


# ---------------------------------------------------------------------------- in a player's words


def deal_differences(before: DealDocument, after: DealDocument, names: list[str]) -> list[str]:
    """What an edit changed, seat by seat: "Ann's tricks 3 → 2"."""
    said = []
    for label, olds, news in (("bid", before["bids"], after["bids"]), ("tricks", before["tricks"], after["tricks"])):
        for seat, (old, new) in enumerate(zip(olds, news, strict=False)):
            if old != new:
                said.append(f"{seat_name(names, seat)}'s {label} {bid_words(old)} → {bid_words(new)}")
    old_premiums = {p["seat"]: p["kind"] for p in before.get("premiums", [])}
    new_premiums = {p["seat"]: p["kind"] for p in after.get("premiums", [])}
    for seat in sorted(set(old_premiums) | set(new_premiums)):
        if old_premiums.get(seat) != new_premiums.get(seat):
            said.append(f"{seat_name(names, seat)}'s premium {old_premiums.get(seat, 'none')} → "
                        f"{new_premiums.get(seat, 'none')}")
    for field, label in (("turn_up", "turned card"), ("trump", "trump")):
        if before.get(field) != after.get(field):
            said.append(f"{label} {before.get(field) or 'none'} → {after.get(field) or 'none'}")
    return said


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def deal_summary(deal: DealDocument, names: list[str]) -> str:
    seats = [f"{seat_name(names, s)} bid {bid_words(b)}, took {t}"
             for s, (b, t) in enumerate(zip(deal["bids"], deal["tricks"], strict=False))]
    return "; ".join(seats)


def describe(change: Change, names: list[str]) -> str:
    """The change in a player's words, e.g. "Deal 4 edited: Ann's tricks 3 → 2"."""
    if change.kind == DEAL:
        if change.before is None:
            return f"Deal {change.deal} recorded: {deal_summary(change.after, names)}"
        if change.after is None:
            return f"Deal {change.deal} deleted (it was: {deal_summary(change.before, names)})"
        return f"Deal {change.deal} edited: " + (", ".join(deal_differences(change.before, change.after, names))
                                                  or "nothing changed")
    if change.kind == RENAME:
        return f"{change.before['name']} renamed {change.after['name']}, in every match"
    if change.kind == SEAT:
        name = seat_name(names, change.deal or 0)
        if change.after.get("holder") is None:
            return f"{name}'s seat handed over: the next phone to take it holds it"
        return f"{name}'s seat given back to the phone that held it"
    if change.after.get("deleted"):
        return "Match deleted"
    return "Match restored"


# ---------------------------------------------------------------------------- which changes a match shows


def changes_of(match: Match) -> list[Change]:
    """The match's changes, newest first, with the renames of its players (site-wide changes)."""
    own = list(db.session.scalars(select(Change).where(Change.match_id == match.id)))
    player_ids = {seat.player_id for seat in match.seats}
    renames = [change for change in db.session.scalars(
        select(Change).where(Change.match_id.is_(None), Change.kind == RENAME))
        if change.after.get("player_id") in player_ids]
    return sorted([*own, *renames], key=lambda change: change.id, reverse=True)


def may_undo(match: Match, change: Change, keeper: bool, manager: bool) -> bool:
    """Whether to offer an Undo: this phone may, and the thing is still as the change left it
    (the POST checks again, under the lock, and says why when it refuses)."""
    allowed = manager if change.kind == RENAME else (keeper or manager) if change.kind == MATCH else keeper
    if not allowed or (change.kind != MATCH and match.deleted_at is not None):
        return False
    if change.kind == DEAL and change.before is None and (change.deal or 0) < len(match.deals):
        return False  # a deal with others after it cannot be taken away (the POST would say so)
    return bool(current_state(match, change) == change.after)


@dataclass(frozen=True)
class Line:
    change: Change
    words: str
    undone_by: int | None   # the id of the change that undid this one
    may_undo: bool


@bp.get("/matches/<int:match_id>/changes")
def history(match_id: int) -> str:
    """Every change to the match, newest first: when, which phone, what; an Undo beside each for
    a scorekeeper."""
    match = db.get_or_404(Match, match_id)
    names = scoreboard.seat_names(match)
    found = changes_of(match)
    undone = {change.undoes: change.id for change in found if change.undoes is not None}
    keeper, manager = access.is_keeper(match), access.is_site_manager()
    lines = [Line(change, describe(change, names), undone.get(change.id), may_undo(match, change, keeper, manager))
             for change in found]
    return render_template("records/changes.html", match=match, lines=lines, form=EmptyForm())


# ---------------------------------------------------------------------------- undo


class Refused(Exception):
    """Why a change cannot be undone now; the message says what to do first."""


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
    return {"deleted": match.deleted_at is not None}


def later_change(match: Match, change: Change) -> str:
    """Names the newest change since ``change`` to the same thing, for the refusal's message."""
    query = select(Change).where(Change.id > change.id, Change.kind == change.kind).order_by(Change.id.desc())
    if change.kind == RENAME:
        newer = [c for c in db.session.scalars(query.where(Change.match_id.is_(None)))
                 if c.after.get("player_id") == change.after["player_id"]]
    else:
        newer = list(db.session.scalars(query.where(Change.match_id == match.id, Change.deal == change.deal)))
    if not newer:
        return ""
    return f" Undo the later change first: “{describe(newer[0], scoreboard.seat_names(match))}”."


def undo_deal(match: Match, change: Change) -> None:
    """Take deal ``change.deal`` back to ``change.before`` through the same steps as a save:
    scored by the core first, then the deal, the finished flag, the results cache, the next
    deal's cards."""
    number, target, count = change.deal or 0, change.before, len(match.deals)
    if target is None and number < count:
        raise Refused(f"Deal {number} cannot be taken away while deal{'s' if count > number + 1 else ''} "
                      f"{number + 1}{f' to {count}' if count > number + 1 else ''} "
                      f"come{'' if count > number + 1 else 's'} after it: undo deal {count}'s recording first "
                      "(newest first), or delete it.")
    if change.after is None and number > count + 1:
        raise Refused(f"Deal {number} can come back only after deal {count + 1}: undo the deletion of deal "
                      f"{count + 1} first.")
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
                      f"{documents.message(error)}") from None
    if target is None:
        match.deals.pop()
    else:
        deal = match.deals[number - 1] if number <= count else Deal(match=match, number=number)
        deal.bids, deal.tricks, deal.premiums = target["bids"], target["tricks"], target.get("premiums", [])
        deal.turn_up, deal.trump = target.get("turn_up"), target.get("trump")
        if number > count:
            db.session.add(deal)
    match.finished = after.finished
    match.touch()
    results.refresh(match, after)
    card_store.deal_next(match, after)


def undo_rename(change: Change) -> None:
    player = db.session.get_one(Player, change.after["player_id"])
    old = change.before["name"]
    other = db.session.scalar(select(Player).where(Player.name_key == name_key(old), Player.id != player.id))
    if other is not None:
        raise Refused(f"{old} is now another player's name, so {player.name} cannot be renamed back. "
                      f"Rename that player first.")
    player.name, player.name_key = old, name_key(old)


def undo_seat(match: Match, change: Change) -> None:
    holder = db.session.get_one(SeatHolder, (match.id, change.deal))
    holder.holder_hash = change.before["holder"]


def apply_undo(match: Match, change: Change) -> Change:
    """Undo ``change`` on ``match`` (held under its lock); raises ``Refused``. Records the undo."""
    from scorer.web.records import deleted  # deleted.py records its changes through this module

    if change.kind != MATCH and match.deleted_at is not None:
        raise Refused("This match is deleted: restore it first (Recently deleted), then undo.")
    if current_state(match, change) != change.after:
        raise Refused("This is no longer as that change left it." + (
            later_change(match, change) or " Look at the history as it is now."))
    if change.kind == MATCH:
        if change.before["deleted"]:
            return deleted.delete_match(match, undoes=change.id)
        return deleted.restore_match(match, undoes=change.id)
    if change.kind == DEAL:
        undo_deal(match, change)
    elif change.kind == RENAME:
        undo_rename(change)
    else:
        undo_seat(match, change)
    return record(change.kind, change.match_id, change.deal, before=change.after, after=change.before,
                  undoes=change.id)


def belongs(change: Change, match: Match) -> bool:
    if change.match_id == match.id:
        return True
    return change.kind == RENAME and change.match_id is None and change.after.get("player_id") in {
        seat.player_id for seat in match.seats}


@bp.post("/matches/<int:match_id>/changes/<int:change_id>/undo")
def undo(match_id: int, change_id: int) -> Response | tuple[str, int]:
    """Undo one change, under the match's lock; the undo is a change of its own."""
    match = db.get_or_404(Match, match_id)
    change = db.get_or_404(Change, change_id)
    if not belongs(change, match):
        abort(404, "That change is not in this match's history.")
    # Who may, before the form is read: a rename touches every match (the site manager's); a
    # deletion's undo is a restore (a keeper's or the site manager's); the rest a keeper's.
    if change.kind == RENAME:
        access.require_site_manager()
    elif change.kind == MATCH:
        access.require_keeper_or_site_manager(match)
    else:
        access.require_keeper(match)
    if not EmptyForm().validate_on_submit():
        abort(400, "This form did not come from this page; nothing was undone. Reload the page and try again.")
    back = redirect(url_for("changes.history", match_id=match_id), code=303)
    try:
        if locking.lock_match(match_id, deleted=True) is None:
            abort(404, "This match is gone for good.")
        match = db.session.get_one(Match, match_id)
        change = db.session.get_one(Change, change_id)
        words = describe(change, scoreboard.seat_names(match))
        apply_undo(match, change)
        db.session.commit()
    except Refused as refused:
        db.session.rollback()
        return render_template("error.html", match=match, title="Nothing was undone", message=str(refused)), 409
    except OperationalError:
        db.session.rollback()
        abort(503, "Nothing was undone: the scorer was busy with another change. Please try again.")
    flash(f"Undone: {words}.")
    return back
