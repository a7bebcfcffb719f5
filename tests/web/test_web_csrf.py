"""CSRF is on for every state-changing request: a missing or forged token saves nothing."""

from __future__ import annotations

import re

import pytest
from webhelpers import count, csrf_token, deal_form, match_form

from scorer.web.data.models import Deal, Match


def start(client) -> int:
    token = csrf_token(client.get("/matches/new").text)
    response = client.post("/matches/new", data={**match_form(["Ann", "Bob", "Cy"]), "csrf_token": token})
    assert response.status_code == 302
    return int(response.headers["Location"].rsplit("/", 1)[1])


def test_forms_with_the_pages_token_work(csrf_client, csrf_app):
    match_id = start(csrf_client)
    token = csrf_token(csrf_client.get(f"/matches/{match_id}/deals/new").text)
    response = csrf_client.post(f"/matches/{match_id}/deals/new",
                                data={**deal_form(1, [4, 1, 2], [4, 2, 3]), "csrf_token": token})
    assert response.status_code == 303
    assert count(csrf_app, Deal) == 1


@pytest.mark.parametrize("token", [None, "forged-token"])
def test_new_match_without_a_good_token(csrf_client, csrf_app, token):
    csrf_client.get("/matches/new")
    data = match_form(["Ann", "Bob", "Cy"])
    if token:
        data["csrf_token"] = token
    response = csrf_client.post("/matches/new", data=data)
    assert response.status_code == 400
    assert "Please send that again" in response.text and "nothing was saved" in response.text
    assert count(csrf_app, Match) == 0


@pytest.mark.parametrize("token", [None, "forged-token"])
def test_deal_routes_without_a_good_token(csrf_client, csrf_app, token):
    match_id = start(csrf_client)
    extra = {"csrf_token": token} if token else {}
    data = {**deal_form(1, [4, 1, 2], [4, 2, 3]), **extra}
    assert csrf_client.post(f"/matches/{match_id}/deals/new", data=data).status_code == 400
    assert csrf_client.post(f"/matches/{match_id}/deals/1/preview", data=data).status_code == 400
    assert count(csrf_app, Deal) == 0
    # With a deal saved, edit and delete need the token too.
    good = csrf_token(csrf_client.get(f"/matches/{match_id}/deals/new").text)
    csrf_client.post(f"/matches/{match_id}/deals/new", data={**deal_form(1, [4, 1, 2], [4, 2, 3]), "csrf_token": good})
    edited = {**deal_form(1, [4, 2, 3], [4, 2, 3]), **extra}
    assert csrf_client.post(f"/matches/{match_id}/deals/1/edit", data=edited).status_code == 400
    assert csrf_client.post(f"/matches/{match_id}/deals/1/delete", data=extra).status_code == 400
    assert csrf_client.post(f"/matches/{match_id}/delete", data=extra).status_code == 400
    assert count(csrf_app, Deal) == 1 and count(csrf_app, Match) == 1


def test_token_from_another_session_is_refused(csrf_app):
    alice, mallory = csrf_app.test_client(), csrf_app.test_client()
    stolen = csrf_token(mallory.get("/matches/new").text)
    alice.get("/matches/new")
    response = alice.post("/matches/new", data={**match_form(["Ann", "Bob", "Cy"]), "csrf_token": stolen})
    assert response.status_code == 400
    assert count(csrf_app, Match) == 0


# The one POST route without a token: it sets only the phone's own language (docs/SECURITY.md).
# (The import is exempt from the app-wide check only to check its own token after its size limit.)
NO_TOKEN = {"site.choose_language"}


def test_every_post_route_but_the_language_switch_wants_a_token(csrf_client, csrf_app):
    start(csrf_client)
    refused, open_routes = [], []
    for rule in csrf_app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()):
            continue
        path = re.sub(r"<any\(\s*'?([\w-]+)'?[^>]*>", r"\1", rule.rule)  # an any(...) part: its first choice
        path = re.sub(r"<int:\w+>", "1", path)
        path = re.sub(r"<(?:string:)?\w+>", "x", path)
        response = csrf_client.post(path, data={"lang": "de", "next": "/"})
        own_check = rule.endpoint == "records.import_matches" and "did not come from this app" in response.text
        (refused if response.status_code == 400 or own_check else open_routes).append(rule.endpoint)
    assert sorted(open_routes) == sorted(NO_TOKEN)
    assert len(refused) >= 28  # every writing route of the app (28 today), not a few
