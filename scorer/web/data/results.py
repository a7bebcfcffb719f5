"""The results cache behind the statistics: per deal and seat, and per match and player.

``refresh(match)`` brings a match's rows up to the core's score (``MatchScore``), writing only the
rows whose figures changed, and then its players' summaries (``summaries.py``); ``forget(match)``
drops them. They are called in the same transaction as every change to a match's deals (recorded,
edited, deleted, imported) and before a match is deleted, so the cache can never disagree with
what is stored. ``rows_for`` is a pure function of the match
document and its score, which is what the migration that creates the tables also uses to fill
them for matches played before it. ``flask --app scorer stats rebuild`` rewrites every match
(``writes/maintenance.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, tuple_, update

from scorer.core import MatchScore, bid_size, get_ruleset, score, tricks_against_bid
from scorer.web.clock import as_utc
from scorer.web.data import documents, publication, ratings, summary_upkeep
from scorer.web.data.document_types import DealDocument, MatchDocument
from scorer.web.data.models import Match, MatchResult, SeatResult
from scorer.web.extensions import db

Row = dict[str, Any]


def unit_of(ruleset_id: str, seat: int) -> int:
    """The scoring unit of a seat, as the core says: the seat itself, or its side."""
    return get_ruleset(ruleset_id).unit_of(seat)


def rows_for(match_id: int, document: MatchDocument, scored: MatchScore, player_ids: Sequence[int],
             played_at: datetime, since: int = 1) -> tuple[list[Row], list[Row]]:
    """The ``seat_results`` and ``match_results`` rows of one match, every figure from ``scored``;
    seat rows from deal ``since`` on (a deal's figures depend on the deals before it, never after)."""
    ruleset = get_ruleset(document["ruleset"])
    common = {"match_id": match_id, "ruleset": ruleset.id, "played_at": played_at}
    seat_rows: list[Row] = []
    # Made bids in a row so far, so that the longest run is a plain MAX. A run starts afresh with
    # each game, as the core's streaks do (DECISIONS 6 and 20).
    runs = [0] * ruleset.seats
    current_game = 0
    for number, (raw, deal) in enumerate(zip(document["deals"], scored.deals, strict=True), start=1):
        if deal.game != current_game:
            runs, current_game = [0] * ruleset.seats, deal.game
        if number < since:  # its rows stand: only the runs it carries on are needed
            runs = [run + 1 if made else 0 for run, made in zip(runs, deal.made, strict=True)]
            continue
        premiums = {p["seat"]: p["kind"] for p in raw["premiums"]}
        for seat in range(ruleset.seats):
            unit = unit_of(ruleset.id, seat)
            bid, took, made = deal.bids[seat], raw["tricks"][seat], deal.made[seat]
            size = over = None
            if bid is not None:  # the core says what size a bid is and how far the tricks were from it
                size = bid_size(bid)
                over = tricks_against_bid(bid, took, ruleset.tricks)
            premium = premiums.get(seat)
            runs[seat] = runs[seat] + 1 if made else 0
            seat_rows.append({
                **common, "deal": number, "seat": seat, "game": deal.game, "unit": unit,
                "player_id": player_ids[seat] if seat < ruleset.players else None,
                "dealer": deal.dealer == seat, "bid": bid, "bid_size": size, "tricks": took, "made": made,
                "run": runs[seat], "over": over, "points": deal.points[unit], "total": deal.totals[unit],
                "premium": premium, "premium_made": made if premium else None,
            })
    finished_games = [game for game in scored.games if game.finished]
    match_rows = []
    for seat in range(ruleset.players):
        unit = unit_of(ruleset.id, seat)
        match_rows.append({
            **common, "seat": seat, "player_id": player_ids[seat], "unit": unit,
            "deals": len(scored.deals), "finished": scored.finished,
            "won": scored.finished and unit in scored.winners,
            "games_played": len(finished_games),
            "games_won": sum(1 for game in finished_games if unit in game.winners),
            "grand_total": scored.grand_totals[unit],
        })
    return seat_rows, match_rows


def expected_rows(match: Match, scored: MatchScore | None = None, since: int = 1,
                  document: MatchDocument | None = None) -> tuple[list[Row], list[Row]]:
    """The cache rows the core's score of ``match`` gives (``scored`` if the caller has it already);
    raises ``MatchError`` if the core refuses the match. The match and its players must have ids
    already (a new match: flush first). ``document``: the match's document, if made already."""
    if document is None:
        document = documents.match_document(match)
    if scored is None:
        _, scored = score(document)
    player_ids = [seat.player_id if seat.player_id is not None else seat.player.id for seat in match.seats]
    return rows_for(match.id, document, scored, player_ids, as_utc(match.created_at), since)


SEAT_KEY = ("deal", "seat")
MATCH_KEY = ("seat",)


def comparable(value: Any) -> Any:
    """SQLite hands back datetimes without their zone; compare them in UTC."""
    return as_utc(value) if isinstance(value, datetime) else value


def differs(stored: Any, wanted: Row) -> bool:
    """Whether a stored row holds another figure than the wanted one (a zone-less time from
    SQLite is compared in UTC, and only when it is not equal as it stands)."""
    return any(stored[column] != value and comparable(stored[column]) != comparable(value)
               for column, value in wanted.items())


def write_changes(model: type[SeatResult] | type[MatchResult], key: tuple[str, ...], match_id: int,
                  wanted: list[Row], *where: Any, new: bool = False) -> tuple[list[Row], list[Row], list[Row]]:
    """Make the match's rows of ``model`` the ``wanted`` ones, writing only what differs: one
    SELECT of the rows stored, then at most one batched INSERT, one batched UPDATE and one DELETE,
    whatever the number of deals (a deal added writes its own rows and the match's rows only).

    ``where`` narrows the rows compared (``wanted`` holds those only). Returns the rows taken out or
    replaced (as they were), the rows written, and all rows compared as they were, for the
    summaries (``summary_upkeep.CacheChange``). ``new``: the match was written in this transaction,
    so it has no rows to read."""
    table = model.__table__
    have = {} if new else {tuple(row._mapping[k] for k in key): dict(row._mapping)
                           for row in db.session.execute(select(*table.columns).where(table.c.match_id == match_id, *where))}
    want = {tuple(row[k] for k in key): row for row in wanted}
    added = [row for ident, row in want.items() if ident not in have]
    changed = [ident for ident, row in want.items() if ident in have and differs(have[ident], row)]
    gone = [ident for ident in have if ident not in want]
    if gone:
        db.session.execute(delete(model).where(
            table.c.match_id == match_id, *where, tuple_(*(table.c[k] for k in key)).in_(gone)))
    if changed:
        db.session.execute(update(model), [want[ident] for ident in changed])  # by primary key, one batch
    if added:
        db.session.execute(insert(model), added)
    return [have[ident] for ident in gone + changed], [want[ident] for ident in changed] + added, list(have.values())


def refresh(match: Match, scored: MatchScore | None = None, summarise: bool = True, since: int = 1,
            deals: list[DealDocument] | None = None, new: bool = False) -> None:
    """Bring the match's cached rows and its players' summaries up to date in the current
    transaction (the caller commits), writing only the rows whose figures changed.

    ``scored`` is the core's score of the match as it now stands, when the caller has it already
    (a save scores the match once). Soft deletes and restores call ``forget`` and ``refresh``.
    ``summarise=False`` leaves the summaries to the caller (``rebuild_all`` writes them all at the end).
    ``since`` is the first deal the change touched (the deal saved, edited or deleted): the seat
    rows before it cannot change, so only those from it on are read and compared. ``deals``: the
    match's deals as they now stand, when the caller has them (a save read them already). ``new``:
    the match was written in this transaction (``begin``): it has no rows yet to compare with.
    """
    document = documents.match_document(match, deals)  # made once: the fingerprint and the rows read it
    fingerprint = documents.document_hash(match, document)  # what an import recognises the match by
    if match.content_hash != fingerprint:  # unchanged: the row (and its updated_at) is left alone
        match.content_hash = fingerprint
    seat_rows, match_rows = expected_rows(match, scored, since, document)
    # No autoflush: the deal being saved is written by the caller's commit, which is where its own
    # checks (a deal number saved twice) are caught; a failed commit takes these rows back with it.
    with db.session.no_autoflush:
        old_seats, new_seats, _ = write_changes(SeatResult, SEAT_KEY, match.id, seat_rows, SeatResult.deal >= since, new=new)
        _, _, old_matches = write_changes(MatchResult, MATCH_KEY, match.id, match_rows, new=new)
        ratings.follow(match, ratings.rated_figures(old_matches), ratings.rated_figures(match_rows))
        if summarise:
            update_summaries(match, summary_upkeep.CacheChange(old_seats, new_seats, old_matches, match_rows))


def forget(match: Match | int) -> None:
    """Drop the match's cached rows and take it out of its players' summaries, in the current
    transaction (before the match is deleted, or when it is set aside; ``refresh`` writes them
    again when it is restored). The caller holds the match's lock and commits."""
    if isinstance(match, int):
        match = db.session.get_one(Match, match)
    with db.session.no_autoflush:
        rated = db.session.execute(select(*MatchResult.__table__.columns).where(MatchResult.match_id == match.id))
        ratings.follow(match, ratings.rated_figures(rated), None, deleting=True)
        db.session.execute(delete(SeatResult).where(SeatResult.match_id == match.id))
        db.session.execute(delete(MatchResult).where(MatchResult.match_id == match.id))
        update_summaries(match)


def update_summaries(match: Match, change: summary_upkeep.CacheChange | None = None) -> None:
    """The summaries of the match's players, day and month: patched by ``change`` (what was
    written), or added up again from the rows as they now stand. A table of a club night still on
    is in no summary (``publication.counts_yet``): a change to it patches nothing."""
    if change is not None and not publication.counts_yet(match):
        return
    player_ids = [seat.player_id if seat.player_id is not None else seat.player.id for seat in match.seats]
    summary_upkeep.follow(player_ids, match.ruleset, as_utc(match.created_at), change)
