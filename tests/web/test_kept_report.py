"""The watchers' boards say when the scorekeeper's phone holds deals not sent yet, and only what
that phone told the server (issue 35, item 5: ``POST /matches/<id>/kept``, writes/kept.py)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import csrf_token, match_form, phone, post_deal, start_match, stored_match

LINE = re.compile(r"The scorekeeper’s phone has (\d+) deals? not sent yet \(since \d\d:\d\d\)\.")


def watcher_line(watcher: FlaskClient, match_id: int) -> str | None:
    found = LINE.search(watcher.get(f"/matches/{match_id}").text)
    return found.group(0) if found else None


def tag_of(client: FlaskClient, match_id: int) -> str:
    return client.get(f"/matches/{match_id}/version").headers["ETag"]


@pytest.fixture
def table(app: Flask, client: FlaskClient) -> tuple[int, FlaskClient]:
    """A match whose scorekeeper is ``client``, one deal saved; and a watcher's phone."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, 3, 2], [4, 3, 2]).status_code == 303
    return match_id, phone(app, "192.168.1.20")


def test_the_watchers_board_says_what_the_scorekeepers_phone_told_and_follows_it(client, table):
    match_id, watcher = table
    assert watcher_line(watcher, match_id) is None  # nothing told: nothing said
    before = tag_of(watcher, match_id)

    assert client.post(f"/matches/{match_id}/kept", data={"count": "2"}).status_code == 204
    assert watcher_line(watcher, match_id).startswith("The scorekeeper’s phone has 2 deals not sent yet")
    moved = tag_of(watcher, match_id)
    assert moved != before  # the watchers' boards are read again
    assert LINE.search(client.get(f"/matches/{match_id}").text) is None  # the scorekeeper's phone knows already

    assert client.post(f"/matches/{match_id}/kept", data={"count": "2"}).status_code == 204
    assert tag_of(watcher, match_id) == moved  # the same number again moves nothing

    assert client.post(f"/matches/{match_id}/kept", data={"count": "1"}).status_code == 204
    assert watcher_line(watcher, match_id).startswith("The scorekeeper’s phone has 1 deal not sent yet")
    assert client.post(f"/matches/{match_id}/kept", data={"count": "0"}).status_code == 204
    assert watcher_line(watcher, match_id) is None


def test_the_line_is_in_german_on_a_german_phone(client, table):
    match_id, watcher = table
    client.post(f"/matches/{match_id}/kept", data={"count": "3"})
    watcher.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    assert re.search(r"Das Handy des Schreibers hat 3 Runden noch nicht gesendet \(seit \d\d:\d\d\)\.",
                     watcher.get(f"/matches/{match_id}").text)


@pytest.mark.parametrize("count", ["-1", "1000", "two", "2.5", ""])
def test_a_number_no_phone_sends_is_refused_and_nothing_is_written(app, client, table, count):
    match_id, _ = table
    answer = client.post(f"/matches/{match_id}/kept", data={"count": count})
    assert answer.status_code == 400
    assert "whole number from 0 to 999" in answer.text
    assert stored_match(app, match_id).kept_on_phone == 0


def test_only_the_scorekeepers_phone_may_say_it(app, client, table):
    match_id, watcher = table
    assert watcher.post(f"/matches/{match_id}/kept", data={"count": "5"}).status_code == 403
    assert stored_match(app, match_id).kept_on_phone == 0
    assert watcher_line(watcher, match_id) is None


def test_a_deleted_match_takes_nothing(app, client, table):
    match_id, _ = table
    client.post(f"/matches/{match_id}/delete")
    assert client.post(f"/matches/{match_id}/kept", data={"count": "1"}).status_code == 404


def test_the_report_needs_the_pages_token(csrf_app, csrf_client):
    """As every form: a report without the deal form's CSRF token writes nothing (kept-saves.js
    sends the token its kept save was made with)."""
    token = csrf_token(csrf_client.get("/matches/new").text)
    started = csrf_client.post("/matches/new", data={**match_form(["Ann", "Bob", "Cy"]), "csrf_token": token})
    match_id = int(started.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    for forged in ({}, {"csrf_token": "forged-token"}):
        assert csrf_client.post(f"/matches/{match_id}/kept", data={"count": "1", **forged}).status_code == 400
    assert stored_match(csrf_app, match_id).kept_on_phone == 0
    token = csrf_token(csrf_client.get(f"/matches/{match_id}/deals/new").text)
    assert csrf_client.post(f"/matches/{match_id}/kept", data={"count": "1", "csrf_token": token}).status_code == 204
    assert stored_match(csrf_app, match_id).kept_on_phone == 1
