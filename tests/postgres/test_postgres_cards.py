"""Private cards on PostgreSQL (migration 0006): the scorekeeper's capability, one phone per
seat, the hand-over, and the same refusal for any typed bid card."""

from __future__ import annotations

import html

from sqlalchemy import select
from webhelpers import post_deal, start_match

from scorer.web.data.models import DealtDeal
from scorer.web.extensions import db


def test_seats_are_taken_handed_over_and_bid_cards_refused_alike_on_postgresql(postgres_app, postgres_url):
    app = postgres_app(postgres_url, WTF_CSRF_ENABLED=False)
    keeper = app.test_client()
    match_id = start_match(keeper, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="5")
    board = keeper.get(f"/matches/{match_id}").text
    with app.app_context():
        dealt = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id))
        token, hand = dealt.links[0].token, dealt.hands[0]
    assert f"/hand/{token}" in board and f"/hand/{token}" not in app.test_client().get(f"/matches/{match_id}").text
    first, second = app.test_client(), app.test_client()
    for phone in (first, second):  # the page that offers the tap gives the phone its token
        assert phone.get(f"/hand/{token}").status_code == 200
    assert [phone.post(f"/hand/{token}/take").status_code for phone in (first, second)] == [303, 403]
    assert second.get(f"/hand/{token}").status_code == 403
    assert keeper.post(f"/matches/{match_id}/seats/0/hand-over").status_code == 303
    assert second.post(f"/hand/{token}/take").status_code == 303
    assert first.get(f"/hand/{token}").status_code == 403
    answers = set()
    for card in (hand[0], "AS" if "AS" not in hand else "KS"):
        response = post_deal(keeper, match_id, 1, [f"{card} D D", "hidden", "hidden"], [3, 3, 3])
        answers.add((response.status_code, "can only come from" in html.unescape(response.text)))
    assert answers == {(422, True)}
