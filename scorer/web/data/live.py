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
# and, for a table of a duplicate set, what its night has published (two more primary-key lookups).
_match, _deal, _cards, _set = Match.__table__, Deal.__table__, MatchCards.__table__, DealSet.__table__
VERSION_QUERY = select(
    _match.c.version, _match.c.updated_at,
    select(func.count()).where(_deal.c.match_id == _match.c.id).scalar_subquery().label("deals"),
    _set.c.published, _set.c.ended_at,
).select_from(_match.outerjoin(_cards, _cards.c.match_id == _match.c.id).outerjoin(_set, _set.c.id == _cards.c.deal_set_id)
              ).where(_match.c.id == bindparam("match_id"), _match.c.deleted_at.is_(None))


# The match most recently played (saved, started, restored), in play or just ended: the newest
# of each state by ``ix_matches_state`` (finished, updated_at, id), one row each, in one statement;
# for a table of a duplicate set, with what its night has published, as a match's own tag has it.
_newest = [select(_match.c.id, _match.c.version, _match.c.updated_at)
           .where(_match.c.finished.is_(state), _match.c.deleted_at.is_(None))
           .order_by(_match.c.updated_at.desc(), _match.c.id.desc()).limit(1).subquery()
           for state in (False, True)]
TABLE_QUERY = union_all(*(
    select(newest, _set.c.published, _set.c.ended_at)
    .select_from(newest.outerjoin(_cards, _cards.c.match_id == newest.c.id).outerjoin(_set, _set.c.id == _cards.c.deal_set_id))
    for newest in _newest))


def table_match() -> Row[tuple[int, int, datetime, int | None, datetime | None]] | None:
    """(id, version, updated_at, its night's published deals and end) of the match most recently
    played, or None when there is none."""
    rows = db.session.connection().execute(TABLE_QUERY).all()
    return max(rows, key=lambda row: (row[2], row[0]), default=None)


def table_tag(row: Row[tuple[int, int, datetime, int | None, datetime | None]] | None) -> str:
    """The big screen's tag when it follows the table: which match, and that match's own tag."""
    return "none" if row is None else f"{row[0]}-{tag(row[1], row[2], night_mark(row[3], row[4]))}"


def polled_tag(row: Row[tuple[int, datetime, int, int | None, datetime | None]]) -> str:
    """The tag of a match from ``VERSION_QUERY``'s row."""
    return tag(row[0], row[1], night_mark(row[3], row[4]))


def match_tag(match: Match) -> str:
    """The tag of ``match`` as it was read (what its poll answers while nothing changed)."""
    night = match.deal_set
    return tag(match.version, match.updated_at, night_mark(night.published, night.ended_at) if night is not None else None)


def night_mark(published: int | None, ended_at: datetime | None) -> str | None:
    """What of its night a table's pages show besides the table itself: how many deals are
    published (a slower table's save shows a faster table's held-back deals to everyone) and
    whether the night has ended (a match over is then over for everyone). Not the set's version:
    that moves with every table joining, which changes nothing on another table's board, and
    made all of a night's watchers fetch their boards again at each of the first minutes' joins.
    What the table's own pages show of it (its state with the organiser) touches its match.
    None for a match of no set."""
    if published is None:
        return None
    return f"{published}e" if ended_at is not None else str(published)


def tag(version: int, updated_at: datetime | None, night: str | None = None) -> str:
    """The ``ETag`` (without its quotes) of a match at ``version``, last touched at ``updated_at``;
    a table of a duplicate set also at its ``night_mark``."""
    stamp = zlib.crc32(str(updated_at).encode()) if updated_at is not None else 0
    return f"{version}-{stamp:08x}" if night is None else f"{version}-{stamp:08x}-{night}"


def touch(match_id: int) -> None:
    """The match's scoreboard shows something new that is not a change of its deals: move its tag
    (``updated_at``) without raising its version. The caller commits."""
    db.session.execute(update(Match).where(Match.id == match_id).values(updated_at=now_utc())
                       .execution_options(synchronize_session=False))
