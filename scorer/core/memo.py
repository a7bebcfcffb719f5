"""Scoring a match again without scoring its earlier deals again.

A save at deal 200 sends the core a match document of 200 deals, 199 of which it checked and
scored at the save before. ``ScoreMemo`` remembers where scoring stood (``match.Progress``) at the
end of the last few documents it scored, by a fingerprint of their header and of each deal as
given; a document that starts with one of them is checked and scored from there. The answer is
the same as ``document.score`` gives, errors included (tests/core/test_memo.py checks it for random
matches of every ruleset, with deals added, changed, taken away and broken).

Nothing is kept but what ``score`` worked out from the document itself, so the memo never goes
stale: a deal changed anywhere changes the fingerprint of every prefix from it on.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from .document import parse_match, score
from .match import MatchRecord, MatchScore, Progress, finish, resume
from .validation import parse_deal

# What of a document ``parse_match`` reads besides its deals; a key that is absent and one that
# is null are told apart, as parse_match tells them apart.
HEADER = ("format", "ruleset", "options", "players", "first_dealer")


def fingerprints(doc: Mapping[str, Any], deals: list[Any]) -> list[bytes]:
    """One fingerprint per prefix of the deals: [0] covers the header alone, [n] the header and the
    first n deals. Each deal enters as its ``repr``, which tells apart every JSON value (1 and 1.0
    and True, "1" and 1), so equal fingerprints mean equal documents as far as scoring goes."""
    running = hashlib.blake2b(repr([(key, doc[key]) for key in HEADER if key in doc]).encode(), digest_size=20)
    found = [running.digest()]
    for deal in deals:
        text = repr(deal).encode()
        running.update(len(text).to_bytes(8, "big"))
        running.update(text)
        found.append(running.digest())
    return found


class ScoreMemo:
    """``score`` with a memory of the last ``size`` documents scored (thread-safe)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._kept: OrderedDict[bytes, Progress] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0  # deals not scored again, for the tests and the bench to see

    def score(self, doc: Any) -> tuple[MatchRecord, MatchScore]:
        """What ``document.score(doc)`` answers (a ``MatchError`` for a broken document)."""
        deals = doc.get("deals") if isinstance(doc, Mapping) else None
        if not isinstance(deals, list):  # not a document this can go on from: scored as usual
            return score(doc)
        try:
            keys = fingerprints(doc, deals)
        except RecursionError:  # a deal nested too deep to print: scored from the start
            return score(doc)
        start, progress = self._longest(keys)
        if progress is None:
            match = parse_match(doc)  # the header and every deal checked, as score() does
            progress = resume(Progress.start(match), match.deals)
        else:
            record = progress.record
            names = record.players + (("the dummy",) if record.setup.ruleset.has_dummy else ())
            checked = tuple(parse_deal(record.setup, names, raw, number)
                            for number, raw in enumerate(deals[start:], start=start + 1))
            progress = resume(progress, checked)
        with self._lock:
            self._kept[keys[-1]] = progress
            self._kept.move_to_end(keys[-1])
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return progress.record, finish(progress)

    def _longest(self, keys: list[bytes]) -> tuple[int, Progress | None]:
        """The longest prefix of the document scored before, and where scoring stood after it."""
        with self._lock:
            for length in range(len(keys) - 1, -1, -1):
                found = self._kept.get(keys[length])
                if found is not None:
                    self._kept.move_to_end(keys[length])
                    self.hits += length
                    return length, found
        return 0, None
