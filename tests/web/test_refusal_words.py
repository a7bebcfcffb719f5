"""Every refusal the writes and the data layer's checks can state (``data/refusals.REFUSALS``) and
every heading of a refused write's page (``HEADINGS``) has words in ``presentation/refusal_words``,
in English and in German, from plausible facts; and the writes' and the checks' codes are all in
the registry (a code outside it cannot be raised: ``Said`` and ``Stated`` refuse it)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorer.core import MatchError
from scorer.web.data.refusals import HEADINGS, REFUSALS, Said, Stated, heading
from scorer.web.presentation import refusal_words

PACKAGE = Path(__file__).resolve().parents[2] / "scorer" / "web"

# A plausible value of each fact, by its name; a code's own where it needs another.
FACT = {
    "undone": heading("deal-not-saved", number=4), "posted": 3, "number": 4, "next_deal": 5, "last": 6, "set": "Club night",
    "state": "closed", "behind": None, "ended": False, "seat": 1, "face_down": False,
    "error": MatchError("tricks add up to 8, a deal of this ruleset has 9", code="tricks-total", field="tricks",
                        deal=5, facts={"total": 8, "tricks": 9}),
    "newer": None, "name": "Ann", "expected": "Anne", "new": "Bob", "old": "Bobby", "deals": 3, "published": 5,
    "typed": "Кір", "known": "Kip", "most": 3, "minutes": 10, "retry_at": datetime(2026, 11, 28, 20, 15, tzinfo=UTC),
    "rule": "sometimes", "days": 30, "what": None, "char": "U+200B ZERO WIDTH SPACE", "category": "Cf",
    "limit": 40, "scripts": ("CYRILLIC", "LATIN"), "ruleset": "Jokerless", "file": "club.zip", "count": 3,
    "problem": Said("json-values", values=2_000_000, limit=1_000_000), "values": 2_000_000, "files": 12_000,
    "size": 30_000_000, "depth": 20, "digits": 25, "value": "NaN", "line": 3, "column": 7,
    "archive": "old.tar.gz", "field": "played_at", "example": '"2026-11-21T20:15:00+00:00"', "first": 1900,
    "modes": "table, turn-up, app", "done": 200, "total": 300, "num": 2,
}
OWN = {
    "busy": {"undone": heading("deal-not-saved", number=4)},
    "in-file": {"file": "a.json", "problem": Said("long-number", digits=25, limit=20)},
    "not-json": {"file": "a.json", "error": "Expecting value", "line": 1, "column": 1},
    "not-a-zip": {"file": "a.zip", "error": "File is not a zip file"},
    "date-out-of-range": {"field": "updated_at", "first": 1900, "last": 2100, "value": "'0001-01-01T00:00:00'"},
    "cards-mode": {"value": "'turn-up'", "modes": "table, turn-up, app", "problem": Said("turns-no-card", ruleset="Jokerless")},
    "not-a-seed": {"field": "seed", "most": 2**63 - 1, "value": "-1"},
    "named-twice": {"name": "'Ann'"},
    "look-the-same": {"first": "'Ann'", "second": "'Аnn'"},
    "not-true-or-false": {"field": "next_deal_dealt", "value": "'yes'"},
    "file-match": {"file": "all.json", "number": 2, "count": 3},
    "deals-recorded-since": {"number": 4, "last": 7},
    "deals-after-it": {"number": 4, "last": 5},
}


def facts_of(code: str, registry: dict[str, tuple[str, ...]] | None = None) -> dict[str, object]:
    names = (registry or REFUSALS)[code]
    return OWN.get(code) or {name: FACT[name] for name in names}


def worded(app: Flask, language: str, word) -> str:
    with app.test_request_context(headers={"Accept-Language": language}):
        return str(word())


def wrong_words(english: str, german: str) -> str | None:
    """What is wrong with a refusal's words, if anything."""
    if not english.strip() or not german.strip():
        return "no words"
    if "%(" in english + german:
        return "a placeholder left unfilled"
    return "no German words" if german == english else None


def refusal(code: str) -> str:
    return refusal_words.say(Said(code, **facts_of(code)))


def heading_of(code: str) -> str:
    return refusal_words.heading(Said(code, heading=True, **{name: FACT[name] for name in HEADINGS[code]}))


@pytest.mark.parametrize("codes, word", [(REFUSALS, refusal), (HEADINGS, heading_of)], ids=["refusals", "headings"])
def test_every_refusal_and_heading_has_words_in_english_and_german(app: Flask, codes: dict[str, Any],
                                                                    word: Callable[[str], str]) -> None:
    wrong = []
    for code in sorted(codes):
        english = worded(app, "en", lambda: word(code))  # noqa: B023 - called at once
        german = worded(app, "de", lambda: word(code))  # noqa: B023
        problem = wrong_words(english, german)
        if problem:
            wrong.append(f"{code}: {problem} ({english!r})")
    assert wrong == []


def test_a_refusal_is_worded_with_its_heading_and_the_screens_context(app: Flask) -> None:
    problem = Stated("only-last-deal", heading("deal-not-deleted", number=4), number=4, last=6)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert refusal_words.title(problem) == "Deal 4 was not deleted"
        assert refusal_words.message(problem) == "Only the last deal (deal 6) can be deleted; edit deal 4 instead."
        assert refusal_words.message(Stated("busy", undone=heading("deal-not-saved", number=4))).startswith(
            "Deal 4 was not saved: the scorer was busy")
        private = Stated("private-bid", seat=1, face_down=False)
        assert "Bob’s bid cards can only come from Bob’s own phone" in refusal_words.message(private, ["Ann", "Bob", "Cy"])
        assert refusal_words.message(private) == "Seat 2's bid cards cannot be taken while the deal's cards are private."
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert refusal_words.title(problem) != "Deal 4 was not deleted"


def test_a_code_outside_the_registry_or_with_other_facts_cannot_be_stated() -> None:
    with pytest.raises(TypeError):
        Said("no-such-code")
    with pytest.raises(TypeError):
        Stated("only-last-deal", number=4)  # its "last" is missing
    with pytest.raises(TypeError):
        heading("deal-not-saved")  # its number is missing


def codes_raised() -> set[str]:
    """Every code literal the writes and the data layer pass to a refusal: the first argument of a
    call of ``Said``, ``refused``, ``too_large`` (its second), a ``Stated`` subclass, or a
    ``super().__init__`` of one."""
    found: set[str] = set()
    for path in [*(PACKAGE / "writes").rglob("*.py"), *(PACKAGE / "data").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            args = node.args[1:] if isinstance(node.func, ast.Name) and node.func.id == "too_large" else node.args
            for arg in args[:1]:
                values = [arg] if not isinstance(arg, ast.IfExp) else [arg.body, arg.orelse]
                found |= {value.value for value in values if isinstance(value, ast.Constant)
                          and isinstance(value.value, str) and value.value in {*REFUSALS, *HEADINGS}}
    return found


def test_the_writes_and_the_checks_raise_codes_of_the_registry_and_every_code_is_raised() -> None:
    # Every code of the registry is stated somewhere (none is left over once its refusal is gone).
    raised = codes_raised()
    assert sorted(set(REFUSALS) - raised) == []
    assert sorted(set(HEADINGS) - raised) == []
