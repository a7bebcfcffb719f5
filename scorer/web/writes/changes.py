"""Adding a row to the change history, in the transaction of the write it describes (so both
commit or neither). ``by`` is the phone's name, passed in by whoever calls: nothing here reads a
request, so a write can be made from a command or a test as well as from a phone."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorer.web import clock
from scorer.web.data.changes import KINDS
from scorer.web.data.models import Change
from scorer.web.extensions import db


def record(kind: str, match_id: int | None, by: str, deal: int | None = None, before: Any = None,
           after: Any = None, undoes: int | None = None, at: datetime | None = None) -> Change:
    """Add one change to the current transaction (the caller commits it with the change itself);
    ``at``: when it was made, if not now (a change brought back by a restore)."""
    assert kind in KINDS
    change = Change(match_id=match_id, at=at or clock.now(), device=by, kind=kind, deal=deal,
                    before=before, after=after, undoes=undoes)
    db.session.add(change)
    return change
