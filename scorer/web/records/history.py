"""History: every match, newest first, filtered by player, ruleset, date and state; and the full
record of one match with its running-totals chart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template
from sqlalchemy import Select, func, select
from sqlalchemy.orm import selectinload
from wtforms import SelectField

from scorer.core import RULESETS
from scorer.web import documents, security
from scorer.web.extensions import db
from scorer.web.forms import choices
from scorer.web.models import Deal, Match, MatchResult, MatchSeat, Player
from scorer.web.play import scoreboard
from scorer.web.records import charts, deleted, stats
from scorer.web.records.filters import PeriodForm, read_filters

bp = Blueprint("history", __name__, url_prefix="/history")

PER_PAGE = 20


class HistoryForm(PeriodForm):
    player = SelectField("Player", default="")
    state = SelectField("Matches", default="", choices=choices(
        [("", "Finished and unfinished"), ("finished", "Finished"), ("unfinished", "Unfinished")]))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = db.session.execute(select(Player.id, Player.name).order_by(Player.name_key)).all()
        self.player.choices = choices([("", "Anyone"), *((str(pid), name) for pid, name in players)])

    def filters(self) -> dict[str, str]:
        return {**super().filters(), **{k: v for k, v in (("player", self.player.data), ("state", self.state.data)) if v}}


def history_query(form: HistoryForm) -> Select[Any]:
    query = select(Match).options(selectinload(Match.seats)).where(Match.deleted_at.is_(None)).order_by(Match.created_at.desc(), Match.id.desc())
    if form.player.data:
        query = query.where(Match.id.in_(select(MatchSeat.match_id).where(MatchSeat.player_id == int(form.player.data))))
    if form.ruleset.data:
        query = query.where(Match.ruleset == form.ruleset.data)
    if form.state.data:
        query = query.where(Match.finished.is_(form.state.data == "finished"))
    start, end = form.bounds()
    if start is not None:
        query = query.where(Match.created_at >= start)
    if end is not None:
        query = query.where(Match.created_at < end)
    return query


@dataclass
class Entry:
    match: Match
    deals: int
    winners: list[str]


@bp.get("/")
def index() -> tuple[str, int]:
    """Every match, newest first, a page at a time."""
    form = read_filters(HistoryForm)
    page = db.paginate(history_query(form), page=security.page_number(), per_page=PER_PAGE, error_out=False,
                       max_per_page=PER_PAGE)
    ids = [match.id for match in page.items]
    deal_counts: dict[int, int] = {match_id: count for match_id, count in db.session.execute(
        select(Deal.match_id, func.count()).where(Deal.match_id.in_(ids)).group_by(Deal.match_id))}
    won: dict[int, list[int]] = {}
    for match_id, seat in db.session.execute(select(MatchResult.match_id, MatchResult.seat).where(
            MatchResult.match_id.in_(ids), MatchResult.won.is_(True)).order_by(MatchResult.seat)):
        won.setdefault(match_id, []).append(seat)
    entries = []
    for match in page.items:
        columns = scoreboard.columns(match)
        labels = [column.label for column in columns if set(column.seats) & set(won.get(match.id, []))]
        entries.append(Entry(match, deal_counts.get(match.id, 0), labels))
    status = 422 if any(field.errors for field in form) else 200
    return render_template("records/history.html", form=form, page=page, entries=entries, filters=form.filters(),
                           rulesets=RULESETS), status


@bp.get("/<int:match_id>")
def record(match_id: int) -> str | tuple[str, int]:
    """The whole match: result, running-totals chart, figures per player and every deal."""
    match = deleted.visible_or_404(match_id)
    board = scoreboard.build(match, documents.score(match))
    return render_template("records/match_record.html", match=match, board=board, chart=charts.running_totals(board),
                           match_figures=stats.match_figures(match))
