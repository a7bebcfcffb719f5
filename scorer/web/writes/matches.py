"""Starting a match and its rematch, deleting a match into *Recently deleted*, restoring it, and
purging what was deleted long ago.

A new match is written whole in one transaction: its seats, its cards mode, its (empty) results
rows and deal 1's cards where the app deals (``deals.settle``, as every change of a match ends),
and its first scorekeeper, whose token is returned for the view to hand to the phone.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorer.core import FORMAT, new_seed, parse_match
from scorer.web import clock
from scorer.web.data import card_store, documents, locking, names, publication, save_keys
from scorer.web.data.changes import MATCH
from scorer.web.data.deletion import KEEP_DAYS, rematch_of
from scorer.web.data.document_types import MatchDocument
from scorer.web.data.figures import known_names
from scorer.web.data.models import Change, Match, MatchCards, MatchSeat, Player
from scorer.web.data.refusals import Said, heading
from scorer.web.data.results import as_utc, forget, refresh
from scorer.web.extensions import db
from scorer.web.policy.capability import digest, new_keeper, rematch_token, start_token
from scorer.web.writes import deal_sets, frontier
from scorer.web.writes.changes import record
from scorer.web.writes.deals import settle
from scorer.web.writes.problems import Busy, Gone, Refused
from scorer.web.writes.unit import match_write, transaction


class CardsRefused(Refused):
    """The way of handling the cards does not suit the ruleset or its options."""


class LikeKnownPlayer(Refused):
    """A new name looks like a known player's ("Кір" and "Kip"): asked before a new player is made.
    The screen asks "Did you mean Kip?"; sent again with the name confirmed as new, it is made."""

    status = 422

    def __init__(self, found: names.Lookalike) -> None:
        super().__init__("looks-like-known", typed=found.typed, known=found.known)
        self.found = found
        self.seat, self.typed, self.known = found


def new_lookalike(players: list[str], new_players: Collection[str] = ()) -> LikeKnownPlayer | None:
    """The first of ``players`` that would be a new player while looking like a known one
    (``names.new_lookalike``), unless confirmed as new (``new_players``)."""
    found = names.new_lookalike(players, known_names(), new_players)
    return None if found is None else LikeKnownPlayer(found)


@dataclass(frozen=True)
class Started:
    """A match just started: its id, the token its first scorekeeper's phone keeps, and who deals first."""

    match_id: int
    token: str
    first_dealer: str
    joined: bool = False  # a rematch another phone had started already: this phone keeps its score too
    waiting: bool = False  # a table of a deal set, started without its table code: the organiser admits it
    revoked: bool = False  # this phone was a scorekeeper of the rematch and was revoked: it keeps no score


def check_options(ruleset: str, options: dict[str, Any], players: list[str], first_dealer: int) -> dict[str, Any]:
    """Raise the core's ``MatchError`` naming the field that is wrong in a new match's header;
    return the options in force, defaults included, as the core reads the header (those are
    stored, so a later change of default never rescores the match)."""
    header: MatchDocument = {"format": FORMAT, "ruleset": ruleset, "options": options, "players": players,
                             "first_dealer": first_dealer, "deals": []}
    return parse_match(header).setup.options_json()


def start_sent(ruleset: str, options: dict[str, Any], players: list[str], first_dealer: int,
               cards: card_store.CardsChoice | None, table_code: str = "") -> str:
    """What a new-match form sent, as a short digest (``save_keys.fingerprint``)."""
    return save_keys.fingerprint({"ruleset": ruleset, "options": options, "players": players, "first_dealer": first_dealer,
                                  "cards": cards, "table_code": table_code})


def started_before(key: str | None, sent: str, by: str) -> Started | None:
    """The match a new-match form with one-time key ``key`` and the same figures (``sent``) started
    already (its answer lost on the way back), with the same token for the phone as the first
    time; None if it started none (or that match was deleted since). Writes nothing but the
    phone's scorekeeper row if it is gone (never one revoked: its row stays)."""
    if key is None:
        return None
    with transaction():
        row = save_keys.find(key)
        if row is None or (row.kind, row.sent) != ("match", sent):
            return None
        match = db.session.get(Match, row.match_id)
        if match is None or match.deleted_at is not None:
            return None
        token = new_keeper(match, by, start_token(key))
        table = publication.table_of(match)
        return Started(match.id, token, match.player_names[match.first_dealer], waiting=table is not None and not table.admitted)


def start(ruleset: str, options: dict[str, Any], players: list[str], first_dealer: int,
          cards: card_store.CardsChoice | None, by: str, new_players: Collection[str] = (), table_code: str = "",
          key: str | None = None) -> Started:
    """Start a match of ``players`` (names, in seat order). A new name that looks like a known
    player's is refused (``LikeKnownPlayer``) unless ``new_players`` confirms it. From a deal set,
    the match is a table of its night: admitted with the set's ``table_code``, else waiting for the
    organiser (and dealt nothing until admitted). Raises the core's ``MatchError``,
    ``CardsRefused`` or ``LikeKnownPlayer``; nothing is written then. ``key``: the form's one-time
    key (``data/save_keys.py``): the same form sent again answers with the match it started
    (``started_before``), and two copies raced start one match (the key is unique: the second's
    insert fails, and it is answered as the first)."""
    sent = start_sent(ruleset, options, players, first_dealer, cards, table_code)
    earlier = started_before(key, sent, by)
    if earlier is not None:
        return earlier
    try:
        return _start(ruleset, options, players, first_dealer, cards, by, new_players, table_code, key, sent)
    except IntegrityError:
        if key is None:
            raise
        # The same form, raced in: the first copy's match. The same key with other figures (a
        # page's form changed and sent again): a form without a key, as for a deal's.
        raced = started_before(key, sent, by)
        if raced is not None:
            return raced
        return _start(ruleset, options, players, first_dealer, cards, by, new_players, table_code, None, sent)


def _start(ruleset: str, options: dict[str, Any], players: list[str], first_dealer: int,
           cards: card_store.CardsChoice | None, by: str, new_players: Collection[str], table_code: str,
           key: str | None, sent: str) -> Started:
    in_force = check_options(ruleset, options, players, first_dealer)
    if cards is not None:
        problem = card_store.mode_problem(ruleset, in_force, cards["mode"])
        if problem:
            raise CardsRefused(problem.code, **problem.facts)
    lookalike = new_lookalike(players, new_players)
    if lookalike is not None:
        raise lookalike
    set_id = cards["deal_set_id"] if cards is not None else None
    with transaction():
        if set_id is not None:
            locking.lock_set(set_id)  # the first statement: tables joining at once take turns for their numbers
        match = Match(ruleset=ruleset, options=in_force, first_dealer=first_dealer)
        if cards is not None:
            if cards["seed"] is not None and cards["deal_set_id"] is None:  # a deal set's seed is the server's already
                cards = {**cards, "seed": card_store.server_seed(cards["seed"])}
            card_store.attach(match, cards)
        table = deal_sets.seat_table(match, set_id, table_code) if set_id is not None else None
        match.seats = [MatchSeat(seat=seat, player=player) for seat, player in enumerate(Player.all_named(players))]
        started = begin(match, by, start_token(key) if key is not None else None)
        if key is not None and save_keys.find(key) is None:  # a key used already with other figures: none
            save_keys.keep(key, match.id, "match", 0, sent, None)
        return replace(started, waiting=table is not None and not table.admitted)


def rematch(match_id: int, by: str, keeper_hash: str) -> Started:
    """The rematch of a finished match: the same players in the same seats, the same ruleset and
    options, the deal passing on to the next dealer in turn (the core says who). A match has one
    rematch at most: asked again (a second scorekeeper's phone), the one already started is the
    answer, with the asking phone made its scorekeeper too (``keeper_hash``: its capability's hash
    for the old match, from which its token for the rematch is derived, so a phone that asks twice
    is one scorekeeper). The old match's tag moves, so every phone on it is shown the way to the
    rematch. Raises ``Refused`` if the match is not over."""
    with match_write(match_id, heading("no-rematch")) as locked:
        match = locked.match
        if not match.finished:
            raise Refused("rematch-not-over")
        existing = rematch_of(match)
        if existing is not None:
            dealer = existing.player_names[existing.first_dealer]
            if revoked_from(existing, keeper_hash):  # taken off the rematch's keepers: it stays off
                return Started(existing.id, "", dealer, joined=True, revoked=True)
            token = new_keeper(existing, by, rematch_token(keeper_hash, existing.id))
            return Started(existing.id, token, dealer, joined=True)
        first_dealer = documents.next_dealer(match)
        new = Match(ruleset=match.ruleset, options=dict(match.options), first_dealer=first_dealer)
        if match.card_setup is not None:
            # The same way of handling the cards; the app's deals are new ones (a new seed, or one
            # drawn for each deal as before), never the old match's nor a deal set's again.
            seed = new_seed() if match.card_setup.seed is not None else None
            new.card_setup = MatchCards(mode=match.card_setup.mode, seed=seed, deal_set_id=None)
        new.seats = [MatchSeat(seat=seat.seat, player=seat.player) for seat in match.seats]
        db.session.add(new)
        db.session.flush()  # its id, from which the asking phone's token is derived
        started = begin(new, by, rematch_token(keeper_hash, new.id))
        match.rematch_id = new.id
        # Touched with the rematch's own time, not later: the rematch is the match most recently
        # played (the table's big screen, /screen, follows it at once), and this one's tag moves.
        match.updated_at = new.updated_at
        return started


def revoked_from(rematch: Match, keeper_hash: str) -> bool:
    """Whether the phone whose capability for the old match hashes to ``keeper_hash`` was made a
    scorekeeper of ``rematch`` and revoked since (its rematch token is derived, so it is known)."""
    mine = digest(rematch_token(keeper_hash, rematch.id))
    return any(keeper.token_hash == mine and keeper.revoked_at is not None for keeper in rematch.keepers)


def begin(match: Match, by: str, token: str | None = None) -> Started:
    """Write a new match's figures before any deal, as an import writes them, deal 1's cards if
    the app handles them, and its first scorekeeper. The caller commits."""
    for none_yet in ("deals", "dealt", "keepers"):  # set, so that nothing reads them back after the flush
        if none_yet not in match.__dict__:
            setattr(match, none_yet, [])
    db.session.add(match)
    db.session.flush()  # the id names the capability's cookie; the deal set (if any) is loaded
    settle(match, documents.score(match), new=True)
    return Started(match.id, new_keeper(match, by, token), match.player_names[match.first_dealer])


def delete(match_id: int, by: str) -> None:
    """Delete the match into *Recently deleted* under its lock (so that no deal is being saved into
    it meanwhile), then purge what was deleted long ago. Deleted already: nothing to do."""
    try:
        with match_write(match_id, heading("match-not-deleted")) as locked:
            delete_locked(locked.match, by)
    except Gone:
        pass  # deleted already (sent twice, or from another phone): nothing more to do
    purge()


def delete_locked(match: Match, by: str, undoes: int | None = None) -> Change:
    """Delete ``match`` (held under its lock): out of the results cache; the caller commits."""
    match.deleted_at = clock.now()
    forget(match.id)
    change = record(MATCH, match.id, by, before={"deleted": False}, after={"deleted": True}, undoes=undoes)
    follow_night(match)
    return change


def restore(match_id: int, by: str) -> bool:
    """Bring a deleted match back whole, its statistics written again; False if it was back already."""
    with match_write(match_id, heading("nothing-restored"), deleted=True, gone=Said("match-gone-for-good")) as locked:
        if locked.match.deleted_at is None:
            return False
        restore_locked(locked.match, by)
        return True


def restore_locked(match: Match, by: str, undoes: int | None = None) -> Change:
    """Bring ``match`` (held under its lock) back, its results cache written again; the caller commits."""
    match.deleted_at = None
    refresh(match)
    change = record(MATCH, match.id, by, before={"deleted": True}, after={"deleted": False}, undoes=undoes)
    follow_night(match)
    return change


def follow_night(match: Match) -> None:
    """A table of a club night deleted or restored: its night's frontier moves if it can (a table
    deleted holds nothing back; one restored behind the frontier does not come back into the
    count: ``publication.may_record``), and every phone following a table of the night looks again."""
    if match.deal_set is not None:
        db.session.flush()
        frontier.follow(match.deal_set.id, changed=True)


def purge() -> int:
    """Delete for good the matches deleted more than ``KEEP_DAYS`` days ago, each under its lock,
    one transaction each; returns how many. Their change history stays."""
    cutoff = clock.now() - timedelta(days=KEEP_DAYS)
    gone = 0
    for match_id in db.session.scalars(select(Match.id).where(Match.deleted_at < cutoff)).all():
        try:
            with match_write(match_id, heading("not-purged"), bump=False, deleted=True) as locked:
                match = locked.match
                if match.deleted_at is not None and as_utc(match.deleted_at) < cutoff:  # not restored meanwhile
                    db.session.delete(match)
                    gone += 1
        except (Busy, Gone):
            continue  # being written to (it will be purged next time), or purged meanwhile
    return gone
