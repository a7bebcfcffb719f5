"""The phone's name reaches the list of scorekeepers (issue 22: after "This phone is 'Ann's phone'"
the share screen still said "Unnamed phone (this phone)" and the invite "Unnamed phone invites
this phone…")."""

from __future__ import annotations

import html
import re

from webhelpers import start_match


def named_on_the_scoreboard(client, match_id: int, name: str):
    page = client.get(f"/matches/{match_id}").text
    form = re.search(r'<form method="post" action="([^"]+)" class="device-form">', page)
    assert form, "the scoreboard asks for the phone's name"
    assert form.group(1) == f"/matches/{match_id}/phone-name"
    return client.post(form.group(1), data={"device-name": name, "device-back": f"/matches/{match_id}",
                                            "action": "save"})


def test_a_name_given_on_the_scoreboard_goes_to_the_keepers_list_and_the_invite(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    share = html.unescape(client.get(f"/matches/{match_id}/share").text)
    assert "Unnamed phone (this phone)" in share
    answer = named_on_the_scoreboard(client, match_id, "Ann's phone")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/matches/{match_id}"
    assert "This phone is “Ann's phone”" in html.unescape(client.get(f"/matches/{match_id}").text)
    share = html.unescape(client.get(f"/matches/{match_id}/share").text)
    assert "Ann's phone (this phone)" in share and "Unnamed phone" not in share
    invite = re.search(r'href="http://localhost(/matches/\d+/join\?invite=[^"]+)"', client.get(
        f"/matches/{match_id}/share").text)
    assert invite
    other = app.test_client()
    joining = html.unescape(other.get(invite.group(1).replace("&amp;", "&")).text)
    assert "Ann's phone invites this phone to keep this match's score" in joining


def test_a_watcher_naming_itself_changes_no_keeper(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    watcher = app.test_client()
    answer = watcher.post(f"/matches/{match_id}/phone-name", data={
        "device-name": "Mallory", "device-back": f"/matches/{match_id}", "action": "save"})
    assert answer.status_code == 303
    assert "Mallory" not in html.unescape(client.get(f"/matches/{match_id}/share").text)


def test_a_name_that_breaks_the_rules_is_refused_as_on_any_page(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    answer = client.post(f"/matches/{match_id}/phone-name", data={
        "device-name": "x" * 31, "device-back": f"/matches/{match_id}", "action": "save"})
    assert answer.status_code == 303
    assert "The phone's name was not saved" in html.unescape(client.get(f"/matches/{match_id}").text)
    assert "x" * 31 not in client.get(f"/matches/{match_id}/share").text
