"""The problems the core raises: each a stable code with its facts, and its English line.

The core states facts and the screens word them: a problem carries a ``code`` (kebab-case, from
``PROBLEMS``) and its ``facts`` (numbers, seat indexes, card codes, trump names, ruleset ids, option
keys, the value given), never a sentence built for a person. ``message`` is the same problem in
English, as the command line prints it and MATCH-FORMAT.md fixes it; the web words the code and
facts in the phone's language instead (``scorer/web/presentation/problem_words.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# Every code the core raises, with the names of the facts it carries. "seat" is a seat index (from
# 0; the dummy is the last seat), "seats" several, "value" what the document gave where it is not
# what it should be (any JSON value), "ruleset" a ruleset's id, "card"/"cards" card codes, "trump" and
# its kin trump names ("hearts", "no-trump"), "most" the highest number allowed.
PROBLEMS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    # a card or a trump as written (cards.py)
    "not-a-card": ("value",),
    "not-a-trump": ("value",),
    # the document's header (document.py, rulesets.py)
    "document-not-an-object": (),
    "format-unknown": ("value", "format"),
    "ruleset-missing": (),
    "ruleset-unknown": ("value", "known"),
    "options-not-an-object": (),
    "option-unknown": ("key", "ruleset", "allowed"),
    "option-not-a-choice": ("key", "value", "choices"),
    "option-out-of-range": ("key", "most", "value"),
    "option-not-true-or-false": ("key", "value"),
    "players-count": ("players", "given", "dummy"),       # given: how many names, None for no list
    "player-without-name": ("value",),
    "player-named-twice": ("name",),
    "first-dealer-out-of-range": ("last", "value"),        # last: the highest seat that deals
    "deals-not-a-list": (),
    # a deal's shape (validation.py)
    "deal-not-an-object": (),
    "seat-entries-missing": ("seats",),
    "seat-entries-not-a-list": ("seats",),
    "seat-entries-count": ("given", "seats", "dummy"),
    # tricks
    "tricks-out-of-range": ("seat", "most", "value"),
    "tricks-total": ("total", "tricks"),                   # tricks: how many a deal has
    # premiums
    "premiums-not-a-list": (),
    "no-premiums": ("ruleset",),
    "premium-not-an-object": ("value",),
    "premium-seat-out-of-range": ("seat", "last"),        # seat: as given; last: the highest seat
    "dummy-cannot-declare": (),
    "premium-kind-not-allowed": ("seat", "kind", "ruleset", "allowed"),
    "premium-twice": ("seat",),
    "premium-names-trump-only-in-declared": ("seat",),
    "one-premium-only": ("seats",),
    "premium-trump-not-named": ("seat",),
    "trump-not-the-named": ("trump", "named"),
    "no-trump-call-not-allowed": ("seat",),
    # the turned card and the trump
    "turns-no-card": ("ruleset", "by_successes"),
    "not-a-pile-card": ("card",),
    "card-not-in-pack": ("card", "ruleset"),
    "no-joker-in-pack": (),
    "trump-disagrees-with-card": ("trump", "card", "card_trump"),
    "turned-card-missing": ("pile",),                      # pile: eighteen's pile card, else a turned card
    "trump-not-by-the-rules": ("trump", "given", "named"),  # named: only a premium bidder names another
    "pile-card-turned-already": ("card", "deals", "copies"),
    # bids
    "joker-not-in-pack": ("seat", "ruleset"),
    "joker-was-turned": ("seat",),
    "joker-needs-turned-card": ("seat",),
    "dummy-bid-hidden": (),
    "hidden-bid-not-allowed": ("seat", "ruleset"),
    "premium-bid-hidden": ("seat",),
    "bid-out-of-range": ("seat", "bid", "most", "top", "alias"),  # most 9; top the highest; alias 10
    "bid-card-count": ("seat", "count"),
    "bid-not-a-card": ("seat", "value"),
    "bid-card-not-in-pack": ("seat", "card", "ruleset"),
    "bid-not-a-bid": ("seat", "value"),
    "card-twice": ("card",),
    "bid-not-three-cards": ("value",),
    "joker-bid-needs-turned-card": (),
    # the dealt cards of a deal (hands.py): seat None is the dummy's set-aside bid
    "dummy-bid-missing": (),
    "dummy-bid-count": ("count",),
    "card-dealt-twice": ("card",),
    "turned-card-not-in-dummy-hand": ("card",),
    "bid-not-from-hand": ("seat", "bid"),
    "hands-count": ("seats",),
    "hand-size": ("seat", "count", "size"),
    "cards-not-a-list": ("seat",),
    "hand-not-a-card": ("seat", "value"),
    "hand-card-not-in-pack": ("seat", "card", "ruleset"),
    "bid-card-not-in-hand": ("seat", "card"),
    "no-suit-left": ("seat", "suit"),
    "dummy-bid-cards-are": ("cards",),
    "dummy-bid-makes": ("cards", "makes", "bid"),
    # the match as a whole (match.py)
    "deal-after-the-end": ("last",),
    # premiums offered (premiums.py)
    "offers-count": ("given", "seats"),
    "dealer-not-a-dealer": ("dealer",),
    "premium-not-allowed": ("ruleset", "allowed", "kind"),
    # dealing (dealing.py)
    "deal-turns-no-card": ("ruleset",),
    "seed-out-of-range": ("most", "value"),
    "deal-number-not-whole": ("value",),
    "dealer-out-of-range": ("last", "value"),
})


class Problem(ValueError):
    """Something the core refuses, as a code from ``PROBLEMS`` and its facts; ``str(problem)`` and
    ``message`` are its English line."""

    def __init__(self, message: str, *, code: str, facts: Mapping[str, object] | None = None):
        given = dict(facts or {})
        if sorted(given) != sorted(PROBLEMS.get(code, ("(not a code)",))):
            raise TypeError(f"problem {code!r} carries {sorted(given)}, not {list(PROBLEMS.get(code, ()))}")
        self.message = message
        self.code = code
        self.facts: Mapping[str, object] = MappingProxyType(given)
        super().__init__(message)


class MatchError(Problem):
    """A match document (or one of its deals) breaks a rule.

    ``str(err)`` is the single line the command line prints:
    ``deal 3: tricks add up to 8, a deal of this ruleset has 9``. ``deal`` is 1-based (None for the
    match's header), ``field`` names the document field at fault, ``seat`` the seat where one is.
    ``code`` and ``facts`` state the same problem for a screen to word (``Problem``); ``labelled``
    says whether the English line begins with the field's name (``bids: ...``).

    ``others`` are the deal's further problems, found in the same look (a deal is checked whole:
    a bid out of range is reported with the tricks that do not add up, not after they are
    mended). The command line prints the first alone; the web app shows each at its field.
    """

    others: tuple[MatchError, ...] = ()

    def __init__(self, message: str, *, code: str, field: str, deal: int | None = None, seat: int | None = None,
                 facts: Mapping[str, object] | None = None):
        super().__init__(message, code=code, facts=facts)
        self.field = field
        self.deal = deal
        self.seat = seat
        self.labelled = message.startswith(f"{field}: ")
        prefix = f"deal {deal}: " if deal is not None else ""
        self.args = (prefix + message,)

    def every(self) -> tuple[MatchError, ...]:
        """This problem and the others found with it, in the order the deal was checked."""
        return (self, *self.others)
