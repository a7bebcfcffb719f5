"""The short name a phone is given ("Ann's phone"), asked once and kept in a cookie, so the
change history can say which phone made each change.

The scoreboard offers the question once to a scorekeeper's phone that has no name yet (a small
form beside the board: it never stands between the phone and a save); "Not now" remembers that it
was asked. The name can be changed any time from the history of changes. The cookie is
long-lived, HttpOnly and SameSite=Lax: it names the phone, it proves nothing. This module reads
it; the form that sets it is ``site/device.py``'s.
"""

from __future__ import annotations

from flask import request

from scorer.web.data import names

COOKIE = "ninety-nine-device"
ASKED = "ninety-nine-device-asked"  # "Not now" was pressed: the scoreboard does not ask again
UNNAMED = names.UNNAMED_PHONE  # as stored; a page words it (formatting.phone_name)
MAX_LENGTH = 30
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


def cookie_name() -> str | None:
    """The name in this phone's cookie, if it meets the rules the form holds a name to (visible
    letters, no control or direction characters, at most ``MAX_LENGTH``): the cookie is the
    phone's to write, and what it says is stored in the change history and the scorekeepers' list,
    so a forged one counts as no name at all."""
    raw = request.cookies.get(COOKIE) or ""
    if not raw.strip():
        return None
    try:
        return names.clean(raw, "The phone's name", limit=MAX_LENGTH)
    except names.NameProblem:
        return None


def device_name() -> str:
    """This phone's name, or ``UNNAMED`` when it was never given one (or its cookie breaks the rules)."""
    return cookie_name() or UNNAMED


def named() -> bool:
    return cookie_name() is not None


def should_ask() -> bool:
    """Whether the scoreboard asks this phone for a name: never named, never said "Not now"."""
    return not named() and not request.cookies.get(ASKED)
