"""Why the web app refused something, as facts: each refusal a stable code with the values its
words need, as the core's problems are (``scorer.core.errors.PROBLEMS``).

``writes/`` (what a person asked to change) and ``data/`` (a name, a file to import, a way of
handling the cards) refuse with a code of ``REFUSALS`` and its facts, and head a refused write's
page with a code of ``HEADINGS`` ("Deal 4 was not saved"); neither words anything. The screen
words both in the phone's language, in one place: ``presentation/refusal_words.py`` (an import's
lines through ``presentation/import_words.py``). ``tests/web/test_refusal_words.py`` words every
code below in English and German.

A fact is a number, a name, a code, a value as given, or another ``Said`` (a clause worded first:
"Deal 4 was not saved" in "Deal 4 was not saved: the scorer was busy ..."); a few are the objects
the screen words richly (the core's ``MatchError`` an undo would cause, the history's ``Change`` to
undo first).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

# Every refusal's code, with the names of the facts it carries.
REFUSALS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    # the unit of work (writes/unit.py)
    "busy": ("undone",),                                  # undone: the heading of what was not done
    "match-deleted": (),
    # a deal's save, edit and deletion (writes/deals.py)
    "wrong-form": ("posted", "number"),
    "not-playing": ("set", "state", "behind", "ended"),   # a table of a deal set (presentation/night)
    "published": ("number",),
    "taken": ("number",),                                  # saved first with other figures
    "private-bid": ("seat", "face_down"),                  # seat from 0
    "moved": ("number", "next_deal"),                    # next_deal: the next deal now
    "sent-twice": ("number",),
    "edited-twice": ("number",),
    "edit-conflict": ("number",),
    "no-more-deals": (),
    "match-deleted-deal-not-saved": ("number",),
    "match-deleted-deal-not-changed": ("number",),
    "no-such-deal": ("number",),
    "deals-recorded-since": ("number", "last"),            # last: the last deal now (number + 1 or more)
    "only-last-deal": ("number", "last"),
    "delete-out-of-date": ("number",),
    # an undo (writes/undo.py)
    "undo-out-of-date": (),
    "breaks-rule": ("error",),                             # the core's MatchError
    "later-change-first": ("newer",),                      # the history's Change, or None
    "change-not-in-history": (),
    "match-gone-for-good": (),
    "restore-first": (),
    "deals-after-it": ("number", "last"),
    "deletion-first": ("number", "next_deal"),
    # a rename (writes/players.py)
    "rename-busy": (),
    "no-such-player": (),
    "renamed-since": ("name", "expected"),
    "name-now-taken": ("new", "old"),
    "name-taken": ("name",),
    # deal sets and their tables (writes/deal_sets.py)
    "behind": ("number", "deals", "published"),
    "table-moved": ("number",),
    "not-a-table": (),
    "no-such-deal-set": (),
    # matches (writes/matches.py)
    "looks-like-known": ("typed", "known"),
    "rematch-not-over": (),
    # scorekeepers, seats, hands (writes/keepers.py, seats.py, hands.py)
    "invite-used": (),
    "no-such-keeper": (),
    "seat-not-held": (),
    "holds-another-seat": (),
    "no-such-hand": (),
    "already-recorded": ("number",),
    "no-dummy-bid": ("number",),
    # typed seeds (writes/seed_tries.py): retry_at a UTC datetime
    "too-many-seeds": ("most", "minutes", "retry_at"),
    # the ratings (writes/ratings.py)
    "confirm-unfinished": (),
    "ladder-rule-unknown": ("rule",),
    # a deleted match (data/deletion.py)
    "match-in-recently-deleted": ("days",),
    # a name (data/names.py): what, the name's subject as the screen gave it (None: "A name");
    # char, the character described ("U+200B ZERO WIDTH SPACE"); category, its Unicode category
    # (Cc, Cf, Cn, Co, Cs; "" for a letter that shows nothing); scripts, the alphabets' names
    "name-character": ("what", "char", "category"),
    "name-empty": ("what",),
    "name-starts-with-mark": ("what", "char"),
    "name-too-long": ("what", "limit"),
    "name-mixes-alphabets": ("what", "scripts"),
    # who handles the cards (data/card_store.py): ruleset, its name
    "choose-cards": (),
    "turns-no-card-from-bids": ("ruleset",),
    "turns-no-card": ("ruleset",),
    # a file to import (data/match_files.py): file, its label (a name, a "file-match" or None: the
    # file); sizes in bytes, counts as numbers
    "file-match": ("file", "number", "count"),            # a label: one match of a list
    "too-large": ("file", "problem"),                      # problem: one of the five below
    "json-values": ("values", "limit"),
    "files-count": ("files", "limit"),
    "unpacked-size": ("size", "limit"),
    "unpacked-more": ("limit",),
    "file-size": ("size", "limit"),
    "matches-count": ("limit",),
    "long-text": ("file", "size", "limit"),
    "nested-deep": ("file", "depth", "limit"),
    "long-number-in-file": ("file", "limit"),
    "long-number": ("digits", "limit"),
    "not-a-number": ("value",),
    "in-file": ("file", "problem"),                        # problem: a Said
    "not-utf8": ("file",),
    "not-json": ("file", "error", "line", "column"),       # error: the JSON parser's English
    "nested-too-deeply": ("file",),
    "another-archive": ("file", "archive"),
    "not-a-zip": ("file", "error"),
    "no-json-files": ("file",),
    "empty-list": ("file",),
    # a document to import, the app's own checks (data/import_check.py): field, a document's key;
    # value, what it gave (as quoted)
    "not-a-date": ("field", "example", "value"),
    "date-out-of-range": ("field", "first", "last", "value"),
    "named-twice": ("name",),
    "look-the-same": ("first", "second"),
    "not-true-or-false": ("field", "value"),
    "cards-mode": ("value", "modes", "problem"),           # problem: a Said, or None
    "not-a-seed": ("field", "most", "value"),
    "dealt-without-app": (),
    # storing an import (writes/imports.py)
    "database-refused": ("error", "done", "total"),
    "and-more": ("count",),
    "cannot-import": ("num", "total"),
})

# Every heading of a refused write's page ("Nothing was changed"), with its facts.
HEADINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "nothing-changed": (),
    "busy": (),
    "not-found": (),
    "page-not-found": (),
    "match-over": (),
    "deal-not-saved": ("number",),
    "deal-not-changed": ("number",),
    "deal-not-deleted": ("number",),
    "nothing-undone": (),
    "table-not-changed": (),
    "no-rematch": (),
    "match-not-deleted": (),
    "nothing-restored": (),
    "not-made-keeper": (),
    "nobody-revoked": (),
    "device-name-not-saved": (),
    "no-seat-handed-over": (),
    "too-many-seeds": (),
    "ratings-not-changed": (),
    "nothing-shown": (),
    "nothing-turned-up": (),
    "not-rebuilt": (),                                     # a match's figures (stats rebuild)
    "not-purged": (),                                      # a match deleted long ago
})


def _checked(registry: Mapping[str, tuple[str, ...]], code: str, facts: Mapping[str, Any]) -> Mapping[str, Any]:
    if sorted(facts) != sorted(registry.get(code, ("(not a code)",))):
        raise TypeError(f"{code!r} carries {sorted(facts)}, not {list(registry.get(code, ()))}")
    return MappingProxyType(dict(facts))


class Said:
    """A code and its facts, not worded yet: a refusal's line (``REFUSALS``) or a page's heading
    (``heading=True``: ``HEADINGS``)."""

    __slots__ = ("code", "facts", "heading")

    def __init__(self, code: str, *, heading: bool = False, **facts: Any) -> None:
        self.code = code
        self.heading = heading
        self.facts: Mapping[str, Any] = _checked(HEADINGS if heading else REFUSALS, code, facts)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Said) and (self.code, self.heading, dict(self.facts))
                == (other.code, other.heading, dict(other.facts)))

    def __hash__(self) -> int:
        return hash((self.code, self.heading))

    def __repr__(self) -> str:
        return f"Said({self.code!r}, {dict(self.facts)!r})"


def heading(code: str, **facts: Any) -> Said:
    """A page's heading: ``heading("deal-not-saved", number=4)``."""
    return Said(code, heading=True, **facts)


class Stated(Exception):
    """Something refused, as a code of ``REFUSALS`` and its facts, with the heading of the page that
    says so (``heading``) and its HTTP status. ``str()`` is the code and facts (for a log), never
    words: the screen words it (``presentation/refusal_words``)."""

    status = 409
    heading: Said = Said("nothing-changed", heading=True)

    def __init__(self, code: str, heading: Said | None = None, **facts: Any) -> None:
        self.code = code
        self.facts: Mapping[str, Any] = _checked(REFUSALS, code, facts)
        if heading is not None:
            self.heading = heading
        super().__init__(code, dict(facts))

    @property
    def said(self) -> Said:
        """The refusal as a line, without its heading."""
        return Said(self.code, **self.facts)
