"""The ratings pages: the ladder of each kind of game (for all time, or as it stood at the end of a
period, with the matches finished in it), the chances of a match about to start, which the
new-match form asks for as the players are typed, and the site manager's say over what the ladder
counts. The ratings are read by ``data/rating_reads.py`` (what is stored: a line says when a change
is still being folded in, and the live view brings the new figures), worded by
``presentation/ratings.py``, and changed by ``writes/ratings.py``."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse
from wtforms import RadioField, SelectField

from scorer.core import RULESETS
from scorer.web.data import names, rating_reads, ratings, ratings_fold
from scorer.web.data.figures import known_names, player_names
from scorer.web.data.models import Player, name_key
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm, Option, choices
from scorer.web.language import gettext
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import access, device, readers, security
from scorer.web.presentation import ratings as words
from scorer.web.records.blueprint import bp
from scorer.web.records.filters import PeriodForm, read_filters
from scorer.web.writes import ratings as rating_writes

MOST_PLAYERS = max(ruleset.players for ruleset in RULESETS.values())


EVERY = "every"  # the ladder of every kind at once, one under another


class LadderForm(PeriodForm):
    """The period filter, with the kind of game in place of the ruleset (ratings are per kind)."""

    ruleset = None
    kind = SelectField(_l("Kind of game"), default="")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind.choices = choices([("", _l("The kind played most")), *((kind, words.kind_label(kind)) for kind in ratings_fold.KINDS),
                                     (EVERY, _l("Every kind"))])

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
    rule = ratings.ladder_rule()
    left_out = rating_reads.left_out_counts(rule)
    for kind in kinds:
        standings = rating_reads.KindView(kind, marks).standings(start, end)
        if standings or form.kind.data not in ("", EVERY):
            ladders.append(words.Ladder(kind, words.kind_label(kind), words.ladder(standings, names),
                                        marks.get(kind), left_out.get(kind, 0)))
    status = 422 if any(field.errors for field in form) else 200
    return render_template("records/ladder.html", form=form, ladders=ladders, filters=form.filters(),
                           period=bool(start or end), rule=rule, live=rating_reads.versions()), status


@bp.get("/stats/ratings/version")
def ladder_version() -> Response:
    """The ratings' tag (every kind's version), 304 while the page has it: the ladder and a
    player's page follow the ratings live, as a scoreboard follows its match."""
    etag = rating_reads.versions()
    response = Response(status=304) if request.if_none_match.contains(etag) else jsonify(version=etag)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


class RuleForm(FlaskForm):
    """What the ladder counts (the site manager's choice)."""

    rule = RadioField(_l("The ladder counts"), choices=choices([
        (ratings.EVERY_FINISHED, _l("Every finished match")),
        (ratings.ONLY_CONFIRMED, _l("Only the matches I confirm"))]))


@bp.get("/stats/ratings/manage")
def manage_ratings() -> str:
    """The site manager's page for the ladder: what it counts, the finished matches waiting to be
    confirmed (under "only confirmed matches"), and the matches left out."""
    access.require_site_manager()
    rule = ratings.ladder_rule()
    return render_template("records/ratings_manage.html", rule=rule, form=RuleForm(rule=rule),
                           rule_options=[Option(ratings.EVERY_FINISHED, gettext("Every finished match"),
                                                words.rule_summary(ratings.EVERY_FINISHED)),
                                         Option(ratings.ONLY_CONFIRMED, gettext("Only the matches I confirm"),
                                                words.rule_summary(ratings.ONLY_CONFIRMED))],
                           awaiting=rating_reads.awaiting() if rule == ratings.ONLY_CONFIRMED else [],
                           left_out=rating_reads.left_out())


@bp.post("/stats/ratings/rule")
def set_rating_rule() -> BaseResponse:
    """Choose what the ladder counts; every kind is folded again."""
    access.require_site_manager()
    form = RuleForm()
    if not form.validate_on_submit():
        abort(400, gettext("Choose what the ladder counts: every finished match, or only the matches you confirm. "
                           "Nothing was changed."))
    changed = rating_writes.set_rule(str(form.rule.data))
    flash(words.rule_changed(str(form.rule.data)) if changed else gettext("The ladder counted these matches already."))
    return redirect(url_for("records.manage_ratings"), code=303)


@bp.post("/stats/ratings/confirm")
def confirm_rule() -> BaseResponse:
    """Confirm the finished matches ticked on the manager's page, for the ladder."""
    access.require_site_manager()
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; nothing was confirmed. Reload the page and try again."))
    wanted = [int(value) for value in request.form.getlist("match") if value.isascii() and value.isdigit()][:500]
    done = rating_writes.confirm_all(wanted, by=device.device_name())
    flash(words.confirmed(done))
    return redirect(url_for("records.manage_ratings"), code=303)


STANDINGS = {"leave-out": {"left_out": True}, "count-in": {"left_out": False},
             "confirm": {"confirmed": True}, "unconfirm": {"confirmed": False}}


@bp.post("/matches/<int:match_id>/ratings")
def rating_standing(match_id: int) -> BaseResponse:
    """Leave one match out of the ratings, count it again, confirm it or take the confirmation back
    (the site manager's, without taking the match over)."""
    access.require_site_manager()
    readers.deleted_or_404(match_id)
    action = request.form.get("action", "")
    if not EmptyForm().validate_on_submit() or action not in STANDINGS:
        abort(400, gettext("This form did not come from this page; nothing was changed. Reload the page and try again."))
    changed = rating_writes.set_standing(match_id, by=device.device_name(), **STANDINGS[action])
    flash(words.standing_changed(action) if changed else gettext("The ratings counted this match so already."))
    back = security.local_path(request.form.get("next"))  # a path on this site only
    return redirect(back or url_for("records.match_record", match_id=match_id), code=303)


@bp.get("/stats/ratings/chances")
def chances() -> str:
    """The chances of the players named in the query string (``players``, in seat order) in a
    match of ``ruleset``, as the ratings see them: a fragment the new-match form shows."""
    ruleset = RULESETS.get(request.args.get("ruleset", ""))
    typed = [name.strip() for name in request.args.getlist("players")[:MOST_PLAYERS]]
    everyone = known_names()
    lookalikes = [found for name in typed if name
                  for found in [names.new_lookalike([name[:names.NAME_LENGTH]], everyone)] if found is not None]
    if ruleset is None or len(typed) < ruleset.players or not all(typed[:ruleset.players]):
        return render_template("records/_chances.html", forecast=None, lookalikes=lookalikes)
    seated = typed[:ruleset.players]
    if len({name_key(name) for name in seated}) < len(seated) or names.lookalikes(seated):
        return render_template("records/_chances.html", forecast=None, lookalikes=lookalikes)  # one person, not two
    known = {person.name_key: person.id
             for person in db.session.scalars(select(Player).where(Player.name_key.in_([name_key(n) for n in seated])))}
    players = [known.get(name_key(name), -1 - seat) for seat, name in enumerate(seated)]  # -1…: someone new
    return render_template("records/_chances.html", forecast=words.forecast(ruleset, players, seated),
                           lookalikes=lookalikes)
