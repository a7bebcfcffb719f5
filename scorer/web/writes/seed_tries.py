"""A match started with a typed seed, recorded for the limit on how fast one phone may start them
(``policy/typed_seeds.py``): recorded before the match is started (``begin``), in one transaction
that counts the phone's tries with this one and refuses past the limit (so tries sent at once each
see the others), and taken back when the match was not started after all (``forget``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select

from scorer.web import clock
from scorer.web.data.models import SeedTry, now_utc
from scorer.web.data.refusals import Said
from scorer.web.extensions import db
from scorer.web.writes.problems import Refused
from scorer.web.writes.unit import transaction


class TooManySeeds(Refused):
    """The phone started its most matches with a typed seed within the window: ``retry_at`` is
    when it may start another (with a seed; without one, at once)."""

    status = 429
    heading = Said("too-many-seeds", heading=True)

    def __init__(self, most: int, minutes: int, retry_at: datetime) -> None:
        super().__init__("too-many-seeds", most=most, minutes=minutes, retry_at=retry_at)
        self.retry_at = retry_at


def begin(phone: str, most: int, window: timedelta) -> int:
    """Record a match about to be started with a typed seed by ``phone``; returns the try's id.
    ``TooManySeeds`` (nothing recorded) if ``phone`` has ``most`` tries within ``window`` already.
    Tries older than the window go as new ones come in."""
    with transaction():
        now = now_utc()
        db.session.execute(delete(SeedTry).where(SeedTry.at <= now - window))
        attempt = SeedTry(phone=phone, at=now)
        db.session.add(attempt)
        db.session.flush()
        recent = db.session.scalars(select(SeedTry.at).where(SeedTry.phone == phone, SeedTry.at > now - window)
                                    .order_by(SeedTry.at.desc(), SeedTry.id.desc()).limit(most + 1)).all()
        if len(recent) > most:
            # This try is the newest; the phone may try again once the most-th of its others is
            # out of the window (the minute rounded up, so that the time said is never too early).
            retry = clock.as_utc(recent[most]) + window
            minute = retry.replace(second=0, microsecond=0)
            raise TooManySeeds(most, window // timedelta(minutes=1),
                               minute if minute == retry else minute + timedelta(minutes=1))
        return attempt.id


def forget(try_id: int) -> None:
    """A try whose match was not started (a problem with the form): it counts against nobody."""
    with transaction():
        db.session.execute(delete(SeedTry).where(SeedTry.id == try_id))
