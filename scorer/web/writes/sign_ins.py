"""A wrong site passcode, recorded for the rate limit (``policy/passcode.py`` counts them)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete

from scorer.web.data.models import SignInAttempt, now_utc
from scorer.web.extensions import db
from scorer.web.writes.unit import transaction


def record_failure(address: str, keep: timedelta) -> None:
    """One wrong guess from ``address``; failures older than ``keep`` go as new ones come in."""
    with transaction():
        db.session.execute(delete(SignInAttempt).where(SignInAttempt.at < now_utc() - keep))
        db.session.add(SignInAttempt(address=address, at=now_utc()))
