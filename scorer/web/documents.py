"""The bridge to the scoring core: match rows in, a match document out, scores back.

Nothing here knows a rule. The web app builds the JSON document of MATCH-FORMAT.md from what
was stored (or from a deal being entered) and lets ``scorer.core.score_document`` validate and
score it; a ``MatchError`` comes back with the deal, field and seat to show the message beside.
"""

from __future__ import annotations

from typing import Any

from scorer.core import FORMAT, MatchError, score_document
from scorer.web.cards import card_store
from scorer.web.models import Match


def deal_document(bids: list[Any], tricks: list[Any], premiums: list[dict[str, Any]] | None = None,
                  turn_up: str | None = None, trump: str | None = None) -> dict[str, Any]:
    """One deal of the match document (MATCH-FORMAT.md) from what was played: the bids as
    recorded, the tricks, the premiums; the turned card and the trump only where there is one.
    The one place a deal becomes a document: a stored deal, a deal read from the form, an
    imported one."""
    deal: dict[str, Any] = {"bids": bids, "tricks": tricks, "premiums": premiums or []}
    if turn_up is not None:
        deal["turn_up"] = turn_up
    if trump is not None:
        deal["trump"] = trump
    return deal


def match_document(match: Match, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The match document of ``match``; ``deals`` replaces the stored deals when given.

    Where the app dealt the cards, each deal carries them (``hands``, ``dummy_bid``, the turned
    card), so the core refuses bid cards that were not in the bidder's hand.
    """
    if deals is None:
        deals = [deal.as_json() for deal in match.deals]
    if match.cards != card_store.TABLE:
        dealt = {row.number: row for row in match.dealt}
        deals = [{**deal, **card_store.document_fields(dealt.get(n))} for n, deal in enumerate(deals, start=1)]
    return {
        "format": FORMAT,
        "ruleset": match.ruleset,
        "options": dict(match.options),
        "players": match.player_names,
        "first_dealer": match.first_dealer,
        "deals": deals,
    }


def deals_with(match: Match, number: int, deal: dict[str, Any]) -> list[dict[str, Any]]:
    """The stored deals with ``deal`` in place as deal ``number`` (an edit, or the next deal)."""
    deals = [stored.as_json() for stored in match.deals]
    if number <= len(deals):
        deals[number - 1] = deal
    else:
        deals.append(deal)
    return deals


def score(match: Match, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The core's ``scored`` object for the match (raises ``MatchError`` if it breaks a rule)."""
    return score_document(match_document(match, deals))["scored"]


def message(error: MatchError) -> str:
    """The core's message for showing beside its field: the field name it starts with is dropped
    (the field's label says it) and the first letter capitalised."""
    text = error.message
    prefix = f"{error.field}: "
    if text.startswith(prefix):
        text = text[len(prefix):]
    return text[:1].upper() + text[1:]
