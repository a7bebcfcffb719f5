"""Score sheets for paper: a match's sheet as played, and blank sheets for pen-and-paper play.

Both are ordinary pages with a print stylesheet (``static/sheet.css``): the browser's own
Print / Save as PDF makes the PDF, so there is one layout and no PDF library or headless browser
on the server. The page size is the one chosen (A4 or Letter), set with ``@page``.

Dealers and leaders of a blank sheet, the bid-card values, bonuses and the next-trump table all
come from the core; this module only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template, request, url_for
from wtforms import Form, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, NumberRange, Optional, ValidationError

from scorer.core import (
    DEFAULT_RULESET,
    RULESETS,
    dealer_of,
    get_ruleset,
    leader_of,
    parse_match,
)
from scorer.web.data import documents
from scorer.web.data.models import name_key
from scorer.web.fields import MAX_PLAYERS, choices
from scorer.web.language import gettext, ngettext
from scorer.web.language import lazy_gettext as _l
from scorer.web.policy import readers
from scorer.web.presentation import rules_words, scoreboard
from scorer.web.records.blueprint import bp

PAPERS = {"a4": "A4", "letter": _l("Letter")}
# Deal rows that fit one page of a blank sheet, by paper and orientation (checked by printing).
BLANK_ROWS = {("a4", "portrait"): 24, ("letter", "portrait"): 22, ("a4", "landscape"): 15, ("letter", "landscape"): 15}
MAX_PAGES = 20


def player_name(seat: int) -> str:
    """The name a blank sheet prints for a seat left without one: "Player 2" (seats count from 1)."""
    return _l("Player %(number)s", number=seat + 1)


def paper_of(value: str | None) -> str:
    return value if value in PAPERS else "a4"


def paper_urls(endpoint: str, **args: Any) -> dict[str, str]:
    """The sheet's address on each paper size (the same sheet otherwise)."""
    return {key: url_for(endpoint, **with_args(args, paper=key)) for key in PAPERS}


def with_args(args: Any, **more: Any) -> dict[str, Any]:
    """A page's query arguments (first values) with some set."""
    return {**args, **more}


def orientation(seats: int) -> str:
    """Four or five players need the width of a landscape page for their columns."""
    return "landscape" if seats >= 4 else "portrait"


@dataclass(frozen=True)
class Group:
    """A block of sheet columns: one scoring unit (a player, the dummy, or a side) and its seats."""

    label: str
    seats: tuple[tuple[int, str], ...]  # (seat, name)

    @property
    def span(self) -> int:
        return 2 * len(self.seats) + 2  # bid and tricks per seat, then points and total

    @property
    def bonus_span(self) -> int:
        """The columns a game's bonus line takes: all of the group's but the total."""
        return self.span - 1


def groups_of(columns: list[scoreboard.Column], names: list[str]) -> list[Group]:
    return [Group(column.label, tuple((seat, names[seat]) for seat in column.seats)) for column in columns]


# ---------------------------------------------------------------------------- a match's sheet


@bp.get("/matches/<int:match_id>/sheet")
def match_sheet(match_id: int) -> str | tuple[str, int]:
    """The match as a score sheet to print: every deal, game and the result on one page (up to 27
    deals of three players)."""
    match = readers.match_or_404(match_id)
    board = scoreboard.build(match, documents.score(match))
    paper = paper_of(request.args.get("paper"))
    return render_template("records/sheet_match.html", match=match, board=board, paper=paper, papers=PAPERS,
                           paper_urls=paper_urls("records.match_sheet", match_id=match.id),
                           orientation=orientation(len(board.seat_names)),
                           groups=groups_of(board.columns, board.seat_names))


# ---------------------------------------------------------------------------- blank sheets


class SheetForm(Form):
    """What a blank sheet needs, read from the query string so that the sheet's address can be
    kept and opened again."""

    ruleset = SelectField(_l("Ruleset"), default=DEFAULT_RULESET)
    first_dealer = SelectField(_l("Who deals first"), default="0",
                               choices=choices([(str(i), player_name(i)) for i in range(MAX_PLAYERS)]))
    pages = IntegerField(_l("Pages"), default=1,
                         validators=[Optional(), NumberRange(1, MAX_PAGES, _l("From 1 to %(most)s pages.", most=MAX_PAGES))])
    paper = RadioField(_l("Paper"), default="a4", choices=choices(list(PAPERS.items())))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices([(r.id, ngettext("%(ruleset)s (%(num)s player)", "%(ruleset)s (%(num)s players)",
                                                         r.players, ruleset=r.name)) for r in RULESETS.values()])
        # Who deals first by the names typed ("Player 2" where none is), as sheet.js keeps them.
        self.first_dealer.choices = choices([(str(seat), " ".join((field.data or "").split())[:40] or player_name(seat))
                                             for seat, field in enumerate(self.name_fields)])

    @property
    def name_fields(self) -> list[StringField]:
        return [self[f"name{seat}"] for seat in range(MAX_PLAYERS)]

    def names(self) -> list[str]:
        """The names for the ruleset's players; "Player 2" where a name was left out."""
        players = get_ruleset(self.ruleset.data).players
        return [" ".join((field.data or "").split()) or str(player_name(seat))
                for seat, field in enumerate(self.name_fields[:players])]

    def validate_first_dealer(self, field: SelectField) -> None:
        if self.ruleset.data in RULESETS and int(field.data) >= get_ruleset(self.ruleset.data).players:
            ruleset = get_ruleset(self.ruleset.data)
            raise ValidationError(ngettext("%(ruleset)s is for %(num)s player.", "%(ruleset)s is for %(num)s players.",
                                           ruleset.players, ruleset=ruleset.name))

    def validate_name0(self, field: StringField) -> None:
        if self.ruleset.data not in RULESETS:
            return
        names = self.names()
        keys = [name_key(name) for name in names]
        for name, key in zip(names, keys, strict=True):
            if keys.count(key) > 1:
                raise ValidationError(gettext("%(name)s is named twice.", name=name))


for _seat in range(MAX_PLAYERS):
    setattr(SheetForm, f"name{_seat}", StringField(
        player_name(_seat), validators=[Optional(), Length(max=40, message=_l("Keep names to 40 letters."))]))


@dataclass(frozen=True)
class BlankTable:
    """What ``scoreboard.columns`` reads of a match, for a sheet that has no match behind it."""

    ruleset: str
    names: tuple[str, ...]

    @property
    def player_names(self) -> list[str]:
        return list(self.names)


@dataclass
class BlankRow:
    number: int
    dealer: str
    leader: str


@bp.get("/sheets/blank")
def blank_sheet() -> tuple[str, int]:
    """Choose the ruleset, names, first dealer, pages and paper; then print the sheets."""
    form = SheetForm(request.args)
    wanted = "ruleset" in request.args and "change" not in request.args
    if not wanted or not form.validate():
        return render_template("records/sheet_blank_form.html", form=form, max_players=MAX_PLAYERS, default_name=player_name(1),
                               players={r.id: r.players for r in RULESETS.values()}), 422 if wanted else 200
    names = form.names()
    core_match = parse_match({"ruleset": form.ruleset.data, "players": names,
                              "first_dealer": int(form.first_dealer.data), "deals": []})
    setup = core_match.setup
    paper = paper_of(form.paper.data)
    turn = orientation(setup.ruleset.seats)
    rows_per_page = BLANK_ROWS[(paper, turn)]
    pages = form.pages.data or 1
    rows = []
    for index in range(pages * rows_per_page):
        dealer = dealer_of(core_match, index)
        rows.append(BlankRow(index + 1, names[dealer], names[leader_of(setup, dealer)]))
    table = BlankTable(setup.id, tuple(names))
    seat_names = scoreboard.seat_names(table)
    columns = scoreboard.columns(table)
    return render_template(
        "records/sheet_blank.html", form=form, ruleset=setup.ruleset, options=setup.options_json(), names=names,
        groups=groups_of(columns, seat_names), pages=[rows[i:i + rows_per_page] for i in range(0, len(rows), rows_per_page)],
        intro=ngettext("%(ruleset)s · %(names)s · %(num)s page", "%(ruleset)s · %(names)s · %(num)s pages", pages,
                       ruleset=setup.ruleset.name, names=", ".join(names)),
        change_url=url_for("records.blank_sheet", **with_args(request.args, change=1)), paper_urls=paper_urls("records.blank_sheet", **request.args),
        paper=paper, papers=PAPERS, orientation=turn, reminders=rules_words.reminders(setup)), 200
