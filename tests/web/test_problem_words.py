"""The core's problems worded by the web (presentation/problem_words.py, issue 28): every code the
core can raise has words; in English they are exactly what the pages showed before (the core's own
line, as a form, a whole line and an import put it), for the bad documents of every ruleset; in
German no English sentence of the core is left, on the pages either."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from problemsamples import problems_of, samples
from webhelpers import deal_form, post_deal, start_match

from scorer.core import PROBLEMS, RULESETS, MatchError, Problem
from scorer.core.samples import random_document
from scorer.web.data import names
from scorer.web.data.models import Deal
from scorer.web.extensions import db
from scorer.web.presentation import import_words, problem_words

GERMAN = {"Accept-Language": "de"}
SAMPLES = list(samples())


# ---------------------------------------------------------------- what the pages showed before issue 28

def message_before(error: MatchError) -> str:
    """data/documents.message as it was: the core's line beside its field, field name dropped."""
    text = error.message
    prefix = f"{error.field}: "
    if text.startswith(prefix):
        text = text[len(prefix):]
    return text[:1].upper() + text[1:]


FIELD_WORDS_BEFORE = {
    "first_dealer": "the first dealer", "format": "the file's format", "document": "the file",
    "players": "the players", "ruleset": "the ruleset", "options": "the match options", "deals": "the deals",
    "deal": "the deal", "dealer": "the dealer", "bids": "the bids", "tricks": "the tricks",
    "premiums": "the premiums", "turn_up": "the turned card", "trump": "the trump", "seed": "the seed",
    "hands": "the hands", "cards": "how the cards are handled", "played_at": "the time it was played",
    "updated_at": "the time it was last changed", "next_deal_dealt": "whether the next deal was dealt",
    "finished_at": "the time it finished",
}
SELF_EXPLAINING_BEFORE = {"players", "ruleset", "deal", "deals", "bids", "tricks", "premiums", "turn_up", "trump", "cards"}
PREFIX = re.compile(r"^(?:deal (\d+): )?(?:([a-z_]+(?:\.[a-z_]+)?): )?")
SEAT_RANGE = re.compile(r"a seat from 0 to (\d+), not (-?\d+\b)?")
NO_SEAT = re.compile(r"\bseat (\d+) does not exist \(0 to (\d+)\)")


def in_words_before(text: str, document: Any) -> str:
    """data/import_check.in_words as it was, read off the core's English line."""
    found = PREFIX.match(text)
    assert found is not None
    deal, field, rest = found.group(1), found.group(2), text[found.end():]
    rest = SEAT_RANGE.sub(lambda m: f"player 1 to {int(m.group(1)) + 1}, not "
                                    + (str(int(m.group(2)) + 1) if m.group(2) else ""), rest)
    rest = NO_SEAT.sub(lambda m: f"player {int(m.group(1)) + 1} does not exist (1 to {int(m.group(2)) + 1})", rest)
    players = document.get("players") if isinstance(document, dict) else None
    for name in players if isinstance(players, list) else []:
        if isinstance(name, str) and len(name) > names.SHORT_NAME:
            rest = rest.replace(name, names.short(name))
    if field is not None:
        words = FIELD_WORDS_BEFORE.get(field) or (f"the {field.split('.', 1)[1].replace('_', ' ')}" if "." in field else None)
        if words is None:
            rest = f"{field}: {rest}"
        elif rest.startswith("must "):
            rest = f"{words} {rest}"
        elif field not in SELF_EXPLAINING_BEFORE:
            rest = f"{words}: {rest}"
    return f"Deal {deal}: {rest}" if deal else rest[:1].upper() + rest[1:]


def players_of(document: Any) -> list[str]:
    """The players' names as the core names them (stripped), in seat order."""
    given = document.get("players") if isinstance(document, dict) else None
    return [name.strip() for name in given if isinstance(name, str)] if isinstance(given, list) else []


def bare(error: Problem) -> str:
    """The core's line without the field's name it begins with."""
    if isinstance(error, MatchError) and error.labelled:
        return error.message[len(error.field) + 2:]
    return error.message


def assert_english_as_before(app: Flask, error: Problem, document: Any) -> None:
    players = players_of(document)
    with app.test_request_context():
        assert problem_words.problem(error, players) == bare(error)
        if isinstance(error, MatchError):
            assert problem_words.beside_field(error, players) == message_before(error)
            assert problem_words.whole(error, players) == str(error)
            if document is not None and not _float_seat(error):
                assert import_words.in_import(error, document) == in_words_before(str(error), document)


def _float_seat(error: MatchError) -> bool:
    """A first dealer given as 1.5: the import used to read "1" off it and add one ("2.5"); now it
    shows what was given, "1.5" (DECISIONS 61)."""
    return error.code == "first-dealer-out-of-range" and isinstance(error.facts["value"], float)


# ---------------------------------------------------------------- every code worded

def test_every_code_the_core_raises_is_worded_and_reached_by_the_samples():
    assert set(problem_words.WORDS) == set(PROBLEMS)
    assert {problem.code for problem, _ in SAMPLES} == set(PROBLEMS), "a code no sample reaches"


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_the_english_words_are_the_cores_line(app, index):
    error, document = SAMPLES[index]
    assert_english_as_before(app, error, document)


def test_an_import_counts_seats_from_one_and_shortens_long_names(app):
    with app.test_request_context():
        seat = next(e for e, d in SAMPLES if e.code == "premium-seat-out-of-range")
        assert import_words.in_import(seat, None) == "Deal 3: player 4 does not exist (1 to 3)"
        dealer = next(e for e, d in SAMPLES if e.code == "first-dealer-out-of-range" and e.facts["value"] == 3)
        assert import_words.in_import(dealer, None) == "The first dealer must be player 1 to 3, not 4"
        long = next((e, d) for e, d in SAMPLES if "Annabelle" in str(e))
        assert import_words.in_import(*long) == ("Deal 3: Annabelle-Marguerit…'s tricks must be a whole number from 0 to 9, "
                                                  "not -1")


# ---------------------------------------------------------------- many bad documents, every ruleset

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 15) | st.floats(-2, 14, allow_nan=False)
    | st.sampled_from(["7H", "10D", "Joker", "2C", "AS", "H", "♣", "x", "", "hearts", "no-trump", "declare", "reveal", "Ann"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["seat", "kind", "trump"]), inner, max_size=3),
    max_leaves=6)
LONG_NAMES = st.sampled_from(["Bartholomew-Maximilian Fitzgerald", "Annabelle-Marguerite von Hohenlohe", "Zoë"])
CARDS = st.sampled_from(["7H", "10D", "Joker", "2C", "9S", "AS", "KD", "QC", "6H", "12H", "5S", "3H", "H", "D", "C", "S",
                         "♣", "ZZ", "joker"])
TRUMPS = st.sampled_from(["clubs", "diamonds", "hearts", "spades", "no-trump", "NT", "stars"])
PREMIUM = st.fixed_dictionaries({"seat": st.integers(-1, 5), "kind": st.sampled_from(["declare", "reveal", "shout"])},
                                optional={"trump": TRUMPS})
# What a deal's fields plausibly hold when wrong: figures out of range, cards of another pack, ...
PLAUSIBLE = {
    "bids": st.integers(-1, 15) | st.none() | st.lists(CARDS, min_size=2, max_size=4),
    "tricks": st.integers(-1, 14),
    "premiums": st.lists(PREMIUM, max_size=3),
    "turn_up": CARDS,
    "trump": TRUMPS,
}


@st.composite
def bad_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match of any ruleset with one to three things changed, as a person writing a file
    (or the app's form, a deal at a time) might get wrong: mostly a deal's figures, cards or
    premiums, now and then the header, an option or any JSON value at all."""
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    document = random_document(random.Random(draw(st.integers(0, 2**16))), ruleset, max_deals=6, unfinished=1)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["seat"] * 6 + ["deal"] * 3 + ["any", "header", "option", "names"]))
        deals = document["deals"] if isinstance(document["deals"], list) else []
        deal = deals[-1 - draw(st.integers(0, len(deals) - 1))] if deals else None
        if where in ("seat", "deal", "any") and isinstance(deal, dict):
            key = draw(st.sampled_from(sorted(PLAUSIBLE)))
            value = draw(JSON_VALUES if where == "any" else PLAUSIBLE[key])
            if where == "seat" and key in ("bids", "tricks") and isinstance(deal.get(key), list) and deal[key]:
                deal[key][draw(st.integers(0, len(deal[key]) - 1))] = value
            elif key in ("bids", "tricks") and where != "any":
                deal[key] = [value, *deal.get(key, [])[1:]] if isinstance(deal.get(key), list) else value
            else:
                deal[key] = value
        elif where == "header":
            document[draw(st.sampled_from(["first_dealer", "players", "format", "ruleset", "deals"]))] = draw(JSON_VALUES)
        elif where == "option":
            key = draw(st.sampled_from(["match", "deals", "games_to_win", "target", "first_trump", "trump",
                                        "no_trump_play", "allow_no_trump_call", "colour", "a_b"]))
            document["options"] = {**document.get("options", {}), key: draw(JSON_VALUES)}
        elif isinstance(document["players"], list) and document["players"]:
            players = document["players"]
            players[draw(st.integers(0, len(players) - 1))] = draw(LONG_NAMES)
    return document


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(document=bad_documents())
def test_many_bad_documents_of_every_ruleset_read_as_before_in_english(app, document):
    for error in problems_of(document):
        assert_english_as_before(app, error, copy.deepcopy(document))


# ---------------------------------------------------------------- German: no English of the core

@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_the_german_words_leave_no_english_sentence_of_the_core(app, index):
    error, document = SAMPLES[index]
    players = players_of(document)
    with app.test_request_context(headers=GERMAN):
        german = problem_words.problem(error, players)
        beside = problem_words.beside_field(error, players)
        imported = import_words.in_import(error, document) if isinstance(error, MatchError) else german
    english = bare(error)
    assert german != english and english not in beside and english not in imported
    assert not re.search(r"\b(the|is|must|not|of|and|to|bid|tricks?|deal)\b", german), german


def german_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def test_a_deal_refused_for_its_tricks_is_told_in_german(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    refused = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [3, 3, 2], [3, 3, 2]), headers=GERMAN,
                          follow_redirects=True)  # the form comes back by a GET (play/refused.py)
    assert refused.status_code == 422
    assert "Die Stiche ergeben zusammen 8, eine Runde dieser Variante hat 9" in refused.text
    assert "add up to" not in refused.text
    english = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [3, 3, 2], [3, 3, 2]), follow_redirects=True)
    assert "Tricks add up to 8, a deal of this ruleset has 9" in english.text


def test_a_bid_out_of_range_and_a_bad_preview_are_told_in_german(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "long")
    preview = client.post(f"/matches/{match_id}/deals/1/preview", data=deal_form(1, [4, 14, 5], [4, 4, 4]), headers=GERMAN)
    words = german_text(preview.text)
    assert "Bob hat 14 geboten, das geht nicht (0-9, oder 10-13 für 0-3)" in words
    assert "Die Stiche ergeben zusammen 12, eine Runde dieser Variante hat 13" in words
    assert "out of range" not in words and "add up to" not in words


def test_an_unscorable_match_names_its_problem_in_german(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    with app.app_context():
        deal = db.session.query(Deal).filter_by(match_id=match_id).one()
        deal.tricks = [4, 2, 2]
        db.session.commit()
    page = client.get(f"/matches/{match_id}", headers=GERMAN)
    assert page.status_code == 500
    assert "Runde 1: die Stiche ergeben zusammen 8, eine Runde dieser Variante hat 9" in page.text
    assert "tricks add up" not in page.text


def test_an_import_the_core_refuses_is_told_in_german(client):
    document = problems_samples_document()
    data = {"file": (io.BytesIO(json.dumps(document).encode()), "m.json")}
    page = client.post("/import", data=data, headers=GERMAN, content_type="multipart/form-data")
    assert page.status_code == 422
    words = german_text(page.text)
    assert "Runde 3: Bob: Die Stiche müssen eine ganze Zahl von 0 bis 9 sein, nicht '3'" in words
    assert "must be a whole number" not in words
    data = {"file": (io.BytesIO(json.dumps(document).encode()), "m.json")}
    english = german_text(client.post("/import", data=data, content_type="multipart/form-data").text)
    assert "Deal 3: Bob's tricks must be a whole number from 0 to 9, not '3'." in english


def problems_samples_document() -> dict[str, Any]:
    from test_errors import make_doc
    return make_doc("classic", {"tricks": [3, "3", 3]})


def test_an_undo_that_would_break_a_rule_is_told_in_german(client, app):
    """The undo's page words the core's refusal (writes.undo.BreaksRule). No undo the app records
    breaks a rule, so the recorded change is made to say deal 1 was once a deal of 8 tricks."""
    from scorer.web.data.models import Change
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    with app.app_context():
        change = db.session.query(Change).filter_by(match_id=match_id, kind="deal").one()
        change.before = {"bids": [3, 3, 2], "tricks": [3, 3, 2]}
        db.session.commit()
        change_id = change.id
    page = client.get(f"/matches/{match_id}/changes/{change_id}/undo", headers=GERMAN)
    assert page.status_code == 409
    assert ("Das Rückgängigmachen würde gegen eine Regel verstoßen, deshalb wurde nichts geändert: Die Stiche ergeben "
            "zusammen 8, eine Runde dieser Variante hat 9") in page.text
    english = client.get(f"/matches/{match_id}/changes/{change_id}/undo")
    assert ("Undoing this would make the match break a rule, so nothing was changed: Tricks add up to 8, a deal of this "
            "ruleset has 9") in english.text
