"""Scoring one deal: trick points, the contract bonus and premiums (RULES.md §1–2).

Each rule is one small function; ``score_deal`` puts them together for a ruleset's scoring style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bids import bid_values, is_made, missed_by
from .rulesets import LONG, PARTNER_SIDES, PARTNERS, SELF_PREMIUM, STREAK, Setup

Bids = Sequence[int | None]
Premiums = Sequence[tuple[int, str]]  # (seat, "declare" | "reveal")

DUMMY_EXACT_BONUS = 30  # two-dummy: a dummy that makes its bid exactly "declared" successfully
# four-partners [P]: both partners made their bids; neither, but the side's tricks equal its bids; one made.
SIDE_BONUS_BOTH, SIDE_BONUS_LEVEL, SIDE_BONUS_ONE = 30, 20, 10
STREAK_STEP = 10  # two-open [P]: 10 for a first success, 20 for a second in a row, ...


# What a part of a deal's points is (``Breakdown.parts``); the web words each kind.
TRICKS, CONTRACT, STREAK_BONUS, SIDE_BONUS, PREMIUM, PAID, EXACT, GAVE = (
    "tricks", "contract", "streak", "side", "premium", "paid", "exact", "gave")


@dataclass(frozen=True)
class Part:
    """One part of a seat's (or side's) points in one deal: what it is, and how many points."""

    kind: str       # TRICKS, CONTRACT, STREAK_BONUS, SIDE_BONUS, PREMIUM, PAID, EXACT or GAVE
    points: int
    count: int = 0  # PAID: how many failed declarers paid; STREAK_BONUS: the success in a row it is;
    #                 GAVE (0 points to this seat): what its failed premium gave each opponent
    seats: tuple[int, ...] = ()  # PAID: the failed declarers' seats that paid it


@dataclass(frozen=True)
class Breakdown:
    """A deal's points in parts. ``premium`` is every premium point (the JSON keeps three
    figures); ``paid`` and ``exact`` say how much of it came from failed declarers and from a
    dummy that took its bid exactly, so ``parts`` can tell them apart."""

    tricks: int
    contract: int
    premium: int
    paid: int = 0              # of ``premium``: paid by failed declarers (to each opponent)
    payers: tuple[int, ...] = ()  # the seats of the failed declarers that paid it
    exact: int = 0             # of ``premium``: two-dummy's dummy that took exactly its bid
    contract_kind: str = CONTRACT  # STREAK_BONUS in two-open, SIDE_BONUS in four-partners
    streak: int = 0            # two-open: the success in a row this bonus is for
    gave: int = 0              # a failed premium bidder's premium, given to each opponent (not its own loss)

    @property
    def total(self) -> int:
        return self.tricks + self.contract + self.premium

    @property
    def parts(self) -> tuple[Part, ...]:
        """The points in parts (those that are not zero), adding up to ``total``."""
        own = self.premium - self.paid - self.exact
        parts = [Part(TRICKS, self.tricks), Part(self.contract_kind, self.contract, self.streak),
                 Part(PREMIUM, own), Part(PAID, self.paid, len(self.payers), self.payers), Part(EXACT, self.exact),
                 Part(GAVE, 0, self.gave)]
        shown = [p for p in parts[1:] if p.points or (p.kind == GAVE and p.count)]
        # The tricks always, unless they score nothing and something else does (long scores no tricks).
        return tuple(shown if shown and not self.tricks else [parts[0], *shown])

    def to_json(self) -> dict[str, int]:
        return {"tricks": self.tricks, "contract": self.contract, "premium": self.premium}


@dataclass(frozen=True)
class DealOutcome:
    made: tuple[bool, ...]                # per seat (the dummy: it did not exceed its bid)
    breakdown: tuple[Breakdown, ...]      # per seat
    points: tuple[int, ...]               # per seat, or per side in four-partners
    successes: int                        # k: how many seats made their bid
    missed: int                           # long: total tricks all seats missed by
    side_breakdown: tuple[Breakdown, ...] | None = None


def sides_of(seats: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """four-partners: side 0 is seats 0 and 2, side 1 is seats 1 and 3."""
    assert seats == 4
    return PARTNER_SIDES


def made_flags(setup: Setup, bids: Bids, tricks: Sequence[int]) -> tuple[bool, ...]:
    flags = [is_made(bid, took, setup.ruleset.tricks) for bid, took in zip(bids, tricks, strict=True)]
    if setup.ruleset.has_dummy:
        # The dummy rarely makes its bid exactly, so it succeeds unless it took more [P][W].
        dummy_bid = bids[-1]
        flags[-1] = dummy_bid is not None and tricks[-1] <= dummy_bid
    return tuple(flags)


def contract_bonus(setup: Setup, made: Sequence[bool]) -> list[int]:
    """Each player who made the bid adds the bonus for k players having made theirs."""
    k = sum(made)
    return [setup.bonus.get(k, 0) if ok else 0 for ok in made]


def long_contract(setup: Setup, bids: Bids, tricks: Sequence[int], made: Sequence[bool]) -> list[int]:
    """long: 30/20/10 for a made bid, minus the tricks missed by for a missed one [P]."""
    bonus = contract_bonus(setup, made)
    # long refuses hidden bids, so a missed bid here always has a number.
    return [bonus[s] if made[s] else -missed_by(bids[s], tricks[s], setup.ruleset.tricks)  # type: ignore[arg-type]
            for s in range(len(made))]


def streak_bonus(made: Sequence[bool], streaks: Sequence[int]) -> list[int]:
    """two-open: 10 for a first success, 20 for a second in a row, and so on [P]."""
    return [STREAK_STEP * (streaks[s] + 1) if made[s] else 0 for s in range(len(made))]


def premium_points(setup: Setup, premiums: Premiums, made: Sequence[bool]) -> list[int]:
    return [own + paid for own, paid, _, _ in premium_shares(setup, premiums, made)]


def premium_shares(setup: Setup, premiums: Premiums, made: Sequence[bool]) -> list[tuple[int, int, tuple[int, ...], int]]:
    """Each seat's premium points as (its own premium, paid to it by failed declarers, the seats
    that paid, what its own failed premium gave each opponent).

    Declare 30 / reveal 60: to the bidder if made, else to each opponent [P][F][G][W].
    five and long: the bidder alone wins or loses it. two-dummy: a failed declarer pays the other
    seats except a fellow failed declarer, so two failed declarers pay the dummy 60 between them.
    """
    seats = len(made)
    own, paid, gave = [0] * seats, [0] * seats, [0] * seats
    payers: list[tuple[int, ...]] = [()] * seats
    failed = {seat for seat, _ in premiums if not made[seat]}
    for seat, kind in premiums:
        value = setup.ruleset.premium_value[kind]
        if setup.ruleset.scoring in (LONG, SELF_PREMIUM):
            own[seat] += value if made[seat] else -value
        elif made[seat]:
            own[seat] += value
        else:
            gave[seat] += value
            for other in range(seats):
                if other != seat and other not in failed:
                    paid[other] += value
                    payers[other] += (seat,)
    return list(zip(own, paid, payers, gave, strict=True))


def dummy_exact_bonus(setup: Setup, bids: Bids, tricks: Sequence[int]) -> list[int]:
    """two-dummy: the dummy 'declared' when it took exactly its bid, and earns a declarer's 30."""
    points = [0] * len(tricks)
    if setup.ruleset.has_dummy and bids[-1] is not None and tricks[-1] == bids[-1]:
        points[-1] = DUMMY_EXACT_BONUS
    return points


def side_bonus(setup: Setup, bids: Bids, tricks: Sequence[int], made: Sequence[bool], side: Sequence[int]) -> int:
    """four-partners: 30 both made, 20 neither but the side's tricks equal its bids, 10 one made [P]."""
    a, b = side
    if made[a] and made[b]:
        return SIDE_BONUS_BOTH
    if made[a] or made[b]:
        return SIDE_BONUS_ONE
    bid_a, bid_b, per = bids[a], bids[b], setup.ruleset.tricks
    if bid_a is None or bid_b is None:
        return 0
    sums = {x + y for x in bid_values(bid_a, per) for y in bid_values(bid_b, per)}
    return SIDE_BONUS_LEVEL if tricks[a] + tricks[b] in sums else 0


def score_deal(setup: Setup, bids: Bids, tricks: Sequence[int], premiums: Premiums,
               streaks: Sequence[int] = ()) -> DealOutcome:
    """Score one deal from resolved bids (numbers, None where hidden), tricks and premiums."""
    seats = len(tricks)
    style = setup.ruleset.scoring
    made = made_flags(setup, bids, tricks)
    k = sum(made)
    missed = sum(missed_by(bid, took, setup.ruleset.tricks)
                 for bid, took, ok in zip(bids, tricks, made, strict=True) if bid is not None and not ok)

    if style == PARTNERS:
        per_seat = tuple(Breakdown(tricks[s], 0, 0) for s in range(seats))
        sides = tuple(Breakdown(sum(tricks[s] for s in side), side_bonus(setup, bids, tricks, made, side), 0,
                                contract_kind=SIDE_BONUS)
                      for side in sides_of(seats))
        return DealOutcome(made, per_seat, tuple(b.total for b in sides), k, missed, sides)

    trick_points = [0] * seats if style == LONG else list(tricks)
    if style == LONG:
        contract = long_contract(setup, bids, tricks, made)
    elif style == STREAK:
        contract = streak_bonus(made, streaks or [0] * seats)
    else:
        contract = contract_bonus(setup, made)
    shares = premium_shares(setup, premiums, made)
    exact = dummy_exact_bonus(setup, bids, tricks)
    in_row = [(streaks[s] + 1 if streaks else 1) if style == STREAK and made[s] else 0 for s in range(seats)]
    breakdown = tuple(Breakdown(trick_points[s], contract[s], shares[s][0] + shares[s][1] + exact[s],
                                paid=shares[s][1], payers=shares[s][2], exact=exact[s], gave=shares[s][3],
                                contract_kind=STREAK_BONUS if style == STREAK else CONTRACT, streak=in_row[s])
                      for s in range(seats))
    return DealOutcome(made, breakdown, tuple(b.total for b in breakdown), k, missed)
