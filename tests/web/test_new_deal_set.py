"""The new deal set form offers what the chosen ruleset has (issue 34): each ruleset's radio carries
the core's facts (its players, its option keys), the seats and the trump choice it does not have
are drawn hidden where scripts run (deal-set-form.js takes over when the ruleset changes; the
browser test switches it), and without scripts the server refuses them with a message naming the
ruleset and what it has. Its seed is explained in plain words."""

from __future__ import annotations

import html
import re

import pytest
from cardhelpers import SET_FORM
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webhelpers import count

from scorer.core import RULESETS
from scorer.web.data.models import DealSet
from scorer.web.extensions import db

TRUMP_BOX = re.compile(r'<div class="card( later)?" data-option="trump">')


def seats_offered(page: str) -> list[int]:
    """The seats of "Who deals first" a page with scripts shows at first (1-based)."""
    segments = re.findall(r'<label class="seg( later)?" data-seat="(\d)">', page)
    return [int(seat) + 1 for later, seat in segments if not later]


def trump_offered(page: str) -> bool:
    found = TRUMP_BOX.search(page)
    assert found, "the trump choice is on the page"
    return not found.group(1)


def test_each_ruleset_carries_the_cores_facts_for_the_script(client: FlaskClient):
    page = client.get("/deal-sets/new").text
    for ruleset in RULESETS.values():
        radio = re.search(rf'<input type="radio" name="ruleset" value="{ruleset.id}"[^>]*>', page)
        assert radio, ruleset.id
        assert f'data-players="{ruleset.players}"' in radio.group(0)
        assert f'data-options="{" ".join(ruleset.option_keys)}"' in radio.group(0)


def test_a_three_player_rulesets_form_offers_no_seat_4_or_5_and_no_trump_choice(client: FlaskClient):
    page = client.get("/deal-sets/new").text  # the usual ruleset first: Jokerless, three players
    assert 'value="jokerless" checked' in page
    assert seats_offered(page) == [1, 2, 3] and not trump_offered(page)
    refused = client.post("/deal-sets/new", data={**SET_FORM, "count": "0"}).text  # Classic, as the form had it
    assert seats_offered(refused) == [1, 2, 3] and not trump_offered(refused)


@pytest.mark.parametrize("ruleset, seats, trump", [
    ("four-solo", [1, 2, 3, 4], True), ("four-partners", [1, 2, 3, 4], True),
    ("five", [1, 2, 3, 4, 5], False), ("two-dummy", [1, 2], False),
])
def test_the_form_drawn_again_offers_what_its_ruleset_has(client: FlaskClient, ruleset: str, seats: list[int], trump: bool):
    page = client.post("/deal-sets/new", data={**SET_FORM, "ruleset": ruleset, "count": "0"}).text
    assert seats_offered(page) == seats and trump_offered(page) is trump


@pytest.mark.parametrize("form, message", [
    ({"first_dealer": "3"}, "Classic has 3 players: choose seat 1 to 3."),
    ({"first_dealer": "4", "ruleset": "jokerless"}, "Jokerless has 3 players: choose seat 1 to 3."),
    ({"trump": "successes"}, "Classic has no choice of where trump comes from: only Four solo and Four partners have it."),
    ({"trump": "successes", "ruleset": "five"}, "Five has no choice of where trump comes from: only Four solo and Four partners have it."),
    ({"first_dealer": "4", "ruleset": "four-solo"}, "Four solo has 4 players: choose seat 1 to 4."),
])
def test_a_seat_or_a_trump_choice_the_ruleset_lacks_is_refused_by_name(client: FlaskClient, app: Flask, form, message):
    response = client.post("/deal-sets/new", data={**SET_FORM, **form})
    assert response.status_code == 422
    page = html.unescape(response.text)
    assert "Nothing was made yet" in page and message in page
    assert count(app, DealSet) == 0


def test_what_the_ruleset_has_is_made(client: FlaskClient, app: Flask):
    assert client.post("/deal-sets/new", data={**SET_FORM, "ruleset": "four-solo", "trump": "successes",
                                               "first_dealer": "3"}).status_code == 303
    assert client.post("/deal-sets/new", data={**SET_FORM, "ruleset": "five", "first_dealer": "4"}).status_code == 303
    # Where the script hid the trump choice it sends nothing; the page's first choice untouched means nothing either.
    without_trump = {key: value for key, value in SET_FORM.items() if key != "trump"}
    assert client.post("/deal-sets/new", data=without_trump).status_code == 303
    assert client.post("/deal-sets/new", data=SET_FORM).status_code == 303
    with app.app_context():
        made = db.session.scalars(select(DealSet).order_by(DealSet.id)).all()
        assert [(s.ruleset, s.options, s.first_dealer) for s in made] == [
            ("four-solo", {"trump": "successes"}, 3), ("five", {}, 4), ("classic", {}, 0), ("classic", {}, 0)]


def test_the_seed_is_explained_in_plain_words(client: FlaskClient):
    page = html.unescape(client.get("/deal-sets/new").text)
    assert "The seed is a number the shuffle starts from. Leave it empty and the app picks one at random." in page
    assert "no match and no other set gets them, even from the same seed." in page
    assert "secret key" not in page and "mixes it" not in page
    german = html.unescape(client.get("/deal-sets/new", headers={"Accept-Language": "de"}).text)
    assert "Bleibt das Feld leer, wählt die App eine zufällige." in german
