"""`flask --app scorer check`: is every stored match one the core accepts, and does every cached
figure agree with the core's score?

It also adds up, from the core's scores, the statistics summaries every player should have
(``summaries.py``) and reports each stored one that differs.

For each match it reports: a match the scoring core refuses (a deal after the end, figures that
break a rule), deal numbers that are not 1, 2, 3… in order, a ``finished`` flag that disagrees with
the core, and every results-cache row (``seat_results``, ``match_results``) that is missing, extra,
or holds a figure other than the one the core's score gives (``results.expected_rows``). It exits
with status 1 when it found anything, 0 when not. It changes nothing: each match is read under its
lock (locking.py), so a save in progress is seen whole or not at all, and the lock is let go again.
Only the ratings' catch-up may write: a kind marked stale is folded first (``rating_problems``).

`flask --app scorer stats rebuild` (``writes/maintenance.py``) writes every derived figure again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import click
from flask.cli import AppGroup
from sqlalchemy import select

from scorer.core import MatchError
from scorer.web.data import documents, locking, publication, rating_reads, results, summaries, summary_upkeep
from scorer.web.data.models import Match, MatchResult, SeatResult
from scorer.web.extensions import db
from scorer.web.records.blueprint import bp
from scorer.web.writes import maintenance
from scorer.web.writes import ratings as rating_writes

# `flask check` at the top level, carried by the records blueprint, and the `stats` group beside it.
stats_cli = AppGroup("stats", help="The statistics' results cache.")
bp.cli.add_command(stats_cli)
CATCH_UP_WAIT = 30.0  # seconds flask check waits for another process's fold of the ratings

SEAT_KEY = ("deal", "seat")
MATCH_KEY = ("seat",)
MAX_PER_MATCH = 20  # differences listed per match before "and N more"


def stored_rows(model: type[SeatResult] | type[MatchResult], match_id: int) -> list[dict[str, Any]]:
    columns = [column.key for column in model.__table__.columns]
    rows = db.session.scalars(select(model).where(model.match_id == match_id)).all()
    return [{key: getattr(row, key) for key in columns} for row in rows]


def row_differences(table: str, key: tuple[str, ...], expected: Iterable[dict[str, Any]],
                    found: Iterable[dict[str, Any]]) -> Iterator[str]:
    """What differs between the rows the core gives and the rows stored, one line each."""
    want = {tuple(row[k] for k in key): row for row in expected}
    have = {tuple(row[k] for k in key): row for row in found}
    for ident in sorted(want.keys() | have.keys()):
        where = f"{table} " + " ".join(f"{k} {v}" for k, v in zip(key, ident, strict=True))
        if ident not in have:
            yield f"{where}: missing"
        elif ident not in want:
            yield f"{where}: a row the core's score does not have"
        else:
            for column, value in want[ident].items():
                stored = have[ident].get(column)
                if results.comparable(stored) != results.comparable(value):
                    yield f"{where}: {column} is {stored!r}, the core says {value!r}"


def add_days(days: dict[summaries.Key, summaries.Summary] | None, seat_rows: list[dict[str, Any]],
             match_rows: list[dict[str, Any]], match: Match) -> None:
    """Gather the day summaries these results rows of ``match`` give into ``days`` (None: not
    asked for; nothing for a table of a club night still on, which no summary counts yet)."""
    if days is not None and publication.counts_yet(match):
        for key, summary in summaries.summarise(seat_rows, match_rows).items():
            days.setdefault(key, summaries.Summary()).add(summary)


def keep_stored(match: Match, days: dict[summaries.Key, summaries.Summary] | None) -> None:
    """A match the core cannot score keeps its cached rows (``stats rebuild`` leaves them): its
    part of the summaries is what those rows give, so that it is reported once, not per summary."""
    add_days(days, stored_rows(SeatResult, match.id), stored_rows(MatchResult, match.id), match)


def match_problems(match: Match, days: dict[summaries.Key, summaries.Summary] | None = None) -> list[str]:
    """Everything wrong with one match and its cached figures (empty: nothing). ``days`` gathers
    the day summaries the core's score of the match gives, for ``summary_problems``."""
    numbers = [deal.number for deal in match.deals]
    if numbers != list(range(1, len(numbers) + 1)):
        keep_stored(match, days)
        return [f"deal numbers are {numbers}, not 1 to {len(numbers)} in order"]
    try:
        scored = documents.score(match)
    except MatchError as error:
        keep_stored(match, days)
        return [f"the scoring core refuses it: {error}"]
    problems = [f"seat {seat.seat}'s copy of the match's date is {seat.match_created_at}, the match's is {match.created_at}"
                for seat in match.seats if results.comparable(seat.match_created_at) != results.comparable(match.created_at)]
    if match.finished != scored.finished:
        problems.append(f"finished is {match.finished}, the core says {scored.finished}")
    seat_rows, match_rows = results.expected_rows(match, scored)
    add_days(days, seat_rows, match_rows, match)
    problems += row_differences("seat_results", SEAT_KEY, seat_rows, stored_rows(SeatResult, match.id))
    problems += row_differences("match_results", MATCH_KEY, match_rows, stored_rows(MatchResult, match.id))
    return problems


def summary_problems(days: dict[summaries.Key, summaries.Summary]) -> list[str]:
    """Every stored summary (summaries.py) that differs from the one the core's scores give."""
    lines = []
    want = summaries.with_months(days)
    have = summary_upkeep.stored()
    for key in sorted(want.keys() | have.keys()):
        player, ruleset, span, start = key
        where = f"player_summaries player {player} {ruleset} {span} {start.isoformat()}"
        if key not in have:
            lines.append(f"{where}: missing")
        elif key not in want:
            lines.append(f"{where}: a row the core's scores do not have")
        else:
            expected, found = want[key].as_row(), have[key].as_row()
            lines += [f"{where}: {name} is {found[name]!r}, the core says {value!r}"
                      for name, value in expected.items() if results.comparable(found[name]) != results.comparable(value)]
    return lines


def check_all() -> tuple[int, list[str]]:
    """Check every match, then the statistics summaries; returns how many matches were checked
    and one line per problem."""
    checked, lines = 0, []
    days: dict[summaries.Key, summaries.Summary] = {}
    for match_id in db.session.scalars(select(Match.id).where(Match.deleted_at.is_(None)).order_by(Match.id)).all():
        if locking.lock_match(match_id, bump=False) is None:
            continue  # deleted meanwhile
        match = db.session.get_one(Match, match_id)
        problems = match_problems(match, days)
        label = f"match {match_id} ({', '.join(match.player_names)}; {match.ruleset})"
        db.session.rollback()  # nothing was changed: let the lock go
        db.session.expunge_all()  # keep memory flat over thousands of matches
        checked += 1
        lines += [f"{label}: {problem}" for problem in problems[:MAX_PER_MATCH]]
        if len(problems) > MAX_PER_MATCH:
            lines.append(f"{label}: and {len(problems) - MAX_PER_MATCH} more differences")
    lines += summary_problems(days)
    lines += rating_problems()
    db.session.rollback()
    return checked, lines


def rating_problems() -> list[str]:
    """The ratings every page reads against a fold of every counted match from scratch, and each
    player's rating as it stands against their last stored step. A kind still marked stale is
    brought up to date first (as the catch-up would, within seconds: waiting for another process
    that holds it, up to ``CATCH_UP_WAIT``), so that what is compared is what the pages will show."""
    left = rating_writes.catch_up_all(wait=CATCH_UP_WAIT)
    if left:
        return [f"ratings: {kind} is being folded by another process; check again in a moment" for kind in left]
    want = rating_reads.expected()
    have = rating_reads.stored()
    lines = []
    for key in sorted(want.keys() | have.keys()):
        match_id, player_id = key
        if key not in have:
            lines.append(f"ratings: match {match_id}, player {player_id}: not rated, a fold from scratch rates it")
        elif key not in want:
            lines.append(f"ratings: match {match_id}, player {player_id}: rated, but a fold from scratch does not rate it")
        elif have[key] != want[key]:
            lines.append(f"ratings: match {match_id}, player {player_id}: (mu, sigma) {have[key][2:4]} after it, "
                         f"a fold from scratch gives {want[key][2:4]}")
    lines += rating_reads.standing_problems()
    if len(lines) > MAX_PER_MATCH:
        lines = [*lines[:MAX_PER_MATCH], f"ratings: and {len(lines) - MAX_PER_MATCH} more differences"]
    return lines


@bp.cli.command("check")
def check_command() -> None:
    """Report every match the scoring core refuses and every cached figure that disagrees with it.

    Exits with status 1 if anything was found. `make stats-rebuild` (`flask --app scorer stats rebuild`) rewrites the
    cache of every match the core accepts.
    """
    checked, lines = check_all()
    for line in lines:
        click.echo(line)
    if any(line.startswith(("player_summaries", "ratings")) for line in lines):
        click.echo("`flask --app scorer stats rebuild` writes the statistics summaries and the ratings again (the "
                   "summaries also need it after TIMEZONE changed).")
    matches = f"{checked} match{'es' if checked != 1 else ''}"
    if lines:
        click.echo(f"Checked {matches}: {len(lines)} problem{'s' if len(lines) != 1 else ''} found.", err=True)
        raise SystemExit(1)
    click.echo(f"Checked {matches}: every match scores and every cached figure agrees with the core.")


@stats_cli.command("rebuild")
def rebuild_command() -> None:
    """Rewrite the statistics cache of every match from the stored deals, and the ratings."""
    done, problems = maintenance.rebuild_all()
    click.echo(f"Statistics and ratings rebuilt for {done} match{'es' if done != 1 else ''}.")
    if problems:
        click.echo(f"Could not rebuild {len(problems)} match{'es' if len(problems) != 1 else ''}: the scoring "
                   "core refuses {}, so {} statistics were left as they were:".format(
                       *(("them", "their") if len(problems) != 1 else ("it", "its"))), err=True)
        for problem in problems:
            click.echo(f"  {problem}", err=True)
        click.echo("`flask --app scorer check` lists every problem.", err=True)
        raise SystemExit(1)
