"""PostgreSQL restarted under the app (as an update or a crash would): the requests made while it
is away get a 503 saying the scores are safe, with ``Retry-After`` and one log line each, no
traceback; nothing is half-saved; and the app carries on by itself once the server is back."""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from flask_migrate import upgrade
from pgserver import as_server_user, create_database, pg_bin, throwaway_server
from webhelpers import post_deal, start_match, stored_deals

from scorer import create_app
from scorer.web.extensions import db


def pg_ctl(socket_dir: str, *args: str) -> None:
    data = Path(socket_dir) / "data"
    subprocess.run(as_server_user([pg_bin("pg_ctl"), "-D", str(data), "-w", *args]), check=True, capture_output=True)


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_restart_is_a_503_to_retry_and_the_app_carries_on():
    with throwaway_server() as server:
        socket_dir = parse_qs(urlsplit(server).query)["host"][0]
        _, url = create_database(server)
        app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": url})
        with app.app_context():
            upgrade()
        log = Lines()  # on the app's logger: the migration's logging set-up replaces the root's handlers
        app.logger.addHandler(log)
        client = app.test_client()
        match_id = start_match(client, ["Ann", "Bob", "Cy"])
        assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
        pg_ctl(socket_dir, "-m", "immediate", "stop")
        try:
            page = client.get(f"/matches/{match_id}")
            save = post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3])
        finally:
            pg_ctl(socket_dir, "-l", str(Path(socket_dir) / "log"), "start",
                   "-o", f"-c listen_addresses='' -k {socket_dir} -c fsync=off -c full_page_writes=off")
        assert (page.status_code, save.status_code) == (503, 503)
        assert page.headers["Retry-After"] == "5" and "The scores are safe" in save.text
        assert [r.getMessage().split(":")[0] for r in log.records] == ["database unavailable"] * 2
        assert all(r.exc_info is None for r in log.records)
        assert client.get(f"/matches/{match_id}").status_code == 200  # reconnected by itself
        assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
        assert [d["tricks"] for d in stored_deals(app, match_id)] == [[4, 2, 3], [3, 3, 3]]
        with app.app_context():
            db.engine.dispose()
