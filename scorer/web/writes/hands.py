"""What a deal's private cards let through before the deal is recorded: a player showing three bid
cards to the scorekeeper (or taking them back), and the two-dummy dummy's bid cards turned up.
Both change what a save reads under the match's lock (``card_store.private_bid_problem``), so
both are written under it too, without counting a change (an open deal form stays current; the
boards follow through ``live.touch``)."""

from __future__ import annotations

from scorer.web.data import card_store, live
from scorer.web.data.models import HandLink
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.writes.problems import Gone, Refused
from scorer.web.writes.unit import match_write


class Recorded(Refused):
    """The deal is recorded already: its bid cards are what was saved."""


def show_bid(link_id: int, cards: list[str] | None) -> None:
    """Show ``cards`` (three of the seat's hand, in the hand's order) to the scorekeeper, or take
    them back (None). ``Recorded`` once the deal is saved."""
    link = db.session.get(HandLink, link_id)
    if link is None:
        raise Gone("no-such-hand")
    match_id, number = link.dealt.match_id, link.dealt.number
    with match_write(match_id, heading("nothing-shown"), bump=False) as locked:
        if number <= locked.match.deal_count():
            raise Recorded("already-recorded", number=number)
        link = db.session.get_one(HandLink, link_id)
        link.shown_bid = cards
        live.touch(match_id)  # the scorekeeper's board says which bids are shown


def turn_up_dummy(match_id: int, number: int) -> None:
    """two-dummy: turn up the dummy's three bid cards of deal ``number``, to record its bid."""
    with match_write(match_id, heading("nothing-turned-up"), bump=False) as locked:
        dealt = card_store.dealt_for(locked.match, number)
        if dealt is None or dealt.dummy_bid is None:
            raise Gone("no-dummy-bid", number=number)
        dealt.dummy_shown = True
        live.touch(match_id)
