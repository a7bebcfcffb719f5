"""The rules and a deal's explanation worded by the web from the core's facts (rules_words.py,
explain.py, issue 28): in English exactly what the pages showed before (rules_text_before.json
holds what the core's own sentences said for every ruleset and format), in German with no English
sentence of the core left on a sheet's margin, a preview, a deal's page or the packs page."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from webhelpers import deal_form, post_deal, start_match

from scorer.core import RULESETS, get_ruleset, make_setup, pack_preparation
from scorer.web.presentation import rules_words

BEFORE = json.loads((Path(__file__).parent / "rules_text_before.json").read_text(encoding="utf-8"))
GERMAN = {"Accept-Language": "de"}


def setup_of(key: str) -> tuple[str, dict[str, Any] | None]:
    ruleset, _, options = key.partition(" ")
    return ruleset, json.loads(options) if options else None


def words(page: str) -> str:
    """The words of a page, tags dropped and spaces squeezed."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("key", sorted(BEFORE["reminders"]))
def test_a_sheets_margin_reads_as_before_in_english(app, key):
    ruleset, options = setup_of(key)
    with app.test_request_context():
        margin = rules_words.reminders(make_setup(ruleset, options))
    before = BEFORE["reminders"][key]
    assert (margin.bid_rule, margin.scoring, margin.trump_text) == (before["bid_rule"], before["scoring"], before["trump_text"])
    assert ([list(row) for row in margin.bonus], [list(row) for row in margin.next_trump], margin.first_trump) == (
        before["bonus"], before["next_trump"], before["first_trump"])


def test_formats_goals_aliases_and_packs_read_as_before_in_english(app):
    with app.test_request_context():
        for options, text in BEFORE["format_text"]:
            assert rules_words.format_words(options) == text, options
        assert [list(choice) for choice in rules_words.format_choices()] == BEFORE["format_choices"]
        for ruleset, options, label in BEFORE["goal_label"]:
            assert rules_words.goal_label(make_setup(ruleset, options)) == label
        for tricks, text in BEFORE["alias_text"].items():
            assert rules_words.alias_text(int(tricks)) == text
        assert rules_words.bid_sizes_note() == BEFORE["bid_sizes_note"]
        for key, note in BEFORE["pack_note"].items():
            assert rules_words.pack_note(pack_preparation(*setup_of(key))) == note, key
            assert pack_preparation(*setup_of(key)).note == note  # the command line's JSON keeps its English
        assert [rules_words.summary(r) for r in RULESETS.values()] == [r.summary for r in RULESETS.values()]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_sheets_margin_in_german_has_no_english_rule(client, ruleset):
    german = words(client.get(f"/sheets/blank?ruleset={ruleset}&pages=1", headers=GERMAN).text)
    english = BEFORE["reminders"][ruleset]
    for line in [english["bid_rule"], *english["scoring"], english["trump_text"]]:
        if line:
            assert line not in german, line
    assert "Drei Karten; die Farben zusammenzählen." in german
    if get_ruleset(ruleset).hidden_bids:
        assert "Wer sein Gebot verfehlt, darf die Karten verdeckt lassen." in german


def test_the_long_sheet_in_german(client):
    german = words(client.get("/sheets/blank?ruleset=long&pages=1", headers=GERMAN).text)
    assert "Keine Stichpunkte. Ein erfülltes Gebot zählt 30 allein, 20 mit einem weiteren, 10, wenn alle erfüllt haben." in german
    assert "(vom näheren Wert aus, 0–3 oder 10–13)" in german and "Ansagen ±30, aufdecken ±60" in german
    assert "Spiele bis 100 Punkte, wer zuerst 3 gewinnt" in german


def test_the_packs_page_and_the_summaries_in_german(client):
    german = words(client.get("/pack", headers=GERMAN).text)
    for note in BEFORE["pack_note"].values():
        assert note not in german
    assert "Aus einem normalen Kartensatz die 2er bis 5er herausnehmen und einen Joker dazugeben: 37 Karten." in german
    assert "Die vier Neunen herausnehmen und beiseitelegen" in german
    new_match = words(client.get("/matches/new", headers=GERMAN).text)
    for ruleset in RULESETS.values():
        assert ruleset.summary not in new_match
        assert ruleset.name in new_match  # Parlett's names, in every language (DECISIONS 60)
    assert "Drei Spieler, 36 Karten; der Trumpf richtet sich danach, wie viele ihr Gebot erfüllt haben." in new_match
    assert "Ein Spiel endet, wenn jemand 100 erreicht" in new_match


def test_a_preview_explains_the_deal_in_german(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    preview = words(client.post(f"/matches/{match_id}/deals/1/preview",
                                data=deal_form(1, [9, "hidden", "hidden"], [9, 0, 0], {0: "reveal"}), headers=GERMAN).text)
    assert "9 Stiche · +30 Gebot erfüllt (1 von 3 haben ihr Gebot erfüllt) · +60 aufgedeckt und erfüllt" in preview
    assert "In der ersten Runde eines Spiels gilt ♦ Karo." in preview
    assert "revealed and made it" not in preview and "bid made" not in preview and "played at" not in preview


def test_a_deals_page_and_the_scoreboard_explain_in_german(client):
    match_id = start_match(client, ["Ann", "Bob"], "two-dummy")
    assert post_deal(client, match_id, 1, [3, 3, 2], [4, 3, 2], {0: "declare"}, turn_up="7H").status_code == 303
    for page in (client.get(f"/matches/{match_id}/deals/1", headers=GERMAN).text, client.get(f"/matches/{match_id}", headers=GERMAN).text):
        german = words(page)
        assert "+30 von Ann bezahlt (verfehlte Ansage)" in german
        assert "+30 Gebot genau erfüllt (die Ansage des Strohmanns)" in german
        assert "angesagt und verfehlt: 30 an jeden Gegner" in german
        assert "paid by" not in german and "taken exactly" not in german and "to each opponent" not in german


def test_the_end_of_a_match_and_an_edit_s_changes_in_german(client):
    tie = ([4, 4, 0], [4, 4, 1])
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="hundred", games_to_win="1")
    for number in range(1, 5):
        assert post_deal(client, match_id, number, *tie).status_code == 303
    preview = words(client.post(f"/matches/{match_id}/deals/5/preview", data=deal_form(5, *tie), headers=GERMAN).text)
    assert "Ann und Bob liegen gleichauf bei 120" in preview and "are level" not in preview
    preview = words(client.post(f"/matches/{match_id}/deals/5/preview", data=deal_form(5, [4, 3, 0], [4, 4, 1]),
                                headers=GERMAN).text)
    assert "Diese Runde beendet die Partie: Ann gewinnt die Partie mit 1 zu 0 Spielen." in preview
    assert "ends the match" not in preview
