"""A guess of the site passcode, recorded for the rate limit (``policy/passcode.py`` counts them):
recorded before it is checked (``begin``), taken back when it was right (``forget``); and the
sessions signed in with it, kept on the server (``open_session``, ``end_session``)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete

from scorer.web.data.models import KnownBrowser, SignInAttempt, SiteSession, now_utc
from scorer.web.extensions import db
from scorer.web.writes.unit import transaction


def begin(address: str, keep: timedelta, known_hash: str | None = None) -> int:
    """Record a guess from ``address``, sent with the known-browser token hashed as ``known_hash``
    if any (it counts as wrong until ``forget``); returns its id. Guesses older than ``keep`` go as
    new ones come in."""
    with transaction():
        db.session.execute(delete(SignInAttempt).where(SignInAttempt.at < now_utc() - keep))
        attempt = SignInAttempt(address=address, at=now_utc(), known_hash=known_hash)
        db.session.add(attempt)
        db.session.flush()
        return attempt.id


def forget(attempt_id: int) -> None:
    """A guess that was right: it counts against nobody."""
    with transaction():
        db.session.execute(delete(SignInAttempt).where(SignInAttempt.id == attempt_id))


def open_session(token_hash: str, keep: timedelta) -> None:
    """A browser signed in: keep its session token's hash. Sessions older than ``keep`` go."""
    with transaction():
        db.session.execute(delete(SiteSession).where(SiteSession.created_at < now_utc() - keep))
        db.session.add(SiteSession(token_hash=token_hash, created_at=now_utc()))


def end_session(token_hash: str) -> None:
    """A browser signed out: its session ends for every copy of its cookie."""
    with transaction():
        db.session.execute(delete(SiteSession).where(SiteSession.token_hash == token_hash))


def remember_browser(token_hash: str, mark: str, days: int) -> None:
    """A browser signed in: it is known (the hash of its known-browser token, with the mark of the
    passcode it signed in with) for ``days``. Rows past their time go as new ones come in."""
    with transaction():
        db.session.execute(delete(KnownBrowser).where(KnownBrowser.expires_at < now_utc()))
        now = now_utc()
        db.session.add(KnownBrowser(token_hash=token_hash, mark=mark, created_at=now, expires_at=now + timedelta(days=days)))
