"""Random valid match documents, made with the core: for the benchmark and the property tests.

Each deal is dealt by the core (``deal_cards``), bids are chosen from what the hands can bid
(``possible_bids``) or given as numbers or kept hidden, tricks are shared out at random, and the
core checks the match with every new deal; a deal it refuses is dealt again more plainly.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from .bids import possible_bids
from .dealing import deal_cards
from .document import score_document
from .errors import MatchError
from .rulesets import RULESETS, get_ruleset

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
FORMATS = [{}, {"match": "deals", "deals": 9}, {"match": "deals", "deals": 27}, {"match": "hundred", "games_to_win": 1},
           {"match": "hundred", "games_to_win": 2}, {"match": "target", "target": 150}, {"match": "game-bonus", "games_to_win": 1}]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


def random_deal(rng: random.Random, ruleset_id: str, options: dict[str, Any], dealer: int, plain: bool) -> dict[str, Any]:
    ruleset = get_ruleset(ruleset_id)
    dealt = deal_cards(ruleset_id, seed=rng.randrange(2**62), dealer=dealer, options=options)
    tricks = split(rng, ruleset.tricks, ruleset.seats)
    premiums: list[dict[str, Any]] = []
    if ruleset.premium_kinds and not plain and rng.random() < 0.2:
        seat = rng.randrange(ruleset.players)
        premiums.append({"seat": seat, "kind": rng.choice(ruleset.premium_kinds)})
        if ruleset.trump_rule == "named":
            premiums[0]["trump"] = rng.choice(["clubs", "diamonds", "hearts", "spades"])
    holders = {p["seat"] for p in premiums}
    bids: list[Any] = []
    for seat in range(ruleset.seats):
        if dealt.dummy_bid is not None and seat == ruleset.seats - 1:
            bids.append(list(dealt.dummy_bid))  # the dummy's three set-aside cards
            continue
        wanted = tricks[seat] if rng.random() < 0.5 else rng.randint(0, 9)
        if (not plain and ruleset.hidden_bids and seat not in holders and wanted != tricks[seat]
                and rng.random() < 0.3):
            bids.append(None)
            continue
        # Three of the hand's own cards that make the bid, where it can make it (the core's search
        # of the hand is the slow part, so only now and then).
        as_cards = possible_bids(dealt.hands[seat], dealt.turn_up) if not plain and rng.random() < 0.3 else {}
        if wanted in as_cards:
            bids.append(list(rng.choice(as_cards[wanted])))
        else:
            bids.append(min(wanted, 9))
    deal: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if premiums:
        deal["premiums"] = premiums
    if dealt.turn_up is not None:
        deal["turn_up"] = dealt.turn_up
    return deal


def random_document(rng: random.Random, ruleset_id: str | None = None, max_deals: int = 30,
                    played_at: datetime | None = None, options: dict[str, Any] | None = None,
                    unfinished: float = 0.2) -> dict[str, Any]:
    """A valid match document: finished, or (with chance ``unfinished``) stopped part-way."""
    ruleset_id = ruleset_id or rng.choice(list(RULESETS))
    ruleset = get_ruleset(ruleset_id)
    names = rng.sample(NAMES, ruleset.players)
    options = dict(rng.choice(FORMATS) if options is None else options)
    document: dict[str, Any] = {"format": "ninety-nine/1", "ruleset": ruleset_id, "options": options,
                                "players": names, "first_dealer": rng.randrange(ruleset.players), "deals": []}
    scored = score_document(document)["scored"]
    stop = rng.randint(0, max_deals) if rng.random() < unfinished else max_deals
    while scored["next"] is not None and len(document["deals"]) < stop:
        for attempt in range(8):
            deal = random_deal(rng, ruleset_id, options, scored["next"]["dealer"], plain=attempt >= 4)
            try:
                scored = score_document({**document, "deals": [*document["deals"], deal]})["scored"]
            except MatchError:
                continue
            document["deals"].append(deal)
            break
        else:  # pragma: no cover - a plain deal is always valid
            raise RuntimeError(f"no valid deal found for {ruleset_id}")
    if played_at is None:
        played_at = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=rng.randrange(60 * 24 * 365))
    document["played_at"] = played_at.isoformat()
    document["updated_at"] = (played_at + timedelta(minutes=3 * len(document["deals"]))).isoformat()
    return document
