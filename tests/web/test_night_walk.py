"""No page shows a figure of a deal the club night has not published (issue 32): the walk of every
GET route, as the German walk reads every page for English.

The night: a set of six Classic deals and four tables that joined with the code before play. B
(the slow table) has recorded deal 1; C recorded deal 1, was deleted by the organiser and restored
by the site manager; D recorded deal 1 and was closed; A (the fast table) has recorded deal 1 too.
Every page is read once as it stands, then A records deals 2 and 3, which the night has not
published (B is still at deal 1), and every page is read again. A's figures of deals 2 and 3 are
chosen to be numbers no page shows before (``CANARIES``: Ann reveals and makes 7, then 8, alone: 97
and 98 points, game 1 won with 110): none may appear after, on any page, export or zip, nor any hand
of deals 2 and 3 (every seat's hand as the set deals it; deal 3 is dealt to nobody but A).

The phone reading is B's scorekeeper, which also made the set: the organiser who plays, and the
slower table's own phone, the two who would gain most.
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from cardhelpers import join_set, new_set, shows_hand_rows
from flask import Flask
from flask.testing import FlaskClient
from test_get_never_writes import urls
from webhelpers import phone, post_deal

from scorer.web.data import card_store
from scorer.web.data.models import DealSet
from scorer.web.extensions import db

A, B, C, D = ["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ivy"], ["Jo", "Kit", "Lu"]
# Ann's deals 2 and 3 (revealed and made alone: 7 + 30 + 60, 8 + 30 + 60) and her total after deal 2,
# which wins game 1 (deal 1 gave every player 13: three bids of 3 made); deal 3 starts game 2.
CANARIES = ["97", "98", "110"]



def body_text(response) -> str:
    """What a response carries, as text: a zip's files read out (their bytes are compressed)."""
    if response.mimetype == "application/zip":
        with zipfile.ZipFile(io.BytesIO(response.data)) as archive:
            return "\n".join(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    return response.get_data(as_text=True)


def numbers_in(text: str) -> set[str]:
    """Every number written on its own (not a part of a hash, a token or a longer number)."""
    return set(re.findall(r"(?<![\w.,:/=-])\d+(?![\w.,:])", text))


def shows_whole_hand(page: str, hand: list[str]) -> bool:
    """Whether the page lays out every suit of ``hand`` (``shows_hand_rows`` finds one suit's line,
    which another hand of the same pack may share)."""
    return all(shows_hand_rows(page, [card for card in hand if card != "Joker" and card[-1] == suit])
               for suit in {card[-1] for card in hand if card != "Joker"}
               if sum(1 for card in hand if card != "Joker" and card[-1] == suit) >= 2)


def steady(page: str) -> str:
    """A page without what changes on every reading (a form's token)."""
    return re.sub(r'name="csrf_token"[^>]*>', "", page)


def walk(app: Flask, reader: FlaskClient, answered: set[str] | None = None) -> dict[str, str]:
    """Every GET route with every value the world gives it, as ``reader`` sees it (``answered``
    gathers the endpoints that answered 200)."""
    pages = {}
    for endpoint, address in urls(app):
        if address.startswith("/static/"):
            continue
        response = reader.get(address)
        if response.status_code == 200:
            pages[address] = body_text(response)
            if answered is not None:
                answered.add(endpoint)
    return pages


# What the walk must read, at least once each: every page and download of a match and of the night,
# and the pages that add results up.
MUST_READ = {"play.scoreboard", "records.match_record", "play.deal", "records.changes", "records.match_sheet", "records.match_csv",
             "records.match_json", "records.export_zip", "records.export_json", "play.version", "play.screen_match",
             "play.screen", "play.home", "records.history", "records.stats", "records.player_stats", "records.ladder", "records.chances",
             "cards.deal_set", "cards.deal_set_sheet", "cards.organise", "cards.night_screen", "cards.dealt_cards"}


def hands_of(app: Flask, set_id: int, number: int) -> list[list[str]]:
    with app.app_context():
        return card_store.set_cards(db.session.get_one(DealSet, set_id), number).hands


@pytest.fixture
def night(app):
    organiser = phone(app, "192.168.1.6")  # B's scorekeeper: it made the set, and plays
    set_id = new_set(organiser, count="6")
    keepers = {name: phone(app, f"192.168.1.{20 + n}") for n, name in enumerate("ACD")}
    keepers["B"] = organiser
    tables = {"A": join_set(keepers["A"], A, set_id), "B": join_set(organiser, B, set_id),
              "C": join_set(keepers["C"], C, set_id), "D": join_set(keepers["D"], D, set_id)}
    for name, match_id in tables.items():
        assert post_deal(keepers[name], match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/tables/{tables['D']}/close").status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/tables/{tables['C']}/delete").status_code == 303
    assert app.test_client().post(f"/matches/{tables['C']}/restore").status_code in (302, 303)  # the site manager
    return {"app": app, "set": set_id, "tables": tables, "keepers": keepers, "reader": organiser}


def play_ahead(night) -> None:
    """A records deals 2 and 3, which the night cannot publish while B is at deal 1."""
    keeper, match_id = night["keepers"]["A"], night["tables"]["A"]
    assert post_deal(keeper, match_id, 2, [7, 1, 1], [7, 2, 0], offers={0: "reveal"}).status_code == 303
    assert post_deal(keeper, match_id, 3, [8, 0, 1], [8, 1, 0], offers={0: "reveal"}).status_code == 303


def test_no_page_shows_a_figure_or_a_hand_of_a_deal_the_night_has_not_published(night):
    app, reader = night["app"], night["reader"]
    before = walk(app, reader)
    shown_before = set().union(*(numbers_in(text) for text in before.values()))
    canaries = [number for number in CANARIES if number not in shown_before]
    assert canaries == CANARIES, "a canary is shown before the deals are played: choose other figures"
    play_ahead(night)
    # The canaries are real: A's own scorekeeper reads them on A's board.
    own = night["keepers"]["A"].get(f"/matches/{night['tables']['A']}").text
    assert set(CANARIES) <= numbers_in(own)
    hidden = [(n, seat, hand) for n in (2, 3) for seat, hand in enumerate(hands_of(app, night["set"], n))]
    answered: set[str] = set()
    after = walk(app, reader, answered)
    assert answered >= MUST_READ, MUST_READ - answered
    # The pages that add results up say exactly what they said before: no sum moved with A's deals.
    sums = [address for address in after if address.startswith(("/stats", "/players"))]
    assert sums and [address for address in sums if steady(after[address]) != steady(before.get(address, ""))] == []
    leaks = []
    for address, text in after.items():
        leaks += [f"{address}: {number}" for number in canaries if number in numbers_in(text)]
        leaks += [f"{address}: deal {n} seat {seat + 1}'s hand" for n, seat, hand in hidden
                  if shows_whole_hand(text, hand) and not shows_whole_hand(before.get(address, ""), hand)]
    assert leaks == []


def test_the_walk_finds_a_figure_shown_too_soon(night, monkeypatch):
    """The walk's own check: with publication worked out as if every deal were published, the
    same walk finds A's deal 2 and 3 on the pages."""
    from scorer.web.data import publication
    app, reader = night["app"], night["reader"]
    play_ahead(night)
    monkeypatch.setattr(publication, "published", lambda deal_set: deal_set.count)
    after = walk(app, reader)
    assert any("110" in numbers_in(text) for text in after.values())


def test_the_walk_finds_a_sum_that_moves_too_soon(night, monkeypatch):
    """The sums' own check: with a night's matches counted in the statistics while it is on, the
    Stats page and the players' pages read before and after A's deals differ."""
    from sqlalchemy import false

    from scorer.web.data import publication
    app, reader = night["app"], night["reader"]
    monkeypatch.setattr(publication, "counts_yet", lambda match: True)
    monkeypatch.setattr(publication, "counted_clause", lambda match_id=None: ~false())
    before = walk(app, reader)
    play_ahead(night)
    after = walk(app, reader)
    assert [address for address in after if address.startswith(("/stats", "/players"))
            and steady(after[address]) != steady(before.get(address, ""))]
