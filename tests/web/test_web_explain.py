"""The scoreboard, the record and the deal form explain themselves: a deal's points in parts,
the rule edges where they happen, one deal number everywhere, and what an edit changes further on.
Every figure below is added up by hand from docs/RULES.md."""

from __future__ import annotations

import re

from flask import Flask
from webhelpers import deal_form, post_deal, start_match

from scorer.web.data.models import Deal
from scorer.web.extensions import db

TIE = ([4, 4, 0], [4, 4, 1])  # jokerless: Ann and Bob make 4 (4 + 20 each), Cy fails (1)


def text(html: str) -> str:
    """The words of a page, tags dropped and spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".").replace(" :", ":")


def test_the_dummys_82_opens_into_its_parts_on_the_scoreboard_and_the_deal_page(client):
    # Ann declares 3 and takes 4 (failed), Bob bids 3 and takes 3, the dummy bid 2 and took 2.
    match_id = start_match(client, ["Ann", "Bob"], "two-dummy")
    assert post_deal(client, match_id, 1, [3, 3, 2], [4, 3, 2], {0: "declare"}, turn_up="7H").status_code == 303
    board = client.get(f"/matches/{match_id}").text
    assert '<details id="latest-parts">' in board and "How deal 1 scored" in board
    for page in (board, client.get(f"/matches/{match_id}/deals/1").text):
        words = text(page)
        assert ("Dummy +82 2 tricks · +20 bid made (2 of 3 made theirs) · +30 paid by Ann (failed declaration) · "
                "+30 bid taken exactly (the dummy’s declaration) total 82") in words
        assert "Ann +4 4 tricks · declared and failed: 30 to each opponent total 4" in words
        assert "Bob +53 3 tricks · +20 bid made (2 of 3 made theirs) · +30 paid by Ann (failed declaration)" in words
    # The record's deal numbers open the deal's page.
    assert f'href="/matches/{match_id}/deals/1"' in client.get(f"/history/{match_id}").text


def test_the_preview_shows_the_parts(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    preview = client.post(f"/matches/{match_id}/deals/1/preview",
                          data=deal_form(1, [9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"})).text
    assert "9 tricks · +30 bid made (1 of 3 made theirs) · +60 revealed and made it" in text(preview)
    assert "The first deal of a game is played at ♦ diamonds." in text(preview)


def test_a_game_tied_past_100_says_it_plays_on(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for number in range(1, 5):
        assert post_deal(client, match_id, number, *TIE).status_code == 303
    tie = "Ann and Bob are level at 120: a game tied at the top plays on until one of them leads after a deal."
    preview = client.post(f"/matches/{match_id}/deals/5/preview", data=deal_form(5, *TIE)).text
    assert tie in text(preview)
    assert post_deal(client, match_id, 5, *TIE).status_code == 303
    assert tie in text(client.get(f"/matches/{match_id}").text)
    assert tie not in text(client.get(f"/matches/{match_id}/deals/4").text)  # 96 each


def test_the_dummy_past_100_and_under_its_bid_are_explained(client):
    match_id = start_match(client, ["Ann", "Bob"], "two-dummy")
    for number in range(1, 5):  # Ann and Bob fail, the dummy takes none of its 9: 0 + 30 each deal
        assert post_deal(client, match_id, number, [0, 0, 9], [5, 4, 0], turn_up="7H").status_code == 303
    words = text(client.get(f"/matches/{match_id}").text)
    assert "The dummy has 120, past 100, but the dummy never wins: the game goes on." in words
    assert ("The dummy took 0 tricks for a bid of 9 and made it: a dummy succeeds unless it takes more "
            "tricks than its bid.") in words
    assert "past 100" not in text(client.get(f"/matches/{match_id}/deals/3").text)  # 90


def test_the_deal_that_ends_the_match_names_the_winner(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="hundred", games_to_win="2")
    win = ([9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"})
    plain = (["hidden"] * 3, [3, 3, 3])
    for number, deal in enumerate([win, plain, win], start=1):  # Ann 99, 102: game 1; then 99
        assert post_deal(client, match_id, number, *deal).status_code == 303
    assert "This deal ends game 1: Ann wins it." in text(client.get(f"/matches/{match_id}/deals/2").text)
    preview = client.post(f"/matches/{match_id}/deals/4/preview", data=deal_form(4, *plain)).text
    assert "This deal ends the match: Ann wins the match 2 games to 0." in text(preview)


def test_long_shows_no_trick_points_and_a_real_minus(client):
    # long: no trick points; Ann bid 4 and took 6 (missed by 2: −2), Bob and Cy made theirs (20 each).
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "long")
    assert post_deal(client, match_id, 1, [4, 4, 3], [6, 4, 3]).status_code == 303
    words = text(client.get(f"/matches/{match_id}/deals/1").text)
    assert "Ann −2 −2 bid missed by 2 tricks total −2" in words
    assert "Bob +20 +20 bid made (2 of 3 made theirs) total 20" in words


def test_the_game_bonus_is_named_on_the_deal_that_ends_the_game(client):
    # game-bonus: Ann 99, then makes 1 (1 + 30): 130 and her bid made, so +100 at the end of game 1.
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="game-bonus")
    assert post_deal(client, match_id, 1, [9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"}).status_code == 303
    assert post_deal(client, match_id, 2, [1, "hidden", "hidden"], [1, 4, 4]).status_code == 303
    words = text(client.get(f"/matches/{match_id}/deals/2").text)
    assert "This deal ends game 1: Ann wins it." in words
    assert "Game bonus, added to game 1: Ann +100." in words


def test_a_turned_nine_says_why_there_is_no_trump(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic")
    preview = client.post(f"/matches/{match_id}/deals/1/preview",
                          data=deal_form(1, ["hidden"] * 3, [3, 3, 3], turn_up="9S")).text
    assert "A turned Nine means no trump." in text(preview)
    preview = client.post(f"/matches/{match_id}/deals/1/preview",
                          data=deal_form(1, ["hidden"] * 3, [3, 3, 3], turn_up="7S")).text
    assert "means no trump" not in preview


def test_one_deal_number_everywhere(client):
    # Game 1 ends at deal 2 (Ann 99 + 3); deal 3 is the first deal of game 2 and is called deal 3.
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    win = ([9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"})
    for number, deal in enumerate([win, (["hidden"] * 3, [3, 3, 3]), (["hidden"] * 3, [3, 3, 3])], start=1):
        assert post_deal(client, match_id, number, *deal).status_code == 303
    board = client.get(f"/matches/{match_id}").text
    assert "Deal 4 · game 2 Deals" in text(board) and ", deal 2" not in board
    assert "Record deal 4" in board and "Delete deal 3…" in board
    game_2 = board.index("Game 2")
    labels = re.findall(r'<a href="/matches/\d+/deals/(\d+)">(\d+)<', board)
    assert labels == [("3", "3"), ("2", "2"), ("1", "1")]  # latest first, numbered across the match
    assert game_2 < board.index(f'href="/matches/{match_id}/deals/3"')
    form = client.get(f"/matches/{match_id}/deals/3/edit").text
    assert "Edit deal 3 · game 2" in text(form) and "game 2, deal 1" not in form
    assert "Deal 3 · game 2" in text(client.get(f"/matches/{match_id}/deals/3").text)


def test_an_edit_says_what_it_changes_and_each_deal_keeps_its_trump(client, app: Flask):
    # Jokerless, first to one game: deal 2 all made → deal 3 at clubs; Ann 0 + 11 + 0 + 99 = 110 ends it.
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="hundred", games_to_win="1")
    plain = (["hidden"] * 3, [0, 4, 5])
    made = ([1, 4, 4], [1, 4, 4])
    win = ([9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"})
    for number, deal in enumerate([plain, made, plain, win], start=1):
        assert post_deal(client, match_id, number, *deal).status_code == 303
    with app.app_context():
        played = [d.played_trump for d in db.session.scalars(db.select(Deal).where(Deal.match_id == match_id)
                                                             .order_by(Deal.number))]
    assert played == ["diamonds", "diamonds", "clubs", "diamonds"]

    # Before saving: deal 2 as a plain deal makes deal 3 diamonds and Ann 99, so the match goes on.
    preview = text(client.post(f"/matches/{match_id}/deals/2/preview", data=deal_form(2, *plain)).text)
    assert "Saving this also changes:" in preview
    assert "Deal 3 was played at ♣ clubs; the rules now give ♦ diamonds." in preview
    assert "Game 1 no longer ends at deal 4." in preview
    assert "The match is no longer over: more deals can be recorded." in preview

    response = client.post(f"/matches/{match_id}/deals/2/edit", data=deal_form(2, *plain), follow_redirects=True)
    words = text(response.text)
    assert ("Deal 2 changed. Deal 3 was played at ♣ clubs; the rules now give ♦ diamonds. "
            "Game 1 no longer ends at deal 4. The match is no longer over: more deals can be recorded.") in words
    # Deal 3 keeps the trump it was played with, and shows the one the rules now give beside it.
    assert '<small class="trump-now">now <span title="Diamonds">' in response.text
    record = client.get(f"/history/{match_id}").text
    assert 'title="Clubs"' in record and '<small class="trump-now">now <span title="Diamonds">' in record
    assert "Trump: ♣ Clubs as played; the rules now give ♦ Diamonds" in text(client.get(f"/matches/{match_id}/deals/3").text)

    # An edit that changes nothing further on says so.
    response = client.post(f"/matches/{match_id}/deals/4/edit", data=deal_form(4, *win), follow_redirects=True)
    assert "Deal 4 changed. Nothing after it changes." not in response.text  # the last deal: nothing after it
    assert "Deal 4 changed." in text(response.text)
    response = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, ["hidden"] * 3, [0, 3, 6]),
                           follow_redirects=True)
    assert ("Deal 1 changed; the running totals of the 3 deals after it moved. No trump, game or winner changes."
            in text(response.text))
    # Deal 2 back as it was: deal 3 is back to the trump it was played with, and the match over again.
    preview = text(client.post(f"/matches/{match_id}/deals/2/preview", data=deal_form(2, *made)).text)
    assert "Deal 3 is back to ♣ clubs, the trump it was played with." in preview
    assert "The match now ends at deal 4." in preview and "Ann now wins the match." in preview


def test_the_deal_page_is_for_everyone_and_has_no_edit_for_a_watcher(app: Flask, client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert f"/matches/{match_id}/deals/1/edit" in client.get(f"/matches/{match_id}/deals/1").text
    watcher = app.test_client()
    page = watcher.get(f"/matches/{match_id}/deals/1")
    assert page.status_code == 200 and "/edit" not in page.text and "Points, part by part" in page.text
    assert watcher.get(f"/matches/{match_id}/deals/2").status_code == 404


def test_an_edit_counts_only_the_deals_of_its_game_whose_running_totals_moved(client):
    """Issue 34: editing deal 1 of a match whose game 2 began at deal 4 said "the running totals of
    the 4 deals after it moved"; only deals 2 and 3 (the rest of game 1) moved."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for number in range(1, 6):  # Ann alone makes her bid of 4 each deal: game 1 is hers at deal 3, game 2 follows
        assert post_deal(client, match_id, number, [4, 3, 2], [4, 2, 3]).status_code == 303
    board = text(client.get(f"/matches/{match_id}").text)
    assert "won by Ann" in board
    # Bob and Cy still miss their bids, with other tricks: no trump, game or winner moves.
    response = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [4, 3, 2], [4, 1, 4]),
                           follow_redirects=True)
    assert ("Deal 1 changed; the running totals of the 2 deals after it moved. No trump, game or winner changes."
            in text(response.text))
