"""Who holds the premium when several players offer to declare or reveal (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import MatchError
from .rulesets import Ruleset, get_ruleset

KINDS = ("declare", "reveal")


@dataclass(frozen=True)
class PremiumAward:
    premiums: tuple[tuple[int, str], ...]  # (seat, kind) the deal records
    may_raise: tuple[int, ...] = ()        # declarers ahead of the winning revealer, who may raise


def priority_order(players: int, dealer: int) -> list[int]:
    """Dealer's left first, the dealer last."""
    return [(dealer + 1 + i) % players for i in range(players)]


def award_premium(ruleset: Ruleset | str, offers: Sequence[str | None], dealer: int) -> PremiumAward:
    """Apply the priority: a reveal beats a declare whatever the seat; among equal offers the seat
    nearest the dealer's left wins. Where several may declare (five, two-dummy) every declarer holds one."""
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    if len(offers) != ruleset.seats:
        raise MatchError(f"premiums: {len(offers)} offers given, this ruleset has {ruleset.seats} seats",
                         code="offers-count", field="premiums", facts={"given": len(offers), "seats": ruleset.seats})
    if not 0 <= dealer < ruleset.players:
        raise MatchError(f"premiums: dealer {dealer} is not a seat that deals", code="dealer-not-a-dealer", field="premiums",
                         facts={"dealer": dealer})
    for seat, kind in enumerate(offers):
        if kind is None:
            continue
        if seat >= ruleset.players:
            raise MatchError("premiums: the dummy cannot declare", code="dummy-cannot-declare", field="premiums", seat=seat)
        if kind not in ruleset.premium_kinds:
            allowed = " or ".join(ruleset.premium_kinds) or "nothing"
            raise MatchError(f"premiums: {ruleset.name} allows {allowed}, not {kind!r}", code="premium-not-allowed",
                             field="premiums", seat=seat, facts={"ruleset": ruleset.id, "allowed": ruleset.premium_kinds, "kind": kind})

    order = priority_order(ruleset.players, dealer)
    if ruleset.several_premiums:
        return PremiumAward(tuple((seat, "declare") for seat in order if offers[seat] == "declare"))
    for kind in ("reveal", "declare"):
        for position, seat in enumerate(order):
            if offers[seat] == kind:
                ahead = order[:position] if kind == "reveal" else []
                return PremiumAward(((seat, kind),), tuple(s for s in ahead if offers[s] == "declare"))
    return PremiumAward(())
