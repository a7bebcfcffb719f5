"""A change of the history in a player's words: "Deal 4 edited: Ann's tricks 3 → 2"."""

from __future__ import annotations

from scorer.core import NO_TRUMP
from scorer.web.data.changes import DEAL, MATCH, RATINGS, RENAME, SEAT, Plan
from scorer.web.data.document_types import Bid, DealDocument
from scorer.web.data.models import Change
from scorer.web.language import gettext, pgettext
from scorer.web.presentation.formatting import bid_text, card_text


def premium_said(kind: str | None) -> str:
    """A premium as done: declare → declared, reveal → revealed; none."""
    words = {"declare": pgettext("premium", "declared"), "reveal": pgettext("premium", "revealed")}
    return words.get(kind or "", kind or "") if kind else pgettext("no premium, trump or card", "none")


def bid_said(bid: Bid) -> str:
    """A bid as the rest of the app shows it: a number, the bid cards' suits (♦ ♠ ♣), or "hidden"."""
    if bid is None:
        return pgettext("bid", "hidden")
    return bid_text(bid) if isinstance(bid, list) else str(bid)


def trump_said(trump: str | None) -> str:
    if not trump:
        return pgettext("no premium, trump or card", "none")
    return gettext("no trump") if trump == NO_TRUMP else card_text(trump)


def card_said(card: str | None) -> str:
    return card_text(card) if card else pgettext("no premium, trump or card", "none")


def deal_differences(before: DealDocument, after: DealDocument, names: list[str]) -> list[str]:
    """What an edit changed, seat by seat: "Ann's tricks 3 → 2"."""
    said = []
    for seat, (old, new) in enumerate(zip(before["bids"], after["bids"], strict=False)):
        if old != new:
            said.append(gettext("%(name)s's bid %(old)s → %(new)s", name=seat_name(names, seat), old=bid_said(old),
                                new=bid_said(new)))
    for seat, (old_tricks, new_tricks) in enumerate(zip(before["tricks"], after["tricks"], strict=False)):
        if old_tricks != new_tricks:
            said.append(gettext("%(name)s's tricks %(old)s → %(new)s", name=seat_name(names, seat), old=old_tricks,
                                new=new_tricks))
    old_premiums = {p["seat"]: p["kind"] for p in before.get("premiums", [])}
    new_premiums = {p["seat"]: p["kind"] for p in after.get("premiums", [])}
    for seat in sorted(set(old_premiums) | set(new_premiums)):
        if old_premiums.get(seat) != new_premiums.get(seat):
            said.append(gettext("%(name)s's premium %(old)s → %(new)s", name=seat_name(names, seat),
                                old=premium_said(old_premiums.get(seat)), new=premium_said(new_premiums.get(seat))))
    if before.get("turn_up") != after.get("turn_up"):
        said.append(gettext("turned card %(old)s → %(new)s", old=card_said(before.get("turn_up")),
                            new=card_said(after.get("turn_up"))))
    if before.get("trump") != after.get("trump"):
        said.append(gettext("trump %(old)s → %(new)s", old=trump_said(before.get("trump")),
                            new=trump_said(after.get("trump"))))
    return said


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else gettext("seat %(number)s", number=seat + 1)


def deal_summary(deal: DealDocument, names: list[str]) -> str:
    """Every seat's bid and tricks, then the premiums and the turned card: all a deal records."""
    said = [gettext("%(name)s bid %(bid)s, took %(tricks)s", name=seat_name(names, s), bid=bid_said(b), tricks=t)
            for s, (b, t) in enumerate(zip(deal["bids"], deal["tricks"], strict=False))]
    for premium in deal.get("premiums", []):
        name = seat_name(names, premium["seat"])
        said.append(gettext("%(name)s revealed", name=name) if premium["kind"] == "reveal"
                    else gettext("%(name)s declared", name=name))
    if deal.get("turn_up"):
        said.append(gettext("turned card %(card)s", card=card_text(deal["turn_up"] or "")))
    return "; ".join(said)


def undo_words(plan: Plan, names: list[str], diff_lines: list[str]) -> tuple[str, list[str]]:
    """What an undo will do (``writes.undo.plan``'s facts) in words: one sentence, and what it
    changes further on (``diff_lines``: the plan's ``ScoreDiff`` worded as an edit's preview)."""
    change, deal = plan.change, plan.deal
    if change.kind == MATCH:
        return (gettext("The match will be deleted: it goes to Recently deleted, from where it can be restored.")
                if change.before["deleted"] else gettext("The match will be restored, as it was.")), []
    if change.kind == RENAME:
        return gettext("%(new)s will be called %(old)s again, in every match.", new=change.after["name"],
                       old=change.before["name"]), []
    if change.kind == RATINGS:
        return ratings_undone(change.after, change.before), []
    if deal is None:  # a seat's holder
        name = seat_name(names, change.deal or 0)
        return (gettext("%(name)s's seat will be held again by the phone that held it before.", name=name)
                if change.before.get("holder")
                else gettext("%(name)s's seat will be free for the next phone to take it.", name=name)), []
    if deal.target is None:
        does = gettext("Deal %(number)s will be taken away, and its points from every total.", number=deal.number)
    elif deal.now is None:
        does = gettext("Deal %(number)s will come back: %(deal)s.", number=deal.number,
                       deal=deal_summary(deal.target, names))
    else:
        differences = deal_differences(deal.now, deal.target, names)
        does = (gettext("Deal %(number)s will go back to its earlier figures: %(changes)s.", number=deal.number,
                        changes=", ".join(differences)) if differences
                else gettext("Deal %(number)s will go back to its earlier figures: the same figures.",
                             number=deal.number))
    details = list(diff_lines)
    if plan.finished_after != plan.finished_before:
        details.append(gettext("The match will be over.") if plan.finished_after
                       else gettext("The match will no longer be over."))
    return does, details


def later_first(newer: Change | None, names: list[str]) -> str:
    """Why an undo was refused when a later change touched the same thing (``LaterChangeFirst``)."""
    if newer is None:
        return gettext("This is no longer as that change left it. Look at the history as it is now.")
    return gettext("This is no longer as that change left it. Undo the later change first: “%(change)s”.",
                   change=describe(newer, names))


def describe(change: Change, names: list[str]) -> str:
    """The change in a player's words, e.g. "Deal 4 edited: Ann's tricks 3 → 2"."""
    if change.kind == DEAL:
        if change.before is None:
            return gettext("Deal %(number)s recorded: %(deal)s", number=change.deal,
                           deal=deal_summary(change.after, names))
        if change.after is None:
            return gettext("Deal %(number)s deleted (it was: %(deal)s)", number=change.deal,
                           deal=deal_summary(change.before, names))
        differences = deal_differences(change.before, change.after, names)
        if not differences:
            return gettext("Deal %(number)s edited: nothing changed", number=change.deal)
        return gettext("Deal %(number)s edited: %(changes)s", number=change.deal, changes=", ".join(differences))
    if change.kind == RENAME:
        return gettext("%(old)s renamed %(new)s, in every match", old=change.before["name"], new=change.after["name"])
    if change.kind == SEAT:
        name = seat_name(names, change.deal or 0)
        if change.after.get("holder") is None:
            return gettext("%(name)s's seat handed over: the next phone to take it holds it", name=name)
        return gettext("%(name)s's seat given back to the phone that held it", name=name)
    if change.kind == RATINGS:
        return ratings_said(change.before, change.after)
    if change.after.get("deleted"):
        return gettext("Match deleted")
    return gettext("Match restored")


def ratings_said(before: dict[str, bool], after: dict[str, bool]) -> str:
    """The site manager's say over how a match counts in the ratings, as a change of the history."""
    if before.get("left_out") != after.get("left_out"):
        return gettext("Left out of the ratings") if after.get("left_out") else gettext("Counted in the ratings again")
    return (gettext("Confirmed for the ladder") if after.get("confirmed")
            else gettext("Confirmation for the ladder taken back"))


def ratings_undone(before: dict[str, bool], after: dict[str, bool]) -> str:
    """What undoing the site manager's say over the ratings will do: ``before`` is the state the
    change left, ``after`` the one the undo brings back."""
    if before.get("left_out") != after.get("left_out"):
        return (gettext("The match will count in the ratings as before: left out of the ratings.")
                if after.get("left_out")
                else gettext("The match will count in the ratings as before: counted in the ratings again."))
    return (gettext("The match will count in the ratings as before: confirmed for the ladder.")
            if after.get("confirmed")
            else gettext("The match will count in the ratings as before: confirmation for the ladder taken back."))
