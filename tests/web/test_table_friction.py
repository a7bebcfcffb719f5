"""Friction a new table hit (issue 29), through the test client: the deal form opens each player's
pad the way they bid last; a name typed twice is told as it is typed, in the words of a refused
form, and no chances are given for it; the score tables say what "5/3" is; the home page says who
leads or who won and when each match started; the blank sheet's dealer carries the names; the
share screen offers no Revoke on this phone's own row."""

from __future__ import annotations

import html
import re

from webhelpers import post_deal, start_match

THREE = ["Ann", "Ben", "Cleo"]


def words(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def pads(page: str) -> list[bool]:
    """Each seat's bid pad on the deal form: whether it opens on the suits (else the numbers)."""
    return ["cards-mode" in classes for classes in re.findall(r'<div class="field bid-field pad([^"]*)"', page)]


def test_each_pad_opens_the_way_its_player_bid_last(client):
    match_id = start_match(client, THREE)
    assert pads(client.get(f"/matches/{match_id}/deals/new").text) == [False, False, False]
    assert post_deal(client, match_id, 1, ["D S C", 2, "hidden"], [4, 2, 3]).status_code == 303
    assert pads(client.get(f"/matches/{match_id}/deals/new").text) == [True, False, False]
    # A hidden bid says nothing of the way: Ann's last shown bid was cards.
    assert post_deal(client, match_id, 2, ["hidden", "H H S", 4], [3, 3, 3]).status_code == 303
    assert pads(client.get(f"/matches/{match_id}/deals/new").text) == [True, True, False]
    assert post_deal(client, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert pads(client.get(f"/matches/{match_id}/deals/new").text) == [False, False, False]


def test_a_name_typed_twice_is_told_as_it_is_typed_in_the_forms_words(client):
    answer = client.get("/matches/name-keys", query_string=[("name", "ben"), ("name", "Ben"), ("box", "ben"),
                                                             ("box", "Ben"), ("box", ""), ("box", "Cleo")]).json
    assert answer["keys"] == ["ben", "ben"]
    assert answer["problems"] == {"1": "Ben is already Player 1: each player needs a different name."}
    refused = client.post("/matches/new", data={"players-0": "ben", "players-1": "Ben", "players-3": "Cleo",
                                                "ruleset": "four-solo", "first_dealer": "0", "match": "usual",
                                                "first_trump": "", "trump": "turn-up"})
    assert answer["problems"]["1"] in refused.text  # the same words when the form is sent
    lookalike = client.get("/matches/name-keys", query_string=[("box", "Same"), ("box", "Ѕаме")]).json
    assert lookalike["problems"]["1"].startswith("Ѕаме looks the same as Same (Player 1)")
    assert client.get("/matches/name-keys", query_string=[("box", "Ann"), ("box", "Ben")]).json["problems"] == {}


def test_no_chances_for_a_name_typed_twice(client):
    def chances(*names: str) -> str:
        return client.get("/stats/ratings/chances",
                          query_string=[("ruleset", "jokerless"), *(("players", name) for name in names)]).text

    assert "Chances to win" in chances("Ann", "Ben", "Cleo")
    assert "Chances to win" not in chances("ben", "Ben", "Cleo")  # one person, not two
    assert "Chances to win" not in chances("Same", "Ѕаме", "Cleo")


def test_the_score_tables_say_what_bid_and_took_are(client):
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    for page in (client.get(f"/matches/{match_id}").text, client.get(f"/history/{match_id}").text):
        head = re.search(r"<thead>.*?</thead>", page[page.index('class="deal-table'):], re.S).group(0)
        assert head.count('<small class="col-key">bid/<wbr>took</small>') == 3  # each column, once per table
        assert "bid and tricks taken of each player (bid/took)" in page  # the caption a screen reader reads


def test_the_home_page_says_who_leads_who_won_and_when_each_started(client):
    leading = start_match(client, THREE)
    assert post_deal(client, leading, 1, [4, 1, 2], [4, 2, 3]).status_code == 303  # Ann 34, Ben 2, Cleo 3
    level = start_match(client, THREE)
    assert post_deal(client, level, 1, [3, 3, 3], [3, 3, 3]).status_code == 303  # all 13: nobody leads
    over = start_match(client, THREE, match="deals", deals="1")
    assert post_deal(client, over, 1, [1, 4, 2], [2, 4, 3]).status_code == 303  # Ben wins
    home = words(client.get("/").text)
    assert "Game 1: Ann 34 · Ben 2 · Cleo 3 · Ann leads" in home
    assert "Game 1: Ann 13 · Ben 13 · Cleo 13 Ann" not in home and "13 · Cleo 13 · " not in home
    assert "Won by Ben" in home
    assert len(re.findall(r"started \d\d:\d\d", home)) == 3


def test_partners_lead_and_win_as_a_side(client):
    match_id = start_match(client, ["Ann", "Ben", "Cleo", "Dee"], "four-partners", match="deals", deals="1")
    assert post_deal(client, match_id, 1, [3, 1, 3, 3], [3, 1, 3, 3], turn_up="AS").status_code == 303
    home = words(client.get("/").text)
    assert re.search(r"Won by (Ann & Cleo|Ben & Dee)", home), home


def test_the_blank_sheets_dealer_carries_the_names_typed(client):
    page = client.get("/sheets/blank", query_string={"ruleset": "jokerless", "name0": "Ann", "name1": "",
                                                     "name2": "Cleo", "first_dealer": "7"}).text
    options = re.findall(r'<option[^>]*value="(\d)"[^>]*>([^<]*)</option>', page[page.index('id="first_dealer"'):])
    assert options[:3] == [("0", "Ann"), ("1", "Player 2"), ("2", "Cleo")]


def test_the_share_screen_offers_no_revoke_on_this_phones_own_row(app, client):
    match_id = start_match(client, THREE)
    share = client.get(f"/matches/{match_id}/share").text
    assert "(this phone)" in share
    assert "Revoke" not in share  # the only keeper is this phone
    invite = re.search(r'href="(http://localhost/matches/\d+/join\?invite=[^"]+)"', share).group(1)
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.10"
    assert other.post(invite.replace("http://localhost", "")).status_code == 303
    share = client.get(f"/matches/{match_id}/share").text
    assert share.count(">Revoke</button>") == 1  # the other phone's row only
    assert 'aria-label="Revoke Unnamed phone"' in share
