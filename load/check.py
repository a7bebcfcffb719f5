"""After a load run: is every deal a keeper was told was saved in the database exactly once, as
sent, and nothing else?

``LOAD_RESULTS`` holds one JSON line per save that answered 303 (load/locustfile.py): the match,
the deal's number, its bids and tricks. The database is the run's own (a throwaway one), so the
check reads every deal in it and reports:

- a success whose deal is missing, or stored with other figures (lost, or overwritten);
- two successes for the same deal number of a match (one deal counted twice);
- a stored deal no keeper was told of (saved twice, e.g. a resend stored as the next deal);
- a match whose deals are not numbered 1, 2, 3... without a gap.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import sqlalchemy as sa


def read_results(path: str | Path) -> list[dict[str, Any]]:
    text = Path(path).read_text(encoding="utf-8") if Path(path).exists() else ""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def check(database_url: str, results: list[dict[str, Any]]) -> list[str]:
    """Every problem found, in words; an empty list when the database holds exactly the successes."""
    problems: list[str] = []
    told = Counter((r["match"], r["number"]) for r in results)
    problems += [f"match {m}, deal {n}: {count} saves answered success for the same deal"
                 for (m, n), count in sorted(told.items()) if count > 1]
    sent = {(r["match"], r["number"]): (r["bids"], r["tricks"]) for r in results}
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    deals = sa.table("deals", sa.column("match_id"), sa.column("number"), sa.column("bids", sa.JSON),
                     sa.column("tricks", sa.JSON))
    stored: dict[int, list[tuple[int, Any, Any]]] = {m: [] for m, _ in told}
    with engine.connect() as conn:
        for match_id, number, bids, tricks in conn.execute(
                sa.select(deals.c.match_id, deals.c.number, deals.c.bids, deals.c.tricks)):
            stored.setdefault(match_id, []).append((number, bids, tricks))
    engine.dispose()
    rows_of = Counter((m, number) for m, rows in stored.items() for number, _, _ in rows)
    for (m, n), (bids, tricks) in sorted(sent.items()):
        found = [(b, t) for number, b, t in stored[m] if number == n]
        if not found:
            problems.append(f"match {m}, deal {n}: answered success but not in the database (lost)")
        elif rows_of[(m, n)] > 1:
            problems.append(f"match {m}, deal {n}: stored {rows_of[(m, n)]} times")
        elif found[0] != (bids, tricks):
            problems.append(f"match {m}, deal {n}: stored as {found[0]}, but the keeper sent {(bids, tricks)}")
    for m, rows in sorted(stored.items()):
        numbers = sorted(number for number, _, _ in rows)
        extra = [n for n in numbers if (m, n) not in sent]
        problems += [f"match {m}, deal {n}: in the database, but no keeper was told it was saved (doubled?)"
                     for n in extra]
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"match {m}: deals numbered {numbers}, not 1 to {len(numbers)}")
    return problems
