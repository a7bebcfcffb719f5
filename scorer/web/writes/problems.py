"""Why a write did not happen: typed, so that a view (or the one error handler) can answer each
the right way, and a test can tell them apart. Each carries the words to show a person, in the
page's language (``gettext`` where it is raised): what was not done, and what to do."""

from __future__ import annotations

from scorer.web.language import lazy_gettext


class WriteProblem(Exception):
    """Nothing was written. ``title`` heads the page, ``str()`` says why and what to do."""

    status = 409
    title: str = lazy_gettext("Nothing was changed")

    def __init__(self, message: str, title: str | None = None) -> None:
        super().__init__(message)
        if title is not None:
            self.title = title

    @property
    def message(self) -> str:
        return str(self)


class Refused(WriteProblem):
    """The rules, or the match as it is now, do not allow it (a deal after the match is over, an
    undo of something changed since, a name another player has)."""


class OutOfDate(WriteProblem):
    """The phone decided on a page older than the match: someone changed it meanwhile."""


class Busy(WriteProblem):
    """The match's lock was not free within the busy timeout: try again."""

    status = 503
    title = lazy_gettext("The scorer was busy")


class Gone(WriteProblem):
    """What was to be changed is not there (deleted from another phone, or never was)."""

    status = 404
    title = lazy_gettext("Not found")
