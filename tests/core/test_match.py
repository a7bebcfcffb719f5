"""Games and matches: `deals`, `hundred`, `game-bonus`, `target`, eighteen's game points.

RULES.md §3, MATCH-FORMAT.md (`scored`), DECISIONS 11-14. Every total below is added up by hand.

Building blocks (jokerless unless said otherwise, 9 tricks):
    W(s)  seat s bids 9, reveals and takes all nine tricks, the others hidden:
          s gets 9 + 30 + 60 = 99, the others 0; k = 1 (next trump spades).
    N(t)  everybody hidden (failed), tricks t: points = t; k = 0 (next trump diamonds).
"""

from __future__ import annotations

import pytest
from coredocs import make_doc, score

from scorer.core import MatchError, parse_match, pile_card_problem, score_match


def W(seat, **extra):
    bids = [None, None, None]
    bids[seat] = 9
    tricks = [0, 0, 0]
    tricks[seat] = 9
    return {"bids": bids, "tricks": tricks, "premiums": [{"seat": seat, "kind": "reveal"}], **extra}


def N(tricks, **extra):
    return {"bids": [None, None, None], "tricks": list(tricks), **extra}


# ------------------------------------------------------------------------------- hundred

# games_to_win 2. deal  game.no  dealer leader trump      points        totals after
HUNDRED = [
    W(0),                                                # 1  1.1  0 1 diamonds  [99,0,0]   [99,0,0]
    {"bids": [None, None, 8], "tricks": [1, 0, 8]},      # 2  1.2  1 2 spades    [1,0,38]   [100,0,38] game 1: seat 0
    W(1),                                                # 3  2.1  2 0 diamonds  [0,99,0]   [0,99,0]  (first deal, not spades)
    W(1),                                                # 4  2.2  0 1 spades    [0,99,0]   [0,198,0] game 2: seat 1
    W(0),                                                # 5  3.1  1 2 diamonds  [99,0,0]   [99,0,0]
    W(1),                                                # 6  3.2  2 0 spades    [0,99,0]   [99,99,0]
    N([1, 1, 7]),                                        # 7  3.3  0 1 spades    [1,1,7]    [100,100,7] tied: play on
    N([1, 0, 8]),                                        # 8  3.4  1 2 diamonds  [1,0,8]    [101,100,15] game 3: seat 0
]
HUNDRED_OPTIONS = {"match": "hundred", "games_to_win": 2}


def test_hundred_whole_match():
    scored = score("jokerless", HUNDRED, HUNDRED_OPTIONS)
    deals = scored["deals"]
    assert [(d["game"], d["number"]) for d in deals] == [
        (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (3, 4)]
    # the dealer keeps rotating across games
    assert [d["dealer"] for d in deals] == [0, 1, 2, 0, 1, 2, 0, 1]
    assert [d["leader"] for d in deals] == [1, 2, 0, 1, 2, 0, 1, 2]
    # the first deal of each game uses the first-deal trump
    assert [d["trump"] for d in deals] == [
        "diamonds", "spades", "diamonds", "spades", "diamonds", "spades", "spades", "diamonds"]
    assert [d["points"] for d in deals] == [
        [99, 0, 0], [1, 0, 38], [0, 99, 0], [0, 99, 0], [99, 0, 0], [0, 99, 0], [1, 1, 7], [1, 0, 8]]
    # scores reset at the start of each game
    assert [d["totals"] for d in deals] == [
        [99, 0, 0], [100, 0, 38], [0, 99, 0], [0, 198, 0], [99, 0, 0], [99, 99, 0], [100, 100, 7],
        [101, 100, 15]]
    games = scored["games"]
    assert [g["number"] for g in games] == [1, 2, 3]
    assert [g["totals"] for g in games] == [[100, 0, 38], [0, 198, 0], [101, 100, 15]]
    assert [g["winners"] for g in games] == [[0], [1], [0]]
    assert [g["bonus"] for g in games] == [[0, 0, 0]] * 3
    assert scored["games_won"] == [2, 1, 0]
    # grand totals: 100+0+101, 0+198+100, 38+0+15
    assert scored["grand_totals"] == [201, 298, 53]
    # first to two games wins, though seat 1 has the highest grand total
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert scored["next"] is None


@pytest.mark.parametrize("n, finished, games_won, nxt", [
    (1, False, [0, 0, 0], {"game": 1, "number": 2, "dealer": 1, "leader": 2, "trump": "spades"}),
    (2, False, [1, 0, 0], {"game": 2, "number": 1, "dealer": 2, "leader": 0, "trump": "diamonds"}),
    (4, False, [1, 1, 0], {"game": 3, "number": 1, "dealer": 1, "leader": 2, "trump": "diamonds"}),
    (6, False, [1, 1, 0], {"game": 3, "number": 3, "dealer": 0, "leader": 1, "trump": "spades"}),
    (7, False, [1, 1, 0], {"game": 3, "number": 4, "dealer": 1, "leader": 2, "trump": "diamonds"}),
], ids=["after-1", "after-2-game-over", "after-4", "after-6", "after-7-tied-play-on"])
def test_hundred_part_way(n, finished, games_won, nxt):
    scored = score("jokerless", HUNDRED[:n], HUNDRED_OPTIONS)
    assert scored["finished"] is finished
    assert scored["winners"] == []
    assert scored["games_won"] == games_won
    assert {k: scored["next"][k] for k in nxt} == nxt


def test_hundred_tied_game_has_no_winner_yet():
    scored = score("jokerless", HUNDRED[:7], HUNDRED_OPTIONS)
    game3 = [g for g in scored["games"] if g["number"] == 3][0]
    assert game3["totals"] == [100, 100, 7]
    assert game3["winners"] == []


def test_hundred_deal_after_the_match_is_an_error():
    with pytest.raises(MatchError) as info:
        score("jokerless", HUNDRED + [N([3, 3, 3])], HUNDRED_OPTIONS)
    assert info.value.deal == 9
    assert info.value.field == "deals"
    assert str(info.value).startswith("deal 9: ")


def test_hundred_default_is_three_games():
    # jokerless defaults to `hundred` with games_to_win 3: two games won is not the end
    deals = [W(0), W(0), W(0), W(0)]     # 198 -> game 1; 198 -> game 2
    scored = score("jokerless", deals)
    assert scored["games_won"] == [2, 0, 0]
    assert scored["finished"] is False
    scored = score("jokerless", deals + [W(0), W(0)])
    assert scored["games_won"] == [3, 0, 0]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_hundred_reaching_100_but_not_top_ends_the_game():
    # [99,0,0] then seat 2 takes 9 tricks hidden-failed: [99,0,9] -> nobody >= 100, play on;
    # then W(2): [99,0,108] -> seat 2 has 100+, top not tied -> game over, seat 2 wins
    scored = score("jokerless", [W(0), N([0, 0, 9]), W(2)], {"match": "hundred", "games_to_win": 1})
    assert [d["totals"] for d in scored["deals"]] == [[99, 0, 0], [99, 0, 9], [99, 0, 108]]
    assert scored["finished"] is True
    assert scored["winners"] == [2]


def test_declared_first_deal_of_each_game_is_no_trump():
    hearts = [{"seat": 0, "kind": "reveal", "trump": "hearts"}]
    win = {"bids": [9, None, None], "tricks": [9, 0, 0], "premiums": hearts}
    deals = [win, win, N([3, 3, 3]), N([3, 3, 3])]
    scored = score("declared", deals, {"match": "hundred", "games_to_win": 2})
    # deal 3 is the first of game 2: no trump; deal 4 stays as deal 3
    assert [d["trump"] for d in scored["deals"]] == ["hearts", "hearts", "no-trump", "no-trump"]
    assert [(d["game"], d["number"]) for d in scored["deals"]] == [(1, 1), (1, 2), (2, 1), (2, 2)]


def test_long_hundred_tie_needs_more_deals():
    # long: 13 tricks, no trick points. Reveal made as sole success: 30 + 60 = 90.
    def rev(seat, bids):
        return {"bids": bids, "tricks": [13 if s == seat else 0 for s in range(3)],
                "premiums": [{"seat": seat, "kind": "reveal"}]}
    # deal 1: seat 0 bids 3 (=13), takes 13; seats 1, 2 bid 1 (=11), took 0: -1 each -> [90,-1,-1]
    # deal 2: seat 1 likewise                                               -> [89,89,-2]
    # deal 3: bids [1,1,3] tricks [1,1,11]: seats 0,1 made (20 each), seat 2 3/13 took 11: -2
    #         -> [109,109,-4] tied at the top: play on
    # deal 4: bids [2,1,4] tricks [2,0,11]: seat 0 made alone (30), seat 1 1/11 took 0: -1,
    #         seat 2 4 took 11: -7 -> [139,108,-11] -> game over, seat 0
    deals = [rev(0, [3, 1, 1]), rev(1, [1, 3, 1]),
             {"bids": [1, 1, 3], "tricks": [1, 1, 11]}, {"bids": [2, 1, 4], "tricks": [2, 0, 11]}]
    scored = score("long", deals, {"match": "hundred", "games_to_win": 1})
    assert [d["totals"] for d in scored["deals"]] == [[90, -1, -1], [89, 89, -2], [109, 109, -4],
                                                      [139, 108, -11]]
    scored3 = score("long", deals[:3], {"match": "hundred", "games_to_win": 1})
    assert scored3["finished"] is False
    assert scored["finished"] is True
    assert scored["winners"] == [0]


# ---------------------------------------------------------------------------- game-bonus

# games_to_win 2.  deal  game   points        totals        bonus
GAME_BONUS = [
    W(0),                                               # 1  1.1 [99,0,0]     [99,0,0]
    {"bids": [1, None, None], "tricks": [1, 4, 4]},     # 2  1.2 [31,4,4]     [130,4,4]     seat 0 made: +100
    W(1),                                               # 3  2.1 [0,99,0]     [0,99,0]
    N([0, 2, 7]),                                       # 4  2.2 [0,2,7]      [0,101,7]     seat 1 failed: none
    W(2),                                               # 5  3.1              [0,0,99]
    W(2),                                               # 6  3.2              [0,0,198]     seat 2: +100
    W(0),                                               # 7  4.1              [99,0,0]
    W(0),                                               # 8  4.2              [198,0,0]     seat 0: +100 -> 2 bonuses
]


def test_game_bonus_whole_match():
    scored = score("jokerless", GAME_BONUS, {"match": "game-bonus", "games_to_win": 2})
    assert [(d["game"], d["number"]) for d in scored["deals"]] == [
        (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)]
    games = scored["games"]
    assert [g["totals"] for g in games] == [[130, 4, 4], [0, 101, 7], [0, 0, 198], [198, 0, 0]]
    assert [g["bonus"] for g in games] == [[100, 0, 0], [0, 0, 0], [0, 0, 100], [100, 0, 0]]
    # DECISIONS 11: winners of a game are the bonus takers (maybe nobody)
    assert [g["winners"] for g in games] == [[0], [], [2], [0]]
    assert scored["games_won"] == [2, 0, 1]
    # grand totals with bonuses: 130+100+198+100, 4+101, 4+7+198+100
    assert scored["grand_totals"] == [528, 105, 309]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_game_bonus_not_finished_before_enough_bonuses():
    scored = score("jokerless", GAME_BONUS[:6], {"match": "game-bonus", "games_to_win": 2})
    assert scored["games_won"] == [1, 0, 1]
    assert scored["finished"] is False
    assert scored["next"]["game"] == 4 and scored["next"]["number"] == 1


def test_game_bonus_shared_and_grand_total_decides():
    # 1: W(0) [99,0,0]; 2: W(1) [99,99,0];
    # 3: bids [1,1,-] tricks [1,1,7]: two made, 1+20 each -> [120,120,7]: both 100+ and made -> +100 each
    deals = [W(0), W(1), {"bids": [1, 1, None], "tricks": [1, 1, 7]}]
    scored = score("jokerless", deals, {"match": "game-bonus", "games_to_win": 1})
    assert scored["games"][0]["bonus"] == [100, 100, 0]
    assert scored["games_won"] == [1, 1, 0]
    assert scored["grand_totals"] == [220, 220, 7]
    assert scored["finished"] is True
    assert scored["winners"] == [0, 1]


def test_game_bonus_game_ends_even_when_tied():
    # [99,0,0], [99,99,0], then N([1,1,7]) -> [100,100,7]: game over (no tie rule), nobody made: no bonus
    scored = score("jokerless", [W(0), W(1), N([1, 1, 7])], {"match": "game-bonus", "games_to_win": 1})
    assert scored["games"][0]["bonus"] == [0, 0, 0]
    assert scored["games"][0]["winners"] == []
    assert scored["finished"] is False
    assert scored["next"]["game"] == 2 and scored["next"]["number"] == 1


# -------------------------------------------------------------------------------- target

def test_target_ties_play_on():
    # target 100 (default): [99,0,0] [99,99,0] [102,102,3] tied -> play on; [103,102,11] -> seat 0
    deals = [W(0), W(1), N([3, 3, 3]), N([1, 0, 8])]
    scored = score("jokerless", deals[:3], {"match": "target"})
    assert scored["deals"][2]["totals"] == [102, 102, 3]
    assert scored["finished"] is False
    assert scored["next"]["game"] == 1 and scored["next"]["number"] == 4
    scored = score("jokerless", deals, {"match": "target"})
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert [d["game"] for d in scored["deals"]] == [1, 1, 1, 1]


def test_target_number():
    # target 200: W(0) x2 = 198 not yet; a third 297 ends it
    deals = [W(0), W(0), W(0)]
    assert score("jokerless", deals[:2], {"match": "target", "target": 200})["finished"] is False
    scored = score("jokerless", deals, {"match": "target", "target": 200})
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert scored["grand_totals"] == [297, 0, 0]
    with pytest.raises(MatchError) as info:
        score("jokerless", deals + [W(1)], {"match": "target", "target": 200})
    assert info.value.deal == 4 and info.value.field == "deals"


# --------------------------------------------------------------------------------- deals

def test_deals_format_shared_win():
    # 1: bids [2,3,4] all made: 12,13,14; 2: bids [3,2,-] tricks [3,2,4]: 23,22,4;
    # 3: all hidden tricks [4,4,1]. Totals: 39, 39, 19 -> shared win
    deals = [{"bids": [2, 3, 4], "tricks": [2, 3, 4]}, {"bids": [3, 2, None], "tricks": [3, 2, 4]},
             N([4, 4, 1])]
    opts = {"match": "deals", "deals": 3}
    scored = score("jokerless", deals[:2], opts)
    assert scored["finished"] is False
    assert scored["winners"] == []
    scored = score("jokerless", deals, opts)
    assert [d["totals"] for d in scored["deals"]] == [[12, 13, 14], [35, 35, 18], [39, 39, 19]]
    assert scored["finished"] is True
    assert scored["winners"] == [0, 1]
    assert scored["next"] is None
    with pytest.raises(MatchError) as info:
        score("jokerless", deals + [N([3, 3, 3])], opts)
    assert info.value.deal == 4 and info.value.field == "deals"
    assert str(info.value).startswith("deal 4: ")


@pytest.mark.parametrize("count", [1, 2, 4, 12])
def test_deals_any_positive_count(count):
    deals = [N([3, 3, 3]) for _ in range(count)]
    scored = score("jokerless", deals, {"match": "deals", "deals": count})
    assert scored["finished"] is True
    assert scored["winners"] == [0, 1, 2]              # 3 * count each: all tied
    assert scored["grand_totals"] == [3 * count] * 3
    assert score("jokerless", deals[:-1], {"match": "deals", "deals": count})["finished"] is False


def test_four_partners_winners_are_sides():
    # both deals: side 0 = 3+4+30 = 37, side 1 = 2+1+30 = 33
    d = {"bids": [3, 2, 4, 1], "tricks": [3, 2, 4, 1], "turn_up": "7H"}
    scored = score("four-partners", [d, dict(d, turn_up="8S")], {"match": "deals", "deals": 2})
    assert scored["grand_totals"] == [74, 66]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_four_partners_hundred_per_side():
    # each deal 37 / 33: after 3 deals [111, 99] -> game over, side 0
    d = {"bids": [3, 2, 4, 1], "tricks": [3, 2, 4, 1], "turn_up": "7H"}
    scored = score("four-partners", [d, d, d], {"match": "hundred", "games_to_win": 1})
    assert scored["deals"][2]["totals"] == [111, 99]
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert scored["games_won"] == [1, 0]


# ---------------------------------------------------------------------------- two-dummy

DUMMY_BIG = {"bids": [1, 1, 9], "tricks": [0, 0, 9], "turn_up": "7H",
             "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "declare"}]}
# dummy: 9 tricks + 30 (sole success) + 30 (exact) + 60 (both live declarers failed) = 129


def test_dummy_never_ends_a_game():
    scored = score("two-dummy", [DUMMY_BIG], {"match": "hundred", "games_to_win": 1})
    assert scored["deals"][0]["totals"] == [0, 0, 129]
    assert scored["finished"] is False
    assert scored["games"][0]["winners"] == []
    assert (scored["next"]["game"], scored["next"]["number"]) == (1, 2)


def test_dummy_never_wins():
    # deal 2: live hidden, dummy bid 0 took 0: exact, sole success: 30 + 30 -> dummy 189
    second = {"bids": [None, None, 0], "tricks": [5, 4, 0], "turn_up": "8S"}
    scored = score("two-dummy", [DUMMY_BIG, second], {"match": "deals", "deals": 2})
    assert scored["deals"][1]["points"] == [5, 4, 60]
    assert scored["grand_totals"] == [5, 4, 189]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_dummy_never_takes_a_game_bonus():
    # game-bonus: live seat 0 wins big twice with the dummy far ahead
    big0 = {"bids": [9, None, 0], "tricks": [9, 0, 0], "turn_up": "7H",
            "premiums": [{"seat": 0, "kind": "declare"}]}
    # seat 0: 9 + 20 + 30 = 59 (k=2 with the dummy exact at 0); dummy 0 + 20 + 30 = 50
    deals = [DUMMY_BIG, big0, big0]
    scored = score("two-dummy", deals, {"match": "game-bonus", "games_to_win": 1})
    assert [d["totals"] for d in scored["deals"]] == [[0, 0, 129], [59, 0, 179], [118, 0, 229]]
    assert scored["games"][0]["bonus"] == [100, 0, 0]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


# ------------------------------------------------------------------------------ eighteen

PILE = ["2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", "2H", "3H", "4H", "5H",
        "2S", "3S", "4S", "5S", "Joker", "Joker"]


def eighteen_deals(plan):
    return [dict(d, turn_up=card) for d, card in zip(plan, PILE)]


def test_eighteen_eighteen_deals_and_game_points():
    # 4 x W(0) = 396, 3 x W(1) = 297, 1 x W(2) = 99, then 10 x N([3,3,3]) = 30 each:
    # totals [426, 327, 129]; game points: first 4 (full hundreds), second 3 - 1 = 2, third 0
    plan = [W(0)] * 4 + [W(1)] * 3 + [W(2)] + [N([3, 3, 3])] * 10
    deals = eighteen_deals(plan)
    scored = score("eighteen", deals[:17])
    assert scored["finished"] is False
    scored = score("eighteen", deals)
    assert scored["deals"][-1]["totals"] == [426, 327, 129]
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert scored["game_points"] == [4, 2, 0]
    assert [d["trump"] for d in scored["deals"][-3:]] == ["spades", "no-trump", "no-trump"]


def test_eighteen_game_points_tied_first():
    # 2 x W(0), 2 x W(1), 14 x N([3,3,3]): [240, 240, 42]; tied first both score 2; third 0
    plan = [W(0)] * 2 + [W(1)] * 2 + [N([3, 3, 3])] * 14
    scored = score("eighteen", eighteen_deals(plan))
    assert scored["deals"][-1]["totals"] == [240, 240, 42]
    assert scored["winners"] == [0, 1]
    assert scored["game_points"] == [2, 2, 0]


def test_eighteen_game_points_second_never_below_zero():
    # 3 x W(0) = 297, 1 x W(2) = 99, 14 x N([4,1,4]): [353, 14, 155]
    # first 3; second (seat 2) 1 - 1 = 0; third 0
    plan = [W(0)] * 3 + [W(2)] + [N([4, 1, 4])] * 14
    scored = score("eighteen", eighteen_deals(plan))
    assert scored["deals"][-1]["totals"] == [353, 14, 155]
    assert scored["game_points"] == [3, 0, 0]


def test_eighteen_game_points_second_place():
    # 5 x W(0) = 495, 2 x W(1) = 198, 11 x N([2,5,2]): [517, 253, 22]
    # first 5; second 2 - 1 = 1; third 0
    plan = [W(0)] * 5 + [W(1)] * 2 + [N([2, 5, 2])] * 11
    scored = score("eighteen", eighteen_deals(plan))
    assert scored["deals"][-1]["totals"] == [517, 253, 22]
    assert scored["game_points"] == [5, 1, 0]
    with pytest.raises(MatchError) as info:
        score("eighteen", eighteen_deals(plan) + [N([3, 3, 3], turn_up="2C")])
    assert info.value.deal == 19 and info.value.field == "deals"


def test_dummy_higher_does_not_break_a_live_tie():
    # two-dummy hundred, live seats 0, 1 and the dummy (seat 2):
    # 1: both live declare and fail, dummy 9 of 9: [0, 0, 129]
    # 2: seat 0 declares 9, takes 9; dummy bid 5 took 0 (succeeds, not exact): k=2:
    #    seat 0 9+20+30 = 59, dummy 0+20 = 20                     -> [59, 0, 149]
    # 3: the same for seat 1                                      -> [59, 59, 169]
    # 4: both declare 4 and make, dummy 1 <= 5: k=3: 4+10+30 = 44 each, dummy 1+10 = 11
    #                                                             -> [103, 103, 180] live tie: play on
    # 5: live hidden, dummy bid 0 took 0 (exact, sole success): 5, 4, 0+30+30 -> [108, 107, 240]
    deals = [
        {"bids": [1, 1, 9], "tricks": [0, 0, 9],
         "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "declare"}]},
        {"bids": [9, None, 5], "tricks": [9, 0, 0], "premiums": [{"seat": 0, "kind": "declare"}]},
        {"bids": [None, 9, 5], "tricks": [0, 9, 0], "premiums": [{"seat": 1, "kind": "declare"}]},
        {"bids": [4, 4, 5], "tricks": [4, 4, 1],
         "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "declare"}]},
        {"bids": [None, None, 0], "tricks": [5, 4, 0]},
    ]
    for d, card in zip(deals, ["7H", "8H", "9H", "AH", "KH"]):
        d["turn_up"] = card
    opts = {"match": "hundred", "games_to_win": 1}
    scored = score("two-dummy", deals[:4], opts)
    assert [d["totals"] for d in scored["deals"]] == [[0, 0, 129], [59, 0, 149], [59, 59, 169],
                                                      [103, 103, 180]]
    assert scored["finished"] is False
    assert scored["next"]["dealer"] == 0 and scored["next"]["leader"] == 1
    scored = score("two-dummy", deals, opts)
    assert scored["deals"][-1]["totals"] == [108, 107, 240]
    assert [d["dealer"] for d in scored["deals"]] == [0, 1, 0, 1, 0]
    assert scored["finished"] is True
    assert scored["winners"] == [0]
    assert scored["games"][0]["winners"] == [0]


def test_four_partners_game_bonus_per_side():
    # DECISIONS 11: a side with 100+ that scored a contract bonus in the last deal takes the bonus.
    # each deal: side 0 37, side 1 33 -> after 3 deals [111, 99]: side 0 +100
    d = {"bids": [3, 2, 4, 1], "tricks": [3, 2, 4, 1], "turn_up": "7H"}
    scored = score("four-partners", [d, d, d], {"match": "game-bonus", "games_to_win": 1})
    assert scored["games"][0]["totals"] == [111, 99]
    assert scored["games"][0]["bonus"] == [100, 0]
    assert scored["games_won"] == [1, 0]
    assert scored["grand_totals"] == [211, 99]
    assert scored["finished"] is True
    assert scored["winners"] == [0]


def test_game_bonus_only_for_a_made_bid_even_at_the_top():
    # [99,0,0], [99,99,0], then seat 0 takes 9 tricks hidden (failed), seat 1 bid 1 took 0 (failed):
    # [108, 99, 0]: game over, seat 0 has 100+ but failed -> no bonus for anyone
    deals = [W(0), W(1), {"bids": [None, 1, None], "tricks": [9, 0, 0]}]
    scored = score("jokerless", deals, {"match": "game-bonus"})
    assert scored["games"][0]["totals"] == [108, 99, 0]
    assert scored["games"][0]["bonus"] == [0, 0, 0]
    assert scored["games"][0]["winners"] == []
    assert scored["grand_totals"] == [108, 99, 0]
    assert (scored["next"]["game"], scored["next"]["number"]) == (2, 1)


def test_eighteen_game_points_tied_second():
    # 4 x W(0) = 396, 2 x W(1) = 198, 2 x W(2) = 198, 10 x N([3,3,3]) -> [426, 228, 228]
    # first 4; seats 1 and 2 share second: 2 - 1 = 1 each
    plan = [W(0)] * 4 + [W(1)] * 2 + [W(2)] * 2 + [N([3, 3, 3])] * 10
    scored = score("eighteen", eighteen_deals(plan))
    assert scored["deals"][-1]["totals"] == [426, 228, 228]
    assert scored["game_points"] == [4, 1, 1]
    assert scored["winners"] == [0]


# The first deal of each game uses the ruleset's first-deal trump, whatever the last deal said.
def _five_win():
    # seat 0 declares 9 and takes 9 as the only success: 9 + 50 + 50 = 109 -> game over; k=1 (spades)
    return {"bids": [9, None, None, None, None], "tricks": [9, 0, 0, 0, 0],
            "premiums": [{"seat": 0, "kind": "declare"}]}


def _long_win():
    # seat 0 reveals 3 (=13) and takes 13: 30 + 60 = 90; seats 1, 2 bid 1 (=11), took 0: -1 each
    # misses 2 -> hearts
    return {"bids": [3, 1, 1], "tricks": [13, 0, 0], "premiums": [{"seat": 0, "kind": "reveal"}]}


def _four_win():
    # four-solo, trump by successes: seat 0 reveals 10 and takes 10 alone: 10 + 30 + 60 = 100; k=1
    return {"bids": [10, None, None, None], "tricks": [10, 0, 0, 0],
            "premiums": [{"seat": 0, "kind": "reveal"}]}


@pytest.mark.parametrize("ruleset, deals, options, trumps, games", [
    ("five", [_five_win(), _five_win()], None, ["no-trump", "no-trump"], [(1, 1), (2, 1)]),
    ("long", [_long_win(), _long_win(), _long_win()], None, ["diamonds", "hearts", "diamonds"],
     [(1, 1), (1, 2), (2, 1)]),
    ("four-solo", [_four_win(), _four_win()], {"trump": "successes"}, ["no-trump", "no-trump"],
     [(1, 1), (2, 1)]),
    ("four-solo", [_four_win(), _four_win()], {"trump": "successes", "first_trump": "diamonds"},
     ["diamonds", "diamonds"], [(1, 1), (2, 1)]),
    ("jokerless", [W(0), W(0), W(1)], {"first_trump": "no-trump"}, ["no-trump", "spades", "no-trump"],
     [(1, 1), (1, 2), (2, 1)]),
], ids=["five", "long", "four-solo-successes", "four-solo-successes-diamonds", "jokerless-no-trump"])
def test_first_deal_of_each_game_uses_first_deal_trump(ruleset, deals, options, trumps, games):
    scored = score(ruleset, deals, options)
    assert [d["trump"] for d in scored["deals"]] == trumps
    assert [(d["game"], d["number"]) for d in scored["deals"]] == games


@pytest.mark.parametrize("cards, refused", [
    (["2C", "3C", "2C"], "2C was turned already in this game (deal 1); each pile card comes up once a game"),
    (["Joker", "2C", "Joker", "Joker"], "Joker was turned already in this game (deal 1 and deal 3); each pile card comes up twice"),
])
def test_eighteen_never_turns_a_pile_card_more_often_than_the_pile_holds_it(cards, refused):
    deals = [dict(N([3, 3, 3]), turn_up=card) for card in cards]
    scored = score_match(parse_match(make_doc("eighteen", deals)))  # a stored repeat still scores
    assert [pile_card_problem(deal, n) for n, deal in enumerate(scored.deals[:-1], start=1)] == [None] * (len(cards) - 1)
    problem = pile_card_problem(scored.deals[-1], len(cards))
    assert problem is not None and problem.field == "turn_up" and problem.deal == len(cards)
    assert refused in problem.message


def test_eighteen_a_nineteenth_deal_starts_a_new_pile():
    deals = eighteen_deals([N([3, 3, 3])] * 18) + [dict(N([3, 3, 3]), turn_up="2C")]
    scored = score_match(parse_match(make_doc("eighteen", deals, {"deals": 19})))
    assert all(pile_card_problem(deal, n) is None for n, deal in enumerate(scored.deals, start=1))
