"""A save scores only the deal it adds (the app's ``ScoreMemo``), and the deals it starts from are
read as plain columns exactly as the ``Deal`` objects hold them."""

from __future__ import annotations

from recordhelpers import add_documents, sample
from sqlalchemy import select, update
from webhelpers import post_deal, start_match

from scorer.core import RULESETS, score
from scorer.web.data import documents
from scorer.web.data.models import Deal, Match
from scorer.web.extensions import db


def test_stored_deals_read_as_columns_are_the_deals_as_stored(app):
    docs = [sample(seed, ruleset, max_deals=9, unfinished=0) for seed, ruleset in enumerate(sorted(RULESETS))]
    ids = add_documents(app, docs)
    with app.app_context():
        # A deal stored before premiums had a default: SQL NULL, read as no premiums.
        first = db.session.scalar(select(Deal.id).where(Deal.match_id == ids[0]).order_by(Deal.number))
        db.session.execute(update(Deal).where(Deal.id == first).values(premiums=None))
        db.session.commit()
        for match_id in ids:
            db.session.expunge_all()
            read = documents.stored_deals(db.session.get_one(Match, match_id))
            db.session.expunge_all()
            match = db.session.get_one(Match, match_id)
            assert read == [deal.as_json() for deal in match.deals]
            assert read == [{**deal.as_json(), "premiums": deal.premiums or []} for deal in match.deals]
        assert documents.stored_deals(db.session.get_one(Match, ids[0]))[0]["premiums"] == []


def test_a_save_scores_only_its_own_deal(client, app):
    match_id = start_match(client, ["Ann", "Bob", "Cy"], match="deals", deals="20")
    memo = app.extensions["scorer.scores"]
    for number in range(1, 13):
        before = memo.hits
        assert post_deal(client, match_id, number, [3, 3, 3], [3, 3, 3]).status_code == 303
        # The save found the match's first number-1 deals scored already (by the save before),
        # so it checked and scored one deal.
        assert memo.hits - before >= number - 1
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        assert documents.score(match) == score(documents.match_document(match))[1]
