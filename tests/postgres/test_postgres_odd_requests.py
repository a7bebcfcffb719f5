"""Odd requests on PostgreSQL, whose integer ids end at 2147483647: ids, pages and digits beyond
it, NUL and names are refused with 400/404/422, never a 500, and nothing is stored."""

from __future__ import annotations

import io
import json

import pytest
from recordhelpers import sample
from webhelpers import count, match_form, start_match

from scorer.web.data.models import Match, Player


@pytest.fixture
def client_and_app(postgres_app, postgres_url):
    app = postgres_app(postgres_url, WTF_CSRF_ENABLED=False, PROPAGATE_EXCEPTIONS=True)
    return app.test_client(), app


@pytest.mark.parametrize("url, status", [
    ("/matches/2147483648", 404), ("/matches/2147483647", 404), ("/matches/99999999999999999999", 404),
    ("/matches/2147483648/export.json", 404), ("/stats/players/2147483648", 404), ("/deal-sets/2147483648", 404),
    ("/matches/1/deals/2147483648/edit", 404), ("/players/2147483648/rename", 404),
    ("/history/?page=2147483648", 200), ("/history/?page=1e20", 200), ("/history/?player=2147483648", 422),
    ("/history/?start=0001-01-01&end=9999-12-31", 200), ("/matches/new?deal_set=2147483648", 200),
    ("/matches/new?deal_set=%E2%91%A0", 200), ("/history/?ruleset=%00", 400), ("/hand/%00", 400),
])
def test_ids_beyond_the_integer_range_and_odd_queries(client_and_app, url, status):
    client, _ = client_and_app
    start_match(client, ["Ann", "Bob", "Cy"])
    assert client.get(url).status_code == status


@pytest.mark.parametrize("extra", [{"deal_set": "2147483648"}, {"deal_set": "①"}, {"seed": "9" * 5000},
                                   {"players-0": "A\x00nn"}, {"players-0": "Ann\u200b"}])
def test_a_new_match_with_odd_fields_is_refused_and_stores_nothing(client_and_app, extra):
    client, app = client_and_app
    response = client.post("/matches/new", data={**match_form(["Ann", "Bob", "Cy"]), **extra})
    assert response.status_code in (400, 422)
    assert count(app, Match) == 0 and count(app, Player) == 0


def test_an_import_with_a_nul_name_or_a_huge_number_is_refused(client_and_app):
    client, app = client_and_app
    for document in ({**sample(3, "jokerless", max_deals=2), "players": ["A\x00", "Bob", "Cy"]},
                     {**sample(3, "jokerless", max_deals=2), "first_dealer": 2**40}):
        response = client.post("/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "m.json")},
                               content_type="multipart/form-data")
        assert response.status_code == 422
    assert count(app, Match) == 0


def test_the_names_migration_merges_players_on_postgresql(postgres_url):
    from test_names_migration import check_names_migration

    from scorer import create_app
    from scorer.web.extensions import db

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": postgres_url})
    try:
        check_names_migration(app)
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
