"""The short name a phone is given ("Ann's phone"), asked once and kept in a cookie, so the
change history can say which phone made each change."""

from __future__ import annotations

from flask import request

COOKIE = "ninety-nine-device"
UNNAMED = "Unnamed phone"
MAX_LENGTH = 30


def device_name() -> str:
    """This phone's name, or ``UNNAMED`` when it was never given one."""
    name = (request.cookies.get(COOKIE) or "").strip()
    return name[:MAX_LENGTH] if name else UNNAMED
