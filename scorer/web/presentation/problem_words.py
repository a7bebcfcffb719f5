"""The core's problems in the page's language: every code of ``scorer.core.PROBLEMS`` worded from
its facts, seats named by the players' names.

The core states a problem as a code and its facts (``Problem``, ``MatchError``) and keeps its own
English line for the command line; this module is where a screen gets the words. In English each
wording is the core's line exactly (``tests/web/test_problem_words.py`` compares them over many bad
documents), so the English site reads as it always has; in German no English sentence of the core
reaches the page. ``problem`` is the sentence alone (the core's message without its field's name),
``beside_field`` the same with a capital (a form shows it at the field), ``whole`` the command
line's line (``deal 3: tricks: ...``); an import's words are ``import_words``'s.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scorer.core import PROBLEMS, MatchError, Problem, get_ruleset
from scorer.web.language import gettext as _
from scorer.web.language import ngettext, pgettext


def trump_name(trump: object) -> str:
    """A trump as a problem names it: ``hearts``, ``no-trump`` (in English the document's word)."""
    words = {"clubs": pgettext("trump", "clubs"), "diamonds": pgettext("trump", "diamonds"),
             "hearts": pgettext("trump", "hearts"), "spades": pgettext("trump", "spades"),
             "no-trump": pgettext("trump", "no-trump")}
    return words.get(str(trump), str(trump))


def suit_name(letter: object) -> str:
    """One card of a suit, as "no heart left" says it."""
    words = {"C": pgettext("one card of the suit", "club"), "D": pgettext("one card of the suit", "diamond"),
             "H": pgettext("one card of the suit", "heart"), "S": pgettext("one card of the suit", "spade")}
    return words.get(str(letter), str(letter))


def premium_kind(kind: object) -> str:
    """A premium bid's kind as a verb: declare, reveal."""
    words = {"declare": pgettext("premium bid", "declare"), "reveal": pgettext("premium bid", "reveal")}
    return words.get(str(kind), str(kind))


def _joined(items: Sequence[str], join: Callable[[str, str], str]) -> str:
    """The items joined two at a time, from the left, by ``join``."""
    return functools.reduce(join, items[1:], items[0]) if items else ""


def and_list(items: Sequence[str]) -> str:
    """"Ann and Bob", "Ann and Bob and Cy": the core joins every name with "and"."""
    return _joined(items, lambda first, second: _("%(first)s and %(second)s", first=first, second=second))


def or_list(items: Sequence[str]) -> str:
    """"declare or reveal"."""
    return _joined(items, lambda first, second: _("%(first)s or %(second)s", first=first, second=second))


@dataclass(frozen=True)
class Facts:
    """A problem's facts with what wording them needs: the players' names (the dummy after them)
    and whether seats are counted from 1, as an import's messages count them."""

    facts: Mapping[str, object]
    players: Sequence[str] | None  # None: not known (a seat is then "player 2")
    from_one: bool = False

    def __getitem__(self, key: str) -> object:
        return self.facts[key]

    def number(self, key: str) -> int:
        value = self.facts[key]
        assert isinstance(value, int)
        return value

    def who(self, key: str = "seat") -> str:
        """The player in seat ``facts[key]``: their name, or the dummy's seat."""
        return self.seat_name(self.facts[key])

    def given(self, key: str = "value") -> str:
        """What the document gave, as the core quotes it (``'x'``, ``1.5``, ``None``)."""
        return repr(self.facts[key])

    def seat_given(self, key: str = "value") -> str:
        """A seat the document gave: counted from 1 in an import's words, where it is a whole number."""
        value = self.facts[key]
        if self.from_one and isinstance(value, int) and not isinstance(value, bool):
            return str(value + 1)
        return repr(value)

    def ruleset(self, key: str = "ruleset") -> str:
        return get_ruleset(self.facts[key]).name

    def items(self, key: str) -> tuple[object, ...]:
        value = self.facts[key]
        assert isinstance(value, tuple)
        return value

    def joined(self, key: str, sep: str = ", ") -> str:
        return sep.join(str(item) for item in self.items(key))

    def seat_name(self, seat: object) -> str:
        assert isinstance(seat, int)
        if self.players is None:
            return _("player %(number)s", number=seat + 1)
        return self.players[seat] if seat < len(self.players) else _("the dummy")


Wording = Callable[[Facts], str]


def _bid_range(f: Facts) -> str:
    """The bids a deal allows: "0-9", "0-9, or 10 for 0", "0-9, or 10-13 for 0-3"."""
    most, top, alias = f.number("most"), f.number("top"), f.number("alias")
    if top == most:
        return _("0-%(most)s", most=most)
    if top == alias:
        return _("0-%(most)s, or %(alias)s for 0", most=most, alias=alias)
    return _("0-%(most)s, or %(alias)s-%(top)s for 0-%(last)s", most=most, alias=alias, top=top, last=top - alias)


def _seat_or_dummy_bid(f: Facts, hand: Callable[[str], str], dummy_bid: Callable[[], str]) -> str:
    """A hand's problem: a player's hand (``seat`` a number), or the dummy's set-aside bid (None)."""
    return dummy_bid() if f["seat"] is None else hand(f.who())


def _deals(f: Facts) -> str:
    """"deal 1 and deal 5"."""
    return and_list([_("deal %(number)s", number=n) for n in f.items("deals")])


def _seat_range(f: Facts) -> str:
    """The first dealer or the dealer: a seat from 0 (from 1 in an import's words)."""
    if f.from_one:
        return _("must be player 1 to %(last)s, not %(value)s", last=f.number("last") + 1, value=f.seat_given())
    return _("must be a seat from 0 to %(last)s, not %(value)s", last=f["last"], value=f.given())


def _premium_seat(f: Facts) -> str:
    # An import counts a seat from 1; a negative one it has always quoted as the file gives it.
    if f.from_one and f.number("seat") >= 0:
        return _("player %(seat)s does not exist (1 to %(last)s)", seat=f.number("seat") + 1, last=f.number("last") + 1)
    return _("seat %(seat)s does not exist (0 to %(last)s)", seat=f["seat"], last=f["last"])


def _players_count(f: Facts) -> str:
    count, given = f.number("players"), f["given"]
    if given is None:
        if f["dummy"]:
            return ngettext("this ruleset has %(num)s named players (the dummy has no name), no given",
                            "this ruleset has %(num)s named players (the dummy has no name), no given", count)
        return ngettext("this ruleset has %(num)s named players, no given",
                        "this ruleset has %(num)s named players, no given", count)
    if f["dummy"]:
        return ngettext("this ruleset has %(num)s named players (the dummy has no name), %(given)s given",
                        "this ruleset has %(num)s named players (the dummy has no name), %(given)s given", count, given=given)
    return ngettext("this ruleset has %(num)s named players, %(given)s given",
                    "this ruleset has %(num)s named players, %(given)s given", count, given=given)


def _seat_entries(f: Facts) -> str:
    # The core's English says "entries" for any count (the command line's line), so both forms do.
    if f["dummy"]:
        return ngettext("%(num)s entries given, this ruleset has %(seats)s seats (the dummy last)",
                        "%(num)s entries given, this ruleset has %(seats)s seats (the dummy last)",
                        f.number("given"), seats=f["seats"])
    return ngettext("%(num)s entries given, this ruleset has %(seats)s seats",
                    "%(num)s entries given, this ruleset has %(seats)s seats", f.number("given"), seats=f["seats"])


def _pile_card_again(f: Facts) -> str:
    if f.number("copies") == 1:
        return _("%(card)s was turned already in this game (%(deals)s); each pile card comes up once a game",
                 card=f["card"], deals=_deals(f))
    return _("%(card)s was turned already in this game (%(deals)s); each pile card comes up twice a game",
             card=f["card"], deals=_deals(f))


def _premium_not_allowed(f: Facts) -> str:
    kinds = f.items("allowed")
    if not kinds:
        return _("%(ruleset)s allows nothing, not %(kind)s", ruleset=f.ruleset(), kind=f.given("kind"))
    return _("%(ruleset)s allows %(allowed)s, not %(kind)s", ruleset=f.ruleset(),
             allowed=or_list([premium_kind(k) for k in kinds]), kind=f.given("kind"))


# Every code of scorer.core.PROBLEMS, worded (tests/web/test_problem_words.py checks that none is
# missing and that the English is the core's line).
WORDS: dict[str, Wording] = {
    "not-a-card": lambda f: _("%(value)s is not a card", value=f.given()),
    "not-a-trump": lambda f: _("%(value)s is not a trump (clubs, diamonds, hearts, spades or no-trump)", value=f.given()),
    "document-not-an-object": lambda f: _("the match document must be a JSON object"),
    "format-unknown": lambda f: _("%(value)s is not %(format)s", value=f.given(), format=f.given("format")),
    "ruleset-missing": lambda f: _("missing (one of classic, jokerless, …)"),
    "ruleset-unknown": lambda f: _("unknown ruleset %(value)s (one of %(known)s)", value=f.given(), known=f.joined("known")),
    "options-not-an-object": lambda f: _("must be an object of option keys"),
    "option-unknown": lambda f: _("%(ruleset)s has no option %(key)s (it has %(allowed)s)", ruleset=f["ruleset"],
                                  key=f.given("key"), allowed=f.joined("allowed")),
    "option-not-a-choice": lambda f: _("%(value)s is not one of %(choices)s", value=f.given(), choices=f.joined("choices")),
    "option-out-of-range": lambda f: _("must be a whole number from 1 to %(most)s, not %(value)s", most=f["most"],
                                       value=f.given()),
    "option-not-true-or-false": lambda f: _("must be true or false, not %(value)s", value=f.given()),
    "players-count": _players_count,
    "player-without-name": lambda f: _("each player needs a name, not %(value)s", value=f.given()),
    "player-named-twice": lambda f: _("%(name)s is named twice", name=f.given("name")),
    "first-dealer-out-of-range": _seat_range,
    "deals-not-a-list": lambda f: _("must be a list of deals"),
    "deal-not-an-object": lambda f: _("must be an object with bids and tricks"),
    "seat-entries-missing": lambda f: _("missing; give one entry per seat (%(seats)s)", seats=f["seats"]),
    "seat-entries-not-a-list": lambda f: _("must be a list with one entry per seat (%(seats)s)", seats=f["seats"]),
    "seat-entries-count": _seat_entries,
    "tricks-out-of-range": lambda f: _("%(who)s's tricks must be a whole number from 0 to %(most)s, not %(value)s",
                                       who=f.who(), most=f["most"], value=f.given()),
    "tricks-total": lambda f: _("tricks add up to %(total)s, a deal of this ruleset has %(tricks)s", total=f["total"],
                                tricks=f["tricks"]),
    "premiums-not-a-list": lambda f: _('must be a list like [{"seat": 0, "kind": "declare"}]'),
    "no-premiums": lambda f: _("%(ruleset)s has no premium bids", ruleset=f.ruleset()),
    "premium-not-an-object": lambda f: _('each premium is {"seat": N, "kind": "declare" or "reveal"}, not %(value)s',
                                         value=f.given()),
    "premium-seat-out-of-range": _premium_seat,
    "dummy-cannot-declare": lambda f: _("the dummy cannot declare"),
    "premium-kind-not-allowed": lambda f: _("%(who)s cannot %(kind)s: %(ruleset)s allows %(allowed)s", who=f.who(),
                                            kind=f.given("kind"), ruleset=f.ruleset(),
                                            allowed=or_list([premium_kind(k) for k in f.items("allowed")])),
    "premium-twice": lambda f: _("%(who)s has two premiums", who=f.who()),
    "premium-names-trump-only-in-declared": lambda f: _("only in declared does the premium bidder name the trump"),
    "one-premium-only": lambda f: _("only one player may declare or reveal in a deal, not %(names)s",
                                    names=and_list([f.seat_name(seat) for seat in f.items("seats")])),
    "premium-trump-not-named": lambda f: _("%(who)s declared, so name the trump they chose", who=f.who()),
    "trump-not-the-named": lambda f: _("%(trump)s is not the %(named)s the premium bidder named",
                                       trump=trump_name(f["trump"]), named=trump_name(f["named"])),
    "no-trump-call-not-allowed": lambda f: _("this match does not let the premium bidder name no trump"),
    "turns-no-card": lambda f: (_("%(ruleset)s turns no card when trump follows successes", ruleset=f.ruleset())
                                if f["by_successes"] else _("%(ruleset)s turns no card", ruleset=f.ruleset())),
    "not-a-pile-card": lambda f: _("%(card)s is not in the trump pile (the 2s to 5s and two Jokers)", card=f["card"]),
    "card-not-in-pack": lambda f: _("%(card)s is not in the %(ruleset)s pack", card=f["card"], ruleset=f.ruleset()),
    "no-joker-in-pack": lambda f: _("there is no Joker in this pack"),
    "trump-disagrees-with-card": lambda f: _("%(trump)s does not agree with the turned card %(card)s (%(card_trump)s)",
                                             trump=trump_name(f["trump"]), card=f["card"],
                                             card_trump=trump_name(f["card_trump"])),
    "turned-card-missing": lambda f: (_("record the pile card, or the trump it set") if f["pile"]
                                      else _("record the turned card, or the trump it set")),
    "trump-not-by-the-rules": lambda f: (
        _("this deal's trump is %(trump)s, not %(given)s (only a declarer or revealer names another)",
          trump=trump_name(f["trump"]), given=trump_name(f["given"])) if f["named"]
        else _("this deal's trump is %(trump)s, not %(given)s (it follows the rules for this deal)",
               trump=trump_name(f["trump"]), given=trump_name(f["given"]))),
    "pile-card-turned-already": _pile_card_again,
    "joker-not-in-pack": lambda f: _("%(who)s bid with a Joker, but %(ruleset)s is played without one", who=f.who(),
                                     ruleset=f.ruleset()),
    "joker-was-turned": lambda f: _("%(who)s bid with the Joker, but the Joker was the turned card", who=f.who()),
    "joker-needs-turned-card": lambda f: _("%(who)s bid with the Joker: record the turned card, whose suit the Joker "
                                           "counts as", who=f.who()),
    "dummy-bid-hidden": lambda f: _("the dummy's bid cards are always turned up, so its bid cannot be hidden"),
    "hidden-bid-not-allowed": lambda f: _("%(who)s's bid is hidden, but in %(ruleset)s every bid is shown", who=f.who(),
                                          ruleset=f.ruleset()),
    "premium-bid-hidden": lambda f: _("%(who)s holds the premium, so the bid cannot be hidden", who=f.who()),
    "bid-out-of-range": lambda f: _("%(who)s's bid %(bid)s is out of range (%(bids)s)", who=f.who(), bid=f["bid"],
                                    bids=_bid_range(f)),
    "bid-card-count": lambda f: ngettext("%(who)s's bid cards are %(num)s cards; a bid is three cards",
                                         "%(who)s's bid cards are %(num)s cards; a bid is three cards",
                                         f.number("count"), who=f.who()),
    "bid-not-a-card": lambda f: _("%(who)s's bid: %(value)s is not a card", who=f.who(), value=f.given()),
    "bid-card-not-in-pack": lambda f: _("%(who)s's bid card %(card)s is not in the %(ruleset)s pack", who=f.who(),
                                        card=f["card"], ruleset=f.ruleset()),
    "bid-not-a-bid": lambda f: _("%(who)s's bid must be a number, three bid cards or null (hidden), not %(value)s",
                                 who=f.who(), value=f.given()),
    "card-twice": lambda f: _("%(card)s appears twice in this deal; each card is in the pack once", card=f["card"]),
    "bid-not-three-cards": lambda f: _("a bid is three cards, not %(value)s", value=f.given()),
    "joker-bid-needs-turned-card": lambda f: _("a Joker bid card needs the turn-up card to count as"),
    "dummy-bid-missing": lambda f: _("give the dummy's three set-aside bid cards with its hand"),
    "dummy-bid-count": lambda f: _("the dummy's bid is three cards, not %(count)s", count=f["count"]),
    "card-dealt-twice": lambda f: _("%(card)s is dealt twice", card=f["card"]),
    "turned-card-not-in-dummy-hand": lambda f: _("%(card)s is not in the dummy's hand, where its turned card stays",
                                                 card=f["card"]),
    "bid-not-from-hand": lambda f: _("%(who)s's bid %(bid)s cannot be made from three of %(who)s's cards", who=f.who(),
                                     bid=f["bid"]),
    "hands-count": lambda f: _("give one card list per seat (%(seats)s)", seats=f["seats"]),
    "hand-size": lambda f: ngettext("%(who)s's hand has %(num)s cards, a hand of this ruleset has %(size)s",
                                    "%(who)s's hand has %(num)s cards, a hand of this ruleset has %(size)s",
                                    f.number("count"), who=f.who(), size=f["size"]),
    "cards-not-a-list": lambda f: _seat_or_dummy_bid(
        f, lambda who: _("%(who)s's hand must be a list of cards", who=who),
        lambda: _("the dummy's bid must be a list of cards")),
    "hand-not-a-card": lambda f: _seat_or_dummy_bid(
        f, lambda who: _("%(who)s's hand: %(value)s is not a card", who=who, value=f.given()),
        lambda: _("the dummy's bid: %(value)s is not a card", value=f.given())),
    "hand-card-not-in-pack": lambda f: _seat_or_dummy_bid(
        f, lambda who: _("%(who)s's hand: %(card)s is not in the %(ruleset)s pack", who=who, card=f["card"],
                         ruleset=f.ruleset()),
        lambda: _("the dummy's bid: %(card)s is not in the %(ruleset)s pack", card=f["card"], ruleset=f.ruleset())),
    "bid-card-not-in-hand": lambda f: _("%(who)s's bid card %(card)s is not in %(who)s's hand", who=f.who(),
                                        card=f["card"]),
    "no-suit-left": lambda f: _("%(who)s has no %(suit)s left in the hand to bid with", who=f.who(),
                                suit=suit_name(f["suit"])),
    "dummy-bid-cards-are": lambda f: _("the dummy's bid cards are %(cards)s", cards=f.joined("cards")),
    "dummy-bid-makes": lambda f: _("the dummy's bid cards %(cards)s make %(makes)s, not %(bid)s", cards=f.joined("cards"),
                                   makes=f["makes"], bid=f["bid"]),
    "deal-after-the-end": lambda f: _("the match ended after deal %(last)s; no deal can follow", last=f["last"]),
    "offers-count": lambda f: ngettext("%(num)s offers given, this ruleset has %(seats)s seats",
                                       "%(num)s offers given, this ruleset has %(seats)s seats",
                                       f.number("given"), seats=f["seats"]),
    "dealer-not-a-dealer": lambda f: _("dealer %(dealer)s is not a seat that deals", dealer=f["dealer"]),
    "premium-not-allowed": _premium_not_allowed,
    "deal-turns-no-card": lambda f: _("%(ruleset)s turns no card", ruleset=f.ruleset()),
    "seed-out-of-range": lambda f: _("must be a whole number from 0 to %(most)s, not %(value)s", most=f["most"],
                                     value=f.given()),
    "deal-number-not-whole": lambda f: _("must be a deal number from 1, not %(value)s", value=f.given()),
    "dealer-out-of-range": _seat_range,
}
assert set(WORDS) == set(PROBLEMS), "every code of the core is worded here"


def problem(error: Problem, players: Sequence[str] | None, from_one: bool = False) -> str:
    """The problem in the page's language, as the core's message says it after its field's name
    (``Ann's tricks must be a whole number from 0 to 9, not -1``). ``players``: the named players'
    names in seat order (a seat after them is the dummy's)."""
    return WORDS[error.code](Facts(error.facts, players, from_one))


def beside_field(error: Problem, players: Sequence[str] | None) -> str:
    """The problem to show next to its field, whose label names it: begun with a capital."""
    text = problem(error, players)
    return text[:1].upper() + text[1:]


def elsewhere(error: MatchError, players: Sequence[str]) -> str:
    """A deal's problem that another deal causes: "That would make deal 5 wrong: …"."""
    return _("That would make deal %(deal)s wrong: %(problem)s", deal=error.deal, problem=beside_field(error, players))


def undo_breaks(error: MatchError, players: Sequence[str] | None) -> str:
    """Why an undo was refused: the match would break a rule (``writes.undo.BreaksRule``)."""
    return _("Undoing this would make the match break a rule, so nothing was changed: %(problem)s",
             problem=beside_field(error, players))


def whole(error: MatchError, players: Sequence[str] | None) -> str:
    """The problem as one line that says where it is, as the command line prints it in English:
    ``deal 3: tricks: Ann's tricks must …`` (the field's name where the core's line has it)."""
    text = problem(error, players)
    if error.labelled:  # the document's own name of the field (English only: a page needs no key)
        text = pgettext("a document's field key", "%(field)s: %(problem)s", field=error.field, problem=text)
    return text if error.deal is None else _("deal %(deal)s: %(problem)s", deal=error.deal, problem=text)
