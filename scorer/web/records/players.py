"""Players: renaming one renames them in every match, since matches refer to the player, not
the name. A name another player already has (in any case) is refused, and so is one that looks
the same as another name in one of the player's matches (names.py)."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy import select
from werkzeug.wrappers import Response
from wtforms import StringField
from wtforms.validators import InputRequired, Length, ValidationError

from scorer.web.data import names
from scorer.web.data.models import MatchSeat, Player, name_key
from scorer.web.extensions import db
from scorer.web.language import gettext
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import access, device
from scorer.web.presentation import refusal_words
from scorer.web.records.blueprint import bp
from scorer.web.writes import players
from scorer.web.writes.problems import Refused


class RenameForm(FlaskForm):
    name = StringField(_l("New name"), validators=[InputRequired(_l("Type the new name.")),
                                                   Length(max=40, message=_l("Keep names to 40 letters."))])

    def __init__(self, person: Player, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.person = person

    def validate_name(self, field: StringField) -> None:
        if not (field.data or "").strip():
            raise ValidationError(gettext("Type the new name."))
        try:
            name = names.clean(field.data or "", gettext("The name"))
        except names.NameProblem as problem:
            raise ValidationError(refusal_words.message(problem)) from None
        other = db.session.scalar(select(Player).where(Player.name_key == name_key(name), Player.id != self.person.id))
        if other is not None:
            raise ValidationError(refusal_words.words("name-taken", name=other.name))
        alike = names.lookalikes([*table_mates(self.person), name])
        if alike is not None:
            raise ValidationError(gettext("%(name)s would look the same as %(other)s, who plays in a match with %(player)s. "
                                          "Choose a name that can be told apart.", name=name, other=alike[0],
                                          player=self.person.name))


def table_mates(person: Player) -> list[str]:
    """The names of everyone who played in a match with ``person``."""
    their_matches = select(MatchSeat.match_id).where(MatchSeat.player_id == person.id)
    return list(db.session.scalars(select(Player.name).join(MatchSeat, MatchSeat.player_id == Player.id).where(
        MatchSeat.match_id.in_(their_matches), Player.id != person.id).distinct()))


@bp.route("/players/<int:player_id>/rename", methods=["GET", "POST"])
def rename_player(player_id: int) -> str | Response | tuple[str, int]:
    """Rename a player in every match at once (matches refer to the player, not the name): it
    touches more than one match, so it is the server machine's or a passcode holder's."""
    access.require_site_manager()
    person = db.get_or_404(Player, player_id)
    form = RenameForm(person)
    if request.method == "GET":
        form.name.data = person.name
    if form.validate_on_submit():
        try:
            old, new = players.rename(person.id, form.name.data or "", by=device.device_name())
        except Refused as refused:
            form.name.errors = [refusal_words.message(refused)]
        else:
            flash(gettext("%(old)s is now %(new)s, in every match.", old=old, new=new) if old != new
                  else gettext("The name is unchanged."))
            return redirect(url_for("records.player_stats", player_id=player_id), code=303)
    return render_template("records/rename_player.html", form=form, person=person), 422 if form.is_submitted() else 200
