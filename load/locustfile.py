"""The table mix of `make load` (load/run.py starts the servers and checks the database after).

- **Scorekeepers** (``KEEPERS``, 30): each starts its own match on its own phone (cookies kept:
  the phone that starts a match keeps it) and records deals one after another, as fast as the
  server answers: the deal form, the save, the scoreboard the save lands on. Every deal is made
  by the core (``scorer.core.samples.random_deal``), so every save is valid; a save that does not
  answer 303 is an error. Each success is written to ``LOAD_RESULTS`` (one JSON line) for the
  check against the database.
- **Watchers** (``WATCHERS``, 60): each follows one keeper's match as ``static/live.js`` does:
  the scoreboard once, then the version endpoint every 2 seconds with the ETag it has, and the
  scoreboard again whenever the tag moved.

With several servers (``LOAD_HOSTS``, comma-separated), the users are shared out among them in
turn, and a watcher polls another server than its keeper's: nothing may live in one process.

**A club night** (``--profile club`` in run.py, which names these user classes to locust):

- **The organiser** (one): makes a deal set of ``CLUB_RULESET`` and reads its table code from the
  organiser's page, for the tables to scan.
- **Tables** (``LOAD_TABLES``, 50): each joins the set with the code (as the QR code's link does)
  and records a deal every ``LOAD_DEAL_SECONDS`` (20): the deal form, the save, the scoreboard;
  the tables start at random moments within the first interval, as tables sit down.
- **Watchers** (``LOAD_WATCHERS``, 200): phones following the tables' scoreboards, four to a table,
  as live.js does (every 2 s). None is one of its table's own, so every board they fetch is cut to
  the deals every table has played (``policy/readers.py``).
- **The director's screen** (``LOAD_SCREENS``, 2 browsers): the set's poll every second, the screen
  fetched again whenever the night's tag moved.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import threading

import gevent
from locust import HttpUser, constant, events, task
from locust.exception import StopUser

from scorer.core.samples import random_deal

HOSTS = [h.strip() for h in os.environ.get("LOAD_HOSTS", "").split(",") if h.strip()]
KEEPERS = int(os.environ.get("LOAD_KEEPERS", "30"))
WATCHERS = int(os.environ.get("LOAD_WATCHERS", "60"))
RESULTS = os.environ.get("LOAD_RESULTS", "load-results.jsonl")
RULESET = "jokerless"  # three players, the table deals: bids and tricks are the whole form
POLL_SECONDS = 2

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
NUMBER = re.compile(r'name="number" type="hidden" value="(\d+)"')

_turn = itertools.count()
_matches: list[tuple[int, int]] = []  # (match id, the index of the keeper's host), as keepers start them
_lock = threading.Lock()
_results_lock = threading.Lock()
_changes_seen = 0


def next_host(offset: int = 0) -> str | None:
    return HOSTS[(next(_turn) + offset) % len(HOSTS)] if HOSTS else None


def record_success(entry: dict[str, object]) -> None:
    with _results_lock, open(RESULTS, "a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


class Keeper(HttpUser):
    """One scorekeeper's phone: its own match, deal after deal."""

    fixed_count = KEEPERS
    wait_time = constant(0)

    def on_start(self) -> None:
        self.settle_in()
        self.start_match()

    def settle_in(self) -> None:
        """Its server (the next in turn) and its own random numbers."""
        host = next_host()
        if host:
            self.client.base_url = host
        self.host_index = HOSTS.index(host) if host else 0
        self.rng = random.Random()

    def start_match(self) -> None:
        with self.client.get("/matches/new", name="start match (form)", catch_response=True) as page:
            token = TOKEN.search(page.text or "")
            if page.status_code != 200 or not token:
                page.failure(f"no new-match form: {page.status_code}")
                raise StopUser()
        names = self.rng.sample(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], 3)
        fields = {"csrf_token": token.group(1), "ruleset": RULESET, "first_dealer": "0", "match": "usual",
                  "first_trump": "", "trump": "turn-up", **{f"players-{i}": n for i, n in enumerate(names)}}
        with self.client.post("/matches/new", data=fields, name="start match", allow_redirects=False,
                              catch_response=True) as started:
            if started.status_code != 302:
                started.failure(f"match not started: {started.status_code}")
                raise StopUser()
            self.match_id = int(started.headers["Location"].rstrip("/").rsplit("/", 1)[1])
        with _lock:
            _matches.append((self.match_id, self.host_index))

    @task
    def record_a_deal(self) -> None:
        with self.client.get(f"/matches/{self.match_id}/deals/new", name="deal form", catch_response=True) as page:
            if page.status_code == 409 and "This table is not playing" in page.text:
                page.success()  # it joined once play had started: it waits for the organiser to admit it
                return
            if page.status_code == 409 and "This match is over" in page.text:
                page.success()  # the match is won: the table starts another
                self.start_match()
                return
            found = [TOKEN.search(page.text), VERSION.search(page.text), NUMBER.search(page.text)]
            if page.status_code != 200 or not all(found):
                page.failure(f"no deal form: {page.status_code}")
                return
            token, version, number = (m.group(1) for m in found if m)
        deal = random_deal(self.rng, RULESET, {}, 0, plain=True)
        fields = {"csrf_token": token, "version": version, "number": number, "action": "save"}
        for seat, (bid, took) in enumerate(zip(deal["bids"], deal["tricks"], strict=True)):
            fields.update({f"seats-{seat}-bid": str(bid), f"seats-{seat}-tricks": str(took), f"seats-{seat}-offer": ""})
        with self.client.post(f"/matches/{self.match_id}/deals/new", data=fields, name="save",
                              allow_redirects=False, catch_response=True) as saved:
            if saved.status_code != 303:
                saved.failure(f"deal {number} not saved: {saved.status_code}")
                return
        record_success({"match": self.match_id, "number": int(number), "bids": deal["bids"], "tricks": deal["tricks"]})
        self.client.get(f"/matches/{self.match_id}", name="scoreboard")


class Watcher(HttpUser):
    """One phone watching a keeper's scoreboard, polling as live.js does."""

    fixed_count = WATCHERS
    wait_time = constant(POLL_SECONDS)

    def on_start(self) -> None:
        self.match_id: int | None = None
        self.etag = ""
        self.index = next(_turn)

    followed = _matches  # (match id, keeper's host) of the matches there are to follow

    def follow(self) -> bool:
        """Pick a keeper's match (watchers of one server follow matches kept on the other)."""
        with _lock:
            if not self.followed:
                return False
            self.match_id, keeper_host = self.followed[self.index % len(self.followed)]
        if HOSTS:
            self.client.base_url = HOSTS[(keeper_host + 1) % len(HOSTS)]
        self.board()
        return True

    def board(self) -> None:
        self.client.get(f"/matches/{self.match_id}", name="scoreboard (watcher)")

    poll_name = "version poll"

    def version_path(self) -> str:
        return f"/matches/{self.match_id}/version"

    @task
    def poll(self) -> None:
        if self.match_id is None and not self.follow():
            return
        headers = {"If-None-Match": self.etag} if self.etag else {}
        with self.client.get(self.version_path(), name=self.poll_name, headers=headers,
                             catch_response=True) as answer:
            if answer.status_code == 304:
                answer.success()
                return
            if answer.status_code != 200:
                answer.failure(f"{self.poll_name}: {answer.status_code}")
                return
            changed = bool(self.etag)
            self.etag = answer.headers.get("ETag", "")
        if changed:
            global _changes_seen
            _changes_seen += 1
            self.board()


# ---------------------------------------------------------------------------- a club night

TABLES = int(os.environ.get("LOAD_TABLES", "50"))
SCREENS = int(os.environ.get("LOAD_SCREENS", "2"))
DEAL_SECONDS = float(os.environ.get("LOAD_DEAL_SECONDS", "20"))
CLUB_RULESET = "jokerless"
SCREEN_POLL_SECONDS = 1
ADMIT = re.compile(r'action="(/deal-sets/\d+/tables/\d+/admit)"')
CODE = re.compile(r'class="code" translate="no">([A-Z2-9]{4}) ([A-Z2-9]{4})<')
_night: dict[str, object] = {}      # the set's id and table code, once the organiser has made it
_tables: list[tuple[int, int]] = []  # (match id, the index of its keeper's host), as tables join


def as_a_phone(user: HttpUser) -> None:
    """A club's phones are on the Wi-Fi, not the server machine: without SCORER_BEHIND_PROXY a
    request that carries X-Forwarded-For is never the server machine (access.py), so each is what
    a player's or a watcher's phone is, not the site manager."""
    user.client.headers["X-Forwarded-For"] = f"192.168.{next(_turn) % 250}.{next(_turn) % 250 + 1}"


def wait_for_the_night(seconds: float = 60) -> bool:
    for _ in range(int(seconds * 10)):
        if "code" in _night:
            return True
        gevent.sleep(0.1)
    return False


class Organiser(HttpUser):
    """The phone that makes the set and shows its code; then it watches the night go by."""

    fixed_count = 1
    wait_time = constant(5)

    def on_start(self) -> None:
        if HOSTS:
            self.client.base_url = HOSTS[0]
        with self.client.get("/deal-sets/new", name="new deal set (form)", catch_response=True) as page:
            token = TOKEN.search(page.text or "")
            if page.status_code != 200 or not token:
                page.failure(f"no deal-set form: {page.status_code}")
                raise StopUser()
        fields = {"csrf_token": token.group(1), "name": "Club night", "ruleset": CLUB_RULESET, "count": "60",
                  "first_dealer": "0", "trump": "turn-up"}
        with self.client.post("/deal-sets/new", data=fields, name="new deal set", allow_redirects=False,
                              catch_response=True) as made:
            if made.status_code != 303:
                made.failure(f"no deal set: {made.status_code}")
                raise StopUser()
            set_id = int(made.headers["Location"].split("/")[2])
        with self.client.get(f"/deal-sets/{set_id}/organise", name="organiser's page", catch_response=True) as page:
            code = CODE.search(page.text or "")
            if page.status_code != 200 or not code:
                page.failure(f"no table code on the organiser's page: {page.status_code}")
                raise StopUser()
        _night.update(set_id=set_id, code=code.group(1) + code.group(2))

    @task
    def look(self) -> None:
        """The organiser's page, and Admit for every table that asked to join once play had
        started (issue 32: it waits for the organiser, who is told what it may have seen)."""
        page = self.client.get(f"/deal-sets/{_night['set_id']}/organise", name="organiser's page")
        token = TOKEN.search(page.text or "")
        for action in dict.fromkeys(ADMIT.findall(page.text or "")):
            if token:
                self.client.post(action, data={"csrf_token": token.group(1)}, name="admit", allow_redirects=False)


class Table(Keeper):
    """One table's scorekeeper: joins with the code, then a deal every ``DEAL_SECONDS`` (the
    scorekeeper's deal form, save and scoreboard)."""

    fixed_count = TABLES
    wait_time = constant(DEAL_SECONDS)

    def on_start(self) -> None:
        self.settle_in()
        as_a_phone(self)
        if not wait_for_the_night():
            raise StopUser()
        set_id, code = _night["set_id"], _night["code"]
        with self.client.get(f"/matches/from-deal-set/{set_id}?code={code}", name="join (form)", catch_response=True) as page:
            token = TOKEN.search(page.text or "")
            if page.status_code != 200 or not token:
                page.failure(f"no new-table form: {page.status_code}")
                raise StopUser()
        names = [f"P{next(_turn)}" for _ in range(3)]
        fields = {"csrf_token": token.group(1), "ruleset": CLUB_RULESET, "first_dealer": "0", "match": "usual",
                  "first_trump": "", "trump": "turn-up", "cards": "app", "deal_set": str(set_id), "table_code": code,
                  **{f"players-{i}": n for i, n in enumerate(names)}}
        with self.client.post("/matches/new", data=fields, name="join", allow_redirects=False, catch_response=True) as joined:
            if joined.status_code != 302:
                joined.failure(f"table not started: {joined.status_code}")
                raise StopUser()
            self.match_id = int(joined.headers["Location"].rstrip("/").rsplit("/", 1)[1])
        with _lock:
            _tables.append((self.match_id, self.host_index))
        gevent.sleep(self.rng.uniform(0, DEAL_SECONDS))  # tables sit down at their own moment

    def start_match(self) -> None:
        raise StopUser()  # a table whose match is over has played its night


class ClubWatcher(Watcher):
    """A phone following one table's scoreboard from across the room (four to a table)."""

    fixed_count = WATCHERS
    followed = _tables

    def on_start(self) -> None:
        super().on_start()
        as_a_phone(self)


class Screen(Watcher):
    """The director's screen in a browser: the night's poll every second, the screen on a change."""

    fixed_count = SCREENS
    wait_time = constant(SCREEN_POLL_SECONDS)
    poll_name = "screen poll"

    def on_start(self) -> None:
        super().on_start()
        host = next_host()
        if host:
            self.client.base_url = host
        as_a_phone(self)
        if not wait_for_the_night():
            raise StopUser()
        self.match_id = 0  # it follows the set, not a match
        self.board()

    def version_path(self) -> str:
        return f"/deal-sets/{_night['set_id']}/version"

    def board(self) -> None:
        self.client.get(f"/deal-sets/{_night['set_id']}/screen", name="screen")


@events.test_stop.add_listener
def _summary(**_kwargs: object) -> None:
    """How often a watcher saw a tag move (a watcher following a server that never learnt of the
    other's saves would see none), for run.py's report."""
    with open(RESULTS + ".summary.json", "w", encoding="utf-8") as out:
        json.dump({"changes_seen": _changes_seen, "matches": len(_matches) + len(_tables)}, out)
