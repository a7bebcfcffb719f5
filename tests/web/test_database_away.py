"""A database that does not answer for a moment (a PostgreSQL restart, a lock held too long) is a
503 that says the scores are safe and to try again, with ``Retry-After``, one line in the log and
no traceback; nothing is half-saved. (tests/postgres/test_postgres_restart.py restarts a real
PostgreSQL server under the app.)"""

from __future__ import annotations

import logging

from sqlalchemy.exc import OperationalError
from webhelpers import post_deal, start_match, stored_deals

from scorer.web.data import documents
from scorer.web.writes import deals


def away(*args: object, **kwargs: object) -> None:
    raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly\nmore"),
                           connection_invalidated=True)


def test_a_page_read_while_the_database_is_away_is_a_503_to_retry(app, client, monkeypatch, caplog):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    monkeypatch.setattr(documents, "score", away)
    with caplog.at_level(logging.WARNING):
        response = client.get(f"/matches/{match_id}")
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "The scores are safe" in response.text and "Try again in a moment" in response.text
    lines = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert lines[0].getMessage().endswith("server closed the connection unexpectedly")
    monkeypatch.undo()
    assert client.get(f"/matches/{match_id}").status_code == 200


def test_a_save_while_the_database_is_away_writes_nothing(app, client, monkeypatch):
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    monkeypatch.setattr(deals, "settle", away)  # after the deal is added to the session
    response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
    assert response.status_code == 503
    assert stored_deals(app, match_id) == []
    monkeypatch.undo()
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert len(stored_deals(app, match_id)) == 1
