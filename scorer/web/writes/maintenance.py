"""The maintenance writes of ``flask --app scorer stats rebuild``: every derived figure written
again from what was played (the results cache of each match, the players' summaries, the
ratings), each match under its own lock and in its own transaction, as every other write."""

from __future__ import annotations

from sqlalchemy import select

from scorer.core import MatchError
from scorer.web.data import results, summary_upkeep
from scorer.web.data.models import Match
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.writes import ratings as rating_writes
from scorer.web.writes.problems import Gone
from scorer.web.writes.unit import match_write, transaction


def rebuild_all() -> tuple[int, list[str]]:
    """Refresh every match; returns how many were written and the problems of those that could
    not be scored.

    Each match is rewritten under its lock (``match_write`` without counting a change), so a deal
    saved meanwhile is either in the rows written or writes its own afterwards. A match the core
    refuses keeps its old rows. Then every player's summaries and every rating, from the rows
    just written."""
    done, problems = 0, []
    for match_id in db.session.scalars(select(Match.id).where(Match.deleted_at.is_(None)).order_by(Match.id)).all():
        try:
            with match_write(match_id, heading("not-rebuilt"), bump=False) as locked:
                results.refresh(locked.match, summarise=False)
        except Gone:
            continue  # deleted meanwhile, cache and all
        except MatchError as error:
            match = db.session.get_one(Match, match_id)
            problems.append(f"match {match_id} ({', '.join(match.player_names)}): {error}")
        else:
            done += 1
        db.session.expunge_all()  # keep memory flat over thousands of matches
    with transaction():
        summary_upkeep.rebuild()  # every player's days and months, from the rows just written
    rating_writes.rebuild()  # every rating, folded from the rows just written
    return done, problems
