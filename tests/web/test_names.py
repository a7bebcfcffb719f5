"""Names: one normal form, one player per name whatever its Unicode spelling or case; invisible,
control and direction characters refused with a message naming them; lookalikes in one match
refused; the same rules in a new match, a rename, a deal set and an import."""

from __future__ import annotations

import io
import json
import re

import pytest
from recordhelpers import sample
from webhelpers import count, match_form, start_match

from scorer.web.data import names
from scorer.web.data.models import DealSet, Match, Player
from scorer.web.extensions import db

NFC, NFD = "Zo\u00eb", "Zoe\u0308"


def refused(response, *words: str) -> None:
    assert response.status_code == 422, response.status_code
    text = response.text.replace("&#39;", "'").replace("&#34;", '"')
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("bad, words", [
    ("Same\u200b", ["U+200B ZERO WIDTH SPACE"]),
    ("\u200b\u200c\u200d", ["U+200B"]),
    ("\u202eevil", ["U+202E RIGHT-TO-LEFT OVERRIDE"]),
    ("Ann\u2066", ["U+2066 LEFT-TO-RIGHT ISOLATE"]),
    ("Bell\x07", ["U+0007", "control character"]),
    ("Fill\u3164er", ["U+1160 HANGUL JUNGSEONG FILLER"]),
    ("S\u0430me", ["mixes Cyrillic and Latin letters"]),
])
def test_invisible_and_mixed_names_are_refused_naming_the_problem(app, client, bad, words):
    refused(client.post("/matches/new", data=match_form([bad, "Bob", "Cy"])), *words)
    assert count(app, Match) == 0 and count(app, Player) == 0


def test_a_nul_in_a_name_is_refused_before_any_view(app, client):
    response = client.post("/matches/new", data=match_form(["A\x00nn", "Bob", "Cy"]))
    assert response.status_code == 400 and "NUL" in response.text
    assert count(app, Player) == 0


@pytest.mark.parametrize("first, second", [
    ("Same", "\u0405\u0430m\u0435"),  # all Cyrillic but the m: mixed, refused above; here: all-Cyrillic lookalike
    ("Ann", "ANN"),
    (NFC, NFD),
])
def test_two_names_that_look_alike_or_are_one_are_refused_in_one_match(app, client, first, second):
    response = client.post("/matches/new", data=match_form([first, second, "Cy"]))
    assert response.status_code == 422
    assert count(app, Match) == 0


def test_an_all_cyrillic_lookalike_is_refused_beside_its_latin_twin(app, client):
    cyrillic = "\u0405\u0430\u0455\u0430"  # Ѕаѕа: no Latin letter in it
    assert names.clean(cyrillic) == cyrillic
    refused(client.post("/matches/new", data=match_form(["Sasa", cyrillic, "Cy"])), "looks the same as Sasa")


def test_a_name_typed_in_nfc_and_in_nfd_is_one_player(app, client):
    first = start_match(client, [NFC, "Bob", "Cy"])
    second = start_match(client, [NFD, "Bob", "Cy"])
    assert count(app, Player) == 3
    with app.app_context():
        one, two = db.session.get(Match, first), db.session.get(Match, second)
        assert one.seats[0].player_id == two.seats[0].player_id
        assert two.seats[0].player.name == NFC
    full_width = start_match(client, ["\uff22\uff2f\uff22", "Cy", "Di"])  # ＢＯＢ
    with app.app_context():
        assert db.session.get(Match, full_width).seats[0].player.name == "Bob"


def test_rename_refuses_invisible_names_and_lookalikes_of_table_mates(app, client):
    start_match(client, ["Ann", "Bob", "Cy"])
    with app.app_context():
        ann = db.session.scalar(db.select(Player).where(Player.name == "Ann"))
        ann_id = ann.id
    refused(client.post(f"/players/{ann_id}/rename", data={"name": "\u200b"}), "U+200B")
    refused(client.post(f"/players/{ann_id}/rename", data={"name": "\u0412\u043e\u0432"}), "would look the same as Bob")
    refused(client.post(f"/players/{ann_id}/rename", data={"name": "BOB"}), "already another player")
    assert client.post(f"/players/{ann_id}/rename", data={"name": "A\u0301nn"}).status_code == 303
    with app.app_context():
        assert db.session.get(Player, ann_id).name == "\u00c1nn"


def test_a_deal_set_name_is_checked_too(app, client):
    form = {"ruleset": "classic", "count": "3", "first_dealer": "0", "trump": "turn-up"}
    refused(client.post("/deal-sets/new", data={**form, "name": "Club\u202e night"}), "U+202E")
    assert count(app, DealSet) == 0
    assert client.post("/deal-sets/new", data={**form, "name": "Club  night"}).status_code == 303


def upload(client, body: bytes, filename: str = "m.json"):
    return client.post("/import", data={"file": (io.BytesIO(body), filename)}, content_type="multipart/form-data")


@pytest.mark.parametrize("players, words", [
    (["Ann\u200b", "Bob", "Cy"], ["U+200B"]),
    (["Same", "Sam\u0435", "Cy"], ["mixes Cyrillic and Latin"]),
    (["Sasa", "\u0405\u0430\u0455\u0430", "Cy"], ["look the same"]),
    (["Ann\x00", "Bob", "Cy"], ["U+0000"]),
])
def test_an_import_checks_names_the_same_way(app, client, players, words):
    doc = {**sample(3, "jokerless", max_deals=3), "players": players}
    refused(upload(client, json.dumps(doc).encode()), *words)
    assert count(app, Match) == 0


def test_an_imported_nfd_name_is_the_known_player(app, client):
    start_match(client, [NFC, "Bob", "Cy"])
    doc = {**sample(3, "jokerless", max_deals=3), "players": [NFD, "Bob", "Cy"]}
    assert upload(client, json.dumps(doc).encode()).status_code == 303
    assert count(app, Player) == 3
    assert re.search(NFC, client.get("/stats/").text)


# ---------------------------------------------------------------------------- like a known player

LOOKALIKES = [
    ("K\u0131p", "Kip"),              # Kıp: dotless i
    ("K\u0269p", "Kip"),              # Kɩp: Latin iota
    ("Ki\u01bf", "Kip"),              # Kiƿ: wynn
    ("\u1d0b\u026a\u1d18", "Kip"),    # ᴋɪᴘ: small capitals
    ("K1p", "Kip"),                   # a digit for a letter
    ("\ua4d7\ua4f2\ua4d1", "Kip"),    # ꓗꓲꓑ: Lisu
    ("\u0531nn", "Ann"),              # Աnn: an Armenian letter among Latin ones
    ("\u13aa\u13c1\u13c1", "Ann"),    # ᎪᏁᏁ: Cherokee
]


@pytest.mark.parametrize("typed, known", LOOKALIKES)
def test_a_new_name_that_looks_like_a_known_players_is_asked_about(typed, known):
    """Issue 32: of 39 lookalikes of Kip and Ann, these 8 made a new player without asking. They are
    compared by Unicode's confusable skeletons (UTS #39), in capitals and in small letters, with
    digits and small capitals read as the letters they look like, and a letter of another script
    with no Latin lookalike taken for whatever letter stands beside it in the other name."""
    assert names.like_known(typed, ["Ann", "Bob", "Kip"]) == known


@pytest.mark.parametrize("typed", ["Kim", "Anna", "Kit", "Pik", "Kipp", "Ali", "Alla", "Bo", "Bobby", "Zoe", "Dan",
                                   "Jon", "Jonn", "\u0391\u03bd\u03bd\u03b1", "\u674e\u660e", "\u13a0\u13c2\u13c2"])
def test_names_that_only_share_letters_with_a_known_players_are_not_asked_about(typed):
    """Other names are other players: a letter more or less, or another letter, or a name in another
    script with nothing that reads as a Latin letter where the known name has one."""
    assert names.like_known(typed, ["Ann", "Bob", "Kip", "All", "Al", "John"]) is None


@pytest.mark.parametrize(("typed", "known"), [("P8a", "P6a"), ("Table 8", "Table 6"), ("Ann 2", "Ann 5")])
def test_two_numbered_names_with_other_numbers_are_other_players(typed, known):
    """Digits are read as letters against a name written with letters ("K1p" is like "Kip"), not
    against another number: "P8a" and "P6a" both read "Pba" in small letters, and are two players."""
    assert names.like_known(typed, [known]) is None
    assert names.like_known("K1p", ["Kip"]) == "Kip"


def test_a_lookalike_typed_in_a_new_match_asks_did_you_mean(app, client):
    start_match(client, ["Ann", "Bob", "Kip"])
    for typed, known in LOOKALIKES:
        others = [name for name in ("Ann", "Bob", "Kip") if name != known][:2]
        asked = client.post("/matches/new", data=match_form([*others, typed]))
        assert asked.status_code == 422, typed
        assert f"Did you mean {known}?" in asked.text.replace("&#39;", "'"), typed
    assert count(app, Player) == 3
