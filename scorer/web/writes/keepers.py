"""Who keeps a match's score: a phone joining with an invite, a keeper revoked, the site manager
taking a match over. Each returns what the view needs (a token for the phone's cookie, or the
keeper revoked) and commits once; the cookie itself is the view's (``capability.give``)."""

from __future__ import annotations

import secrets

from sqlalchemy import update

from scorer.web.data.models import MatchKeeper, now_utc
from scorer.web.data.refusals import heading
from scorer.web.extensions import db
from scorer.web.policy.capability import new_keeper
from scorer.web.writes.problems import Gone, Refused
from scorer.web.writes.unit import match_write


def join(match_id: int, keeper_id: int, nonce: str, by: str) -> str:
    """Make the phone ``by`` a keeper with the invite of keeper ``keeper_id`` carrying ``nonce``:
    used once, so only the request that replaces the nonce it carried makes a keeper. Returns the
    new keeper's token; ``Refused`` if the invite was used, replaced or its keeper revoked."""
    with match_write(match_id, heading("not-made-keeper"), bump=False) as locked:
        done = db.session.execute(update(MatchKeeper).where(
            MatchKeeper.id == keeper_id, MatchKeeper.match_id == match_id, MatchKeeper.invite_nonce == nonce,
            MatchKeeper.revoked_at.is_(None)).values(invite_nonce=secrets.token_hex(16)))
        if getattr(done, "rowcount", 0) != 1:
            raise Refused("invite-used")
        return new_keeper(locked.match, by)


def revoke(match_id: int, keeper_id: int) -> MatchKeeper | None:
    """End keeper ``keeper_id``'s rights on the match; None if they were ended already."""
    with match_write(match_id, heading("nobody-revoked"), bump=False) as locked:
        keeper = db.session.get(MatchKeeper, keeper_id)
        if keeper is None or keeper.match_id != locked.match.id:
            raise Gone("no-such-keeper")
        if keeper.revoked_at is not None:
            return None
        keeper.revoked_at = now_utc()
        return keeper


def take_over(match_id: int, by: str) -> str:
    """Make the phone ``by`` a keeper of the match (the site manager's: every keeper's phone lost,
    or a match imported). Returns its token."""
    with match_write(match_id, heading("nothing-changed"), bump=False) as locked:
        return new_keeper(locked.match, by)


def name_phone(match_id: int, keeper_id: int, label: str) -> None:
    """The phone of keeper ``keeper_id`` was given a name: its row on the match's list of
    scorekeepers (and the invites it makes) say it from now on."""
    with match_write(match_id, heading("device-name-not-saved"), bump=False) as locked:
        keeper = db.session.get(MatchKeeper, keeper_id)
        if keeper is None or keeper.match_id != locked.match.id:
            raise Gone("no-such-keeper")
        keeper.label = label
