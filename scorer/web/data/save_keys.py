"""The one-time keys of the deal forms: every save is sent once, whatever the network does.

A deal form (a new deal, an edit) and a deal's deletion carry a random key made when the form is
drawn (``new_key``). The write that receives it looks the key up under the match's lock
(``find``) and, if it has answered it already, answers the same again and writes nothing; else
it writes and stores the key beside what it wrote (``keep``), in the same transaction. So a form
sent again, its answer lost on the way back or the page reloaded, is never a second deal nor a
conflict, and two copies of the same form raced store one deal: the second waits for the lock,
then finds the first's key.

The key belongs to what was sent: the same key with other figures (an old page's form changed and
sent again, a draft restored into it) is no resend, and is decided as a form without a key.
Keys are kept a day (``KEPT``): rows older go as new ones come in (``keep``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select

from scorer.web.data.models import SaveKey, now_utc
from scorer.web.extensions import db

KINDS = ("deal", "edit", "delete", "undo", "match")  # a deal recorded, changed, deleted; a change undone; a match started
KEPT = timedelta(days=1)            # how long a key is remembered
LONGEST = 64                        # a key longer than this (not one of ours) counts as none


def new_key() -> str:
    """A form's one-time key, made when the form is drawn."""
    return secrets.token_urlsafe(16)


def sent_key(text: Any) -> str | None:
    """The key a form came with: None if none (an old cached form, a script) or not one of ours."""
    key = str(text or "").strip()
    return key if 0 < len(key) <= LONGEST and key.isascii() else None


def fingerprint(sent: Any) -> str:
    """What was sent, as a short digest: the same figures give the same fingerprint."""
    return hashlib.sha256(json.dumps(sent, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def find(key: str) -> SaveKey | None:
    """Within a write, under the match's lock: the row of the write that answered ``key`` already
(a key older than ``KEPT`` is forgotten, whether or not its row has gone yet)."""
    return db.session.scalars(select(SaveKey).where(SaveKey.key == key, SaveKey.created_at >= now_utc() - KEPT)).one_or_none()


def same(row: SaveKey, match_id: int, kind: str, number: int, sent: str) -> bool:
    """Whether ``row`` is of this very write: the same match, kind, deal and figures."""
    return (row.match_id, row.kind, row.deal, row.sent) == (match_id, kind, number, sent)


def keep(key: str, match_id: int, kind: str, number: int, sent: str, change_id: int | None) -> None:
    """Within the write, store ``key`` with what it wrote, and let the keys older than ``KEPT`` go.
    The caller commits."""
    now = now_utc()
    db.session.execute(delete(SaveKey).where(SaveKey.created_at < now - KEPT))
    db.session.add(SaveKey(key=key, match_id=match_id, kind=kind, deal=number, sent=sent, change_id=change_id,
                           created_at=now))
