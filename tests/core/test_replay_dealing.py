"""One derivation of seeds and of eighteen's trump pile, shared by the app and the command line
(RULES.md §2 eighteen, §4; MATCH-FORMAT.md "Dealing"; DECISIONS 18-19)."""

from __future__ import annotations

import io
import json
import shlex

import pytest

from scorer.cli import main
from scorer.core import (
    PILE_SIZE,
    RULESETS,
    MatchError,
    deal_cards,
    deal_seed,
    derive_seed,
    game_pile_seed,
    pack_preparation,
    pile_card,
    pile_order,
)


def cli(argv: list[str]) -> dict:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def test_derived_seeds_are_stable_and_distinct():
    # Matches stored before the move replay only if these numbers never change.
    assert derive_seed(7, "deal", 1) == 2734829496136809037
    assert game_pile_seed(11, 1) == derive_seed(11, "pile", 0) == 2269483929472607290
    assert deal_seed(7, 1) == derive_seed(7, "deal", 1) != deal_seed(7, 2)
    assert 0 <= derive_seed(2**63 - 1, "pile", 5) < 2**63


def test_a_game_turns_its_pile_in_order_and_a_19th_deal_starts_a_new_pile():
    first = game_pile_seed(11, 1)
    turned = [pile_card(game_pile_seed(11, k), k) for k in range(1, PILE_SIZE + 1)]
    assert turned == list(pile_order(first))
    assert sorted(turned) == sorted(pack_preparation("eighteen").aside)
    assert game_pile_seed(11, PILE_SIZE + 1) != first
    assert pile_card(game_pile_seed(11, PILE_SIZE + 1), PILE_SIZE + 1) == pile_order(game_pile_seed(11, 19))[0]


def test_eighteen_turns_card_k_of_the_pile_and_deals_the_same_hands_whatever_k():
    one = deal_cards("eighteen", 5, 1)
    three = deal_cards("eighteen", 5, 1, deal=3, pile_seed=game_pile_seed(99, 3))
    assert one.turn_up == pile_order(game_pile_seed(5, 1))[0]
    assert three.turn_up == pile_order(game_pile_seed(99, 3))[2]
    assert one.hands == three.hands


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_command_of_a_deal_deals_it_again(ruleset):
    dealt = deal_cards(ruleset, 2024, 1, deal=4, pile_seed=game_pile_seed(31, 4))
    argv = shlex.split(dealt.command())
    assert argv[:4] == ["python", "-m", "scorer", "deal"]
    again = cli(argv[3:])
    assert {k: again[k] for k in ("hands", "turn_up", "trump", "dummy_bid")} == \
        {k: dealt.to_json()[k] for k in ("hands", "turn_up", "trump", "dummy_bid")}
    assert ("--pile-seed" in argv) == (ruleset == "eighteen")


def test_the_command_names_an_option_that_changes_the_pack():
    dealt = deal_cards("four-solo", 3, 0, {"trump": "successes"})
    assert dealt.command().endswith("--option trump=successes")
    assert "Joker" not in {c for hand in cli(shlex.split(dealt.command())[3:])["hands"] for c in hand}
    assert "--option" not in deal_cards("four-solo", 3, 0).command()


def test_bad_deal_numbers_and_pile_seeds_are_refused():
    with pytest.raises(MatchError, match="deal: must be a deal number"):
        deal_cards("eighteen", 1, 0, deal=0)
    with pytest.raises(MatchError, match="pile_seed: must be a whole number"):
        deal_cards("eighteen", 1, 0, pile_seed=-1)
