"""The web reads the core's typed score (``MatchScore``), not its JSON: the bridge gives the same
figures as ``score_document``, the screens show the fields that only the typed results name
(``all_trump``, the next dealer and leader), and rows the types allow to be empty get a clear 404."""

from __future__ import annotations

import re
from pathlib import Path

from cardhelpers import dealt, take_seat
from sqlalchemy import select
from webhelpers import deal_form, post_deal, start_match

from scorer.core import MatchScore, score_document
from scorer.web.data import documents
from scorer.web.data.models import DealtDeal, Match
from scorer.web.extensions import db

THREE = ["Ann", "Bob", "Cy"]
ROOT = Path(__file__).resolve().parents[2]


def test_the_web_never_reads_the_scored_json():
    """The JSON ``scored`` object is for the command line and outside checks; the web layer and
    its templates read the typed results, where mypy sees a misspelt field."""
    sources = [*sorted((ROOT / "scorer" / "web").rglob("*.py")), *sorted((ROOT / "templates").rglob("*.html"))]
    assert len(sources) > 40
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for used in ("score_document", '"scored"', "'scored'", ".to_json()", '["deals"][', '["next"]'):
            assert used not in text, f"{path.relative_to(ROOT)} uses {used}"


def test_the_bridge_returns_the_cores_typed_score(client, app):
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
    with app.app_context():
        match = db.session.get(Match, match_id)
        scored = documents.score(match)
        assert isinstance(scored, MatchScore)
        assert scored.to_json() == score_document(documents.match_document(match))["scored"]
        assert [deal.points for deal in scored.deals] == [(34, 2, 3), (13, 13, 13)]
        assert scored.next is not None and scored.next.number == 3


def test_the_scoreboard_names_who_deals_and_leads_next(client):
    match_id = start_match(client, THREE)  # Ann deals deal 1; Bob deals deal 2, Cy leads it
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    page = client.get(f"/matches/{match_id}").text
    assert re.search(r'<dt>Deals</dt><dd><span class="word">Bob</span></dd>', page)
    assert re.search(r'<dt>Leads</dt><dd><span class="word">Cy</span></dd>', page)


def test_the_preview_says_a_no_trump_deal_is_played_all_trump(client):
    match_id = start_match(client, THREE, match="deals", deals="9", first_trump="no-trump", all_trump="y")
    response = client.post(f"/matches/{match_id}/deals/1/preview", data=deal_form(1, [4, 1, 2], [4, 2, 3]))
    assert response.status_code == 200
    assert "(played all-trump)" in response.text
    plain = start_match(client, THREE, match="deals", deals="9", first_trump="no-trump")
    response = client.post(f"/matches/{plain}/deals/1/preview", data=deal_form(1, [4, 1, 2], [4, 2, 3]))
    assert response.status_code == 200 and "all-trump" not in response.text


def test_a_hand_link_to_a_deal_without_hands_is_a_404_not_a_500(client, app):
    match_id = start_match(client, THREE, "classic", cards="app", seed="42")
    assert client.get(f"/matches/{match_id}").status_code == 200  # deal 1's cards exist by now
    token = dealt(app, match_id)["tokens"][0]
    phone = app.test_client()
    assert take_seat(phone, token).status_code == 303  # Ann's phone holds her seat
    with app.app_context():  # a row the app never writes, but the column allows
        row = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id, DealtDeal.number == 1))
        row.hands = None
        db.session.commit()
    page = phone.get(f"/hand/{token}")
    assert page.status_code == 404 and "The app did not deal this hand" in page.text
    shown = phone.post(f"/hand/{token}/bid", data={"card": ["AS", "KS", "QS"]})
    assert shown.status_code == 404 and "The app did not deal this hand" in shown.text


def test_a_form_for_deal_0_is_refused_with_a_message(client, app):
    match_id = start_match(client, THREE)
    response = post_deal(client, match_id, 0, [4, 1, 2], [4, 2, 3])
    assert response.status_code == 409 and "This form was for deal 0, not deal 1" in response.text
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    response = post_deal(client, match_id, 0, [4, 1, 2], [4, 2, 3])
    assert response.status_code == 409 and "This form was for deal 0, not deal 2" in response.text
    with app.app_context():
        assert len(db.session.get(Match, match_id).deals) == 1
