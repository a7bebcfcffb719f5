"""bench/bench.py's plumbing: the production server on a copy of a database, a client that
talks to it as a phone's browser would (one kept-alive connection, cookies, the CSRF token, the
browser's Accept-Encoding), and the few requests every measurement makes."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.web.serving.serve import free_port, wait_until_listening  # noqa: E402  (the repository's own, beside this folder)

PYTHON = sys.executable
BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate", "Accept": "text/html,*/*"}  # Chromium over plain http


class Server:
    """``python -m scorer.web.serving.serve`` on a copy of a database, in its own process."""

    def __init__(self, database: Path, folder: Path) -> None:
        self.port = free_port()
        # No daily backup: started with the server, it would export the 10,000 matches into
        # instance/backups/ while the pages are timed (and leave the bench's data there).
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "bench", "SCORER_SQL_COUNT": "1",
               "SCORER_BACKUPS": "off", "PYTHONPATH": str(ROOT)}
        self.log = open(folder / "server.log", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen([PYTHON, "-m", "scorer.web.serving.serve", "--host", "127.0.0.1", "--port", str(self.port)],
                                        cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if not wait_until_listening(self.port, self.process):
            raise RuntimeError(f"the server did not start within 30 s: see {folder / 'server.log'}")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def peak_memory_kb(self) -> int:
        """The server process's peak resident memory so far (VmHWM), from /proc."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        return int(found.group(1)) if found else 0

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes  # as sent (compressed when the server compressed it)
    seconds: float
    first_byte: float = 0.0

    @property
    def sql(self) -> int | None:
        value = self.headers.get("x-sql-statements")
        return int(value) if value is not None else None

    @property
    def html(self) -> bytes:
        return gzip.decompress(self.body) if self.headers.get("content-encoding") == "gzip" else self.body


class Client:
    """One kept-alive connection with a cookie jar: a phone's browser, without the browser."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> Answer:
        sent = {**BROWSER_HEADERS, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrf_token": self.token}).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
        except (http.client.HTTPException, OSError):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
        first = response.read(1)
        first_byte = time.perf_counter() - started
        data = first + response.read()
        seconds = time.perf_counter() - started
        headers = {k.lower(): v for k, v in response.getheaders()}
        for raw in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = raw.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        answer = Answer(response.status, headers, data, seconds, first_byte)
        token = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', answer.html) if "html" in headers.get("content-type", "") else None
        if token:
            self.token = token.group(1).decode()
        return answer

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, form: dict[str, str]) -> Answer:
        return self.request("POST", path, form)


def deal_form(number: int, bids: list[int], tricks: list[int]) -> dict[str, str]:
    form = {"number": str(number)}
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        form.update({f"seats-{seat}-bid": str(bid), f"seats-{seat}-tricks": str(took), f"seats-{seat}-offer": ""})
    return form


PLAIN = ([4, 3, 2], [4, 3, 2])  # a plain three-player deal of the Jokerless game: everyone made it


def new_match(client: Client, deals: int) -> int:
    client.get("/matches/new")
    form = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "ruleset": "jokerless", "first_dealer": "0",
            "match": "deals", "deals": str(deals), "first_trump": "", "trump": "turn-up", "cards": "table"}
    answer = client.post("/matches/new", form)
    assert answer.status in (302, 303), (answer.status, answer.html[:2000])
    return int(answer.headers["location"].rstrip("/").rsplit("/", 1)[1])


def save(client: Client, match_id: int, number: int) -> Answer:
    answer = client.post(f"/matches/{match_id}/deals/new", deal_form(number, *PLAIN))
    assert answer.status == 303, (number, answer.status, answer.html[:3000])
    return answer
