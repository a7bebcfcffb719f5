"""Export (one match or all, JSON, zip, CSV) and import (an upload form): round trips, random
matches through hypothesis, and bad uploads that store nothing."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recordhelpers import add_documents, play_known_match, sample
from sqlalchemy import select
from webhelpers import count, csrf_token, post_form, start_match

from scorer.core import RULESETS, score_document
from scorer.core.samples import random_document
from scorer.web.data.models import Deal, Match, MatchResult, Player, SeatResult
from scorer.web.extensions import db


def upload(client, data: bytes | str, filename: str = "match.json", **extra):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return client.post("/import", data={"file": (io.BytesIO(data), filename), **extra},
                       content_type="multipart/form-data")


def nothing_stored(app) -> bool:
    return all(count(app, model) == 0 for model in (Match, Deal, Player, SeatResult, MatchResult))


def export_of(client, match_id: int) -> dict:
    response = client.get(f"/matches/{match_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.data)


@pytest.fixture
def other(app_factory, tmp_path):
    """A second server with a database of its own, to move matches to."""
    return app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'other.sqlite'}")


# ---------------------------------------------------------------------------- export


def test_export_one_match_as_its_document(client):
    match_id = play_known_match(client)
    response = client.get(f"/matches/{match_id}/export.json")
    assert response.mimetype == "application/json"
    assert 'attachment; filename="match-0001-' in response.headers["Content-Disposition"]
    doc = json.loads(response.data)
    assert list(doc) == ["format", "ruleset", "options", "players", "first_dealer", "deals", "played_at", "updated_at"]
    assert doc["format"] == "ninety-nine/1" and doc["ruleset"] == "jokerless"
    assert doc["options"] == {"match": "hundred", "deals": 9, "games_to_win": 3, "target": 100,
                              "no_trump_play": "normal", "first_trump": "diamonds"}
    assert doc["players"] == ["Ann", "Bob", "Cy"] and doc["first_dealer"] == 0
    assert doc["deals"][0] == {"bids": [4, 2, None], "tricks": [4, 2, 3], "premiums": [{"seat": 0, "kind": "declare"}],
                               "played_trump": "diamonds"}  # an added field: the trump it was saved at
    assert doc["played_at"].endswith("+00:00") and "scored" not in doc
    assert score_document(doc)["scored"]["deals"][2]["points"] == [1, 4, 94]  # what the CLI would say
    assert client.get("/matches/99/export.json").status_code == 404


def test_export_one_match_as_csv_for_a_spreadsheet(client):
    match_id = play_known_match(client)
    response = client.get(f"/matches/{match_id}/export.csv")
    assert response.mimetype == "text/csv" and response.data.startswith(b"\xef\xbb\xbf")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"  # once, not twice
    assert b"\r\n" in response.data
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0] == ["deal", "game", "deal_in_game", "dealer", "leader", "trump", "turn_up", "seat", "player",
                       "side", "bid_as_recorded", "bid", "tricks", "made", "premium", "points", "total"]
    assert len(rows) == 1 + 3 * 3
    assert rows[1] == ["1", "1", "1", "Ann", "Bob", "diamonds", "", "1", "Ann", "", "4", "4", "4", "yes", "declare", "54", "54"]
    assert rows[3] == ["1", "1", "1", "Ann", "Bob", "diamonds", "", "3", "Cy", "", "hidden", "", "3", "no", "", "3", "3"]
    assert rows[9][8] == "Cy" and rows[9][-2:] == ["94", "110"]


def test_csv_keeps_names_that_look_like_formulas_as_text(client, app):
    (match_id,) = add_documents(app, [{**sample(3, "jokerless", max_deals=1, unfinished=0),
                                       "players": ["=SUM(A1)", "Bob", "Cy"]}])
    rows = list(csv.reader(io.StringIO(client.get(f"/matches/{match_id}/export.csv").data.decode("utf-8-sig"))))
    assert {row[8] for row in rows[1:]} == {"'=SUM(A1)", "Bob", "Cy"}


@pytest.mark.parametrize("name", ["x;=cmd|' /C calc'!A0;y", "Ann,+1", "Bo; @SUM(1)", 'Cy;"=2+2'])
def test_csv_starts_no_formula_whether_a_spreadsheet_splits_on_commas_or_semicolons(client, app, name):
    """Issue 27's probe: the name ``x;=cmd|' /C calc'!A0;y`` became the cell ``=cmd|' /C calc'!A0``
    when a spreadsheet split the row on ';' (a ';' locale). Split on ',' or ';', no cell of a name
    starts with a formula's first character (after the spaces and quotes a spreadsheet skips)."""
    (match_id,) = add_documents(app, [{**sample(3, "jokerless", max_deals=1, unfinished=0),
                                       "players": [name, "Dee", "Eve"]}])
    text = client.get(f"/matches/{match_id}/export.csv").data.decode("utf-8-sig")
    lines = [line for line in text.splitlines()[1:] if name.split(";")[0].split(",")[0] in line]
    assert lines
    for line in lines:
        for separator in (",", ";"):
            for cell in line.split(separator):
                start = cell.lstrip(" \t\"")  # an apostrophe is what keeps a cell text
                assert start[:1] not in ("=", "+", "-", "@") or re.fullmatch(r"-?\d+", start), (separator, cell)
    rows = list(csv.reader(io.StringIO(text)))
    assert {row[8] for row in rows[1:] if row[8] not in ("Dee", "Eve")} == {name.replace(";=", ";'=").replace(",+", ",'+")
                                                                             .replace("; @", "; '@").replace(';"=', ';"\'=')}


def test_csv_of_sides_names_the_side(client, app):
    (match_id,) = add_documents(app, [sample(4, "four-partners", max_deals=1, unfinished=0)])
    rows = list(csv.reader(io.StringIO(client.get(f"/matches/{match_id}/export.csv").data.decode("utf-8-sig"))))
    assert len(rows) == 1 + 4 and all(" & " in row[9] for row in rows[1:])
    assert rows[1][15] == rows[3][15]  # seats 1 and 3 are a side: the same points


def test_export_every_match_as_zip_and_as_list(client, app):
    ids = add_documents(app, [sample(i, max_deals=4) for i in range(3)])
    archive = zipfile.ZipFile(io.BytesIO(client.get("/export/matches.zip").data))
    names = archive.namelist()
    assert len(names) == 3 and all(name.startswith("match-") and name.endswith(".json") for name in names)
    listed = json.loads(client.get("/export/matches.json").data)
    assert len(listed) == 3
    assert [doc["played_at"] for doc in listed] == sorted(doc["played_at"] for doc in listed)  # oldest first
    in_zip = {json.dumps(json.loads(archive.read(name))) for name in names}
    assert in_zip == set(map(json.dumps, listed)) == {json.dumps(export_of(client, i)) for i in ids}


# ---------------------------------------------------------------------------- round trips


def test_export_import_export_gives_the_same_document(client, app, other):
    match_id = play_known_match(client)
    first = export_of(client, match_id)
    moved = other.test_client()
    response = upload(moved, json.dumps(first))
    assert response.status_code == 303 and response.headers["Location"] == "/history/1"
    assert "Imported 1 match." in moved.get("/history/1").text
    assert export_of(moved, 1) == first
    # In history exactly as it was: same place, same figures.
    assert "Ann · Bob · Cy" in moved.get("/history/").text
    with app.app_context():
        here = [tuple(r)[1:] for r in db.session.execute(select(SeatResult.__table__))]
    with other.app_context():
        there = [tuple(r)[1:] for r in db.session.execute(select(SeatResult.__table__))]
    assert here == there


@pytest.mark.parametrize("kind", ["zip", "list"])
def test_all_matches_move_to_another_server(client, app, other, kind):
    add_documents(app, [sample(i, max_deals=5) for i in range(5)])
    start_match(client, ["Ann", "Bob", "Cy"])  # a match with no deal moves too
    body = client.get(f"/export/matches.{'zip' if kind == 'zip' else 'json'}").data
    moved = other.test_client()
    response = upload(moved, body, f"all.{kind if kind == 'zip' else 'json'}")
    assert response.status_code == 303 and response.headers["Location"] == "/history/"
    assert moved.get("/export/matches.json").json == client.get("/export/matches.json").json
    # Imported again: every match is already there, nothing doubles.
    again = upload(moved, body, "all.zip" if kind == "zip" else "all.json")
    assert "Imported 0 matches. 6 were already here" in moved.get(again.headers["Location"]).text
    assert count(other, Match) == 6


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False), ruleset=st.sampled_from(list(RULESETS)))
def test_random_valid_matches_survive_the_round_trip(client, other, rng, ruleset):
    doc = random_document(rng, ruleset, max_deals=10)
    response = upload(client, json.dumps(doc))
    assert response.status_code == 303, response.text
    first = export_of(client, int(response.headers["Location"].rsplit("/", 1)[1]))
    # What was played is kept as recorded, and scores the same as the document did.
    assert [d["bids"] for d in first["deals"]] == [d["bids"] for d in doc["deals"]]
    assert [d["tricks"] for d in first["deals"]] == [d["tricks"] for d in doc["deals"]]
    assert score_document(first)["scored"] == score_document(doc)["scored"]
    assert first["played_at"] == doc["played_at"]
    moved = other.test_client()
    response = upload(moved, json.dumps(first))
    assert response.status_code == 303, response.text
    assert export_of(moved, int(response.headers["Location"].rsplit("/", 1)[1])) == first


def test_players_are_matched_by_name_whatever_the_case(client, app):
    start_match(client, ["Ann", "Bob", "Cy"])
    doc = {**sample(7, "jokerless", max_deals=2), "players": ["ann", "BOB", "Dee"]}
    assert upload(client, json.dumps(doc)).status_code == 303
    with app.app_context():
        assert sorted(db.session.scalars(select(Player.name))) == ["Ann", "Bob", "Cy", "Dee"]


def test_a_document_from_the_command_line_imports_as_played_now(client, app):
    doc = {"ruleset": "jokerless", "players": ["Ann", "Bob", "Cy"],
           "deals": [{"bids": [4, ["D", "S", "C"], None], "tricks": [4, 2, 3], "premiums": [{"seat": 0, "kind": "declare"}]}],
           "scored": {"ignored": True}}
    response = upload(client, json.dumps(doc))
    assert response.status_code == 303
    exported = export_of(client, 1)
    assert exported["deals"] == [{**doc["deals"][0]}] and exported["options"]["match"] == "hundred"
    assert "scored" not in exported


# ---------------------------------------------------------------------------- bad uploads


def eight_deals() -> dict:
    return sample(8, "jokerless", options={"match": "deals", "deals": 9}, max_deals=8, unfinished=0)


def broken_in_deal_7() -> dict:
    doc = eight_deals()
    tricks = doc["deals"][6]["tricks"]
    seat = next(s for s, took in enumerate(tricks) if took > 0)
    tricks[seat] -= 1
    return doc


@pytest.mark.parametrize("body, filename, message", [
    (b"this is not json", "notes.json", "notes.json: not valid JSON (Expecting value at line 1 column 1)"),
    (b"\xff\xfe\x00bad", "match.json", "match.json: is not UTF-8 text, so it is not a match document"),
    (json.dumps({"format": "ninety-nine/2", "ruleset": "jokerless", "players": ["A", "B", "C"]}), "m.json",
     "format: &#39;ninety-nine/2&#39; is not &#39;ninety-nine/1&#39;"),
    (json.dumps(broken_in_deal_7()), "m.json", "Deal 7: tricks add up to 8, a deal of this ruleset has 9"),
    (json.dumps([]), "m.json", "m.json: holds no match documents (an empty list)"),
    (json.dumps(42), "m.json", "The match document must be a JSON object"),
    (json.dumps({**eight_deals(), "players": ["Ann", "Bob", "x" * 41]}), "m.json",
     f"&#39;{'x' * 19}…&#39; is longer than 40 characters"),
    (json.dumps({**eight_deals(), "players": ["Ann  Lee", "Ann Lee", "Bob"]}), "m.json",
     "&#39;Ann  Lee&#39; is named twice"),
    (json.dumps({**eight_deals(), "played_at": "last Tuesday"}), "m.json",
     "The time it was played must be a date and time such as"),
    (json.dumps([eight_deals(), broken_in_deal_7()]), "two.json",
     "two.json, match 2 of 2: Deal 7: tricks add up to 8, a deal of this ruleset has 9"),
])
def test_a_bad_upload_says_what_is_wrong_and_stores_nothing(client, app, body, filename, message):
    response = upload(client, body, filename)
    assert response.status_code == 422
    assert message in response.text
    assert "Nothing was imported." in response.text
    assert nothing_stored(app)


def test_a_rule_broken_in_deal_7_shows_the_command_line_message_in_a_players_words(client, app, tmp_path, capsys):
    from scorer.cli import main
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken_in_deal_7()))
    assert main(["score", str(path)]) == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith("deal 7: ")
    response = upload(client, path.read_bytes(), "broken.json")
    assert f'<p class="import-error">D{line[1:]}. Nothing was imported.</p>' in response.text


def test_a_bad_zip_stores_nothing(client, app):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.json", json.dumps(eight_deals()))
        archive.writestr("b.json", "{ not json")
    response = upload(client, buffer.getvalue(), "all.zip")
    assert response.status_code == 422 and "b.json: not valid JSON" in response.text
    assert nothing_stored(app)
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("readme.txt", "hello")
    assert "all.zip: holds no .json match documents" in upload(client, empty.getvalue(), "all.zip").text
    assert "is not a zip file that can be read" in upload(client, b"PK\x03\x04broken", "x.zip").text
    assert nothing_stored(app)


def test_a_huge_file_is_refused_with_a_clear_message(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, IMPORT_MAX_CONTENT_LENGTH=4096)
    response = upload(app.test_client(), b" " * 5000 + json.dumps(eight_deals()).encode())
    assert response.status_code == 413
    assert "That file is larger than 4 KB, the most an import may be. Nothing was imported." in response.text
    assert nothing_stored(app)


def test_import_allows_more_than_a_form_but_not_without_limit(client, app):
    assert app.config["MAX_CONTENT_LENGTH"] < 1024 * 1024
    docs = [sample(i, "five", max_deals=5, unfinished=0) for i in range(3)]
    body = json.dumps(docs).encode() + b" " * 70_000  # white space is JSON too
    assert len(body) > app.config["MAX_CONTENT_LENGTH"]  # larger than any form may be
    assert upload(client, body, "many.json").status_code == 303
    assert count(app, Match) == 3
    assert "up to 16 MB." in client.get("/import").text


def test_no_file_chosen(client, app):
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose a match file (.json or .zip) to import." in response.text


def test_import_page_and_csrf(csrf_client, csrf_app):
    page = csrf_client.get("/import")
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.text
    assert "No matches to export yet." in page.text
    body = json.dumps(eight_deals())
    refused = upload(csrf_client, body)
    assert refused.status_code == 422 and "This form was out of date" in refused.text
    assert nothing_stored(csrf_app)
    accepted = upload(csrf_client, body, csrf_token=csrf_token(page.text))
    assert accepted.status_code == 303 and count(csrf_app, Match) == 1


# ---------------------------------------------------------------------------- matches the app dealt


def test_a_match_the_app_dealt_moves_with_its_cards(client, app, other):
    """The hands each player held, the seeds and the cards mode survive export → import → export,
    and the moved match still refuses a bid card from another player's hand."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="7")
    for number in (1, 2):
        client.get(f"/matches/{match_id}")  # the app deals deal n when the scoreboard needs it
        assert client.post(f"/matches/{match_id}/deals/new", data={
            "number": str(number), **{f"seats-{s}-bid": "hidden" for s in range(3)},
            **{f"seats-{s}-tricks": "3" for s in range(3)}, **{f"seats-{s}-offer": "" for s in range(3)},
        }).status_code == 303
    first = export_of(client, match_id)
    assert first["cards"] == "app" and "seed" not in first  # the match seed would tell the deals to come
    assert all(len(deal["hands"]) == 3 and isinstance(deal["seed"], int) for deal in first["deals"])
    moved = other.test_client()
    assert upload(moved, json.dumps(first)).status_code == 303
    assert export_of(moved, 1) == first
    upload(moved, json.dumps(first))  # the same file again doubles nothing
    assert count(other, Match) == 1
    # Deal 1's cards came along: a bid card out of Bob's hand is refused for Ann.
    assert moved.post("/matches/1/take-over").status_code == 303  # an imported match has no scorekeeper
    stolen = first["deals"][0]["hands"][1][-1]
    edit = post_form(moved, "/matches/1/deals/1/edit", {
        "number": "1", "seats-0-bid": f"{stolen} D D", "seats-1-bid": "hidden", "seats-2-bid": "hidden",
        **{f"seats-{s}-tricks": "3" for s in range(3)}, **{f"seats-{s}-offer": "" for s in range(3)}})
    assert edit.status_code == 422 and f"bid card {stolen} is not in Ann" in edit.text


@pytest.mark.parametrize("change, message", [
    (lambda doc: doc.update(cards="magic"), "'magic' is not how this match's cards can be handled"),
    (lambda doc: doc.pop("cards"), "Deal 1: the hands: dealt cards need the match's \"cards\" mode"),
    (lambda doc: doc["deals"][0].update(seed=-1), "Deal 1: the seed must be a whole number"),
], ids=["unknown-mode", "hands-without-mode", "bad-seed"])
def test_dealt_cards_that_do_not_fit_are_refused(client, app, other, change, message):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="7")
    client.get(f"/matches/{match_id}")
    client.post(f"/matches/{match_id}/deals/new", data={
        "number": "1", **{f"seats-{s}-bid": "hidden" for s in range(3)},
        **{f"seats-{s}-tricks": "3" for s in range(3)}, **{f"seats-{s}-offer": "" for s in range(3)}})
    document = export_of(client, match_id)
    change(document)
    response = upload(other.test_client(), json.dumps(document))
    assert response.status_code == 422 and message in response.text.replace("&#34;", '"').replace("&#39;", "'")
    assert nothing_stored(other)


def test_deeply_nested_json_is_refused_not_a_crash(client, app):
    response = upload(client, "[" * 100_000 + "]" * 100_000, "nested.json")
    assert response.status_code == 422 and "nested too deeply" in response.text
    assert nothing_stored(app)


def played_trumps(app, match_id: int) -> list[str | None]:
    with app.app_context():
        return list(db.session.scalars(select(Deal.played_trump).where(Deal.match_id == match_id).order_by(Deal.number)))


def test_the_trump_each_deal_was_played_with_moves_with_the_match(client, app, other):
    """``deals.played_trump`` is kept apart from the rules' answer (an edit of an earlier deal never
    rewrites it): export writes it as an added field of each deal, the scorer ignores it, import
    stores it as written, so a moved match still shows the trump each deal was played with."""
    match_id = play_known_match(client)
    with app.app_context():
        first = db.session.scalars(select(Deal).where(Deal.match_id == match_id, Deal.number == 1)).one()
        first.played_trump = "spades" if first.played_trump != "spades" else "hearts"  # played before an edit
        db.session.commit()
    kept = played_trumps(app, match_id)
    document = export_of(client, match_id)
    assert [deal.get("played_trump") for deal in document["deals"]] == kept
    assert score_document(document)["scored"]  # the scorer's contract: an added field it accepts
    assert upload(other.test_client(), json.dumps(document)).status_code == 303
    assert played_trumps(other, 1) == kept
    document["deals"][0]["played_trump"] = "purple"
    response = upload(other.test_client(), json.dumps({**document, "played_at": "2020-01-01T00:00:00+00:00"}))
    assert response.status_code == 422 and "played_trump" in response.text and "purple" in response.text
