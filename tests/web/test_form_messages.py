"""The new-match and import forms: every problem told at once, each beside its field, in a
player's words (seats from 1, no document field names, long names shortened)."""

from __future__ import annotations

import io
import json
import random
import re
import zipfile

from webhelpers import match_form

from scorer.core.samples import random_document
from scorer.web.presentation.import_words import in_words

LONG = "Bartholomew-Maximilian Featherstonehaugh"  # 40 letters
assert len(LONG) == 40


def beside(page: str, field_id: str) -> str:
    """The message shown under one field ("" if none)."""
    found = re.search(rf'class="field-error" id="{field_id}-error">(.*?)</div>', page, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)).strip() if found else ""


def test_every_duplicate_name_is_told_beside_its_own_box(client):
    page = client.post("/matches/new", data=match_form(["Ann", "Bob", "ann", "bob", "Cy"], "five")).text
    assert beside(page, "players-0") == "" and beside(page, "players-1") == ""
    assert beside(page, "players-2") == "ann is already Player 1: each player needs a different name."
    assert beside(page, "players-3") == "bob is already Player 2: each player needs a different name."
    assert beside(page, "players-4") == ""
    assert beside(page, "players") == "Each player needs a different name."


def test_a_duplicate_after_an_empty_box_names_the_right_boxes(client):
    page = client.post("/matches/new", data=match_form(["Ann", "", "Bob", "ANN"], "four-solo")).text
    assert beside(page, "players-1") == "" and beside(page, "players-2") == ""
    assert beside(page, "players-3") == "ANN is already Player 1: each player needs a different name."


def test_a_long_name_is_shortened_in_its_message(client):
    page = client.post("/matches/new", data=match_form([LONG, "Bob", LONG.upper()])).text
    message = beside(page, "players-2")
    assert message.startswith("BARTHOLOMEW-MAXIMIL… is already Player 1"), message
    assert LONG.upper() not in message


def test_name_problems_and_option_problems_come_together(client):
    page = client.post("/matches/new", data=match_form(["Ann", "ann", "Cy"], match="deals", deals="0")).text
    assert "already Player 1" in beside(page, "players-1")
    assert beside(page, "deals")  # the count's own message, in the same answer


def test_if_playing_only_beside_seats_the_ruleset_can_do_without(client):
    def optional_seats(page: str) -> list[int]:
        return [int(n) for n in re.findall(r'<label for="players-(\d)">Player \d <span class="optional">\(if playing\)', page)]
    # Three players by default (jokerless): the third is needed, the fourth and fifth are not.
    assert optional_seats(client.get("/matches/new").text) == [3, 4]
    # Asked for five (refused for another reason): none is optional.
    page = client.post("/matches/new", data=match_form(["Ann"], "five")).text
    assert optional_seats(page) == []
    assert page.count("(if playing)") == 3  # still there for the script, hidden


def upload(client, body: str | bytes, filename: str = "m.json"):
    data = body.encode() if isinstance(body, str) else body
    return client.post("/import", data={"file": (io.BytesIO(data), filename)}, content_type="multipart/form-data")


def import_errors(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", line) for line in re.findall(r'<p class="import-error">(.*?)</p>', page, re.S)]


def sample(seed: int = 1) -> dict:
    return random_document(random.Random(seed), "jokerless", max_deals=4, unfinished=0)


def test_import_names_the_first_dealer_and_counts_seats_from_1(client):
    page = upload(client, json.dumps({**sample(), "first_dealer": 5})).text
    assert import_errors(page) == ["The first dealer must be player 1 to 3, not 6. Nothing was imported."]
    assert "first_dealer" not in page and "seat" not in import_errors(page)[0]


def test_import_counts_a_premium_seat_from_1(client):
    document = sample()
    document["deals"][0]["premiums"] = [{"seat": 7, "kind": "declare"}]
    (line,) = import_errors(upload(client, json.dumps(document)).text)
    assert line.startswith("Deal 1: player 8 does not exist (1 to 3)"), line


def test_import_shortens_a_long_name(client):
    document = {**sample(), "players": [LONG, "Bob", LONG]}
    (line,) = import_errors(upload(client, json.dumps(document)).text)
    assert "Bartholomew-Maximil…" in line and LONG not in line


def test_import_lists_every_bad_match_at_once(client):
    good, first_bad, second_bad = sample(1), {**sample(2), "first_dealer": 9}, sample(3)
    second_bad["deals"][1]["tricks"] = [0, 0, 8]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, document in (("a.json", good), ("b.json", first_bad), ("c.json", second_bad)):
            archive.writestr(name, json.dumps(document))
    lines = import_errors(upload(client, buffer.getvalue(), "all.zip").text)
    assert lines[0] == "2 of 3 matches cannot be imported."
    assert lines[1].startswith("b.json") and "The first dealer must be player 1 to 3, not 10" in lines[1]
    assert lines[2].startswith("c.json") and "Deal 2: tricks add up to 8" in lines[2]
    assert lines[-1].endswith("Nothing was imported.")


def test_in_words_leaves_plain_messages_alone_but_capitalised():
    assert in_words("deal 3: Ann's tricks must be a whole number from 0 to 9, not -1", {}) == \
        "Deal 3: Ann's tricks must be a whole number from 0 to 9, not -1"
    assert in_words("options.games_to_win: must be a whole number from 1 to 20, not 0", {}) == \
        "The games to win must be a whole number from 1 to 20, not 0"
