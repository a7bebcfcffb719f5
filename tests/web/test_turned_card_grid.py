"""The turned card in one tap (issue 22): the deal form lays every card of the pack out at once
where a phone has room for them (a 36-card pack: a block of three by three a suit, two suits side
by side; eighteen's pile: a suit a line), a 52-card pack keeps its suit tabs; a card already
chosen is drawn picked from the first paint, and a refused one open, beside its message."""

from __future__ import annotations

import re

import pytest
from webhelpers import post_deal, start_match

from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.play import deal_form

NAMES = {2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cy"], 4: ["Ann", "Bob", "Cy", "Dee"]}


def grid_box(page: str) -> str:
    """The opening tag of the box around the turned-card grid."""
    found = re.search(r'<div class="turned-card[^"]*">', page)
    assert found, "no turned-card grid"
    return found.group(0)


@pytest.mark.parametrize(("ruleset", "players", "layout", "longest"), [
    ("classic", 3, "turn-blocks", 9), ("two-dummy", 2, "turn-blocks", 9), ("two-open", 2, "turn-blocks", 8),
    ("eighteen", 3, "turn-lines", 4), ("four-solo", 4, "turn-by-suit", 13), ("four-partners", 4, "turn-by-suit", 13),
])
def test_each_pack_gets_the_layout_its_longest_suit_fits(client, app, ruleset, players, layout, longest):
    match_id = start_match(client, NAMES[players], ruleset)
    with app.app_context():
        table = deal_form.table_for(db.session.get(Match, match_id))
        assert (table.longest_suit, table.turn_up_layout, table.turn_up_at_once) == (longest, layout, longest <= 9)
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert grid_box(page) == f'<div class="turned-card {layout}">'
    # Change (back to every card) only where every card shows; the suit tabs stay in the macro.
    assert ("data-turn-change" in page) == (layout != "turn-by-suit")
    assert "data-suit-tab=" in page


def test_a_chosen_card_is_drawn_picked_and_a_refused_one_open(client):
    match_id = start_match(client, NAMES[3], "eighteen")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], turn_up="2C").status_code == 303
    # The edit of deal 1: its card is picked from the first paint (nothing moves when scripts run).
    edit = client.get(f"/matches/{match_id}/deals/1/edit").text
    assert grid_box(edit) == '<div class="turned-card turn-lines picked">'
    assert re.search(r'<input type="radio" name="turn_up" value="2C"\s+aria-label="2 of clubs" checked>', edit)
    # A new deal: nothing picked.
    assert grid_box(client.get(f"/matches/{match_id}/deals/new").text) == '<div class="turned-card turn-lines">'
    # The same pile card again is refused: the grid stays open beside the message, the card marked.
    again = post_deal(client, match_id, 2, [4, 1, 2], [4, 2, 3], turn_up="2C")
    assert again.status_code == 422
    assert grid_box(again.text) == '<div class="turned-card turn-lines">'
    assert 'id="turn_up-error"' in again.text
    # A figure wrong elsewhere: the card sent stays picked.
    wrong = post_deal(client, match_id, 2, ["zz", 1, 2], [4, 2, 3], turn_up="3C")
    assert wrong.status_code == 422
    assert grid_box(wrong.text) == '<div class="turned-card turn-lines picked">'


def test_a_card_not_in_the_grid_is_never_drawn_picked(client):
    """A card the grid has no chip for would leave nothing on screen once picked."""
    match_id = start_match(client, NAMES[3], "classic")
    wrong = post_deal(client, match_id, 1, ["zz", 1, 2], [4, 2, 3], turn_up="2H")  # no Twos in 36 cards
    assert wrong.status_code == 422
    assert grid_box(wrong.text) == '<div class="turned-card turn-blocks">'
