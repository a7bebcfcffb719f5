"""An import's refusal in a player's words, in the page's language: the core's problem with the
document's fields in words, seats counted from 1 and long names shortened ("Deal 3: Ann's tricks
must …", "The first dealer must be player 1 to 3, not 6"), worded from its code and facts
(``problem_words``); the app's own problems with a file come as their lines (``data/import_check``).
In English each line is what the import page showed before the core stated facts
(``tests/web/test_problem_words.py``); ``flask restore`` prints the same.
"""

from __future__ import annotations

import re

from scorer.core import MatchError
from scorer.web.data import names as name_rules
from scorer.web.data.match_files import ImportProblem, Line
from scorer.web.language import gettext as _
from scorer.web.presentation.problem_words import problem


# What a match document's fields are called in a player's words, for an import's messages.
def field_words(field: str) -> str | None:
    words = {
        "first_dealer": _("the first dealer"), "format": _("the file's format"), "document": _("the file"),
        "players": _("the players"), "ruleset": _("the ruleset"), "options": _("the match options"),
        "deals": _("the deals"), "deal": _("the deal"), "dealer": _("the dealer"), "bids": _("the bids"),
        "tricks": _("the tricks"), "premiums": _("the premiums"), "turn_up": _("the turned card"),
        "trump": _("the trump"), "seed": _("the seed"), "hands": _("the hands"),
        "options.match": _("the match"), "options.deals": _("the deals"), "options.games_to_win": _("the games to win"),
        "options.target": _("the target"), "options.first_trump": _("the first trump"), "options.trump": _("the trump"),
        "options.no_trump_play": _("the no trump play"), "options.allow_no_trump_call": _("the allow no trump call"),
    }
    if field in words:
        return words[field]
    # Any other option key: its own name, in the file's words.
    return _("the %(option)s", option=field.split(".", 1)[1].replace("_", " ")) if field.startswith("options.") else None


# Fields whose problems name their subject already ("Ann's tricks must …", "'Ann' is named twice").
SELF_EXPLAINING = {"players", "ruleset", "deal", "deals", "bids", "tricks", "premiums", "turn_up", "trump"}

# Problems that say what their field "must" be: in an import the field's words are their subject
# ("the first dealer must be player 1 to 3, not 6").
MUST = {"first-dealer-out-of-range", "deals-not-a-list", "options-not-an-object", "option-out-of-range",
        "option-not-true-or-false", "seat-entries-not-a-list", "premiums-not-a-list", "seed-out-of-range",
        "deal-number-not-whole", "dealer-out-of-range"}

# A field's name as an import reads it off the core's line: lower-case words, one option key.
FIELD_NAME = re.compile(r"([a-z_]+(?:\.[a-z_]+)?): ")


def in_import(error: MatchError, document: object) -> str:
    """An import's problem in a player's words: "Deal 3: Ann's tricks must …", "The first dealer
    must be player 1 to 3, not 6": fields in words, seats counted from 1, long names shortened
    (the command line keeps the core's own line). ``document``: the file's match, as read."""
    given = document.get("players") if isinstance(document, dict) else None
    given = given if isinstance(given, list) else []
    text = problem(error, [name.strip() for name in given if isinstance(name, str)], from_one=True)
    for name in given:
        if isinstance(name, str) and len(name) > name_rules.SHORT_NAME:
            text = text.replace(name, name_rules.short(name))
    found = FIELD_NAME.match(f"{error.field}: ") if error.labelled else None
    if found is None and error.labelled:
        text = _("%(field)s: %(problem)s", field=error.field, problem=text)
    elif found is not None:
        # An option key with ": " in it leaves the rest of its name before the problem, as read.
        text = f"{error.field}: "[found.end():] + text
        words = field_words(found.group(1))
        if words is None:
            text = _("%(field)s: %(problem)s", field=found.group(1), problem=text)
        elif error.code in MUST:
            text = _("%(field)s %(problem)s", field=words, problem=text)
        elif found.group(1) not in SELF_EXPLAINING:
            text = _("%(field)s: %(problem)s", field=words, problem=text)
    if error.deal is not None:
        return _("Deal %(deal)s: %(problem)s", deal=error.deal, problem=text)
    return text[:1].upper() + text[1:]


def import_line(line: Line) -> str:
    """One line of an import's refusal: the app's own as it came, the core's worded here (with
    the file it is in, where there were several)."""
    if isinstance(line, str):
        return line
    text = in_import(line.error, line.document)
    return text if line.label is None else _("%(file)s: %(problem)s", file=line.label, problem=text)


def import_lines(problem: ImportProblem) -> list[str]:
    """Every line of an import's refusal, in the page's language where the core refused."""
    return [import_line(line) for line in problem.lines]


def import_text(problem: ImportProblem) -> str:
    """An import's refusal of one document as one line (``flask restore`` prints it)."""
    return import_line(problem.core) if problem.core is not None else str(problem)
