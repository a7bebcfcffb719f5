"""What a live scoreboard polls for: a match's tag (its version and when it was last touched).

The endpoint itself is ``play/live.py``.

``GET /matches/<id>/version`` answers, from one indexed SELECT and no ORM object, the match's
version (``Match.version``, raised by every save, edit and delete of a deal: locking.py) and how
many deals it has, as a few bytes of JSON with an ``ETag``. A phone sends back the ``ETag`` it has
(``If-None-Match``) and, while nothing changed, gets ``304 Not Modified`` with no body: that is
all a watcher costs between two saves. On a new tag ``static/live.js`` fetches the scoreboard
itself and swaps the regions that changed; on a deal form it warns that another scorekeeper saved
meanwhile. A deleted match answers 404.

The tag is the version *and* the match's ``updated_at``: changes the scoreboard shows that are
not changes to the deals (a seat taken or handed over, a bid card shown, the dummy's cards turned
up) call ``touch`` so watchers follow them, without raising the version, which would make every
open deal form out of date for no reason. A player's rename is not followed live: it changes no
match row (touching every match of the player would reorder the home screen), so the boards show
the new name at the next save or reload.

The table's big screen on the server machine (``GET /screen``) follows no one match but the
table: the match most recently played (``TABLE_QUERY``), whose id joins its tag
(``table_tag``), so the screen moves on by itself when another match is started or played.

Everything is in the database, nothing in the process's memory: two app processes on one
PostgreSQL answer the same tag.
"""

from __future__ import annotations

import zlib
from datetime import datetime

from sqlalchemy import Row, bindparam, func, select, union_all, update

from scorer.web.data.models import Deal, DealSet, Match, MatchCards, now_utc
from scorer.web.extensions import db

# Built once (Core, not the ORM: a poll is the app's most frequent request): the match's row by
# its primary key (none once deleted: Recently deleted keeps the row), its deals counted on the (match_id, number) unique index,
# and, for a table of a duplicate set, the set's version (two more primary-key lookups).
_match, _deal, _cards, _set = Match.__table__, Deal.__table__, MatchCards.__table__, DealSet.__table__
VERSION_QUERY = select(
    _match.c.version, _match.c.updated_at,
    select(func.count()).where(_deal.c.match_id == _match.c.id).scalar_subquery(),
    _set.c.version,
).select_from(_match.outerjoin(_cards, _cards.c.match_id == _match.c.id).outerjoin(_set, _set.c.id == _cards.c.deal_set_id)
              ).where(_match.c.id == bindparam("match_id"), _match.c.deleted_at.is_(None))


# The match most recently played (saved, started, restored), in play or just ended: the newest
# of each state by ``ix_matches_state`` (finished, updated_at, id), one row each, in one statement;
# for a table of a duplicate set, with its set's version, as a match's own tag has it.
_newest = [select(_match.c.id, _match.c.version, _match.c.updated_at)
           .where(_match.c.finished.is_(state), _match.c.deleted_at.is_(None))
           .order_by(_match.c.updated_at.desc(), _match.c.id.desc()).limit(1).subquery()
           for state in (False, True)]
TABLE_QUERY = union_all(*(
    select(newest, select(_set.c.version).select_from(_cards.join(_set, _set.c.id == _cards.c.deal_set_id))
           .where(_cards.c.match_id == newest.c.id).scalar_subquery())
    for newest in _newest))


def table_match() -> Row[tuple[int, int, datetime, int | None]] | None:
    """(id, version, updated_at, its set's version) of the match most recently played, or None
    when there is none."""
    rows = db.session.connection().execute(TABLE_QUERY).all()
    return max(rows, key=lambda row: (row[2], row[0]), default=None)


def table_tag(row: Row[tuple[int, int, datetime, int | None]] | None) -> str:
    """The big screen's tag when it follows the table: which match, and that match's own tag."""
    return "none" if row is None else f"{row[0]}-{tag(row[1], row[2], row[3])}"


def match_tag(match: Match) -> str:
    """The tag of ``match`` as it was read (what its poll answers while nothing changed)."""
    return tag(match.version, match.updated_at, match.deal_set.version if match.deal_set is not None else None)


def tag(version: int, updated_at: datetime | None, set_version: int | None = None) -> str:
    """The ``ETag`` (without its quotes) of a match at ``version``, last touched at ``updated_at``;
    a table of a duplicate set also at its set's ``set_version``, which moves when what the set
    publishes moves (a slower table's save shows a faster table's held-back deals to everyone)."""
    stamp = zlib.crc32(str(updated_at).encode()) if updated_at is not None else 0
    return f"{version}-{stamp:08x}" if set_version is None else f"{version}-{stamp:08x}-{set_version}"


def touch(match_id: int) -> None:
    """The match's scoreboard shows something new that is not a change of its deals: move its tag
    (``updated_at``) without raising its version. The caller commits."""
    db.session.execute(update(Match).where(Match.id == match_id).values(updated_at=now_utc())
                       .execution_options(synchronize_session=False))
