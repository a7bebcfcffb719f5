"""A form that was not saved, kept for the one page after it: POST, redirect, GET.

A deal form that comes back (refused, or its points shown without scripts) is never the answer to
its POST: the POST keeps what was sent and what was wrong with it in this phone's session and
answers 303 to the form's own address, whose GET draws it again, once. So no page in the phone's
history is a POST's answer: Back and Reload never offer to send a form again (were a refused
save's page a POST's answer, Back would send the refused figures again, which would then read
as another phone's).

What is kept (``KEY`` in Flask's signed session cookie, as a flash message is): the address it is
for, the figures as sent (each cut to ``MAX_VALUE`` characters: a form's figures are short, and a
cookie is 4 KB at most), each field's messages by the field's name, the messages about the form as
a whole, the answer's status, and a few facts the page needs (which deal, whether to show the deal
as saved beside it). It is dropped when read, and never used for another address or after
``MAX_AGE`` seconds (a redirect that never arrived).

The session also keeps which deals this phone saved lately (``remember_saved``): a deal's form
refused because the deal was saved meanwhile says whether that was this phone or another.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from flask import redirect, request, session
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response
from wtforms.form import BaseForm

from scorer.web.fields import every_field

KEY = "refused_form"
SAVED_KEY = "saved_here"  # the deals this phone saved lately, "match:number"
SAVED_KEPT = 20
MAX_VALUE = 200   # characters kept of each value sent
MAX_BYTES = 2500  # what is kept, as JSON: past it, the messages only
MAX_AGE = 600     # seconds
NOT_KEPT = ("csrf_token", "action")


@dataclass
class Kept:
    """A form as sent, and what was said about it, for its page to draw again."""

    formdata: MultiDict[str, str]
    errors: dict[str, list[str]]
    general: list[str]
    status: int
    facts: dict[str, Any] = field(default_factory=dict)

    def apply(self, form: BaseForm) -> None:
        """Put each kept message back beside its field (the form is made from ``formdata``)."""
        for found in every_field(form):
            if found.name in self.errors:
                found.errors = list(self.errors[found.name])


def keep(form: BaseForm, target: str, status: int, general: list[str] | None = None,
         replace: dict[str, str] | None = None, **facts: Any) -> Response:
    """Keep the posted ``form`` (its values as sent, but ``replace``'s) and its messages for the
    GET of ``target``, and answer 303 there."""
    replace = replace or {}
    items = [(name, value[:MAX_VALUE]) for name, value in request.form.items(multi=True)
             if name not in NOT_KEPT and name not in replace]
    items += list(replace.items())
    errors = {found.name: [str(message) for message in found.errors] for found in every_field(form) if found.errors}
    stash = {"path": target, "at": time.time(), "form": items, "errors": errors, "general": list(general or []),
             "status": status, "facts": facts}
    if len(json.dumps(stash)) > MAX_BYTES:  # a page of nonsense typed in: the messages still come back
        stash["form"] = list(replace.items())
    session[KEY] = stash
    return redirect(target, code=303)


def take(path: str) -> Kept | None:
    """What was kept for the page at ``path``, once; None if nothing was. Whatever was kept goes
    now: a form's page that reads it for another page ends it (that page was not drawn next)."""
    stash = session.pop(KEY, None) if KEY in session else None
    if not isinstance(stash, dict) or stash.get("path") != path:
        return None
    try:
        if time.time() - float(stash["at"]) > MAX_AGE:
            return None
        return Kept(MultiDict([(str(name), str(value)) for name, value in stash["form"]]),
                    {str(name): [str(m) for m in messages] for name, messages in stash["errors"].items()},
                    [str(message) for message in stash["general"]], int(stash["status"]), dict(stash["facts"]))
    except (KeyError, TypeError, ValueError, AttributeError):  # signed by this server, so only an old shape
        return None


def remember_saved(match_id: int, number: int) -> None:
    """This phone saved deal ``number`` of the match (the last ``SAVED_KEPT`` are kept), so that a
    later refusal of it can say the deal was saved from this phone, not another."""
    mark = f"{match_id}:{number}"
    saved = [item for item in session.get(SAVED_KEY, []) if isinstance(item, str) and item != mark]
    session[SAVED_KEY] = [*saved, mark][-SAVED_KEPT:]


def saved_here(match_id: int, number: int) -> bool:
    """Whether this phone saved deal ``number`` of the match lately (``remember_saved``)."""
    saved = session.get(SAVED_KEY, [])
    return isinstance(saved, list) and f"{match_id}:{number}" in saved
