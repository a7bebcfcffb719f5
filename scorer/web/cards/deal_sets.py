"""Cards on paper: how to make each ruleset's pack, and duplicate deal sets.

A deal set is a seed, a ruleset and a number of deals; deal n of the set is the core's deal
from a seed derived from the set's (``card_store.set_cards``), so it never needs storing. Its sheet
(printable, one block per deal: every seat's hand, the turned card, the dealer) lets the same
deals be laid out at another table; every match started from the set is dealt those deals by
the app, and the set's page puts their points side by side, deal by deal.

The sheet shows every hand, so its address carries a key nobody can guess, and the set's page
links to it only while no match from the set is being played.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, render_template, url_for
from flask_wtf import FlaskForm
from sqlalchemy import select
from werkzeug.wrappers import Response
from wtforms import RadioField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorer.core import DEFAULT_OPTIONS, DEFAULT_RULESET, MAX_SEED, RULESETS, DealScore, MatchError, MatchScore, get_ruleset, make_setup
from scorer.web.cards.packs import pack_line
from scorer.web.data import card_store, documents, names
from scorer.web.data.models import Deal, DealSet, Match
from scorer.web.extensions import db
from scorer.web.fields import MAX_PLAYERS, WholeNumberField, choices, ruleset_options
from scorer.web.presentation import scoreboard
from scorer.web.writes import deal_sets as deal_set_writes

bp = Blueprint("deal_sets", __name__)

MAX_DEALS = 60




# ---------------------------------------------------------------------------- deal sets


class DealSetForm(FlaskForm):
    name = StringField("Name", validators=[Optional(), Length(max=60, message="Keep the name to 60 letters.")])
    ruleset = RadioField("Ruleset", default=DEFAULT_RULESET, validators=[InputRequired("Choose a ruleset.")])
    count = WholeNumberField("Number of deals", default=DEFAULT_OPTIONS["deals"], validators=[
        InputRequired("Say how many deals."), NumberRange(1, MAX_DEALS, f"From 1 to {MAX_DEALS} deals.")])
    seed = WholeNumberField("Seed", not_a_number="The seed is a whole number, such as 2024.", validators=[
        Optional(), NumberRange(0, MAX_SEED, f"The seed is a whole number from 0 to {MAX_SEED}.")])
    first_dealer = RadioField("Who deals first", coerce=int, default=0,
                              choices=choices([(i, f"Seat {i + 1}") for i in range(MAX_PLAYERS)]))
    trump = RadioField("Trump comes from", default="turn-up", choices=choices([
        ("turn-up", "A turned-up card (52 + Joker)"), ("successes", "How many made their bid (52)")]))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices([(r.id, r.name) for r in RULESETS.values()])

    def validate_name(self, field: StringField) -> None:
        if field.data and field.data.strip():
            try:
                field.data = names.clean(field.data, "The name", limit=60)
            except names.NameProblem as problem:
                raise ValidationError(str(problem)) from None

    def validate_first_dealer(self, field: RadioField) -> None:
        ruleset = RULESETS.get(self.ruleset.data)
        if ruleset is not None and field.data >= ruleset.players:
            raise ValidationError(f"{ruleset.name} has {ruleset.players} players: choose seat 1 to {ruleset.players}.")


@bp.route("/deal-sets/new", methods=["GET", "POST"])
def new_set() -> str | Response | tuple[str, int]:
    """Make a set of seeded deals: a ruleset, how many deals, and a seed (or one drawn at random)."""
    form = DealSetForm()
    if form.validate_on_submit():
        made = deal_set_writes.make(form.name.data or "", form.ruleset.data, form.trump.data, form.count.data,
                                    form.seed.data, form.first_dealer.data)
        return redirect(url_for("deal_sets.sheet", set_id=made.set_id, key=made.key), code=303)
    status = 422 if form.is_submitted() else 200
    return render_template("cards/new_deal_set.html", form=form, rulesets=ruleset_options(RULESETS.values())), status


@bp.get("/deal-sets/")
def sets() -> str:
    """Every deal set, newest first, with the matches played from it."""
    found = db.session.scalars(select(DealSet).order_by(DealSet.id.desc())).all()
    return render_template("cards/deal_sets.html", sets=found)


@dataclass
class SheetDeal:
    number: int
    dealer: int
    cards: card_store.Cards
    trump: str | None


def sheet_deals(deal_set: DealSet) -> list[SheetDeal]:
    return [SheetDeal(n, (cards := card_store.set_cards(deal_set, n)).dealer, cards,
                      card_store.trump_of(deal_set.ruleset, deal_set.options, cards.turn_up))
            for n in range(1, deal_set.count + 1)]


def seat_labels(ruleset: Any) -> list[str]:
    """"Seat 1", "Seat 2", … as the sheet and the comparison name the seats; the dummy last."""
    return [f"Seat {seat + 1}" for seat in range(ruleset.players)] + (["Dummy"] if ruleset.has_dummy else [])


# What the sheet calls the card turned for trump, by where it comes from.
TURNED_CARD_WORDS = {"pile": "pile card", "dummy": "dummy’s top card"}


def _set_or_404(set_id: int) -> DealSet:
    return db.get_or_404(DealSet, set_id, description="There is no such deal set.")


@bp.get("/deal-sets/<int:set_id>/sheet/<key>")
def sheet(set_id: int, key: str) -> str:
    """The printable sheet: every deal's hands seat by seat, the turned card and the dealer."""
    deal_set = _set_or_404(set_id)
    if not secrets.compare_digest(key.encode(), deal_set.key.encode()):  # bytes: a non-ASCII str would raise
        abort(404, "There is no such deal sheet.")
    ruleset = get_ruleset(deal_set.ruleset)
    setup = make_setup(deal_set.ruleset, deal_set.options)
    return render_template("cards/deal_set_sheet.html", deal_set=deal_set, ruleset=ruleset, setup=setup,
                           deals=sheet_deals(deal_set), prep=pack_line(deal_set.ruleset, deal_set.options),
                           labels=seat_labels(ruleset), turned_word=TURNED_CARD_WORDS.get(setup.trump_rule, "turn-up"))


@dataclass
class TableResult:
    """One match played from a set: its scored deals, by deal number."""

    match: Match
    names: list[str]
    columns: list[scoreboard.Column]
    deals: tuple[DealScore, ...]
    stored: list[Deal]
    finished: bool
    common_totals: list[int] = field(default_factory=list)
    score: MatchScore | None = None


@dataclass(frozen=True)
class ComparedDeal:
    """One deal of the set at every table that has played it."""

    number: int
    dealer: str                                          # "Seat 2"
    tables: list[tuple[TableResult, DealScore, Deal]]  # (table, the deal as scored, as stored)


def _results(deal_set: DealSet) -> list[TableResult]:
    results = []
    for match in deal_set.matches:
        try:
            scored = documents.score(match)
        except MatchError:
            continue
        results.append(TableResult(match, scoreboard.seat_names(match), scoreboard.columns(match),
                                   scored.deals, list(match.deals), scored.finished, score=scored))
    return results


@bp.get("/deal-sets/<int:set_id>")
def compare(set_id: int) -> str:
    """A set: start a match from it, and the matches played from it side by side, deal by deal."""
    deal_set = _set_or_404(set_id)
    ruleset = get_ruleset(deal_set.ruleset)
    results = _results(deal_set)
    common = min((len(r.deals) for r in results), default=0)
    for result in results:
        result.common_totals = list(result.score.points_over(common)) if result.score else []
    played = max((len(r.deals) for r in results), default=0)
    headings = [_seat_heading(col.seats) for col in results[0].columns] if results else []
    labels = seat_labels(ruleset)
    # Deal by deal: each deal's dealer, and every table that has played it with its deal as scored
    # and as stored.
    # A deal's results (bids, tricks) are shown once no table is still to play it: until then they
    # would tell the slower tables about their cards.
    shown = [n for n in range(1, played + 1) if all(len(r.deals) >= n or r.finished for r in results)]
    compared = [ComparedDeal(n, labels[card_store.set_dealer(deal_set, n)],
                             [(r, r.deals[n - 1], r.stored[n - 1]) for r in results if len(r.deals) >= n])
                for n in shown]
    in_play = any(not r.finished for r in results)
    return render_template("cards/deal_set.html", deal_set=deal_set, ruleset=ruleset, results=results,
                           common=common, headings=headings, compared=compared, in_play=in_play,
                           first_dealer=labels[deal_set.first_dealer], held_back=_held_back(len(shown), played))


def _held_back(shown: int, played: int) -> str:
    """The note under "Deal by deal" when later deals wait for the slower tables."""
    if shown == played:
        return ""
    if played - shown == 1:
        return (f"Deal {played} appears here once every table still playing has recorded it: until then its "
                "bids and tricks would tell the slower tables about their cards.")
    return (f"Deals {shown + 1}–{played} appear here once every table still playing has recorded them: until then "
            "their bids and tricks would tell the slower tables about their cards.")


def _seat_heading(seats: tuple[int, ...]) -> str:
    return "Seats " + " & ".join(str(s + 1) for s in seats) if len(seats) > 1 else f"Seat {seats[0] + 1}"
