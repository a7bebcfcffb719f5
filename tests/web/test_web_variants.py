"""The rulesets that change the deal form: turned card and Joker, sides, the dummy, a named trump."""

from __future__ import annotations

import re

from webhelpers import count, post_deal, start_match, stored_deals

from scorer.web.data.models import Deal


def test_classic_needs_the_turned_card_and_takes_a_joker_bid(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert 'name="turn_up"' in page and 'value="Joker"' in page and "Add the Joker to Ann" in page
    missing = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    assert missing.status_code == 422
    assert "Record the turned card, or the trump it set" in missing.text
    assert count(app, Deal) == 0
    # Hearts turned: the Joker in Ann's bid counts as a heart (♦ 0 + ♥ 2 + ♥ 2 = 4).
    response = post_deal(client, match_id, 1, ["D Joker H", 1, 2], [4, 2, 3], turn_up="7H")
    assert response.status_code == 303, response.text
    assert stored_deals(app, match_id)[0] == {"bids": [["D", "Joker", "H"], 1, 2], "tricks": [4, 2, 3],
                                              "premiums": [], "turn_up": "7H"}
    board = client.get(f"/matches/{match_id}").text
    assert "Turn up a card" in board  # the next trump depends on a card not turned yet


def test_a_card_that_is_not_in_the_pack(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic")
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], turn_up="2H")
    assert response.status_code == 422
    assert 'id="turn_up-error"' in response.text
    assert count(app, Deal) == 0


def test_four_partners_shows_sides_and_refuses_hidden_bids(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy", "Di"], "four-partners")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert "kept the bid hidden" not in page and "premium" not in page.lower().split("<form", 1)[1].split("</form>")[0].replace("premium bidder", "")
    hidden = post_deal(client, match_id, 1, ["hidden", 1, 2, 3], [3, 1, 3, 3], turn_up="AS")
    assert hidden.status_code == 422
    assert count(app, Deal) == 0
    assert post_deal(client, match_id, 1, [3, 1, 3, 3], [3, 1, 3, 3], turn_up="AS").status_code == 303
    board = client.get(f"/matches/{match_id}").text
    assert "Ann &amp; Cy" in board and "Bob &amp; Di" in board


def test_two_dummy_has_a_dummy_seat(client, app):
    match_id = start_match(client, ["Ann", "Bob"], "two-dummy")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert "Dummy’s bid" in page and "Tricks Dummy won" in page
    assert "Dummy failed and kept the bid hidden" not in page and 'name="seats-2-offer"' not in page
    response = post_deal(client, match_id, 1, [4, 1, "D S C"], [4, 2, 3], {0: "declare", 1: "declare"}, turn_up="KC")
    assert response.status_code == 303, response.text
    assert stored_deals(app, match_id)[0]["premiums"] == [{"seat": 1, "kind": "declare"}, {"seat": 0, "kind": "declare"}]
    board = client.get(f"/matches/{match_id}").text
    assert "Dummy" in board and "never wins" in board


def test_declared_trump_goes_with_the_premium(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "declared")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert "Trump named by the premium bidder" in page
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], {0: "declare"}, named_trump="hearts")
    assert response.status_code == 303, response.text
    assert stored_deals(app, match_id)[0]["premiums"] == [{"seat": 0, "kind": "declare", "trump": "hearts"}]
    no_name = post_deal(client, match_id, 2, [4, 1, 2], [4, 2, 3], {1: "declare"})
    assert no_name.status_code == 422
    assert 'id="named_trump-error"' in no_name.text or "trump" in no_name.text
    assert count(app, Deal) == 1


def test_five_players_may_all_declare(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy", "Di", "Ed"], "five")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert "Revealed" not in page
    response = post_deal(client, match_id, 1, [2, 2, 2, 2, 1], [2, 2, 2, 2, 1], {0: "declare", 3: "declare"})
    assert response.status_code == 303, response.text
    assert len(stored_deals(app, match_id)[0]["premiums"]) == 2


def test_eighteen_refuses_a_pile_card_turned_already_in_the_game_and_marks_it(client, app):
    """Each deal of eighteen turns the next card of the 18-card pile: a card (a Joker: its second
    copy) cannot come up again in the same game. The grid marks it, the save is refused beside it."""
    match = start_match(client, ["Ann", "Bob", "Cy"], "eighteen")
    assert post_deal(client, match, 1, [4, 1, 2], [4, 2, 3], turn_up="2C").status_code == 303
    form = client.get(f"/matches/{match}/deals/new").text
    assert re.search(r'<label class="rank-chip used"><input type="radio" name="turn_up" value="2C"', form)
    assert not re.search(r'<label class="rank-chip used"><input type="radio" name="turn_up" value="3C"', form)
    again = post_deal(client, match, 2, [4, 1, 2], [4, 2, 3], turn_up="2C")
    assert again.status_code == 422
    assert re.search(r'id="turn_up-error">\s*<p>2C was turned already in this game \(deal 1\)', again.text)
    assert len(stored_deals(app, match)) == 1
    # Two Jokers in the pile: the second is fine, a third is not.
    assert post_deal(client, match, 2, [4, 1, 2], [4, 2, 3], turn_up="Joker").status_code == 303
    assert post_deal(client, match, 3, [4, 1, 2], [4, 2, 3], turn_up="Joker").status_code == 303
    third = post_deal(client, match, 4, [4, 1, 2], [4, 2, 3], turn_up="Joker")
    assert third.status_code == 422
    assert "Joker was turned already in this game (deal 2 and deal 3); each pile card comes up twice" in third.text


def test_the_turned_card_is_a_grid_of_radio_buttons_by_suit(client):
    match = start_match(client, ["Ann", "Bob", "Cy"], "classic")
    form = client.get(f"/matches/{match}/deals/new").text
    assert '<select name="turn_up"' not in form
    assert form.count('type="radio" name="turn_up"') == 37  # 36 cards and the Joker, each once
    for suit in ("Diamonds", "Spades", "Hearts", "Clubs"):
        assert f'role="group" aria-label="{suit}" data-suit-row=' in form
