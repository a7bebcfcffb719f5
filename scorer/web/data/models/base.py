"""What every model module shares: the time a row is written, and the key that identifies a name."""

from __future__ import annotations

from datetime import UTC, datetime

from scorer.web.data import names


def now_utc() -> datetime:
    return datetime.now(UTC)


def name_key(name: str) -> str:
    """The form of a name that must be unique: case, spaces and Unicode's ways of writing the same
    letter do not count (names.py)."""
    return names.key(name)
