"""Export: the match document of MATCH-FORMAT.md, of one match or all (a JSON list, or a zip of
one file per match), and one match deal by deal as CSV for a spreadsheet.

A match document holds what was played, as MATCH-FORMAT.md writes it, plus added fields:
``played_at`` and ``updated_at``, so that a match imported elsewhere keeps its place in history;
where the app handled the cards, ``cards`` (the mode) and, in each recorded deal whose cards are
public (``publication.cards_public``: in a duplicate set, once every table has recorded it), the
cards it dealt (``hands``, ``dummy_bid``) and the ``seed`` they came from, when that seed predicts
nothing still to come (``publication.seed_visible``); while the match goes on, ``next_deal_dealt``:
the deal to come is already in the players' hands (its cards are not exported, and an import does
not deal it again). The match seed is never exported: it would
tell the deals still to come. Nothing scored is exported: whoever reads
the file scores it again (``imports``, or ``python -m scorer score``).
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
import zipfile
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from flask import Response, stream_with_context
from sqlalchemy import and_, or_, select
from sqlalchemy.orm import selectinload

from scorer.web import clock
from scorer.web.data import documents, publication
from scorer.web.data.document_types import bid_words
from scorer.web.data.exported import export_document
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.policy import readers
from scorer.web.presentation import scoreboard
from scorer.web.records.blueprint import bp


def file_stem(match: Match) -> str:
    return f"match-{match.id:04d}-{clock.local(match.created_at):%Y-%m-%d}"


def json_bytes(data: Any, readable: bool = True) -> bytes:
    """UTF-8 JSON; indented for one match, compact for many (Python's fast encoder cannot indent)."""
    return (json.dumps(data, indent=2 if readable else None, ensure_ascii=False) + "\n").encode("utf-8")


def attachment(body: bytes, filename: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


BATCH = 200  # matches read, exported and let go at a time


def all_matches() -> Iterator[Match]:
    """Every match, oldest first, a batch at a time: each batch's seats and deals loaded in a few
    queries, and the batch let go of before the next is read (keyset pages on ``created_at, id``,
    by the ``ix_matches_created`` index), so memory does not grow with the number of matches."""
    query = (select(Match).options(selectinload(Match.seats), selectinload(Match.deals))
             .where(Match.deleted_at.is_(None)).order_by(Match.created_at, Match.id).limit(BATCH))
    after: tuple[datetime, int] | None = None
    while True:
        page = query if after is None else query.where(or_(
            Match.created_at > after[0], and_(Match.created_at == after[0], Match.id > after[1])))
        matches = db.session.scalars(page).all()
        yield from map(readers.as_seen, matches)  # a faster table's later deals wait for the others
        if len(matches) < BATCH:
            return
        after = (matches[-1].created_at, matches[-1].id)
        db.session.expunge_all()  # the batch is written out: let it go


class Chunks(io.RawIOBase):
    """A write-only stream whose bytes are taken away as they come: zipfile writes a zip to it
    without seeking (a data descriptor after each file), and the response sends each piece."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.parts.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        found = b"".join(self.parts)
        self.parts.clear()
        return found


def zip_pieces() -> Iterator[bytes]:
    """The zip of every match, piece by piece: each match's file as soon as it is written.

    What stays in memory is the zip's table of contents, which the format writes at the end: one
    ``ZipInfo`` per file (about 330 bytes), every file sharing one modification time (the export's)."""
    sink = Chunks()
    made = time.localtime()[:6]
    with zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED) as archive:
        for match in all_matches():
            entry = zipfile.ZipInfo(f"{file_stem(match)}.json", date_time=made)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o600 << 16  # as writestr gives a file named by a string
            archive.writestr(entry, json_bytes(export_document(match), readable=False))
            yield sink.take()
    yield sink.take()  # the central directory


def json_pieces() -> Iterator[bytes]:
    """The JSON list of every match document, one document at a time."""
    yield b"["
    for number, match in enumerate(all_matches()):
        yield (b"," if number else b"") + json.dumps(export_document(match), ensure_ascii=False).encode("utf-8")
    yield b"]\n"


def streamed(pieces: Iterator[bytes], filename: str, mimetype: str) -> Response:
    """A download sent as it is made: the first bytes go out at once, memory stays flat."""
    response = Response(stream_with_context(pieces), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/matches/<int:match_id>/export.json")
def match_json(match_id: int) -> Response:
    """One match as its match document."""
    match = readers.match_or_404(match_id)
    return attachment(json_bytes(export_document(match)), f"{file_stem(match)}.json", "application/json")


@bp.get("/export/matches.json")
def export_json() -> Response:
    """Every match, as a JSON list of match documents, streamed."""
    return streamed(json_pieces(), f"ninety-nine-matches-{datetime.now(clock.zone()):%Y-%m-%d}.json",
                    "application/json")


@bp.get("/export/matches.zip")
def export_zip() -> Response:
    """Every match, one match document per file in a zip, streamed as it is made."""
    return streamed(zip_pieces(), f"ninety-nine-matches-{datetime.now(clock.zone()):%Y-%m-%d}.zip",
                    "application/zip")


CSV_HEADER = ["deal", "game", "deal_in_game", "dealer", "leader", "trump", "turn_up", "seat", "player",
              "side", "bid_as_recorded", "bid", "tricks", "made", "premium", "points", "total"]


# A formula's first character, after whatever a spreadsheet skips (spaces, a quote), at the start of
# a cell: at the start of the text, or after a ',' or ';' where a spreadsheet that splits the row on
# it (a ';' locale; a ',' one reading the file unquoted) starts a new cell.
FORMULA = re.compile(r"""(^|[,;])([\s"']*)(?=[=+\-@\t\r])""")


def spreadsheet_text(text: str) -> str:
    """A name a spreadsheet would take for a formula (=, +, -, @) is kept as text: an apostrophe
    before each place a cell could start with one, whether the row is split on ',' or ';'."""
    return FORMULA.sub(lambda found: f"{found.group(1)}{found.group(2)}'", text)


def csv_rows(match: Match) -> list[list[Any]]:
    """One row per deal and seat; points and totals are the core's (a side's in four-partners)."""
    scored = documents.score(match)
    names = scoreboard.seat_names(match)
    columns = scoreboard.columns(match)
    unit = {seat: index for index, column in enumerate(columns) for seat in column.seats}
    sides = len(columns) < len(names)
    not_public = publication.cards_not_public(match)  # bid cards other tables of a duplicate set still hold
    rows = []
    for number, (stored, deal) in enumerate(zip(match.deals, scored.deals, strict=True), start=1):
        premiums = {p["seat"]: p["kind"] for p in stored.premiums or []}
        for seat, name in enumerate(names):
            u = unit[seat]
            rows.append([
                number, deal.game, deal.number, spreadsheet_text(names[deal.dealer]),
                spreadsheet_text(names[deal.leader]), deal.trump, stored.turn_up or "", seat + 1,
                spreadsheet_text(name), spreadsheet_text(columns[u].label) if sides else "",
                bid_words(deal.bids[seat] if number in not_public else stored.bids[seat]), "" if deal.bids[seat] is None else deal.bids[seat],
                stored.tricks[seat], "yes" if deal.made[seat] else "no", premiums.get(seat, ""),
                deal.points[u], deal.totals[u],
            ])
    return rows


@bp.get("/matches/<int:match_id>/export.csv")
def match_csv(match_id: int) -> Response:
    """One match deal by deal as CSV: UTF-8 with a byte-order mark, so spreadsheets read the suits
    and names right, and a header row."""
    match = readers.match_or_404(match_id)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(match))
    return attachment(buffer.getvalue().encode("utf-8-sig"), f"{file_stem(match)}.csv", "text/csv")
