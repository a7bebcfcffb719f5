"""The cards: the app turning or dealing them, each player's private hand and seat, packs, duplicate
deal sets and the club night run on them.

One blueprint, ``cards``, for the package; its routes are in the modules it imports."""

from __future__ import annotations

# The modules with routes: each adds its own to ``bp`` as it is imported.
from scorer.web.cards import deal_sets, hand_pages, nights, packs, seats  # noqa: F401
from scorer.web.cards.blueprint import bp  # noqa: F401  (what the factory registers)
