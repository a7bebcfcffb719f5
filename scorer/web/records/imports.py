"""Import: an upload of one match document, a JSON list of them, or a zip of them (as exported).

Every document is checked and scored by the core, whose message is shown as the command line
prints it; the app adds its own few limits (name lengths, dates). All the documents are checked
before any is stored, and a file with any bad document stores nothing. A match already stored
from the same document (same start time, players and deals) is left as it is, so importing the
same file twice doubles nothing.
"""

from __future__ import annotations

import io
import json
import secrets
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from sqlalchemy import func, select
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer.core import MAX_SEED, MatchError, MatchScore, score
from scorer.web.cards import card_store
from scorer.web.document_types import DealDocument, deal_document
from scorer.web.extensions import csrf, db
from scorer.web.models import Deal, DealtDeal, HandLink, Match, MatchCards, MatchSeat, Player, name_key
from scorer.web.records import results
from scorer.web.records.exports import export_document

bp = Blueprint("imports", __name__)

# An upload may be much larger than a form (MAX_CONTENT_LENGTH): every match of a club in one file.
IMPORT_MAX_BYTES = 16 * 1024 * 1024
ZIP_MAX_BYTES = 64 * 1024 * 1024      # what the documents in a zip may add up to, unpacked
NAME_LENGTH = 40                       # Player.name


class ImportProblem(ValueError):
    """Why an uploaded file cannot be imported; nothing is stored then."""



def played(raw: Mapping[str, Any]) -> DealDocument:
    """A deal as the app stores what was played (MATCH-FORMAT.md fields only, bids as recorded)."""
    return deal_document(raw["bids"], raw["tricks"], raw.get("premiums"), raw.get("turn_up"), raw.get("trump"))


@dataclass
class Checked:
    """One document the core accepted, ready to store."""

    document: dict[str, Any]
    options: dict[str, Any]
    players: list[str]
    scored: MatchScore
    played_at: datetime | None
    updated_at: datetime | None
    cards: str = card_store.TABLE
    next_dealt: bool = False  # the deal to come was dealt where the match was exported

    def deals(self) -> list[DealDocument]:
        return [played(raw) for raw in self.document.get("deals", [])]

    def dealt(self) -> list[DealtDeal]:
        """The cards the app dealt or turned for each recorded deal, as exported (``seed`` and the
        cards; the core has already checked every bid against them)."""
        rows: list[DealtDeal] = []
        if self.cards == card_store.TABLE:
            return rows
        players = len(self.players)
        for number, (raw, scored) in enumerate(zip(self.document["deals"], self.scored.deals, strict=True), start=1):
            if "seed" not in raw:
                continue  # recorded before the app took over the cards, or written by hand
            row = DealtDeal(number=number, dealer=scored.dealer, seed=raw["seed"], hands=raw.get("hands"),
                            turn_up=raw.get("turn_up"), dummy_bid=raw.get("dummy_bid"), dummy_shown=True)
            if row.hands is not None:
                row.links = [HandLink(seat=seat, token=secrets.token_urlsafe(18), devices=[]) for seat in range(players)]
            rows.append(row)
        return rows


def read_json(data: bytes, label: str) -> Any:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportProblem(f"{label}: is not UTF-8 text, so it is not a match document") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ImportProblem(f"{label}: not valid JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise ImportProblem(f"{label}: is nested too deeply to be a match document") from None


def read_upload(data: bytes, filename: str) -> list[tuple[str, Any]]:
    """The documents in an uploaded file, each with a label for messages: a JSON document, a JSON
    list of documents, or a zip of ``.json`` files (as exported)."""
    label = filename or "the file"
    found: list[tuple[str, Any]] = []
    if data[:4] == b"PK\x03\x04":
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
            members = [info for info in archive.infolist() if not info.is_dir()
                       and info.filename.lower().endswith(".json") and not info.filename.startswith("__MACOSX/")]
            if sum(info.file_size for info in members) > ZIP_MAX_BYTES:
                raise ImportProblem(f"{label}: the documents in it add up to more than "
                                    f"{ZIP_MAX_BYTES // 2**20} MB unpacked")
            contents = [(info.filename, archive.read(info)) for info in sorted(members, key=lambda i: i.filename)]
        except (zipfile.BadZipFile, OSError, EOFError) as err:
            raise ImportProblem(f"{label}: is not a zip file that can be read ({err})") from None
        if not contents:
            raise ImportProblem(f"{label}: holds no .json match documents")
        for name, body in contents:
            found.extend(documents_in(read_json(body, name), name))
    else:
        found = documents_in(read_json(data, label), label)
    if not found:
        raise ImportProblem(f"{label}: holds no match documents (an empty list)")
    return found


def documents_in(data: Any, label: str) -> list[tuple[str, Any]]:
    if isinstance(data, list):
        if len(data) == 1:
            return [(label, data[0])]
        return [(f"{label}, match {i} of {len(data)}", doc) for i, doc in enumerate(data, start=1)]
    return [(label, data)]


def read_time(document: dict[str, Any], key: str) -> datetime | None:
    if key not in document:
        return None
    value = document[key]
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise ImportProblem(f"{key}: must be a date and time such as \"2026-11-21T20:15:00+00:00\", not {value!r}")
    return results.as_utc(moment)


def check(document: Any) -> Checked:
    """Validate and score one document with the core; its message is shown exactly as the
    command line prints it. The few checks that follow are the app's own limits."""
    try:
        match, scored = score(document)
    except MatchError as error:
        raise ImportProblem(str(error)) from None
    players = list(match.players)
    keys = [name_key(name) for name in players]
    for name, key in zip(players, keys, strict=True):
        if len(name) > NAME_LENGTH:
            raise ImportProblem(f"players: {name!r} is longer than {NAME_LENGTH} characters")
        if keys.count(key) > 1:
            raise ImportProblem(f"players: {name!r} is named twice")
    played_at = read_time(document, "played_at")
    updated_at = read_time(document, "updated_at")
    cards = read_cards(document, match.setup.options_json())
    next_dealt = document.get("next_deal_dealt", False)
    if not isinstance(next_dealt, bool):
        raise ImportProblem(f"next_deal_dealt: must be true or false, not {next_dealt!r}")
    return Checked(document=document, options=match.setup.options_json(), players=players,
                   scored=scored, played_at=played_at, updated_at=updated_at or played_at, cards=cards,
                   next_dealt=next_dealt)


def read_cards(document: dict[str, Any], options: dict[str, Any]) -> str:
    """The ``cards`` mode of an exported match (absent: a real pack), and the seed of each dealt deal."""
    mode = document.get("cards", card_store.TABLE)
    problem = card_store.mode_problem(document["ruleset"], options, mode) if isinstance(mode, str) else None
    if not isinstance(mode, str) or mode not in card_store.CARDS_MODES or problem:
        raise ImportProblem(f"cards: {mode!r} is not how this match's cards can be handled "
                            f"(one of {', '.join(card_store.CARDS_MODES)}){': ' + problem if problem else ''}")
    for number, raw in enumerate(document.get("deals", []), start=1):
        seed = raw.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise ImportProblem(f"deal {number}: seed: must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        if mode == card_store.TABLE and (seed is not None or raw.get("hands") is not None):
            raise ImportProblem(f"deal {number}: hands: dealt cards need the match's \"cards\" mode (\"app\")")
    return mode


def stored_copy(checked: Checked) -> Match | None:
    """A match already stored from the same document (imported twice): same start time, players
    and deals."""
    if checked.played_at is None:
        return None
    candidates = db.session.scalars(select(Match).where(
        Match.created_at == checked.played_at, Match.ruleset == checked.document["ruleset"]))
    wanted = [name_key(name) for name in checked.players]
    for match in candidates:
        stored = export_document(match)
        if ([name_key(name) for name in stored["players"]] == wanted and stored["options"] == checked.options
                and stored["first_dealer"] == checked.document.get("first_dealer", 0)
                and [played(deal) for deal in stored["deals"]] == checked.deals() and match.cards == checked.cards):
            return match
    return None


def store(checked: Checked) -> Match:
    """Add the match, its seats and deals, and its results rows, to the session."""
    match = Match(ruleset=checked.document["ruleset"], options=checked.options,
                  first_dealer=checked.document.get("first_dealer", 0), finished=checked.scored.finished)
    if checked.played_at is not None:
        match.created_at = checked.played_at
        match.updated_at = checked.updated_at or checked.played_at
    match.seats = [MatchSeat(seat=seat, player=Player.named(name)) for seat, name in enumerate(checked.players)]
    match.deals = [Deal(number=number, bids=deal["bids"], tricks=deal["tricks"], premiums=deal["premiums"],
                        turn_up=deal.get("turn_up"), trump=deal.get("trump"))
                   for number, deal in enumerate(checked.deals(), start=1)]
    if checked.cards != card_store.TABLE:
        match.card_setup = MatchCards(mode=checked.cards)
        match.dealt = checked.dealt()
        if not checked.next_dealt:
            # The deal to come gets its cards now. One already in the players' hands where the
            # match was exported is left as exported (played as at the table), never dealt again.
            card_store.deal_next(match, checked.scored)
    db.session.add(match)
    db.session.flush()
    results.refresh(match, checked.scored)
    return match


@dataclass
class Imported:
    added: list[Match]
    already_here: list[Match]


def import_documents(found: list[tuple[str, Any]]) -> Imported:
    """Check every document first, then store them all; the caller commits (or rolls back).

    With one document the core's message is shown as it is; with several it says which one.
    """
    checked = []
    for label, document in found:
        try:
            checked.append(check(document))
        except ImportProblem as problem:
            if len(found) == 1:
                raise
            raise ImportProblem(f"{label}: {problem}") from None
    outcome = Imported([], [])
    for item in checked:
        copy = stored_copy(item)
        if copy is not None:
            outcome.already_here.append(copy)
        else:
            outcome.added.append(store(item))
    return outcome


class ImportForm(FlaskForm):
    file = FileField("Match file", validators=[FileRequired("Choose a match file (.json or .zip) to import.")])


def upload_limit() -> int:
    return int(current_app.config.get("IMPORT_MAX_CONTENT_LENGTH", IMPORT_MAX_BYTES))


def size_text(size: int) -> str:
    """16 MB, 64 KB, 900 bytes."""
    for unit, scale in (("MB", 2**20), ("KB", 2**10)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size} bytes"


def render_import(form: ImportForm, status: int = 200) -> tuple[str, int]:
    return render_template("records/import.html", form=form, limit=size_text(upload_limit()),
                           matches=db.session.scalar(select(func.count()).select_from(Match))), status


# The app-wide CSRF check would read the upload before this view could raise the size limit for
# it; the form checks its own CSRF token instead (FlaskForm), after the limit is set.
@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt
def upload() -> tuple[str, int] | Response:
    """Upload a match document, a list of them, or a zip of them (as exported): all or nothing."""
    if request.method == "POST":
        request.max_content_length = upload_limit()
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        form.file.errors = [f"That file is larger than {size_text(upload_limit())}, the most an import may be. "
                            "Nothing was imported. Export fewer matches at a time, or zip them."]
        return render_import(form, 413)
    if not valid:
        if form.is_submitted() and form.meta.csrf and form.csrf_token.errors:
            form.file.errors = ["This form was out of date or did not come from this app, so nothing was "
                                "imported. Reload the page and choose the file again."]
        return render_import(form, 422 if form.is_submitted() else 200)
    file = form.file.data
    try:
        outcome = import_documents(read_upload(file.read(), file.filename or ""))
        db.session.commit()
    except ImportProblem as problem:
        db.session.rollback()
        form.file.errors = [f"{problem}. Nothing was imported."]
        return render_import(form, 422)
    added, here = len(outcome.added), len(outcome.already_here)
    parts = [f"Imported {added} match{'es' if added != 1 else ''}."]
    if here:
        one = here == 1
        parts.append(f"{here} {'was' if one else 'were'} already here and {'was' if one else 'were'} left as {'it was' if one else 'they were'}.")
    flash(" ".join(parts))
    if added + here == 1:
        match = (outcome.added or outcome.already_here)[0]
        return redirect(url_for("history.record", match_id=match.id), code=303)
    return redirect(url_for("history.index"), code=303)
