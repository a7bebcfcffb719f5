"""The period filters history and statistics share: a ruleset and a span of days, read from the
query string (a GET form: nothing is changed, so no CSRF token), days cut in the table's zone."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from flask import request
from wtforms import DateField, Form, SelectField
from wtforms.validators import Optional, ValidationError

from scorer.core import RULESETS
from scorer.web import clock
from scorer.web.fields import choices
from scorer.web.language import gettext
from scorer.web.language import lazy_gettext as _l

DATE_MESSAGE = _l("Write the date as year-month-day, e.g. 2026-11-21.")


class DayField(DateField):
    """A date whose complaint says how to write one."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as error:
            raise ValueError(str(DATE_MESSAGE)) from error


class PeriodForm(Form):
    """Filters read from the query string (a GET form: nothing is changed, so no CSRF token)."""

    ruleset = SelectField(_l("Ruleset"), default="")
    start = DayField(_l("From"), validators=[Optional()])
    end = DayField(_l("To"), validators=[Optional()])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.ruleset is not None:  # a form of ratings puts the kind of game in its place
            self.ruleset.choices = choices([("", _l("Any ruleset")), *((r.id, r.name) for r in RULESETS.values())])

    def validate_end(self, field: DateField) -> None:
        if field.data and self.start.data and field.data < self.start.data:
            raise ValidationError(gettext("The end date is before the start date."))

    def bounds(self) -> tuple[datetime | None, datetime | None]:
        """The period as UTC moments, its days cut at the table zone's midnight (clock.py), as the
        app shows dates; the end day is included."""
        valid = not (self.start.errors or self.end.errors)
        start = clock.midnight(self.start.data) if valid and self.start.data else None
        # The last day of the calendar has no next midnight: up to it is up to any time.
        end = clock.midnight(self.end.data + timedelta(days=1)) if valid and self.end.data and self.end.data < date.max else None
        return start, end

    def filters(self) -> dict[str, str]:
        """The filters in force, for links that keep them (pages, other screens)."""
        values = {"ruleset": self.ruleset.data or "" if self.ruleset is not None else ""}
        if not (self.start.errors or self.end.errors):
            values |= {"start": self.start.raw_data[0] if self.start.raw_data else "",
                       "end": self.end.raw_data[0] if self.end.raw_data else ""}
        return {key: value for key, value in values.items() if value}


def read_filters(form_class: type[PeriodForm]) -> PeriodForm:
    """The filter form filled from the query string and checked; a bad value shows beside its field
    and is left out of the filter."""
    form = form_class(request.args)
    form.validate()
    for field in (form.ruleset, getattr(form, "player", None), getattr(form, "state", None)):
        if field is not None and field.errors:
            field.data = ""
    return form
