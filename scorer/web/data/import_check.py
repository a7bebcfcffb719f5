"""Checking a match document before it is imported: every document is checked and scored by the
core, whose problem comes back as the core stated it (``CoreProblem``, worded by the screen); the
app adds its own few limits (names, dates, cards), whose messages are whole sentences in the
page's language, put in a player's words here (``say``: the deal they are in, long names
shortened). The result, ``Checked``, is what ``writes/imports.py`` stores.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorer.core import MAX_SEED, MatchError, MatchScore, Problem, parse_trump, score
from scorer.web.data import card_store, documents, names, results
from scorer.web.data.document_types import DealDocument, deal_document
from scorer.web.data.match_files import CoreProblem, ImportProblem
from scorer.web.data.models import DealtDeal, HandLink
from scorer.web.language import gettext, lazy_gettext

# What a match document's fields are called in a player's words, for the import's messages.
FIELD_WORDS = {
    "first_dealer": lazy_gettext("the first dealer"), "format": lazy_gettext("the file's format"),
    "document": lazy_gettext("the file"), "players": lazy_gettext("the players"), "ruleset": lazy_gettext("the ruleset"),
    "options": lazy_gettext("the match options"), "deals": lazy_gettext("the deals"), "deal": lazy_gettext("the deal"),
    "dealer": lazy_gettext("the dealer"), "bids": lazy_gettext("the bids"), "tricks": lazy_gettext("the tricks"),
    "premiums": lazy_gettext("the premiums"), "turn_up": lazy_gettext("the turned card"), "trump": lazy_gettext("the trump"),
    "seed": lazy_gettext("the seed"), "hands": lazy_gettext("the hands"), "cards": lazy_gettext("how the cards are handled"),
    "played_at": lazy_gettext("the time it was played"), "updated_at": lazy_gettext("the time it was last changed"),
    "next_deal_dealt": lazy_gettext("whether the next deal was dealt"), "finished_at": lazy_gettext("the time it finished"),
}


# Fields whose messages name their subject already ("Ann's tricks must be …", "'Ann' is named twice").
SELF_EXPLAINING = {"players", "ruleset", "deal", "deals", "bids", "tricks", "premiums", "turn_up", "trump", "cards"}


PREFIX = re.compile(r"^(?:deal (\d+): )?(?:([a-z_]+(?:\.[a-z_]+)?): )?")


def played(raw: Mapping[str, Any]) -> DealDocument:
    """A deal as the app stores what was played (MATCH-FORMAT.md fields only, bids as recorded)."""
    return deal_document(raw["bids"], raw["tricks"], raw.get("premiums"), raw.get("turn_up"), raw.get("trump"))


class Refusal(ImportProblem):
    """The app's own problem with a document, a whole sentence in the page's language (``deal``:
    the deal it is about), put in a player's words by ``check`` (``say``)."""

    def __init__(self, sentence: str, deal: int | None = None) -> None:
        super().__init__(sentence)
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
        raise Refusal(gettext("%(field)s must be a date and time such as %(example)s, not %(value)s", field=FIELD_WORDS[key],
                              example='"2026-11-21T20:15:00+00:00"', value=repr(value)))
    try:
        in_range = EARLIEST <= results.as_utc(moment) <= LATEST  # year 1 at +01:00 is before the calendar starts
    except OverflowError:
        in_range = False
    if not in_range:  # the table's clock shows it in any zone, history sorts by it
        raise Refusal(gettext("%(field)s must be a date from %(first)s to %(last)s, not %(value)s", field=FIELD_WORDS[key],
                              first=EARLIEST.year, last=LATEST.year, value=repr(value)))
    return results.as_utc(moment)


def say(sentence: str, document: Any, deal: int | None = None) -> str:
    """The app's own problem with a document as a player reads it: long names shortened, the deal
    it is about before it ("Deal 3: the seed must …"), else begun with a capital. (The core's
    problems are worded by ``presentation/import_words``.)"""
    players = document.get("players") if isinstance(document, dict) else None
    for name in players if isinstance(players, list) else []:
        if isinstance(name, str) and len(name) > names.SHORT_NAME:
            sentence = sentence.replace(name, names.short(name))
    if deal is not None:
        return gettext("Deal %(deal)s: %(problem)s", deal=deal, problem=sentence)
    return sentence[:1].upper() + sentence[1:]


def in_words(text: str, document: Any) -> str:
    """A line read off as "deal 3: field: problem" (the form of the core's English line) as a player
    would say it: "options.games_to_win: must be a whole number …" → "The games to win must be a whole
    number …": field names in words, long names shortened."""
    found = PREFIX.match(text)
    assert found is not None  # every part of it is optional
    deal, field, rest = found.group(1), found.group(2), text[found.end():]
    if field is not None:
        words = FIELD_WORDS.get(field) or (f"the {field.split('.', 1)[1].replace('_', ' ')}" if "." in field else None)
        if words is None:
            rest = f"{field}: {rest}"  # not a field after all: keep the text as it came
        elif rest.startswith("must "):
            rest = f"{words} {rest}"
        elif field not in SELF_EXPLAINING:
            rest = f"{words}: {rest}"
    return say(rest, document, int(deal) if deal else None)


def check(document: Any) -> Checked:
    """Validate and score one document with the core, and check the app's own limits; the core's
    problem, if any, as it states it (``CoreProblem``), the app's in a player's words (``say``)."""
    try:
        return _checked(document)
    except MatchError as error:
        raise ImportProblem(str(error), core=CoreProblem(error, document)) from None
    except Refusal as problem:
        raise ImportProblem(say(str(problem), document, problem.deal), problem.status) from None


def _checked(document: Any) -> Checked:
    match, scored = score(document)
    players = []
    for name in match.players:
        try:
            players.append(names.clean(name, repr(name)))
        except names.NameProblem as problem:
            raise Refusal(str(problem)) from None
    keys = [names.key(name) for name in players]
    for name, key in zip(match.players, keys, strict=True):
        if keys.count(key) > 1:
            raise Refusal(gettext("%(name)s is named twice", name=repr(name)))
    alike = names.lookalikes(players)
    if alike is not None:
        raise Refusal(gettext("%(first)s and %(second)s look the same; a match needs names that can be told apart",
                              first=repr(alike[0]), second=repr(alike[1])))
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
        raise Refusal(gettext("%(field)s must be true or false, not %(value)s", field=FIELD_WORDS["next_deal_dealt"],
                              value=repr(next_dealt)))
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
        raise Refusal(gettext("%(value)s is not how this match's cards can be handled (one of %(modes)s): %(problem)s",
                              value=repr(mode), modes=modes, problem=problem) if problem else
                      gettext("%(value)s is not how this match's cards can be handled (one of %(modes)s)",
                              value=repr(mode), modes=modes))
    for number, raw in enumerate(document.get("deals", []), start=1):
        seed = raw.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise Refusal(gettext("%(field)s must be a whole number from 0 to %(most)s, not %(value)s", field=FIELD_WORDS["seed"],
                                  most=MAX_SEED, value=repr(seed)), deal=number)
        if mode == card_store.TABLE and (seed is not None or raw.get("hands") is not None):
            raise Refusal(gettext("the hands: dealt cards need the match's \"cards\" mode (\"app\")"), deal=number)
    return mode
