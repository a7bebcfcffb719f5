"""Before an undo is done, a page says what it will change, as an edit's preview does (issue 21:
undoing an old deletion brought back the old figures without a word). The page writes nothing, and
its button carries the match's version: an undo confirmed on a page another phone has made out of
date is refused and shown again as it is now."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient
from test_changes import THREE, changes
from webhelpers import deal_form, post_deal, post_undo, start_match, stored_deals, stored_match

from scorer.web.data.models import Change
from scorer.web.extensions import db


def confirm_page(client: FlaskClient, match_id: int, change: Change) -> str:
    page = client.get(f"/matches/{match_id}/changes/{change.id}/undo")
    assert page.status_code == 200
    return html.unescape(re.sub(r"<[^>]+>", " ", page.text))


def version_on(client: FlaskClient, match_id: int, change: Change) -> str:
    found = re.search(r'name="version" type="hidden" value="(\d+)"', client.get(
        f"/matches/{match_id}/changes/{change.id}/undo").text)
    assert found
    return found.group(1)


def test_undoing_an_edit_says_the_figures_and_what_else_changes_and_writes_nothing(app: Flask, client: FlaskClient):
    match_id = start_match(client, THREE)
    for number, (bids, tricks) in enumerate([([3, 3, 3], [3, 3, 3]), ([4, 2, 3], [4, 2, 3])], start=1):
        assert post_deal(client, match_id, number, bids, tricks).status_code == 303
    # Deal 1 edited: Ann took 4, Bob 2 (both missed); deal 2's trump follows deal 1's successes.
    assert client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3])).status_code == 303
    edit = changes(app, match_id)[-1]
    before = (stored_deals(app, match_id), stored_match(app, match_id).version)
    shown = confirm_page(client, match_id, edit)
    assert "Deal 1 will go back to its earlier figures: Ann's tricks 4 → 3, Bob's tricks 2 → 3." in shown
    assert "And so:" in shown and "Deal 2" in shown.split("And so:")[1]  # the later trump, as an edit's preview says
    assert "Undo it" in shown and "Leave it as it is" in shown
    assert (stored_deals(app, match_id), stored_match(app, match_id).version) == before  # the page wrote nothing


def test_an_old_deletion_says_which_figures_come_back(app: Flask, client: FlaskClient):
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert client.post(f"/matches/{match_id}/deals/1/delete").status_code in (302, 303)
    deletion = changes(app, match_id)[-1]
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303  # recorded again, other figures
    again = changes(app, match_id)[-1]
    # The deletion cannot be undone while deal 1 holds other figures: the page says what to undo first.
    refused = client.get(f"/matches/{match_id}/changes/{deletion.id}/undo")
    assert refused.status_code == 409 and "Undo the later change first" in html.unescape(refused.text)
    assert post_undo(client, match_id, again.id).status_code == 303
    shown = confirm_page(client, match_id, deletion)
    assert "Deal 1 will come back: Ann bid 4, took 4; Bob bid 1, took 2; Cy bid 2, took 3." in shown


def test_a_confirmation_made_out_of_date_by_another_phone_undoes_nothing(app: Flask, client: FlaskClient):
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [3, 3, 3], [4, 2, 3])).status_code == 303
    edit = changes(app, match_id)[-1]
    seen = version_on(client, match_id, edit)
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303  # meanwhile, another save
    answer = client.post(f"/matches/{match_id}/changes/{edit.id}/undo", data={"version": seen})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/changes/{edit.id}/undo")
    assert stored_deals(app, match_id)[0]["tricks"] == [4, 2, 3]  # not undone
    again = client.get(answer.headers["Location"]).text
    assert "changed from another phone after you looked" in html.unescape(again)
    assert client.post(f"/matches/{match_id}/changes/{edit.id}/undo",
                       data={"version": version_on(client, match_id, edit)}).status_code == 303
    assert stored_deals(app, match_id)[0]["tricks"] == [3, 3, 3]
    with app.app_context():
        assert db.session.get(Change, edit.id) is not None
