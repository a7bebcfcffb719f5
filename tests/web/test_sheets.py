"""Score sheets: a match's sheet to print, and blank sheets for pen and paper."""

from __future__ import annotations

import re

import pytest
from recordhelpers import add_documents, play_known_match, sample


def rows_of(html: str) -> list[list[str]]:
    """The text of each body row of the sheet's table."""
    table = html[html.index('<table class="sheet-table'):]
    table = table[:table.index("</table>")]
    rows = []
    for body in re.findall(r"<tbody.*?</tbody>", table, re.S):
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
            rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in cells])
    return rows


def test_the_match_sheet_has_every_deal_game_and_total(client):
    match_id = play_known_match(client)
    page = client.get(f"/matches/{match_id}/sheet")
    assert page.status_code == 200
    html = page.text
    assert "/static/pages/a4-portrait." in html
    assert 'href="/static/print.' in html and "data-print data-js-only" in html
    rows = rows_of(html)
    # deal, dealer, trump, then bid, tricks, points, total for Ann, Bob and Cy
    assert rows[0] == ["1", "Ann", "♦", "4D", "4✓", "+54", "54", "2", "2✓", "+22", "22", "?", "3✗", "+3", "3"]
    assert rows[1] == ["2", "Bob", "♥", "3", "3✓", "+13", "67", "3", "3✓", "+13", "35", "3", "3✓", "+13", "16"]
    assert rows[2] == ["3", "Cy", "♣", "0", "1✗", "+1", "68", "5", "4✗", "+4", "39", "4R", "4✓", "+94", "110"]
    assert rows[3] == ["Game 1: Cy", "", "68", "", "39", "", "110"]
    assert "Unfinished" in html and "3 deals played" in html
    assert re.search(r"Games won</th><td>Ann 0</td><td>Bob 0</td><td>Cy 1</td>", html)


def test_the_sheet_prints_on_letter_when_asked(client):
    match_id = play_known_match(client)
    html = client.get(f"/matches/{match_id}/sheet?paper=letter").text
    assert "/static/pages/letter-portrait." in html
    assert 'aria-current="true">Letter</a>' in html
    assert "/static/pages/a4-portrait." in client.get(f"/matches/{match_id}/sheet?paper=foolscap").text


def test_sheets_of_sides_and_of_a_dummy(client, app):
    partners, dummy = add_documents(app, [sample(5, "four-partners", max_deals=2, unfinished=0),
                                          sample(6, "two-dummy", max_deals=2, unfinished=0)])
    html = client.get(f"/matches/{partners}/sheet").text
    assert "/static/pages/a4-landscape." in html
    assert html.count('scope="colgroup"') == 2 and " &amp; " in html  # two sides
    assert len(rows_of(html)[0]) == 3 + 2 * (2 * 2 + 2)
    html = client.get(f"/matches/{dummy}/sheet").text
    assert html.count('scope="colgroup"') == 3 and ">Dummy</th>" in html
    assert client.get("/matches/999/sheet").status_code == 404


def test_blank_sheet_form(client):
    page = client.get("/sheets/blank")
    assert page.status_code == 200
    assert 'method="get"' in page.text and 'name="name0"' in page.text and 'name="pages"' in page.text


def test_blank_sheets_print_dealer_and_leader_of_each_deal(client):
    page = client.get("/sheets/blank?ruleset=jokerless&name0=Ann&name1=Bob&name2=Cy&first_dealer=1&pages=2&paper=a4")
    assert page.status_code == 200
    html = page.text
    assert html.count('<article class="sheet blank portrait"') == 2
    assert "Sheet 1 of 2" in html and "Sheet 2 of 2" in html
    rows = rows_of(html)
    assert len(rows) == 24  # the first page's table
    assert [r[:3] for r in rows[:4]] == [["1", "Bob", "Cy"], ["2", "Cy", "Ann"], ["3", "Ann", "Bob"], ["4", "Bob", "Cy"]]
    assert all(cell == "" for cell in rows[0][3:])  # the rest is for the pen
    second = html[html.index("Sheet 2 of 2"):]
    assert rows_of(second)[0][:3] == ["25", "Bob", "Cy"]  # the numbering and the deal go on
    # The reminders: bid-card values, the bonus table, the next-trump table, on every page.
    assert html.count("Bid cards") == 2 and html.count('class="mini trump-table"') == 2
    assert re.search(r"<th scope=\"row\">bonus</th><td>30</td><td>20</td><td>10</td>", html)
    assert "First deal of each game:" in html and "Diamonds" in html


@pytest.mark.parametrize("ruleset, expect", [
    ("five", ["<td>50</td><td>40</td><td>30</td><td>20</td><td>10</td>", "declare 50, won or lost by each declarer", "4–5"]),
    ("long", ["No trick points", "missed</th><td>0</td><td>1</td><td>2</td><td>3+</td>"]),
    ("four-partners", ["plus 30 if both partners made their bids", "The turned card&#39;s suit"]),
    ("two-dummy", ["exactly its bid earns it 30", "The dummy&#39;s top card"]),
    ("two-open", ["A made bid adds 10, 20 if the deal before was made too"]),
    ("declared", ["Named by the declarer or revealer", "First deal of each game:"]),
    ("eighteen", ["The next trump-pile card"]),
])
def test_blank_sheet_reminders_follow_the_ruleset(client, ruleset, expect):
    html = client.get(f"/sheets/blank?ruleset={ruleset}&pages=1").text
    for text in expect:
        assert text in html, text
    assert "Player 1" in html  # names left out


def test_blank_sheet_refuses_what_cannot_be_printed(client):
    response = client.get("/sheets/blank?ruleset=two-open&first_dealer=3&pages=0&name0=Ann&name1=ann")
    assert response.status_code == 422
    for message in ("Two open is for 2 players.", "From 1 to 20 pages.", "Ann is named twice."):
        assert message in response.text
    assert client.get("/sheets/blank?ruleset=nonsense").status_code == 422
