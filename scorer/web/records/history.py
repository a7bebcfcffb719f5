"""History: every match, newest first, filtered by player, ruleset, date and state; and the full
record of one match with its running-totals chart."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from flask import Blueprint, render_template, request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import selectinload
from wtforms import DateField, Form, SelectField
from wtforms.validators import Optional, ValidationError

from scorer.core import RULESETS
from scorer.web import clock, documents, security
from scorer.web.extensions import db
from scorer.web.forms import choices
from scorer.web.models import Deal, Match, MatchResult, MatchSeat, Player
from scorer.web.play import scoreboard
from scorer.web.records import charts

bp = Blueprint("history", __name__, url_prefix="/history")

PER_PAGE = 20
DATE_MESSAGE = "Write the date as year-month-day, e.g. 2026-11-21."


class DayField(DateField):
    """A date whose complaint says how to write one."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as error:
            raise ValueError(DATE_MESSAGE) from error


class PeriodForm(Form):
    """Filters read from the query string (a GET form: nothing is changed, so no CSRF token)."""

    ruleset = SelectField("Ruleset", default="")
    start = DayField("From", validators=[Optional()])
    end = DayField("To", validators=[Optional()])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices([("", "Any ruleset"), *((r.id, r.name) for r in RULESETS.values())])

    def validate_end(self, field: DateField) -> None:
        if field.data and self.start.data and field.data < self.start.data:
            raise ValidationError("The end date is before the start date.")

    def bounds(self) -> tuple[datetime | None, datetime | None]:
        """The period as UTC moments, its days cut at the table zone's midnight (clock.py), as the
        app shows dates; the end day is included."""
        valid = not (self.start.errors or self.end.errors)
        start = clock.midnight(self.start.data) if valid and self.start.data else None
        # The last day of the calendar has no next midnight: up to it is up to any time.
        end = clock.midnight(self.end.data + timedelta(days=1)) if valid and self.end.data and self.end.data < date.max else None
        return start, end

    def filters(self) -> dict[str, str]:
        """The filters in force, for links that keep them (pages, other screens)."""
        values = {"ruleset": self.ruleset.data or ""}
        if not (self.start.errors or self.end.errors):
            values |= {"start": self.start.raw_data[0] if self.start.raw_data else "",
                       "end": self.end.raw_data[0] if self.end.raw_data else ""}
        return {key: value for key, value in values.items() if value}


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


def read_filters(form_class: type[PeriodForm]) -> PeriodForm:
    """The filter form filled from the query string and checked; a bad value shows beside its field
    and is left out of the filter."""
    form = form_class(request.args)
    form.validate()
    for field in (form.ruleset, getattr(form, "player", None), getattr(form, "state", None)):
        if field is not None and field.errors:
            field.data = ""
    return form


def history_query(form: HistoryForm) -> Select[Any]:
    query = select(Match).options(selectinload(Match.seats)).order_by(Match.created_at.desc(), Match.id.desc())
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
    match = db.get_or_404(Match, match_id)
    board = scoreboard.build(match, documents.score(match))
    from scorer.web.records.stats import match_figures  # stats builds on this module's filters

    return render_template("records/match_record.html", match=match, board=board, chart=charts.running_totals(board),
                           match_figures=match_figures(match))
