"""Words that run together on screen (issue 22: "0 deals played· 24 Nov", "91 pointsdeal 4"): a
template line ending in a block tag loses its line break (trim_blocks) and the next line its
indentation, so the words met without a space. And dates in one style ("kept until 24 Dec 2026",
not 2026-12-24)."""

from __future__ import annotations

import html
import re

from webhelpers import post_deal, start_match


def seen(page: str) -> str:
    """The page's text as it is drawn inline: tags take no room."""
    body = page.split("<body", 1)[1]
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def test_the_home_list_keeps_its_words_apart(client):
    start_match(client, ["Ann", "Bob", "Cy"])
    text = seen(client.get("/").text)
    assert re.search(r"0 deals played ·\s+\d\d \w{3} \d{4}", text), text


def test_a_players_best_deal_keeps_its_words_apart(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    page = client.get("/stats/").text
    player = re.search(r'href="(/stats/players/\d+[^"]*)"', page)
    assert player
    text = seen(client.get(player.group(1).replace("&amp;", "&")).text)
    assert re.search(r"\d+ points deal 1, ", text), text


def test_recently_deleted_says_its_date_as_every_page_does(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert client.post(f"/matches/{match_id}/delete").status_code in (302, 303)
    text = seen(client.get("/deleted").text)
    assert re.search(r"kept until \d\d \w{3} \d{4}", text) and not re.search(r"\d{4}-\d\d-\d\d", text), text


def test_the_tiles_say_who_leads_the_first_trick_and_who_is_ahead(client):
    """Issue 22: "leads" read as "in the lead" (at 127 against 138 the trailing player wore it),
    while nothing marked who was ahead."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    text = seen(client.get(f"/matches/{match_id}").text)
    assert "leads 1st trick" in text and "ahead" not in text  # nobody is ahead before a deal
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    page = client.get(f"/matches/{match_id}").text
    tiles = re.findall(r'<li class="score-tile([^"]*)">\s*<span class="tile-name"[^>]*><span class="word">(\w+)<', page)
    assert [(name, "ahead" in classes) for classes, name in tiles] == [("Ann", True), ("Bob", False), ("Cy", False)]
    assert seen(page).count("ahead") == 1
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert "leads 1st trick" in seen(client.get(f"/matches/{match_id}").text)


def badges(page: str) -> dict[str, str]:
    tiles = re.findall(r'<li class="score-tile[^"]*">\s*<span class="tile-name"[^>]*><span class="word">(\w+)<(.*?)</li>', page, re.S)
    return {name: " ".join(re.findall(r'badge-ahead">([^<]+)<', body)) for name, body in tiles}


def test_in_a_match_of_several_games_the_tiles_say_who_is_ahead_in_the_game_and_in_the_match(client):
    """Issue 22: "show who is ahead in the game and the match". Ann wins game 1; in game 2 Bob
    leads the game while Ann, one game up, is still ahead in the match."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    number = 1
    while "End of game 1" not in (page := client.get(f"/matches/{match_id}").text):
        assert post_deal(client, match_id, number, [3, 3, 3], [3, 4, 2]).status_code == 303
        number += 1
    assert badges(page) == {"Ann": "ahead in match", "Bob": "", "Cy": ""}
    assert post_deal(client, match_id, number, [3, 3, 3], [2, 3, 4]).status_code == 303
    assert badges(client.get(f"/matches/{match_id}").text) == {"Ann": "ahead in match", "Bob": "ahead in game", "Cy": ""}
    for later in (number + 1, number + 2):
        assert post_deal(client, match_id, later, [3, 3, 3], [3, 4, 2]).status_code == 303
    assert badges(client.get(f"/matches/{match_id}").text)["Ann"] == "ahead in game and match"


def test_in_a_match_of_one_game_the_tile_says_ahead(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="9")
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 4, 2]).status_code == 303
    assert badges(client.get(f"/matches/{match_id}").text) == {"Ann": "ahead", "Bob": "", "Cy": ""}
