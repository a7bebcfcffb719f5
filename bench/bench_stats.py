"""How fast history, statistics and a scoreboard are with thousands of matches.

    .venv/bin/python bench/bench_stats.py --matches 2000

Fills a temporary SQLite database with random valid matches (made with the core's dealer and
checked by the core, scorer.core.samples) imported through the app's own import, then times pages
through the test client: the median of several requests after a first one. Nothing here is a
test; the figures are for reading.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import func, select

from scorer import create_app
from scorer.core.samples import random_document
from scorer.web.data.models import Deal, Match, Player, SeatResult
from scorer.web.extensions import db
from scorer.web.writes import imports


def fill(app, matches: int, seed: int) -> None:
    rng = random.Random(seed)
    made = imported = 0.0
    batch: list = []
    with app.app_context():
        for i in range(matches):
            started = time.perf_counter()
            batch.append((f"match {i + 1}", random_document(rng)))
            made += time.perf_counter() - started
            if len(batch) == 100 or i == matches - 1:
                started = time.perf_counter()
                imports.import_documents(batch)
                db.session.commit()
                imported += time.perf_counter() - started
                batch = []
                print(f"\r  {i + 1} matches", end="", file=sys.stderr)
        print(file=sys.stderr)
        counts = {name: db.session.scalar(select(func.count()).select_from(model))
                  for name, model in (("matches", Match), ("deals", Deal), ("players", Player), ("seat rows", SeatResult))}
    print(f"database: {', '.join(f'{n} {name}' for name, n in counts.items())}")
    print(f"generating the documents (core deals and checks): {made:.1f} s; importing them: {imported:.1f} s "
          f"({imported / matches * 1000:.1f} ms a match)")


def timed(client, url: str, repeat: int) -> tuple[float, int]:
    response = client.get(url)  # the first request warms caches and compiles templates
    assert response.status_code == 200, (url, response.status_code)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, len(response.data)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", type=Path, help="keep the filled database in this file and reuse it next time")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = args.database or Path(folder) / "bench.sqlite"
        reuse = path.exists()
        app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        with app.app_context():
            db.create_all()
        if reuse:
            print(f"reusing {path}")
        else:
            fill(app, args.matches, args.seed)
        with app.app_context():
            longest = db.session.scalar(select(Deal.match_id).group_by(Deal.match_id).order_by(func.count().desc()).limit(1))
            deals = db.session.scalar(select(func.count()).where(Deal.match_id == longest))
            busiest = db.session.scalar(select(SeatResult.player_id).where(SeatResult.player_id.is_not(None))
                                        .group_by(SeatResult.player_id).order_by(func.count().desc()).limit(1))
        client = app.test_client()
        pages = [
            ("history, first page", "/history/"),
            ("history, page 50", "/history/?page=50"),
            ("history, one player and ruleset", f"/history/?player={busiest}&ruleset=jokerless"),
            ("stats, everyone", "/stats/"),
            ("stats, one ruleset and period", "/stats/?ruleset=jokerless&start=2026-03-01&end=2026-08-31"),
            ("stats, one player", f"/stats/players/{busiest}"),
            (f"scoreboard, {deals} deals", f"/matches/{longest}"),
            (f"match record with chart, {deals} deals", f"/history/{longest}"),
            (f"score sheet, {deals} deals", f"/matches/{longest}/sheet"),
        ]
        print(f"\n{'page':<44}{'median ms':>10}{'KB':>8}")
        for label, url in pages:
            ms, size = timed(client, url, args.repeat)
            print(f"{label:<44}{ms:>10.1f}{size / 1024:>8.0f}")
        started = time.perf_counter()
        size = len(client.get("/export/matches.zip").data)
        print(f"{'export every match (zip), once':<44}{(time.perf_counter() - started) * 1000:>10.1f}{size / 1024:>8.0f}")


if __name__ == "__main__":
    main()
