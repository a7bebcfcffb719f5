"""An import's refusal in a player's words, in the page's language: the core's problem with the
document's fields in words, seats counted from 1 and long names shortened ("Deal 3: Ann's tricks
must …", "The first dealer must be player 1 to 3, not 6"), worded from its code and facts
(``problem_words``); the app's own problems with a file or a document (codes and facts of
``data/refusals``) are worded by ``refusal_words``, put in a player's words here the same way.
In English each line is what the import page showed before the core stated facts
(``tests/web/test_problem_words.py``); ``flask restore`` prints the same.
"""

from __future__ import annotations

import re
from typing import Any

from scorer.core import MatchError
from scorer.web.data import names as name_rules
from scorer.web.data.match_files import CoreProblem, DocumentProblem, ImportProblem, Label, Line
from scorer.web.language import gettext as _
from scorer.web.presentation import refusal_words
from scorer.web.presentation.problem_words import problem
from scorer.web.presentation.refusal_words import field_words

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


def shortened(text: str, document: Any) -> str:
    """``text`` with the document's long names shortened, as the import's lines name players."""
    given = document.get("players") if isinstance(document, dict) else None
    for name in given if isinstance(given, list) else []:
        if isinstance(name, str) and len(name) > name_rules.SHORT_NAME:
            text = text.replace(name, name_rules.short(name))
    return text


def in_document(line: DocumentProblem) -> str:
    """The app's own problem with a document as a player reads it: long names shortened, the deal
    it is about before it ("Deal 3: the seed must …"), else begun with a capital."""
    sentence = shortened(refusal_words.say(line.said), line.document)
    if line.deal is not None:
        return _("Deal %(deal)s: %(problem)s", deal=line.deal, problem=sentence)
    return sentence[:1].upper() + sentence[1:]


# A line read off as "deal 3: field: problem" (the form of the core's English line).
PREFIX = re.compile(r"^(?:deal (\d+): )?(?:([a-z_]+(?:\.[a-z_]+)?): )?")


def in_words(text: str, document: Any) -> str:
    """A line in the core's English form ("deal 3: field: problem") as a player would say it:
    "options.games_to_win: must be a whole number …" → "The games to win must be a whole number
    …": field names in words, long names shortened."""
    found = PREFIX.match(text)
    assert found is not None  # every part of it is optional
    deal, field, rest = found.group(1), found.group(2), text[found.end():]
    if field is not None:
        words = field_words(field)
        if words is None:
            rest = f"{field}: {rest}"  # not a field after all: keep the text as it came
        elif rest.startswith("must "):
            rest = f"{words} {rest}"
        elif field not in SELF_EXPLAINING:
            rest = f"{words}: {rest}"
    rest = shortened(rest, document)
    return _("Deal %(deal)s: %(problem)s", deal=int(deal), problem=rest) if deal else rest[:1].upper() + rest[1:]


def _label(label: Label) -> str | None:
    if label is None:
        return None
    return refusal_words.say(label) if not isinstance(label, str) else label


def import_line(line: Line) -> str:
    """One line of an import's refusal, in the page's language: the app's own worded by
    ``refusal_words``, a document's in a player's words (with the file it is in, where there were
    several)."""
    if isinstance(line, CoreProblem):
        text, label = in_import(line.error, line.document), _label(line.label)
    elif isinstance(line, DocumentProblem):
        text, label = in_document(line), _label(line.label)
    else:
        return refusal_words.say(line)
    return text if label is None else _("%(file)s: %(problem)s", file=label, problem=text)


def import_lines(problem: ImportProblem) -> list[str]:
    """Every line of an import's refusal, in the page's language."""
    return [import_line(line) for line in problem.lines]


def import_text(problem: ImportProblem) -> str:
    """An import's refusal of one document as one line (``flask restore`` prints it)."""
    return import_line(problem.lines[0])
