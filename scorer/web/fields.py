"""Form pieces every part of the app uses: choices, a whole-number field that says what to type,
and the empty form behind POST-only buttons. The forms themselves live with their screens.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field, FieldList, FormField, HiddenField, IntegerField
from wtforms.fields.choices import SelectChoice
from wtforms.form import BaseForm

from scorer.web.language import lazy_gettext, ngettext

MAX_PLAYERS = 5



def choices(pairs: list[tuple[Any, str]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms wants choices declared."""
    return [SelectChoice(value=value, label=label) for value, label in pairs]


@dataclass(frozen=True)
class Option:
    """One radio of a list of options, ready to draw (``option_list`` in templates/macros.html)."""

    value: str
    name: str
    summary: str = ""
    badge: str = ""
    summary_id: str | None = None  # the summary's id, where a script rewrites it
    data: dict[str, Any] = field(default_factory=dict)  # attributes of the radio (data-*)


def ruleset_badge(ruleset: Any) -> str:
    """"3 players", "2 players + dummy"."""
    if ruleset.has_dummy:
        return ngettext("%(num)s player + dummy", "%(num)s players + dummy", ruleset.players)
    return ngettext("%(num)s player", "%(num)s players", ruleset.players)


def ruleset_options(rulesets: Iterable[Any]) -> list[Option]:
    """The rulesets as a list to pick one from: name and number of players; each radio carries
    the core's facts a page's script offers the other fields by (``data-players``, and the
    option keys as ``data-options``)."""
    return [Option(value=r.id, name=r.name, badge=ruleset_badge(r),
                   data={"data-players": r.players, "data-options": " ".join(r.option_keys)}) for r in rulesets]



class WholeNumberField(IntegerField):
    """An integer field whose complaint about "four" or "2.5" says what to type instead."""

    def __init__(self, *args: Any, not_a_number: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.not_a_number = not_a_number if not_a_number is not None else lazy_gettext("Enter a whole number.")

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as error:
            raise ValueError(self.not_a_number) from error


def every_field(form: BaseForm) -> Iterator[Field]:
    """Each field a person fills in, those of a form's lists and sub-forms included (``seats-0-bid``)."""
    for found in form:
        if isinstance(found, FieldList):
            for entry in found:
                yield from every_field(entry.form) if isinstance(entry, FormField) else (entry,)
        elif isinstance(found, FormField):
            yield from every_field(found.form)
        else:
            yield found


def has_problems(form: BaseForm) -> bool:
    """Whether any field of the form has a message now, those put beside a field after
    ``validate`` included: ``form.errors`` reads a list's messages from what ``validate`` left
    (``FieldList.errors``), so a message the core gave a seat's bid afterwards is not in it."""
    return any(found.errors for found in every_field(form))


class EmptyForm(FlaskForm):
    """A POST-only button (delete a deal, delete a match): just the CSRF token."""


class VersionForm(FlaskForm):
    """A POST-only button (delete the last deal, confirm an undo) that says which version of the match it was
    pressed on, so that pressing it on an out-of-date page changes nothing."""

    version = HiddenField()


def sent_version(field: HiddenField) -> int | None:
    """The version a form says it was read at: None if it says none (a script, an old page);
    -1, never current, if it is not a version at all."""
    text = str(field.data or "").strip()
    if not text:
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else -1
