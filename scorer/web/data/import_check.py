"""Checking a match document before it is imported: every document is checked and scored by the
core, whose problem comes back as the core stated it (``CoreProblem``); the app adds its own few
limits (names, dates, cards), each a code of ``refusals.REFUSALS`` with its facts and the deal it
is about (``DocumentProblem``). The screen words both (``presentation/import_words``: the deal
they are in, long names shortened). The result, ``Checked``, is what ``writes/imports.py`` stores.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorer.core import MAX_SEED, MatchError, MatchScore, Problem, parse_trump, score
from scorer.web.data import card_store, documents, names, results
from scorer.web.data.document_types import DealDocument, deal_document
from scorer.web.data.match_files import CoreProblem, DocumentProblem, ImportProblem
from scorer.web.data.models import DealtDeal, HandLink
from scorer.web.data.refusals import Stated


def played(raw: Mapping[str, Any]) -> DealDocument:
    """A deal as the app stores what was played (MATCH-FORMAT.md fields only, bids as recorded)."""
    return deal_document(raw["bids"], raw["tricks"], raw.get("premiums"), raw.get("turn_up"), raw.get("trump"))


class Refusal(Stated):
    """The app's own problem with a document: a code and its facts (``deal``: the deal it is about),
    made a ``DocumentProblem`` line by ``check``."""

    status = 422

    def __init__(self, code: str, deal: int | None = None, **facts: Any) -> None:
        super().__init__(code, **facts)
        self.deal = deal


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
    finished_at: datetime | None = None  # when it finished (its place in the ratings), if it did
    next_dealt: bool = False  # the deal to come was dealt where the match was exported
    content_hash: str = ""

    def deals(self) -> list[DealDocument]:
        return [played(raw) for raw in self.document.get("deals", [])]

    def played_trumps(self) -> list[str | None]:
        """The trump each deal was played with when it was saved, where the file says (checked)."""
        return [raw.get("played_trump") for raw in self.document.get("deals", [])]

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


# The dates an import may carry: every match a person played, and far from the ends of the calendar,
# where a time shown in the table's zone (clock.local) would overflow.
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 12, 31, 23, 59, 59, tzinfo=UTC)


def read_time(document: dict[str, Any], key: str) -> datetime | None:
    if key not in document:
        return None
    value = document[key]
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise Refusal("not-a-date", field=key, example='"2026-11-21T20:15:00+00:00"', value=repr(value))
    try:
        in_range = EARLIEST <= results.as_utc(moment) <= LATEST  # year 1 at +01:00 is before the calendar starts
    except OverflowError:
        in_range = False
    if not in_range:  # the table's clock shows it in any zone, history sorts by it
        raise Refusal("date-out-of-range", field=key, first=EARLIEST.year, last=LATEST.year, value=repr(value))
    return results.as_utc(moment)


def check(document: Any) -> Checked:
    """Validate and score one document with the core, and check the app's own limits; the core's
    problem, if any, as it states it (``CoreProblem``), the app's in a player's words (``say``)."""
    try:
        return _checked(document)
    except MatchError as error:
        raise ImportProblem(CoreProblem(error, document)) from None
    except Refusal as problem:
        raise ImportProblem(DocumentProblem(problem.said, document, problem.deal), problem.status) from None


def _checked(document: Any) -> Checked:
    match, scored = score(document)
    players = []
    for name in match.players:
        try:
            players.append(names.clean(name, repr(name)))
        except names.NameProblem as problem:
            raise Refusal(problem.code, **problem.facts) from None
    keys = [names.key(name) for name in players]
    for name, key in zip(match.players, keys, strict=True):
        if keys.count(key) > 1:
            raise Refusal("named-twice", name=repr(name))
    alike = names.lookalikes(players)
    if alike is not None:
        raise Refusal("look-the-same", first=repr(alike[0]), second=repr(alike[1]))
    read_played_trumps(document)
    played_at = read_time(document, "played_at")
    updated_at = read_time(document, "updated_at")
    # Where a finished match takes its place in the ratings' order: the file's finish time, else
    # the last change it knows of (an export of a version before finish times were kept).
    finished_at = (read_time(document, "finished_at") or updated_at or played_at) if scored.finished else None
    options = match.setup.options_json()
    cards = read_cards(document, options)
    next_dealt = document.get("next_deal_dealt", False)
    if not isinstance(next_dealt, bool):
        raise Refusal("not-true-or-false", field="next_deal_dealt", value=repr(next_dealt))
    checked = Checked(document=document, options=options, players=players, scored=scored,
                      played_at=played_at, updated_at=updated_at or played_at, cards=cards, next_dealt=next_dealt,
                      finished_at=finished_at)
    checked.content_hash = documents.content_hash(document["ruleset"], options, document.get("first_dealer", 0),
                                                  cards, checked.deals())
    return checked


def read_played_trumps(document: dict[str, Any]) -> None:
    """Each deal's ``played_trump`` (an added field of the app's exports), made canonical in place:
    a trump name, or absent (a ``MatchError`` of that deal with the core's problem)."""
    for number, raw in enumerate(document.get("deals", []), start=1):
        if raw.get("played_trump") is None:
            raw.pop("played_trump", None)
            continue
        try:
            raw["played_trump"] = parse_trump(raw["played_trump"])
        except Problem as error:
            raise MatchError(f"played_trump: {error}", code=error.code, field="played_trump", deal=number,
                             facts=error.facts) from None


def read_cards(document: dict[str, Any], options: dict[str, Any]) -> str:
    """The ``cards`` mode of an exported match (absent: a real pack), and the seed of each dealt deal."""
    mode = document.get("cards", card_store.TABLE)
    problem = card_store.mode_problem(document["ruleset"], options, mode) if isinstance(mode, str) else None
    if not isinstance(mode, str) or mode not in card_store.CARDS_MODES or problem:
        modes = ", ".join(card_store.CARDS_MODES)
        raise Refusal("cards-mode", value=repr(mode), modes=modes, problem=problem)
    for number, raw in enumerate(document.get("deals", []), start=1):
        seed = raw.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise Refusal("not-a-seed", deal=number, field="seed", most=MAX_SEED, value=repr(seed))
        if mode == card_store.TABLE and (seed is not None or raw.get("hands") is not None):
            raise Refusal("dealt-without-app", deal=number)
    return mode
