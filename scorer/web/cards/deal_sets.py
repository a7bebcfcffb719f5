"""Duplicate deal sets: making one, the list, the set's page and its printable sheet.

A deal set is a seed, a ruleset and a number of deals; deal n of the set is the core's deal
from a seed derived from the set's (``card_store.set_cards``), so it never needs storing. Every
table of the set (a match started from it, admitted by its organiser: ``cards/nights.py``) is
dealt those deals by the app, and the set's page puts their points side by side, deal by deal,
for the deals every admitted table has played (``publication.published``). Its sheet (printable,
one block per deal: every seat's hand, the turned card, the dealer) lets the same deals be laid
out with a real pack.

The sheet shows every hand: its address carries a key nobody can guess, and it opens only for the
set's organiser, and only while no admitted table is playing (before the night, or after it).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import abort, redirect, render_template, url_for
from flask_wtf import FlaskForm
from sqlalchemy import select
from werkzeug.wrappers import Response
from wtforms import RadioField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorer.core import DEFAULT_OPTIONS, DEFAULT_RULESET, MAX_SEED, RULESETS, get_ruleset, make_setup
from scorer.web.cards.blueprint import bp
from scorer.web.cards.packs import pack_line
from scorer.web.data import card_store, names, nights, publication
from scorer.web.data.models import DealSet
from scorer.web.extensions import db
from scorer.web.fields import MAX_PLAYERS, WholeNumberField, choices, ruleset_options
from scorer.web.language import gettext, lazy_gettext
from scorer.web.policy import organiser
from scorer.web.presentation import night as night_words
from scorer.web.presentation import refusal_words
from scorer.web.presentation.scoreboard import winners_label as names_list
from scorer.web.writes import deal_sets as deal_set_writes

MAX_DEALS = 60




# ---------------------------------------------------------------------------- deal sets


class DealSetForm(FlaskForm):
    name = StringField(lazy_gettext("Name"), validators=[Optional(), Length(max=60, message=lazy_gettext("Keep the name to 60 letters."))])
    ruleset = RadioField(lazy_gettext("Ruleset"), default=DEFAULT_RULESET, validators=[InputRequired(lazy_gettext("Choose a ruleset."))])
    count = WholeNumberField(lazy_gettext("Number of deals"), default=DEFAULT_OPTIONS["deals"], validators=[
        InputRequired(lazy_gettext("Say how many deals.")),
        NumberRange(1, MAX_DEALS, lazy_gettext("From 1 to %(most)s deals.", most=MAX_DEALS))])
    seed = WholeNumberField(lazy_gettext("Seed"), not_a_number=lazy_gettext("The seed is a whole number, such as 2024."), validators=[
        Optional(), NumberRange(0, MAX_SEED, lazy_gettext("The seed is a whole number from 0 to %(most)s.", most=MAX_SEED))])
    first_dealer = RadioField(lazy_gettext("Who deals first"), coerce=int, default=0,
                              choices=choices([(i, lazy_gettext("Seat %(number)s", number=i + 1)) for i in range(MAX_PLAYERS)]))
    trump = RadioField(lazy_gettext("Trump comes from"), default="turn-up", choices=choices([
        ("turn-up", lazy_gettext("A turned-up card (52 + Joker)")), ("successes", lazy_gettext("How many made their bid (52)"))]))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices([(r.id, r.name) for r in RULESETS.values()])

    def validate_name(self, field: StringField) -> None:
        if field.data and field.data.strip():
            try:
                field.data = names.clean(field.data, gettext("The name"), limit=60)
            except names.NameProblem as problem:
                raise ValidationError(refusal_words.message(problem)) from None

    def validate_first_dealer(self, field: RadioField) -> None:
        ruleset = RULESETS.get(self.ruleset.data)
        if ruleset is not None and field.data >= ruleset.players:
            raise ValidationError(gettext("%(ruleset)s has %(players)s players: choose seat 1 to %(players)s.",
                                          ruleset=ruleset.name, players=ruleset.players))

    def validate_trump(self, field: RadioField) -> None:
        # Where the ruleset has no such option (the core's option keys), the field as the page
        # draws it (its first choice, untouched) means nothing and is left out; the page's script
        # sends nothing for it. Only choosing something else is refused.
        ruleset = RULESETS.get(self.ruleset.data)
        if ruleset is not None and "trump" not in ruleset.option_keys and field.data != field.default:
            raise ValidationError(gettext(
                "%(ruleset)s has no choice of where trump comes from: only %(rulesets)s have it.",
                ruleset=ruleset.name, rulesets=names_list(trump_rulesets())))


def trump_rulesets() -> list[str]:
    """The names of the rulesets that let a set choose where trump comes from (the core's option keys)."""
    return [r.name for r in RULESETS.values() if "trump" in r.option_keys]


@bp.route("/deal-sets/new", methods=["GET", "POST"])
def new_deal_set() -> str | Response | tuple[str, int]:
    """Make a set of seeded deals: a ruleset, how many deals, and a seed (or one drawn at random)."""
    form = DealSetForm()
    if form.validate_on_submit():
        made = deal_set_writes.make(form.name.data or "", form.ruleset.data, form.trump.data, form.count.data,
                                    form.seed.data, form.first_dealer.data, untitled=night_words.untitled_set)
        response = redirect(url_for("cards.organise", set_id=made.set_id), code=303)
        organiser.give(response, made.set_id, made.token)  # this phone runs the night
        return response
    status = 422 if form.is_submitted() else 200
    return render_template("cards/new_deal_set.html", form=form, rulesets=ruleset_options(RULESETS.values()),
                           current=RULESETS.get(form.ruleset.data), trump_rulesets=names_list(trump_rulesets())), status


@bp.get("/deal-sets/")
def deal_sets() -> str:
    """Every deal set, newest first, with the matches played from it."""
    found = db.session.scalars(select(DealSet).order_by(DealSet.id.desc())).all()
    return render_template("cards/deal_sets.html", sets=found)


@dataclass
class SheetDeal:
    number: int
    dealer: int
    cards: card_store.Cards
    trump: str | None


def sheet_deals(deal_set: DealSet, upto: int) -> list[SheetDeal]:
    """The set's deals 1 to ``upto`` as the sheet prints them."""
    return [SheetDeal(n, (cards := card_store.set_cards(deal_set, n)).dealer, cards,
                      card_store.trump_of(deal_set.ruleset, deal_set.options, cards.turn_up))
            for n in range(1, upto + 1)]


# What the sheet calls the card turned for trump, by where it comes from.
TURNED_CARD_WORDS = {"pile": lazy_gettext("pile card"), "dummy": lazy_gettext("dummy’s top card")}


def _set_or_404(set_id: int) -> DealSet:
    return db.get_or_404(DealSet, set_id, description=gettext("There is no such deal set."))


def sheet_shows(deal_set: DealSet) -> int:
    """How many deals the sheet shows: those the night has published (every deal once it has
    ended). The organiser may play too, and sees no more than any player."""
    return publication.published(deal_set)


@bp.get("/deal-sets/<int:set_id>/sheet/<key>")
def deal_set_sheet(set_id: int, key: str) -> str:
    """The printable sheet: each deal's hands seat by seat, the turned card and the dealer, for the
    deals the night has published (all of them, and the set's seed, once it has ended). For the
    organiser."""
    deal_set = _set_or_404(set_id)
    if not secrets.compare_digest(key.encode(), deal_set.key.encode()):  # bytes: a non-ASCII str would raise
        abort(404, gettext("There is no such deal sheet."))
    organiser.require_organiser(deal_set)
    ruleset = get_ruleset(deal_set.ruleset)
    setup = make_setup(deal_set.ruleset, deal_set.options)
    return render_template("cards/deal_set_sheet.html", deal_set=deal_set, ruleset=ruleset, setup=setup,
                           deals=sheet_deals(deal_set, sheet_shows(deal_set)), prep=pack_line(deal_set.ruleset, deal_set.options),
                           ended=publication.ended(deal_set),
                           labels=night_words.seat_labels(ruleset),
                           turned_word=TURNED_CARD_WORDS.get(setup.trump_rule) or gettext("turn-up"))


def night_view(deal_set: DealSet, plays: bool = True, night: nights.Night | None = None) -> dict[str, Any]:
    """What the set's page and the director's screen show of the night, as published (without
    ``plays``, its tables only; ``night``: the night as read already, without its plays)."""
    ruleset = get_ruleset(deal_set.ruleset)
    if night is None:
        night = nights.night_of(deal_set, plays=False)
    if not plays:
        return {"night": night, "ruleset": ruleset}
    nights.add_plays(night)
    published = night.published
    dealers = [card_store.set_dealer(deal_set, n) for n in range(1, published + 1)]
    turned = [card_store.set_cards(deal_set, n).turn_up if ruleset_turns(deal_set) else None
              for n in range(1, published + 1)]
    return {"night": night, "ruleset": ruleset, "headings": night_words.unit_headings(ruleset),
            "standings": night_words.standings(night, ruleset),
            "compared": night_words.compared(night, ruleset, dealers, turned),
            "held_back": night_words.waiting_for(published, night.played),
            "unit_names": lambda table: night_words.unit_names(table, ruleset)}


def ruleset_turns(deal_set: DealSet) -> bool:
    """Whether the set's deals turn a card for trump (the same card at every table)."""
    return make_setup(deal_set.ruleset, deal_set.options).turns_card


@bp.get("/deal-sets/<int:set_id>")
def deal_set(set_id: int) -> str:
    """A set: start a table from it, and its admitted tables side by side, deal by deal, for the
    deals every one of them has played."""
    deal_set = _set_or_404(set_id)
    labels = night_words.seat_labels(get_ruleset(deal_set.ruleset))
    return render_template("cards/deal_set.html", deal_set=deal_set, first_dealer=labels[deal_set.first_dealer],
                           organiser=organiser.is_organiser(deal_set), **night_view(deal_set))
