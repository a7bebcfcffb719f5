"""Wording slips: plurals, the verb after a side, one minus sign, the revealed premium's word and
colour, and no premiums where the ruleset has none."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from webhelpers import post_deal, start_match

from scorer.web.presentation.formatting import minus, plural

ROOT = Path(__file__).resolve().parents[2]
HYPHEN_NUMBER = re.compile(r"(?<![\w&;-])-\d")  # "-49" as text, not "deal-3" or an attribute's "a-1"


def visible_text(html: str) -> str:
    """The page's text, without tags, attributes, styles or scripts."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_plural_helper():
    assert plural(1, "deal") == "1 deal" and plural(0, "deal") == "0 deals" and plural(2, "deal") == "2 deals"
    assert plural(1, "match") == "1 match" and plural(3, "match") == "3 matches"
    assert plural(1, "game point") == "1 game point" and plural(2, "bonus") == "2 bonuses"


def test_minus_helper():
    assert minus(-49) == "−49" and minus(49) == "49" and minus(0) == "0"


def test_one_deal_and_one_match_are_singular(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="3")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    for page in (client.get("/history/").text, client.get(f"/history/{match_id}").text, client.get("/").text):
        text = visible_text(page)
        assert "1 deal played" in text
        assert not re.search(r"\b1 (deals|matches|games|game pts)\b", text), text
    assert re.search(r"\b1 match\b", visible_text(client.get("/history/").text))


def test_a_side_wins_in_the_plural(client):
    match_id = start_match(client, ["Gus", "Hal", "Ivy", "Jo"], "four-partners", match="deals", deals="1")
    # Gus and Ivy (seats 1 and 3) make their bids; Hal and Jo miss theirs.
    assert post_deal(client, match_id, 1, [3, 2, 3, 2], [3, 1, 3, 3], turn_up="AS").status_code == 303
    text = " ".join(visible_text(client.get(f"/matches/{match_id}").text).split())
    assert "Gus & Ivy win" in text and "Gus & Ivy wins" not in text


def test_a_single_winner_still_wins(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="1")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    text = " ".join(visible_text(client.get(f"/matches/{match_id}").text).split())
    assert re.search(r"\b(Ann|Bob|Cy) wins\b", text), text


def test_negative_figures_use_the_minus_sign(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], "long")
    # In long, a miss costs: everyone misses and ends below 0.
    assert post_deal(client, match_id, 1, [5, 4, 4], [3, 5, 5]).status_code == 303
    for url in (f"/matches/{match_id}", f"/history/{match_id}", f"/matches/{match_id}/sheet", "/"):
        text = visible_text(client.get(url).text)
        assert "−" in text, url
        assert not HYPHEN_NUMBER.search(text), (url, HYPHEN_NUMBER.search(text))


def test_a_revealed_premium_is_spelt_right_and_not_red(client):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3], {0: "reveal"}).status_code == 303
    page = client.get(f"/matches/{match_id}").text
    assert 'class="prem prem-reveal"' in page and ">revealed<" in page
    assert "reveald" not in page
    css = "".join(path.read_text() for path in (ROOT / "static").glob("*.css"))
    rule = re.search(r"\.prem-reveal\s*\{([^}]*)\}", css)
    assert rule and "--red" not in rule.group(1) and "--bad" not in rule.group(1)


def test_no_premium_figures_where_the_ruleset_has_none(client):
    partners = start_match(client, ["Gus", "Hal", "Ivy", "Jo"], "four-partners")
    assert post_deal(client, partners, 1, [3, 2, 3, 2], [3, 1, 3, 3], turn_up="AS").status_code == 303
    solo = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, solo, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert "Premiums made" not in client.get(f"/matches/{partners}").text
    assert "Premiums made" in client.get(f"/matches/{solo}").text
    player = re.search(r'href="/stats/players/(\d+)[^"]*" title="Gus">', client.get("/stats/").text)
    assert player
    mine = client.get(f"/stats/players/{player.group(1)}", query_string={"ruleset": "four-partners"}).text
    assert "<dt>Declared</dt>" not in mine and "<dt>Revealed</dt>" not in mine and "Best deal" in mine
    anywhere = client.get(f"/stats/players/{player.group(1)}").text
    assert "<dt>Declared</dt>" in anywhere and "<dt>Revealed</dt>" in anywhere


def test_plural_helper_in_german(app):
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert plural(1, "deal") == "1 Runde" and plural(3, "deal") == "3 Runden"
        assert plural(1, "match") == "1 Partie" and plural(2, "match") == "2 Partien"
        assert plural(1500, "match") == "1.500 Partien"  # the count grouped as German writes it
    with app.test_request_context(headers={"Accept-Language": "en-GB"}):
        assert plural(1500, "match") == "1,500 matches"
