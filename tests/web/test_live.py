"""The live scoreboard's version endpoint (scorer/web/data/live.py): an ETag that moves with every
save, edit and delete, 304 while it has not, 404 once the match is gone, one SELECT and no write."""

from __future__ import annotations

import json
import re

import pytest
from cardhelpers import app_match, dealt, take_seat
from sqlalchemy import event
from webhelpers import post_deal, start_match

from scorer.web.extensions import db

THREE = ["Ann", "Bob", "Cy"]


@pytest.fixture
def match_id(client) -> int:
    return start_match(client, THREE)


def poll(client, match_id: int, etag: str | None = None):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(f"/matches/{match_id}/version", headers=headers)


def test_the_version_comes_with_an_etag_and_no_cache(client, match_id):
    response = poll(client, match_id)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    assert re.fullmatch(r'"0-[0-9a-f]{8}"', response.headers["ETag"])
    assert json.loads(response.text) == {"version": 0, "deals": 0}
    assert len(response.data) < 40  # tiny


def test_an_unchanged_match_answers_304_with_no_body(client, match_id):
    etag = poll(client, match_id).headers["ETag"]
    again = poll(client, match_id, etag)
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == "no-cache"
    assert poll(client, match_id, '"0-00000000"').status_code == 200  # a tag from elsewhere


def test_the_version_moves_on_save_edit_and_delete(client, match_id):
    seen = [poll(client, match_id).headers["ETag"]]

    def moved(expected_deals: int) -> None:
        answer = poll(client, match_id, seen[-1])
        assert answer.status_code == 200, "the tag did not move"
        assert json.loads(answer.text)["deals"] == expected_deals
        assert answer.headers["ETag"] not in seen
        seen.append(answer.headers["ETag"])

    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    moved(1)
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
    moved(2)
    edit = {"number": "1", "version": "", **{f"seats-{s}-{k}": v for s, (b, t) in enumerate([(4, 4), (2, 2), (3, 3)])
                                              for k, v in (("bid", str(b)), ("tricks", str(t)), ("offer", ""))}}
    assert client.post(f"/matches/{match_id}/deals/1/edit", data=edit).status_code == 303
    moved(2)
    assert client.post(f"/matches/{match_id}/deals/2/delete", data={"version": ""}).status_code == 303
    moved(1)
    assert json.loads(poll(client, match_id).text)["version"] == 4


def test_a_refused_save_does_not_move_the_tag(client, match_id):
    etag = poll(client, match_id).headers["ETag"]
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 4, 4]).status_code == 422  # tricks do not add up
    assert poll(client, match_id, etag).status_code == 304


def test_a_deleted_match_answers_404(client, match_id):
    etag = poll(client, match_id).headers["ETag"]
    assert client.post(f"/matches/{match_id}/delete").status_code == 302
    gone = poll(client, match_id, etag)
    assert gone.status_code == 404
    assert "deleted" in gone.text
    assert poll(client, 987654).status_code == 404


def test_the_poll_is_one_select_and_writes_nothing(app, client, match_id):
    statements: list[str] = []
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    etag = poll(client, match_id).headers["ETag"]
    poll(client, match_id, etag)
    assert len(statements) == 2
    assert all(s.lstrip().upper().startswith("SELECT") for s in statements)
    assert all("FROM matches" in s and "WHERE matches.id = " in s for s in statements)


def test_the_scoreboard_and_the_deal_form_carry_what_live_js_needs(client, match_id):
    etag = poll(client, match_id).headers["ETag"].strip('"')
    board = client.get(f"/matches/{match_id}").text
    assert f'data-live="/matches/{match_id}/version"' in board
    assert f'data-live-tag="{etag}"' in board  # the page's own tag: the first poll is a 304
    script = re.search(r'<script type="module" src="(/static/page-scoreboard\.en\.[0-9a-f]{8}\.js)"', board)
    assert script and "document.body.dataset.live" in client.get(script.group(1)).text  # live.js, linked in its script
    form = client.get(f"/matches/{match_id}/deals/new").text
    assert f'data-live="/matches/{match_id}/version"' in form and 'data-number="1"' in form
    script = re.search(r'<script type="module" src="(/static/page-deal-form\.en\.[0-9a-f]{8}\.js)"', form)
    assert script and "document.body.dataset.live" in client.get(script.group(1)).text  # meanwhile.js, linked in its script
    assert 'name="version" type="hidden" value="0"' in form


def test_a_seat_taken_or_handed_over_moves_the_tag_but_not_the_version(client, app):
    """The scorekeeper's board follows the seats live; an open deal form stays current."""
    match_id = app_match(client)
    client.get(f"/matches/{match_id}")
    first = poll(client, match_id)
    version = json.loads(first.text)["version"]
    assert take_seat(app.test_client(), dealt(app, match_id)["tokens"][0]).status_code == 303
    taken = poll(client, match_id, first.headers["ETag"])
    assert taken.status_code == 200 and json.loads(taken.text)["version"] == version
    assert client.post(f"/matches/{match_id}/seats/0/hand-over").status_code == 303
    handed = poll(client, match_id, taken.headers["ETag"])
    assert handed.status_code == 200 and json.loads(handed.text)["version"] == version
