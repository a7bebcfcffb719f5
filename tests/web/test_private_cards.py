"""Nobody learns a card they could not see at a real table (issue 10, "Cards"): not from an
error message, a preview, a status code, a page, an export, a link or a seed.

Each test plays the part of someone trying: the scorekeeper probing the deal form with every
card, a stranger on the network with no cookies following the scoreboard's links, a second
phone on a taken seat, an old link, a seed, a faster table of a duplicate set.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from urllib.parse import urlsplit

from cardhelpers import THREE, app_match, dealt, join_set, new_set, seated_phones, shows_card, shows_hand_rows, take_seat
from sqlalchemy import select
from webhelpers import count, deal_form, post_deal, post_form, purge_after_30_days

from scorer.core import pack_preparation
from scorer.web.data import card_store
from scorer.web.data.models import Deal, HandLink, Match, SeatHolder, now_utc
from scorer.web.extensions import db


def preview(client, match_id: int, number: int, bids: list, tricks: list):
    return client.post(f"/matches/{match_id}/deals/{number}/preview", data=deal_form(number, bids, tricks))


def without_input(page: str, field: str) -> str:
    """The page with the value echoed back in one input taken out (the typed text itself), and
    the CSRF tokens and the form's one-time key too (they carry the time, or are random)."""
    page = re.sub(r'(name="(?:csrf_token|save_key)"[^>]*value=")[^"]*(")', r"\1…\2", page)
    return re.sub(rf'(<input[^>]*name="{re.escape(field)}"[^>]*value=")[^"]*(")', r"\1…\2", page)


# ---------------------------------------------------------------------------- the deal form as an oracle


def test_the_deal_form_answers_the_same_whatever_bid_card_is_tried(client, app):
    """Every card of the pack tried as a bid card of Ann's and of Bob's, through the preview and
    the save of the scorekeeper's own form: one answer for all, and nothing stored."""
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    hands = dealt(app, match_id)["hands"]
    pack = pack_preparation("classic").pack
    for seat in (0, 1):
        fixed = [c for c in hands[seat] if c != "Joker"][:2]  # two of the bidder's own cards
        answers: dict[str, set] = {"preview": set(), "save": set()}
        for card in pack:
            if card in fixed:
                continue
            bids: list = ["hidden"] * 3
            bids[seat] = " ".join([card, *fixed])
            shown = preview(client, match_id, 1, bids, [3, 3, 3])
            answers["preview"].add((shown.status_code, shown.text))
            saved = post_deal(client, match_id, 1, bids, [3, 3, 3])
            answers["save"].add((saved.status_code, without_input(saved.text, f"seats-{seat}-bid")))
        for kind, seen in answers.items():
            assert len(seen) == 1, f"{len(seen)} different answers to {kind} for seat {seat}'s bid cards"
        status, text = answers["save"].pop()
        assert status == 422 and "can only come from" in html.unescape(text)
    assert count(app, Deal) == 0


def test_a_number_bid_is_never_checked_against_the_hand_before_the_deal_is_recorded(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    for bid in range(10):
        shown = preview(client, match_id, 1, [bid, "hidden", "hidden"], [3, 3, 3]).text
        assert "cannot be made" not in shown and "preview-error" not in shown, bid


def test_the_dummys_bid_is_told_by_nothing_until_turned_up(client, app):
    match_id = app_match(client, "two-dummy", names=["Dee", "Eve"], seed=5)
    client.get(f"/matches/{match_id}")
    cards = dealt(app, match_id)
    previews, saves = set(), set()
    for bid in range(14):
        shown = preview(client, match_id, 1, ["hidden", "hidden", bid], [4, 5, 0])
        previews.add((shown.status_code, shown.text))
        saved = post_deal(client, match_id, 1, ["hidden", "hidden", bid], [4, 5, 0])
        saves.add((saved.status_code, without_input(saved.text, "seats-2-bid")))
    assert len(previews) == 1 and len(saves) == 1
    status, text = saves.pop()
    assert status == 422 and not any(shows_card(text, c) for c in cards["dummy_bid"])
    assert count(app, Deal) == 0
    # Turned up, the dummy's bid is its cards: the preview now scores it.
    client.post(f"/matches/{match_id}/deals/1/dummy")
    shown = preview(client, match_id, 1, ["hidden", "hidden", 0], [4, 5, 0]).text
    assert "face down" not in shown and "Dummy" in shown


# ---------------------------------------------------------------------------- a stranger on the network


def internal_links(page: str) -> list[str]:
    return [urlsplit(html.unescape(href)).path for href in re.findall(r'href="([^"#]+)', page)
            if urlsplit(html.unescape(href)).netloc in ("", "localhost")]


def test_a_stranger_following_the_scoreboards_links_sees_no_link_no_card_no_seed(client, app):
    match_id = app_match(client, seed=424242)
    keeper_board = client.get(f"/matches/{match_id}").text
    cards = dealt(app, match_id)
    assert all(f"/hand/{token}" in keeper_board for token in cards["tokens"])  # the scorekeeper's phone has them

    stranger = app.test_client()
    private = [c for hand in cards["hands"] for c in hand]
    seen, queue = set(), [f"/matches/{match_id}"]
    while queue and len(seen) < 40:
        path = queue.pop(0)
        if path in seen or not path.startswith((f"/matches/{match_id}", "/hand/", "/export")):
            continue
        seen.add(path)
        response = stranger.get(path)
        assert response.status_code < 500, path
        page = response.get_data(as_text=True)
        assert "/hand/" not in page, f"{path} shows a seat's link"
        # The share screen's one code is the scoreboard's own address (Watch), no seat's.
        assert 'class="qr"' not in page or path == f"/matches/{match_id}/share", f"{path} shows a seat's code"
        assert [c for c in private if shows_card(page, c)] == [], f"{path} shows a hand's card"
        assert not any(shows_hand_rows(page, hand) for hand in cards["hands"]), f"{path} shows a hand"
        assert "424242" not in page, f"{path} shows the match seed"
        queue.extend(internal_links(page))
    assert f"/matches/{match_id}/share" in seen and f"/matches/{match_id}/export.json" in seen
    # A watcher is shown no deal form (access.py); asked for by hand, it is refused.
    assert f"/matches/{match_id}/deals/new" not in seen
    assert stranger.get(f"/matches/{match_id}/deals/new").status_code == 403
    # Even holding a seat's link (told by someone), a phone that has not taken the seat sees no card.
    page = stranger.get(f"/hand/{cards['tokens'][0]}").text
    assert not any(shows_card(page, c) for c in private) and "take the seat" in page
    assert stranger.get(f"/hand/{cards['tokens'][0]}/status").status_code == 403
    assert count(app, SeatHolder) == 0  # opening pages wrote nothing


def test_the_capability_cookie_is_httponly_lax_and_for_its_match_only(client, app):
    response = client.post("/matches/new", data={
        "players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "ruleset": "classic", "first_dealer": "0",
        "match": "usual", "first_trump": "", "trump": "turn-up", "cards": "app", "seed": ""})
    match_id = int(response.headers["Location"].rsplit("/", 1)[1])
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and f"Path=/matches/{match_id}" in cookie
    with app.app_context():
        stored = [keeper.token_hash for keeper in db.session.get(Match, match_id).keepers]
    assert len(stored) == 1 and stored[0] not in cookie  # only its hash is kept
    # The phone that started another match is not this one's scorekeeper.
    other = app.test_client()
    second = app_match(other)
    other.get(f"/matches/{second}")
    client.get(f"/matches/{second}")
    assert "/hand/" not in client.get(f"/matches/{second}").text
    assert "/hand/" in other.get(f"/matches/{second}").text


def test_a_match_without_a_scorekeeper_is_taken_over_only_by_the_server(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    with app.app_context():
        db.session.get(Match, match_id).keepers[0].revoked_at = now_utc()  # as after a lost phone
        db.session.commit()
    assert "/hand/" not in client.get(f"/matches/{match_id}").text
    # A phone on the Wi-Fi cannot claim it (there is no first-come claim any more) ...
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.23"
    assert "Take over this match" not in phone.get(f"/matches/{match_id}").text
    assert phone.post(f"/matches/{match_id}/take-over").status_code == 403
    assert "/hand/" not in phone.get(f"/matches/{match_id}").text
    # ... the server machine can.
    server = app.test_client()
    assert "Take over this match" in server.get(f"/matches/{match_id}").text
    assert server.post(f"/matches/{match_id}/take-over").status_code == 303
    assert "/hand/" in server.get(f"/matches/{match_id}").text


# ---------------------------------------------------------------------------- one phone per seat


def test_a_second_phone_is_refused_until_the_scorekeeper_hands_the_seat_over(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    cards = dealt(app, match_id)
    token = cards["tokens"][0]
    first, second = app.test_client(), app.test_client()
    # The page that offers the tap gives the phone its own token (HttpOnly, SameSite=Lax) first.
    offered = first.get(f"/hand/{token}")
    phone_cookie = [c for c in offered.headers.getlist("Set-Cookie") if c.startswith("ninety-nine-phone=")]
    assert len(phone_cookie) == 1 and "HttpOnly" in phone_cookie[0] and "SameSite=Lax" in phone_cookie[0]
    taken = take_seat(first, token)
    assert taken.status_code == 303
    assert all(shows_card(first.get(f"/hand/{token}").text, c) for c in cards["hands"][0])
    for response in (second.get(f"/hand/{token}"), second.post(f"/hand/{token}/take"),
                     second.post(f"/hand/{token}/bid", data={"card": cards["hands"][0][:3], "action": "show"})):
        assert response.status_code == 403
        assert not any(shows_card(response.text, c) for c in cards["hands"][0])
    # Only the scorekeeper's phone hands a seat over.
    assert second.post(f"/matches/{match_id}/seats/0/hand-over").status_code == 403
    assert first.get(f"/hand/{token}").status_code == 200
    assert client.post(f"/matches/{match_id}/seats/0/hand-over").status_code == 303
    board = app.test_client().get(f"/matches/{match_id}").text  # anyone reading the scoreboard is told
    assert re.search(r"Ann’s seat was handed over to another phone at .*\d\d:\d\d</time>", board)
    assert take_seat(second, token).status_code == 303
    assert all(shows_card(second.get(f"/hand/{token}").text, c) for c in cards["hands"][0])
    refused = first.get(f"/hand/{token}")
    assert refused.status_code == 403 and not any(shows_card(refused.text, c) for c in cards["hands"][0])


def test_an_old_link_leads_on_only_on_the_phone_holding_the_seat(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    first = dealt(app, match_id)
    ann = seated_phones(app, match_id)[0]
    assert post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    client.get(f"/matches/{match_id}")
    second = dealt(app, match_id, 2)
    assert f"/hand/{second['tokens'][0]}" in ann.get(f"/hand/{first['tokens'][0]}").text
    assert all(shows_card(ann.get(f"/hand/{second['tokens'][0]}").text, c) for c in second["hands"][0])
    for phone in (app.test_client(), app.test_client()):  # the old link on phones that never took the seat
        for token in (first["tokens"][0], second["tokens"][0]):
            page = phone.get(f"/hand/{token}")
            assert page.status_code == 403 and f"/hand/{second['tokens'][0]}" not in page.text
            assert not any(shows_card(page.text, c) for c in second["hands"][0])
    # A seat no phone took yet: its old link shows no later hand either.
    page = app.test_client().get(f"/hand/{first['tokens'][1]}").text
    assert f"/hand/{second['tokens'][1]}" not in page
    assert not any(shows_card(page, c) for c in second["hands"][1])


def test_two_phones_taking_a_free_seat_leave_one_holder(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    token = dealt(app, match_id)["tokens"][2]
    phones = [app.test_client() for _ in range(3)]
    answers = [take_seat(phone, token).status_code for phone in phones]
    assert answers == [303, 403, 403]
    assert [phone.get(f"/hand/{token}").status_code for phone in phones] == [200, 403, 403]


# ---------------------------------------------------------------------------- seeds


def test_the_match_seed_is_shown_once_the_match_is_over(client, app):
    match_id = app_match(client, seed=987654, match="deals", deals="2")
    client.get(f"/matches/{match_id}")
    assert "987654" not in client.get(f"/matches/{match_id}").text
    post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3])
    client.get(f"/matches/{match_id}")
    first = dealt(app, match_id)
    assert "987654" not in client.get(f"/matches/{match_id}").text
    # A recorded deal's own seed tells only that deal: its replay command is shown.
    page = client.get(f"/matches/{match_id}/deals/1/cards").text
    assert f"--seed {first['seed']} --dealer {first['dealer']}" in re.sub(r"<[^>]+>", "", page)
    post_deal(client, match_id, 2, ["hidden"] * 3, [3, 3, 3])
    with app.app_context():  # the seed it was dealt from: the typed one keyed with this server's secret
        assert f"seed {card_store.server_seed(987654)}" in client.get(f"/matches/{match_id}").text


def test_eighteens_seed_waits_until_the_pile_is_spent(client, app):
    match_id = app_match(client, "eighteen", seed=11, match="deals", deals="3")
    for number in (1, 2):
        client.get(f"/matches/{match_id}")
        post_deal(client, match_id, number, ["hidden"] * 3, [3, 3, 3])
    seeds = [dealt(app, match_id, n)["seed"] for n in (1, 2)]
    for number, seed in enumerate(seeds, start=1):
        page = client.get(f"/matches/{match_id}/deals/{number}/cards").text
        assert str(seed) not in page and "also shuffled the game’s trump pile" in html.unescape(page)
        assert "seed" not in client.get(f"/matches/{match_id}/export.json").json["deals"][number - 1]
    client.get(f"/matches/{match_id}")
    post_deal(client, match_id, 3, ["hidden"] * 3, [3, 3, 3])  # the match is over
    assert str(seeds[0]) in client.get(f"/matches/{match_id}/deals/1/cards").text
    assert client.get(f"/matches/{match_id}/export.json").json["deals"][0]["seed"] == seeds[0]


# ---------------------------------------------------------------------------- duplicate deal sets


def test_a_faster_tables_deal_stays_hidden_until_every_table_has_recorded_it(client, app):
    new_set(client)
    fast, slow = (join_set(client, names) for names in (THREE, ["Dee", "Eve", "Fay"]))
    for match_id in (fast, slow):
        client.get(f"/matches/{match_id}")
    cards = dealt(app, fast)
    assert cards["hands"] == dealt(app, slow)["hands"]
    ann = seated_phones(app, fast)[0]
    three = cards["hands"][0][-3:]
    ann.post(f"/hand/{cards['tokens'][0]}/bid", data={"card": three, "action": "show"})
    assert post_deal(client, fast, 1, [" ".join(three), "hidden", "hidden"], [3, 3, 3]).status_code == 303
    private = [c for hand in cards["hands"] for c in hand]

    assert client.get(f"/matches/{fast}/deals/1/cards").status_code == 403
    # An edit of the faster table's deal still gets no answer from its hands.
    edit = post_form(client, f"/matches/{fast}/deals/1/edit", deal_form(1, [" ".join(private[12:15]), "hidden", "hidden"],
                                                                        [3, 3, 3]))
    assert edit.status_code == 422 and "can only come from" in html.unescape(edit.text)
    exported = client.get(f"/matches/{fast}/export.json").json["deals"][0]
    assert "hands" not in exported and "seed" not in exported and isinstance(exported["bids"][0], int)
    everything = client.get("/export/matches.json").text
    with zipfile.ZipFile(io.BytesIO(client.get("/export/matches.zip").data)) as archive:
        everything += "".join(archive.read(name).decode() for name in archive.namelist())
    compare = client.get("/deal-sets/1").text
    pages = [client.get(url).text for url in (f"/matches/{fast}", f"/matches/{fast}/export.csv",
                                               f"/history/{fast}", f"/matches/{fast}/sheet")]
    turned = dealt(app, fast, 2)["turn_up"]  # deal 2's turned card is on the scoreboard, for all to see
    for page in (everything, compare, *pages):
        assert [c for c in private if c != turned and shows_card(page, c)] == []
        assert not any(shows_hand_rows(page, hand) for hand in cards["hands"])
    assert 'id="cmp-1"' not in compare
    own = ann.get(f"/hand/{cards['tokens'][0]}").text  # Ann's recorded hand: no way to the others'
    assert [c for c in private[12:] if shows_card(own, c)] == [] and f"/matches/{fast}/deals/1/cards" not in own

    assert post_deal(client, slow, 1, ["hidden"] * 3, [2, 4, 3]).status_code == 303
    page = client.get(f"/matches/{fast}/deals/1/cards").text
    assert all(shows_hand_rows(page, hand) for hand in cards["hands"]) and f"--seed {cards['seed']}" in re.sub(r"<[^>]+>", "", page)
    assert client.get(f"/matches/{fast}/export.json").json["deals"][0]["hands"] == cards["hands"]
    assert 'id="cmp-1"' in client.get("/deal-sets/1").text


def test_no_shown_bid_or_seat_holder_outlives_its_match(client, app):
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    seated_phones(app, match_id)
    assert count(app, SeatHolder) == 3
    client.post(f"/matches/{match_id}/delete")
    purge_after_30_days(client, app)  # kept on Recently deleted until then
    assert (count(app, SeatHolder), count(app, HandLink)) == (0, 0)
    with app.app_context():
        assert db.session.scalars(select(SeatHolder)).all() == []


def test_one_phone_holds_one_seat(client, app):
    """A phone that holds Ann's seat cannot take Bob's too (it would see two hands); Bob's phone can."""
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    cards = dealt(app, match_id)
    tokens = cards["tokens"]
    phone = app.test_client()
    assert take_seat(phone, tokens[0]).status_code == 303
    second = take_seat(phone, tokens[1])
    assert second.status_code == 409 and "already holds Ann" in html.unescape(second.text)
    page = phone.get(f"/hand/{tokens[1]}").text  # the seat's page, still free: none of Bob's cards
    assert not any(shows_card(page, card) for card in cards["hands"][1] if card not in cards["hands"][0])
    assert take_seat(app.test_client(), tokens[1]).status_code == 303  # Bob's own phone


def test_a_faster_tables_turned_card_waits_for_the_slower_tables(client, app):
    """The app turned deal 2's card at the faster table: its scorekeeper sees it; anyone else
    opening that scoreboard (the slower table's players) sees it only once every table of the
    set has recorded deal 2."""
    new_set(client)
    fast, slow = (join_set(client, names) for names in (THREE, ["Dee", "Eve", "Fay"]))
    for match_id in (fast, slow):
        client.get(f"/matches/{match_id}")
    assert post_deal(client, fast, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    turned = dealt(app, fast, 2)["turn_up"]
    watcher = app.test_client()
    assert shows_card(client.get(f"/matches/{fast}").text, turned)  # the faster table's scorekeeper
    for recorded, note in ((1, "This table has recorded deal 1. It is shown here once every table"),
                           (2, "another table of the set has yet to play this deal")):
        page = html.unescape(watcher.get(f"/matches/{fast}").text)
        assert not shows_card(page, turned) and note in page
        client.get(f"/matches/{slow}")
        assert post_deal(client, slow, recorded, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    assert shows_card(watcher.get(f"/matches/{fast}").text, turned)


def test_a_take_carries_the_token_the_page_gave_the_phone(client, app):
    """A phone holds one seat by its own token, which the page offering the tap gives it (a GET
    writes nothing in the database to do so); a take sent without it takes nothing."""
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    token = dealt(app, match_id)["tokens"][0]
    bare = app.test_client()
    refused = bare.post(f"/hand/{token}/take")
    assert refused.status_code == 400 and "did not open the page" in html.unescape(refused.text)
    assert count(app, SeatHolder) == 0
    assert take_seat(bare, token).status_code == 303  # the page first, then the tap
    assert count(app, SeatHolder) == 1


def test_a_hand_page_leads_back_to_the_scoreboard(client, app):
    """Issue 34: the scorekeeper's own hand page had no way back but the logo (hand → scoreboard →
    hand every deal at a club night). It has the deal page's "← Scoreboard"."""
    match_id = app_match(client)
    token = dealt(app, match_id)["tokens"][0]
    assert take_seat(client, token).status_code == 303
    page = client.get(f"/hand/{token}").text
    assert f'<a href="/matches/{match_id}">← Scoreboard</a>' in page
