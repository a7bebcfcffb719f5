"""A club night: the organiser's page (the table code and its QR code, every table with Admit,
Close, Open again and Take out), the director's screen everyone sees (every table and its deal,
the published deals compared, the standings; live), and the poll the screen follows.

The organiser's controls are on the organiser's page only (``policy/organiser.py`` decides who
that is); the screen, for a TV or a laptop facing the room, shows only what every table may see:
the deals published (``data/publication.py``), and the table code where the organiser chose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Response, abort, flash, jsonify, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from scorer.web import language
from scorer.web.cards.blueprint import bp
from scorer.web.cards.deal_sets import night_view, sheet_shows
from scorer.web.data import nights
from scorer.web.data.models import DealSet
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.policy import device, organiser
from scorer.web.presentation import night as night_words
from scorer.web.serving import kept_pages
from scorer.web.writes import deal_sets as deal_set_writes
from scorer.web.writes import matches as matches_w

SCREEN_POLL_MS = 1000  # the screen asks every second: a save shows on it within two
PLACES = 12  # the players of each seat the screen lists (all of them are on the set's page)


def _set_or_404(set_id: int) -> DealSet:
    return db.get_or_404(DealSet, set_id, description=gettext("There is no such deal set."))


def require_organisers_press(set_id: int, of_a_table: bool) -> DealSet:
    """The deal set of a button on the organiser's page, once the phone is its organiser (403
    otherwise) and the form came from that page (400: nothing changed)."""
    deal_set = _set_or_404(set_id)
    organiser.require_organiser(deal_set)
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; no table was changed. Reload the page and try again.")
              if of_a_table else
              gettext("This form did not come from this page; nothing was changed. Reload the page and try again."))
    return deal_set


def join_url(deal_set: DealSet) -> str:
    """What the QR code carries: the new-table form with the table code filled in."""
    return url_for("play.match_from_deal_set", set_id=deal_set.id, code=deal_set.table_code, _external=True)


@bp.get("/deal-sets/<int:set_id>/organise")
def organise(set_id: int) -> str:
    """The organiser's page: the code to join, the tables and what can be done with each."""
    deal_set = _set_or_404(set_id)
    organiser.require_organiser(deal_set)
    tag = _tag(set_id)
    night = nights.night_of(deal_set)
    return render_template("cards/organise.html", deal_set=deal_set, night=night, form=EmptyForm(), screen_tag=tag,
                           join_url=join_url(deal_set), sheet_shows=sheet_shows(deal_set),
                           changes=deal_set_writes.CHANGES, pretty_code=pretty_code(deal_set.table_code),
                           night_line=night_words.night_state_line(night), join_note=night_words.join_note,
                           behind_note=night_words.behind_note, deleted=nights.tables_of(deal_set, deleted=True))


def pretty_code(code: str) -> str:
    """The table code as shown, in two groups of four: "K7QX M2PA"."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))


@bp.post("/deal-sets/<int:set_id>/tables/<int:match_id>/<any(admit, close, reopen, 'take-out'):change>")
def change_table(set_id: int, match_id: int, change: str) -> BaseResponse:
    """Admit, close, open again or take out one table (the organiser only)."""
    require_organisers_press(set_id, of_a_table=True)
    try:
        done = deal_set_writes.change_table(set_id, match_id, change)
    except deal_set_writes.Behind as behind:
        flash(night_words.behind_refused(behind.number, behind.deals, behind.published), "error")
        return redirect(url_for("cards.organise", set_id=set_id, _anchor=f"table-{behind.number}"), code=303)
    flash(night_words.change_done(change, done.number))
    return redirect(url_for("cards.organise", set_id=set_id, _anchor=f"table-{done.number}"), code=303)


@bp.post("/deal-sets/<int:set_id>/tables/<int:match_id>/delete")
def delete_table(set_id: int, match_id: int) -> BaseResponse:
    """Delete one table's match into Recently deleted (the organiser, while the night is on; its
    scorekeepers may not then: ``access.night_on``). Its night's frontier moves as for a table
    taken out; restored, it does not come back behind the deals published meanwhile."""
    require_organisers_press(set_id, of_a_table=True)
    table = deal_set_writes.table_of_set(set_id, match_id)
    matches_w.delete(match_id, by=device.device_name())
    flash(night_words.table_deleted(table.number))
    return redirect(url_for("cards.organise", set_id=set_id), code=303)


@bp.post("/deal-sets/<int:set_id>/tables/<int:match_id>/restore")
def restore_table(set_id: int, match_id: int) -> BaseResponse:
    """Bring a deleted table back (the organiser): it does not come back behind the deals the night
    published while it was deleted (``publication.may_record``)."""
    deal_set = require_organisers_press(set_id, of_a_table=True)
    number = deal_set_writes.table_of_set(set_id, match_id, deleted=True).number
    matches_w.restore(match_id, by=device.device_name())
    back = next(table for table in nights.night_of(deal_set).tables if table.match_id == match_id)
    flash(night_words.table_restored(number, back.behind))
    return redirect(url_for("cards.organise", set_id=set_id, _anchor=f"table-{number}"), code=303)


@bp.post("/deal-sets/<int:set_id>/end")
def end_night(set_id: int) -> BaseResponse:
    """End the night (the organiser only): every open table closed, every deal published."""
    require_organisers_press(set_id, of_a_table=False)
    deal_set_writes.end_night(set_id)
    flash(night_words.night_ended())
    return redirect(url_for("cards.organise", set_id=set_id), code=303)


@bp.post("/deal-sets/<int:set_id>/screen-code")
def screen_code(set_id: int) -> BaseResponse:
    """Show the table code and its QR code on the director's screen, or take them off."""
    require_organisers_press(set_id, of_a_table=False)
    shown = request.form.get("show") == "yes"
    deal_set_writes.show_code(set_id, shown)
    flash(gettext("The director’s screen shows the table code.") if shown
          else gettext("The director’s screen no longer shows the table code."))
    return redirect(url_for("cards.organise", set_id=set_id), code=303)


@bp.get("/deal-sets/<int:set_id>/screen")
def night_screen(set_id: int) -> str:
    """The director's screen: every admitted table and its deal, the last deals every table has
    played, side by side, and the standings over them; live (static/live.js). The same for every
    browser showing it: made once a tag on the server and kept a moment (``kept_pages``), by the
    address it was reached at (its QR code carries it) and its language."""
    deal_set = _set_or_404(set_id)
    row = _version_row(set_id)  # before what it stands for is read: a change meanwhile makes the next poll fetch again
    if session.get("_flashes"):  # a message for this browser alone
        return _draw_screen(deal_set, row)
    return kept_pages.kept_or_made(("screen", set_id, nights.tag(row), request.host, language.current()),
                                   lambda: _draw_screen(deal_set, row))


def _draw_screen(deal_set: DealSet, row: Sequence[Any]) -> str:
    """The screen: its list of tables made each time (a deal recorded moves a table on), its
    published deals and standings kept until the night publishes or a published deal changes."""
    view = night_view(deal_set, plays=False)
    published_part = kept_pages.kept_part(
        ("screen-published", deal_set.id, nights.published_key(row), language.current()),
        lambda: _published_part(deal_set, view["night"]))
    return render_template("cards/screen.html", deal_set=deal_set, screen_tag=nights.tag(row),
                           poll_ms=SCREEN_POLL_MS, join_url=join_url(deal_set) if deal_set.code_on_screen else None,
                           pretty_code=pretty_code(deal_set.table_code), published_part=Markup(published_part), **view)


def _published_part(deal_set: DealSet, night: nights.Night) -> str:
    view = night_view(deal_set, night=night)
    return render_template("cards/_screen_published.html", latest=view["compared"][-2:][::-1], places=PLACES, **view)


def _version_row(set_id: int) -> Sequence[Any]:
    """``nights.VERSION_QUERY``'s row for the set (404 if there is no such set)."""
    row = db.session.connection().execute(nights.VERSION_QUERY, {"set_id": set_id}).first()
    if row is None:
        abort(404, gettext("There is no such deal set."))
    return tuple(row)


def _tag(set_id: int) -> str:
    return nights.tag(_version_row(set_id))


@bp.get("/deal-sets/<int:set_id>/results")
def night_results(set_id: int) -> str:
    """The night's results on one printed page: every seat's ranking by matchpoints, each player's
    points and matchpoints deal by deal, for the deals published (as the set's page)."""
    deal_set = _set_or_404(set_id)
    view = night_view(deal_set)
    return render_template("cards/results_sheet.html", deal_set=deal_set, ended=view["night"].ended,
                           recap=night_words.recap(view["night"], view["ruleset"], view["standings"], view["compared"]),
                           **view)


@bp.get("/deal-sets/<int:set_id>/version")
def night_version(set_id: int) -> Response:
    """The night's tag (one prebuilt statement), 304 while the screen has it already."""
    row = _version_row(set_id)
    etag = nights.tag(row)
    response = Response(status=304) if request.if_none_match.contains(etag) else jsonify(tables=row[1])
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
