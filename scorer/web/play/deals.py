"""Recording a deal, previewing its points, editing an earlier deal, deleting the last one: the
views. Each reads its form and calls one write (``scorer/web/writes/deals.py``: the lock, the
checks against the match as stored now, the core's score, the write and its commit), then shows
the scoreboard or the form again with what the write said.

Every save scores the whole match with the deal in place first: if the core finds anything
wrong, its message is shown beside the field and nothing is stored. The deal number in the
form makes a second POST of the same deal (a double tap, a resend after a dropped connection)
land on the deal already saved instead of adding another; the form's one-time key
(``data/save_keys.py``) makes the same form sent again answer as the first time did. Two phones at once: the second waits
for the match's lock, then is told what the first did (docs/SECURITY.md).
"""

from __future__ import annotations

import json

from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorer.core import DealScore, MatchError, MatchScore, NextDeal
from scorer.web.data import card_store, documents, publication, save_keys
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.fields import sent_version
from scorer.web.language import gettext
from scorer.web.play import card_choice, deal_form, refused
from scorer.web.play.blueprint import bp
from scorer.web.play.forms import DealForm, DeleteDealForm
from scorer.web.policy import access, capability, device, readers
from scorer.web.presentation import explain, night, problem_words, refusal_words, scoreboard
from scorer.web.presentation import preview as panel
from scorer.web.presentation.formatting import bid_text
from scorer.web.writes import deals as deal_writes
from scorer.web.writes.problems import OutOfDate, Refused, WriteProblem

# A deal form sent by its script (static/kept-saves.js) asks with this header for where the
# answer's redirect goes, instead of following it: the page after a save ("Deal 4 saved.") reads
# its message from the session once, and the phone opens it itself.
KEPT_SAVE_HEADER = "X-Kept-Save"
KEPT_SAVES = {"play.new_deal", "play.edit_deal"}  # the forms the script sends


@bp.after_request
def redirect_as_location(response: Response) -> Response:
    """A redirect answered to the form's script as ``{"location": …}`` (200): the script goes
    there, so the page after the save is drawn once, for the phone, with its message."""
    if (request.endpoint in KEPT_SAVES and request.headers.get(KEPT_SAVE_HEADER) == "1"
            and response.status_code in (301, 302, 303, 307, 308)):
        location = response.headers.pop("Location")
        response.status_code = 200
        response.set_data(json.dumps({"location": location}))
        response.mimetype = "application/json"
    return response

View = str | Response | tuple[str, int]


def render_form(match: Match, table: deal_form.DealLayout, form: DealForm, number: int, scored: MatchScore,
                editing: bool, shown_preview: panel.Preview | None = None, status: int = 200,
                saved: panel.Preview | None = None) -> tuple[str, int]:
    """The deal form; ``saved`` is the deal as stored, shown beside a phone's figures that lost a race."""
    context: DealScore | NextDeal | None = scored.deal_or_next(number)
    if form.version.data in (None, ""):
        form.version.data = str(match.version)
    if not form.save_key.data:  # made as the form is drawn; a form drawn again keeps the one it was sent with
        form.save_key.data = save_keys.new_key()
    dealt = card_store.dealt_for(match, number)  # the app's cards for this deal, if it deals
    used = context.spent_cards if isinstance(context, NextDeal) else frozenset[str]()  # eighteen: pile cards used up
    # The bid cards shown on the phones reach the scorekeeper's phone only.
    shown = card_store.shown_bids(dealt, table.seats) if capability.holds(match) else [None] * table.seats
    if request.method == "GET" and request.args.get("phones"):  # "fill in the shown bid cards", without JS
        card_choice.fill_shown(form, shown)
    return render_template(
        "play/deal_form.html", match=match, table=table, form=form, number=number, editing=editing,
        context=context, names=table.names, preview=shown_preview, dealt=dealt, shown=shown, saved=saved,
        shown_texts=[bid_text(cards) if cards else None for cards in shown],  # as a bid box shows them
        trump=panel.header_trump(match, context, dealt, editing), grid=deal_form.card_grid(table.turn_up_cards, used),
        grid_used=bool(used), bid_ways=deal_form.bid_ways(match),
        app_deals=match.cards != card_store.TABLE,  # the next deal's cards come from the server (kept-saves.js)
    ), status


def receive(match: Match, number: int, editing: bool) -> View:
    """Translate a posted deal form into one call: its preview (kept for the page after it, which
    scores it once with ``writes.deals.preview``: nothing written) or its save
    (``writes.deals.save``); then word what the write said. A form that comes
    back is drawn by the GET after it (``again``): no page is a POST's answer."""
    table = deal_form.table_for(match)
    form = deal_form.make_form(table)
    if not form.validate():
        return again(match, form, number, editing, 422)
    posted = int(form.number.data)
    keeper = capability.holds(match)
    try:
        deal_writes.check_form_number(match, number, posted, editing)
        if request.form.get("action") == "preview":  # nothing is written: the page after scores it, once
            return again(match, form, posted, editing, 200, preview=True)
        read = deal_form.read(form, table, documents.dealer_for(match, posted))
        sent = deal_writes.Posted(posted, read.deal, editing, sent_version(form.version))
        saved = deal_writes.save(match.id, sent, keeper, by=device.device_name(), key=save_keys.sent_key(form.save_key.data))
    except deal_writes.WrongForm as wrong:
        return again(match, form, number, editing, 409, [refusal_words.message(wrong)])
    except deal_writes.PrivateBid as problem:
        field = form.seats[problem.seat].bid
        field.errors = [*field.errors, refusal_words.message(problem, table.names)]
        return again(match, form, posted, editing, 422)
    except MatchError as error:
        deal_form.show_error(form, table, error, posted)
        return again(match, form, posted, editing, 422)
    except deal_writes.Repeated as repeated:
        flash(refusal_words.message(repeated))
        return redirect(url_for("play.scoreboard", match_id=match.id), code=303)
    except (deal_writes.MatchOver, deal_writes.NotPlaying):  # the form's page says so now
        return redirect(url_for("play.new_deal", match_id=match.id), code=303)
    except deal_writes.Moved as moved:
        return after_race(match, form, refusal_words.message(moved), None)
    except deal_writes.Taken as taken:  # saved first: by this phone (another tab, an old page) or another
        return after_race(match, form, refusal_words.message(taken, here=refused.saved_here(match.id, taken.number)),
                          taken.number)
    except deal_writes.Conflict as conflict:
        return after_race(match, form, refusal_words.message(conflict), posted)
    # The undo of what was just done, beside the words that say it was done.
    refused.remember_saved(match.id, saved.number)
    board = url_for("play.scoreboard", match_id=saved.match_id)
    undo = url_for("records.confirm_undo", match_id=saved.match_id, change_id=saved.change_id, next=board) if saved.change_id else ""
    flash(panel.saved_message(match, saved.number, saved.editing, saved.changes, saved.after, saved.before), f"undo {undo}")
    off_hand = panel.off_hand_words(saved.off_hand, table.names, saved.number)
    if off_hand:  # saved all the same: a bid given as a number is taken as spoken
        flash(off_hand, "warning")
    return redirect(url_for("play.scoreboard", match_id=saved.match_id, _anchor="top"), code=303)


def again(match: Match, form: DealForm, number: int, editing: bool, status: int, general: list[str] | None = None,
          replace: dict[str, str] | None = None, preview: bool = False, saved: bool = False) -> Response:
    """The form as sent, kept with its messages for the GET of its page (``refused.keep``), which
    draws it again with ``status``; ``preview``: with the points it would score; ``saved``: with the
    deal as stored beside it."""
    target = url_for("play.edit_deal", match_id=match.id, number=number) if editing else url_for("play.new_deal", match_id=match.id)
    return refused.keep(form, target, status, [*form.general_errors, *(general or [])], replace,
                        number=number, preview=preview, saved=saved)


def after_race(match: Match, form: DealForm, message: str, editing: int | None) -> Response:
    """The form again after a lost race, for the match as it is now: the next deal's (``editing``
    None: a deal was deleted meanwhile), or an edit of deal ``editing`` with the deal as it was
    saved beside the phone's figures."""
    db.session.expire_all()  # read again: the write that refused it rolled back
    number = editing if editing is not None else match.deal_count() + 1
    return again(match, form, number, editing is not None, 409, [message],
                 replace={"version": str(match.version), "number": str(number)}, saved=editing is not None)


def drawn_again(match: Match, table: deal_form.DealLayout, kept: refused.Kept, number: int, editing: bool,
                scored: MatchScore) -> tuple[str, int]:
    """The page after a form that came back: the figures sent, the messages, and the points or the
    deal as saved where the POST said so."""
    form = deal_form.make_form(table, formdata=kept.formdata)
    kept.apply(form)
    form.general_errors.extend(kept.general)
    shown, status = None, kept.status
    if kept.facts.get("preview"):  # the one preview of the press (its POST scored nothing)
        shown, problems = points(match, table, form, number, on_form=True)
        form.general_errors.extend(problems)
        status = status if shown is not None else 422
    saved = panel.of_stored(match, number, scored) if kept.facts.get("saved") else None
    return render_form(match, table, form, number, scored, editing, shown_preview=shown, status=status, saved=saved)


def points(match: Match, table: deal_form.DealLayout, form: DealForm, number: int,
           on_form: bool = False) -> tuple[panel.Preview | None, list[str]]:
    """What deal ``number`` as the form has it would score now (nothing is written), or why it
    cannot be scored: the preview's panel, or its problems in words (``on_form``: a problem of a
    seat's figure beside its field, as a save's, and the others returned)."""
    context = documents.score(match).deal_or_next(number)
    if context is None:
        return None, [gettext("This match is over.")]
    try:
        read = deal_form.read(form, table, context.dealer)
        shown = deal_writes.preview(match, deal_writes.Posted(number, read.deal, editing=number <= len(match.deals)),
                                    capability.holds(match))
    except deal_writes.PrivateBid as problem:
        words = refusal_words.message(problem, table.names)
        if on_form:
            field = form.seats[problem.seat].bid
            field.errors = [*field.errors, words]
            return None, []
        return None, [words]
    except deal_writes.NotPlaying as stopped:
        return None, [refusal_words.message(stopped)]
    except MatchError as error:
        if on_form:
            deal_form.show_error(form, table, error, number)
            return None, []
        players = match.player_names
        return None, [problem_words.beside_field(problem, players) if problem.deal in (None, number)
                      else problem_words.elsewhere(problem, players) for problem in error.every()]
    except WriteProblem as problem:  # saved meanwhile from another phone, or the match moved on
        return None, [refusal_words.message(problem)]
    return panel.build(match, number, read.deal, read.may_raise, shown.after, shown.now), []


def render_not_playing(match: Match) -> tuple[str, int] | None:
    """A table of a deal set that may not record a deal (waiting to be admitted, closed, taken
    out): the page that says why, or None."""
    table = publication.table_of(match)
    if table is None or publication.may_play(match):
        return None
    return render_template("error.html", match=match, title=gettext("This table is not playing"),
                           message=night.not_playing(table.deal_set.name, table.state, publication.behind(match),
                                                          publication.ended(table.deal_set))), 409


def render_finished(match: Match, scored: MatchScore) -> tuple[str, int]:
    winners = scoreboard.build(match, scored).winners
    return render_template(
        "error.html", match=match, title=gettext("This match is over"),
        message=(gettext("%(names)s won; no more deals can be recorded. Nothing was saved.",
                         names=scoreboard.winners_label(winners)) if winners
                 else gettext("No more deals can be recorded. Nothing was saved.")),
    ), 409


@bp.route("/matches/<int:match_id>/deals/new", methods=["GET", "POST"])
def new_deal(match_id: int) -> View:
    """Record the next deal: bids, tricks, premium and turned card on one screen."""
    match = readers.match_or_404(match_id)  # a deleted match takes no deal
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    number = match.deal_count() + 1  # a save loads the deals once, under the lock (locking.py)
    if request.method == "POST":
        return receive(match, number, editing=False)
    before = documents.score(match)
    if before.finished:
        return render_finished(match, before)
    stopped = render_not_playing(match)
    if stopped is not None:
        return stopped
    table = deal_form.table_for(match)
    kept = refused.take(request.path)  # the form this phone just sent, come back
    if kept is not None and 1 <= kept.facts.get("number", 0) <= number:
        return drawn_again(match, table, kept, kept.facts["number"], False, before)
    form = deal_form.make_form(table, number=number)
    return render_form(match, table, form, number, before, editing=False)


@bp.route("/matches/<int:match_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(match_id: int, number: int) -> View:
    """Change an earlier deal; everything after it is scored again."""
    match = readers.match_or_404(match_id)
    access.require_change(match)  # before the form is read: a watcher gets 403, nothing written
    if not 1 <= number <= len(match.deals):
        abort(404, gettext("This match has no deal %(number)s.", number=number))
    if request.method == "POST":
        return receive(match, number, editing=True)
    table = deal_form.table_for(match)
    scored = documents.score(match)
    kept = refused.take(request.path)  # the form this phone just sent, come back
    if kept is not None:
        return drawn_again(match, table, kept, number, True, scored)
    form = deal_form.make_form(table, number=number)
    deal_form.fill(form, match.deals[number - 1])
    # The deal's points as saved, until a change asks for a new preview.
    return render_form(match, table, form, number, scored, editing=True, shown_preview=panel.of_stored(match, number, scored))


@bp.post("/matches/<int:match_id>/deals/<int:number>/preview")
def preview_deal(match_id: int, number: int) -> tuple[str, int]:
    """The points the deal being entered would score, as an HTML fragment for the form's panel.
    Read-only, but part of the scorekeeper's form: a watcher has no form to preview."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)  # before the form is read: a watcher gets 403, nothing written
    if not 1 <= number <= len(match.deals) + 1:
        abort(404, gettext("This match has no deal %(number)s.", number=number))
    table = deal_form.table_for(match)
    form = deal_form.make_form(table)
    if documents.score(match).deal_or_next(number) is None:
        return render_template("play/_preview.html", message=gettext("This match is over.")), 200
    if not form.validate():
        return render_template("play/_preview.html", incomplete=True), 200
    shown, problems = points(match, table, form, number)
    if shown is None:
        return render_template("play/_preview.html", problems=problems), 200
    return render_template("play/_preview.html", preview=shown), 200


@bp.get("/matches/<int:match_id>/deals/<int:number>")
def deal(match_id: int, number: int) -> str:
    """One deal explained: its bids and tricks, its points in parts, its trump and why, the rule
    edges it reached. Anyone who may see the scoreboard may see it; it writes nothing."""
    match = readers.match_or_404(match_id)
    cut = publication.cut_of(match)
    if cut is not None and number > cut.shown:
        abort(403, night.deal_held_back(number))
    if not 1 <= number <= len(match.deals):
        abort(404, gettext("This match has no deal %(number)s.", number=number))
    scored = documents.score(match)
    board = scoreboard.build(match, scored)
    return render_template("play/deal.html", match=match, board=board, row=board.row(number),
                           explained=explain.explain(board, scored, number))


@bp.route("/matches/<int:match_id>/deals/<int:number>/delete", methods=["GET", "POST"])
def delete_deal(match_id: int, number: int) -> View:
    """Ask first (GET), then delete the last deal (POST)."""
    match = readers.match_or_404(match_id)
    access.require_change(match)  # before the form is read: a watcher gets 403, nothing written
    form = DeleteDealForm()
    if form.validate_on_submit():
        return delete_last(match, number, sent_version(form.version), save_keys.sent_key(form.save_key.data))
    if not 1 <= number <= len(match.deals):
        abort(404, gettext("This match has no deal %(number)s.", number=number))
    if number != len(match.deals):
        abort(409, refusal_words.words("only-last-deal", number=number, last=len(match.deals)))
    form.version.data = str(match.version)
    form.save_key.data = save_keys.new_key()
    return render_template(
        "confirm.html", form=form, match=match, title=gettext("Delete deal %(number)s?", number=number),
        message=gettext("Its bids, tricks and points go from the scoreboard; Undo in the message that follows, or in "
                        "the match's history of changes, brings them back."),
        confirm=gettext("Delete deal %(number)s", number=number),
        back=url_for("play.scoreboard", match_id=match.id))


def delete_last(match: Match, number: int, seen: int | None, key: str | None) -> View:
    """Delete deal ``number`` if it is still the last one (one write, ``writes.deals.delete_last``;
    ``key``: the confirmation's one-time key, sent again answered as the first time)."""
    try:
        deleted = deal_writes.delete_last(match.id, number, seen, by=device.device_name(), key=key)
    except (Refused, OutOfDate) as problem:
        return (render_template("error.html", match=match, title=refusal_words.title(problem),
                                message=refusal_words.message(problem)), problem.status)
    if deleted is None:
        flash(gettext("Deal %(number)s was already deleted.", number=number))
    else:  # the undo of what was just done, beside the words that say it was done
        board = url_for("play.scoreboard", match_id=match.id)  # the undo comes back to it
        flash(gettext("Deal %(number)s was deleted.", number=number),
              f"undo {url_for('records.confirm_undo', match_id=match.id, change_id=deleted, next=board)}")
    return redirect(url_for("play.scoreboard", match_id=match.id), code=303)
