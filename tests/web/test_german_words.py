"""The German words a new club tripped over (issue 34): the chances of players nobody has rated are
one clear sentence with its full stop; no trump is written "ohne", never "KT"; the page of a
match's chart and record has one name wherever a link leads to it; a deal set is a "Rundensatz"
and the menu has no second "-sätze" beside it; the figures' column heads are short words, never
broken by a soft hyphen (tests/browser/test_browser_german_words.py looks at them on a phone)."""

from __future__ import annotations

import html
import re

from babel.messages.pofile import read_po
from flask.testing import FlaskClient
from test_language import CATALOG
from webhelpers import post_deal, start_match

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
SOFT_HYPHEN = re.compile("\u00ad|&shy;")


def german(client: FlaskClient, url: str) -> str:
    response = client.get(url, headers=GERMAN)
    assert response.status_code == 200, url
    return html.unescape(response.text)


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_chances_of_players_nobody_has_rated_are_one_clear_sentence(client: FlaskClient):
    chances = text_of(german(client, "/stats/ratings/chances?ruleset=jokerless&players=Ann&players=Bob&players=Cy"))
    sentence = re.search(r"Siegchancen laut Wertung \(drei Spieler\): [^.]*\.", chances)
    assert sentence, chances
    assert sentence.group(0).endswith("Noch hat hier niemand eine Wertung, deshalb hat jeder die gleiche Chance.")
    assert "sind sie gleich" not in chances
    english = text_of(html.unescape(client.get("/stats/ratings/chances?ruleset=jokerless&players=Ann&players=Bob&players=Cy").text))
    assert "nobody here has a rating yet, so everyone’s chances are even." in english


def test_no_trump_is_written_out_never_kt(client: FlaskClient):
    match_id = start_match(client, ["Ann", "Bob", "Cy", "Di", "Eve"], "five")  # its first deal is played at no trump
    assert post_deal(client, match_id, 1, [1, 2, 2, 2, 2], [1, 2, 2, 2, 2]).status_code == 303
    for url in (f"/matches/{match_id}", f"/matches/{match_id}/sheet", f"/history/{match_id}"):
        page = german(client, url)
        assert 'class="nt" title="Kein Trumpf">ohne</span>' in page, url
        assert not re.search(r">\s*k?KT\s*<|\bkT\b|\bKT\b", text_of(page)), url
    assert "ohne: kein Trumpf" in text_of(german(client, f"/matches/{match_id}/sheet"))


def test_the_chart_and_record_page_has_one_name_wherever_it_is_linked(client: FlaskClient):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    record = f"/history/{match_id}"
    names = set()
    for url in (f"/matches/{match_id}", f"/matches/{match_id}/deals/1", f"/matches/{match_id}/changes"):
        links = re.findall(rf'<a [^>]*href="{re.escape(record)}(?:#[^"]*)?"[^>]*>([^<]*)</a>', german(client, url))
        assert links, url
        names.update(links)
    assert names == {"Partieprotokoll"}
    for old in ("Grafik und Protokoll", "Bericht"):
        assert old not in german(client, f"/matches/{match_id}") + german(client, f"/matches/{match_id}/deals/1")


def test_a_deal_set_is_a_rundensatz_and_the_menu_has_no_second_saetze(client: FlaskClient):
    nav = re.search(r'<nav class="mainnav".*?</nav>', german(client, "/stats/"), re.S)
    menu = text_of(nav.group(0) if nav else german(client, "/stats/"))
    assert "Rundensätze" in menu and "Kartensätze" not in menu and "Karten vorbereiten" in menu


def test_the_figures_heads_are_short_whole_words(client: FlaskClient):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [3, 3, 3], [3, 3, 3], {0: "declare"}).status_code == 303
    stats = german(client, "/stats/")
    heads = re.findall(r'<th scope="col">([^<]*)</th>', stats)
    assert heads == ["Spieler", "Partien", "Spiele", "Gebote erfüllt", "Beste Runde", "Beste Serie"]
    board = german(client, f"/matches/{match_id}")
    figures = board.split('class="figures-table"', 1)[1].split("</thead>", 1)[0]
    assert re.findall(r'<th scope="col">([^<]*)</th>', figures) == [
        "Spieler", "Gebote erfüllt", "Serie jetzt", "Beste Serie", "Beste Runde", "Prämien geholt"]
    assert "Prämien erfüllt" not in board and ">Ändern<" in board
    for page in (stats, board, german(client, f"/matches/{match_id}/deals/new")):
        assert not SOFT_HYPHEN.search(page)


def test_no_german_word_is_broken_by_a_soft_hyphen():
    """A soft hyphen lets the browser break a word where the column is too narrow ("Ak-tuel-le
    Se-rie"): a German word is chosen short enough, or the layout makes room for it, instead."""
    with CATALOG.open("rb") as po:
        catalog = read_po(po)
    broken = [message.id for message in catalog if message.id
              and any(SOFT_HYPHEN.search(text) for text in (message.string if isinstance(message.string, tuple) else (message.string,)))]
    assert broken == []
