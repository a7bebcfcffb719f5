"""Nothing lost: every change is kept (append-only), shown in a player's words, and undoable;
a deleted match waits on Recently deleted for 30 days and comes back whole, statistics included."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from cardhelpers import app_match, seated_phones
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select
from webhelpers import csrf_token, deal_form, match_form, post_deal, post_undo, start_match, stored_deals, without_tokens

from scorer.web.data.models import Change, Match, MatchResult, Player, SeatHolder, SeatResult
from scorer.web.extensions import db
from scorer.web.policy import access, device

THREE = ["Ann", "Bob", "Cy"]


def changes(app: Flask, match_id: int | None = None) -> list[Change]:
    with app.app_context():
        query = select(Change).order_by(Change.id)
        if match_id is not None:
            query = query.where(Change.match_id == match_id)
        found = list(db.session.scalars(query))
        db.session.expunge_all()
        return found


def undo(client: FlaskClient, match_id: int, change_id: int):
    return post_undo(client, match_id, change_id)


def cache(app: Flask, match_id: int) -> tuple[list[tuple], list[tuple]]:
    with app.app_context():
        seats = [(r.deal, r.seat, r.points, r.total) for r in db.session.scalars(
            select(SeatResult).where(SeatResult.match_id == match_id).order_by(SeatResult.deal, SeatResult.seat))]
        matches = [(r.seat, r.deals, r.grand_total) for r in db.session.scalars(
            select(MatchResult).where(MatchResult.match_id == match_id).order_by(MatchResult.seat))]
        return seats, matches


@pytest.fixture
def played(app: Flask, client: FlaskClient) -> int:
    """A match of three deals, recorded by ``client`` (its scorekeeper), from "Ann's phone"."""
    client.set_cookie(device.COOKIE, "Ann's phone")
    match_id = start_match(client, THREE)
    for number, (bids, tricks) in enumerate([([3, 3, 3], [3, 3, 3]), ([4, 2, 3], [4, 2, 3]),
                                             ([2, 3, 4], [3, 3, 3])], start=1):
        assert post_deal(client, match_id, number, bids, tricks).status_code == 303
    return match_id


def test_each_save_edit_and_delete_is_recorded_with_the_phone_and_shown_in_words(app, client, played):
    assert client.post(f"/matches/{played}/deals/2/edit", data=deal_form(2, [4, 2, 3], [4, 3, 2])).status_code == 303
    assert client.post(f"/matches/{played}/deals/3/delete", data={}).status_code == 303
    found = changes(app, played)
    assert [(c.kind, c.deal, c.before is None, c.after is None) for c in found] == [
        ("deal", 1, True, False), ("deal", 2, True, False), ("deal", 3, True, False),
        ("deal", 2, False, False), ("deal", 3, False, True)]
    assert {c.device for c in found} == {"Ann's phone"}
    assert found[3].before["tricks"] == [4, 2, 3] and found[3].after["tricks"] == [4, 3, 2]
    page = client.get(f"/matches/{played}/changes").text
    assert "Deal 2 edited: Bob&#39;s tricks 2 → 3, Cy&#39;s tricks 3 → 2" in page
    assert "Deal 3 deleted" in page and "Deal 1 recorded: Ann bid 3, took 3" in page
    assert "Ann&#39;s phone" in page
    # When, in the app's zone (UTC in the tests): the minute of the change.
    assert found[0].at.strftime("%H:%M") in page
    # The scoreboard and the match record link to it.
    assert f"/matches/{played}/changes" in client.get(f"/matches/{played}").text
    assert f"/matches/{played}/changes" in client.get(f"/history/{played}").text


def test_an_edit_that_changes_nothing_is_no_change(app, client, played):
    before = len(changes(app, played))
    assert client.post(f"/matches/{played}/deals/2/edit", data=deal_form(2, [4, 2, 3], [4, 2, 3])).status_code == 303
    assert len(changes(app, played)) == before


def test_undo_of_a_save_an_edit_and_a_delete_goes_through_the_store_path(app, client, played):
    cache_after_two = None
    # Undo deal 3's recording: gone, and the statistics follow.
    assert client.post(f"/matches/{played}/deals/3/delete", data={}).status_code == 303
    cache_after_two = cache(app, played)
    assert client.post(f"/matches/{played}/deals/new", data=deal_form(3, [2, 3, 4], [3, 3, 3])).status_code == 303
    saved = changes(app, played)[-1]
    response = undo(client, played, saved.id)
    assert response.status_code == 303
    assert len(stored_deals(app, played)) == 2
    assert cache(app, played) == cache_after_two
    undo_row = changes(app, played)[-1]
    assert (undo_row.undoes, undo_row.before is not None, undo_row.after) == (saved.id, True, None)
    # Undo that undo: deal 3 is back.
    assert undo(client, played, undo_row.id).status_code == 303
    assert stored_deals(app, played)[2]["tricks"] == [3, 3, 3]
    # Edit deal 1, then undo the edit: the figures and every total after it come back.
    original = cache(app, played)
    assert client.post(f"/matches/{played}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3])).status_code == 303
    assert cache(app, played) != original
    assert undo(client, played, changes(app, played)[-1].id).status_code == 303
    assert stored_deals(app, played)[0]["tricks"] == [3, 3, 3]
    assert cache(app, played) == original
    # Undo a deletion: the deal comes back as it was.
    assert client.post(f"/matches/{played}/deals/3/delete", data={}).status_code == 303
    assert undo(client, played, changes(app, played)[-1].id).status_code == 303
    assert stored_deals(app, played)[2]["bids"] == [2, 3, 4]
    assert cache(app, played) == original
    with app.app_context():
        assert db.session.get(Match, played).version > 0
    assert "Undone: Deal 3 deleted" in client.get(f"/matches/{played}/changes").text


def test_an_undo_that_later_changes_made_impossible_says_what_to_undo_first(app, client, played):
    first = changes(app, played)[0]  # deal 1's recording, with deals 2 and 3 after it
    response = undo(client, played, first.id)  # refused: back to its confirmation, which says why
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/changes/{first.id}/undo")
    response = client.get(response.headers["Location"])
    assert response.status_code == 409
    assert "Deal 1 cannot be taken away while deals 2 to 3 come after it: undo deal 3" in response.text
    assert len(stored_deals(app, played)) == 3
    # Deal 2 edited after its recording: undoing the recording names the edit to undo first.
    assert client.post(f"/matches/{played}/deals/3/delete", data={}).status_code == 303
    assert client.post(f"/matches/{played}/deals/2/edit", data=deal_form(2, [4, 2, 3], [4, 3, 2])).status_code == 303
    response = client.get(undo(client, played, changes(app, played)[1].id).headers["Location"])
    assert response.status_code == 409
    assert "Undo the later change first: “Deal 2 edited: Bob&#39;s tricks 2 → 3" in response.text
    assert stored_deals(app, played)[1]["tricks"] == [4, 3, 2]


def test_only_a_scorekeeper_may_undo(app, client, played):
    stranger = app.test_client()
    last = changes(app, played)[-1]
    assert undo(stranger, played, last.id).status_code == 403
    assert len(stored_deals(app, played)) == 3
    assert "Undo" not in stranger.get(f"/matches/{played}/changes").text
    assert ">Undo<" in client.get(f"/matches/{played}/changes").text
    assert undo(client, played + 1, last.id).status_code == 404


def test_a_rename_is_one_site_wide_change_shown_in_each_match_and_undoable(app, client, played):
    other = start_match(client, ["Ann", "Dee", "Eve"])
    with app.app_context():
        ann = db.session.scalar(select(Player).where(Player.name == "Ann")).id
    assert client.post(f"/players/{ann}/rename", data={"name": "Anne"}).status_code == 303
    rename = changes(app)[-1]
    assert (rename.kind, rename.match_id, rename.before["name"], rename.after["name"]) == ("rename", None, "Ann", "Anne")
    for match_id in (played, other):
        assert "Ann renamed Anne, in every match" in client.get(f"/matches/{match_id}/changes").text
    assert undo(client, other, rename.id).status_code == 303
    with app.app_context():
        assert db.session.get(Player, ann).name == "Ann"
    assert changes(app)[-1].undoes == rename.id


def test_a_seat_hand_over_is_recorded_and_undone(app, client):
    match_id = app_match(client)
    seated_phones(app, match_id)
    with app.app_context():
        held = db.session.get(SeatHolder, (match_id, 1)).holder_hash
    assert client.post(f"/matches/{match_id}/seats/1/hand-over").status_code == 303
    handed = changes(app, match_id)[-1]
    assert (handed.kind, handed.deal, handed.after) == ("seat", 1, {"holder": None})
    assert "Bob&#39;s seat handed over" in client.get(f"/matches/{match_id}/changes").text
    assert undo(client, match_id, handed.id).status_code == 303
    with app.app_context():
        assert db.session.get(SeatHolder, (match_id, 1)).holder_hash == held


def test_a_deleted_match_leaves_every_list_and_comes_back_whole(app, client, played, monkeypatch):
    figures = cache(app, played)
    client.get("/")  # the flashed messages of the saves are shown and gone
    stats_before = without_tokens(client.get("/stats/").text)
    assert "Ann" in stats_before
    assert client.post(f"/matches/{played}/delete", data={}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, played).deleted_at is not None
    assert cache(app, played) == ([], [])
    assert f"/matches/{played}\"" not in client.get("/").text
    assert f"/history/{played}\"" not in client.get("/history/").text
    assert client.get("/export/matches.json").get_json() == []
    client.get("/")
    assert without_tokens(client.get("/stats/").text) != stats_before
    assert client.get(f"/matches/{played}").status_code == 404
    assert "Recently deleted" in client.get(f"/matches/{played}").text
    assert client.get(f"/history/{played}").status_code == 404
    # Nothing can be written into it meanwhile, nor a deal form opened.
    assert post_deal(client, played, 4, [3, 3, 3], [3, 3, 3]).status_code == 404
    assert client.get(f"/matches/{played}/deals/new").status_code == 404
    assert client.get(f"/matches/{played}/sheet").status_code == 404
    assert client.get(f"/matches/{played}/export.json").status_code == 404
    page = client.get("/deleted").text
    assert "Ann · Bob · Cy" in page and f"/matches/{played}/restore" in page
    # A stranger (not the server machine, no passcode) may not restore it; its scorekeeper may.
    monkeypatch.setattr(access, "is_site_manager", lambda: False)
    assert app.test_client().post(f"/matches/{played}/restore").status_code == 403
    monkeypatch.undo()  # the pages below are compared as the server machine saw them
    assert client.post(f"/matches/{played}/restore").status_code == 303
    assert cache(app, played) == figures
    assert client.get(f"/matches/{played}").status_code == 200
    assert without_tokens(client.get("/stats/").text) == stats_before
    assert [c.after for c in changes(app, played)[-2:]] == [{"deleted": True}, {"deleted": False}]


def test_undoing_a_match_deletion_restores_it(app, client, played):
    figures = cache(app, played)
    assert client.post(f"/matches/{played}/delete", data={}).status_code == 302
    deletion = changes(app, played)[-1]
    assert ">Undo<" in client.get(f"/matches/{played}/changes").text
    assert undo(client, played, deletion.id).status_code == 303
    assert cache(app, played) == figures
    assert changes(app, played)[-1].undoes == deletion.id


def test_matches_deleted_over_30_days_ago_are_purged_by_the_next_deletion(app, client, played):
    other = start_match(client, ["Dee", "Eve", "Fay"])
    now = [datetime(2026, 11, 1, 12, tzinfo=UTC)]
    app.config["CLOCK"] = lambda: now[0]
    assert client.post(f"/matches/{played}/delete", data={}).status_code == 302
    now[0] += timedelta(days=29)
    assert client.get("/deleted").status_code == 200  # a GET never purges
    third = start_match(client, ["Gus", "Hal", "Ivy"])
    assert client.post(f"/matches/{third}/delete", data={}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, played) is not None  # 29 days: still kept
    now[0] += timedelta(days=2)
    assert client.post(f"/matches/{other}/delete", data={}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, played) is None       # 31 days: gone for good
        assert db.session.get(Match, third) is not None    # 2 days
    assert len(changes(app, played)) == 4  # its history outlives it
    assert "Ann · Bob · Cy" not in client.get("/deleted").text


@contextmanager
def writes_to_changes(app: Flask) -> Iterator[list[str]]:
    """Every UPDATE or DELETE statement on the changes table while the block runs."""
    seen: list[str] = []

    def watch(_conn, _cursor, statement, _parameters, _context, _many):
        if re.match(r"\s*(UPDATE|DELETE\s+FROM)\s+\"?changes\b", statement, re.IGNORECASE):
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", watch)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", watch)


def test_no_code_path_updates_or_deletes_a_change(app, client, tmp_path):
    with writes_to_changes(app) as seen:
        client.set_cookie(device.COOKIE, "Ann's phone")
        match_id = start_match(client, THREE)
        for number in (1, 2):
            assert post_deal(client, match_id, number, [3, 3, 3], [3, 3, 3]).status_code == 303
        assert client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3])).status_code == 303
        assert client.post(f"/matches/{match_id}/deals/2/delete", data={}).status_code == 303
        for change in reversed(changes(app, match_id)):
            undo(client, match_id, change.id)
        with app.app_context():
            ann = db.session.scalar(select(Player).where(Player.name == "Ann")).id
        client.post(f"/players/{ann}/rename", data={"name": "Anne"})
        undo(client, match_id, changes(app)[-1].id)
        seated = app_match(client)
        seated_phones(app, seated)
        client.post(f"/matches/{seated}/seats/0/hand-over")
        undo(client, seated, changes(app, seated)[-1].id)
        client.post(f"/matches/{match_id}/delete", data={})
        client.post(f"/matches/{match_id}/restore")
        client.post(f"/matches/{match_id}/delete", data={})
        app.config["CLOCK"] = lambda: datetime.now(UTC) + timedelta(days=40)
        client.post(f"/matches/{seated}/delete", data={})  # purges the first: its changes stay
        runner = app.test_cli_runner()
        assert runner.invoke(args=["backup", str(tmp_path / "b.json")]).exit_code == 0
        assert runner.invoke(args=["restore", str(tmp_path / "b.json")]).exit_code == 0
    assert len(changes(app)) > 15
    assert seen == []


def test_the_phone_is_asked_its_name_once_and_can_change_it(app, client):
    match_id = start_match(client, THREE)
    board = client.get(f"/matches/{match_id}").text
    assert "Which phone is this?" in board
    assert "Which phone is this?" not in app.test_client().get(f"/matches/{match_id}").text  # watchers are not asked
    back = f"/matches/{match_id}"
    empty = client.post("/device/name", data={"device-name": "  ", "device-back": back, "action": "save"})
    assert empty.status_code == 303 and empty.headers["Location"] == back
    assert "Type a name for this phone" in client.get(back).text
    long = client.post("/device/name", data={"device-name": "x" * 31, "device-back": back, "action": "save"})
    assert long.status_code == 303
    assert "longer than 30 characters" in client.get(back).text
    response = client.post("/device/name", data={"device-name": "  Ann's   phone ", "device-back": back,
                                                  "action": "save"})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Max-Age=" in cookie
    assert "Which phone is this?" not in client.get(back).text
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert changes(app, match_id)[-1].device == "Ann's phone"
    # Changeable later, from the history of changes; never sent off this site.
    page = client.get(f"/matches/{match_id}/changes").text
    assert 'value="Ann&#39;s phone"' in page
    elsewhere = client.post("/device/name", data={"device-name": "Bob's", "device-back": "//evil.example/",
                                                   "action": "save"})
    assert elsewhere.headers["Location"] == "/"


def test_not_now_stops_the_question_without_naming_the_phone(app, client):
    match_id = start_match(client, THREE)
    assert client.post("/device/name", data={"device-back": f"/matches/{match_id}", "action": "later"}).status_code == 303
    assert "Which phone is this?" not in client.get(f"/matches/{match_id}").text
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert changes(app, match_id)[-1].device == device.UNNAMED


def test_undo_restore_and_the_phones_name_need_the_pages_csrf_token(csrf_app, csrf_client):
    page = csrf_client.get("/matches/new").text
    data = {**match_form(THREE), "csrf_token": csrf_token(page)}
    match_id = int(csrf_client.post("/matches/new", data=data).headers["Location"].rsplit("/", 1)[1])
    form = csrf_client.get(f"/matches/{match_id}/deals/new").text
    assert csrf_client.post(f"/matches/{match_id}/deals/new", data={
        **deal_form(1, [3, 3, 3], [3, 3, 3]), "csrf_token": csrf_token(form)}).status_code == 303
    saved = changes(csrf_app, match_id)[-1]
    assert undo(csrf_client, match_id, saved.id).status_code == 400  # no token: nothing undone
    assert len(stored_deals(csrf_app, match_id)) == 1
    ask = csrf_client.get(f"/matches/{match_id}/changes/{saved.id}/undo").text  # what it will do, then the button
    version = re.search(r'name="version"[^>]*value="(\d+)"', ask)
    assert version is not None
    assert csrf_client.post(f"/matches/{match_id}/changes/{saved.id}/undo",
                            data={"csrf_token": csrf_token(ask), "version": version.group(1)}).status_code == 303
    assert stored_deals(csrf_app, match_id) == []
    ask = csrf_client.get(f"/matches/{match_id}/delete").text
    assert csrf_client.post(f"/matches/{match_id}/delete", data={"csrf_token": csrf_token(ask)}).status_code == 302
    assert csrf_client.post(f"/matches/{match_id}/restore").status_code == 400
    listed = csrf_client.get("/deleted").text
    assert csrf_client.post(f"/matches/{match_id}/restore", data={"csrf_token": csrf_token(listed)}).status_code == 303
    assert csrf_client.post("/device/name", data={"device-name": "Ann's phone", "action": "save"}).status_code == 400
    assert "Set-Cookie" not in csrf_client.post("/device/name", data={"device-name": "x"}).headers


def test_an_undo_that_deletes_a_match_needs_what_a_deletion_needs(app, client, played):
    """The site manager (the server machine) may delete any match without taking it over (issue
    26), so it may undo a restore, which deletes; a phone that only watches may do neither."""
    manager = app.test_client()  # the server machine, without the keeper's cookie
    watcher = app.test_client()
    watcher.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    assert client.post(f"/matches/{played}/delete", data={}).status_code == 302
    assert manager.post(f"/matches/{played}/restore").status_code == 303
    restore = changes(app, played)[-1]
    assert restore.after == {"deleted": False}
    assert watcher.post(f"/matches/{played}/delete", data={}).status_code == 403
    assert ">Undo<" not in watcher.get(f"/matches/{played}/changes").text
    assert undo(watcher, played, restore.id).status_code == 403
    assert client.get(f"/matches/{played}").status_code == 200  # not deleted
    assert ">Undo<" in manager.get(f"/matches/{played}/changes").text
    assert undo(manager, played, restore.id).status_code == 303
    assert client.get(f"/matches/{played}").status_code == 404  # the manager's undo deleted it


@pytest.mark.parametrize("forged", [
    "Ann\u202e's phone",         # a right-to-left override: would show as another phone's name
    "Ann\x00phone",              # NUL: PostgreSQL refuses it
    "x" * 31,                    # longer than the form allows
    "\u200b",                    # shows nothing
])
def test_a_phone_name_cookie_that_breaks_the_forms_rules_counts_as_no_name(app, client, forged):
    """The cookie is the phone's to write: what it says is held to the form's rules before it
    reaches the change history or the scorekeepers' list."""
    match_id = start_match(client, THREE)
    client.set_cookie(device.COOKIE, forged)
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert changes(app, match_id)[-1].device == device.UNNAMED
    assert "Which phone is this?" in client.get(f"/matches/{match_id}").text  # asked again, as an unnamed phone


def test_a_phone_name_cookie_is_stored_as_the_form_would_store_it(app, client):
    match_id = start_match(client, THREE)
    client.set_cookie(device.COOKIE, "  Ann's   phone ")
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert changes(app, match_id)[-1].device == "Ann's phone"


def test_the_history_says_premiums_the_turned_card_and_bid_cards_as_the_app_shows_them(app, client):
    """Issue 22: the history left out declarations, revelations and the turned card, and wrote
    bid cards as "D S C" where the rest of the app shows suits."""
    match_id = start_match(client, THREE, "classic")
    assert post_deal(client, match_id, 1, ["D S C", 3, 3], [3, 3, 3], {1: "declare"}, turn_up="7H").status_code == 303
    assert client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(
        1, ["D S C", 3, 3], [3, 3, 3], {1: "reveal"}, turn_up="8H")).status_code == 303
    page = html.unescape(re.sub(r"<[^>]+>", "", client.get(f"/matches/{match_id}/changes").text))
    assert "Deal 1 recorded: Ann bid ♦ ♠ ♣, took 3; Bob bid 3, took 3; Cy bid 3, took 3; Bob declared; turned card 7♥" in page
    assert "Deal 1 edited: Bob's premium declared → revealed, turned card 7♥ → 8♥" in page
    assert "D S C" not in page


def test_the_message_that_says_it_was_done_carries_its_undo(app, client):
    """Issue 22: "Deal 7 saved." offered no Undo, and "match deleted" named Recently deleted without
    a link. The undo of what was just done is beside the words that say it was done."""
    match_id = start_match(client, THREE)
    saved = post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3])
    board = client.get(saved.headers["Location"]).text
    change = changes(app, match_id)[-1]
    back = f"?next=/matches/{match_id}"  # the undo comes back to the scoreboard it was offered on
    assert re.search(r'<div class="flash"[^>]*>.*Deal 1 saved\. <a class="flash-undo" href="/matches/'
                     rf'{match_id}/changes/{change.id}/undo{re.escape(back)}">Undo</a>', board, re.S)
    edited = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3]))
    board = client.get(edited.headers["Location"]).text
    assert f'href="/matches/{match_id}/changes/{changes(app, match_id)[-1].id}/undo{back}">Undo</a>' in board
    gone = client.post(f"/matches/{match_id}/deals/1/delete")
    board = client.get(gone.headers["Location"]).text
    undo = f"/matches/{match_id}/changes/{changes(app, match_id)[-1].id}/undo{back}"
    assert re.search(rf'Deal 1 was deleted\. <a class="flash-undo" href="{re.escape(undo)}">Undo</a>', board)
    assert "Deal 1 will come back" in client.get(undo).text  # the undo's page says what it will do first
    deleted = client.post(f"/matches/{match_id}/delete")
    landing = client.get(deleted.headers["Location"]).text
    assert 'The match was deleted.' in landing and '<a class="flash-undo" href="/deleted">Undo</a>' in landing


def test_the_last_deal_is_deleted_from_the_tables_top_row(client):
    """Issue 22: "Delete deal 7…" sat below the whole table, although deal 7 is its top row."""
    match_id = start_match(client, THREE)
    for number in (1, 2):
        assert post_deal(client, match_id, number, [3, 3, 3], [3, 3, 3]).status_code == 303
    board = client.get(f"/matches/{match_id}").text
    links = re.findall(r'<tbody id="deal-(\d+)">(?:(?!</tbody>).)*?aria-label="Delete deal (\d+)…"', board, re.S)
    assert links == [("2", "2")] and board.count('aria-label="Delete deal') == 1
    assert board.index('id="deal-2"') < board.index('id="deal-1"')  # the top row


def test_an_undo_without_a_version_is_refused(app, client):
    """An undo must say which version of the match it was confirmed at: without it, the out-of-date
    check could not be made, so nothing is undone (the probe of issue 27)."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    saved = changes(app, match_id)[-1]
    refused = client.post(f"/matches/{match_id}/changes/{saved.id}/undo", data={})
    assert refused.status_code == 400 and "did not say which version" in html.unescape(refused.text)
    assert len(stored_deals(app, match_id)) == 1  # still there
    assert undo(client, match_id, saved.id).status_code == 303
    assert stored_deals(app, match_id) == []


def version_of(app: Flask, match_id: int) -> str:
    with app.app_context():
        return str(db.session.scalar(select(Match.version).where(Match.id == match_id)))


def test_an_undo_ends_where_it_started(app, client):
    """Issue 29: the undo asked, then landed on the history of changes, one more tap from the
    scoreboard it started on. From the scoreboard's message it ends there; from the history,
    there; and the deletion of a deal alike."""
    match_id = start_match(client, THREE)
    board = f"/matches/{match_id}"
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    saved = changes(app, match_id)[-1]
    asked = client.get(f"{board}/changes/{saved.id}/undo?next=%2Fmatches%2F{match_id}").text
    assert f'href="{board}">Leave it as it is</a>' in asked
    # The confirmation's form has no action: it posts to its own address, ?next= and all.
    done = client.post(f"{board}/changes/{saved.id}/undo?next={board}", data={"version": version_of(app, match_id)})
    assert done.status_code == 303 and done.headers["Location"] == board
    assert "Undone: Deal 1 recorded" in client.get(board).text
    # A deal deleted, and its undo from the message on the scoreboard.
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert client.post(f"{board}/deals/1/delete").status_code == 303
    deleted = changes(app, match_id)[-1]
    done = client.post(f"{board}/changes/{deleted.id}/undo?next={board}", data={"version": version_of(app, match_id)})
    assert done.headers["Location"] == board
    # From the history of changes, back to it.
    latest = changes(app, match_id)[-1]
    done = client.post(f"{board}/changes/{latest.id}/undo?next={board}/changes",
                       data={"version": version_of(app, match_id)})
    assert done.headers["Location"] == f"{board}/changes"


@pytest.mark.parametrize("elsewhere", ["https://example.org/", "//example.org/x", "/matches/{other}",
                                       "/matches/{match}/changes/../../{other}", "/stats/", "javascript:alert(1)"])
def test_an_undo_never_sends_the_phone_anywhere_else(app, client, elsewhere):
    match_id = start_match(client, THREE)
    other = start_match(client, ["Dee", "Eve", "Flo"])
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    saved = changes(app, match_id)[-1]
    target = elsewhere.format(match=match_id, other=other)
    asked = client.get(f"/matches/{match_id}/changes/{saved.id}/undo", query_string={"next": target}).text
    assert f'href="/matches/{match_id}/changes">Leave it as it is</a>' in asked
    done = client.post(f"/matches/{match_id}/changes/{saved.id}/undo", query_string={"next": target},
                       data={"version": version_of(app, match_id)})
    assert done.status_code == 303 and done.headers["Location"] == f"/matches/{match_id}/changes"
