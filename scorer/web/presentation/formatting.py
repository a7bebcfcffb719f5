"""How cards, suits, trumps, points, counts and times look on screen: pure functions that the
templates use as filters and globals (registered in ``scorer/web/templating.py``) and the views
and presentation modules call. Nothing here scores; rules facts come from the core.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import segno
from babel import numbers as babel_numbers
from babel.dates import match_skeleton
from flask import url_for
from flask_babel import format_datetime, format_decimal, format_percent, format_time, get_locale
from markupsafe import Markup, escape

from scorer.core import BID_VALUE, SUIT_NAMES, SUIT_SYMBOLS, get_ruleset, sort_hand
from scorer.web import clock
from scorer.web.data import card_store, names
from scorer.web.data.models import HandLink, Match
from scorer.web.language import DEFAULT, LOCALES, current, gettext, ngettext, per_language, pgettext
from scorer.web.presentation import rules_words

SUITS = SUIT_SYMBOLS
TRUMP_SUIT = {name: letter for letter, name in SUIT_NAMES.items()}
RED = {"D", "H"}
# The order of the bid chips: the value a suit stands for, low to high (♦ 0, ♠ 1, ♥ 2, ♣ 3),
# which is the order players learn the code in.
BID_SUITS = tuple(sorted(BID_VALUE, key=BID_VALUE.__getitem__))
# The order a sorted hand shows its suits in (♠ ♥ ♣ ♦, colours alternating), as the core sorts.
DISPLAY_SUITS = tuple(card[-1] for card in sort_hand(f"A{letter}" for letter in SUIT_SYMBOLS))


def suit_span(letter: str) -> Markup:
    colour = "red" if letter in RED else "black"
    return Markup('<span class="suit suit-{}" aria-hidden="true">{}</span>').format(colour, SUITS[letter])


@dataclass(frozen=True)
class CardFace:
    """A card code split for drawing its face: ``10H`` → rank "10", pip "♥", red."""

    rank: str
    pip: str
    red: bool


def card_face(code: str) -> CardFace:
    letter = code[-1].upper()
    return CardFace(rank=code[:-1], pip=SUITS[letter], red=letter in RED)


def card_label(code: str | None) -> Markup:
    """``10H`` → 10♥ (the suit coloured), ``D`` (a bare bid suit) → ♦, ``Joker`` → Joker."""
    if not code:
        return Markup("")
    if code.casefold() == "joker":
        return Markup('<span class="joker">Joker</span>')
    letter = code[-1].upper()
    if letter not in SUITS:
        return escape(code)
    return Markup('<span class="playing-card" role="img" aria-label="{}">{}{}</span>').format(
        card_words(code), code[:-1], suit_span(letter))


def card_text(code: str) -> str:
    """``10H`` → ``10♥`` as plain text (a bid box's value: the form reads it back as 10H)."""
    letter = code[-1].upper()
    return code if code.casefold() == "joker" or letter not in SUITS else f"{code[:-1]}{SUITS[letter]}"


def hidden_word() -> str:
    """A hidden bid as the page's language writes it in a bid box ("hidden", "verdeckt"): what the
    Hidden chip writes there (its ``data-set``) and an edit fills in. "hidden" is read in every
    language (``play/forms.parse_bid``)."""
    return pgettext("bid", "hidden").casefold()


def bid_text(cards: list[str] | None) -> str:
    """Bid cards as a bid box shows them: ``6♥ 10♦ 7♦``."""
    return " ".join(card_text(card) for card in cards or [])


@per_language
def rank_words(rank: str) -> str:
    """A card's rank as a screen reader says it: "Ace", "Ass"; a number as it is. The face keeps
    its letter (A K Q J) in every language (docs/DECISIONS.md)."""
    words = {"A": pgettext("card rank", "Ace"), "K": pgettext("card rank", "King"),
             "Q": pgettext("card rank", "Queen"), "J": pgettext("card rank", "Jack")}
    return words.get(rank.upper(), rank)


@per_language
def suit_words(letter: str) -> str:
    """A suit's name in the page's language: "hearts", "Herz" (the core's ``SUIT_NAMES`` in English)."""
    words = {"C": pgettext("trump", "clubs"), "D": pgettext("trump", "diamonds"),
             "H": pgettext("trump", "hearts"), "S": pgettext("trump", "spades")}
    return words.get(letter.upper(), SUIT_NAMES.get(letter.upper(), letter))


def first_upper(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is ("Kein Trumpf", never "Kein trumpf")."""
    return text[:1].upper() + text[1:]


@per_language
def suit_title(letter: str) -> str:
    """A suit's name as a heading or a label: "Hearts", "Herz"."""
    return first_upper(suit_words(letter))


@per_language
def card_words(code: str) -> str:
    """What a screen reader says for a card code: "10 of hearts", "Herz 10"; "diamonds" for a bare suit."""
    if code.casefold() == "joker":
        return "Joker"
    letter = code[-1].upper()
    rank = rank_words(code[:-1])
    if not rank:
        return suit_words(letter) if letter in SUIT_NAMES else code
    return gettext("%(rank)s of %(suit)s", rank=rank, suit=suit_words(letter))


def no_trump_words() -> str:
    """"No trump", as a label or a heading."""
    return gettext("No trump")


def trump_label(trump: str | None) -> Markup:
    """``hearts`` → ♥ Hearts; ``no-trump`` → No trump."""
    if trump is None:
        return Markup("")
    if trump == "no-trump":
        return Markup('<span class="nt">{}</span>').format(no_trump_words())
    letter = TRUMP_SUIT[trump]
    return Markup("{} {}").format(suit_span(letter), suit_title(letter))


def trump_symbol(trump: str | None) -> Markup:
    """The short form for a table cell: ♥, or NT."""
    if trump is None:
        return Markup("")
    if trump == "no-trump":
        return Markup('<span class="nt" title="{}">{}</span>').format(no_trump_words(), pgettext("short for no trump", "NT"))
    letter = TRUMP_SUIT[trump]
    return Markup('<span title="{}">{}</span>').format(suit_title(letter), suit_span(letter))


def bid_cards(bid: Any) -> Markup:
    """Stored bid cards as suits: ["D", "S", "C"] → ♦♠♣ (card codes keep their rank)."""
    if not isinstance(bid, list):
        return Markup("")
    return Markup("").join(card_label(card) for card in bid)


def format_locale() -> str:
    """The locale dates, numbers and lists are written in: Flask-Babel's, for the page's language
    (``language.LOCALES``: "en_GB", "de_DE"); British English outside the app."""
    locale = get_locale()
    return str(locale) if locale is not None else LOCALES[DEFAULT]


def skeleton(name: str) -> str:
    """The page's locale's pattern for a date skeleton, as Babel's ``format_skeleton`` finds it:
    "yMMMd" → "d MMM y" in British English, "d. MMM y" in German."""
    patterns = get_locale().datetime_skeletons
    return str(patterns[name if name in patterns else match_skeleton(name, patterns)].pattern)


def in_zone(formatter: Callable[..., str], value: datetime, pattern: str) -> str:
    """``value`` written by Flask-Babel's ``formatter`` with ``pattern``, in the table's zone (its
    timezone selector: clock.py). A moment so near an end of the calendar that the zone would take
    it past it (year 1 west of UTC: stored before imports were bounded) is written in UTC rather
    than fail the page, as ``clock.local`` keeps it."""
    try:
        return formatter(value, pattern)
    except OverflowError:
        return formatter(value, pattern, rebase=False)


def local_time(value: datetime | None) -> str:
    """A short date and time for lists, in the table's zone (clock.py) and the page's language:
    "21 Nov 2026, 23:30", "21. Nov. 2026, 23:30"."""
    if value is None:
        return ""
    return f"{local_date(value)}, {local_clock(value)}"


def local_clock(value: datetime | None) -> str:
    """The time of day alone, in the table's zone, for a moment of a day already named: "23:30"."""
    return "" if value is None else in_zone(format_time, value, "HH:mm")


def local_date(value: datetime | None) -> str:
    """A date in the same style as ``local_time``, without the time: "24 Dec 2026", "24. Dez. 2026"."""
    return "" if value is None else in_zone(format_datetime, value, skeleton("yMMMd"))


def local_month(value: datetime) -> str:
    """A month, for a chart's axis: "Mar 2026", "März 2026"."""
    return in_zone(format_datetime, value, skeleton("yMMM"))


def number(value: int | float) -> str:
    """A number with the language's digit grouping: "1,234", "1.234"."""
    return str(format_decimal(value))


def iso_time(value: datetime | None) -> str:
    """The moment in ISO 8601 with the table zone's offset, for ``<time datetime>``."""
    if value is None:
        return ""
    return clock.local(value).isoformat(timespec="seconds")


# Every noun a count is put with, in the page's language with its real plural forms (ngettext):
# "1 deal", "2 deals"; "1 Runde", "2 Runden". The count and its noun (``plural``), or the noun alone
# where a page draws the count apart from it (``noun``: the big screen's large figures).
def _deals(n: int) -> tuple[str, str]:
    return ngettext("%(num)s deal", "%(num)s deals", n), ngettext("deal", "deals", n)


def _matches(n: int) -> tuple[str, str]:
    return ngettext("%(num)s match", "%(num)s matches", n), ngettext("match", "matches", n)


def _games(n: int) -> tuple[str, str]:
    return ngettext("%(num)s game", "%(num)s games", n), ngettext("game", "games", n)


def _game_bonuses(n: int) -> tuple[str, str]:
    return ngettext("%(num)s game bonus", "%(num)s game bonuses", n), ngettext("game bonus", "game bonuses", n)


def _bonuses(n: int) -> tuple[str, str]:
    return ngettext("%(num)s bonus", "%(num)s bonuses", n), ngettext("bonus", "bonuses", n)


def _game_points(n: int) -> tuple[str, str]:
    return ngettext("%(num)s game point", "%(num)s game points", n), ngettext("game point", "game points", n)


COUNTED = {"deal": _deals, "match": _matches, "game": _games, "game bonus": _game_bonuses, "bonus": _bonuses,
           "game point": _game_points}


def plural(count: int, word: str) -> str:
    """A count with its noun, agreeing, in the page's language: "1 deal", "2 deals", "3 Runden";
    ``word`` is one of ``COUNTED`` (a test keeps every count of the templates to them)."""
    return COUNTED[word](count)[0]


def noun(count: int, word: str) -> str:
    """The noun ``plural`` puts after the count, alone ("games", "Spiele"), where the page draws
    the count apart from it (the big screen's large figures)."""
    return COUNTED[word](count)[1]


def name_words(name: str) -> Markup:
    """A name (or "Ann & Bob") whose lines break only between its words: each word a box of its
    own, cut with an ellipsis where it alone is wider than its column, never split in two
    ("Maximilian / a…"). Read out whole; the element around it carries the name as its title."""
    return Markup(" ").join(Markup('<span class="word">{}</span>').format(word) for word in str(name).split())


def minus(value: object) -> str:
    """A number as a page shows it, with a real minus sign (−49, never -49), as ``signed`` does."""
    text = str(value)
    return "−" + text[1:] if text.startswith("-") else text


def signed(points: int) -> str:
    """Points of one deal: +30, −10, 0 (a real minus sign, which reads better in large type)."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


def format_label(options: dict[str, Any]) -> str:
    """A match format in words, from the core's facts: "100-point games, first to 3 wins", "9 deals"."""
    return rules_words.format_words(options)


def field_attrs(field: Any, hint: str | None = None, **attrs: Any) -> dict[str, Any]:
    """HTML attributes linking a field to its hint and error messages (``aria-describedby``)."""
    ids = [f"{field.id}-hint"] if hint else []
    if field.errors:
        ids.append(f"{field.id}-error")
        attrs["aria-invalid"] = "true"
    if ids:
        attrs["aria-describedby"] = " ".join(ids)
    return attrs


# The QR codes' mask: the standard's encoder scores all eight and keeps the best, which took 80 % of
# the 14 ms a code cost (pure Python); any mask reads the same, and the checkerboard (0) breaks up
# runs of one colour as well as any (tests/browser/test_qr_codes.py reads codes made with it back
# with zbar). A club night's scorekeeper's board shows three new hand links a deal.
QR_MASK = 0


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url``: medium error correction, the checkerboard mask."""
    return segno.make(url, error="m", mask=QR_MASK)


@functools.lru_cache(maxsize=1024)
def qr_svg(url: str, label: str) -> Markup:
    """A QR code for ``url`` as inline SVG (dark on white, whatever the theme: scanners want that).
    Kept once made: a scorekeeper's board draws the same seats' codes at every refresh, and encoding
    one costs a few milliseconds (make load-club: docs/performance.md)."""
    return Markup(qr_code(url).svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff",
                                          svgclass="qr", title=label))


def by_suit(cards: list[str]) -> list[tuple[str, list[str]]]:
    """A hand as suit rows, ♠ ♥ ♣ ♦ as ``sort_hand`` orders them (a Joker first, on its own row)."""
    ordered = sort_hand(cards)
    rows: list[tuple[str, list[str]]] = [("Joker", []) for card in ordered if card == "Joker"]
    for suit in DISPLAY_SUITS:
        rows.append((suit, [card[:-1] for card in ordered if card != "Joker" and card[-1] == suit]))
    return rows


def card_trump(match: Match, card: str | None) -> str | None:
    """The trump the app's turned card sets (the core decides: a Nine or the Joker is no trump)."""
    return card_store.trump_of(match.ruleset, match.options, card)


def hand_url(link: HandLink | None) -> str | None:
    """The link to open on a phone: absolute, on the address this page was reached with."""
    return url_for("cards.hand", token=link.token, _external=True) if link is not None else None


def ruleset_name(ruleset_id: str) -> str:
    return get_ruleset(ruleset_id).name


def percent(part: float | None) -> str:
    """0.4567 → 46% (46 % in German: the locale's signs); nothing to show → –."""
    return "–" if part is None else str(format_percent(part))


def percentage(part: float | None) -> str:
    """A part of the whole to a tenth of a percent, in the locale's signs: 0.625 → 62.5%
    (62,5 % in German); nothing to show → –."""
    if part is None:
        return "–"
    pattern = copy.copy(get_locale().percent_formats[None])  # "#,##0%", "#,##0 %", to a tenth
    pattern.frac_prec = (1, 1)
    return str(format_percent(part, format=pattern))


def signed_average(value: float | None) -> str:
    """Tricks above or below the bid on average: +0.4, −1.2, 0.0."""
    if value is None:
        return "–"
    sign = "+" if value > 0.05 else "−" if value < -0.05 else ""
    return sign + str(format_decimal(round(abs(value), 1), format="0.0"))


def phone_name(stored: str | None) -> str:
    """The name a change or a scorekeeper's phone is stored under, as the page says it: a phone
    never named is stored as ``names.UNNAMED_PHONE`` and shown in the page's language."""
    return gettext("Unnamed phone") if not stored or stored == names.UNNAMED_PHONE else stored


def size_text(size: int) -> str:
    """16 MB, 9.77 KB ("9,77 KB" in German), 900 bytes."""
    for unit, scale in (("MB", 2**20), ("KB", 2**10)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}".replace(".", babel_numbers.get_decimal_symbol(current()))
    return ngettext("%(num)s byte", "%(num)s bytes", size)
