"""One app process that catches up a kind of ratings, for the tests of the catch-up's claim
(tests/web/test_rating_catch_up.py, tests/postgres/test_ratings_postgres.py): run as

    python tests/web/catchup_process.py DATABASE_URL KIND WORKER MODE FOLDER

MODE ``pause``: once it has claimed the kind and folded, it writes FOLDER/folding and waits for
FOLDER/go before it stores. ``die``: it kills itself (SIGKILL) at that point, as a process that
dies mid-fold. ``plain``: neither. It prints what ``catch_up`` returned and how many folds it did.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from scorer import create_app
from scorer.web.writes import ratings


def main(url: str, kind: str, worker: str, mode: str, folder: str) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "SQLALCHEMY_DATABASE_URI": url,
                      "TIMEZONE": "UTC", "RATINGS_CATCH_UP": "off"})
    here = Path(folder)

    def hook(_kind: str, _worker: str) -> None:
        if mode == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        if mode == "pause":
            (here / "folding").write_text(worker)
            deadline = time.monotonic() + 60
            while not (here / "go").exists() and time.monotonic() < deadline:
                time.sleep(0.02)
    ratings.during_fold = hook
    with app.app_context():
        done = ratings.catch_up(kind, worker=worker)
    print(f"{done} {ratings.folds_done}", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:6])
