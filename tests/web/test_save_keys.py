"""Issue 35, item 1: every save is sent once, whatever the network does.

Each deal form (a new deal's, an edit's), a deal's deletion and an undo's confirmation carry a
one-time key made when it is drawn (``data/save_keys.py``). Sent again with its key (the answer
lost on the way back, a reload), a write answers as the first time did, the same status, address
and message, and writes nothing; two copies raced store one deal. A form without a key works as
before.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from racehelpers import Phone, at_once, deal_data, kept_match, serving, stored
from sqlalchemy import func, select
from webhelpers import count, deal_form, match_form, start_match, stored_deals, stored_match

from scorer.web.data import save_keys
from scorer.web.data.models import Change, Match, SaveKey, now_utc
from scorer.web.extensions import db

THREE = ["Ann", "Bob", "Cy"]
RACE_CONFIG = {"WTF_CSRF_ENABLED": True, "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"timeout": 30}}}


def key_in(page: str) -> str:
    found = re.search(r'name="save_key" type="hidden" value="([^"]+)"', page)
    assert found, "the form carries no one-time key"
    return found.group(1)


def version_in(page: str) -> str:
    found = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    assert found
    return found.group(1)


def answer(client, url: str, data: dict[str, Any]) -> tuple[int, str | None, list[tuple[str, str]]]:
    """A POST's answer as the phone gets it: the status, where it leads, and the messages it
    left for the page it leads to (taken, so that the next answer's are its own)."""
    response = client.post(url, data=data)
    with client.session_transaction() as session:
        flashes = session.pop("_flashes", [])
    return response.status_code, response.headers.get("Location"), [tuple(flash) for flash in flashes]


def changes_of_deal(app, match_id: int, number: int) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Change)
                                 .where(Change.match_id == match_id, Change.kind == "deal", Change.deal == number))


def played(client) -> int:
    match_id = start_match(client, THREE)
    for number in (1, 2):
        assert client.post(f"/matches/{match_id}/deals/new",
                           data=deal_form(number, [3, 3, 3], [3, 3, 3])).status_code == 303
    return match_id


def test_the_same_save_sent_twice_is_one_deal_and_the_same_answer(client, app):
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    sent = deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key)
    first = answer(client, f"/matches/{match_id}/deals/new", sent)
    version = stored_match(app, match_id).version
    again = answer(client, f"/matches/{match_id}/deals/new", sent)  # the answer was lost: a reload
    assert stored_match(app, match_id).version == version  # nothing written, the version included
    assert first[0] == 303 and first[1] == f"/matches/{match_id}#top"
    assert [message for _, message in first[2]] == ["Deal 3 saved."]
    assert again == first  # the same status, address, message and Undo
    assert len(stored_deals(app, match_id)) == 3
    assert changes_of_deal(app, match_id, 3) == 1
    assert count(app, SaveKey) == 1


@pytest.mark.slow  # a real server, as tests/web/test_races.py
def test_the_same_key_raced_from_two_threads_stores_one_deal(app_factory):
    app = app_factory(**RACE_CONFIG)
    with serving(app) as base:
        phone = Phone(base)  # one phone whose Save went out twice at once (a tap, and the browser's retry)
        for _ in range(4):
            match_id = kept_match(app, [([3, 3, 3], [3, 3, 3])], phone)
            fields = phone.hidden_fields(f"/matches/{match_id}/deals/new")
            sent = {**deal_data(fields, 2, ([4, 1, 2], [4, 2, 3])), "save_key": fields["save_key"]}
            one, two = at_once(lambda: phone.request(f"/matches/{match_id}/deals/new", sent),  # noqa: B023
                               lambda: phone.request(f"/matches/{match_id}/deals/new", sent))  # noqa: B023
            assert (one.status, one.location) == (two.status, two.location) == (303, f"/matches/{match_id}#top"), \
                (one.status, one.location, two.status, two.location)
            assert [number for number, _, _ in stored(app, match_id)] == [1, 2]
            assert changes_of_deal(app, match_id, 2) == 1
            assert "Deal 2 saved." in phone.get(f"/matches/{match_id}").text


def test_another_key_for_a_saved_deal_is_the_conflict_it_was(client, app):
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    mine = deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key)
    assert answer(client, f"/matches/{match_id}/deals/new", mine) == answer(client, f"/matches/{match_id}/deals/new", mine)
    # Another form (another key) with other figures for deal 3: the conflict, as before.
    other = client.post(f"/matches/{match_id}/deals/new", data=deal_form(3, [0, 1, 2], [0, 6, 3], save_key="another-key"),
                        follow_redirects=True)
    assert other.status_code == 409
    assert "Deal 3 has already been saved with other figures" in other.text
    # The same key with other figures (an old page changed and sent again) is no resend either.
    changed = client.post(f"/matches/{match_id}/deals/new", data=deal_form(3, [0, 1, 2], [0, 6, 3], save_key=key),
                          follow_redirects=True)
    assert changed.status_code == 409
    assert stored_deals(app, match_id)[2]["tricks"] == [4, 2, 3]
    assert count(app, SaveKey) == 1


def test_an_edit_sent_again_with_its_key_is_one_change_and_the_same_answer(client, app):
    match_id = played(client)
    page = client.get(f"/matches/{match_id}/deals/1/edit").text
    sent = deal_form(1, [4, 1, 2], [4, 2, 3], version=version_in(page), save_key=key_in(page))
    first = answer(client, f"/matches/{match_id}/deals/1/edit", sent)
    again = answer(client, f"/matches/{match_id}/deals/1/edit", sent)
    assert first[0] == 303 and first[2] and first[2][0][1].startswith("Deal 1 changed")
    assert again == first  # not "already changed to these figures"
    assert changes_of_deal(app, match_id, 1) == 2  # recorded, then changed once
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]


def test_a_deletion_sent_again_with_its_key_deletes_one_deal_and_answers_the_same(client, app):
    match_id = played(client)
    page = client.get(f"/matches/{match_id}/deals/2/delete").text
    sent = {"version": version_in(page), "save_key": key_in(page)}
    first = answer(client, f"/matches/{match_id}/deals/2/delete", sent)
    again = answer(client, f"/matches/{match_id}/deals/2/delete", sent)
    assert first[0] == 303 and [message for _, message in first[2]] == ["Deal 2 was deleted."]
    assert again == first  # not "already deleted", and the same Undo
    assert len(stored_deals(app, match_id)) == 1


def test_a_form_without_a_key_works_as_before(client, app):
    match_id = played(client)
    assert key_in(client.get(f"/matches/{match_id}/deals/new").text)  # drawn with one
    sent = deal_form(3, [4, 1, 2], [4, 2, 3])  # an old cached form, a script: no key
    first = answer(client, f"/matches/{match_id}/deals/new", sent)
    again = answer(client, f"/matches/{match_id}/deals/new", sent)
    assert first[0] == 303 and [message for _, message in first[2]] == ["Deal 3 saved."]
    assert [message for _, message in again[2]] == ["Deal 3 was already saved. It was sent twice and is recorded once."]
    assert len(stored_deals(app, match_id)) == 3
    assert count(app, SaveKey) == 0


def test_keys_older_than_a_day_are_forgotten_and_go_as_new_ones_come(client, app):
    match_id = played(client)
    now = now_utc()
    with app.app_context():
        db.session.add_all([
            SaveKey(key="old", match_id=match_id, kind="deal", deal=3, sent=save_keys.fingerprint(None), change_id=None,
                    created_at=now - save_keys.KEPT - timedelta(minutes=1)),
            SaveKey(key="recent", match_id=match_id, kind="deal", deal=1, sent="", change_id=None,
                    created_at=now - timedelta(hours=1)),
        ])
        db.session.commit()
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    assert answer(client, f"/matches/{match_id}/deals/new", deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key))[0] == 303
    with app.app_context():
        assert sorted(db.session.scalars(select(SaveKey.key))) == sorted(["recent", key])


def test_an_undo_sent_again_with_its_key_undoes_once_and_answers_the_same(client, app):
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    saved = answer(client, f"/matches/{match_id}/deals/new", deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key))
    undo = saved[2][0][0].removeprefix("undo ")  # the Undo beside "Deal 3 saved."
    page = client.get(undo).text
    sent = {"version": version_in(page), "save_key": key_in(page)}
    first = answer(client, undo, sent)
    again = answer(client, undo, sent)
    assert first[0] == 303 and first[2] and first[2][0][1].startswith("Undone:")
    assert again == first  # not "the match was changed from another phone"
    assert len(stored_deals(app, match_id)) == 2
    assert changes_of_deal(app, match_id, 3) == 2  # recorded, then undone once


def test_a_key_whose_deal_was_deleted_since_never_says_saved_for_a_deal_not_there(client, app):
    """A draft kept on the phone may put an old key back into a form: "saved" is answered again
    only while the deal is there; after its deletion the form is decided as one without a key."""
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    sent = deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key)
    assert answer(client, f"/matches/{match_id}/deals/new", sent)[0] == 303
    page = client.get(f"/matches/{match_id}/deals/3/delete").text
    assert answer(client, f"/matches/{match_id}/deals/3/delete", {"version": version_in(page)})[0] == 303
    assert len(stored_deals(app, match_id)) == 2
    again = answer(client, f"/matches/{match_id}/deals/new", sent)
    assert again[0] == 303 and [message for _, message in again[2]] == ["Deal 3 saved."]
    assert len(stored_deals(app, match_id)) == 3  # saved, as a form without a key is
    assert count(app, SaveKey) == 1


def test_a_save_sent_by_the_forms_script_is_told_where_its_answer_is(client, app):
    """The form's script (static/kept-saves.js) asks with X-Kept-Save: the redirect comes back as
    its address, the message stays in the session for the page the phone opens there, and a
    refusal's own page is told the same way."""
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    sent = client.post(f"/matches/{match_id}/deals/new", data=deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key),
                       headers={"X-Kept-Save": "1"})
    assert sent.status_code == 200 and sent.is_json and "Location" not in sent.headers
    assert sent.json == {"location": f"/matches/{match_id}#top"}
    assert "Deal 3 saved." in client.get(f"/matches/{match_id}").text  # read once, on the page opened
    assert len(stored_deals(app, match_id)) == 3
    refused = client.post(f"/matches/{match_id}/deals/new", data=deal_form(4, [4, 1, 2], [4, 2, 2]),
                          headers={"X-Kept-Save": "1"})
    assert refused.status_code == 200 and refused.json["location"].endswith(f"/matches/{match_id}/deals/new")
    drawn = client.get(refused.json["location"])
    assert drawn.status_code == 422 and 'id="error-summary"' in drawn.text  # the refused form, drawn from the session
    plain = client.post(f"/matches/{match_id}/deals/new", data=deal_form(4, [4, 1, 2], [4, 2, 3]))
    assert plain.status_code == 303  # without the header, as before


def test_a_save_answered_twice_shows_its_message_once(client, app):
    """Its answer lost, a save is sent again with its key: both answers leave "Deal 3 saved." for
    the next page, which shows it once."""
    match_id = played(client)
    key = key_in(client.get(f"/matches/{match_id}/deals/new").text)
    sent = deal_form(3, [4, 1, 2], [4, 2, 3], save_key=key)
    for _ in range(2):
        assert client.post(f"/matches/{match_id}/deals/new", data=sent).status_code == 303
    assert client.get(f"/matches/{match_id}").text.count("Deal 3 saved.") == 1


def started(client, data: dict[str, Any]) -> tuple[int, str | None, str | None]:
    """A new match's answer: its status, where it leads, and the scorekeeper's cookie it gives."""
    response = client.post("/matches/new", data=data)
    cookie = next((value.split(";")[0].split("=", 1)[1] for name, value in response.headers.items()
                   if name == "Set-Cookie" and value.startswith("ninety-nine-keeper-")), None)
    return response.status_code, response.headers.get("Location"), cookie


def test_a_new_match_sent_again_with_its_key_is_one_match_and_the_same_answer(client, app):
    key = key_in(client.get("/matches/new").text)
    sent = match_form(THREE, save_key=key)
    first = started(client, sent)
    assert first[0] == 302 and first[2]
    again = started(client, sent)  # the answer was lost on the way back: sent again
    assert again == first  # the same match, and the same scorekeeper's token
    assert count(app, Match) == 1
    # The phone whose answer was lost has no cookie yet: sent again, it gets the same token and so
    # keeps the score of the one match started.
    lost = app.test_client()
    assert started(lost, sent) == first
    match_id = int(first[1].rsplit("/", 1)[1])
    assert lost.get(f"/matches/{match_id}/deals/new").status_code == 200
    assert count(app, Match) == 1
    assert count(app, SaveKey) == 1


def test_the_same_new_match_key_with_other_names_starts_another_match(client, app):
    key = key_in(client.get("/matches/new").text)
    first = started(client, match_form(THREE, save_key=key))
    other = started(client, match_form(["Dee", "Eve", "Fay"], save_key=key))  # an old page, changed
    assert other[0] == 302 and other[1] != first[1]
    assert count(app, Match) == 2


@pytest.mark.slow  # a real server, as tests/web/test_races.py
def test_the_same_new_match_raced_from_two_threads_starts_one(app_factory):
    app = app_factory(**RACE_CONFIG)
    with serving(app) as base:
        phone = Phone(base)
        for round_ in range(4):
            fields = phone.hidden_fields("/matches/new")
            sent = {"csrf_token": fields["csrf_token"], "save_key": fields["save_key"], "ruleset": "jokerless",
                    "first_dealer": "0", "match": "usual", "trump": "turn-up",
                    "players-0": f"Ann{round_}", "players-1": "Bob", "players-2": "Cy"}
            one, two = at_once(lambda: phone.request("/matches/new", sent),  # noqa: B023
                               lambda: phone.request("/matches/new", sent))  # noqa: B023
            assert (one.status, one.location) == (two.status, two.location), (one.status, one.location, two.location)
            assert one.status == 302
        assert count(app, Match) == 4
