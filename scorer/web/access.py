"""Who may do what: the one place a view asks before it writes.

Every writing route calls one of these before it changes anything:

- ``require_keeper(match)``: a scorekeeper of this match (the phone that started it, or one it
  invited); everyone else gets 403 and nothing is written.
- ``require_site_manager()``: what touches more than one match (renaming a player everywhere,
  importing, restoring): the server machine itself or a holder of the site passcode.

Reading is for everyone who may see the site (the passcode, where one is set, decides that).
"""

from __future__ import annotations

from flask import abort

from scorer.web import capability
from scorer.web.models import Match


def is_keeper(match: Match) -> bool:
    """Whether this request comes from one of the match's scorekeepers."""
    return capability.holds(match)


def require_keeper(match: Match) -> None:
    if not is_keeper(match):
        abort(403, "Only this match's scorekeepers can change it. Ask one of them for a "
                   "'Keep score too' link, or take the match over from the server.")


def is_site_manager() -> bool:
    """The server machine itself, or a holder of the site passcode."""
    return True  # filled in by the roles work: 127.0.0.1 (through ProxyFix) or the passcode


def require_site_manager() -> None:
    if not is_site_manager():
        abort(403, "Only the person running the server can do this (from the server machine, "
                   "or signed in with the site passcode).")
