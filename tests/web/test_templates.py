"""The templates draw ready values: every form field through templates/macros.html (label, hint
and errors wired for screen readers), no lists or strings built in a template, and each map,
helper and palette defined once in the static files."""

from __future__ import annotations

import re
from pathlib import Path

from webhelpers import deal_form, post_deal, start_match

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"


def describedby(html: str, element_id: str) -> list[str]:
    """The ids named by the aria-describedby of the element with ``element_id``."""
    tag = re.search(rf'<[a-z]+\b[^>]*\bid="{re.escape(element_id)}"[^>]*>', html)
    assert tag, f"no element #{element_id}"
    found = re.search(r'aria-describedby="([^"]*)"', tag.group(0))
    return found.group(1).split() if found else []


# ---------------------------------------------------------------------------- fields through the macros


def test_hints_and_errors_are_named_by_the_fields_they_belong_to(client):
    page = client.get("/matches/new").text
    # A segmented radio group, a checkbox, a number field and the players' fieldset: each hint is
    # read out with its field.
    for field in ("trump", "all_trump", "seed", "players"):
        assert describedby(page, field) == [f"{field}-hint"], field
        assert f'id="{field}-hint"' in page
    refused = client.post("/matches/new", data={"players-0": "Ann", "players-1": "Bob", "ruleset": "jokerless",
                                                "first_dealer": "0", "match": "usual", "seed": "-4"}).text
    assert describedby(refused, "seed") == ["seed-hint", "seed-error"]
    assert re.search(r'<input[^>]*aria-invalid="true"[^>]*id="seed"', refused)
    assert '<div class="field-error" id="seed-error">' in refused


def test_the_import_fields_error_id_is_on_the_page(client):
    import io

    response = client.post("/import", data={"file": (io.BytesIO(b"not json"), "match.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    named = describedby(response.text, "file")
    assert named == ["file-hint", "file-error"]
    assert all(f'id="{name}"' in response.text for name in named)


def test_the_deal_forms_seats_and_premiums_use_the_macros(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    page = post_deal(client, match_id, 1, ["zz", 1, 2], [4, 2, 3]).text
    assert describedby(page, "seats-0-bid") == ["seats-0-bid-error"]
    assert '<label for="seats-0-bid">Ann’s bid</label>' in page
    assert '<label for="seats-1-tricks">Tricks Bob won</label>' in page
    assert 'class="premium-field chips-field" id="seats-0-offer"' in page


def test_the_turned_card_is_picked_by_suit(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy", "Dee"], "four-solo")
    page = client.get(f"/matches/{match_id}/deals/new").text
    # A grid of radio buttons (issue 14): a row per suit in the bid order, then the Joker.
    assert '<legend>Turned-up card</legend>' in page and "<select" not in page
    rows = re.findall(r'data-suit-row="(\w+)"', page)
    assert rows == ["D", "S", "H", "C", "Joker"]
    assert re.search(r'<input type="radio" name="turn_up" value="AD"\s+aria-label="Ace of diamonds">', page)
    assert page.count('name="turn_up"') == 53
    assert describedby(page, "turn_up") == ["turn_up-hint"]


def test_the_trump_a_declarer_names_shows_the_suit(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "declared")
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert ('value="hearts"> <span><span class="suit suit-red" aria-hidden="true">♥</span> Hearts</span>'
            in re.sub(r"\s+", " ", page).replace("><span>", "> <span>"))


def test_the_blank_sheets_title_is_only_text(client):
    page = client.get("/sheets/blank").text
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert title == "Blank score sheets · Ninety-Nine"
    assert page.count('<script type="module" src="/static/page-sheet.') == 1  # sheet.js, linked once


def test_no_template_draws_a_field_by_hand():
    """Labels, selects and inputs come from macros.html (hidden inputs aside); the card tiles of a
    player's hand are pictures of cards, not a form field to label."""
    drawn = {}
    for path in TEMPLATES.rglob("*.html"):
        name = path.relative_to(TEMPLATES).as_posix()
        if name in ("macros.html", "cards/hand.html"):
            continue
        text = path.read_text()
        tags = re.findall(r"<label\b|<select\b|<textarea\b|<input\b(?![^>]*type=\"hidden\")", text)
        if tags:
            drawn[name] = tags
    assert drawn == {}


def test_no_template_builds_lists_or_cuts_strings():
    pattern = re.compile(r"\.append\(|namespace\(|\.split\(|\bin '|\.get\(\s*[a-z_.]+\s*,|\{'[a-z]+':")
    found = {path.relative_to(TEMPLATES).as_posix(): pattern.findall(path.read_text())
             for path in TEMPLATES.rglob("*.html")}
    # hand.html's bid aliases and reminders belong to the rules-into-core work.
    assert {name: hits for name, hits in found.items() if hits and name != "cards/hand.html"} == {}


# ---------------------------------------------------------------------------- defined once


def test_one_storage_helper_and_no_suit_map_in_the_scripts():
    scripts = {path.name: path.read_text() for path in STATIC.glob("*.js")}
    # theme.js runs in <head> before app.js exists; every other script imports app.js's helper.
    assert sorted(name for name, text in scripts.items() if "localStorage" in text) == ["app.js", "theme.js"]
    assert 'import { store, say } from "./app.js";' in scripts["dealing.js"]
    assert [name for name, text in scripts.items() if re.search("[♣♦♥♠]", text)] == []


def test_the_dark_palette_is_written_once():
    """The dark media query and the dark toggle only switch; the colours are in one list."""
    for name in ("app.css", "records.css"):
        css = (STATIC / name).read_text()
        for block in re.findall(r"@media \(prefers-color-scheme: dark\) \{(.*?)\n\}", css, re.S):
            assert not re.search(r"#[0-9a-fA-F]{3,6}", block), name
        for block in re.findall(r'^:root\[data-theme="dark"\] \{([^}]*)\}', css, re.M):
            assert not re.search(r"#[0-9a-fA-F]{3,6}", block), name


# ---------------------------------------------------------------------------- ready values


def test_a_winner_whose_name_has_and_in_it_wins_alone(client):
    match_id = start_match(client, ["Ann and Co", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [9, 1, 1], [9, 0, 0], {0: "reveal"}).status_code == 303
    preview = client.post(f"/matches/{match_id}/deals/2/preview", data=deal_form(2, [1, 1, 1], [1, 4, 4])).text
    assert "This deal ends game 1: Ann and Co wins it." in preview

