"""SQL statements per page, and rows written per save, at two database sizes.

    .venv/bin/python bench/sql_counts.py [CHECKOUT] [SMALL LARGE]

CHECKOUT (default: this one) is the repository whose ``scorer`` is measured, so the same script
gives the figures before and after a change (``git worktree add /tmp/before <commit>``). The
databases are built in a temporary folder through the app's own import (the core's samples) and
forms: SMALL and LARGE imported matches (default 22 and 200), plus one match played through the
forms with 4 deals in the small database and 60 in the large one. A statement sent as one batch
(executemany) counts once; "rows" is how many rows the save's writes carried.
"""

from __future__ import annotations

import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
SIZES = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (22, 200)
sys.path[:0] = [str(CHECKOUT)]

from sqlalchemy import event, select  # noqa: E402

from scorer import create_app  # noqa: E402
from scorer.core.samples import random_document  # noqa: E402
from scorer.web.data.models import Player  # noqa: E402
from scorer.web.extensions import db  # noqa: E402
from scorer.web.writes import imports  # noqa: E402

RULESETS = ("jokerless", "four-partners", "classic", "two-dummy", "five")
PAGES = {
    "home": "/",
    "history": "/history/",
    "history, filtered": "/history/?ruleset=jokerless&state=unfinished&start=2026-01-01&end=2026-12-31",
    "history of a player": "/history/?player={ann}",
    "stats": "/stats/",
    "stats, ruleset+period": "/stats/?ruleset=jokerless&start=2026-01-20&end=2026-11-30",
    "a player": "/stats/players/{ann}",
    "a player, filtered": "/stats/players/{ann}?ruleset=jokerless&start=2026-02-10&end=2026-12-31",
    "match record": "/history/{probe}",
    "scoreboard": "/matches/{probe}",
    "sheet": "/matches/{probe}/sheet",
    "deal form": "/matches/{probe}/deals/new",
}


def deal(number: int) -> dict[str, str]:
    data = {"number": str(number)}
    for seat in range(3):  # every bid of 0 fails with a trick each: the match goes on
        data |= {f"seats-{seat}-bid": "0", f"seats-{seat}-tricks": "3", f"seats-{seat}-offer": ""}
    return data


def build(matches: int, deals: int) -> tuple[Any, Any, dict[str, int], list[Any]]:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "TIMEZONE": "UTC", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'scorer.sqlite'}"})
    docs = []
    for i in range(matches):
        doc = random_document(random.Random(500 + i), RULESETS[i % len(RULESETS)], max_deals=12,
                              played_at=datetime(2026, 1, 3, 18, tzinfo=UTC) + timedelta(days=i * 300 // matches),
                              unfinished=i % 3 == 0)
        doc["players"] = ["Ann" if n == 0 else ("Nan" if name == "Ann" else name) for n, name in enumerate(doc["players"])]
        docs.append(doc)
    with app.app_context():
        db.create_all()
        imports.import_documents([(str(i), doc) for i, doc in enumerate(docs)])
        db.session.commit()
    client = app.test_client()
    form = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cy"])}
    form |= {"ruleset": "jokerless", "first_dealer": "0", "match": "usual", "first_trump": "", "trump": "turn-up"}
    probe = int(client.post("/matches/new", data=form).headers["Location"].rsplit("/", 1)[1])
    found: list[Any] = []
    with app.app_context():
        engine = db.engine
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    event.listen(engine, "before_cursor_execute",
                 lambda _c, _cu, sql, params, _ctx, many: found.append((sql, len(params) if many else 1)))
    saves = {}
    for number in range(1, deals + 1):
        found.clear()
        assert client.post(f"/matches/{probe}/deals/new", data=deal(number)).status_code == 303
        saves[number] = list(found)
    return client, found, {"probe": probe, "ann": ann or 0}, [saves[1], saves[deals]]


def main() -> None:
    small, large = build(SIZES[0], 4), build(SIZES[1], 60)
    print(f"{CHECKOUT}: statements per page, {SIZES[0]} vs {SIZES[1]} imported matches "
          "(plus a played match of 4 vs 60 deals)")
    for name, url in PAGES.items():
        counts = []
        for client, found, ids, _ in (small, large):
            found.clear()
            assert client.get(url.format(**ids)).status_code == 200, url
            counts.append(len(found))
        print(f"  {name:24} {counts[0]:5} {counts[1]:5}")
    for label, save in (("save at deal 1", large[3][0]), ("save at deal 60", large[3][1])):
        writes = sum(rows for sql, rows in save if sql.split()[0] in ("INSERT", "UPDATE", "DELETE"))
        print(f"  {label:24} {len(save):5} statements, {writes} rows written")


if __name__ == "__main__":
    main()
