"""A change of the history in a player's words: "Deal 4 edited: Ann's tricks 3 → 2"."""

from __future__ import annotations

from scorer.web.data.document_types import DealDocument, bid_words
from scorer.web.data.history import DEAL, RENAME, SEAT
from scorer.web.data.models import Change


def deal_differences(before: DealDocument, after: DealDocument, names: list[str]) -> list[str]:
    """What an edit changed, seat by seat: "Ann's tricks 3 → 2"."""
    said = []
    for label, olds, news in (("bid", before["bids"], after["bids"]), ("tricks", before["tricks"], after["tricks"])):
        for seat, (old, new) in enumerate(zip(olds, news, strict=False)):
            if old != new:
                said.append(f"{seat_name(names, seat)}'s {label} {bid_words(old)} → {bid_words(new)}")
    old_premiums = {p["seat"]: p["kind"] for p in before.get("premiums", [])}
    new_premiums = {p["seat"]: p["kind"] for p in after.get("premiums", [])}
    for seat in sorted(set(old_premiums) | set(new_premiums)):
        if old_premiums.get(seat) != new_premiums.get(seat):
            said.append(f"{seat_name(names, seat)}'s premium {old_premiums.get(seat, 'none')} → "
                        f"{new_premiums.get(seat, 'none')}")
    for field, label in (("turn_up", "turned card"), ("trump", "trump")):
        if before.get(field) != after.get(field):
            said.append(f"{label} {before.get(field) or 'none'} → {after.get(field) or 'none'}")
    return said


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def deal_summary(deal: DealDocument, names: list[str]) -> str:
    seats = [f"{seat_name(names, s)} bid {bid_words(b)}, took {t}"
             for s, (b, t) in enumerate(zip(deal["bids"], deal["tricks"], strict=False))]
    return "; ".join(seats)


def describe(change: Change, names: list[str]) -> str:
    """The change in a player's words, e.g. "Deal 4 edited: Ann's tricks 3 → 2"."""
    if change.kind == DEAL:
        if change.before is None:
            return f"Deal {change.deal} recorded: {deal_summary(change.after, names)}"
        if change.after is None:
            return f"Deal {change.deal} deleted (it was: {deal_summary(change.before, names)})"
        return f"Deal {change.deal} edited: " + (", ".join(deal_differences(change.before, change.after, names))
                                                  or "nothing changed")
    if change.kind == RENAME:
        return f"{change.before['name']} renamed {change.after['name']}, in every match"
    if change.kind == SEAT:
        name = seat_name(names, change.deal or 0)
        if change.after.get("holder") is None:
            return f"{name}'s seat handed over: the next phone to take it holds it"
        return f"{name}'s seat given back to the phone that held it"
    if change.after.get("deleted"):
        return "Match deleted"
    return "Match restored"
