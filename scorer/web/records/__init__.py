"""The records: history, statistics (and the results cache behind them), ratings, score sheets,
export and import, players, the change history and the recently deleted.

One blueprint, ``records``, for the package; its routes are in the modules it imports. It also
carries the command line's ``flask check``, ``flask stats rebuild``, ``flask backup`` and
``flask restore`` (``cli_group=None``: at the top level)."""

from __future__ import annotations

# The modules with routes: each adds its own to ``bp`` as it is imported.
from scorer.web.records import backups, changes, check, deleted, exports, history, imports, players, ratings, sheets, stats  # noqa: F401
from scorer.web.records.blueprint import bp  # noqa: F401  (what the factory registers)
