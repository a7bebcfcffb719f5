"""Recording, editing and deleting a deal, and the one way a deal is put into a match.

``save`` (a new deal or an edit) and ``delete_last`` each run in one transaction under the
match's lock (``unit.match_write``): they read the match again, check the deal the way a preview
does (``check_and_fix_turn_up``: a table that may not play, the app's turned card, private bid
cards), decide from what is stored now (``check_against_stored``: a repeat, a lost race, a deal
deleted meanwhile, a match over), score it (``score_deal``: the core's score, the eighteen pile),
and write it with ``put_deal``. ``put_deal`` is what every write of a deal ends
with (a save, an edit, a deletion, an undo): the deal's fields and its played trump, the change
history, then ``settle``, the match's tail (finished flag, tag, results cache, the next deal's
cards) that a new match and an import end with too.

A form's one-time key (``data/save_keys.py``) is looked up and stored under the same
lock: a save, an edit or a deletion sent again with its key is answered as the first time
(``answered_again``), writing nothing, never refused as a repeat or a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import inspect, select

from scorer.core import MatchError, MatchScore, OffHand, ScoreDiff, compare_scores, pile_card_problem
from scorer.web.data import card_store, documents, publication, save_keys
from scorer.web.data.changes import DEAL
from scorer.web.data.document_types import DealDocument
from scorer.web.data.models import Change, Deal, Match, SaveKey
from scorer.web.data.refusals import Said, heading
from scorer.web.data.results import refresh
from scorer.web.extensions import db
from scorer.web.writes import frontier
from scorer.web.writes.changes import record
from scorer.web.writes.problems import Gone, OutOfDate, Refused
from scorer.web.writes.unit import Answered, match_write, resent

# --------------------------------------------------------------------------- what can go wrong


class Repeated(Refused):
    """The same figures are saved already (a double tap, a resend): nothing to do."""


class MatchOver(Refused):
    """The match is over: no deal can be added."""

    heading = Said("match-over", heading=True)


class Moved(OutOfDate):
    """The form was for a deal number that is no longer the next one (a deal was deleted meanwhile)."""


class Conflict(OutOfDate):
    """Another phone saved other figures for this deal first, or changed the match since the form was read."""


class WrongForm(Refused):
    """The form was for another deal than the page it was sent to (an old tab, a hand-made POST)."""

    def __init__(self, posted: int, number: int) -> None:
        super().__init__("wrong-form", posted=posted, number=number)
        self.posted, self.number = posted, number


class NotPlaying(Refused):
    """A table of a deal set that its organiser has not admitted, has closed or has taken out, or
    whose next deal the night published while it was away (``behind``: how many deals it has
    published): it records no new deal (it is dealt no card either: ``card_store.deal_next``). The screen words
    it from the set's name and the table's state."""

    def __init__(self, set_name: str, state: str, behind: int | None = None, ended: bool = False) -> None:
        super().__init__("not-playing", set=set_name, state=state, behind=behind, ended=ended)
        self.set_name, self.state, self.behind, self.ended = set_name, state, behind, ended


class Published(Refused):
    """Deal ``number`` is published at the table's club night (every table in the count has played
    it) and this table was away, or the night has ended: it may not be recorded now, nor taken
    away (it could not come back). It may still be edited. The screen words it from the number."""

    def __init__(self, number: int) -> None:
        super().__init__("published", number=number)
        self.number = number


class Taken(Conflict):
    """Deal ``number`` was saved with other figures after the form was read (by another phone, or
    by this one from another page): the screen words it, knowing which."""

    def __init__(self, number: int) -> None:
        super().__init__("taken", number=number)
        self.number = number


class PrivateBid(Refused):
    """Bid cards the form may not take while the deal's cards are private
    (``card_store.private_bid_problem``): the screen words it, naming the player."""

    status = 422

    def __init__(self, seat: int, face_down: bool) -> None:
        super().__init__("private-bid", seat=seat, face_down=face_down)
        self.seat, self.face_down = seat, face_down


# --------------------------------------------------------------------------- deciding


@dataclass(frozen=True)
class Posted:
    """A deal as a phone sent it: its number, its figures, and what the phone knew."""

    number: int
    deal: DealDocument
    editing: bool
    seen: int | None = None  # the version the form was read at (None: it did not say)


def check_against_stored(match: Match, stored: list[DealDocument], posted: Posted, version: int | None) -> None:
    """Raise what to tell the phone if the posted deal may not be written to the match as stored
    now (``stored``: its deals; ``version``: its version now, None for a preview, which is of the
    page as the phone has it)."""
    number, count, editing = posted.number, len(stored), posted.editing
    if number > count + (0 if editing else 1):
        raise Moved("moved", number=number, next_deal=count + 1)
    seen = posted.seen if version is not None else None
    if number <= count:
        same = stored[number - 1] == posted.deal
        if not editing:
            if same:
                raise Repeated("sent-twice", number=number)
            raise Taken(number)
        if seen is not None and seen != version:
            if same:
                raise Repeated("edited-twice", number=number)
            raise Conflict("edit-conflict", number=number)
    # The stored flag, rewritten from the core's score by every change (and checked by `flask check`):
    # scoring the match here as well would score it twice per save.
    if not editing and match.finished:
        raise MatchOver("no-more-deals")


def check_form_number(match: Match, number: int, posted: int, editing: bool) -> None:
    """Before a posted deal form is read: it must be for this page's deal (``number``; a new deal's
    form may be for an earlier one, which a save then tells apart), and a new deal needs a match
    that is not over (the stored flag, the core's answer at the last change). Raises ``WrongForm``
    or ``MatchOver``."""
    if posted != number and (editing or posted > number or posted < 1):
        raise WrongForm(posted, number)
    if posted == match.deal_count() + 1 and match.finished:
        raise MatchOver("no-more-deals")


def check_private_bids(match: Match, number: int, deal: DealDocument, keeper: bool) -> None:
    """Raise ``PrivateBid`` for a bid the form may not take while the deal's cards are private: the
    same answer whatever the cards. Run before the core sees the deal."""
    problem = card_store.private_bid_problem(match, number, deal, keeper)
    if problem is not None:
        raise PrivateBid(problem.seat, problem.face_down)


def check_playing(match: Match, number: int) -> None:
    """Raise ``NotPlaying`` for a new deal at a table of a set that may not record it now."""
    table = publication.table_of(match)
    if table is not None and not publication.may_play(match) and number > match.deal_count():
        raise NotPlaying(table.deal_set.name, table.state, publication.behind(match), publication.ended(table.deal_set))


def check_and_fix_turn_up(match: Match, number: int, deal: DealDocument, keeper: bool) -> bool:
    """The checks before the core sees a deal, in order: ``check_playing``, then the app's turned
    card replaces the form's in ``deal``, then ``check_private_bids``. Returns whether the app
    turned the card (``score_deal`` then skips eighteen's check of a used-up pile card)."""
    check_playing(match, number)
    app_card = card_store.fix_turn_up(match, number, deal)
    check_private_bids(match, number, deal, keeper)
    return app_card


def score_deal(match: Match, number: int, deal: DealDocument, app_card: bool,
               stored: list[DealDocument] | None = None) -> tuple[MatchScore, list[DealDocument]]:
    """The core's score of the whole match with ``deal`` in place as deal ``number``, and
    eighteen's used-up pile card (unless the app turned it): raises the core's ``MatchError``;
    returns the match scored and its deals as they would stand."""
    deals = documents.deals_with(match, number, deal, stored)
    hands = number if publication.cards_public(match, number) else None  # the core may check its hands
    after = documents.score(match, deals, hands)
    repeat = None if app_card else pile_card_problem(after.deals[number - 1], number)
    if repeat is not None:
        raise repeat
    return after, deals


@dataclass(frozen=True)
class Previewed:
    """What a save of the posted deal would give now: the match scored with it (``after``) and as
    stored (``now``)."""

    after: MatchScore
    now: MatchScore


def preview(match: Match, posted: Posted, keeper: bool) -> Previewed:
    """The one entry point of a deal's preview (the form's panel as the figures are tapped, and
    the form's Preview button): every check a save makes, in a save's order, against the match as
    the page read it, without its lock and writing nothing. Raises what ``save`` raises (a repeat
    or a lost race is told now: ``check_against_stored`` without a version)."""
    app_card = check_and_fix_turn_up(match, posted.number, posted.deal, keeper)
    check_against_stored(match, documents.stored_deals(match), posted, None)
    after = score_deal(match, posted.number, posted.deal, app_card)[0]
    return Previewed(after, documents.score(match))


# --------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class Saved:
    """What a save did, for the message that says so: the match after it and, for an edit, before."""

    match_id: int
    number: int
    editing: bool
    after: MatchScore
    before: MatchScore | None
    changes: ScoreDiff | None  # an edit: what it changed further on (later trumps, games, the match)
    change_id: int | None = None  # the history's row of this change (None: nothing changed), to undo it
    off_hand: tuple[OffHand, ...] = ()  # bids given as numbers that the dealt hands cannot make (a warning)
    again: bool = False  # sent again with its key: answered as the first time, nothing written


def answered_again(match: Match, posted: Posted, row: SaveKey, stored: list[DealDocument]) -> Saved:
    """What a save answered the first time, for the same form sent again: its number, the change
    it made (its Undo) and, for an edit, what it changed further on, from the change's row (the
    deal as it was) and the match as stored now (``stored``: its deals, deal ``number`` among them).
    Reads only."""
    number = posted.number
    after = documents.score(match, stored)
    before, changes = None, None
    if posted.editing:
        change = db.session.get(Change, row.change_id) if row.change_id is not None else None
        was = change.before if change is not None and change.before is not None else stored[number - 1]
        try:
            before = documents.score(match, documents.deals_with(match, number, was, stored))
            changes = compare_scores(before, after, number, [deal.played_trump for deal in match.deals])
        except MatchError:  # the match moved on since in a way the old deal no longer fits
            before, changes = None, None
    off_hand = card_store.off_hand_bids(match, number, stored[number - 1])
    return Saved(match.id, number, posted.editing, after, before, changes, row.change_id, off_hand, again=True)


def save(match_id: int, posted: Posted, keeper: bool, by: str, key: str | None = None) -> Saved:
    """Record deal ``posted.number`` (or change it, ``posted.editing``) in one transaction under the
    match's lock. Raises ``Repeated``, ``Conflict``, ``Moved``, ``MatchOver``, ``PrivateBid``, the
    core's ``MatchError``, ``Busy`` or ``Gone``; nothing is written then. ``key``: the form's
    one-time key (``data/save_keys.py``): sent again with it, the save answers as it did the
    first time (``Saved.again``) and writes nothing."""
    try:
        return _save(match_id, posted, keeper, by, key)
    except Answered as answered:
        assert isinstance(answered.answer, Saved)
        return answered.answer


def _save(match_id: int, posted: Posted, keeper: bool, by: str, key: str | None) -> Saved:
    number = posted.number
    kind = "edit" if posted.editing else "deal"
    sent = save_keys.fingerprint(posted.deal)  # as the form sent it, before the app's turned card replaces its own
    undone = heading("deal-not-changed" if posted.editing else "deal-not-saved", number=number)
    gone = Said("match-deleted-deal-not-changed" if posted.editing else "match-deleted-deal-not-saved", number=number)
    with match_write(match_id, undone, gone=gone) as locked:
        match = locked.match
        earlier, key = resent(key, match_id, kind, number, sent)
        stored = documents.stored_deals(match)
        # Answered already: the same answer, and the rollback; unless the deal has gone since (then
        # "saved" would not be true: it is decided as a form without a key).
        if earlier is not None and number <= len(stored):
            raise Answered(answered_again(match, posted, earlier, stored))
        # The private bid cards first, as the preview checks them, then what the match says now.
        app_card = check_and_fix_turn_up(match, number, posted.deal, keeper)
        check_against_stored(match, stored, posted, locked.version)
        after, deals = score_deal(match, number, posted.deal, app_card, stored)
        before = documents.score(match) if posted.editing else None  # to say what an edit changes further on
        # Compared before the write, while the later deals still hold the trumps they were played with.
        changes = None if before is None else compare_scores(
            before, after, number, [deal.played_trump for deal in match.deals])
        change = put_deal(match, number, posted.deal, after, by, exists=posted.editing, before=before, deals=deals)
        db.session.flush()  # the change's id, for the Undo beside the message that says it was saved
        # Once saved (and public), the hands the app dealt may be told of: a number no three cards
        # of the bidder's hand make is saved as typed, and warned about.
        off_hand = card_store.off_hand_bids(match, number, posted.deal)
        if key is not None:
            save_keys.keep(key, match_id, kind, number, sent, change.id if change else None)
        return Saved(match_id, number, posted.editing, after, before, changes, change.id if change else None, off_hand)


def delete_last(match_id: int, number: int, seen: int | None, by: str, key: str | None = None) -> int | None:
    """Delete deal ``number`` if it is still the last one, under the match's lock, and return the
    id of the history's change that undoes it; None if it was deleted already (sent twice, or
    from another phone). ``seen`` is the version the confirmation
    page was read at: if the match changed since, the deal the person saw may not be the one there
    now, so nothing is deleted. ``key``: the confirmation's one-time key: sent again with it, the
    same change's id is returned, as the first time, and nothing is written."""
    try:
        return _delete_last(match_id, number, seen, by, key)
    except Answered as answered:
        assert answered.answer is None or isinstance(answered.answer, int)
        return answered.answer


def _delete_last(match_id: int, number: int, seen: int | None, by: str, key: str | None) -> int | None:
    title = heading("deal-not-deleted", number=number)
    with match_write(match_id, title) as locked:
        match, version = locked.match, locked.version
        earlier, key = resent(key, match_id, "delete", number, "")
        if earlier is not None:  # answered already: the same change, and the rollback
            raise Answered(earlier.change_id)
        count = len(match.deals)
        if number > count and seen is not None:
            return None
        if not 1 <= number <= count:
            raise Gone("no-such-deal", title, number=number)
        if number != count and seen is not None and seen != version:
            raise OutOfDate("deals-recorded-since", title, number=number, last=count)
        if number != count:
            raise Refused("only-last-deal", title, number=number, last=count)
        if seen is not None and seen != version:
            raise OutOfDate("delete-out-of-date", title, number=number)
        deals = documents.stored_deals(match)[:-1]
        change = put_deal(match, number, None, documents.score(match, deals), by, exists=True, deals=deals)
        assert change is not None  # a deal taken away is always a change
        db.session.flush()  # its id, for the Undo beside the message that says it was deleted
        if key is not None:
            save_keys.keep(key, match_id, "delete", number, "", change.id)
        return change.id


def put_deal(match: Match, number: int, target: DealDocument | None, after: MatchScore, by: str, exists: bool,
             before: MatchScore | None = None, deals: list[DealDocument] | None = None,
             undoes: int | None = None) -> Change | None:
    """Put deal ``number`` into the locked ``match`` as ``target`` (None: take it away; it must be
    the last), record the change (returned; None if nothing changed), and settle the match. ``exists``: the deal is stored already
    (an edit, a deletion). ``after`` is the core's score of the match as it will stand;
    ``before``, an edit's match as stored, whose later deals keep the trump they were played with.
    The caller commits."""
    if target is None and not publication.may_take_away(match, number):
        raise Published(number)
    if not exists and not publication.may_record(match, number):
        raise Published(number)
    if exists:
        deal = stored_deal(match, number)
        was = deal.as_json()
    else:
        deal, was = Deal(match=match, number=number), None
        db.session.add(deal)
    if target is None:
        match.deals.remove(deal)  # delete-orphan: the row goes with the commit
    else:
        card_changed = (deal.turn_up, deal.trump) != (target.get("turn_up"), target.get("trump"))
        deal.bids, deal.tricks, deal.premiums = target["bids"], target["tricks"], target.get("premiums", [])
        deal.turn_up, deal.trump = target.get("turn_up"), target.get("trump")
        if deal.played_trump is None or card_changed:  # as the core scores it with its own card
            deal.played_trump = after.deals[number - 1].trump
        if before is not None:
            keep_played_trumps(match, number, before)
    now = None if target is None else deal.as_json()
    change = None
    if now != was:  # the change history, in the same transaction
        change = record(DEAL, match.id, by, number, before=was, after=now, undoes=undoes)
    settle(match, after, since=number, deals=deals)
    return change


def stored_deal(match: Match, number: int) -> Deal:
    """Deal ``number`` of the locked match as an object, loading only that deal when the match's
    deals are not loaded (a save at deal 200 does not load the 199 before it)."""
    if "deals" not in inspect(match).unloaded:
        return match.deals[number - 1]
    return db.session.scalars(select(Deal).where(Deal.match_id == match.id, Deal.number == number)).one()


def keep_played_trumps(match: Match, number: int, before: MatchScore) -> None:
    """The deals after an edited one keep the trump they were played with: where none was kept
    yet (saved before it was), the one they were scored at until now."""
    for later, scored in zip(match.deals[number:], before.deals[number:], strict=False):
        if later.played_trump is None:
            later.played_trump = scored.trump


def settle(match: Match, after: MatchScore, since: int = 1, deals: list[DealDocument] | None = None,
           touch: bool = True, deal_next: bool = True, new: bool = False) -> None:
    """What every change to a match's deals ends with, in its transaction: the finished flag and
    the tag from the core's score, the results cache from deal ``since`` on (the deals before it
    keep their rows), and the cards of the deal to come where the app deals (cards once made never
    change; an edit that reopens a finished match deals the next deal). An import keeps the file's
    times (``touch=False``) and leaves a deal already in the players' hands undealt (``deal_next=False``).
    At a table of a duplicate set, the night's frontier then moves if it can (``frontier.follow``).
    ``new``: the match was written in this transaction (``matches.begin``), with no cached rows yet
    and no deal: the frontier, the deal every table has published, cannot move for it."""
    match.finished = after.finished
    if touch:
        match.touch()
    refresh(match, after, since=since, deals=deals, new=new)
    if match.deal_set is not None and not new:  # a table joining with no deal never moves the frontier on
        db.session.flush()  # the deal and the flag, which the frontier counts
        frontier.follow(match.deal_set.id)
    if deal_next:
        card_store.deal_next(match, after)
