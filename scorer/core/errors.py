"""The one error the core raises for a document that breaks a rule."""

from __future__ import annotations


class MatchError(ValueError):
    """A match document (or one of its deals) breaks a rule.

    ``str(err)`` is the single line the command line prints and the web app shows:
    ``deal 3: tricks add up to 8, a deal of this ruleset has 9``. ``deal`` is 1-based (None for the
    match's header), ``field`` names the document field at fault, ``seat`` the seat where one is.
    """

    def __init__(self, message: str, *, field: str, deal: int | None = None, seat: int | None = None):
        self.message = message
        self.field = field
        self.deal = deal
        self.seat = seat
        prefix = f"deal {deal}: " if deal is not None else ""
        super().__init__(prefix + message)
