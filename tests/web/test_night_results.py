"""A club night's result (issue 34): each seat ranked by matchpoints against the same seat at the
other tables, over the deals its own table played, on the set's page, the director's screen and
the printed results; and a table of a set plays exactly the set's deals.

The rule itself is tested case by case in tests/core/test_matchpoints.py; here the pages are
checked against the points the tables scored, read back from the results cache.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from cardhelpers import join_set, new_set
from flask import Flask
from sqlalchemy import select
from webhelpers import phone, post_deal

from scorer.web.data.models import Match, SeatResult
from scorer.web.extensions import db

NAMES = (["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ivy"])


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()


def points(app: Flask, match_id: int) -> dict[int, list[int]]:
    """Each deal's points per seat at a table, as the results cache holds them (the core's score)."""
    with app.app_context():
        found: dict[int, list[int]] = {}
        for row in db.session.scalars(select(SeatResult).where(SeatResult.match_id == match_id)
                                      .order_by(SeatResult.deal, SeatResult.seat)):
            found.setdefault(row.deal, []).append(row.points)
        return found


@pytest.fixture
def night(app) -> dict[str, Any]:
    """Three tables of a 3-deal set: all play deal 1, tables 1 and 2 deal 2, table 3 is closed
    after deal 1. Seat 1: Ann makes 3 of 3 at deal 1 like Gus (a tie), Dee fails."""
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser)
    keepers = [phone(app, f"192.168.1.{10 + i}") for i in range(3)]
    tables = [join_set(keeper, names, set_id) for keeper, names in zip(keepers, NAMES, strict=True)]
    for keeper, match, took in zip(keepers, tables, ([3, 3, 3], [2, 4, 3], [3, 2, 4]), strict=True):
        assert post_deal(keeper, match, 1, [3, 3, 3], took).status_code == 303
    for keeper, match, took in zip(keepers[:2], tables[:2], ([5, 2, 2], [4, 3, 2]), strict=True):
        assert post_deal(keeper, match, 2, [5, 3, 2], took).status_code == 303
    assert organiser.post(f"/deal-sets/{set_id}/tables/{tables[2]}/close").status_code == 303
    return {"app": app, "set": set_id, "tables": tables, "keepers": keepers, "organiser": organiser,
            "stranger": phone(app, "203.0.113.9")}


def seat_1_matchpoints(night: dict[str, Any]) -> dict[str, tuple[int, int, int]]:
    """Seat 1's matchpoints, their most and raw points per player, worked out here from the
    stored points: 2 a table beaten, 1 a tie, over the deals each player's table played."""
    per_table = [points(night["app"], match) for match in night["tables"]]
    found = {}
    for table, names in enumerate(NAMES):
        got = most = raw = 0
        for deal, row in per_table[table].items():
            rivals = [other[deal][0] for index, other in enumerate(per_table) if index != table and deal in other]
            got += sum(2 if row[0] > theirs else 1 if row[0] == theirs else 0 for theirs in rivals)
            most += 2 * len(rivals)
            raw += row[0]
        found[names[0]] = (got, most, raw)
    return found


def test_the_sets_page_ranks_each_seat_by_matchpoints_with_the_points_beside(night):
    expected = seat_1_matchpoints(night)
    assert expected["Gus"][1] == 4  # table 3 closed after deal 1: measured over it alone (2 rivals)
    page = text_of(night["stranger"].get(f"/deal-sets/{night['set']}").text)
    assert "Standings after 2 deals" in page
    seat_1 = page[page.index("Seat 1 Place Player Score Matchpoints Points"):page.index("Seat 2 Place")]
    for name, (got, most, raw) in expected.items():
        share = f"{100 * got / most:.1f}%"
        assert re.search(rf"{name} · Table \d( \(1 deal\))? {re.escape(share)} {got} of {most} {raw}\b", seat_1), \
            (name, seat_1)
    ranked = sorted(expected, key=lambda name: -expected[name][0] / expected[name][1])
    assert [seat_1.index(f"{name} ·") for name in ranked] == sorted(seat_1.index(f"{name} ·") for name in ranked)
    assert "Each deal, each seat is compared with the same seat at every other table that played it" in page


def test_each_deal_shows_the_matchpoints_of_every_seat(night):
    page = text_of(night["stranger"].get(f"/deal-sets/{night['set']}").text)
    deal_1 = page[page.index("Deal 1 ·"):page.index("Deal 2 ·")]
    assert len(re.findall(r"\d/4 MP", deal_1)) == 9  # three tables played deal 1: 2 rivals each
    deal_2 = page[page.index("Deal 2 ·"):]
    assert len(re.findall(r"\d/2 MP", deal_2)) == 6  # two tables played deal 2: 1 rival each


def test_the_directors_screen_ranks_by_percentage(night):
    page = text_of(night["stranger"].get(f"/deal-sets/{night['set']}/screen").text)
    standings = page[page.index("Standings after 2 deals"):]
    for name, (got, most, raw) in seat_1_matchpoints(night).items():
        assert re.search(rf"{name} · Table \d( \(1 deal\))? {re.escape(f'{100 * got / most:.1f}%')} {raw} pts",
                         standings), (name, standings)


def test_the_printed_results_hold_every_deal_and_the_ranking(night):
    page = night["stranger"].get(f"/deal-sets/{night['set']}/results")
    assert page.status_code == 200
    words = text_of(page.text)
    assert "Club night: results" in words and "after 2 deals of 3" in words
    for name, (got, most, raw) in seat_1_matchpoints(night).items():
        assert re.search(rf"{name} T\d .*? {raw} {got}/{most} ", words), name


def test_the_results_hold_back_what_is_not_published(night):
    """Table 1 plays deal 3 while table 2 has not: nothing of deal 3 on the results or the page."""
    keeper = night["keepers"][0]
    assert post_deal(keeper, night["tables"][0], 3, [3, 3, 3], [3, 3, 3]).status_code == 303
    for address in (f"/deal-sets/{night['set']}/results", f"/deal-sets/{night['set']}"):
        words = text_of(night["stranger"].get(address).text)
        assert "Deal 3 appears here once every table still playing has recorded it" in words
        assert "after 3 deals" not in words and "Standings after 3" not in words


def test_a_table_of_a_set_plays_exactly_the_sets_deals(night):
    """The set has 3 deals: table 1's match is over after deal 3, offers no deal 4, takes none."""
    app, keeper, match_id = night["app"], night["keepers"][0], night["tables"][0]
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        assert (match.options["match"], match.options["deals"]) == ("deals", 3)
    form = keeper.get(f"/matches/from-deal-set/{night['set']}")
    assert "The match is the set’s 3 deals: it is over after deal 3." in text_of(form.text)
    assert 'name="match"' not in form.text  # no other format offered
    assert post_deal(keeper, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303
    board = keeper.get(f"/matches/{match_id}").text
    assert "Record deal 4" not in board
    with app.app_context():
        assert db.session.get_one(Match, match_id).finished
    refused = post_deal(keeper, match_id, 4, [3, 3, 3], [3, 3, 3])
    assert refused.status_code != 303 or "/deals/" in refused.headers["Location"]
    assert 4 not in points(app, match_id)
