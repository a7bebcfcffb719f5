"""The cards a new-match form chooses (a real pack, the app turning or dealing, a seed, a duplicate
deal set), read from the form into what ``writes.matches.start`` takes, and the deal form's
"fill in the shown bid cards"."""

from __future__ import annotations

from typing import Any

from scorer.core import get_ruleset
from scorer.web.data.card_store import APP, TABLE, CardsChoice
from scorer.web.data.document_types import MatchDocument
from scorer.web.data.models import DealSet
from scorer.web.extensions import db
from scorer.web.language import gettext
from scorer.web.play.forms import DealForm, NewMatchForm
from scorer.web.policy import organiser, security
from scorer.web.presentation.formatting import bid_text


def add_error(field: Any, message: str) -> None:
    field.errors = [*field.errors, message]


def chosen_set(form: NewMatchForm) -> DealSet | None:
    """The duplicate deal set the new-match form plays from, if any."""
    value = str(form.deal_set.data or "")
    set_id = security.parse_id(value)
    return db.session.get(DealSet, set_id) if set_id is not None else None


def cards_from_form(form: NewMatchForm, header: MatchDocument) -> CardsChoice | None:
    """The new match's cards mode, seed and deal set (for ``attach``); None when the form asks
    for something impossible (its message is then beside the field).

    A match from a deal set takes the set's ruleset, pack option, count of deals (the match is
    exactly the set's deals) and first dealer into ``header``
    (so that deal n's dealer is the sheet's), and the app deals it from the set's seed; a table code
    typed must be the set's (empty: the table waits for the organiser to admit it).
    """
    if form.deal_set.data:
        deal_set = chosen_set(form)
        if deal_set is None:
            add_error(form.ruleset, gettext("That deal set no longer exists; start the match without it."))
            return None
        if header["ruleset"] != deal_set.ruleset:
            name = get_ruleset(deal_set.ruleset).name
            add_error(form.ruleset, gettext("The deals of %(set)s are for %(ruleset)s; choose %(ruleset)s.",
                                            set=deal_set.name, ruleset=name))
            return None
        typed = (form.table_code.data or "").strip()
        if typed and not organiser.code_matches(deal_set, typed):
            add_error(form.table_code, gettext("That is not the table code of %(set)s: check it with the organiser, or "
                                               "leave it empty to ask the organiser to admit this table.",
                                               set=deal_set.name))
            return None
        header["first_dealer"] = deal_set.first_dealer
        header["options"] = {**header["options"], **deal_set.match_options}
        return {"mode": APP, "seed": deal_set.seed, "deal_set_id": deal_set.id}
    mode, seed = form.cards.data, form.seed.data
    if seed is not None and mode == TABLE:
        add_error(form.seed, gettext("A seed is for the app’s shuffle: let the app turn the trump or deal, or clear the "
                                     "seed."))
        return None
    return {"mode": mode, "seed": seed, "deal_set_id": None}


def fill_shown(form: DealForm, shown: list[list[str] | None]) -> None:
    """Put the bid cards shown on the phones into the deal form's bid fields (the rest unchanged),
    as the box shows cards: 6♥ 10♦ 7♦."""
    for entry, cards in zip(form.seats, shown, strict=True):
        if cards:
            entry.bid.data = bid_text(cards)
