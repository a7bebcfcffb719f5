"""Helpers for the history, statistics, sheet and export/import tests: matches played through the
real forms, or documents stored through the app's own import."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post_deal, start_match

from scorer.core.samples import random_document
from scorer.web.extensions import db
from scorer.web.writes import imports
from scorer.web.writes import ratings as rating_writes


def play_known_match(client: FlaskClient) -> int:
    """Jokerless, Ann Bob Cy, three deals worked by hand from RULES.md:

    1. Ann declares 4 and takes 4, Bob bids 2 and takes 2, Cy fails and hides: 54, 22, 3.
    2. All bid 3 and take 3 (trump ♥: two made before): 13 each; totals 67, 35, 16.
    3. (trump ♣) Ann bids 0 takes 1, Bob bids 5 takes 4, Cy reveals 4 and takes 4: 1, 4, 94;
       totals 68, 39, 110, so Cy wins game 1 and game 2 comes next.
    """
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    for number, bids, tricks, offers in (
        (1, [4, 2, "hidden"], [4, 2, 3], {0: "declare"}),
        (2, [3, 3, 3], [3, 3, 3], None),
        (3, [0, 5, 4], [1, 4, 4], {2: "reveal"}),
    ):
        response = post_deal(client, match_id, number, bids, tricks, offers)
        assert response.status_code == 303, response.text
    return match_id


def add_documents(app: Flask, documents: list[dict[str, Any]]) -> list[int]:
    """Store documents as an import does; their ids, in order."""
    with app.app_context():
        outcome = imports.import_documents([(f"doc {i}", doc) for i, doc in enumerate(documents, start=1)])
        db.session.commit()
        added = [match.id for match in outcome.added]
        rating_writes.catch_up_all()  # as the catch-up after the import's commits does
        return added


def sample(seed: int, ruleset: str | None = None, **kwargs: Any) -> dict[str, Any]:
    return random_document(random.Random(seed), ruleset, **kwargs)
