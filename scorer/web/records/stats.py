"""The statistics pages: every player side by side, and one player's figures, bids by size,
head-to-head and best deal, for all matches or a ruleset and period (``filters.PeriodForm``).
The figures are read by ``data/figures.py``, which says how they are added up."""

from __future__ import annotations

from dataclasses import dataclass

from flask import render_template
from flask_babel import format_decimal

from scorer.core import NINETY_NINE, RULESETS
from scorer.web.data import rating_reads, ratings_fold
from scorer.web.data.figures import (
    Scope,
    best_of,
    bid_table,
    everyone,
    figures_of,
    player_summary,
    rivals_of,
)
from scorer.web.data.models import Player
from scorer.web.extensions import db
from scorer.web.language import gettext, ngettext
from scorer.web.presentation import ratings as rating_words
from scorer.web.presentation import rules_words
from scorer.web.records.blueprint import bp
from scorer.web.records.filters import PeriodForm, read_filters

CHART_MATCHES = 60  # the matches a player's rating chart shows, the last ones (of the period)


@dataclass(frozen=True)
class KindRating:
    """A player's rating in one kind of game, for their page."""

    kind: str
    label: str
    last: rating_reads.Last
    sure: str
    change: str


@dataclass(frozen=True)
class RatingCharted:
    """The chart of a player's rating in the kind of game they played most (of the period)."""

    caption: str         # the kind and what the chart covers: "Three players, over 12 matches"
    chart: rating_words.RatingChart


def ratings_of(person: Player, scope: Scope) -> tuple[list[KindRating], RatingCharted | None]:
    """The player's rating in each kind of game they are rated in (the chosen ruleset's kind only),
    as it stood at the end of the period, and the chart of the kind they played most: one chart,
    whatever the number of kinds (the page's work does not grow with the matches)."""
    kinds = [ratings_fold.kind_of(scope.ruleset)] if scope.ruleset else None
    lines = []
    for kind, (last,) in rating_reads.player_histories(person.id, 1, scope.start, scope.end, kinds).items():
        lines.append(KindRating(kind, rating_words.kind_label(kind), last,
                                rating_words.sure_words(ratings_fold.sureness(last.after)),
                                rating_words.signed_change(last.change)))
    if not lines:
        return [], None
    most = max(lines, key=lambda line: line.last.played)  # the first of equals: kinds come in order
    history = rating_reads.player_histories(person.id, CHART_MATCHES, scope.start, scope.end, [most.kind])[most.kind]
    chart = rating_words.rating_chart(history, gettext("%(name)s's rating, %(kind)s", name=person.name,
                                                       kind=rating_words.kind_words(most.kind)))
    if most.last.played > len(history):
        caption = gettext("%(kind)s, over the last %(num)s matches", kind=most.label, num=len(history))
    else:
        caption = ngettext("%(kind)s, over %(num)s match", "%(kind)s, over %(num)s matches", len(history), kind=most.label)
    return lines, RatingCharted(caption, chart) if chart else None


def one_decimal(value: float) -> str:
    """A figure with one decimal, in the page's language: "2.5", "2,5" (rounded as Python rounds:
    Babel would round the decimal it reads, 2.45 to 2.4, where the float is a little above)."""
    return str(format_decimal(round(value, 1), format="0.0"))


# ---------------------------------------------------------------------------- pages


def scope_of(form: PeriodForm) -> Scope:
    start, end = form.bounds()
    return Scope(ruleset=form.ruleset.data or None, start=start, end=end)


@bp.get("/stats/")
def stats() -> tuple[str, int]:
    """Every player's figures side by side."""
    form = read_filters(PeriodForm)
    players = everyone(scope_of(form))
    status = 422 if any(f.errors for f in form) else 200
    return render_template("records/stats.html", form=form, players=players, filters=form.filters(),
                           rulesets=RULESETS), status


@bp.get("/stats/players/<int:player_id>")
def player_stats(player_id: int) -> tuple[str, int]:
    """One player: every figure, bids by size, premiums, best deal, and each opponent."""
    person = db.get_or_404(Player, player_id)
    form = read_filters(PeriodForm)
    scope = scope_of(form)
    # The player's summaries over the period, added up (summaries.py): one query.
    summary = player_summary(scope, person.id)
    figures = figures_of(person.id, person.name, summary)
    figures.by_bid = bid_table(summary)
    status = 422 if any(f.errors for f in form) else 200
    # The premiums the chosen ruleset has (none in four partners), every ruleset's without a choice.
    chosen = RULESETS.get(form.ruleset.data or "")
    kinds = set(chosen.premium_kinds) if chosen else {kind for r in RULESETS.values() for kind in r.premium_kinds}
    ratings, charted = ratings_of(person, scope)
    marks = rating_reads.states()
    stale = min((mark for r in ratings if (mark := marks.get(r.kind)) is not None), default=None)
    return render_template("records/player_stats.html", form=form, person=person, figures=figures,
                           premium_kinds=kinds, ratings=ratings, charted=charted,
                           updating=rating_words.updating(stale), live=rating_reads.versions(),
                           rivals=rivals_of(summary), best=best_of(summary),
                           ninety_nine=NINETY_NINE, sizes_note=rules_words.bid_sizes_note(),
                           average_bid="–" if figures.average_bid is None else one_decimal(figures.average_bid),
                           filters=form.filters(), rulesets=RULESETS), status


