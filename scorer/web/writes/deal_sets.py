"""Making a duplicate deal set: seeded deals every table of the set plays alike."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from scorer.core import get_ruleset, new_seed
from scorer.web.data import card_store
from scorer.web.data.models import DealSet
from scorer.web.extensions import db
from scorer.web.writes.unit import transaction


@dataclass(frozen=True)
class Made:
    """A set just made: its id and the key its printable sheet's address carries."""

    set_id: int
    key: str


def make(name: str, ruleset_id: str, trump: str | None, count: int, typed_seed: int | None, first_dealer: int) -> Made:
    """A new set of ``count`` deals of the ruleset (its ``trump`` option where it has one), dealt
    from the typed seed keyed with this server's secret (``card_store.server_seed``), or from a
    seed drawn at random; named ``name`` or "Deal set N"."""
    ruleset = get_ruleset(ruleset_id)
    options: dict[str, Any] = {"trump": trump} if "trump" in ruleset.option_keys else {}
    with transaction():
        number = (db.session.scalar(select(func.max(DealSet.id))) or 0) + 1
        deal_set = DealSet(key=secrets.token_urlsafe(12), name=name.strip() or f"Deal set {number}",
                           ruleset=ruleset.id, options=options, count=count,
                           seed=new_seed() if typed_seed is None else card_store.server_seed(typed_seed),
                           first_dealer=first_dealer)
        db.session.add(deal_set)
        db.session.flush()
        return Made(deal_set.id, deal_set.key)
