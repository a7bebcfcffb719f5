"""Recording a deal, previewing its points, editing an earlier deal, deleting the last one.

Every save scores the whole match with the deal in place first: if the core finds anything
wrong, its message is shown beside the field and nothing is stored. The deal number in the
form makes a second POST of the same deal (a double tap, a resend after a dropped connection)
land on the deal already saved instead of adding another.

Saves, edits and deletes of one match are serialised (``locking.lock_match``): each is one
transaction that takes the match's lock, reads the match again, decides from what is stored now
(``refusal``), scores it with the core and writes the deal and the results cache (``store``). Two
phones at once: the second waits, then is told what the first did (docs/SECURITY.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError
from werkzeug.wrappers import Response

from scorer.core import (
    NAMED,
    DealScore,
    MatchError,
    MatchRecord,
    MatchScore,
    NextDeal,
    compare_scores,
    dealer_of,
    make_setup,
    pile_card_problem,
)
from scorer.web.data import card_store, documents, locking, results
from scorer.web.data.document_types import DealDocument
from scorer.web.data.models import Deal, DealtDeal, Match
from scorer.web.extensions import db
from scorer.web.play import deal_form
from scorer.web.play.forms import DealForm, VersionForm, sent_version
from scorer.web.policy import access, capability
from scorer.web.presentation import explain, scoreboard
from scorer.web.records import changes, deleted

bp = Blueprint("deals", __name__, url_prefix="/matches/<int:match_id>/deals")

View = str | Response | tuple[str, int]


def deal_context(scored: MatchScore, number: int) -> DealScore | NextDeal | None:
    """Game, number in game, dealer, leader and trump of deal ``number`` (the next one if new)."""
    return scored.deal_or_next(number)


def render_form(match: Match, table: deal_form.DealLayout, form: DealForm, number: int, scored: MatchScore,
                editing: bool, preview: Preview | None = None, status: int = 200,
                saved: Preview | None = None) -> tuple[str, int]:
    """The deal form; ``saved`` is the deal as stored, shown beside a phone's figures that lost a race."""
    context = deal_context(scored, number)
    if form.version.data in (None, ""):
        form.version.data = str(match.version)
    dealt = card_store.dealt_for(match, number)  # the app's cards for this deal, if it deals
    used = context.spent_cards if isinstance(context, NextDeal) else frozenset[str]()  # eighteen: pile cards used up
    # The bid cards shown on the phones reach the scorekeeper's phone only.
    shown = card_store.shown_bids(dealt, table.seats) if capability.holds(match) else [None] * table.seats
    if request.method == "GET" and request.args.get("phones"):  # "fill in the shown bid cards", without JS
        card_store.fill_shown(form, shown)
    return render_template(
        "play/deal_form.html", match=match, table=table, form=form, number=number, editing=editing,
        context=context, names=table.names, preview=preview, dealt=dealt, shown=shown, saved=saved,
        trump=header_trump(match, context, dealt, editing), grid=deal_form.card_grid(table.turn_up_cards, used),
        grid_used=bool(used),
    ), status


@dataclass(frozen=True)
class Preview:
    """What the preview panel shows of one deal, every figure the core's."""

    deal: DealScore
    columns: list[scoreboard.Column]
    names: list[str]
    tricks: list[int]
    holders: list[tuple[str, str]]  # (name, "declare" | "reveal")
    may_raise: list[str]
    ends_game: bool
    finished: bool
    winners: str
    shared: bool  # the game's win is shared
    parts: list[explain.UnitParts]  # each unit's points in parts
    notes: list[str]                # the rule edges the deal reaches, in words
    changes: list[str]              # an edit: what it changes beyond the deal (later trumps, games, the match)
    trump_reason: str | None = None


@dataclass(frozen=True)
class HeaderTrump:
    """The trump the deal form's heading shows, and whether a premium bidder may still name another."""

    trump: str | None
    unless_named: bool = False


def header_trump(match: Match, context: DealScore | NextDeal | None, dealt: DealtDeal | None, editing: bool) -> HeaderTrump:
    """The trump the deal form's heading shows: the recorded one when editing, else the one the
    app's turned card sets, else the one the core expects (which a premium bidder may still name
    in declared); None until the card is turned at the table."""
    if context is None:
        return HeaderTrump(None)
    if editing:
        return HeaderTrump(context.trump)
    if dealt is not None and dealt.turn_up:
        return HeaderTrump(card_store.trump_of(match.ruleset, match.options, dealt.turn_up))
    return HeaderTrump(context.trump, unless_named=isinstance(context, NextDeal) and context.trump_source == NAMED)


def build_preview(match: Match, number: int, read: deal_form.ReadDeal, after: MatchScore,
                  before: MatchScore | None = None) -> Preview:
    """The deal's points as the core scored them, for the preview panel; with ``before`` (the match
    as stored) and an earlier deal, also what the edit changes further on."""
    deal = after.deals[number - 1]
    game = after.game_of(deal)
    names = scoreboard.seat_names(match)
    columns = scoreboard.columns(match)
    holders = [(names[p["seat"]], p["kind"]) for p in read.deal["premiums"]]
    goal, match_format = explain.goal_of(match.ruleset, match.options), match.options.get("match")
    editing = number <= len(match.deals)  # an earlier deal, not the next one
    changes = edit_changes(match, number, before, after, columns) if before is not None and editing else []
    return Preview(deal=deal, columns=columns, names=names, tricks=read.deal["tricks"], holders=holders,
                   may_raise=[names[s] for s in read.may_raise], ends_game=after.ends_game(number),
                   finished=after.finished, winners=scoreboard.winners_label([columns[u].label for u in game.winners]),
                   shared=len(game.winners) > 1, parts=explain.deal_parts(deal, columns, names),
                   notes=explain.edge_notes(deal, after, columns, names, goal, match_format), changes=changes,
                   trump_reason=explain.trump_reason(deal))


def edit_changes(match: Match, number: int, before: MatchScore, after: MatchScore,
                 columns: list[scoreboard.Column]) -> list[str]:
    """What an edit of deal ``number`` changes beyond it, in words (the core compares the two scorings)."""
    played = [deal.played_trump for deal in match.deals]
    return explain.diff_lines(compare_scores(before, after, number, played), columns)


def private_bids(match: Match, number: int, read: deal_form.ReadDeal) -> card_store.BidProblem | None:
    """Bids the form may not take while the deal's cards are private: the same answer whatever
    the cards (card_store.private_bid_problem). Run before the core sees the deal."""
    return card_store.private_bid_problem(match, number, read.deal, capability.holds(match),
                                          scoreboard.seat_names(match))


def dealer_for(match: Match, number: int) -> int:
    """Who deals deal ``number``, as the core says, without scoring the match."""
    record = MatchRecord(setup=make_setup(match.ruleset, match.options), players=tuple(match.player_names),
                         first_dealer=match.first_dealer)
    return dealer_of(record, number - 1)


def hands_for(match: Match, number: int) -> int | None:
    """The deal the core may check against its hands: this one, once its cards are public."""
    return number if card_store.cards_public(match, number) else None


def receive(match: Match, number: int, editing: bool) -> View:
    """Check a posted deal form; preview it, or save it in one transaction under the match's lock."""
    table = deal_form.table_for(match)
    scored: list[MatchScore] = []

    def before() -> MatchScore:
        """The match as it stands, scored only for a page that shows it: a save scores the match
        once, with the posted deal in place (``settle``)."""
        if not scored:
            scored.append(documents.score(match))
        return scored[0]

    form = deal_form.make_form(table)
    if not form.validate():
        return render_form(match, table, form, number, before(), editing, status=422)
    posted = int(form.number.data)
    if posted != number and (editing or posted > number or posted < 1):
        form.general_errors.append(f"This form was for deal {posted}, not deal {number}; nothing was saved.")
        return render_form(match, table, form, number, before(), editing, status=409)
    if posted == match.deal_count() + 1 and match.finished:  # the stored flag, the core's answer at the last change
        return render_finished(match, before())
    try:
        read = deal_form.read(form, table, dealer_for(match, posted))
    except MatchError as error:
        deal_form.show_error(form, table, error, posted)
        return render_form(match, table, form, posted, before(), editing, status=422)
    app_card = card_store.fix_turn_up(match, posted, read.deal)

    # While the deal's cards are private, bid cards reach this form only from the players' own
    # phones: anything else gets the same answer whatever the cards (card_store.private_bid_problem).
    problem = private_bids(match, posted, read)
    if problem is not None:
        field = form.seats[problem.seat].bid
        field.errors = [*field.errors, problem.message]
        return render_form(match, table, form, posted, before(), editing, status=422)

    if request.form.get("action") == "preview":  # nothing is written: no lock, the page's view
        return settle(match, table, form, read, posted, editing, match.version, write=False, app_card=app_card)
    try:
        version = locking.lock_match(match.id)
        if version is None:
            abort(404, "This match was deleted from another phone, so nothing was saved.")
        # Everything from here on reads the match as it is now, and nobody can change it before
        # the commit (or rollback) that ends this transaction.
        return settle(db.session.get_one(Match, match.id), table, form, read, posted, editing, version, write=True,
                      app_card=app_card)
    except OperationalError as error:  # the lock was not free within the busy timeout
        db.session.rollback()
        current_app.logger.warning("Deal %s of match %s not saved (busy): OperationalError %s", posted, match.id,
                                   str(error.orig).splitlines()[0] if error.orig else error)
        return render_template(
            "error.html", match=match, title="The scorer was busy",
            message=f"Deal {posted} was not saved: the scorer was busy with another change. "
                    "Go back and send it again; what you entered is kept on this phone."), 503


@dataclass(frozen=True)
class Refusal:
    """Why a posted deal is not written to the match as it stands now."""

    kind: str  # "repeat" (the same figures are saved already), "conflict", "moved", "over"
    message: str


def refusal(match: Match, stored: list[DealDocument], read: deal_form.ReadDeal, posted: int, editing: bool,
            seen: int | None, version: int) -> Refusal | None:
    """Decide from the match as stored now (``stored``: its deals, read under its lock when
    saving) whether the posted deal may be written: None, or what to tell the phone. ``seen`` is
    the version the form was read at (None: the form did not say), ``version`` the match's version now."""
    count = len(stored)
    if posted > count + (0 if editing else 1):
        return Refusal("moved", f"This form was for deal {posted}, not deal {count + 1}; nothing was saved. "
                                f"A deal was deleted from another phone: deal {count + 1} is the next one now.")
    if posted <= count:
        same = stored[posted - 1] == read.deal
        if not editing:
            if same:
                return Refusal("repeat", f"Deal {posted} was already saved. It was sent twice and is recorded once.")
            return Refusal("conflict", f"Deal {posted} has already been saved with other figures, from another "
                                       "phone a moment before yours, so yours were not saved. Deal "
                                       f"{posted} as it was saved is shown below; your figures are still in "
                                       "the form: send them to replace the saved ones, or go back to the "
                                       "scores to keep them.")
        if seen is not None and seen != version:
            if same:
                return Refusal("repeat", f"Deal {posted} was already changed to these figures. "
                                         "It was sent twice and is changed once.")
            return Refusal("conflict", f"Deal {posted} was not changed: the match was changed from another "
                                       "phone after you opened this form. Deal "
                                       f"{posted} as it is saved now is shown below; your figures are still "
                                       "in the form: send them again to apply them to the match as it is now.")
    # The stored flag, rewritten from the core's score by every change (and checked by `flask check`):
    # scoring the match here as well would score it twice per save.
    if not editing and match.finished:
        return Refusal("over", "")
    return None


def settle(match: Match, table: deal_form.DealLayout, form: DealForm, read: deal_form.ReadDeal, posted: int, editing: bool,
           version: int, write: bool, app_card: bool = False) -> View:
    """Score the posted deal against the match as it is now, then preview it or store it.

    When ``write``, the caller holds the match's lock: every refusal rolls back (releasing it)
    before anything is shown, and ``store`` commits.
    """
    # A preview is of the page as the phone has it: only a save is held to the version it was read at.
    stored = documents.stored_deals(match)
    refused = refusal(match, stored, read, posted, editing, sent_version(form.version) if write else None, version)
    if refused is not None:
        db.session.rollback()  # nothing was written: release the lock before showing anything
        return answer_refusal(match, table, form, posted, editing, refused)
    deals = documents.deals_with(match, posted, read.deal, stored)
    try:
        after = documents.score(match, deals, hands_for(match, posted))
        # Eighteen: a pile card this game has used up, unless the app turned it (stored matches
        # with a repeat still score).
        repeat = None if app_card else pile_card_problem(after.deals[posted - 1], posted)
        if repeat is not None:
            raise repeat
    except MatchError as error:
        db.session.rollback()
        deal_form.show_error(form, table, error, posted)
        return render_form(match, table, form, posted, documents.score(match), editing, status=422)
    if not write:
        now = documents.score(match)
        return render_form(match, table, form, posted, now, editing,
                           preview=build_preview(match, posted, read, after, now))
    # An edit is scored as stored too, to say what it changes further on (a new deal is not).
    return store(match, posted, read, editing, after, deals, documents.score(match) if editing else None)


def answer_refusal(match: Match, table: deal_form.DealLayout, form: DealForm, posted: int, editing: bool,
                   refused: Refusal) -> View:
    """Tell the phone what happened, with the match as it is now."""
    now = documents.score(match)
    if refused.kind == "repeat":
        flash(refused.message)
        return redirect(url_for("matches.show", match_id=match.id), code=303)
    if refused.kind == "over":
        return render_finished(match, now)
    form.version.data = str(match.version)
    form.general_errors.append(refused.message)
    if refused.kind == "moved":
        return render_form(match, table, form, len(match.deals) + 1, now, editing=False, status=409)
    # A conflict: the phone's figures stay in the form, now an edit of the deal as saved (shown beside).
    stored = match.deals[posted - 1]
    saved = build_preview(match, posted, deal_form.ReadDeal(stored.as_json(), ()), now)
    return render_form(match, table, form, posted, now, editing=True, saved=saved, status=409)


def store(match: Match, number: int, read: deal_form.ReadDeal, editing: bool, after: MatchScore,
          deals: list[DealDocument], before: MatchScore | None = None) -> Response:
    """Write the deal, the match's finished flag and its results cache, and commit: the end of the
    transaction that took the match's lock. ``deals``: every deal of the match as it will stand;
    ``before``: an edit's match as it was stored."""
    changed: list[str] = []
    if editing:
        deal = db.session.scalars(select(Deal).where(Deal.match_id == match.id, Deal.number == number)).one()
        was = deal.as_json()
        if before is not None:
            changed = edit_changes(match, number, before, after, scoreboard.columns(match))
            keep_played_trumps(match, number, before)
    else:
        deal = Deal(match=match, number=number)
        db.session.add(deal)
        was = None
    card_changed = (deal.turn_up, deal.trump) != (read.deal.get("turn_up"), read.deal.get("trump"))
    deal.bids, deal.tricks, deal.premiums = read.deal["bids"], read.deal["tricks"], read.deal["premiums"]
    deal.turn_up, deal.trump = read.deal.get("turn_up"), read.deal.get("trump")
    if deal.played_trump is None or card_changed:  # as the core scores it with its own card
        deal.played_trump = after.deals[number - 1].trump
    if deal.as_json() != was:  # the change history (records/changes.py), in the same transaction
        changes.record(changes.DEAL, match.id, number, before=was, after=deal.as_json())
    match.finished = after.finished
    match.touch()
    results.refresh(match, after, since=number, deals=deals)  # the deals before it keep their rows
    match_id = match.id  # read now: after the commit it would be read again from the database
    # The deal to come gets its cards with this save, under the same lock. Cards once made never
    # change, so an edit leaves them; an edit that reopens a finished match deals the next deal.
    card_store.deal_next(match, after)
    try:
        db.session.commit()
    except IntegrityError:  # cannot happen under the lock; if it did, nothing is half-saved
        db.session.rollback()
        abort(409, f"Deal {number} was changed from another phone at the same moment, so nothing was saved. "
                   "Go back and send it again.")
    flash(saved_message(number, editing, changed, after, before))
    return redirect(url_for("matches.show", match_id=match_id, _anchor="top"), code=303)


def keep_played_trumps(match: Match, number: int, before: MatchScore) -> None:
    """The deals after an edited one keep the trump they were played with: where none was kept
    yet (saved before it was), the one they were scored at until now."""
    for later, scored in zip(match.deals[number:], before.deals[number:], strict=False):
        if later.played_trump is None:
            later.played_trump = scored.trump


def saved_message(number: int, editing: bool, changed: list[str], after: MatchScore,
                  before: MatchScore | None) -> str:
    """"Deal 4 saved.", or what an edit changed: the later trumps, games and match it moved."""
    if not editing:
        return f"Deal {number} saved."
    later = len(after.deals) - number
    if changed:
        return f"Deal {number} changed. " + " ".join(changed)
    if later and before is not None and any(b.totals != a.totals for b, a in zip(before.deals[number:], after.deals[number:], strict=False)):
        return (f"Deal {number} changed; the running totals of {plural_deals(later)} after it moved. "
                "No trump, game or winner changes.")
    return f"Deal {number} changed." + (" Nothing after it changes." if later else "")


def plural_deals(count: int) -> str:
    return "the deal" if count == 1 else f"the {count} deals"


def render_finished(match: Match, scored: MatchScore) -> tuple[str, int]:
    winners = scoreboard.build(match, scored).winners
    return render_template(
        "error.html", match=match, title="This match is over",
        message=f"{scoreboard.winners_label(winners)} won; no more deals can be recorded. Nothing was saved.",
    ), 409


@bp.route("/new", methods=["GET", "POST"])
def new(match_id: int) -> View:
    """Record the next deal: bids, tricks, premium and turned card on one screen."""
    match = deleted.visible_or_404(match_id)  # a deleted match takes no deal
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    number = match.deal_count() + 1  # a save loads the deals once, under the lock (locking.py)
    if request.method == "POST":
        return receive(match, number, editing=False)
    before = documents.score(match)
    if before.finished:
        return render_finished(match, before)
    table = deal_form.table_for(match)
    form = deal_form.make_form(table, number=number)
    return render_form(match, table, form, number, before, editing=False)


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(match_id: int, number: int) -> View:
    """Change an earlier deal; everything after it is scored again."""
    match = deleted.visible_or_404(match_id)
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    if not 1 <= number <= len(match.deals):
        abort(404, f"This match has no deal {number}.")
    if request.method == "POST":
        return receive(match, number, editing=True)
    table = deal_form.table_for(match)
    form = deal_form.make_form(table, number=number)
    stored = match.deals[number - 1]
    deal_form.fill(form, stored)
    scored = documents.score(match)
    # The deal's points as saved, until a change asks for a new preview.
    preview = build_preview(match, number, deal_form.ReadDeal(stored.as_json(), ()), scored)
    return render_form(match, table, form, number, scored, editing=True, preview=preview)


@bp.post("/<int:number>/preview")
def preview(match_id: int, number: int) -> tuple[str, int]:
    """The points the deal being entered would score, as an HTML fragment for the form's panel.
    Read-only, but part of the scorekeeper's form: a watcher has no form to preview."""
    match = db.get_or_404(Match, match_id)
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    if not 1 <= number <= len(match.deals) + 1:
        abort(404, f"This match has no deal {number}.")
    table = deal_form.table_for(match)
    before = documents.score(match)
    form = deal_form.make_form(table)
    context = deal_context(before, number)
    if context is None:
        return render_template("play/_preview.html", message="This match is over."), 200
    if not form.validate():
        return render_template("play/_preview.html", incomplete=True), 200
    try:
        read = deal_form.read(form, table, context.dealer)
        app_card = card_store.fix_turn_up(match, number, read.deal)
        problem = private_bids(match, number, read)
        if problem is not None:
            return render_template("play/_preview.html", error=problem.message), 200
        after = documents.score(match, documents.deals_with(match, number, read.deal), hands_for(match, number))
        repeat = None if app_card else pile_card_problem(after.deals[number - 1], number)
        if repeat is not None:
            raise repeat
    except MatchError as error:
        text = documents.message(error) if error.deal in (None, number) else f"That would make deal {error.deal} wrong: {documents.message(error)}"
        return render_template("play/_preview.html", error=text), 200
    return render_template("play/_preview.html", preview=build_preview(match, number, read, after, before)), 200


@bp.get("/<int:number>")
def show(match_id: int, number: int) -> str:
    """One deal explained: its bids and tricks, its points in parts, its trump and why, the rule
    edges it reached. Anyone who may see the scoreboard may see it; it writes nothing."""
    match = deleted.visible_or_404(match_id)
    if not 1 <= number <= len(match.deals):
        abort(404, f"This match has no deal {number}.")
    scored = documents.score(match)
    board = scoreboard.build(match, scored)
    return render_template("play/deal.html", match=match, board=board, row=board.row(number),
                           explained=explain.explain(board, scored, number))


@bp.route("/<int:number>/delete", methods=["GET", "POST"])
def delete(match_id: int, number: int) -> View:
    """Ask first (GET), then delete the last deal (POST)."""
    match = deleted.visible_or_404(match_id)
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    form = VersionForm()
    if form.validate_on_submit():
        return delete_last(match, number, sent_version(form.version))
    if not 1 <= number <= len(match.deals):
        abort(404, f"This match has no deal {number}.")
    if number != len(match.deals):
        abort(409, f"Only the last deal (deal {len(match.deals)}) can be deleted; edit deal {number} instead.")
    form.version.data = str(match.version)
    return render_template(
        "confirm.html", form=form, match=match, title=f"Delete deal {number}?",
        message="Its bids, tricks and points will be gone for good.", confirm=f"Delete deal {number}",
        back=url_for("matches.show", match_id=match.id))


def delete_last(match: Match, number: int, seen: int | None) -> View:
    """Delete deal ``number`` if it is still the last one, in one transaction under the match's lock.

    ``seen`` is the version the confirmation page was read at: if the match changed since, the
    deal the person saw may not be the one there now, so nothing is deleted.
    """
    try:
        version = locking.lock_match(match.id)
    except OperationalError:
        db.session.rollback()
        abort(503, f"Deal {number} was not deleted: the scorer was busy with another change. Please try again.")
    if version is None:
        abort(404, "This match was deleted from another phone.")
    match = db.session.get_one(Match, match.id)  # as it is now, under the lock
    count = len(match.deals)
    problem = None
    if number > count and seen is not None:  # sent twice, or deleted from another phone: it is gone
        db.session.rollback()
        flash(f"Deal {number} was already deleted.")
        return redirect(url_for("matches.show", match_id=match.id), code=303)
    if not 1 <= number <= count:
        problem = 404, f"This match has no deal {number}."
    elif number != count and seen is not None and seen != version:
        later = f"deal {number + 1}" if count == number + 1 else f"deals {number + 1} to {count}"
        problem = 409, (f"Deal {number} was not deleted: {later} {'was' if count == number + 1 else 'were'} "
                        "recorded from another phone after you asked, and only the last deal can be deleted. "
                        f"Edit deal {number} instead if it is wrong.")
    elif number != count:
        problem = 409, f"Only the last deal (deal {count}) can be deleted; edit deal {number} instead."
    elif seen is not None and seen != version:
        problem = 409, (f"Deal {number} was not deleted: the match was changed from another phone after you "
                        f"asked. Look at deal {number} on the scoreboard as it is now, and delete it again if it "
                        "should go.")
    if problem is not None:
        db.session.rollback()
        status, message = problem
        return render_template("error.html", match=match, title=f"Deal {number} was not deleted",
                               message=message), status
    gone = match.deals.pop()  # delete-orphan: the row goes with the commit
    changes.record(changes.DEAL, match.id, number, before=gone.as_json(), after=None)
    after = documents.score(match)
    match.finished = after.finished
    match.touch()
    results.refresh(match, after, since=number)  # the deals before it keep their rows
    db.session.commit()
    flash(f"Deal {number} was deleted.")
    return redirect(url_for("matches.show", match_id=match.id), code=303)
