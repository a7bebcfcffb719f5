"""Every kind of bad document gives one MatchError naming the deal and the field.

MATCH-FORMAT.md "Errors"; CORE-API.md (MatchError: .deal, .field, .seat; `deal N: <field> ...`
for a deal, `<field>: ...` for the header); DECISIONS 2, 3, 8, 9, 14, 15.
The bad deal is always the third one (after two good deals) so `deal 3: ` is checked.
"""

from __future__ import annotations

import copy

import pytest
from coredocs import NAMES, PLAIN, PLAYERS, TURN_UP

from scorer.core import MatchError, parse_match, score_document, score_match


def good_deal(ruleset, options=None):
    bids, tricks = PLAIN[ruleset]
    d = {"bids": list(bids), "tricks": list(tricks)}
    if ruleset in TURN_UP and (options or {}).get("trump") != "successes":
        d["turn_up"] = TURN_UP[ruleset]
    return d


def make_doc(ruleset, third, options=None, players=None):
    """Two good deals, then `third` (a dict merged over a good deal; a None value deletes the key)."""
    d3 = good_deal(ruleset, options)
    for k, v in third.items():
        if v is None:
            d3.pop(k, None)
        else:
            d3[k] = v
    d = {"format": "ninety-nine/1", "ruleset": ruleset,
         "players": players or NAMES[:PLAYERS[ruleset]], "first_dealer": 0,
         "deals": [good_deal(ruleset, options), good_deal(ruleset, options), d3]}
    if options is not None:
        d["options"] = options
    return d


def check_error(doc, deal, field, seat="any"):
    original = copy.deepcopy(doc)
    with pytest.raises(MatchError) as info:
        score_document(doc)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.deal == deal
    assert err.field == field
    if seat != "any":
        assert err.seat == seat
    msg = str(err)
    assert "\n" not in msg
    if deal is None:
        assert msg.startswith(f"{field}: "), msg
    else:
        assert msg.startswith(f"deal {deal}: "), msg
        assert field in msg, msg
    # parse_match raises the same error; the document is not modified
    with pytest.raises(MatchError) as info2:
        score_match(parse_match(copy.deepcopy(original)))
    assert str(info2.value) == msg
    assert doc == original
    return err


# ---------------------------------------------------------------------- tricks do not add up

@pytest.mark.parametrize("ruleset, tricks, total, expected", [
    ("classic", [3, 3, 2], 8, 9),
    ("jokerless", [4, 3, 3], 10, 9),
    ("four-solo", [3, 3, 2, 1], 9, 10),
    ("four-partners", [3, 3, 3, 2], 11, 10),
    ("long", [4, 4, 4], 12, 13),
    ("five", [2, 2, 2, 2, 2], 10, 9),
    ("two-dummy", [3, 3, 2], 8, 9),
    ("two-open", [7, 7], 14, 13),
], ids=["classic", "jokerless", "four-solo", "four-partners", "long", "five", "two-dummy", "two-open"])
def test_tricks_that_do_not_add_up(ruleset, tricks, total, expected):
    bids = [4, 4, 5] if ruleset == "long" else PLAIN[ruleset][0]
    err = check_error(make_doc(ruleset, {"tricks": tricks, "bids": list(bids)}), 3, "tricks")
    assert str(err) == f"deal 3: tricks add up to {total}, a deal of this ruleset has {expected}"


# --------------------------------------------------------------------------- deal errors

# (id, ruleset, options, third-deal changes, field, seat)
DEAL_ERRORS = [
    # tricks
    ("tricks-too-few-entries", "classic", None, {"tricks": [4, 5]}, "tricks", "any"),
    ("tricks-too-many-entries", "classic", None, {"tricks": [3, 3, 3, 0]}, "tricks", "any"),
    ("tricks-negative", "classic", None, {"tricks": [-1, 5, 5]}, "tricks", 0),
    ("tricks-not-a-number", "classic", None, {"tricks": [3, "3", 3]}, "tricks", 1),
    ("tricks-missing", "classic", None, {"tricks": None}, "tricks", "any"),
    ("two-dummy-tricks-without-dummy", "two-dummy", None, {"tricks": [5, 4]}, "tricks", "any"),
    # bids
    ("bids-too-few-entries", "classic", None, {"bids": [None, None]}, "bids", "any"),
    ("bids-missing", "classic", None, {"bids": None}, "bids", "any"),
    ("two-dummy-bids-without-dummy", "two-dummy", None, {"bids": [None, None]}, "bids", "any"),
    ("bid-out-of-range-10", "classic", None, {"bids": [None, 10, None]}, "bids", 1),
    ("bid-out-of-range-negative", "jokerless", None, {"bids": [-1, None, None]}, "bids", 0),
    ("bid-out-of-range-four-11", "four-solo", None, {"bids": [None, None, 11, None]}, "bids", 2),
    ("bid-out-of-range-long-14", "long", None, {"bids": [4, 14, 5]}, "bids", 1),
    ("bid-out-of-range-five-10", "five", None, {"bids": [None, None, None, None, 10]}, "bids", 4),
    ("bid-not-a-number", "classic", None, {"bids": ["three", None, None]}, "bids", 0),
    ("bid-cards-two", "classic", None, {"bids": [["D", "S"], None, None]}, "bids", 0),
    ("bid-cards-four", "classic", None, {"bids": [None, ["D", "S", "C", "H"], None]}, "bids", 1),
    ("bid-card-not-in-pack-2h", "classic", None, {"bids": [["2H", "AS", "KD"], None, None]}, "bids", 0),
    ("bid-card-not-in-pack-12h", "jokerless", None, {"bids": [None, ["12H", "AS", "KD"], None]}, "bids", 1),
    ("bid-card-not-in-pack-long-nine", "long", None, {"bids": [4, ["9S", "AS", "KS"], 5]}, "bids", 1),
    ("bid-card-not-in-pack-two-open-6", "two-open", None, {"bids": [["6H", "AS", "KD"], None]}, "bids", 0),
    ("bid-card-garbage", "classic", None, {"bids": [["XY", "AS", "KD"], None, None]}, "bids", 0),
    ("bid-card-twice-same-seat", "classic", None, {"bids": [["AS", "AS", "KD"], None, None]}, "bids", "any"),
    ("bid-card-twice-across-seats", "classic", None,
     {"bids": [["AS", "KD", "QD"], None, ["as", "JD", "10D"]]}, "bids", "any"),
    ("bid-card-twice-symbols", "jokerless", None,
     {"bids": [["A♠", "KD", "QD"], ["AS", "JD", "10D"], None]}, "bids", "any"),
    ("joker-in-jokerless", "jokerless", None, {"bids": [["Joker", "AS", "KD"], None, None]}, "bids", 0),
    ("joker-in-four-with-successes", "four-solo", {"trump": "successes"},
     {"bids": [["Joker", "AS", "KD"], None, None, None]}, "bids", 0),
    ("joker-without-turn-up-at-no-trump", "classic", None,
     {"turn_up": None, "trump": "no-trump", "bids": [["Joker", "AS", "KD"], None, None]}, "bids", 0),
    # hidden bids where refused
    ("hidden-four-partners", "four-partners", None, {"bids": [3, 3, None, 2]}, "bids", 2),
    ("hidden-long", "long", None, {"bids": [None, 4, 5]}, "bids", 0),
    ("hidden-declarer", "classic", None,
     {"bids": [None, None, None], "premiums": [{"seat": 1, "kind": "declare"}]}, "bids", 1),
    ("hidden-dummy", "two-dummy", None, {"bids": [None, None, None]}, "bids", 2),
    # premiums
    ("two-premiums", "classic", None,
     {"bids": [3, 3, None], "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "declare"}]},
     "premiums", "any"),
    ("two-premiums-declare-reveal", "jokerless", None,
     {"bids": [3, 3, None], "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 1, "kind": "reveal"}]},
     "premiums", "any"),
    ("two-premiums-four-solo", "four-solo", None,
     {"bids": [3, 3, None, None],
      "premiums": [{"seat": 0, "kind": "reveal"}, {"seat": 1, "kind": "reveal"}]}, "premiums", "any"),
    ("two-premiums-long", "long", None,
     {"premiums": [{"seat": 0, "kind": "declare"}, {"seat": 2, "kind": "declare"}]}, "premiums", "any"),
    ("same-seat-twice", "classic", None,
     {"bids": [3, None, None], "premiums": [{"seat": 0, "kind": "declare"}, {"seat": 0, "kind": "declare"}]},
     "premiums", "any"),
    ("reveal-in-five", "five", None,
     {"bids": [2, None, None, None, None], "premiums": [{"seat": 0, "kind": "reveal"}]}, "premiums", 0),
    ("reveal-in-two-dummy", "two-dummy", None,
     {"bids": [3, None, 3], "premiums": [{"seat": 0, "kind": "reveal"}]}, "premiums", 0),
    ("declare-in-four-partners", "four-partners", None,
     {"premiums": [{"seat": 1, "kind": "declare"}]}, "premiums", "any"),
    ("declare-in-two-open", "two-open", None,
     {"bids": [3, None], "premiums": [{"seat": 0, "kind": "declare"}]}, "premiums", "any"),
    ("premium-for-the-dummy", "two-dummy", None,
     {"premiums": [{"seat": 2, "kind": "declare"}]}, "premiums", 2),
    ("premium-seat-out-of-range", "classic", None,
     {"premiums": [{"seat": 3, "kind": "declare"}]}, "premiums", "any"),
    ("premium-unknown-kind", "classic", None,
     {"bids": [3, None, None], "premiums": [{"seat": 0, "kind": "shout"}]}, "premiums", 0),
    ("declared-premium-without-trump", "declared", None,
     {"bids": [3, None, None], "premiums": [{"seat": 0, "kind": "declare"}]}, "premiums", 0),
    # turn-up and trump
    ("turn-up-missing", "classic", None, {"turn_up": None}, ("turn_up", "trump"), "any"),
    ("turn-up-not-in-pack", "classic", None, {"turn_up": "3H"}, "turn_up", "any"),
    ("turn-up-garbage", "classic", None, {"turn_up": "QQ"}, "turn_up", "any"),
    ("turn-up-not-in-two-open-pack", "two-open", None, {"turn_up": "6H"}, "turn_up", "any"),
    ("eighteen-turn-up-not-a-pile-card", "eighteen", None, {"turn_up": "AS"}, "turn_up", "any"),
    ("two-dummy-no-joker", "two-dummy", None, {"turn_up": "Joker"}, "turn_up", "any"),
    ("turn-up-with-trump-by-successes", "four-solo", {"trump": "successes"}, {"turn_up": "7H"}, "turn_up", "any"),
    ("trump-disagrees-with-turn-up", "classic", None, {"turn_up": "7H", "trump": "clubs"}, "trump", "any"),
    ("trump-disagrees-nine", "classic", None, {"turn_up": "9H", "trump": "hearts"}, "trump", "any"),
    ("trump-disagrees-with-successes", "jokerless", None, {"trump": "clubs"}, "trump", "any"),
    ("trump-unknown-name", "classic", None, {"turn_up": None, "trump": "stars"}, "trump", "any"),
    ("two-dummy-bid-card-is-the-turn-up", "two-dummy", None,
     {"turn_up": "7H", "bids": [["7H", "AS", "KS"], None, 3]}, ("bids", "turn_up"), "any"),
    ("joker-in-two-dummy", "two-dummy", None, {"bids": [["Joker", "AS", "KS"], None, 3]}, "bids", 0),
    ("joker-in-eighteen", "eighteen", None, {"bids": [["Joker", "AS", "KS"], None, None]}, "bids", 0),
    ("pile-card-in-eighteen", "eighteen", None, {"bids": [None, ["2H", "AS", "KS"], None]}, "bids", 1),
    ("joker-in-five", "five", None, {"bids": [None, None, ["Joker", "AS", "KS"], None, None]}, "bids", 2),
    ("joker-in-four-partners-successes", "four-partners", {"trump": "successes"},
     {"bids": [["Joker", "AS", "KS"], 3, 2, 2]}, "bids", 0),
    ("declared-trump-disagrees-with-named", "declared", None,
     {"bids": [3, None, None], "premiums": [{"seat": 0, "kind": "declare", "trump": "clubs"}],
      "trump": "hearts"}, "trump", "any"),
    ("declared-trump-without-premium-disagrees", "declared", None, {"trump": "hearts"}, "trump", "any"),
    ("turn-up-in-jokerless", "jokerless", None, {"turn_up": "7H"}, "turn_up", "any"),
    ("turn-up-in-five", "five", None, {"turn_up": "7H"}, "turn_up", "any"),
    ("turn-up-in-long", "long", None, {"turn_up": "7H"}, "turn_up", "any"),
    ("bid-card-is-the-turn-up", "classic", None,
     {"turn_up": "7H", "bids": [["7H", "AS", "KD"], None, None]}, ("bids", "turn_up"), "any"),
    ("joker-when-joker-turned", "classic", None,
     {"turn_up": "Joker", "bids": [["Joker", "AS", "KD"], None, None]}, ("bids", "turn_up"), "any"),
]


@pytest.mark.parametrize("case", DEAL_ERRORS, ids=[c[0] for c in DEAL_ERRORS])
def test_deal_error(case):
    _, ruleset, options, third, field, seat = case
    doc = make_doc(ruleset, third, options)
    if isinstance(field, tuple):
        with pytest.raises(MatchError) as info:
            score_document(doc)
        assert info.value.deal == 3
        assert info.value.field in field
        assert str(info.value).startswith("deal 3: ")
        assert info.value.field in str(info.value)
    else:
        check_error(doc, 3, field, seat)


@pytest.mark.parametrize("trump", ["no-trump"])
def test_declared_no_trump_call_refused_by_default(trump):
    doc = make_doc("declared", {"bids": [3, None, None],
                                "premiums": [{"seat": 0, "kind": "declare", "trump": trump}]})
    with pytest.raises(MatchError) as info:
        score_document(doc)
    assert info.value.deal == 3
    assert info.value.field in ("premiums", "trump")
    assert str(info.value).startswith("deal 3: ")


def test_deal_after_the_match_has_ended():
    # jokerless `deals` 2: the third deal is one too many
    check_error(make_doc("jokerless", {}, {"match": "deals", "deals": 2}), 3, "deals")


def test_deal_not_an_object():
    doc = make_doc("classic", {})
    doc["deals"][2] = [1, 2, 3]
    with pytest.raises(MatchError) as info:
        score_document(doc)
    assert info.value.deal == 3
    assert str(info.value).startswith("deal 3: ")


# ------------------------------------------------------------------------- header errors

# (id, change to the document, field)
HEADER_ERRORS = [
    ("unknown-ruleset", {"ruleset": "ninety-ten"}, "ruleset"),
    ("ruleset-missing", {"ruleset": None}, "ruleset"),
    ("unsupported-variant", {"ruleset": "naughty-nun"}, "ruleset"),
    ("other-format", {"format": "ninety-nine/2"}, "format"),
    ("unknown-option", {"options": {"colour": "red"}}, "options.colour"),
    ("bad-match", {"options": {"match": "sprint"}}, "options.match"),
    ("bad-first-trump", {"options": {"first_trump": "hearts"}}, "options.first_trump"),
    ("option-not-in-ruleset-trump", {"options": {"trump": "successes"}}, "options.trump"),
    ("option-not-in-ruleset-no-trump-call", {"options": {"allow_no_trump_call": True}},
     "options.allow_no_trump_call"),
    ("bad-no-trump-play", {"options": {"no_trump_play": "sideways"}}, "options.no_trump_play"),
    ("deals-zero", {"options": {"match": "deals", "deals": 0}}, "options.deals"),
    ("deals-negative", {"options": {"match": "deals", "deals": -9}}, "options.deals"),
    ("deals-not-a-number", {"options": {"match": "deals", "deals": "nine"}}, "options.deals"),
    ("games-to-win-bad", {"options": {"match": "hundred", "games_to_win": "x"}}, "options.games_to_win"),
    ("target-bad", {"options": {"match": "target", "target": "lots"}}, "options.target"),
    ("too-few-players", {"players": ["Ann", "Bob"]}, "players"),
    ("too-many-players", {"players": ["Ann", "Bob", "Cy", "Di"]}, "players"),
    ("players-missing", {"players": None}, "players"),
    ("first-dealer-out-of-range", {"first_dealer": 3}, "first_dealer"),
    ("first-dealer-negative", {"first_dealer": -1}, "first_dealer"),
    ("deals-not-a-list", {"deals": {"bids": [1, 2, 3]}}, "deals"),
]


@pytest.mark.parametrize("case", HEADER_ERRORS, ids=[c[0] for c in HEADER_ERRORS])
def test_header_error(case):
    _, change, field = case
    doc = make_doc("jokerless", {})
    for k, v in change.items():
        if v is None:
            del doc[k]
        else:
            doc[k] = v
    check_error(doc, None, field)


@pytest.mark.parametrize("ruleset, options, names, field", [
    ("four-solo", None, NAMES[:3], "players"),
    ("four-partners", None, NAMES[:5], "players"),
    ("five", None, NAMES[:4], "players"),
    ("two-open", None, NAMES[:3], "players"),
    ("two-dummy", None, NAMES[:3], "players"),      # the dummy has no name
    ("classic", {"trump": "successes"}, None, "options.trump"),
    ("jokerless", {"allow_no_trump_call": True}, None, "options.allow_no_trump_call"),
    ("declared", {"trump": "turn-up"}, None, "options.trump"),
    ("four-solo", {"trump": "dealer"}, None, "options.trump"),
    ("declared", {"allow_no_trump_call": "maybe"}, None, "options.allow_no_trump_call"),
], ids=["four-solo-3-players", "four-partners-5-players", "five-4-players", "two-open-3-players",
        "two-dummy-3-names", "classic-trump-option", "jokerless-no-trump-call", "declared-trump-option",
        "four-solo-bad-trump", "declared-bad-bool"])
def test_header_error_per_ruleset(ruleset, options, names, field):
    doc = make_doc(ruleset, {}, options)
    if names is not None:
        doc["players"] = names
    check_error(doc, None, field)


def test_two_dummy_first_dealer_cannot_be_the_dummy():
    doc = make_doc("two-dummy", {})
    doc["first_dealer"] = 2
    check_error(doc, None, "first_dealer")


def test_missing_format_is_accepted():
    doc = make_doc("jokerless", {})
    del doc["format"]
    assert score_document(doc)["scored"]["deals"][2]["points"] == [3, 3, 3]


@pytest.mark.parametrize("ruleset, options", [
    ("jokerless", {"match": "hundred", "deals": 9, "target": 200}),
    ("jokerless", {"match": "deals", "games_to_win": 2}),
    ("jokerless", {"match": "target", "deals": 18}),
    ("classic", {"no_trump_play": "all-trump"}),
    ("jokerless", {"first_trump": "no-trump", "no_trump_play": "normal"}),
    ("four-solo", {"trump": "turn-up"}),
    ("declared", {"allow_no_trump_call": False}),
    ("jokerless", {}),
], ids=["hundred-with-others", "deals-with-games", "target-with-deals", "classic-all-trump",
        "first-trump", "four-solo-trump-turn-up", "declared-no-call", "empty"])
def test_options_accepted(ruleset, options):
    # DECISIONS 15: deals, games_to_win and target are accepted beside any match
    scored = score_document(make_doc(ruleset, {}, options))["scored"]
    assert len(scored["deals"]) == 3
