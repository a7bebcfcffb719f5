"""The ratings pages: the ladder of each kind of game (for all time, or as it stood at the end of a
period, with the matches played in it), and the chances of a match about to start, which the
new-match form asks for as the players are typed. The ratings are read by ``data/rating_reads.py``
(never older than the matches beside them) and worded by ``presentation/ratings.py``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from sqlalchemy import select
from wtforms import SelectField

from scorer.core import RULESETS
from scorer.web.data import names, rating_reads, ratings_fold
from scorer.web.data.figures import player_names
from scorer.web.data.models import Player, name_key
from scorer.web.extensions import db
from scorer.web.fields import choices
from scorer.web.presentation import ratings as words
from scorer.web.records.filters import PeriodForm, read_filters

bp = Blueprint("ratings", __name__)

MOST_PLAYERS = max(ruleset.players for ruleset in RULESETS.values())
EVERY = "every"  # the ladder of every kind at once, one under another


class LadderForm(PeriodForm):
    """The period filter, with the kind of game in place of the ruleset (ratings are per kind)."""

    ruleset = None
    kind = SelectField("Kind of game", default="")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind.choices = choices([("", "The kind played most"), *ratings_fold.KINDS.items(), (EVERY, "Every kind")])

    def filters(self) -> dict[str, str]:
        found = super().filters()
        if self.kind.data and not self.kind.errors:
            found["kind"] = self.kind.data
        return found


@bp.get("/stats/ratings")
def ladder() -> tuple[str, int]:
    """The ladder of a kind of game: the one chosen, else the one played most; or every kind's."""
    form = read_filters(LadderForm)
    if form.kind.errors:
        form.kind.data = ""
    start, end = form.bounds()
    names = player_names()
    if form.kind.data == EVERY:
        kinds = list(ratings_fold.KINDS)
    else:  # one ladder: the kind chosen, else the one with the most rated matches (a group's usual game)
        most = form.kind.data or rating_reads.most_played()
        kinds = [most] if most else []
    ladders = []
    marks = rating_reads.states()
    for kind in kinds:
        standings = rating_reads.KindView(kind, marks).standings(start, end)
        if standings or form.kind.data not in ("", EVERY):
            ladders.append((kind, ratings_fold.KINDS[kind], words.ladder(standings, names)))
    status = 422 if any(field.errors for field in form) else 200
    return render_template("records/ladder.html", form=form, ladders=ladders, filters=form.filters(),
                           period=bool(start or end)), status


@bp.get("/stats/ratings/chances")
def chances() -> str:
    """The chances of the players named in the query string (``players``, in seat order) in a
    match of ``ruleset``, as the ratings see them: a fragment the new-match form shows."""
    ruleset = RULESETS.get(request.args.get("ruleset", ""))
    typed = [name.strip() for name in request.args.getlist("players")[:MOST_PLAYERS]]
    if ruleset is None or len(typed) < ruleset.players or not all(typed[:ruleset.players]):
        return render_template("records/_chances.html", forecast=None)
    seated = typed[:ruleset.players]
    if len({name_key(name) for name in seated}) < len(seated) or names.lookalikes(seated):
        return render_template("records/_chances.html", forecast=None)  # a name typed twice: not two people
    known = {person.name_key: person.id
             for person in db.session.scalars(select(Player).where(Player.name_key.in_([name_key(n) for n in seated])))}
    players = [known.get(name_key(name), -1 - seat) for seat, name in enumerate(seated)]  # -1…: someone new
    found = words.forecast(ruleset, players, seated)
    return render_template("records/_chances.html", forecast=found)
