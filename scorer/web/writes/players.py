"""Renaming a player, in every match at once (matches refer to the player, not the name)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from scorer.web.data import locking, names
from scorer.web.data.changes import RENAME
from scorer.web.data.models import Match, MatchSeat, Player, name_key
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.writes.changes import record
from scorer.web.writes.problems import Busy, Gone, OutOfDate, Refused
from scorer.web.writes.unit import transaction


def rename(player_id: int, new_name: str, by: str, *, undoes: int | None = None, expected: str | None = None,
           seen: tuple[int, int] | None = None) -> tuple[str, str]:
    """Rename player ``player_id`` to ``new_name`` (tidied as names are stored), under the lock of
    every match the player is in, taken in id order, and checked again under them: no other player
    may have the name. Returns (old name, new name); one site-wide change is recorded when the
    name changed.

    An undo of a rename is this write too (``undoes``: the change it takes back), refused unless
    the player is still called ``expected`` (the name the rename gave) and the match whose history
    the undo was confirmed on is still at the version ``seen`` = (match id, version)."""
    their_matches = db.session.scalars(select(MatchSeat.match_id).where(MatchSeat.player_id == player_id)).all()
    title = heading("nothing-undone" if undoes is not None else "nothing-changed")
    with transaction():
        try:
            locking.lock_matches(their_matches)  # the transaction's first statements
        except OperationalError:
            raise Busy("rename-busy") from None
        person = db.session.get(Player, player_id)
        if person is None:
            raise Gone("no-such-player")
        if seen is not None and db.session.scalar(select(Match.version).where(Match.id == seen[0])) != seen[1]:
            raise OutOfDate("undo-out-of-date", title)
        if expected is not None and person.name != expected:
            raise Refused("renamed-since", title, name=person.name, expected=expected)
        old, new = person.name, names.tidy(new_name)
        other = db.session.scalar(select(Player).where(Player.name_key == name_key(new), Player.id != person.id))
        if other is not None:
            if undoes is not None:
                raise Refused("name-now-taken", title, new=new, old=old)
            raise Refused("name-taken", name=other.name)
        person.name, person.name_key = new, name_key(new)
        if old != new:  # one site-wide change (match_id None): every match's history shows it
            record(RENAME, None, by, before={"player_id": person.id, "name": old},
                   after={"player_id": person.id, "name": new}, undoes=undoes)
        return old, new
