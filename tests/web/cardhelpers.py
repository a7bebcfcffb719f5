"""Helpers for the tests of the cards the app deals: a match, its stored cards, the players'
phones taking their seats, and whether a page shows a card in any form."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webhelpers import start_match

from scorer.core import sort_hand
from scorer.web.data.models import DealSet, DealtDeal, Match
from scorer.web.extensions import db
from scorer.web.presentation.formatting import SUITS, card_words

THREE = ["Ann", "Bob", "Cy"]


def app_match(client: FlaskClient, ruleset: str = "classic", names=THREE, seed: int | None = 42, **extra) -> int:
    """A match the app deals, started by ``client``: that client is its scorekeeper."""
    return start_match(client, names, ruleset, cards="app", seed="" if seed is None else str(seed), **extra)


def dealt(app: Flask, match_id: int, number: int = 1) -> dict:
    with app.app_context():
        row = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id, DealtDeal.number == number))
        assert row is not None, f"deal {number} was not dealt"
        return {"seed": row.seed, "dealer": row.dealer, "hands": row.hands, "turn_up": row.turn_up,
                "dummy_bid": row.dummy_bid, "tokens": [link.token for link in row.links]}


def take_seat(phone: FlaskClient, token: str):
    """A phone opens a seat's link and taps "take the seat" (a POST)."""
    assert phone.get(f"/hand/{token}").status_code in (200, 403)
    return phone.post(f"/hand/{token}/take")


def seated_phones(app: Flask, match_id: int, number: int = 1) -> list[FlaskClient]:
    """One phone per seat, each having taken its seat through deal ``number``'s link."""
    phones = []
    for token in dealt(app, match_id, number)["tokens"]:
        phone = app.test_client()
        assert take_seat(phone, token).status_code == 303
        phones.append(phone)
    return phones


def shows_card(page: str, card: str) -> bool:
    """Whether ``card`` appears in the page in any form: its code (as a whole word, so that
    random tokens cannot match by chance), its spoken name, or rank and suit symbol as drawn.
    The Joker is one of a kind, and its word is on every bid form: it counts when drawn as a
    card, offered as a card to tap, or listed in JSON. (No page writes styles into itself: the
    deal form links play.css.)"""
    if card == "Joker":
        return bool(re.search(r'aria-label="Joker"|value="Joker"|"Joker"\s*[,\]]|[\[,]\s*"Joker"', page))
    if re.search(rf"(?<![A-Za-z0-9_-]){re.escape(card)}(?![A-Za-z0-9_-])", page):
        return True
    if card_words(card) in page:
        return True
    text = re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]+>", "", page)))
    return card[:-1] + SUITS[card[-1]] in text


def shows_hand_rows(page: str, hand: list[str]) -> bool:
    """Whether the page lays out ``hand`` by suit (the ranks of one suit on a line, as the cards
    page and the dummy's hand do), which ``shows_card`` cannot see card by card."""
    by_suit: dict[str, list[str]] = {}
    for card in hand:
        if card != "Joker":
            by_suit.setdefault(card[-1], []).append(card[:-1])
    lines = {" ".join(line.split()) for line in re.findall(r"<dd>([^<]*)</dd>", page)}
    return any(" ".join(c[:-1] for c in sort_hand([f"{r}{suit}" for r in ranks])) in lines
               for suit, ranks in by_suit.items() if len(ranks) >= 2)


SET_FORM = {"name": "Club night", "ruleset": "classic", "count": "3", "seed": "7", "first_dealer": "0", "trump": "turn-up"}


def new_set(client: FlaskClient, **extra) -> int:
    """A deal set made by ``client``, which is then its organiser's phone; returns its id."""
    response = client.post("/deal-sets/new", data={**SET_FORM, **extra})
    assert response.status_code == 303, response.text
    return int(response.headers["Location"].split("/")[2])


def set_code(app: Flask, set_id: int) -> str:
    with app.app_context():
        return db.session.get_one(DealSet, set_id).table_code


def join_set(client: FlaskClient, names: list[str], set_id: int = 1, ruleset: str = "classic",
             code: str | None = None, **extra) -> int:
    """A table of the set started by ``client`` with the set's table code (admitted at once)."""
    return start_match(client, names, ruleset, deal_set=str(set_id), first_dealer="0",
                       table_code=set_code(client.application, set_id) if code is None else code, **extra)


def started_before(app: Flask, match_id: int, **options: object) -> int:
    """A table of a set as one started before a set's tables played exactly its deals
    (DECISIONS 97): its stored match format set to ``options`` (say ``match="deals", deals=1``),
    before its first deal. Returns the match's id."""
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        assert not match.deals
        match.options = {**match.options, **options}
        db.session.commit()
    return match_id
