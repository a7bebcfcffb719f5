"""How cards, suits and trumps look on screen: template filters, nothing that scores."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
TRUMP_SUIT = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
RED = {"D", "H"}
# The order of the bid chips: the value a suit stands for, low to high (♦ 0, ♠ 1, ♥ 2, ♣ 3),
# which is the order players learn the code in.
BID_SUITS = ("D", "S", "H", "C")


def suit_span(letter: str) -> Markup:
    colour = "red" if letter in RED else "black"
    return Markup('<span class="suit suit-{}" aria-hidden="true">{}</span>').format(colour, SUITS[letter])


def card_label(code: str | None) -> Markup:
    """``10H`` → 10♥ (the suit coloured), ``D`` (a bare bid suit) → ♦, ``Joker`` → Joker."""
    if not code:
        return Markup("")
    if code.casefold() == "joker":
        return Markup('<span class="joker">Joker</span>')
    letter = code[-1].upper()
    if letter not in SUITS:
        return escape(code)
    return Markup('<span class="playing-card" aria-label="{}">{}{}</span>').format(
        card_words(code), code[:-1], suit_span(letter))


def card_words(code: str) -> str:
    """What a screen reader says for a card code: "10 of hearts", "diamonds"."""
    if code.casefold() == "joker":
        return "Joker"
    letter = code[-1].upper()
    rank = RANK_NAMES.get(code[:-1].upper(), code[:-1])
    return f"{rank} of {SUIT_NAMES[letter]}" if rank else SUIT_NAMES.get(letter, code)


def trump_label(trump: str | None) -> Markup:
    """``hearts`` → ♥ Hearts; ``no-trump`` → No trump."""
    if trump is None:
        return Markup("")
    if trump == "no-trump":
        return Markup('<span class="nt">No trump</span>')
    letter = TRUMP_SUIT[trump]
    return Markup("{} {}").format(suit_span(letter), trump.capitalize())


def trump_symbol(trump: str | None) -> Markup:
    """The short form for a table cell: ♥, or NT."""
    if trump is None:
        return Markup("")
    if trump == "no-trump":
        return Markup('<span class="nt" title="No trump">NT</span>')
    return Markup('<span title="{}">{}</span>').format(trump.capitalize(), suit_span(TRUMP_SUIT[trump]))


def bid_cards(bid: Any) -> Markup:
    """Stored bid cards as suits: ["D", "S", "C"] → ♦♠♣ (card codes keep their rank)."""
    if not isinstance(bid, list):
        return Markup("")
    return Markup("").join(card_label(card) for card in bid)


def local_time(value: datetime | None) -> str:
    """A short date for lists. SQLite hands back naive datetimes; they were stored as UTC."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.strftime("%d %b %Y, %H:%M UTC")


def iso_time(value: datetime | None) -> str:
    """The moment in ISO 8601 with its zone, for ``<time datetime>`` (the page shows it locally)."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.isoformat()


def signed(points: int) -> str:
    """Points of one deal: +30, −10, 0 (a real minus sign, which reads better in large type)."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


def format_label(options: dict[str, Any]) -> str:
    """A match format in words: "100-point games, first to 3 wins", "9 deals", "One game to 99"."""
    match = options.get("match", "hundred")
    if match == "deals":
        deals = options.get("deals", 9)
        return f"{deals} deal{'' if deals == 1 else 's'}"
    if match == "target":
        return f"One game to {options.get('target', 100)}"
    games = options.get("games_to_win", 3)
    if match == "game-bonus":
        return f"Games to 100 with game bonuses, first to {games} bonus{'es' if games != 1 else ''}"
    if games == 1:
        return "One game to 100"
    return f"100-point games, first to {games} wins"


def field_attrs(field: Any, hint: str | None = None, **attrs: Any) -> dict[str, Any]:
    """HTML attributes linking a field to its hint and error messages (``aria-describedby``)."""
    ids = [f"{field.id}-hint"] if hint else []
    if field.errors:
        ids.append(f"{field.id}-error")
        attrs["aria-invalid"] = "true"
    if ids:
        attrs["aria-describedby"] = " ".join(ids)
    return attrs


def register(app: Flask) -> None:
    app.add_template_filter(card_label, "card")
    app.add_template_filter(card_words, "card_words")
    app.add_template_filter(trump_label, "trump")
    app.add_template_filter(trump_symbol, "trump_symbol")
    app.add_template_filter(bid_cards, "bid_cards")
    app.add_template_filter(local_time, "local_time")
    app.add_template_filter(iso_time, "iso_time")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(format_label, "format_label")
    app.jinja_env.globals.update(field_attrs=field_attrs, SUITS=SUITS, SUIT_NAMES=SUIT_NAMES, BID_SUITS=BID_SUITS, suit_span=suit_span)
