"""A stored match as the document an export writes (MATCH-FORMAT.md, plus when it was played and
last changed, and the cards where the app handled them): what ``records/exports.py`` serves and
what an import compares a document with to recognise a match it stored already."""

from __future__ import annotations

from datetime import datetime

from scorer.core import MatchScore
from scorer.web.data import card_store, documents, publication, results
from scorer.web.data.document_types import DealDocument, MatchDocument
from scorer.web.data.models import Match


def timestamp(value: datetime) -> str:
    return results.as_utc(value).isoformat()


def export_document(match: Match) -> MatchDocument:
    """The match document of what was played (MATCH-FORMAT.md), plus when the match was played
    and last changed. Exactly what an import stores, so export → import → export is the same."""
    document = documents.match_document(match)
    for deal, row in zip(document["deals"], match.deals, strict=True):
        if row.played_trump is not None:  # the trump it was scored at when saved (an edit never rewrites it)
            deal["played_trump"] = row.played_trump
    if match.cards != card_store.TABLE:
        document["cards"] = match.cards
        dealt_cards(match, document["deals"])
        if not match.finished:
            # The app dealt it when the last deal was saved (or the match began), or it came in
            # play with an import: either way it must not be dealt again elsewhere.
            document["next_deal_dealt"] = True
    document["played_at"] = timestamp(match.created_at)
    document["updated_at"] = timestamp(match.updated_at)
    if match.finished_at is not None:  # its place in the ratings' order, which an import keeps
        document["finished_at"] = timestamp(match.finished_at)
    return document


def dealt_cards(match: Match, deals: list[DealDocument]) -> None:
    """Add to each recorded deal the cards the app dealt, as far as they may be seen: hands only
    once public, the seed only once it predicts nothing still to come. A deal in a duplicate set
    that another table is still to record keeps its bid cards to itself too (its bid as a number)."""
    dealt = {row.number: row for row in match.dealt}
    scored: MatchScore | None = None
    for number, deal in enumerate(deals, start=1):
        row = dealt.get(number)
        if row is None:
            continue
        if not publication.cards_public(match, number):
            scored = scored or documents.score(match)
            deal["bids"] = [bid if not isinstance(bid, list) else scored.deals[number - 1].bids[seat]
                            for seat, bid in enumerate(deal["bids"])]
            continue
        deal.update(card_store.document_fields(row, with_hands=True))
        scored = scored or documents.score(match)
        if publication.seed_visible(match, number, scored):
            deal["seed"] = row.seed
