"""A bid typed as a number at a table the app dealt is checked against the bidder's hand once the
deal is saved (issue 34: "Dora bid 9 with a hand that allowed 0-7, Emil 0 with 2-9: saved without
a word"). The save goes through (a number bid is taken as spoken), and the message that says so
warns, naming the player, the bid and what the hand could bid. Never before the deal's cards are
public: a faster table of a club night is told nothing that its hands hold."""

from __future__ import annotations

import html
import re

import pytest
from cardhelpers import app_match, dealt, join_set, new_set
from webhelpers import count, deal_form, post_deal, post_form, shown, stored_deals

from scorer.core import hand_bids
from scorer.web.data import card_store
from scorer.web.data.models import Deal
from scorer.web.presentation.preview import bids_words

NAMES = ["Dora", "Emil", "Fritz"]


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def warnings_in(page: str) -> list[str]:
    return [text_of(found) for found in re.findall(r'<p class="flash-warning">(.*?)</p>', page, flags=re.S)]


def allowed_by(cards: dict) -> list[tuple[int, ...]]:
    """What each seat's dealt hand could bid, by the core."""
    return [hand_bids(hand, cards["turn_up"]) for hand in cards["hands"]]


def off_and_on(allowed: tuple[int, ...]) -> tuple[int, int]:
    """A bid this hand cannot make, and one it can."""
    return next(bid for bid in range(10) if bid not in allowed), allowed[0]


@pytest.mark.parametrize(("bids", "words"), [
    ((0, 1, 2, 3, 4, 5, 6, 7), "0–7"),
    ((2, 3, 4, 5, 6, 7, 8, 9), "2–9"),
    ((0, 3, 6), "0, 3 or 6"),
    ((4, 5), "4 or 5"),
    ((0, 1, 2, 3, 10, 11, 12, 13), "0–3 or 10–13"),
    ((1,), "1"),
])
def test_a_hands_bids_in_words(bids, words):
    assert bids_words(bids) == words


def test_a_number_the_dealt_hand_cannot_make_is_saved_and_warned_about(client, app):
    match_id = app_match(client, names=NAMES)
    cards = dealt(app, match_id)
    allowed = allowed_by(cards)
    dora_off, _ = off_and_on(allowed[0])
    emil_off, _ = off_and_on(allowed[1])
    fritz_on = allowed[2][-1]
    saved = post_deal(client, match_id, 1, [dora_off, emil_off, fritz_on], [3, 3, 3])
    assert saved.status_code == 303 and saved.headers["Location"].startswith(f"/matches/{match_id}")
    assert [deal["bids"] for deal in stored_deals(app, match_id)] == [[dora_off, emil_off, fritz_on]]
    page = client.get(saved.headers["Location"]).text
    assert "Deal 1 saved." in text_of(page)
    assert warnings_in(page) == [
        f"Dora bid {dora_off}, but with the hand the app dealt, Dora could bid only {bids_words(allowed[0])}. "
        f"Emil bid {emil_off}, but with the hand the app dealt, Emil could bid only {bids_words(allowed[1])}. "
        "Saved as entered: if a bid is wrong, edit deal 1."]
    # Said once: the next page has no warning.
    assert warnings_in(client.get(f"/matches/{match_id}").text) == []
    # The deal's cards are public now: its edit, as the warning says, takes only bids the hands make.
    edit = shown(client, post_form(client, f"/matches/{match_id}/deals/1/edit",
                                   deal_form(1, [dora_off, emil_off, fritz_on], [4, 2, 3])))
    assert edit.status_code == 422 and "cannot be made from three of Dora" in html.unescape(edit.text)
    mended = [off_and_on(allowed[0])[1], off_and_on(allowed[1])[1], fritz_on]
    edit = post_form(client, f"/matches/{match_id}/deals/1/edit", deal_form(1, mended, [3, 3, 3]))
    assert edit.status_code == 303 and warnings_in(client.get(edit.headers["Location"]).text) == []


def test_bids_the_hands_can_make_save_without_a_warning(client, app):
    match_id = app_match(client, names=NAMES)
    allowed = allowed_by(dealt(app, match_id))
    bids = [off_and_on(seat)[1] for seat in allowed]
    saved = post_deal(client, match_id, 1, bids, [3, 3, 3])
    assert saved.status_code == 303
    page = client.get(saved.headers["Location"]).text
    assert "Deal 1 saved." in text_of(page) and warnings_in(page) == [] and "flash-warning" not in page
    # Hidden bids: nothing to check.
    saved = post_deal(client, match_id, 2, ["hidden"] * 3, [3, 3, 3])
    assert warnings_in(client.get(saved.headers["Location"]).text) == []


def test_the_warning_in_german(client, app):
    client.post("/language", data={"lang": "de", "next": "/"})
    match_id = app_match(client, names=NAMES)
    allowed = allowed_by(dealt(app, match_id))
    off, _ = off_and_on(allowed[0])
    saved = post_deal(client, match_id, 1, [off, "hidden", "hidden"], [3, 3, 3])
    page = client.get(saved.headers["Location"]).text
    ranges = bids_words(allowed[0]).replace(", or", " oder").replace(" or ", " oder ")
    assert warnings_in(page) == [
        f"Dora hat {off} geboten, doch mit dem Blatt, das die App gegeben hat, konnte Dora nur {ranges} bieten. "
        "Wie eingegeben gespeichert: Ist ein Gebot falsch, Runde 1 ändern."]


def test_a_faster_table_of_a_club_night_is_told_nothing_before_the_deal_is_published(client, app, monkeypatch):
    """Its cards are private until every table has played the deal: a warning would tell what a
    hand holds (a scorekeeper could save made-up bids before playing, to learn it). The table
    whose save publishes the deal is warned, once the hands are public."""
    monkeypatch.setattr(card_store, "set_seed", lambda typed, secret: typed)  # the same cards every run
    new_set(client)
    fast, slow = (join_set(client, names) for names in (NAMES, ["Gus", "Hal", "Ida"]))
    for match_id in (fast, slow):
        client.get(f"/matches/{match_id}")
    allowed = allowed_by(dealt(app, fast))
    seat = next(seat for seat, bids in enumerate(allowed) if len(bids) < 10)
    off, on = off_and_on(allowed[seat])
    bids: list = ["hidden"] * 3
    for bid in (off, on):  # the same answer, whichever bid: the hand is not told
        bids[seat] = bid
        saved = post_deal(client, fast, 1, bids, [3, 3, 3])
        assert saved.status_code == 303
        page = client.get(saved.headers["Location"]).text
        assert warnings_in(page) == [] and re.findall(r'<div class="flash".*?</div>', page, flags=re.S)[0].count("<p") == 1
        deleted = client.post(f"/matches/{fast}/deals/1/delete", data={"version": ""})
        assert deleted.status_code == 303
        client.get(deleted.headers["Location"])  # its message read
    assert count(app, Deal) == 0
    bids[seat] = off
    assert post_deal(client, fast, 1, bids, [3, 3, 3]).status_code == 303
    # The slower table's save publishes deal 1: its own bid off the same hand is warned about now.
    assert dealt(app, slow)["hands"] == dealt(app, fast)["hands"]
    saved = post_deal(client, slow, 1, bids, [3, 3, 3])
    name = ["Gus", "Hal", "Ida"][seat]
    assert warnings_in(client.get(saved.headers["Location"]).text) == [
        f"{name} bid {off}, but with the hand the app dealt, {name} could bid only {bids_words(allowed[seat])}. "
        "Saved as entered: if a bid is wrong, edit deal 1."]
