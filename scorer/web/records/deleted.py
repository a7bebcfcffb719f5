"""Recently deleted: the matches deleted in the last ``KEEP_DAYS`` days, each with Restore (one
write, ``writes.matches.restore``: the match back whole, statistics included). Deleting is on the
match's own page (``play/matches.py``); what is kept and for how long, ``data/deletion.py``."""

from __future__ import annotations

from datetime import timedelta

from flask import abort, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from scorer.web import clock
from scorer.web.data.deletion import KEEP_DAYS, deleted_matches
from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.policy import access, device, readers
from scorer.web.records.blueprint import bp
from scorer.web.writes import matches as match_writes


@bp.get("/deleted")
def deleted() -> str:
    """The matches deleted in the last ``KEEP_DAYS`` days, newest deletion first, each with Restore."""
    found = deleted_matches()
    until = {match.id: clock.local(match.deleted_at) + timedelta(days=KEEP_DAYS) for match in found
             if match.deleted_at is not None}
    return render_template("records/deleted.html", matches=found, until=until, form=EmptyForm(),
                           keep_days=KEEP_DAYS)


@bp.post("/matches/<int:match_id>/restore")
def restore_match(match_id: int) -> Response:
    """Bring a deleted match back (a scorekeeper of that match, or the person running the server)."""
    match = readers.deleted_or_404(match_id)
    access.require_change(match, keeper_needed=False)  # before the form is read: nothing written otherwise
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; nothing was restored. Reload the page and try again."))
    if match_writes.restore(match_id, by=device.device_name()):
        flash(gettext("The match is back, with its statistics."))
    else:
        flash(gettext("The match was restored already."))
    return redirect(url_for("play.scoreboard", match_id=match_id), code=303)
