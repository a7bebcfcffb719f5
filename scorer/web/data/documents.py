"""The bridge to the scoring core: match rows in, a match document out, scores back.

Nothing here knows a rule. The web app builds the JSON document of MATCH-FORMAT.md from what
was stored (or from a deal being entered) and lets ``scorer.core`` validate and score it: the
answer is the core's typed ``MatchScore`` (``DealScore``, ``GameScore``, ``NextDeal``), never the
JSON ``scored`` object. A ``MatchError`` comes back with the deal, field and seat to show its
problem beside (worded by ``presentation/problem_words.py``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Text, cast, inspect, select

from scorer.core import FORMAT, MatchRecord, MatchScore, ScoreMemo, dealer_of, make_setup, parse_match
from scorer.web.data import card_store
from scorer.web.data.document_types import DealDocument, MatchDocument, deal_document
from scorer.web.data.models import Deal, Match
from scorer.web.extensions import db


def match_document(match: Match, deals: list[DealDocument] | None = None, hands_for: int | None = None) -> MatchDocument:
    """The match document of ``match``; ``deals`` replaces the stored deals when given.

    Where the app turned or dealt the cards, each deal carries the turned card; deal
    ``hands_for`` also its hands (and ``dummy_bid``), so that the core refuses bid cards that
    were not in the bidder's hand. Only for a deal whose cards are public: the core's answer
    would tell what a hand holds (``card_store.document_fields``).
    """
    if deals is None:
        deals = [deal.as_json() for deal in match.deals]
    if match.cards != card_store.TABLE:
        dealt = {row.number: row for row in match.dealt}
        deals = [{**deal, **card_store.document_fields(dealt.get(n), n == hands_for)}
                 for n, deal in enumerate(deals, start=1)]
    return {
        "format": FORMAT,
        "ruleset": match.ruleset,
        "options": dict(match.options),
        "players": match.player_names,
        "first_dealer": match.first_dealer,
        "deals": deals,
    }


def stored_deals(match: Match) -> list[DealDocument]:
    """The match's stored deals as documents, read as plain columns: what a save needs of every
    deal, without loading each as a ``Deal`` object (the objects, with their times, cost about
    twice as much to read, and a save at deal 200 reads 199 of them). The JSON columns come as
    their text and are decoded in one ``json.loads`` for all the deals: half the time again of
    decoding 600 small values one by one. A deal stored without premiums (SQL NULL) has none."""
    if "deals" not in inspect(match).unloaded:  # loaded already in this request: as they stand
        return [deal.as_json() for deal in match.deals]
    rows = db.session.execute(select(cast(Deal.bids, Text), cast(Deal.tricks, Text), cast(Deal.premiums, Text),
                                     Deal.turn_up, Deal.trump)
                              .where(Deal.match_id == match.id).order_by(Deal.number)).all()
    decoded = json.loads("[" + ",".join(f"[{bids},{tricks},{premiums or 'null'}]" for bids, tricks, premiums, _, _ in rows) + "]")
    return [deal_document(bids, tricks, premiums, row[3], row[4]) for (bids, tricks, premiums), row in zip(decoded, rows, strict=True)]


def deals_with(match: Match, number: int, deal: DealDocument,
               stored: list[DealDocument] | None = None) -> list[DealDocument]:
    """The stored deals (``stored``, when read already) with ``deal`` in place as deal ``number``
    (an edit, or the next deal)."""
    deals = list(stored_deals(match) if stored is None else stored)
    if number <= len(deals):
        deals[number - 1] = deal
    else:
        deals.append(deal)
    return deals


def dealer_for(match: Match, number: int) -> int:
    """Who deals deal ``number``, as the core says, without scoring the match."""
    record = MatchRecord(setup=make_setup(match.ruleset, match.options), players=tuple(match.player_names),
                         first_dealer=match.first_dealer)
    return dealer_of(record, number - 1)


def next_dealer(match: Match) -> int:
    """Who deals after the match's last deal, as the core passes the deal on: a rematch's first dealer."""
    return dealer_of(parse_match(match_document(match)), match.deal_count())


def register(app: Flask) -> None:
    app.extensions["scorer.scores"] = ScoreMemo()


def score(match: Match, deals: list[DealDocument] | None = None, hands_for: int | None = None) -> MatchScore:
    """The core's score of the match (raises ``MatchError`` if it breaks a rule).

    Through the app's ``ScoreMemo``: a match scored before with the same deals, or with all but
    the last (a save, the scoreboard after it, the next preview), is scored from where it stood,
    so a save at deal 200 checks and scores one deal, not 200. The answer is the core's either way."""
    memo: ScoreMemo = current_app.extensions["scorer.scores"]
    _, scored = memo.score(match_document(match, deals, hands_for))
    return scored


def content_hash(ruleset: str, options: dict[str, Any], first_dealer: int, cards: str,
                 deals: list[DealDocument]) -> str:
    """A fingerprint of what was played (not who, nor when): the ruleset, the options in force,
    the first dealer, who handled the cards and each deal's bids, tricks, premiums and turned
    card. Equal fingerprints make two matches candidates for being the same; an import then
    compares them in full. migrations/versions/0004_player_names.py holds a frozen copy."""
    played = [deal_document(deal["bids"], deal["tricks"], deal.get("premiums"), deal.get("turn_up"), deal.get("trump"))
              for deal in deals]  # what was played only: no cards or seeds an export may add
    canonical = json.dumps({"ruleset": ruleset, "options": options, "first_dealer": first_dealer, "cards": cards,
                            "deals": played}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def match_hash(match: Match) -> str:
    """``content_hash`` of a stored match."""
    return content_hash(match.ruleset, dict(match.options), match.first_dealer, match.cards,
                        [deal.as_json() for deal in match.deals])


def document_hash(match: Match, document: MatchDocument) -> str:
    """``match_hash`` from the match's document made already (``match_document(match)``): the
    same fingerprint, without reading every deal again."""
    return content_hash(match.ruleset, dict(match.options), match.first_dealer, match.cards, document["deals"])
