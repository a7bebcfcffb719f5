"""The typed score the web layer reads (``MatchScore`` and friends) says what the JSON ``scored``
object says: the views added for the web (``deal_or_next``, ``game_of``, ``ends_game``) agree with
the JSON, worked out the long way, for sample matches of every ruleset and format."""

from __future__ import annotations

import random

import pytest

from scorer.core import RULESETS, DealScore, MatchScore, NextDeal, score, score_document
from scorer.core.samples import random_document


def samples() -> list[tuple[str, int]]:
    return [(ruleset, seed) for ruleset in RULESETS for seed in range(3)]


@pytest.mark.parametrize(("ruleset", "seed"), samples())
def test_the_typed_views_agree_with_the_json(ruleset: str, seed: int) -> None:
    document = random_document(random.Random(seed), ruleset, max_deals=20, unfinished=0.5)
    _, scored = score(document)
    as_json = score_document(document)["scored"]
    assert isinstance(scored, MatchScore)
    assert scored.to_json() == as_json
    deals = as_json["deals"]
    for number, deal in enumerate(deals, start=1):
        view = scored.deal_or_next(number)
        assert isinstance(view, DealScore) and view.to_json() == deal
        game = as_json["games"][deal["game"] - 1]
        assert scored.game_of(view).to_json() == game
        # The long way: the deal's game is over and no later deal belongs to it.
        ends = game["finished"] and (number == len(deals) or deals[number]["game"] != deal["game"])
        assert scored.ends_game(number) is ends
    coming = scored.deal_or_next(len(deals) + 1)
    if as_json["next"] is None:
        assert coming is None
    else:
        assert isinstance(coming, NextDeal) and coming.to_json() == as_json["next"]
    for beyond in (0, -1, len(deals) + 2):
        assert scored.deal_or_next(beyond) is None


def test_a_game_that_ends_is_named_by_its_last_deal_only() -> None:
    win = {"bids": [9, None, None], "tricks": [9, 0, 0], "premiums": [{"seat": 0, "kind": "reveal"}]}
    plain = {"bids": [None, None, None], "tricks": [3, 3, 3]}
    document = {"ruleset": "jokerless", "players": ["Ann", "Bob", "Cy"],
                "deals": [plain, win, plain]}  # 102 after deal 2: game 1 over; deal 3 opens game 2
    _, scored = score(document)
    assert [scored.ends_game(n) for n in (1, 2, 3)] == [False, True, False]
    assert scored.game_of(scored.deals[1]).finished and not scored.game_of(scored.deals[2]).finished
