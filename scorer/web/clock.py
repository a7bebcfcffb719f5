"""Times where the table is: the app stores every moment in UTC and shows it, on every screen,
on paper and in a file name, in one zone, the ``TIMEZONE`` setting (default: the server's own
zone, which is where the table is when the group runs the app on one machine). The history and
statistics filters cut days at that zone's midnight, so a game at 23:30 belongs to that day.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, date, datetime, time, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app

ZONE_LINK = "/zoneinfo/"


def server_zone() -> tzinfo:
    """The machine's zone, with its daylight-saving rules where they can be found: the ``TZ``
    variable, then /etc/localtime's link into the zone database, then /etc/timezone; failing
    those, the fixed offset the machine has now (right until the clocks change)."""
    names = [os.environ.get("TZ", "").lstrip(":")]
    link = os.path.realpath("/etc/localtime")  # Debian's /usr/share/zoneinfo/…, macOS's /var/db/…
    if ZONE_LINK in link:
        names.append(link.rsplit(ZONE_LINK, 1)[1])
    with contextlib.suppress(OSError):
        names.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for name in names:
        if name and not name.startswith("/"):
            try:
                return ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError):
                continue
    return datetime.now().astimezone().tzinfo or UTC


def zone_named(name: str | None) -> tzinfo:
    """The zone a ``TIMEZONE`` setting names ("Europe/London", "UTC"); blank means the server's.
    A name the zone database does not know stops the start with a message that says so."""
    if not name or not name.strip():
        return server_zone()
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(
            f"TIMEZONE={name!r} is not a time zone this machine knows. Use a name such as "
            "Europe/London or America/New_York (without a zone database, `pip install tzdata`), "
            "or leave TIMEZONE unset to use the server's own zone.") from error


def zone() -> tzinfo:
    """The zone of the running app (resolved once, when the app was configured); Flask-Babel's
    timezone selector too (language.register), so its ``format_datetime`` and ``format_time``
    write every time in it (presentation/formatting.py)."""
    found: tzinfo = current_app.extensions["scorer.timezone"]
    return found


def as_utc(value: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; the app stores them in UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def local(value: datetime) -> datetime:
    """A stored moment in the table's zone (SQLite hands datetimes back naive; they are UTC). A
    moment so near an end of the calendar that the zone would take it past it (year 1 west of
    UTC: stored before imports were bounded) stays in UTC rather than fail the page."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        return value.astimezone(zone())
    except OverflowError:
        return value


def midnight(day: date) -> datetime:
    """The start of ``day`` in the table's zone, as a UTC moment to compare stored times with."""
    try:
        return datetime.combine(day, time(0), tzinfo=zone()).astimezone(UTC)
    except OverflowError:  # the first day of the calendar, east of UTC: from the beginning
        return datetime.min.replace(tzinfo=UTC)


def now() -> datetime:
    """The present moment, in UTC. Tests set ``CLOCK`` (a callable returning an aware datetime)
    to move time on, e.g. past the 30 days a deleted match is kept."""
    source = current_app.config.get("CLOCK")
    moment: datetime = source() if source is not None else datetime.now(UTC)
    return moment
