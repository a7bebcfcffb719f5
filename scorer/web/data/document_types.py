"""The match document of MATCH-FORMAT.md as the web layer writes and reads it, as types.

Kept apart from ``documents`` (which scores) so that the models can name the shapes of the JSON
they store (a deal's bids and premiums) without importing what imports them.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

# A bid as recorded: a number, the three bid cards, or None (kept hidden, so failed).
Bid = int | list[str] | None


class PremiumDocument(TypedDict):
    """One premium of a deal (MATCH-FORMAT.md): who holds it, and in declared the suit named."""

    seat: int
    kind: str  # "declare" | "reveal"
    trump: NotRequired[str]


class DealDocument(TypedDict):
    """One entry of the match document's ``deals``: what was played, plus, where the app dealt,
    the cards (``hands``, ``dummy_bid``) and the ``seed`` they came from, and the trump the deal
    was played with when it was saved (``played_trump``: exports; the scorer ignores it)."""

    bids: list[Bid]
    tricks: list[int]
    premiums: list[PremiumDocument]
    turn_up: NotRequired[str]
    trump: NotRequired[str]
    hands: NotRequired[list[list[str]]]
    dummy_bid: NotRequired[list[str]]
    seed: NotRequired[int]
    played_trump: NotRequired[str]


def deal_document(bids: list[Bid], tricks: list[int], premiums: list[PremiumDocument] | None = None,
                  turn_up: str | None = None, trump: str | None = None) -> DealDocument:
    """One deal of the match document (MATCH-FORMAT.md) from what was played: the bids as
    recorded, the tricks, the premiums; the turned card and the trump only where there is one.
    The one place a deal becomes a document: a stored deal, a deal read from the form, an
    imported one."""
    deal: DealDocument = {"bids": bids, "tricks": tricks, "premiums": premiums or []}
    if turn_up is not None:
        deal["turn_up"] = turn_up
    if trump is not None:
        deal["trump"] = trump
    return deal


class DealtFields(TypedDict, total=False):
    """What the app's dealt cards add to a deal of the match document (``card_store``)."""

    turn_up: str
    hands: list[list[str]]
    dummy_bid: list[str]


class MatchDocument(TypedDict):
    """The match document of MATCH-FORMAT.md as the app writes it (exports add the fields marked
    NotRequired)."""

    format: str
    ruleset: str
    options: dict[str, Any]
    players: list[str]
    first_dealer: int
    deals: list[DealDocument]
    cards: NotRequired[str]
    played_at: NotRequired[str]
    updated_at: NotRequired[str]
    finished_at: NotRequired[str]  # when a finished match finished: its place in the ratings' order
    next_deal_dealt: NotRequired[bool]


def bid_words(bid: Bid) -> str:
    """A bid as it was recorded, in words: a number, the bid cards, or "hidden"."""
    if bid is None:
        return "hidden"
    if isinstance(bid, list):
        return " ".join(str(card) for card in bid)
    return str(bid)
