"""What the core tests share: player names, seats per ruleset, a harmless turned card, documents."""

from __future__ import annotations

from scorer.core import score_document

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
PLAYERS = {"classic": 3, "jokerless": 3, "declared": 3, "eighteen": 3, "long": 3,
           "four-solo": 4, "four-partners": 4, "five": 5, "two-dummy": 2, "two-open": 2}
# A card that can be turned up in each ruleset that turns one (not a Nine, not a Joker).
TURN_UP = {"classic": "7H", "eighteen": "3H", "four-solo": "7H", "four-partners": "7H",
           "two-dummy": "7H", "two-open": "7H"}

# A deal nobody can object to in each ruleset (and that cannot end a game): bids, tricks.
PLAIN = {
    "classic": ([None, None, None], [3, 3, 3]),
    "jokerless": ([None, None, None], [3, 3, 3]),
    "declared": ([None, None, None], [3, 3, 3]),
    "eighteen": ([None, None, None], [3, 3, 3]),
    "long": ([4, 4, 5], [4, 4, 5]),
    "four-solo": ([None, None, None, None], [3, 3, 2, 2]),
    "four-partners": ([3, 3, 2, 2], [3, 3, 2, 2]),
    "five": ([None, None, None, None, None], [2, 2, 2, 2, 1]),
    "two-dummy": ([None, None, 3], [3, 3, 3]),
    "two-open": ([None, None], [7, 6]),
}


def make_doc(ruleset, deals, options=None, first_dealer=0):
    d = {"format": "ninety-nine/1", "ruleset": ruleset,
         "players": NAMES[:PLAYERS[ruleset]], "first_dealer": first_dealer, "deals": deals}
    if options is not None:
        d["options"] = options
    return d


def score(ruleset, deals, options=None, first_dealer=0):
    return score_document(make_doc(ruleset, deals, options, first_dealer))["scored"]
