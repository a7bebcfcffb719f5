"""The one error the core raises for a document that breaks a rule."""

from __future__ import annotations


class MatchError(ValueError):
    """A match document (or one of its deals) breaks a rule.

    ``str(err)`` is the single line the command line prints and the web app shows:
    ``deal 3: tricks add up to 8, a deal of this ruleset has 9``. ``deal`` is 1-based (None for the
    match's header), ``field`` names the document field at fault, ``seat`` the seat where one is.

    ``others`` are the deal's further problems, found in the same look (a deal is checked whole:
    a bid out of range is reported with the tricks that do not add up, not after they are
    mended). The command line prints the first alone; the web app shows each at its field.
    """

    others: tuple[MatchError, ...] = ()

    def __init__(self, message: str, *, field: str, deal: int | None = None, seat: int | None = None):
        self.message = message
        self.field = field
        self.deal = deal
        self.seat = seat
        prefix = f"deal {deal}: " if deal is not None else ""
        super().__init__(prefix + message)

    def every(self) -> tuple[MatchError, ...]:
        """This problem and the others found with it, in the order the deal was checked."""
        return (self, *self.others)
