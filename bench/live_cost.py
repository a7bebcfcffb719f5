"""What a live watcher costs the server, against what a save costs: server CPU time per request,
measured on the production server (granian, as `make run` starts it; a throwaway SQLite file, 127.0.0.1 only).

    python bench/live_cost.py [--polls 1500] [--saves 150]

One client, one request at a time over a kept-alive connection, so the server's CPU time per
request is read without queueing: the ``/proc`` CPU time of the server process before and after
a batch of unchanged version polls (304), of scoreboards, and of saves (each a deal form, the save
and the scoreboard it lands on, as a scorekeeper does). Then: 60 watchers polling every 2 s are
30 polls a second; is that less than one save a second?
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "load"))

from run import cpu_seconds, server, setup_database  # noqa: E402

from scorer.core.samples import random_deal  # noqa: E402

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
NUMBER = re.compile(r'name="number" type="hidden" value="(\d+)"')


class Phone:
    """One keep-alive connection with a cookie jar of one."""

    def __init__(self, base: str) -> None:
        url = urllib.parse.urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: dict[str, str] | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = urllib.parse.urlencode(body) if body is not None else None
        if data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text


def save_one(phone: Phone, match_id: int, rng: random.Random) -> None:
    status, _, page = phone.send("GET", f"/matches/{match_id}/deals/new")
    token, version, number = (m.group(1) for m in (TOKEN.search(page), VERSION.search(page), NUMBER.search(page)) if m)
    deal = random_deal(rng, "jokerless", {}, 0, plain=True)
    fields = {"csrf_token": token, "version": version, "number": number, "action": "save"}
    for seat, (bid, took) in enumerate(zip(deal["bids"], deal["tricks"], strict=True)):
        fields.update({f"seats-{seat}-bid": str(bid), f"seats-{seat}-tricks": str(took), f"seats-{seat}-offer": ""})
    status, _, _ = phone.send("POST", f"/matches/{match_id}/deals/new", fields)
    assert status == 303, status
    phone.send("GET", f"/matches/{match_id}")


def start(phone: Phone) -> int:
    _, _, page = phone.send("GET", "/matches/new")
    token = TOKEN.search(page)
    assert token
    fields = {"csrf_token": token.group(1), "ruleset": "jokerless", "first_dealer": "0", "match": "deals",
              "deals": "999", "first_trump": "", "trump": "turn-up", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"}
    status, headers, _ = phone.send("POST", "/matches/new", fields)
    assert status == 302, status
    return int(headers["location"].rstrip("/").rsplit("/", 1)[1])


def measure(pid: int, count: int, step) -> tuple[float, float]:
    """(server CPU ms, wall ms) per call of ``step``."""
    cpu, wall = cpu_seconds(pid), time.perf_counter()
    for _ in range(count):
        step()
    return 1000 * (cpu_seconds(pid) - cpu) / count, 1000 * (time.perf_counter() - wall) / count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--polls", type=int, default=1500)
    parser.add_argument("--saves", type=int, default=150)
    args = parser.parse_args(argv)
    rng = random.Random(99)
    with tempfile.TemporaryDirectory(prefix="ninety-nine-cost-") as folder:
        env = {"DATABASE_URL": f"sqlite:///{folder}/cost.sqlite", "SECRET_KEY": "cost-only", "PYTHONPATH": str(ROOT),
               "PATH": "/usr/bin:/bin"}
        setup_database(env)
        with server(env, Path(folder) / "server.log") as (base, pid):
            keeper, watcher = Phone(base), Phone(base)
            match_id = start(keeper)
            for _ in range(20):  # a match well under way: 20 deals on the board
                save_one(keeper, match_id, rng)
            etag = watcher.send("GET", f"/matches/{match_id}/version")[1]["etag"]

            def poll() -> None:
                status, _, _ = watcher.send("GET", f"/matches/{match_id}/version", headers={"If-None-Match": etag})
                assert status == 304, status

            poll_cpu, poll_wall = measure(pid, args.polls, poll)
            board_cpu, board_wall = measure(pid, args.saves, lambda: watcher.send("GET", f"/matches/{match_id}"))
            save_cpu, save_wall = measure(pid, args.saves, lambda: save_one(keeper, match_id, rng))
    watchers_per_second = 60 / 2 * poll_cpu
    print(f"server CPU per request (one at a time, {args.polls} polls, {args.saves} saves and scoreboards):")
    print(f"  version poll, unchanged (304):   {poll_cpu:6.2f} ms CPU   {poll_wall:6.2f} ms wall")
    print(f"  scoreboard (20 deals):           {board_cpu:6.2f} ms CPU   {board_wall:6.2f} ms wall")
    print(f"  save (form + save + scoreboard): {save_cpu:6.2f} ms CPU   {save_wall:6.2f} ms wall")
    print(f"60 watchers polling every 2 s = 30 polls/s = {watchers_per_second:.0f} ms of server CPU a second;")
    print(f"one save a second = {save_cpu:.0f} ms of server CPU a second: the watchers cost "
          f"{watchers_per_second / save_cpu:.2f} saves a second"
          + (" (less than one)" if watchers_per_second < save_cpu else " (MORE than one)"))
    print(f"each save also sends every watcher of that match one scoreboard ({board_cpu:.1f} ms each) when its tag moves")
    return 0 if watchers_per_second < save_cpu else 1


if __name__ == "__main__":
    sys.exit(main())
