"""The change history (``data/changes.py``): one row per change to what was played, append-only;
and the one-time keys of the writes sent with one (``data/save_keys.py``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from scorer.web.data.models.base import now_utc
from scorer.web.extensions import Model


class Change(Model):
    """One change to what was played, as it happened: append-only, never updated nor deleted by
    the app. ``before`` and ``after`` are the state of the thing changed (a deal's document, a
    player's name, a seat's holder, whether the match is deleted); None where it did not exist.
    An undo is a change too, from the undone one's ``after`` back to its ``before``.

    ``match_id`` is a plain column, not a foreign key: the history outlives a purged match. It is
    None for a change that belongs to no one match (a player renamed everywhere).
    """

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int | None] = mapped_column(index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    device: Mapped[str] = mapped_column(String(30))
    kind: Mapped[str] = mapped_column(String(16))   # "deal", "rename", "seat" or "match" (changes.KINDS)
    deal: Mapped[int | None]                        # the deal's number, or the seat's for "seat"
    before: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    after: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    undoes: Mapped[int | None] = mapped_column(ForeignKey("changes.id"))


class SaveKey(Model):
    """A write sent with a form's one-time key (``data/save_keys.py``): which write it was, so that
    the same form sent again (its answer lost on the way back, a reload) is answered as the first
    time, never written twice. ``sent`` is a fingerprint of the figures sent: the same key with
    other figures (an old page's form changed and sent again) is no resend. Rows older than a day
    go as new ones come in. ``match_id`` is a plain column, as the history's."""

    __tablename__ = "save_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    match_id: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))   # "deal", "edit", "delete" or "undo" (save_keys.KINDS)
    deal: Mapped[int]                               # the deal's number it answered (an undo: the change's id)
    sent: Mapped[str] = mapped_column(String(64))   # the figures' fingerprint ("" for a deletion)
    change_id: Mapped[int | None]                   # the history's row it wrote, or undid (None: nothing changed)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc, index=True)
