"""Import: the page that uploads a match file (one match document, a JSON list of them, or a zip
of them, as exported). Only the server machine or a passcode holder may import. Reading the file
within bounds is ``data/match_files.py``, checking each document ``data/import_check.py``,
storing them ``writes/imports.py``.
"""

from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from sqlalchemy import func, select
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer.web.data.match_files import IMPORT_MAX_BYTES, ImportProblem, read_upload
from scorer.web.data.models import Match
from scorer.web.extensions import csrf, db
from scorer.web.language import gettext, ngettext
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import access
from scorer.web.presentation import import_words
from scorer.web.presentation.formatting import size_text
from scorer.web.records.blueprint import bp
from scorer.web.writes.imports import import_documents


class ImportForm(FlaskForm):
    file = FileField(_l("Match file"), validators=[FileRequired(_l("Choose a match file (.json or .zip) to import."))])


def upload_limit() -> int:
    return int(current_app.config.get("IMPORT_MAX_CONTENT_LENGTH", IMPORT_MAX_BYTES))


def render_import(form: ImportForm, status: int = 200) -> tuple[str, int]:
    return render_template("records/import.html", form=form, limit=size_text(upload_limit()),
                           matches=db.session.scalar(select(func.count()).select_from(Match).where(Match.deleted_at.is_(None)))), status


# The app-wide CSRF check would read the upload before this view could raise the size limit for
# it; the form checks its own CSRF token instead (FlaskForm), after the limit is set.
@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt
def import_matches() -> tuple[str, int] | Response:
    """Upload a match document, a list of them, or a zip of them (as exported): all or nothing.
    Only the server machine or a passcode holder, checked before the upload is read."""
    access.require_site_manager()
    if request.method == "POST":
        request.max_content_length = upload_limit()
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        form.file.errors = [gettext("That file is larger than %(limit)s, the most an import may be. Nothing was imported. "
                                    "Export fewer matches at a time, or zip them.", limit=size_text(upload_limit()))]
        return render_import(form, 413)
    if not valid:
        if form.is_submitted() and form.meta.csrf and form.csrf_token.errors:
            form.file.errors = [gettext("This form was out of date or did not come from this app, so nothing was "
                                        "imported. Reload the page and choose the file again.")]
        return render_import(form, 422 if form.is_submitted() else 200)
    file = form.file.data
    try:
        outcome = import_documents(read_upload(file.read(), file.filename or ""))  # it commits batch by batch
    except ImportProblem as problem:
        lines = [f"{line}." for line in import_words.import_lines(problem)]
        if problem.status != 409:  # a batch refused by the database: those before it were imported
            lines[-1] = gettext("%(problem)s Nothing was imported.", problem=lines[-1])
        form.file.errors = lines
        return render_import(form, problem.status)
    added, here = len(outcome.added), len(outcome.already_here)
    imported = ngettext("Imported %(num)s match.", "Imported %(num)s matches.", added)
    if here:
        imported = ngettext("%(imported)s %(num)s was already here and was left as it was.",
                            "%(imported)s %(num)s were already here and were left as they were.", here, imported=imported)
    flash(imported)
    if added + here == 1:
        match = (outcome.added or outcome.already_here)[0]
        return redirect(url_for("records.match_record", match_id=match.id), code=303)
    return redirect(url_for("records.history"), code=303)
