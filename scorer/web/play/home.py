"""The home screen: what a player at the table needs, never the whole database. The matches in
progress most recently played (to carry on where the table left off), the last few finished, and
a link to history for the rest.

A constant number of queries however many matches are stored: the matches of each list (by the
``ix_matches_state`` index), their seats, and the standing of every match listed at once from the
results cache (``records/results.py``: each match's last deal and its match rows), never the core's
score of each match.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import render_template
from sqlalchemy import Select, and_, false, or_, select
from sqlalchemy.orm import selectinload

from scorer.core import get_ruleset
from scorer.web.clock import as_utc
from scorer.web.data import publication
from scorer.web.data.models import Match, MatchResult, MatchSeat, SeatResult
from scorer.web.extensions import db
from scorer.web.language import gettext, pgettext
from scorer.web.play.blueprint import bp
from scorer.web.presentation import scoreboard

IN_PROGRESS = 20  # the matches in progress shown; the rest are in history
FINISHED = 5      # the last few finished


@dataclass(frozen=True)
class Standing:
    """Where a match stands, from the results cache: deals played, and the game being played with
    each scoring unit's total in it (None between games: ``game`` is about to start); and once it
    is over, the scoring units that won it (the core's winners, as the cache keeps them)."""

    deals: int
    game: int
    totals: list[int] | None
    winners: tuple[int, ...] = ()
    held_back: bool = False  # a faster table of a duplicate set: shown where every table has played to


def latest(finished: bool, limit: int) -> Select[tuple[Match]]:
    """The matches in play (or finished) most recently played. A table of a club night still on
    counts as in play until the night ends (``publication.counts_yet``): its finish is the night's
    to publish."""
    state = and_(Match.finished.is_(True), publication.counted_clause()) if finished else Match.finished.is_(False)
    return (select(Match).where(state, Match.deleted_at.is_(None))
            .order_by(Match.updated_at.desc(), Match.id.desc()).limit(limit)
            .options(selectinload(Match.seats).joinedload(MatchSeat.player)))


def in_play(limit: int) -> list[Match]:
    """The matches in play most recently played, with the tables of a club night still on that
    have finished (few: a second small query, so that the first keeps to its index)."""
    found = list(db.session.scalars(latest(False, limit)).unique())
    held = (select(Match).where(Match.finished.is_(True), Match.deleted_at.is_(None),
                                Match.id.in_(publication.held_matches()))
            .order_by(Match.updated_at.desc(), Match.id.desc()).limit(limit)
            .options(selectinload(Match.seats).joinedload(MatchSeat.player)))
    found += db.session.scalars(held).unique()
    return sorted(found, key=lambda match: (as_utc(match.updated_at), match.id), reverse=True)[:limit]


def standings(matches: list[Match]) -> dict[int, Standing]:
    """Each match's standing, in two queries whatever the number of matches or deals. A faster
    table of a duplicate set stands where every table has played to (``publication.list_cuts``):
    mid-game, at its last deal shown."""
    ids = [match.id for match in matches]
    played: dict[int, tuple[int, int]] = {}  # match -> (deals, finished games)
    won: dict[int, set[int]] = {}            # match -> the units that won it
    for match_id, seat, unit, deals, finished_games, winner in db.session.execute(
            select(MatchResult.match_id, MatchResult.seat, MatchResult.unit, MatchResult.deals,
                   MatchResult.games_played, MatchResult.won)
            .where(MatchResult.match_id.in_(ids))):
        if seat == 0:
            played[match_id] = (deals, finished_games)
        if winner:
            won.setdefault(match_id, set()).add(unit)
    # A faster table of a duplicate set stands where every table has played to, its result unsaid.
    cut = publication.list_cuts(matches, {key: deals for key, (deals, _) in played.items()})
    for match_id, shown in cut.items():
        played[match_id] = (shown, -1)  # -1: no game counted as finished, so its totals are shown
        won.pop(match_id, None)
    # Each match's last deal: its number is the match's count of deals (a primary-key lookup).
    last = [(match_id, deals) for match_id, (deals, _) in played.items() if deals]
    totals: dict[int, dict[int, int]] = {}
    games: dict[int, int] = {}
    for match_id, game, unit, total in db.session.execute(
            select(SeatResult.match_id, SeatResult.game, SeatResult.unit, SeatResult.total)
            # An OR of (match, deal) pairs, each a primary-key search: SQLite answers a row-value
            # IN list by scanning the whole table.
            .where(or_(false(), *(and_(SeatResult.match_id == match_id, SeatResult.deal == deal)
                                  for match_id, deal in last)))):
        totals.setdefault(match_id, {})[unit] = total
        games[match_id] = game
    found = {}
    for match in matches:
        deals, finished_games = played.get(match.id, (0, 0))
        game = games.get(match.id, 0)
        winners = tuple(sorted(won.get(match.id, ())))
        if deals == 0 or finished_games >= game:  # no deal yet, or the last one ended a game
            found[match.id] = Standing(deals, game + 1, None, winners, match.id in cut)
        else:
            units = totals[match.id]
            found[match.id] = Standing(deals, game, [units[unit] for unit in range(len(units))], winners, match.id in cut)
    return found


@bp.get("/")
def home() -> str:
    """The matches in progress, latest change first, then the last few finished."""
    in_progress = in_play(IN_PROGRESS + 1)
    more = len(in_progress) > IN_PROGRESS
    in_progress = in_progress[:IN_PROGRESS]
    finished = list(db.session.scalars(latest(True, FINISHED)).unique())
    return render_template("play/home.html", in_progress=in_progress, finished=finished, more=more,
                           standings=standings(in_progress + finished), get_ruleset=get_ruleset,
                           columns=columns_of, standing_words=standing_words)


def columns_of(match: Match) -> list[str]:
    """The labels of the match's scoring units (scoreboard.py), for the totals."""
    return [column.label for column in scoreboard.columns(match)]


def standing_words(match: Match, standing: Standing | None) -> str | None:
    """Who leads the game under way ("Ann leads", "Ann and Bob lead"), or who won the match ("Won by
    Ann", "A shared win: Ann and Bob"): what tells apart matches of the same players at a glance."""
    cols = scoreboard.columns(match)
    if standing is None:
        return None
    if match.finished and standing.held_back:
        return gettext("Its result waits for the other tables of its deal set")
    if match.finished:
        labels = [cols[unit].label for unit in standing.winners]
        if not labels:
            return gettext("No winner")
        return (gettext("A shared win: %(names)s", names=scoreboard.winners_label(labels)) if len(labels) > 1
                else gettext("Won by %(names)s", names=labels[0]))
    if not standing.totals:
        return None
    leading = scoreboard.highest({unit: total for unit, total in enumerate(standing.totals) if cols[unit].contender})
    labels = [cols[unit].label for unit in sorted(leading)]
    if not labels:
        return None
    many = scoreboard.plural_subject(sorted(leading), cols)
    said = scoreboard.winners_label(labels)
    return gettext("%(names)s lead", names=said) if many else pgettext("ahead in the score", "%(name)s leads", name=said)
