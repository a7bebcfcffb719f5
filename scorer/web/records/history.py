"""History: every match, newest first, filtered by player, ruleset, date and state; and the full
record of one match with its running-totals chart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template
from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.orm import selectinload
from wtforms import SelectField

from scorer.core import RULESETS
from scorer.web.data import documents, publication, ratings
from scorer.web.data.figures import match_figures
from scorer.web.data.models import Deal, Match, MatchResult, MatchSeat, Player
from scorer.web.extensions import db
from scorer.web.fields import choices
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import readers, security
from scorer.web.presentation import charts, scoreboard
from scorer.web.presentation import ratings as rating_words
from scorer.web.records.blueprint import bp
from scorer.web.records.filters import PeriodForm, read_filters

PER_PAGE = 20
COUNT_UP_TO = 500


class HistoryForm(PeriodForm):
    player = SelectField(_l("Player"), default="")
    state = SelectField(_l("Matches"), default="", choices=choices(
        [("", _l("Finished and unfinished")), ("finished", _l("Finished")), ("unfinished", _l("Unfinished"))]))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = db.session.execute(select(Player.id, Player.name).order_by(Player.name_key)).all()
        self.player.choices = choices([("", _l("Anyone")), *((str(pid), name) for pid, name in players)])

    def filters(self) -> dict[str, str]:
        return {**super().filters(), **{k: v for k, v in (("player", self.player.data), ("state", self.state.data)) if v}}


def matching(form: HistoryForm, what: Any) -> Select[Any]:
    """``select(what)`` of the matches the form's filters keep (never the deleted ones), newest
    first. With a player, through the player's seats, by ``ix_match_seats_player_created`` (each
    seat carries its match's date): the page's matches are read in order and the reading stops at
    the page, whether the player has 10 matches or 10,000 (found by id and then sorted, a busy
    player's matches cost 1.5 ms at 10,000 matches; 0.03 ms so)."""
    query = select(what).where(Match.deleted_at.is_(None))
    if form.player.data:
        query = query.join(MatchSeat, MatchSeat.match_id == Match.id).where(MatchSeat.player_id == int(form.player.data))
        created, same_date = MatchSeat.match_created_at, MatchSeat.match_id
    else:
        created, same_date = Match.created_at, Match.id
    if form.ruleset.data:
        query = query.where(Match.ruleset == form.ruleset.data)
    if form.state.data:
        # A table of a club night still on is unfinished to everyone until the night has ended.
        query = query.where(and_(Match.finished.is_(True), publication.counted_clause()) if form.state.data == "finished"
                            else or_(Match.finished.is_(False), Match.id.in_(publication.held_matches())))
    start, end = form.bounds()
    if start is not None:
        query = query.where(created >= start)
    if end is not None:
        query = query.where(created < end)
    return query.order_by(created.desc(), same_date.desc())


def history_query(form: HistoryForm) -> Select[tuple[Match]]:
    return matching(form, Match).options(selectinload(Match.seats))


@dataclass
class Page:
    """One page of the list. The matches are counted only up to ``COUNT_UP_TO`` (a count of every
    match would read the whole table on each visit: the page would slow down as history grows);
    past that the page says "more than" and leaves out the number of pages."""

    items: list[Match]
    page: int
    counted: int        # matches found, counted up to COUNT_UP_TO + 1
    has_next: bool

    @property
    def total(self) -> int | None:
        """How many matches the filters keep (None: more than ``COUNT_UP_TO``)."""
        return self.counted if self.counted <= COUNT_UP_TO else None

    @property
    def pages(self) -> int | None:
        return None if self.total is None else -(-self.total // PER_PAGE)

    @property
    def has_prev(self) -> bool:
        return self.page > 1

    @property
    def prev_num(self) -> int:
        return self.page - 1

    @property
    def next_num(self) -> int:
        return self.page + 1


def page_of(form: HistoryForm, number: int) -> Page:
    """The page's matches (one more is asked for, to know if another page follows) and their
    count up to ``COUNT_UP_TO``: two statements whose cost does not grow with the table."""
    rows = list(db.session.scalars(history_query(form).limit(PER_PAGE + 1).offset((number - 1) * PER_PAGE)))
    found = matching(form, Match.id).order_by(None).limit(COUNT_UP_TO + 1).subquery()
    counted = db.session.scalar(select(func.count()).select_from(found)) or 0
    return Page(rows[:PER_PAGE], number, counted, len(rows) > PER_PAGE)


@dataclass
class Entry:
    match: Match
    deals: int
    winners: list[str]
    finished: bool  # as everyone may know: a table of a club night still on is not, until the night ends


@bp.get("/history/")
def history() -> tuple[str, int]:
    """Every match, newest first, a page at a time."""
    form = read_filters(HistoryForm)
    page = page_of(form, security.page_number())
    ids = [match.id for match in page.items]
    deal_counts: dict[int, int] = {match_id: count for match_id, count in db.session.execute(
        select(Deal.match_id, func.count()).where(Deal.match_id.in_(ids)).group_by(Deal.match_id))}
    won: dict[int, list[int]] = {}
    for match_id, seat in db.session.execute(select(MatchResult.match_id, MatchResult.seat).where(
            MatchResult.match_id.in_(ids), MatchResult.won.is_(True)).order_by(MatchResult.seat)):
        won.setdefault(match_id, []).append(seat)
    # A faster table of a duplicate set: its later deals, and so its result, wait for the others.
    cuts = publication.list_cuts(page.items, deal_counts)
    for match_id, shown in cuts.items():
        deal_counts[match_id] = shown
        won.pop(match_id, None)
    entries = []
    for match in page.items:
        columns = scoreboard.columns(match)
        labels = [column.label for column in columns if set(column.seats) & set(won.get(match.id, []))]
        entries.append(Entry(match, deal_counts.get(match.id, 0), labels, match.finished and match.id not in cuts))
    status = 422 if any(field.errors for field in form) else 200
    return render_template("records/history.html", form=form, page=page, entries=entries, filters=form.filters(), count_up_to=COUNT_UP_TO,
                           rulesets=RULESETS), status


@bp.get("/history/<int:match_id>")
def match_record(match_id: int) -> str | tuple[str, int]:
    """The whole match: result, running-totals chart, figures per player and every deal."""
    match = readers.match_or_404(match_id)
    board = scoreboard.build(match, documents.score(match))
    rule = ratings.ladder_rule()
    return render_template("records/match_record.html", match=match, board=board, chart=charts.running_totals(board),
                           match_figures=match_figures(match),
                           rating_changes=rating_words.match_changes(match, board.seat_names),
                           rating_standing=rating_words.standing_of(match, rule), ladder_rule=rule)
