"""The table's big screen (scorer/web/play/screen.py) through the test client: where it is opened
from, what it shows, that it is a watcher's view whoever opens it, the rematch it moves on to,
the table it follows on the server machine, and its tag (ETag, 304)."""

from __future__ import annotations

import json
import re

import pytest
from cardhelpers import app_match
from flask import Flask
from webhelpers import match_form, post_deal, start_match

THREE = ["Ann", "Bob", "Cy"]
PHONE = "192.168.1.10"  # a phone on the table's Wi-Fi, not the server machine


def one_deal_match(client, names=THREE) -> int:
    """A match of one deal, Ann dealing first."""
    response = client.post("/matches/new", data=match_form(names, match="deals", deals="1"))
    assert response.status_code == 302, response.text
    return int(response.headers["Location"].rsplit("/", 1)[1])


def texts(page: str) -> str:
    """The page's words, tags dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_every_scoreboard_opens_the_big_screen(app: Flask, client) -> None:
    match_id = start_match(client, THREE)
    watcher = app.test_client()
    watcher.environ_base["REMOTE_ADDR"] = PHONE
    for board in (client.get(f"/matches/{match_id}").text, watcher.get(f"/matches/{match_id}").text):
        assert f'href="/screen/{match_id}">Big screen</a>' in board


def test_the_big_screen_shows_the_totals_the_next_deal_and_the_last_in_parts(client) -> None:
    match_id = start_match(client, THREE)
    before = client.get(f"/screen/{match_id}")
    assert before.status_code == 200
    words = texts(before.text)
    assert "Deal 1 · game 1" in words and "Deals Ann" in words and "Leads Bob" in words
    assert "The first deal of a game is played at ♦ diamonds." in words  # the trump and why
    assert "Chances to win" in words  # before deal 1
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    words = texts(client.get(f"/screen/{match_id}").text)
    assert "Chances to win" not in words
    assert "Deal 2 · game 1" in words and "Deals Bob" in words and "Leads Cy" in words
    assert "Nobody made their bid the deal before" not in words
    assert "1 player made their bid the deal before, so ♠ spades." in words
    # Deal 1 in parts: Ann's 4 tricks and +30 for the only bid made (jokerless: 30 when one of three makes it).
    assert "Deal 1: ♦ Diamonds Ann +34 4 tricks · +30 bid made (1 of 3 made theirs) Bob +2 2 tricks Cy +3 3 tricks" in words
    assert '<span class="tile-total" aria-label="34 points">34</span>' in client.get(f"/screen/{match_id}").text


def test_the_big_screen_is_a_watchers_view_even_on_a_scorekeepers_browser(client) -> None:
    match_id = app_match(client)  # the app deals: seats' links and QR codes exist for the keeper
    assert post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    board = client.get(f"/matches/{match_id}").text
    assert "/hand/" in board and "Record deal 2" in board  # the scorekeeper's own scoreboard has them
    screen = client.get(f"/screen/{match_id}").text
    # The one form it has is the language switch (the screen's own language: nothing of the match).
    switch = re.search(r'<form class="lang-switch" method="post" action="/language">.*?</form>', screen, re.S)
    assert switch is not None and "match" not in switch.group(0).replace(f"/screen/{match_id}", "")
    screen = screen.replace(switch.group(0), "")
    for control in ("<form", "<button type=\"submit\"", "/deals/new", "/edit", "/delete", "/hand/", "/share",
                    "csrf_token", "Record deal", "Keep score", "Rematch", "Undo"):
        assert control not in screen, control
    # Its address is outside /matches/<id>: the capability cookie (that path only) is not sent.
    assert client.get_cookie(f"ninety-nine-keeper-{match_id}", path=f"/matches/{match_id}") is not None
    assert client.get_cookie(f"ninety-nine-keeper-{match_id}", path=f"/screen/{match_id}") is None


def test_the_qr_code_is_the_watchers_scoreboard_on_an_address_phones_can_open(app_factory) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, PHONE_HOSTS=["192.168.1.20"])
    client = app.test_client()
    match_id = start_match(client, THREE)
    screen = client.get(f"/screen/{match_id}", base_url="http://127.0.0.1:5000").text
    assert f'href="http://192.168.1.20:5000/matches/{match_id}" class="qr-link"' in screen
    assert "only this computer can open" not in screen
    # Reached on the network address already: that one.
    app.config["TRUSTED_HOSTS"] = [*app.config["TRUSTED_HOSTS"], "192.168.1.20"]
    phone = client.get(f"/screen/{match_id}", base_url="http://192.168.1.20:5000").text
    assert f'href="http://192.168.1.20:5000/matches/{match_id}" class="qr-link"' in phone
    # The share screen opened on the server machine too: its codes carry the network address.
    share = client.get(f"/matches/{match_id}/share", base_url="http://127.0.0.1:5000").text
    assert f'href="http://192.168.1.20:5000/matches/{match_id}" class="qr-link"' in share
    assert "only this computer" not in share
    # With no network address known (not started by make run), the screen says so.
    app.config["PHONE_HOSTS"] = []
    assert "only this computer can open" in client.get(f"/screen/{match_id}", base_url="http://127.0.0.1:5000").text
    assert "only this computer can open" in client.get(f"/matches/{match_id}/share", base_url="http://127.0.0.1:5000").text


def test_the_end_of_the_match_shows_the_winner_final_scores_and_ratings(client) -> None:
    match_id = one_deal_match(client)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    words = texts(client.get(f"/screen/{match_id}").text)
    assert "Match over" in words and "Ann wins" in words
    assert "Ratings: Ann +" in words and "Bob −" in words
    assert "Deals Ann" not in words  # no next deal


def test_a_match_with_a_rematch_answers_with_the_rematchs_screen(client) -> None:
    first = one_deal_match(client)
    assert post_deal(client, first, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert client.get(f"/screen/{first}").status_code == 200
    second = int(client.post(f"/matches/{first}/rematch").headers["Location"].rsplit("/", 1)[1])
    assert post_deal(client, second, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    third = int(client.post(f"/matches/{second}/rematch").headers["Location"].rsplit("/", 1)[1])
    for start in (first, second):  # along the chain, to the newest
        answer = client.get(f"/screen/{start}")
        assert answer.status_code == 303 and answer.headers["Location"] == f"/screen/{third}"
    assert client.get(f"/screen/{third}").status_code == 200
    # The rematch deleted: the screen stays on the match it came from.
    assert client.post(f"/matches/{third}/delete").status_code == 302
    assert client.get(f"/screen/{second}").status_code == 200


def test_a_deleted_match_has_no_big_screen(client) -> None:
    match_id = start_match(client, THREE)
    assert client.post(f"/matches/{match_id}/delete").status_code == 302
    assert client.get(f"/screen/{match_id}").status_code == 404
    assert client.get("/screen/99999").status_code == 404


def test_the_server_machines_home_opens_the_tables_big_screen(app: Flask, client) -> None:
    assert 'href="/screen">Big screen' in client.get("/").text  # 127.0.0.1: the server machine
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = PHONE
    assert 'href="/screen"' not in phone.get("/").text
    # Through a proxy the app was not told to trust, no request is the server machine's.
    assert 'href="/screen"' not in client.get("/", headers={"X-Forwarded-For": PHONE}).text


def heading(page: str) -> str:
    """The screen's heading: the players of the match it shows, or that there is none."""
    found = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert found is not None
    return texts(found.group(1)).strip()


def test_the_tables_screen_shows_the_match_most_recently_played(client) -> None:
    assert heading(client.get("/screen").text) == "No match yet"
    old = one_deal_match(client, ["Dee", "Eve", "Flo"])
    assert post_deal(client, old, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    # None in play: the match that just ended.
    screen = client.get("/screen").text
    assert heading(screen) == "Dee · Eve · Flo" and "Dee wins" in texts(screen)
    playing = start_match(client, THREE)
    assert heading(client.get("/screen").text) == "Ann · Bob · Cy"
    # Another match started since: the table moved there.
    other = start_match(client, ["Gus", "Hal", "Ivy"])
    assert heading(client.get("/screen").text) == "Gus · Hal · Ivy"
    # A deal saved in the first: back to it, though the other is newer and still in play.
    assert post_deal(client, playing, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    assert heading(client.get("/screen").text) == "Ann · Bob · Cy"
    assert "Record deal 1" in client.get(f"/matches/{other}").text  # in play, not over nor gone
    # And a deal saved in the other: there again.
    assert post_deal(client, other, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    assert heading(client.get("/screen").text) == "Gus · Hal · Ivy"


def test_the_tables_tag_moves_with_a_save_and_with_another_match(client) -> None:
    def poll(etag: str | None = None):
        return client.get("/screen/version", headers={"If-None-Match": etag} if etag else {})

    first = poll()
    assert first.status_code == 200 and json.loads(first.text) == {"match": None}
    assert first.headers["Cache-Control"] == "no-cache"
    match_id = start_match(client, THREE)
    moved = poll(first.headers["ETag"])
    assert moved.status_code == 200 and json.loads(moved.text) == {"match": match_id}
    unchanged = poll(moved.headers["ETag"])
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    assert poll(moved.headers["ETag"]).status_code == 200
    # The screen carries the tag it was drawn at, so its first poll is a 304.
    screen = client.get("/screen").text
    tag = re.search(r'data-live-tag="([^"]+)"', screen).group(1)
    assert poll(f'"{tag}"').status_code == 304


@pytest.mark.parametrize("path", ["/screen", "/screen/{id}"])
def test_the_big_screen_polls_a_little_under_once_a_second(client, path: str) -> None:
    """What the page tells ``screen.js``: the address to poll, the tag it was drawn at and how often
    (``every`` 0 or none would leave it at ``poll.js``'s slower pace). The browser test
    ``test_a_save_on_a_phone_shows_on_the_big_screen_within_a_second`` runs the script itself."""
    match_id = start_match(client, THREE)
    screen = client.get(path.format(id=match_id)).text
    body = re.search(r"<body ([^>]*)>", screen)
    assert body is not None and "data-screen" in body.group(1) and "data-wake-lock" in body.group(1)
    attributes = dict(re.findall(r'data-live(-\w+)?="([^"]*)"', body.group(1)))
    every = int(attributes["-every"])
    assert 0 < every < 1000  # a save shows within a second: the poll, then the page itself
    # The address it polls is the tag of what it shows: unchanged, a 304; a save moves it.
    poll, tag = attributes[""], attributes["-tag"]
    assert poll == ("/screen/version" if path == "/screen" else f"/matches/{match_id}/version")
    assert client.get(poll, headers={"If-None-Match": f'"{tag}"'}).status_code == 304
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    assert client.get(poll, headers={"If-None-Match": f'"{tag}"'}).status_code == 200
    assert 'id="fullscreen"' in screen


def test_the_tables_big_screen_follows_a_rematch_as_soon_as_it_is_started(client) -> None:
    """Issue 34: after Rematch, /screen kept showing "Ann wins" (even after a reload) until the
    rematch's first deal was saved; its poll moves at once, and it shows the rematch."""
    first = one_deal_match(client)
    assert post_deal(client, first, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert "Ann wins" in texts(client.get("/screen").text)
    tag, first_tag = client.get("/screen/version").headers["ETag"], client.get(f"/matches/{first}/version").headers["ETag"]
    second = int(client.post(f"/matches/{first}/rematch").headers["Location"].rsplit("/", 1)[1])
    moved = client.get("/screen/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.json == {"match": second}
    words = texts(client.get("/screen").text)
    assert "Ann wins" not in words and "Match over" not in words
    assert f"/matches/{second}" in client.get("/screen").text  # its QR code: the rematch's scoreboard
    # The old match's own tag moved too: its scoreboards show the way to the rematch.
    assert client.get(f"/matches/{first}/version", headers={"If-None-Match": first_tag}).status_code == 200


def hundred_match(client, **options) -> int:
    """Ann · Bob · Cy, games to 100, first to 2 (or as ``options`` say)."""
    return start_match(client, THREE, match=options.pop("match", "hundred"), games_to_win="2", **options)


ANN_TAKES = ([4, 1, 2], [4, 2, 3])  # Ann +34 (the only bid made), Bob +2, Cy +3
BOB_TAKES = ([1, 4, 2], [2, 4, 3])  # Bob +34, Ann +2, Cy +3


def play(client, match_id: int, first: int, deals: list[tuple[list[int], list[int]]]) -> None:
    for number, (bids, took) in enumerate(deals, start=first):
        assert post_deal(client, match_id, number, bids, took).status_code == 303


def test_a_games_end_shows_its_final_points_not_the_next_games_zeros(client) -> None:
    """Issue 34: right after a game of a 100-point match ended, the big screen showed the winner
    and 0 / 0 / 0 (the next game's tiles); the game's final points were gone."""
    match_id = hundred_match(client)
    play(client, match_id, 1, [ANN_TAKES] * 3)  # game 1: Ann 102, Bob 6, Cy 9
    for path in (f"/screen/{match_id}", "/screen"):  # the match's screen and the table's
        page = client.get(path).text
        words = texts(page)
        assert "Ann wins game 1 Ann 102 1 game Bob 6 0 games Cy 9 0 games" in words, path
        assert 'class="tile-total"' not in page  # the next game's 0s are not drawn before its first deal
        assert "Deal 4 · game 2 Game 2 starts at 0." in words
        assert "Deal 3: ♠ Spades Ann +34" in words  # the deal that ended it, in parts
    # The next game's first deal: its tiles, and no word of game 1's end on the screen.
    play(client, match_id, 4, [BOB_TAKES])
    page = client.get(f"/screen/{match_id}").text
    assert re.findall(r'<span class="tile-total"[^>]*>([^<]+)</span>', page) == ["2", "34", "3"]
    assert "wins game 1" not in texts(page) and "starts at 0" not in texts(page)


def test_a_games_end_shows_its_bonuses_and_the_game_bonuses_won(client) -> None:
    match_id = hundred_match(client, match="game-bonus")
    play(client, match_id, 1, [ANN_TAKES] * 3)  # Ann reaches 100 with her bid made: the game bonus
    words = texts(client.get(f"/screen/{match_id}").text)
    assert "Ann wins game 1 Ann 102 +100 bonus 1 game bonus Bob 6 0 game bonuses Cy 9 0 game bonuses" in words


def test_the_matchs_end_shows_the_games_won_and_each_games_points(client) -> None:
    """Issue 34: at the match's end the big screen showed the games won and no points: now each
    game's final points too, the last row the game that ended the match."""
    match_id = hundred_match(client)
    play(client, match_id, 1, [ANN_TAKES] * 3 + [BOB_TAKES] * 3 + [ANN_TAKES] * 2 + [BOB_TAKES, ANN_TAKES])
    page = client.get(f"/screen/{match_id}").text
    words = texts(page)
    assert "Match over Ann wins Ann 2 games Bob 1 game Cy 0 games" in words
    games = re.search(r'<table class="screen-games">.*?</table>', page, re.S)
    assert games is not None
    rows = [texts(row).strip() for row in re.findall(r"<tr>(.*?)</tr>", games.group(0), re.S)]
    assert rows == ["Ann Bob Cy",  # the column heads (drawn on a phone; the cards above on a screen)
                    "Game 1 · won by Ann 102 6 9",
                    "Game 2 · won by Bob 6 102 9",
                    "Game 3 · won by Ann 104 40 12"]  # the final game's points: 34+34+2+34, 2+2+34+2, 4 × 3
    assert re.findall(r'<td class="(winner)?', games.group(0)) == ["winner", "", "", "", "winner", "", "winner", "", ""]
    assert "Ratings: Ann +" in words


def test_a_match_of_one_game_has_no_table_of_games(client) -> None:
    match_id = one_deal_match(client)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    page = client.get(f"/screen/{match_id}").text
    assert "Match over Ann wins Ann 34 Bob 2 Cy 3" in texts(page)
    assert "screen-games" not in page and "Deal 1: ♦ Diamonds" in texts(page)  # its last deal, in parts
