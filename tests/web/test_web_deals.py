"""Recording, previewing, editing and deleting deals; bad input is refused and nothing is stored."""

from __future__ import annotations

import re

import pytest
from webhelpers import count, deal_form, post_deal, post_form, start_match, stored_deals, stored_match

from scorer.web.data.models import Deal
from scorer.web.writes import deals as deal_writes

THREE = ["Ann", "Bob", "Cy"]


@pytest.fixture
def match_id(client) -> int:
    return start_match(client, THREE)


def seat_block(html: str, seat: int) -> str:
    """The HTML of one seat's fieldset on the deal form."""
    return html.split(f'data-seat="{seat}"', 1)[1].split("</fieldset>\n  {% endfor %}", 1)[0].split('data-seat="', 1)[0]


def test_new_deal_form_says_which_deal_it_is_for(client, match_id):
    page = client.get(f"/matches/{match_id}/deals/new")
    assert page.status_code == 200
    assert 'name="number" type="hidden" value="1"' in page.text
    assert "Save deal 1" in page.text
    for name in THREE:
        assert f"{name}’s bid" in page.text and f"Tricks {name} won" in page.text
    assert 'Hid&shy;den<span class="vh">: Ann failed and kept the bid hidden</span>' in page.text  # jokerless allows hidden bids
    assert "turn_up" not in page.text  # jokerless turns no card


def test_record_a_deal_stores_what_was_played(client, app, match_id):
    response = post_deal(client, match_id, 1, [4, "♦♠♣", "hidden"], [4, 2, 3], {0: "declare"})
    assert response.status_code == 303
    assert response.headers["Location"].startswith(f"/matches/{match_id}")
    assert stored_deals(app, match_id) == [{"bids": [4, ["D", "S", "C"], None], "tricks": [4, 2, 3],
                                            "premiums": [{"seat": 0, "kind": "declare"}]}]
    page = client.get(f"/matches/{match_id}").text
    assert "Deal 1 saved." in page


@pytest.mark.parametrize("typed, stored", [
    ("7", 7), ("D S C", ["D", "S", "C"]), ("dsc", ["D", "S", "C"]), ("10h, 6s, AC", ["10h", "6s", "AC"]),
    ("?", None), ("Hidden", None),
])
def test_bids_can_be_typed_in_several_ways(client, app, match_id, typed, stored):
    bids = [typed, 1, 0]
    response = post_deal(client, match_id, 1, bids, [2, 4, 3] if stored != 7 else [7, 1, 1])
    assert response.status_code == 303, response.text
    assert stored_deals(app, match_id)[0]["bids"][0] == stored


def test_tricks_that_do_not_add_up(client, app, match_id):
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 2])
    assert response.status_code == 422
    assert "Tricks add up to 8, a deal of this ruleset has 9" in response.text
    assert "Nothing was saved" in response.text
    assert count(app, Deal) == 0
    # What was typed is still in the form.
    assert 'name="seats-0-bid" placeholder="4 or ♦♠♣" type="text" value="4"' in response.text or 'value="4"' in response.text


def test_bid_out_of_range_is_shown_beside_that_bid(client, app, match_id):
    response = post_deal(client, match_id, 1, [12, 1, 2], [4, 2, 3])
    assert response.status_code == 422
    message = "Ann&#39;s bid 12 is out of range (0-9)"
    assert message in response.text
    # Beside Ann's bid field (its error block), and in the summary at the top.
    assert re.search(r'id="seats-0-bid-error">\s*<p>' + re.escape(message), response.text)
    assert 'aria-invalid="true"' in response.text
    assert count(app, Deal) == 0


@pytest.mark.parametrize("bid, tricks, message", [
    ("", 4, "Enter the bid"),
    ("xyz", 4, "Write the bid as a whole number from 0 to 9, three suits such as ♦ ♠ ♣, or hidden."),
    ("D S", 4, "A bid is three cards, such as ♦ ♠ ♣ (here 2)"),
    ("4", "", "Enter the tricks taken"),
    ("4", "four", "Enter the tricks taken"),
    ("4", "-1", "Tricks are a whole number from 0 to 9."),
])
def test_unreadable_entries_are_refused(client, app, match_id, bid, tricks, message):
    response = post_deal(client, match_id, 1, [bid, 1, 2], [tricks, 2, 3])
    assert response.status_code == 422
    assert message in response.text
    assert count(app, Deal) == 0


def test_a_premium_holder_cannot_hide_the_bid(client, app, match_id):
    response = post_deal(client, match_id, 1, ["hidden", 1, 2], [4, 2, 3], {0: "reveal"})
    assert response.status_code == 422
    assert "Ann holds the premium, so the bid cannot be hidden" in response.text
    assert count(app, Deal) == 0


def test_several_offers_go_to_the_one_the_priority_picks(client, app, match_id):
    # Ann deals; Bob (dealer's left) and Cy both declare: Bob has priority.
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], {1: "declare", 2: "declare"})
    assert response.status_code == 303
    assert stored_deals(app, match_id)[0]["premiums"] == [{"seat": 1, "kind": "declare"}]


def test_a_declarer_who_may_raise_is_pointed_out(client, match_id):
    # Bob declares, then Cy offers to reveal: the reveal wins, Bob may raise.
    response = client.post(f"/matches/{match_id}/deals/1/preview",
                           data=deal_form(1, [4, 1, 2], [4, 2, 3], {1: "declare", 2: "reveal"}))
    assert response.status_code == 200
    assert "Bob declared before the reveal and may raise to reveal" in response.text


def test_same_form_sent_twice_records_the_deal_once(client, app, match_id):
    first = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    again = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    assert first.status_code == again.status_code == 303
    assert count(app, Deal) == 1
    assert "Deal 1 was already saved." in client.get(f"/matches/{match_id}").text


def test_a_different_deal_sent_for_a_saved_number_is_refused(client, app, match_id):
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    response = post_deal(client, match_id, 1, [0, 1, 2], [0, 6, 3])
    assert response.status_code == 409
    assert "Deal 1 has already been saved with other figures" in response.text
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]


def test_a_form_for_a_later_deal_is_refused(client, app, match_id):
    response = post_deal(client, match_id, 3, [4, 1, 2], [4, 2, 3])
    assert response.status_code == 409
    assert "This form was for deal 3, not deal 1" in response.text
    assert count(app, Deal) == 0


def test_a_form_without_a_deal_number_is_refused(client, app, match_id):
    data = deal_form(1, [4, 1, 2], [4, 2, 3])
    del data["number"]
    response = post_form(client, f"/matches/{match_id}/deals/new", data)
    assert response.status_code == 422
    assert count(app, Deal) == 0


def test_no_deal_after_the_match_is_over(client, app):
    match_id = start_match(client, THREE, match="deals", deals="1")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    page = client.get(f"/matches/{match_id}").text
    assert "Match over" in page and "Ann wins" in page
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 409
    response = post_deal(client, match_id, 2, [4, 1, 2], [4, 2, 3])
    assert response.status_code == 409
    assert "This match is over" in response.text and "Nothing was saved" in response.text
    assert count(app, Deal) == 1


def test_preview_shows_the_deals_points_and_stores_nothing(client, app, match_id):
    response = client.post(f"/matches/{match_id}/deals/1/preview",
                           data=deal_form(1, [4, "D S C", "hidden"], [4, 2, 3], {0: "declare"}))
    assert response.status_code == 200
    assert 'data-points="64"' in response.text and 'data-points="2"' in response.text
    assert count(app, Deal) == 0


def test_preview_of_an_incomplete_or_wrong_deal(client, match_id):
    incomplete = client.post(f"/matches/{match_id}/deals/1/preview", data=deal_form(1, [4, "", ""], [4, "", ""]))
    assert "once every bid and every player’s tricks are in" in incomplete.text
    wrong = client.post(f"/matches/{match_id}/deals/1/preview", data=deal_form(1, [4, 1, 2], [4, 4, 4]))
    assert "Tricks add up to 12" in wrong.text
    assert client.post(f"/matches/{match_id}/deals/5/preview", data={}).status_code == 404


def test_preview_button_without_javascript(client, app, match_id):
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], action="preview")
    assert response.status_code == 200
    assert 'data-points="34"' in response.text  # 4 tricks + 30 for the only made bid
    assert count(app, Deal) == 0


@pytest.mark.parametrize("tricks, shown", [([4, 2, 3], 'data-points="34"'), ([4, 4, 4], "Tricks add up to 12")])
def test_the_preview_button_scores_once_a_press(client, match_id, monkeypatch, tricks, shown):
    """The POST keeps the form and the page after it scores it: one preview a press, not one for
    the POST and another for the page; a wrong deal's problem is shown there, with 422."""
    calls = []
    preview = deal_writes.preview
    monkeypatch.setattr(deal_writes, "preview", lambda *args: calls.append(args) or preview(*args))
    sent = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [4, 1, 2], tricks, action="preview"))
    assert sent.status_code == 303 and calls == []
    page = client.get(sent.location)
    assert shown in page.text
    assert page.status_code == (200 if tricks == [4, 2, 3] else 422)
    assert len(calls) == 1


def play_two(client, match_id):
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303  # one made: next ♠
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303


def test_edit_an_earlier_deal_rescores_what_follows(client, app, match_id):
    play_two(client, match_id)
    before = client.get(f"/matches/{match_id}/export.json").get_json()
    page = client.get(f"/matches/{match_id}/deals/1/edit")
    assert page.status_code == 200
    assert 'value="4"' in page.text and "Save changes to deal 1" in page.text
    response = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [4, 2, 3], [4, 2, 3]))
    assert response.status_code == 303
    deals = stored_deals(app, match_id)
    later = {key: value for key, value in before["deals"][1].items() if key != "played_trump"}
    assert deals[0]["bids"] == [4, 2, 3] and deals[1] == later
    scoreboard = client.get(f"/matches/{match_id}").text
    assert "Deal 1 changed" in scoreboard
    # All three made deal 1 now, so deal 2 is at clubs instead of spades.
    assert 'title="Clubs"' in scoreboard


def test_edit_that_would_break_a_later_deal_is_refused(client, app):
    # One game to 50: with a declare in deal 1, Ann would reach 64 and end the match there,
    # leaving deal 2 as a deal after the end.
    match_id = start_match(client, THREE, match="target", target="50")
    play_two(client, match_id)
    response = post_form(client, f"/matches/{match_id}/deals/1/edit",
                         deal_form(1, [4, 1, 2], [4, 2, 3], {0: "declare"}))
    assert response.status_code == 422
    assert "That would make deal 2 wrong" in response.text
    assert stored_deals(app, match_id)[0]["premiums"] == []


def test_edit_that_breaks_the_deal_itself_is_refused(client, app, match_id):
    play_two(client, match_id)
    response = post_form(client, f"/matches/{match_id}/deals/1/edit",
                         deal_form(1, ["hidden", 1, 2], [4, 2, 3], {0: "declare"}))
    assert response.status_code == 422
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]


def test_edit_form_must_be_for_that_deal(client, app, match_id):
    play_two(client, match_id)
    response = post_form(client, f"/matches/{match_id}/deals/1/edit", deal_form(2, [4, 2, 3], [4, 2, 3]))
    assert response.status_code == 409
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]


def test_edit_an_unknown_deal_is_404(client, match_id):
    assert client.get(f"/matches/{match_id}/deals/1/edit").status_code == 404
    assert client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [4, 1, 2], [4, 2, 3])).status_code == 404


def test_delete_the_last_deal_asks_first(client, app, match_id):
    play_two(client, match_id)
    page = client.get(f"/matches/{match_id}/deals/2/delete")
    assert page.status_code == 200 and "Delete deal 2?" in page.text
    assert count(app, Deal) == 2
    response = client.post(f"/matches/{match_id}/deals/2/delete")
    assert response.status_code == 303
    assert len(stored_deals(app, match_id)) == 1
    assert "Record deal 2" in client.get(f"/matches/{match_id}").text


def test_only_the_last_deal_can_be_deleted(client, app, match_id):
    play_two(client, match_id)
    response = client.post(f"/matches/{match_id}/deals/1/delete")
    assert response.status_code == 409
    assert "Only the last deal (deal 2) can be deleted" in response.text
    assert count(app, Deal) == 2
    assert client.post(f"/matches/{match_id}/deals/7/delete").status_code == 404


def test_deleting_the_deal_that_ended_the_match_reopens_it(client, app):
    match_id = start_match(client, THREE, match="deals", deals="1")
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    assert stored_match(app, match_id).finished
    client.post(f"/matches/{match_id}/deals/1/delete")
    assert not stored_match(app, match_id).finished


def test_end_of_game_and_ties(client, app):
    # A game to 100 ends on the deal where someone is ahead at 100 or more; shared wins show as such.
    match_id = start_match(client, THREE, match="deals", deals="1")
    post_deal(client, match_id, 1, [3, 3, 2], [3, 3, 3])  # Ann and Bob made: 23 each, Cy 3
    page = client.get(f"/matches/{match_id}").text
    assert "A shared win: Ann and Bob" in page


@pytest.mark.parametrize("typed", ["-1", "2.5", "+3", "-0.5", "1,5"])
def test_a_bid_that_is_no_whole_number_in_range_says_so(client, app, match_id, typed):
    """-1 or 2.5 was read as bid cards ("bid cards are 1 cards"): it is a number out of place."""
    response = post_deal(client, match_id, 1, [typed, 1, 2], [4, 2, 3])
    assert response.status_code == 422
    assert re.search(r'id="seats-0-bid-error">\s*<p>The bid must be a whole number from 0 to 9\.', response.text)
    assert "cards" not in response.text.split('id="seats-0-bid-error">', 1)[1].split("</div>", 1)[0]
    assert count(app, Deal) == 0


def test_letters_in_a_bid_are_not_called_cards(client, app, match_id):
    response = post_deal(client, match_id, 1, ["abc", 1, 2], [4, 2, 3])
    assert response.status_code == 422
    assert "is not a card" not in response.text
    assert re.search(r'id="seats-0-bid-error">\s*<p>Write the bid as a whole number from 0 to 9, three suits', response.text)


def test_every_problem_of_the_form_is_reported_at_once_beside_its_field(client, app, match_id):
    response = post_deal(client, match_id, 1, ["-1", "abc", ""], ["2.5", 12, ""])
    assert response.status_code == 422
    text = response.text
    for field, message in [("seats-0-bid", "The bid must be a whole number from 0 to 9."),
                           ("seats-1-bid", "Write the bid as a whole number from 0 to 9"),
                           ("seats-2-bid", "Enter the bid: a whole number from 0 to 9"),
                           ("seats-0-tricks", "Enter the tricks taken as a whole number"),
                           ("seats-1-tricks", "Tricks are a whole number from 0 to 9."),
                           ("seats-2-tricks", "Enter the tricks taken.")]:
        assert re.search(rf'id="{field}-error">\s*<p>{re.escape(message)}', text), field
    summary = text.split('id="error-summary"', 1)[1].split("</div>", 1)[0]
    # Seats by name, counted from 1 nowhere as 0; six problems in the summary.
    assert summary.count("<li>") == 6
    assert "Ann’s bid" in summary and "Bob’s tricks" in summary and "Cy’s bid" in summary
    assert "seats-" not in re.sub(r'href="#seats-\d-\w+"', "", summary)
    assert count(app, Deal) == 0


def test_a_long_name_is_shortened_in_the_list_of_problems(client, app):
    long = "Bartholomew Montgomery-Fitzwilliam Jr"
    match = start_match(client, [long, "Bob", "Cy"])
    response = post_deal(client, match, 1, ["-1", 1, 2], [4, 2, 3])
    summary = response.text.split('id="error-summary"', 1)[1].split("</div>", 1)[0]
    assert "Bartholomew Montgom…’s bid" in summary
    assert long not in summary


def test_every_problem_of_a_deal_is_told_at_once(client, app, match_id):
    """Issue 21: Ann's bid typed as 12 and tricks adding up to 8 are both told in the first answer,
    the bid's beside Ann's bid, not in a second round once the tricks are mended."""
    response = post_deal(client, match_id, 1, [12, 1, 2], [4, 2, 2])
    assert response.status_code == 422
    assert "Tricks add up to 8, a deal of this ruleset has 9" in response.text
    assert re.search(r'href="#seats-0-bid">Ann’s bid: [^<]*12 is out of range', response.text), response.text
    assert count(app, Deal) == 0
    preview = client.post(f"/matches/{match_id}/deals/1/preview", data=deal_form(1, [12, 1, 2], [4, 2, 2]))
    assert "Tricks add up to 8" in preview.text and "12 is out of range" in preview.text


def test_the_edit_form_shows_bid_cards_as_the_new_deal_form_does(client, match_id):
    """Issue 29, bug 3: the edit form showed "D S C" where the new-deal form's chips write "♦ ♠ ♣"."""
    assert post_deal(client, match_id, 1, [4, "D S C", "10h 6S AC"], [4, 2, 3], {0: "declare"}).status_code == 303
    form = client.get(f"/matches/{match_id}/deals/1/edit").text
    assert re.search(r'id="seats-1-bid"[^>]*value="♦ ♠ ♣"', form) or re.search(r'value="♦ ♠ ♣"[^>]*id="seats-1-bid"', form)
    assert 'value="10♥ 6♠ A♣"' in form and 'value="D S C"' not in form
    # Sent back unchanged, it is the same deal: nothing to change.
    again = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [4, "♦ ♠ ♣", "10♥ 6♠ A♣"], [4, 2, 3],
                                                                          {0: "declare"}))
    assert again.status_code == 303
