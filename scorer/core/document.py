"""The JSON match document of MATCH-FORMAT.md: reading and checking it, and writing it back scored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import MatchError
from .match import MatchRecord, MatchScore, score_match
from .rulesets import get_ruleset, make_setup
from .validation import parse_deal

FORMAT = "ninety-nine/1"


def parse_match(doc: Any) -> MatchRecord:
    """Check a match document's header and every deal; raise MatchError naming what is wrong."""
    if not isinstance(doc, Mapping):
        raise MatchError("the match document must be a JSON object", code="document-not-an-object", field="document")
    if "format" in doc and doc["format"] != FORMAT:
        raise MatchError(f"format: {doc['format']!r} is not {FORMAT!r}", code="format-unknown", field="format",
                         facts={"value": doc["format"], "format": FORMAT})
    if "ruleset" not in doc:
        raise MatchError("ruleset: missing (one of classic, jokerless, …)", code="ruleset-missing", field="ruleset")
    ruleset = get_ruleset(doc["ruleset"])
    setup = make_setup(ruleset, doc.get("options"))
    players = _players(doc.get("players"), ruleset.players, ruleset.has_dummy)
    first_dealer = doc.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < ruleset.players:
        raise MatchError(f"first_dealer: must be a seat from 0 to {ruleset.players - 1}, not {first_dealer!r}",
                         code="first-dealer-out-of-range", field="first_dealer",
                         facts={"last": ruleset.players - 1, "value": first_dealer})
    raw_deals = doc.get("deals", [])
    if not isinstance(raw_deals, list):
        raise MatchError("deals: must be a list of deals", code="deals-not-a-list", field="deals")
    names = players + (("the dummy",) if ruleset.has_dummy else ())
    deals = tuple(parse_deal(setup, names, raw, number) for number, raw in enumerate(raw_deals, start=1))
    return MatchRecord(setup=setup, players=players, first_dealer=first_dealer, deals=deals)


def _players(raw: Any, count: int, dummy: bool) -> tuple[str, ...]:
    extra = " (the dummy has no name)" if dummy else ""
    if not isinstance(raw, list) or len(raw) != count:
        given = len(raw) if isinstance(raw, list) else None
        raise MatchError(f"players: this ruleset has {count} named players{extra}, {'no' if given is None else given} given",
                         code="players-count", field="players", facts={"players": count, "given": given, "dummy": dummy})
    names = []
    for name in raw:
        if not isinstance(name, str) or not name.strip():
            raise MatchError(f"players: each player needs a name, not {name!r}", code="player-without-name",
                             field="players", facts={"value": name})
        names.append(name.strip())
    folded = [n.casefold() for n in names]
    for name in names:
        if folded.count(name.casefold()) > 1:
            raise MatchError(f"players: {name!r} is named twice", code="player-named-twice", field="players",
                             facts={"name": name})
    return tuple(names)


def score(doc: Any) -> tuple[MatchRecord, MatchScore]:
    match = parse_match(doc)
    return match, score_match(match)


def score_document(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The document as given with ``scored`` added (any old ``scored`` replaced)."""
    _, result = score(doc)
    out = {key: value for key, value in doc.items() if key != "scored"}
    out["scored"] = result.to_json()
    return out
