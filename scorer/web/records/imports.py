"""Import: an upload of one match document, a JSON list of them, or a zip of them (as exported).

Every document is checked and scored by the core, whose message is shown in a player's words
(``in_words``: no field names, seats from 1, long names shortened), every wrong document's at
once; the app adds its own few limits (names, dates). All the documents are checked
before any is stored, and a file with any bad document stores nothing. A match already stored
from the same document is left as it is, so importing the same file twice doubles nothing: a
match is recognised by what was played (``Match.content_hash``, then compared in full) and, when
the file says when it was played, by that time too.

**Limits.** What the server reads is bounded before it is parsed, so no upload can take more
than a few times ``UNPACKED_MAX_BYTES`` of memory, whatever its compression ratio: the upload's
size (``IMPORT_MAX_BYTES``), the members of a zip (how many, their declared sizes, and their real
sizes, counted while they are unpacked), and in the JSON the number of values, the nesting depth,
the length of strings and of numbers. A file over a limit gets a 413 or a 422 naming it.

**Storing.** The checked matches are stored in batches, each its own short transaction
(``BATCH_SECONDS``), so that a phone saving a deal at the table waits a fraction of a second at
most, never the whole import. If storing fails part way (the database refuses a batch), the
batches before it stay; the message says how many were stored, and importing the same file
again stores the rest and doubles nothing, since the stored ones are recognised.
"""

from __future__ import annotations

import io
import json
import re
import secrets
import time
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from sqlalchemy import Select, func, or_, select
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer.core import MAX_SEED, MatchError, MatchScore, score
from scorer.web.data import card_store, documents, names, results
from scorer.web.data.document_types import DealDocument, deal_document
from scorer.web.data.models import Deal, DealtDeal, HandLink, Match, MatchCards, MatchSeat, Player
from scorer.web.extensions import csrf, db
from scorer.web.policy import access
from scorer.web.records.exports import export_document

bp = Blueprint("imports", __name__)

# An upload may be much larger than a form (MAX_CONTENT_LENGTH): every match of a club in one file.
IMPORT_MAX_BYTES = 16 * 1024 * 1024
UNPACKED_MAX_BYTES = 24 * 1024 * 1024  # the JSON of one upload, all zip members together, unpacked
MAX_MEMBERS = 10_000                   # files in a zip
MAX_MATCHES = 10_000                   # match documents in one upload
MAX_VALUES = 1_000_000                 # JSON values (a 1,500-match export holds about 300,000)
MAX_DEPTH = 16                         # nesting of lists and objects (a match document needs 6)
MAX_STRING = 1_000                     # characters in one JSON string (names are 40, cards 5)
MAX_DIGITS = 20                        # digits in one JSON number (seeds go up to 19)
BATCH_SECONDS = 0.2                    # how long one batch of stored matches may hold the database
BATCH_MATCHES = 100
MAX_LISTED = 20                        # problems listed at once when many documents are wrong


class ImportProblem(ValueError):
    """Why an uploaded file cannot be imported; nothing is stored then. ``status`` is 422 for a
    document that is wrong, 413 for a file over one of the size limits."""

    def __init__(self, message: str, status: int = 422, lines: list[str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.lines = lines or [message]  # every problem found, one line each


def too_large(label: str, what: str) -> ImportProblem:
    return ImportProblem(f"{label}: {what}, more than an import may hold", 413)


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
    content_hash: str = ""

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


def scan(data: bytes, label: str) -> None:
    """Refuse, before parsing, JSON over a limit: each check is a pass of C code over the bytes,
    the cheap ones first, so a file is refused within a second whatever it holds."""
    values = data.count(b",") + data.count(b"[") + data.count(b"{") + 1  # at least as many as it holds
    if values > MAX_VALUES:
        raise too_large(label, f"it holds about {values:,} JSON values; the limit is {MAX_VALUES:,}")
    # Strings out (escaped backslashes and quotes first), so that what is left is the structure.
    parts = data.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')
    longest = max(map(len, parts[1::2]), default=0)
    if longest > MAX_STRING:
        raise ImportProblem(f"{label}: a text in it is {longest:,} bytes long; the limit is {MAX_STRING:,}")
    structure = b"".join(parts[0::2])
    brackets = structure.translate(None, delete=NOT_BRACKETS).translate(DEPTH_STEPS)
    depth = max(accumulate(step - 2 for step in brackets), default=0)
    if depth > MAX_DEPTH:
        raise ImportProblem(f"{label}: is nested too deeply ({depth:,} levels; the limit is {MAX_DEPTH})")
    if LONG_NUMBER.search(structure):
        raise ImportProblem(f"{label}: holds a number more than {MAX_DIGITS} digits long, which no match document needs")


NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
DEPTH_STEPS = bytes.maketrans(b"[{]}", bytes([3, 3, 1, 1]))  # +1 or -1, offset by 2 to stay a byte
LONG_NUMBER = re.compile(rb"[0-9.eE+-]{%d,}" % (MAX_DIGITS + 1))


def whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:  # also checked by scan; int() of 5,000 digits is slow
        raise ImportProblem(f"a number is {len(text)} digits long; the limit is {MAX_DIGITS}")
    return int(text)


def no_constant(text: str) -> Any:
    raise ImportProblem(f"{text} is not a number a match document holds")


def read_json(data: bytes, label: str) -> Any:
    scan(data, label)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportProblem(f"{label}: is not UTF-8 text, so it is not a match document") from None
    try:
        return json.loads(text, parse_int=whole_number, parse_constant=no_constant)
    except ImportProblem as problem:
        raise ImportProblem(f"{label}: {problem}") from None
    except json.JSONDecodeError as err:
        raise ImportProblem(f"{label}: not valid JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise ImportProblem(f"{label}: is nested too deeply to be a match document") from None


ARCHIVES = (".zip", ".gz", ".tgz", ".tar", ".bz2", ".xz", ".7z", ".rar")


def unpack(data: bytes, label: str) -> list[tuple[str, bytes]]:
    """The ``.json`` members of a zip, unpacked a chunk at a time under one running limit for all
    of them (a zip may say its members are small and be lying)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise too_large(label, f"it holds {len(infos):,} files; the limit is {MAX_MEMBERS:,}")
        nested = [info.filename for info in infos if info.filename.lower().endswith(ARCHIVES)]
        if nested:
            raise ImportProblem(f"{label}: holds another archive ({nested[0]}); unpack it and import its .json files")
        members = sorted((info for info in infos if not info.is_dir() and info.filename.lower().endswith(".json")
                          and not info.filename.startswith("__MACOSX/")), key=lambda i: i.filename)
        declared = sum(info.file_size for info in members)
        if declared > UNPACKED_MAX_BYTES:
            raise too_large(label, f"its documents add up to {size_text(declared)} unpacked; the limit is "
                                   f"{size_text(UNPACKED_MAX_BYTES)}")
        budget = UNPACKED_MAX_BYTES
        contents = []
        for info in members:
            chunks = []
            with archive.open(info) as stream:
                while chunk := stream.read(64 * 1024):
                    budget -= len(chunk)
                    if budget < 0:
                        raise too_large(label, f"its documents unpack to more than {size_text(UNPACKED_MAX_BYTES)}")
                    chunks.append(chunk)
            contents.append((info.filename, b"".join(chunks)))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, RuntimeError, NotImplementedError,
            zlib.error) as err:
        raise ImportProblem(f"{label}: is not a zip file that can be read ({err})") from None
    if not contents:
        raise ImportProblem(f"{label}: holds no .json match documents")
    return contents


def read_upload(data: bytes, filename: str) -> list[tuple[str, Any]]:
    """The documents in an uploaded file, each with a label for messages: a JSON document, a JSON
    list of documents, or a zip of ``.json`` files (as exported)."""
    label = filename or "the file"
    found: list[tuple[str, Any]] = []
    if data[:4] == b"PK\x03\x04":
        for name, body in unpack(data, label):
            found.extend(documents_in(read_json(body, name), name))
            if len(found) > MAX_MATCHES:
                break
    else:
        if len(data) > UNPACKED_MAX_BYTES:
            raise too_large(label, f"it is {size_text(len(data))}; the limit is {size_text(UNPACKED_MAX_BYTES)}")
        found = documents_in(read_json(data, label), label)
    if not found:
        raise ImportProblem(f"{label}: holds no match documents (an empty list)")
    if len(found) > MAX_MATCHES:
        raise too_large(label, f"it holds more than {MAX_MATCHES:,} matches; import them a few files at a time")
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
        if moment is not None:
            moment = results.as_utc(moment)  # year 1 at +01:00 is before the calendar starts
    except (ValueError, OverflowError):
        moment = None
    if moment is None:
        raise ImportProblem(f"{key}: must be a date and time such as \"2026-11-21T20:15:00+00:00\", not {value!r}")
    return moment


# What a match document's fields are called in a player's words, for the import's messages.
FIELD_WORDS = {
    "first_dealer": "the first dealer", "format": "the file's format", "document": "the file",
    "players": "the players", "ruleset": "the ruleset", "options": "the match options", "deals": "the deals",
    "deal": "the deal", "dealer": "the dealer", "bids": "the bids", "tricks": "the tricks",
    "premiums": "the premiums", "turn_up": "the turned card", "trump": "the trump", "seed": "the seed",
    "hands": "the hands", "cards": "how the cards are handled", "played_at": "the time it was played",
    "updated_at": "the time it was last changed", "next_deal_dealt": "whether the next deal was dealt",
}
# Fields whose messages name their subject already ("Ann's tricks must be …", "'Ann' is named twice").
SELF_EXPLAINING = {"players", "ruleset", "deal", "deals", "bids", "tricks", "premiums", "turn_up", "trump", "cards"}
PREFIX = re.compile(r"^(?:deal (\d+): )?(?:([a-z_]+(?:\.[a-z_]+)?): )?")
SEAT_RANGE = re.compile(r"a seat from 0 to (\d+), not (-?\d+\b)?")
NO_SEAT = re.compile(r"\bseat (\d+) does not exist \(0 to (\d+)\)")


def in_words(text: str, document: Any) -> str:
    """A document's problem as a player would say it: "deal 3: first_dealer: must be a seat from 0
    to 2, not 5" → "The first dealer must be player 1 to 3, not 6": field names in words, seats
    counted from 1, long names shortened (the core's own words stay for the command line)."""
    found = PREFIX.match(text)
    assert found is not None  # every part of it is optional
    deal, field, rest = found.group(1), found.group(2), text[found.end():]
    rest = SEAT_RANGE.sub(lambda m: f"player 1 to {int(m.group(1)) + 1}, not "
                                    + (str(int(m.group(2)) + 1) if m.group(2) else ""), rest)
    rest = NO_SEAT.sub(lambda m: f"player {int(m.group(1)) + 1} does not exist (1 to {int(m.group(2)) + 1})", rest)
    players = document.get("players") if isinstance(document, dict) else None
    for name in players if isinstance(players, list) else []:
        if isinstance(name, str) and len(name) > names.SHORT_NAME:
            rest = rest.replace(name, names.short(name))
    if field is not None:
        words = FIELD_WORDS.get(field) or (f"the {field.split('.', 1)[1].replace('_', ' ')}" if "." in field else None)
        if words is None:
            rest = f"{field}: {rest}"  # not a field after all: keep the text as it came
        elif rest.startswith("must "):
            rest = f"{words} {rest}"
        elif field not in SELF_EXPLAINING:
            rest = f"{words}: {rest}"
    return f"Deal {deal}: {rest}" if deal else rest[:1].upper() + rest[1:]


def check(document: Any) -> Checked:
    """Validate and score one document with the core, and check the app's own limits; the
    problem, if any, in a player's words (``in_words``)."""
    try:
        return _checked(document)
    except ImportProblem as problem:
        raise ImportProblem(in_words(str(problem), document), problem.status) from None


def _checked(document: Any) -> Checked:
    try:
        match, scored = score(document)
    except MatchError as error:
        raise ImportProblem(str(error)) from None
    players = []
    for name in match.players:
        try:
            players.append(names.clean(name, f"players: {name!r}"))
        except names.NameProblem as problem:
            raise ImportProblem(str(problem)) from None
    keys = [names.key(name) for name in players]
    for name, key in zip(match.players, keys, strict=True):
        if keys.count(key) > 1:
            raise ImportProblem(f"players: {name!r} is named twice")
    alike = names.lookalikes(players)
    if alike is not None:
        raise ImportProblem(f"players: {alike[0]!r} and {alike[1]!r} look the same; a match needs names that can be "
                            "told apart")
    played_at = read_time(document, "played_at")
    updated_at = read_time(document, "updated_at")
    options = match.setup.options_json()
    cards = read_cards(document, options)
    next_dealt = document.get("next_deal_dealt", False)
    if not isinstance(next_dealt, bool):
        raise ImportProblem(f"next_deal_dealt: must be true or false, not {next_dealt!r}")
    checked = Checked(document=document, options=options, players=players, scored=scored,
                      played_at=played_at, updated_at=updated_at or played_at, cards=cards, next_dealt=next_dealt)
    checked.content_hash = documents.content_hash(document["ruleset"], options, document.get("first_dealer", 0),
                                                  cards, checked.deals())
    return checked


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


def candidates(checked: Checked) -> Select[tuple[Match]]:
    """The matches that may be the document's: an index search each way (``content_hash`` and
    ``ix_matches_created``), never a scan of ``matches`` (tests/web/test_sql_counts.py)."""
    if checked.played_at is None:
        return select(Match).where(Match.content_hash == checked.content_hash)
    return select(Match).where(or_(Match.content_hash == checked.content_hash, (
        (Match.created_at == checked.played_at) & (Match.ruleset == checked.document["ruleset"]))))


def stored_copy(checked: Checked) -> Match | None:
    """A match already stored from the same document (imported twice): the same deals, options,
    cards and players (by name key), and, when the document says when it was played, the same
    time. Candidates are found by ``content_hash`` (and, for a file that gives the time, by the
    time, so that a match whose fingerprint was never written is found too)."""
    wanted = [names.key(name) for name in checked.players]
    for match in db.session.scalars(candidates(checked)):
        if checked.played_at is not None and results.as_utc(match.created_at) != checked.played_at:
            continue
        stored = export_document(match)
        if ([names.key(name) for name in stored["players"]] == wanted and stored["options"] == checked.options
                and stored["first_dealer"] == checked.document.get("first_dealer", 0)
                and [played(deal) for deal in stored["deals"]] == checked.deals() and match.cards == checked.cards):
            return match
    return None


def store(checked: Checked, players: dict[str, Player] | None = None) -> Match:
    """Add the match, its seats and deals, and its results rows, to the session. ``players``
    remembers the players already looked up by this import (by name key)."""
    players = {} if players is None else players
    for name in checked.players:
        if names.key(name) not in players:
            players[names.key(name)] = Player.named(name)
    match = Match(ruleset=checked.document["ruleset"], options=checked.options,
                  first_dealer=checked.document.get("first_dealer", 0), finished=checked.scored.finished,
                  content_hash=checked.content_hash)
    if checked.played_at is not None:
        match.created_at = checked.played_at
        match.updated_at = checked.updated_at or checked.played_at
    match.seats = [MatchSeat(seat=seat, player=players[names.key(name)]) for seat, name in enumerate(checked.players)]
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
    added: list[Match] = field(default_factory=list)
    already_here: list[Match] = field(default_factory=list)


def import_documents(found: list[tuple[str, Any]]) -> Imported:
    """Check every document first, then store them in batches, each committed on its own.

    With one document the core's message is shown as it is; with several it says which one.
    A batch the database refuses is rolled back and reported (``ImportProblem``, status 409)
    with how many matches the batches before it stored.
    """
    checked = []
    problems: list[str] = []  # every document's problem, all told at once
    for label, document in found:
        try:
            checked.append(check(document))
        except ImportProblem as problem:
            if len(found) == 1:
                raise
            problems.append(f"{label}: {problem}")
    if problems:
        shown = problems[:MAX_LISTED] + ([f"…and {len(problems) - MAX_LISTED} more"] if len(problems) > MAX_LISTED else [])
        summary = f"{len(problems)} of {len(found)} matches cannot be imported"
        raise ImportProblem(summary, 422, [summary, *shown])
    outcome = Imported()
    db.session.commit()  # end the read the checks may have begun: each batch starts afresh
    batch: list[Match] = []
    players: dict[str, Player] = {}
    started = time.monotonic()
    try:
        for item in checked:
            copy = stored_copy(item)
            if copy is not None:
                outcome.already_here.append(copy)
                continue
            batch.append(store(item, players))
            if len(batch) >= BATCH_MATCHES or time.monotonic() - started > BATCH_SECONDS:
                db.session.commit()
                outcome.added += batch
                batch, started = [], time.monotonic()
        db.session.commit()
        outcome.added += batch
    except SQLAlchemyError as error:
        db.session.rollback()
        done = len(outcome.added)
        raise ImportProblem(
            f"the database refused to store a match ({type(error).__name__}) after {done} of {len(checked)} were "
            f"stored. Import the same file again: the {done} stored are recognised and not doubled", 409) from None
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
                           matches=db.session.scalar(select(func.count()).select_from(Match).where(Match.deleted_at.is_(None)))), status


# The app-wide CSRF check would read the upload before this view could raise the size limit for
# it; the form checks its own CSRF token instead (FlaskForm), after the limit is set.
@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt
def upload() -> tuple[str, int] | Response:
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
        ending = "" if problem.status == 409 else " Nothing was imported."
        form.file.errors = [f"{line}." for line in problem.lines[:-1]] + [f"{problem.lines[-1]}.{ending}"]
        return render_import(form, problem.status)
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
