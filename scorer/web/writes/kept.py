"""What the scorekeeper's phone says of the deals it holds not sent yet: a phone whose
saves are kept (static/kept-saves.js: the Wi-Fi dropped, or a save held for the scorekeeper to
choose) tells the server how many, whenever the number changes and the server can be reached, so
the watchers' boards can say so. The server knows nothing else of a phone's kept saves: one that
cannot reach it cannot say it, and the boards then say nothing."""

from __future__ import annotations

from scorer.web.data.models import now_utc
from scorer.web.data.refusals import heading
from scorer.web.writes.unit import match_write

MOST = 999  # more than any match has deals: a number past it is no phone's


def report(match_id: int, count: int) -> bool:
    """Store that the scorekeeper's phone holds ``count`` deals of match ``match_id`` not sent yet;
    True if that changed what the boards show (the match's tag moves with ``updated_at``)."""
    with match_write(match_id, heading("nothing-changed"), bump=False) as locked:
        match = locked.match
        if match.kept_on_phone == count:
            return False
        match.kept_on_phone = count
        match.kept_reported_at = now_utc()  # updated_at follows (onupdate): the watchers' boards are read again
        return True
