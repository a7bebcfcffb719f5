"""How ratings look: the ladder's lines, a match's rating changes in words, the chances before a
match, and a player's rating over time as a chart. Pure functions of what ``data/rating_reads``
and ``data/ratings_fold`` give; the numbers are theirs, only their words and layout are made here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.core import Ruleset, get_ruleset
from scorer.web.data import rating_reads, ratings, ratings_fold
from scorer.web.data.models import Match
from scorer.web.data.rating_reads import Last, Standing
from scorer.web.data.ratings import Position
from scorer.web.language import gettext, lazy_gettext, ngettext, pgettext
from scorer.web.presentation.charts import nice_step
from scorer.web.presentation.formatting import local_date, local_month

MINUS = "\N{MINUS SIGN}"
WHOLE = 100          # percent: the chances add up to it
SMALLEST_SPAN = 20   # rating points: the y axis of a flat chart still spans this much (layout)


# A kind of game in words, from the number of its players and whether they play in sides
# (``ratings_fold.kind_facts``): as a heading, and inside a sentence.
PLAYERS_LABEL = {2: lazy_gettext("Two players"), 3: lazy_gettext("Three players"), 4: lazy_gettext("Four players"),
                 5: lazy_gettext("Five players"), 6: lazy_gettext("Six players")}
PLAYERS_WORDS = {2: lazy_gettext("two players"), 3: lazy_gettext("three players"), 4: lazy_gettext("four players"),
                 5: lazy_gettext("five players"), 6: lazy_gettext("six players")}


def kind_label(kind: str) -> str:
    """A kind of game as a heading or a choice: "Three players", "Four players, partners"."""
    players, sides = ratings_fold.kind_facts(kind)
    return gettext("%(players)s, partners", players=PLAYERS_LABEL[players]) if sides else str(PLAYERS_LABEL[players])


def kind_words(kind: str) -> str:
    """A kind of game inside a sentence: "three players", "four players, partners"."""
    players, sides = ratings_fold.kind_facts(kind)
    return gettext("%(players)s, partners", players=PLAYERS_WORDS[players]) if sides else str(PLAYERS_WORDS[players])


def sure_words(sureness: str) -> str:
    """How sure a rating is (``ratings_fold.sureness``), in words: "new", "settling", "sure"."""
    return {ratings_fold.NEW: pgettext("rating", "new"), ratings_fold.SETTLING: pgettext("rating", "settling"),
            ratings_fold.SURE: pgettext("rating", "sure")}[sureness]


def signed_change(change: int) -> str:
    """"+18", "−6" (a minus sign, as every figure of the app), "±0"."""
    return f"+{change}" if change > 0 else f"{MINUS}{-change}" if change < 0 else "±0"


@dataclass(frozen=True)
class LadderLine:
    rank: int                # players with the same rating share a rank
    player_id: int
    name: str
    rating: int
    sure: str                # how sure the rating is, in words
    played: int
    change: str              # from their last match: "+18"
    rising: bool | None      # True up, False down, None unchanged


def ladder(standings: Sequence[Standing], names: Mapping[int, str]) -> list[LadderLine]:
    lines: list[LadderLine] = []
    for i, standing in enumerate(standings):
        rating = standing.last.after.shown
        rank = lines[-1].rank if lines and lines[-1].rating == rating else i + 1
        change = standing.last.change
        lines.append(LadderLine(rank, standing.player_id, names.get(standing.player_id, "?"), rating,
                                sure_words(ratings_fold.sureness(standing.last.after)), standing.in_period,
                                signed_change(change), None if change == 0 else change > 0))
    return lines


@dataclass(frozen=True)
class Ladder:
    """One kind's ladder as the page shows it: its lines, where its stored ratings stop being
    right while a change is folded in (``stale_since``), and how many finished matches it leaves
    out."""

    kind: str
    label: str
    lines: list[LadderLine]
    stale_since: Position | None
    left_out: int

    @property
    def updating(self) -> str | None:
        return updating(self.stale_since)

    @property
    def left_out_words(self) -> str | None:
        if not self.left_out:
            return None
        return ngettext("%(num)s finished match is left out.", "%(num)s finished matches are left out.", self.left_out)

    @property
    def empty_words(self) -> str:
        """What the ladder says with no line, unfiltered: no match of its kind finished yet."""
        return gettext("No %(kind)s match has been finished yet.", kind=kind_words(self.kind))


def lookalike_question(asked: Any) -> str:
    """"Кір looks like Kip, who has played here before. Did you mean Kip?" (``LikeKnownPlayer``)."""
    return gettext("%(typed)s looks like %(known)s, who has played here before. Did you mean %(known)s?",
                   typed=asked.typed, known=asked.known)


def updating(stale_since: Position | None) -> str | None:
    """"Updating after a change to a match of 12 Mar 2026…" while a change is folded in."""
    if stale_since is None:
        return None
    if stale_since[1] == 0:  # from the very beginning: a rebuild, or the ladder's rule changed
        return gettext("Updating every rating after a change of what the ladder counts…")
    return gettext("Updating after a change to a match of %(date)s…", date=local_date(stale_since[0]))


def rule_words(rule: str) -> str:
    """The rule the ladder follows, in words."""
    if rule == ratings.ONLY_CONFIRMED:
        return gettext("This ladder counts only the matches the site manager has confirmed.")
    return gettext("This ladder counts every finished match.")


def rule_summary(rule: str) -> str:
    """What each rule means, beside its choice on the site manager's page."""
    if rule == ratings.ONLY_CONFIRMED:
        return gettext("For a club: a match anyone could start, with any names, counts only once you confirm it. "
                       "Until then it shows on its own page and in the history, not on the ladder.")
    return gettext("For a home table: every match counts as soon as it is finished.")


def rule_changed(rule: str) -> str:
    return (gettext("The ladder now counts only the matches you confirm; every rating is worked out again.")
            if rule == ratings.ONLY_CONFIRMED
            else gettext("The ladder now counts every finished match; every rating is worked out again."))


def confirmed(count: int) -> str:
    return gettext("No match was confirmed.") if not count else ngettext(
        "%(num)s match confirmed: it counts in the ratings now.",
        "%(num)s matches confirmed: they count in the ratings now.", count)


STANDING_WORDS = {
    "leave-out": lazy_gettext("The match is left out of the ratings."),
    "count-in": lazy_gettext("The match counts in the ratings again."),
    "confirm": lazy_gettext("The match is confirmed: it counts in the ratings."),
    "unconfirm": lazy_gettext("The match's confirmation is taken back: it no longer counts in the ratings."),
}


def standing_changed(action: str) -> str:
    return str(STANDING_WORDS[action])


def standing_of(match: Match, rule: str) -> str:
    """How a match counts in the ratings, for its record."""
    if not match.finished:
        return gettext("It will count in the ratings once it is finished.")
    if match.left_out_at is not None:
        return gettext("The site manager left this match out of the ratings.")
    if rule == ratings.ONLY_CONFIRMED and match.confirmed_at is None:
        return gettext("It counts in the ratings once the site manager confirms it.")
    return gettext("It counts in the ratings.")


def match_changes(match: Match, names: Sequence[str]) -> str | None:
    """What the match did to its players' ratings, in seat order: "Ann +18, Bob −6, Cy −12";
    None until it is finished (an unfinished match is not rated)."""
    if not match.finished:
        return None
    changes = rating_reads.match_changes(match)
    parts = [f"{name} {signed_change(changes[seat.player_id].change)}"
             for seat, name in zip(match.seats, names, strict=False) if seat.player_id in changes]
    return ", ".join(parts) if parts else None


@dataclass(frozen=True)
class Chance:
    label: str
    percent: int

    @property
    def share(self) -> float:
        """The chance as a part of the whole (0.46), for the locale's percent sign."""
        return self.percent / WHOLE


@dataclass(frozen=True)
class Forecast:
    """The chances of a match about to start, as the ratings of its kind of game see them."""

    kind: str            # "three players", as a sentence says it
    lines: list[Chance]
    rated: int           # how many of its players have a rating yet (none: the chances are even)


def forecast(ruleset: Ruleset, players: Sequence[int], names: Sequence[str]) -> Forecast:
    """Each side's (each player's) chance to win a match of ``ruleset`` between ``players`` (in
    seat order; an id no player has, such as a negative one, is someone new), per openskill."""
    kind = ratings_fold.kind_of(ruleset.id)
    current = rating_reads.KindView(kind).current()
    units: dict[int, list[int]] = {}
    labels: dict[int, list[str]] = {}
    for seat, (player, name) in enumerate(zip(players, names, strict=True)):
        units.setdefault(ruleset.unit_of(seat), []).append(player)
        labels.setdefault(ruleset.unit_of(seat), []).append(name)
    order = sorted(units)
    odds = ratings_fold.chances(kind, [units[unit] for unit in order], current)
    rated = sum(1 for player in players if (kind, player) in current)
    return Forecast(kind_words(kind), chances([" & ".join(labels[unit]) for unit in order], odds), rated)


def match_forecast(match: Match, names: Sequence[str]) -> Forecast | None:
    """The forecast of a stored match, shown until its first deal is recorded (the ratings rate
    whole matches: they say nothing honest about one under way)."""
    if match.deals:
        return None
    ruleset = get_ruleset(match.ruleset)
    return forecast(ruleset, [seat.player_id for seat in match.seats][:ruleset.players], names[:ruleset.players])


def chances(labels: Sequence[str], odds: Sequence[float]) -> list[Chance]:
    """Each unit's chance to win, as whole percents that add up to 100 (largest remainders)."""
    raw = [max(0.0, odd) * WHOLE for odd in odds]
    whole = [int(value) for value in raw]
    for i in sorted(range(len(raw)), key=lambda i: raw[i] - whole[i], reverse=True)[:WHOLE - sum(whole)]:
        whole[i] += 1
    return [Chance(label, percent) for label, percent in zip(labels, whole, strict=True)]


@dataclass(frozen=True)
class RatingChart:
    """A player's shown rating after each of their last matches, laid out for an inline SVG."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    points: str                        # the polyline's "x,y x,y ..."
    y_ticks: list[tuple[float, int]]   # (y, rating)
    x_labels: list[tuple[float, str, str]]  # (x, "Mar 2026", its text-anchor)
    summary: str                       # for a screen reader


def rating_chart(history: Sequence[Last], label: str) -> RatingChart | None:
    """The chart of ``history`` (oldest first, with the rating before the first match as its
    first point); None with fewer than two matches."""
    if len(history) < 2:
        return None
    values = [history[0].before.shown, *(last.after.shown for last in history)]
    width, height, left, right, top, bottom = 340, 180, 44, 332, 12, 156
    low, high = min(values), max(values)
    step = nice_step(max(high - low, SMALLEST_SPAN), 4)
    low, high = (low // step) * step, -(-high // step) * step
    high = max(high, low + step)

    x_step, y_scale = (right - left) / (len(values) - 1), (bottom - top) / (high - low)

    def x(i: int) -> float:
        return round(left + x_step * i, 1)

    def y(value: float) -> float:
        return round(bottom - y_scale * (value - low), 1)

    points = " ".join(f"{left + x_step * i:.1f},{bottom - y_scale * (value - low):.1f}" for i, value in enumerate(values))
    # The month of the first, the middle and the last match under the axis (each once).
    shown: list[tuple[float, str, str]] = []  # (x, month, text-anchor: the edges' labels kept inside)
    for i in sorted({1, (len(history) + 1) // 2, len(history)}):
        month = local_month(history[i - 1].rated_at)
        if not shown or shown[-1][1] != month:
            shown.append((x(i), month, "end" if i == len(history) else "start" if i == 1 else "middle"))
    # (Two matches at least: the sentence is always in the plural.)
    summary = gettext("%(label)s: %(first)s before the first of these %(num)s matches, %(last)s after the last; "
                      "lowest %(low)s, highest %(high)s.", label=label, first=values[0], num=len(history),
                      last=values[-1], low=min(values), high=max(values))
    return RatingChart(width, height, left, right, top, bottom, points,
                       [(y(value), value) for value in range(low, high + 1, step)], shown, summary)
