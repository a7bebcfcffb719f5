"""The rule facts the web layer words and displays (docs/CORE-API.md "Rule facts"): each one
checked against RULES.md, so that the web needs no copy of a rule. (Their words, in English and
German, are the web's: tests/web/test_rules_words.py.)"""

from __future__ import annotations

import pytest

from scorer.core import (
    BID_SIZES,
    DEFAULT_OPTIONS,
    DEFAULT_RULESET,
    NINETY_NINE,
    OPTION_LIMITS,
    RULESETS,
    USUAL_RULESETS,
    MatchError,
    aliases_of,
    bid_aliases,
    bid_numbers,
    bid_size,
    bid_values_text,
    make_setup,
    match_format,
    reminders,
    score,
    scoring_of,
    tricks_against_bid,
    widest_aliases,
)

# ---------------------------------------------------------------------------- bids (RULES.md §1)


@pytest.mark.parametrize("tricks, aliases, highest", [(9, {}, 9), (10, {0: 10}, 10),
                                                      (13, {0: 10, 1: 11, 2: 12, 3: 13}, 13)])
def test_aliases_exist_only_where_that_many_tricks_are_played(tricks, aliases, highest):
    assert bid_aliases(tricks) == aliases
    assert bid_numbers(tricks) == tuple(range(highest + 1))


def test_bid_sizes_and_tricks_against_the_nearer_value():
    assert tuple(range(10)) == BID_SIZES
    assert [bid_size(b) for b in (0, 3, 9, 10, 13)] == [0, 3, 9, 0, 3]
    assert tricks_against_bid(2, 11, 13) == -1   # 12 is nearer than 2 [P]
    assert tricks_against_bid(12, 5, 13) == 3    # 2 is nearer than 12
    assert tricks_against_bid(4, 4, 9) == 0 and tricks_against_bid(4, 2, 9) == -2


def test_alias_facts_follow_the_numbers():
    assert aliases_of(9) is None
    assert (aliases_of(10).sizes, aliases_of(10).means, aliases_of(10).count) == ("0", "10", 1)
    assert (aliases_of(13).sizes, aliases_of(13).means, aliases_of(13).count) == ("0–3", "10–13", 4)
    assert widest_aliases() == aliases_of(13)
    assert bid_values_text() == "♦ 0, ♠ 1, ♥ 2, ♣ 3"


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
def test_ruleset_aliases_are_the_bids_functions(ruleset):
    assert ruleset.bid_aliases == bid_aliases(ruleset.tricks)
    assert ruleset.bid_numbers == bid_numbers(ruleset.tricks)


# ---------------------------------------------------------------------------- sides and contenders


def test_partners_score_by_side_and_the_dummy_never_wins():
    partners, dummy, classic = RULESETS["four-partners"], RULESETS["two-dummy"], RULESETS["classic"]
    assert partners.sides == ((0, 2), (1, 3)) and [partners.unit_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert partners.contenders == (0, 1)
    assert dummy.sides == ((0,), (1,), (2,)) and dummy.contenders == (0, 1)
    assert classic.sides == ((0,), (1,), (2,)) and classic.contenders == (0, 1, 2)


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
def test_every_seat_is_in_exactly_one_unit(ruleset):
    seats = sorted(s for side in ruleset.sides for s in side)
    assert seats == list(range(ruleset.seats))


# ---------------------------------------------------------------------------- options and formats (§3)


def test_option_limits_are_what_make_setup_enforces():
    for key, most in OPTION_LIMITS.items():
        make_setup("classic", {key: most})
        with pytest.raises(MatchError, match=f"options.{key}: must be a whole number from 1 to {most}"):
            make_setup("classic", {key: most + 1})


def test_goal_and_format_facts():
    assert make_setup("classic").goal == 100
    assert make_setup("classic", {"match": "game-bonus"}).goal == 100
    assert make_setup("two-open").goal == 99 and make_setup("two-open").match == "target"
    assert make_setup("eighteen").goal is None
    usual = match_format({})
    assert (usual.match, usual.games_to_win, usual.game_to, usual.bonus) == ("hundred", 3, 100, 100)
    assert match_format({"match": "deals"}).deals == DEFAULT_OPTIONS["deals"]
    assert match_format({"match": "target", "target": 500}).target == 500


def test_usual_rulesets_fit_their_player_counts():
    assert all(RULESETS[r].players == n for n, r in USUAL_RULESETS.items())
    assert DEFAULT_RULESET == "jokerless"


def test_the_99():
    assert NINETY_NINE == 99  # 9 tricks + sole success 30 + reveal 60 [P][W]


# ---------------------------------------------------------------------------- the sheets' reminders


def test_reminders_carry_the_core_tables():
    three = reminders(make_setup("jokerless"))
    assert three.bonus == [(1, 30), (2, 20), (3, 10)]
    assert three.next_trump == [("0", "diamonds"), ("1", "spades"), ("2", "hearts"), ("3", "clubs")]
    assert three.first_trump == "diamonds" and three.hidden_bids and three.aliases is None
    five = reminders(make_setup("five"))
    assert five.next_trump[-1] == ("4–5", "no-trump") and five.bonus[0] == (1, 50)
    assert reminders(make_setup("long")).next_trump[-1] == ("3+", "clubs")
    assert reminders(make_setup("four-solo")).aliases == aliases_of(10)
    assert reminders(make_setup("two-open")).aliases == aliases_of(13)
    partners = reminders(make_setup("four-partners"))
    assert partners.bonus == [] and partners.scoring.side_bonus == (30, 10, 20)
    assert reminders(make_setup("eighteen")).trump_rule == "pile"


def test_scoring_facts_are_the_rulesets():
    long, five, dummy, two_open = (scoring_of(RULESETS[r]) for r in ("long", "five", "two-dummy", "two-open"))
    assert long.contract == (30, 20, 10) and long.premiums == (("declare", 30), ("reveal", 60))
    assert five.premiums == (("declare", 50),) and five.style == "self-premium"
    assert dummy.dummy_exact == 30 and long.dummy_exact is None
    assert two_open.streak == (10, 20, 30)


def test_points_over_the_first_deals_add_every_game():
    doc = {"ruleset": "classic", "players": ["A", "B", "C"], "options": {"match": "hundred"},
           "deals": [{"bids": [3, 3, 3], "tricks": [3, 3, 3], "turn_up": "6H"}] * 3}
    _, result = score(doc)
    assert result.points_over(2) == tuple(sum(d.points[u] for d in result.deals[:2]) for u in range(3))
    assert result.points_over(0) == (0, 0, 0)
