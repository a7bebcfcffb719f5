"""Why a write did not happen: typed, so that a view (or the one error handler) can answer each
the right way, and a test can tell them apart. Each is a code of ``data/refusals.REFUSALS`` with
its facts, and the heading of the page that says so: the screen words them, in the page's language
(``presentation/refusal_words``); nothing here is worded."""

from __future__ import annotations

from scorer.web.data.refusals import Said, Stated


class WriteProblem(Stated):
    """Nothing was written. ``code`` and ``facts`` say why (and so what to do), ``heading`` heads
    the page, ``status`` is the answer's."""

    status = 409
    heading = Said("nothing-changed", heading=True)


class Refused(WriteProblem):
    """The rules, or the match as it is now, do not allow it (a deal after the match is over, an
    undo of something changed since, a name another player has)."""


class OutOfDate(WriteProblem):
    """The phone decided on a page older than the match: someone changed it meanwhile."""


class Busy(WriteProblem):
    """The match's lock was not free within the busy timeout: try again."""

    status = 503
    heading = Said("busy", heading=True)


class Gone(WriteProblem):
    """What was to be changed is not there (deleted from another phone, or never was)."""

    status = 404
    heading = Said("not-found", heading=True)
