"""Two app processes on one PostgreSQL (as `make load` runs them): what one saves, the other's
version endpoint shows at once (nothing of it lives in one process's memory); and two matches
started at once with the same new players in other seats both start (no deadlock, no 500)."""

from __future__ import annotations

import json
import threading

from webhelpers import match_form, post_deal, start_match


def test_a_save_on_one_process_moves_the_tag_on_the_other(postgres_app, postgres_url):
    first, second = postgres_app(postgres_url), postgres_app(postgres_url)
    keeper, watcher = first.test_client(), second.test_client()
    match_id = start_match(keeper, ["Ann", "Bob", "Cy"])
    etag = watcher.get(f"/matches/{match_id}/version").headers["ETag"]
    assert watcher.get(f"/matches/{match_id}/version", headers={"If-None-Match": etag}).status_code == 304
    assert post_deal(keeper, match_id, 1, [4, 3, 2], [4, 2, 3]).status_code == 303
    moved = watcher.get(f"/matches/{match_id}/version", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and json.loads(moved.text) == {"version": 1, "deals": 1}
    assert keeper.post(f"/matches/{match_id}/delete").status_code == 302
    assert watcher.get(f"/matches/{match_id}/version").status_code == 404


def test_two_matches_started_at_once_with_the_same_new_players(postgres_app, postgres_url):
    """Seat orders reversed: each start inserts the new players the other one needs."""
    apps = [postgres_app(postgres_url), postgres_app(postgres_url)]
    statuses: list[int] = []
    for round_ in range(15):
        names = [f"P{round_}a", f"P{round_}b", f"P{round_}c"]
        barrier = threading.Barrier(2)

        def start(app, seats, barrier=barrier):
            client = app.test_client()
            barrier.wait()
            statuses.append(client.post("/matches/new", data=match_form(seats)).status_code)

        threads = [threading.Thread(target=start, args=(apps[0], names)),
                   threading.Thread(target=start, args=(apps[1], names[::-1]))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert statuses == [302] * 30
