"""A change of the history in a player's words: "Deal 4 edited: Ann's tricks 3 → 2"."""

from __future__ import annotations

from scorer.core import NO_TRUMP
from scorer.web.data.document_types import Bid, DealDocument
from scorer.web.data.history import DEAL, MATCH, RATINGS, RENAME, SEAT, Plan
from scorer.web.data.models import Change
from scorer.web.presentation.formatting import bid_text, card_text


def premium_said(kind: str | None) -> str:
    """A premium as done: declare → declared, reveal → revealed; none."""
    if not kind:
        return "none"
    return f"{kind}d" if kind.endswith("e") else f"{kind}ed"


def bid_said(bid: Bid) -> str:
    """A bid as the rest of the app shows it: a number, the bid cards' suits (♦ ♠ ♣), or "hidden"."""
    if bid is None:
        return "hidden"
    return bid_text(bid) if isinstance(bid, list) else str(bid)


def trump_said(trump: str | None) -> str:
    return "none" if not trump else "no trump" if trump == NO_TRUMP else card_text(trump)


def deal_differences(before: DealDocument, after: DealDocument, names: list[str]) -> list[str]:
    """What an edit changed, seat by seat: "Ann's tricks 3 → 2"."""
    said = []
    for label, olds, news in (("bid", before["bids"], after["bids"]), ("tricks", before["tricks"], after["tricks"])):
        for seat, (old, new) in enumerate(zip(olds, news, strict=False)):
            if old != new:
                shown = bid_said if label == "bid" else str
                said.append(f"{seat_name(names, seat)}'s {label} {shown(old)} → {shown(new)}")
    old_premiums = {p["seat"]: p["kind"] for p in before.get("premiums", [])}
    new_premiums = {p["seat"]: p["kind"] for p in after.get("premiums", [])}
    for seat in sorted(set(old_premiums) | set(new_premiums)):
        if old_premiums.get(seat) != new_premiums.get(seat):
            said.append(f"{seat_name(names, seat)}'s premium {premium_said(old_premiums.get(seat))} → "
                        f"{premium_said(new_premiums.get(seat))}")
    if before.get("turn_up") != after.get("turn_up"):
        said.append(f"turned card {card_text(before.get('turn_up') or '') or 'none'} → {card_text(after.get('turn_up') or '') or 'none'}")
    if before.get("trump") != after.get("trump"):
        said.append(f"trump {trump_said(before.get('trump'))} → {trump_said(after.get('trump'))}")
    return said


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def deal_summary(deal: DealDocument, names: list[str]) -> str:
    """Every seat's bid and tricks, then the premiums and the turned card: all a deal records."""
    said = [f"{seat_name(names, s)} bid {bid_said(b)}, took {t}"
            for s, (b, t) in enumerate(zip(deal["bids"], deal["tricks"], strict=False))]
    said += [f"{seat_name(names, p['seat'])} {premium_said(p['kind'])}" for p in deal.get("premiums", [])]
    if deal.get("turn_up"):
        said.append(f"turned card {card_text(deal['turn_up'] or '')}")
    return "; ".join(said)


def undo_words(plan: Plan, names: list[str], diff_lines: list[str]) -> tuple[str, list[str]]:
    """What an undo will do (``writes.undo.plan``'s facts) in words: one sentence, and what it
    changes further on (``diff_lines``: the plan's ``ScoreDiff`` worded as an edit's preview)."""
    change, deal = plan.change, plan.deal
    if change.kind == MATCH:
        return ("The match will be deleted: it goes to Recently deleted, from where it can be restored."
                if change.before["deleted"] else "The match will be restored, as it was."), []
    if change.kind == RENAME:
        return f"{change.after['name']} will be called {change.before['name']} again, in every match.", []
    if change.kind == RATINGS:
        return f"The match will count in the ratings as before: {ratings_said(change.after, change.before).lower()}.", []
    if deal is None:  # a seat's holder
        name = seat_name(names, change.deal or 0)
        return (f"{name}'s seat will be held again by the phone that held it before." if change.before.get("holder")
                else f"{name}'s seat will be free for the next phone to take it."), []
    if deal.target is None:
        does = f"Deal {deal.number} will be taken away, and its points from every total."
    elif deal.now is None:
        does = f"Deal {deal.number} will come back: {deal_summary(deal.target, names)}."
    else:
        does = f"Deal {deal.number} will go back to its earlier figures: " + (
            ", ".join(deal_differences(deal.now, deal.target, names)) or "the same figures") + "."
    details = list(diff_lines)
    if plan.finished_after != plan.finished_before:
        details.append("The match will be over." if plan.finished_after else "The match will no longer be over.")
    return does, details


def later_first(newer: Change | None, names: list[str]) -> str:
    """Why an undo was refused when a later change touched the same thing (``LaterChangeFirst``)."""
    return "This is no longer as that change left it." + (
        f" Undo the later change first: “{describe(newer, names)}”." if newer is not None
        else " Look at the history as it is now.")


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
    if change.kind == RATINGS:
        return ratings_said(change.before, change.after)
    if change.after.get("deleted"):
        return "Match deleted"
    return "Match restored"


def ratings_said(before: dict[str, bool], after: dict[str, bool]) -> str:
    """The site manager's say over how a match counts in the ratings, as a change of the history."""
    if before.get("left_out") != after.get("left_out"):
        return "Left out of the ratings" if after.get("left_out") else "Counted in the ratings again"
    return "Confirmed for the ladder" if after.get("confirmed") else "Confirmation for the ladder taken back"
