"""The forms of a match at the table: starting one, and one deal. They check the shape of what
was typed (a name, a whole number, a bid that reads as a number, suits or "hidden"); whether it
breaks a rule is the scoring core's call.
"""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorer.core import (
    BID_CARDS,
    DEFAULT_OPTIONS,
    DEFAULT_RULESET,
    MAX_SEED,
    OPTION_LIMITS,
    RULESETS,
    SUIT_SYMBOLS,
    USUAL_RULESETS,
)
from scorer.web.data import names
from scorer.web.fields import MAX_PLAYERS, VersionForm, WholeNumberField, choices, has_problems
from scorer.web.language import gettext, lazy_gettext
from scorer.web.policy import security
from scorer.web.presentation import refusal_words, rules_words
from scorer.web.presentation.formatting import bid_text as cards_text
from scorer.web.presentation.formatting import hidden_word
from scorer.web.writes import kept

HIDDEN_WORDS = {"hidden", "h", "?", "-", "x"}  # and the page's own word for it: hidden_word()
# A typed bid: "DSC", "♦♠♣", "D S C", "10H, 6S, Joker" all read as three cards.
SUIT_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}  # ♦ → D
SUIT_CHARS = set(SUIT_LETTERS) | set(SUIT_SYMBOLS) | {letter.lower() for letter in SUIT_SYMBOLS}

# ---------------------------------------------------------------------------- new match

# The count fields' complaint about a number out of range (NumberRange's own words are English).
WHOLE_NUMBER = lazy_gettext("Number must be between %(min)s and %(max)s.")
PREMIUM_NONE = lazy_gettext("None")  # a seat's premium: none offered

def match_formats() -> list[tuple[str, str]]:
    """The match formats the form offers, each with its name in the page's language."""
    return [("usual", gettext("The ruleset's usual"))] + [(key, name) for key, name, _ in rules_words.format_choices()]


def match_format_summaries() -> dict[str, str]:
    """What each match format means, under its name on the new-match form (the core's facts, worded)."""
    return {"usual": gettext("as the ruleset says"), **{key: summary for key, _, summary in rules_words.format_choices()}}


# What each way of handling the cards means (card_store.py), under its name.
CARDS_SUMMARIES = {
    "table": lazy_gettext("Shuffle and deal at the table; type in the turned-up card on each deal’s form."),
    "turn-up": lazy_gettext("No Joker or spare card in your pack? Deal it at the table, and the app turns the card "
                            "the rules’ pack would (Classic, Eighteen, the four-player and two-player games)."),
    "app": lazy_gettext("The app shuffles; each player sees their own hand on their phone (a QR code to scan), with "
                        "a bid helper. No pack needed."),
}


class NewMatchForm(FlaskForm):
    # A one-time key made when the form is drawn: the form sent again (its answer lost on the way
    # back) opens the match it started, never a second one (data/save_keys.py, writes/matches.start).
    save_key = HiddenField()
    players = FieldList(
        StringField(lazy_gettext("Player"), validators=[Optional(), Length(max=40, message=lazy_gettext("Keep names to 40 letters."))]),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    ruleset = RadioField(lazy_gettext("Ruleset"), default=DEFAULT_RULESET, validators=[InputRequired(lazy_gettext("Choose a ruleset."))])
    first_dealer = RadioField(lazy_gettext("Who deals first"), coerce=int, default=0,
                              choices=choices([(i, lazy_gettext("Player %(number)s", number=i + 1)) for i in range(MAX_PLAYERS)]))
    match = RadioField(lazy_gettext("Match"), default="usual")
    games_to_win = WholeNumberField(lazy_gettext("Games to win the match"),
                                    validators=[Optional(), NumberRange(1, OPTION_LIMITS["games_to_win"], WHOLE_NUMBER)])
    deals = WholeNumberField(lazy_gettext("Number of deals"),
                             validators=[Optional(), NumberRange(1, OPTION_LIMITS["deals"], WHOLE_NUMBER)])
    target = WholeNumberField(lazy_gettext("Target score"),
                              validators=[Optional(), NumberRange(1, OPTION_LIMITS["target"], WHOLE_NUMBER)])
    first_trump = RadioField(lazy_gettext("First deal's trump"), default="", choices=choices([
        ("", lazy_gettext("Usual")), ("diamonds", lazy_gettext("Diamonds")), ("no-trump", lazy_gettext("No trump"))]))
    trump = RadioField(lazy_gettext("Trump comes from"), default="turn-up", choices=choices([
        ("turn-up", lazy_gettext("A turned-up card")), ("successes", lazy_gettext("How many made their bid"))]))
    all_trump = BooleanField(lazy_gettext("Play no-trump deals as all-trump"))
    allow_no_trump_call = BooleanField(lazy_gettext("A declarer may call no trump"))
    # Who handles the cards (card_store.py); a duplicate deal set decides it (and the ruleset).
    cards = RadioField(lazy_gettext("The cards"), default="table", choices=choices([
        ("table", lazy_gettext("We deal a real pack")), ("turn-up", lazy_gettext("The app turns the trump card")),
        ("app", lazy_gettext("The app deals"))]))
    seed = WholeNumberField(lazy_gettext("Seed"), not_a_number=lazy_gettext("The seed is a whole number, such as 2024."),
                            validators=[Optional(), NumberRange(0, MAX_SEED, lazy_gettext(
                                "The seed is a whole number from 0 to %(most)s.", most=MAX_SEED))])
    deal_set = HiddenField()
    # A deal set's table code (policy/organiser.py): with it the table is admitted at once.
    table_code = StringField(lazy_gettext("Table code"), validators=[
        Optional(), Length(max=32, message=lazy_gettext("A table code is eight letters and digits."))])
    # The core's defaults of each match format (the count fields' placeholders).
    format_defaults = DEFAULT_OPTIONS
    usual_rulesets = USUAL_RULESETS  # the ruleset picked for so many names typed (static/app.js)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices([(r.id, r.name) for r in RULESETS.values()])
        self.match.choices = choices(match_formats())

    def names(self) -> list[str]:
        """The names typed, blanks dropped, in their stored form (names.py)."""
        return [names.tidy(entry.data) for entry in self.players if entry.data and entry.data.strip()]

    def validate_players(self, field: FieldList) -> None:
        """Every name's problem at once, each beside its own box (the later of two alike names,
        saying which box has the first), and one line for the group."""
        per_box, problems, named = name_problems([entry.data or "" for entry in field])
        for box, entry in enumerate(field):
            if box in per_box:
                entry.errors = [*entry.errors, per_box[box]]
        if not problems and named < 2:
            problems.append(gettext("Name at least two players."))
        if problems:
            raise ValidationError(" ".join(dict.fromkeys(problems)))


def name_problems(typed: list[str]) -> tuple[dict[int, str], list[str], int]:
    """The names typed in the new-match form's boxes, in order, blanks included: each box's
    problem by its index (the later of two alike names, saying which box has the first), the
    lines for the group, and how many different players are named. The form says them when it is
    sent, and ``play.name_keys`` as the names are typed, in the same words."""
    seen: dict[str, tuple[str, int]] = {}  # key → (name, its box from 1)
    per_box: dict[int, str] = {}
    problems: list[str] = []
    for box, text in enumerate(typed, start=1):
        if not text.strip():
            continue
        try:
            name = names.clean(text, gettext("A player's name"))
        except names.NameProblem as problem:
            per_box[box - 1] = refusal_words.message(problem)
            problems.append(gettext("Each name needs letters you can see, in one alphabet."))
            continue
        key = names.key(name)
        if key in seen:
            per_box[box - 1] = gettext("%(name)s is already Player %(number)s: each player needs a different name.",
                                       name=names.short(name), number=seen[key][1])
            problems.append(gettext("Each player needs a different name."))
            continue
        alike = names.lookalikes([name, *(other for other, _ in seen.values())])
        if alike is not None:
            first = next(number for other, number in seen.values() if other == alike[1])
            per_box[box - 1] = gettext("%(name)s looks the same as %(other)s (Player %(number)s): choose names that "
                                       "can be told apart.", name=names.short(name), other=names.short(alike[1]),
                                       number=first)
            problems.append(gettext("Each player needs a name that can be told apart from the others."))
            continue
        seen[key] = (name, box)
    return per_box, problems, len(seen)


# ---------------------------------------------------------------------------- deals


# What looks like a number a person meant as the bid: "-1", "2.5", "+3", "１２".
NUMBER_LIKE = re.compile(r"[+-]?\d+([.,]\d*)?|[+-]?[.,]\d+")
# One bid card as typed: a suit ("D", "♦"), a card ("10H", "Q♠") or the Joker.
CARD_LIKE = re.compile(r"(?:10|[2-9JQKA])?[" + "".join(sorted(SUIT_CHARS)) + r"]|joker", re.IGNORECASE)


class BidNotation(ValueError):
    """A typed bid that reads as neither a number, nor bid cards, nor hidden."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind  # "number": meant as a number; "cards": not three cards


def parse_bid(text: str) -> int | list[str] | None:
    """A typed bid as the match document holds it: a number, a list of bid cards, or None (hidden).

    Only the notation is read here; whether the bid is possible is for the core to say.
    """
    text = text.strip()
    if text.casefold() in HIDDEN_WORDS or text.casefold() == hidden_word():
        return None
    if text.isascii() and re.fullmatch(r"\d{1,2}", text):
        return int(text)
    if NUMBER_LIKE.fullmatch(text) or text.isdigit():
        raise BidNotation("number")
    tokens = [t for t in re.split(r"[\s,;+]+", text) if t]
    if len(tokens) == 1 and len(tokens[0]) > 1 and set(tokens[0]) <= SUIT_CHARS:
        tokens = list(tokens[0])  # "DSC", "♦♠♣": three suits written together
    if not tokens or not all(CARD_LIKE.fullmatch(t) for t in tokens):
        raise BidNotation("cards")
    return [SUIT_LETTERS.get(t, t.upper() if len(t) == 1 else t) for t in tokens]


def bid_text(bid: int | list[str] | None) -> str:
    """The inverse of ``parse_bid``, to fill the form when a deal is edited: bid cards as the
    new-deal form's chips write them (``♦ ♠ ♣``, ``10♥ 6♠ Joker``), so an edit shows them alike."""
    if bid is None:
        return hidden_word()
    if isinstance(bid, int):
        return str(bid)
    return cards_text(bid)


class BidField(StringField):
    """A bid typed or tapped in: ``4``, ``♦ ♠ ♣`` (bid cards) or ``hidden``. ``highest`` is the
    highest number the match's ruleset takes (the deal form sets it from the core)."""

    def __init__(self, *args: Any, highest: int = 9, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.highest = highest

    def process_formdata(self, valuelist: list[Any]) -> None:
        super().process_formdata(valuelist)
        self.bid: int | list[str] | None = None
        self.bid_error: str | None = None
        most = self.highest
        if not self.data or not self.data.strip():
            self.bid_error = gettext("Enter the bid: a whole number from 0 to %(most)s, three suits such as ♦ ♠ ♣, or "
                                     "%(hidden)s.", most=most, hidden=hidden_word())
            return
        try:
            self.bid = parse_bid(self.data)
        except BidNotation as problem:
            self.bid_error = (gettext("The bid must be a whole number from 0 to %(most)s.", most=most)
                              if problem.kind == "number"
                              else gettext("Write the bid as a whole number from 0 to %(most)s, three suits such as "
                                           "♦ ♠ ♣, or %(hidden)s.", most=most, hidden=hidden_word()))
            return
        # A number past the highest is the core's to refuse: while a deal's cards are private, the
        # form answers every number alike (card_store.private_bid_problem).
        if isinstance(self.bid, list) and len(self.bid) != BID_CARDS:
            self.bid_error = gettext("A bid is %(cards)s, such as ♦ ♠ ♣ (here %(given)s), or a whole number from 0 "
                                     "to %(most)s.", cards=rules_words.bid_cards_words(), given=len(self.bid), most=most)

    def pre_validate(self, form: Form) -> None:
        if getattr(self, "bid_error", None):
            raise ValidationError(self.bid_error)


class SeatForm(Form):
    """One seat's line of a deal. The outer form carries the CSRF token."""

    bid = BidField(lazy_gettext("Bid"))
    tricks = WholeNumberField(lazy_gettext("Tricks"), not_a_number=lazy_gettext("Enter the tricks taken as a whole number, such as 3."),
                              validators=[InputRequired(lazy_gettext("Enter the tricks taken."))])
    offer = RadioField(lazy_gettext("Premium"), default="", choices=choices([
        ("", PREMIUM_NONE), ("declare", lazy_gettext("Declared")), ("reveal", lazy_gettext("Revealed"))]))
    most_tricks = 13  # the deal's tricks, set by the deal form from the core

    class Meta:
        csrf = False

    def validate_tricks(self, field: WholeNumberField) -> None:
        if field.data is not None and not 0 <= field.data <= self.most_tricks:
            raise ValidationError(gettext("Tricks are a whole number from 0 to %(most)s.", most=self.most_tricks))


class KeptForm(FlaskForm):
    """What the scorekeeper's phone says of its deals not sent yet (writes/kept.py): how many."""

    count = WholeNumberField(validators=[InputRequired(), NumberRange(0, kept.MOST)])


class DeleteDealForm(VersionForm):
    """Delete the last deal: the version the page was read at, and the one-time key of the
    confirmation (data/save_keys.py): pressed again after a lost answer, it deletes nothing more."""

    save_key = HiddenField()


class DealForm(FlaskForm):
    # Which deal this form records: a second POST of the same deal is recognised, never added twice.
    number = HiddenField(validators=[InputRequired()])
    # The match's version when the form was read: an edit of an out-of-date view is recognised.
    version = HiddenField()
    # A one-time key made when the form is drawn: the same form sent again (its answer lost, a
    # reload) is answered as the first time, never saved twice (data/save_keys.py).
    save_key = HiddenField()
    seats = FieldList(FormField(SeatForm), min_entries=2, max_entries=MAX_PLAYERS + 1)
    turn_up = SelectField(lazy_gettext("Turned-up card"), default="", validate_choice=False)
    named_trump = RadioField(lazy_gettext("Trump named"), default="", validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.general_errors: list[str] = []  # the core's messages about the deal as a whole

    @property
    def problems(self) -> bool:
        """Whether the form comes back with anything to fix: its own checks, the core's messages
        put beside its fields since, or a message about the deal as a whole."""
        return bool(self.general_errors) or has_problems(self)

    def validate_number(self, field: HiddenField) -> None:
        if security.parse_id(field.data) is None:  # ASCII digits: "²" passes isdigit() but not int()
            raise ValidationError(gettext("This form does not say which deal it is for; reload the page."))
