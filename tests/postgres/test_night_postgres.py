"""The night's frontier on PostgreSQL (issue 32): two tables that save the deal that publishes it
in the same moment, each in its own transaction, move it once and never leave it behind."""

from __future__ import annotations

import threading
import time

from cardhelpers import join_set, new_set
from sqlalchemy import select
from webhelpers import post_deal

from scorer.web.data import publication
from scorer.web.data.models import DealSet
from scorer.web.extensions import db


def test_two_tables_saving_the_last_deal_at_once_publish_it(postgres_app, postgres_url, monkeypatch):
    app = postgres_app(postgres_url, WTF_CSRF_ENABLED=False)
    phones = [app.test_client() for _ in range(2)]
    for number, client in enumerate(phones):
        client.environ_base["REMOTE_ADDR"] = f"192.168.1.{10 + number}"
    set_id = new_set(phones[0])
    tables = [join_set(client, names, set_id) for client, names in zip(phones, (["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"]))]
    for client, match_id in zip(phones, tables):
        assert post_deal(client, match_id, 1, ["hidden"] * 3, [3, 3, 3]).status_code == 303
    # Each save reads where the tables stand a moment before it decides: both read at once.
    standings = publication.standings

    def slow(set_id: int) -> list[publication.Standing]:
        found = standings(set_id)
        time.sleep(0.3)
        return found
    monkeypatch.setattr(publication, "standings", slow)
    start, answers = threading.Barrier(2), []

    def save(client, match_id) -> None:
        start.wait()
        answers.append(post_deal(client, match_id, 2, ["hidden"] * 3, [3, 3, 3]).status_code)
    threads = [threading.Thread(target=save, args=pair) for pair in zip(phones, tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert answers == [303, 303]
    with app.app_context():
        assert db.session.scalar(select(DealSet.published).where(DealSet.id == set_id)) == 2
