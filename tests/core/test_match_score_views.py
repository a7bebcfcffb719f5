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


@pytest.mark.parametrize("fmt", [{"match": "hundred", "games_to_win": 3}, {"match": "game-bonus", "games_to_win": 3},
                                 {"match": "deals", "deals": 27}, {"match": "target", "target": 300}])
@pytest.mark.parametrize("seed", range(4))
def test_ahead_is_who_the_format_counts_nearest_to_winning_the_match(fmt: dict, seed: int) -> None:
    """``MatchScore.ahead`` (the tiles' "ahead in match"), worked out the long way from the JSON:
    games won to 100, the grand total with game bonuses, the game's total in a match of one game;
    empty once the match is over or while the contenders are level."""
    document = random_document(random.Random(seed), "jokerless", max_deals=14, options=fmt, unfinished=1.0)
    _, scored = score(document)
    as_json = score_document(document)["scored"]
    if as_json["finished"]:
        assert scored.ahead == ()
        return
    if fmt["match"] == "hundred":
        standing = as_json["games_won"]
    elif fmt["match"] == "game-bonus":
        standing = as_json["grand_totals"]
    else:
        game = as_json["games"][-1] if as_json["games"] and not as_json["games"][-1]["finished"] else None
        standing = game["totals"] if game else [0, 0, 0]
    best = max(standing)
    expected = () if len(set(standing)) < 2 else tuple(u for u, figure in enumerate(standing) if figure == best)
    assert scored.ahead == expected
    assert "ahead" not in scored.to_json()  # the command line's JSON is as it was
