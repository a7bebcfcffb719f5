"""Issue 33, item 2: every race the suite proves on one process holds across two worker processes
sharing one SQLite file.

The production server (granian, as ``make run`` starts it) is run with two worker processes on the
test's database (``racehelpers.serving_workers``); phones are urllib clients with their own cookies
(``racehelpers.Phone``), and sends meant to collide go through a barrier (``at_once``), each on a
new connection, so that they land on both processes, which share nothing but the database:

1. Two scorekeepers press Rematch at once: one rematch is started, and both are sent to it
   (one process at a time per match: the match's lock is a row in the database).
2. Forty wrong site passcodes sent at once from one address: no more than ``MAX_FAILURES`` are
   checked, the rest refused (the guesses are counted in the database, not in a process's memory).
3. Old matches deleted on both processes at once: both processes' catch-up threads wake and fold,
   and what is stored is what a rebuild from scratch stores, with nothing left claimed or marked;
   each claim (logged by a trigger as the database takes it) names the worker process that holds
   it, and a kind is never claimed while another catch-up holds it.
4. A big import on one process while three tables save deals on both: every save answered is
   stored once, the import lands whole, and saves go in while it stores its batches, not after it.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from racehelpers import Answer, Phone, at_once, deal_data, serving_workers
from ratinghelpers import documents, expected, stored
from recordhelpers import add_documents
from sqlalchemy import func, select
from webhelpers import match_form

from scorer.core.samples import random_document
from scorer.web.data import rating_reads
from scorer.web.data.models import Deal, Match, MatchKeeper, PlayerRating, SignInAttempt
from scorer.web.extensions import db
from scorer.web.policy import passcode
from scorer.web.writes import ratings as rating_writes

pytestmark = pytest.mark.slow

# CSRF on: each phone reads its token from the form it opened, as a browser does. A generous busy
# timeout for this process's own reads and writes beside the server's.
CONFIG = {"WTF_CSRF_ENABLED": True, "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"timeout": 30}}}
NAMES = ["Ann", "Bob", "Cy"]


def wifi_phone(base: str, address: str) -> Phone:
    """A phone on the Wi-Fi: a request carrying ``X-Forwarded-For`` is never the server machine
    (access.is_server_machine); behind a proxy (``SCORER_BEHIND_PROXY``) it is the client's address."""
    phone = Phone(base)
    phone.opener.addheaders.append(("X-Forwarded-For", address))
    return phone


def new_match(phone: Phone, names: list[str], **extra: str) -> int:
    """A match started by ``phone`` through the form, as a person does: the phone keeps its score."""
    fields = phone.hidden_fields("/matches/new")
    started = phone.post("/matches/new", {"csrf_token": fields["csrf_token"], **match_form(names, **extra)})
    assert started.status == 302 and started.location, (started.status, started.text[:500])
    return int(started.location.rsplit("/", 1)[1])


def save_deal(phone: Phone, match_id: int, number: int, figures: tuple[list[int], list[int]]) -> Answer:
    fields = phone.hidden_fields(f"/matches/{match_id}/deals/new")
    return phone.post(f"/matches/{match_id}/deals/new", deal_data(fields, number, figures))


def matches(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match)) or 0


# ---------------------------------------------------------------------------- 1. the rematch


def test_two_scorekeepers_pressing_rematch_at_once_on_two_processes_start_one_match(app_factory):
    """As test_rematch.py's two scorekeepers, their taps sent in the same instant on new
    connections: each round, one rematch is started, both answers lead to it, both phones keep it."""
    rematch_pressed_twice(app_factory(**CONFIG))


def rematch_pressed_twice(app) -> None:
    """The rematch race on ``app``'s database (SQLite here, PostgreSQL in tests/postgres)."""
    with serving_workers(app, 2) as base:
        for round_number in range(5):
            first = wifi_phone(base, f"192.168.1.{10 + 2 * round_number}")
            second = wifi_phone(base, f"192.168.1.{11 + 2 * round_number}")
            # A match to two deals started and finished at the table by the first phone.
            old = new_match(first, NAMES, first_dealer="1", match="deals", deals="2")
            for number, figures in ((1, ([4, 1, 2], [4, 2, 3])), (2, ([3, 3, 3], [3, 3, 3]))):
                saved = save_deal(first, old, number, figures)
                assert saved.status == 303, (saved.status, saved.text[:500])
            # The second phone is made a scorekeeper by the first one's "Keep score too" invite.
            share = first.get(f"/matches/{old}/share").text
            link = re.search(r'href="[^"]*(/matches/\d+/join\?invite=[^"]+)"', share)
            assert link, share[:2000]
            invite = second.hidden_fields(link.group(1).replace("&amp;", "&"))
            joined = second.post(f"/matches/{old}/join", {"invite": invite["invite"], "csrf_token": invite["csrf_token"]})
            assert joined.status == 303, (joined.status, joined.text[:500])
            tokens = [phone.hidden_fields(f"/matches/{old}")["csrf_token"] for phone in (first, second)]
            assert ">Rematch</button>" in first.get(f"/matches/{old}").text
            before = matches(app)
            answers = at_once(*(lambda phone=phone, token=token, old=old: phone.post(f"/matches/{old}/rematch",
                                                                                     {"csrf_token": token})
                                for phone, token in zip((first, second), tokens, strict=True)))
            assert [answer.status for answer in answers] == [303, 303], [(a.status, a.text[:500]) for a in answers]
            paths = {urllib.parse.urlsplit(answer.location or "").path for answer in answers}
            assert len(paths) == 1, paths  # both answers lead to the same match
            new = int(paths.pop().rsplit("/", 1)[1])
            assert matches(app) == before + 1  # one rematch, not two
            with app.app_context():
                assert db.session.get_one(Match, old).rematch_id == new
                assert db.session.scalar(select(func.count()).select_from(MatchKeeper)
                                         .where(MatchKeeper.match_id == new)) == 2
            for phone in (first, second):  # each phone keeps the rematch's score
                assert "Record deal 1" in phone.get(f"/matches/{new}").text


# ---------------------------------------------------------------------------- 2. the passcode's limit


PASSCODE = "green baize 42"
GUESSER = "203.0.113.80"


def test_wrong_passcodes_sent_at_once_to_two_processes_are_counted_together(app_factory, monkeypatch):
    """As test_passcode.py's forty guesses at once from one address, against both processes: the
    failures are rows in the database, so the processes count each other's, and no more than
    ``MAX_FAILURES`` guesses are checked. Behind a proxy (``SCORER_BEHIND_PROXY``, as a server
    reachable from the internet runs), the address counted is the one ``X-Forwarded-For`` gives."""
    monkeypatch.setenv("SCORER_PASSCODE", PASSCODE)  # the server's workers read it from the environment
    monkeypatch.setenv("SCORER_BEHIND_PROXY", "1")
    guesses_at_once(app_factory(**CONFIG, SCORER_PASSCODE=PASSCODE))


def guesses_at_once(app) -> None:
    """The passcode race on ``app``'s database (``SCORER_PASSCODE`` and ``SCORER_BEHIND_PROXY`` set)."""
    with serving_workers(app, 2) as base:
        guessers = [wifi_phone(base, GUESSER) for _ in range(40)]
        tokens = [guesser.hidden_fields("/sign-in")["csrf_token"] for guesser in guessers]  # each its own page first
        answers = at_once(*(lambda guesser=guesser, token=token, number=number: guesser.post(
            "/sign-in", {"passcode": f"guess {number}", "csrf_token": token})
            for number, (guesser, token) in enumerate(zip(guessers, tokens, strict=True))))
    statuses = [answer.status for answer in answers]
    assert sorted(set(statuses)) == [422, 429], statuses
    assert statuses.count(422) <= passcode.MAX_FAILURES, statuses
    with app.app_context():  # the guesses checked are what is counted, under the forwarded address
        counted = db.session.scalars(select(SignInAttempt.address)).all()
    assert counted == [GUESSER] * statuses.count(422)


# ---------------------------------------------------------------------------- 3. the ratings' catch-up


def rating_states(path: str) -> list[tuple[Any, ...]]:
    """Each kind's (kind, stale_at, folding_at, claimed_by, claimed_until), read beside the server."""
    with closing(sqlite3.connect(path, timeout=30)) as connection:
        return connection.execute("SELECT kind, stale_at, folding_at, claimed_by, claimed_until FROM rating_state "
                                  "ORDER BY kind").fetchall()


# Every claim of a kind and every release, logged by SQLite in the transaction that makes it (this
# test's own table and trigger, added to the test's database file before the server starts): a
# claim sets ``claimed_by`` and a new ``claimed_until``, a release clears both.
CLAIM_LOG = """
CREATE TABLE test_claim_log (id INTEGER PRIMARY KEY, kind TEXT, held_by TEXT, taken_by TEXT);
CREATE TRIGGER test_claim_watch AFTER UPDATE OF claimed_by, claimed_until ON rating_state
WHEN OLD.claimed_by IS NOT NEW.claimed_by OR OLD.claimed_until IS NOT NEW.claimed_until
BEGIN INSERT INTO test_claim_log (kind, held_by, taken_by) VALUES (NEW.kind, OLD.claimed_by, NEW.claimed_by); END;
"""


def claim_log(path: str) -> list[tuple[str, str | None, str | None]]:
    with closing(sqlite3.connect(path, timeout=30)) as connection:
        return connection.execute("SELECT kind, held_by, taken_by FROM test_claim_log ORDER BY id").fetchall()


def worker_pids(base: str) -> set[str]:
    """The process ids of the server's worker processes: the children of the server this test
    started (``serving_workers``: a child of this process, listening on ``base``'s port)."""
    def children(pid: int | str) -> list[str]:
        return [child for task in Path(f"/proc/{pid}/task").glob("*") for child in (task / "children").read_text().split()]
    port = str(urllib.parse.urlsplit(base).port)
    servers = [pid for pid in children(os.getpid())
               if port in Path(f"/proc/{pid}/cmdline").read_text().split("\0")]
    assert len(servers) == 1, servers
    return set(children(servers[0]))


def standings(app) -> dict[tuple[str, int], tuple[Any, ...]]:
    with app.app_context():
        return {(row.kind, row.player_id): (row.match_id, row.mu_before, row.sigma_before, row.mu, row.sigma, row.played)
                for row in db.session.scalars(select(PlayerRating))}


def test_both_processes_catch_up_the_ratings_one_at_a_time_and_store_what_a_rebuild_does(app_factory):
    """Old matches of several kinds deleted on both processes at once, and a match finished
    meanwhile: each process's catch-up thread is woken (the production setting,
    ``RATINGS_CATCH_UP = "thread"``, which serve.worker_app starts), and they fold at about the same
    time. Once settled, nothing is marked or claimed, and the ratings stored are those of a fold
    from scratch, as ``flask stats rebuild`` stores them. And the claims, logged by the database as
    they are made: each names the worker process that holds it, both processes took kinds, and a
    kind is released before it is claimed again, never claimed while another catch-up holds it."""
    app = app_factory(**CONFIG)
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    ids = add_documents(app, documents(31, 40))  # ratings up to date (this process folds inline)
    with app.app_context():
        oldest = list(db.session.scalars(select(Match.id).where(Match.id.in_(ids), Match.finished.is_(True))
                                         .order_by(Match.finished_at)).all())
    assert len(oldest) >= 24
    assert stored(app) == expected(app) != {}
    with closing(sqlite3.connect(path, timeout=30)) as connection:
        connection.executescript(CLAIM_LOG)

    def settled() -> bool:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if all(row[1:] == (None,) * 4 for row in rating_states(path)):
                return True
            time.sleep(0.05)
        return False

    def claimers() -> set[str]:
        return {taken for _, _, taken in claim_log(path) if taken is not None}

    def deletions(count: int) -> list[Any]:
        """The next ``count`` oldest matches' deletions, each by its own phone (the server
        machine: the site manager deletes without taking a match over), its page opened first."""
        sends = []
        for _ in range(count):
            match_id, phone = oldest.pop(0), Phone(base)
            token = phone.hidden_fields(f"/matches/{match_id}/delete")["csrf_token"]
            sends.append(lambda phone=phone, match_id=match_id, token=token: phone.post(
                f"/matches/{match_id}/delete", {"csrf_token": token}))
        return sends

    with serving_workers(app, 2) as base:
        workers = worker_pids(base)
        assert len(workers) == 2, workers
        table = wifi_phone(base, "192.168.1.30")
        finishing = new_match(table, NAMES, match="deals", deals="1")
        finish_fields = table.hidden_fields(f"/matches/{finishing}/deals/new")
        finish = [lambda: table.post(f"/matches/{finishing}/deals/new", deal_data(finish_fields, 1, ([3, 3, 3], [3, 4, 2])))]
        rounds = 0
        while rounds < 4 and (rounds == 0 or len(claimers()) < 2):  # until both processes have taken a kind
            answers = at_once(*deletions(4), *(finish if rounds == 0 else []))
            assert all(answer.status in (302, 303) for answer in answers), [(a.status, a.text[:300]) for a in answers]
            assert settled(), rating_states(path)
            rounds += 1
    log, claimed = claim_log(path), claimers()  # the server's catch-ups (the rebuild below claims too)
    # What is stored: right, and what a rebuild stores.
    assert all(row[1:] == (None,) * 4 for row in rating_states(path))  # nothing marked, nothing claimed
    with app.app_context():
        assert db.session.get_one(Match, finishing).finished
        assert rating_reads.standing_problems() == []
    caught_up, standing = stored(app), standings(app)
    assert caught_up == expected(app)
    with app.app_context():
        rating_writes.rebuild()  # every kind folded from scratch and stored, as `flask stats rebuild`
    assert stored(app) == caught_up and standings(app) == standing
    # Who held each kind, and when.
    print(f"{rounds} rounds, {sum(taken is not None for *_, taken in log)} claims, by {sorted(claimed)}; "
          f"the worker processes are {sorted(workers)}")
    for kind in sorted({kind for kind, _, _ in log}):
        steps = [(held, taken) for k, held, taken in log if k == kind]
        overlaps = [(held, taken) for held, taken in steps if held is not None and taken is not None]
        assert overlaps == [], f"{kind} was claimed while a catch-up held it: {overlaps} of {steps}"
        assert steps[0::2] == [(None, taken) for _, taken in steps[0::2]], (kind, steps)  # a claim, then its release
        assert steps[1::2] == [(taken, None) for _, taken in steps[0::2]], (kind, steps)
    named = {name.split("-")[0] for name in claimed}
    assert named <= workers, (f"the claims name process {sorted(named)}, not a worker process ({sorted(workers)})", log)
    assert len(claimed) == 2, ("the catch-ups of both processes did not each take a kind", log)


# ---------------------------------------------------------------------------- 4. an import while tables save


IMPORT_SIZE = 100
PACE = 0.15  # seconds between a table's saves: a table saves now and then, not flat out
TABLES = [["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]
LEVEL = ([3, 3, 3], [3, 3, 3])


def upload(phone: Phone, path: str, filename: str, content: bytes, fields: dict[str, str]) -> Answer:
    """A file sent as a browser's form sends it (multipart), with the phone's cookies."""
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                 "Content-Type: application/octet-stream\r\n\r\n".encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    request = urllib.request.Request(phone.base + path, data=b"".join(parts),
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    try:
        with phone.opener.open(request, timeout=120) as response:
            return Answer(response.status, response.read().decode(), response.headers.get("Location"))
    except urllib.error.HTTPError as error:
        with error:
            return Answer(error.code, error.read().decode(), error.headers.get("Location"))


def test_saves_on_both_processes_go_on_while_a_big_import_runs(app_factory):
    """As test_real_server.py's saves during a big import, on the production server's two worker
    processes: the import stores in short batches on one process while three tables save deals,
    their requests landing on either process. Every save is answered (none with a 500 or "database
    is locked"), every save answered as saved is stored once, the import lands whole, and saves go
    in while it stores its batches, not after it (watched in the database: the saves sent after its
    first batch landed and answered before its own answer)."""
    app = app_factory(**CONFIG)
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    rng = random.Random(5)
    content = json.dumps([random_document(rng, "jokerless", max_deals=9) for _ in range(IMPORT_SIZE)]).encode()
    saves: list[tuple[int, int, int, float, float, str]] = []  # (match, number, status, sent, answered, body's end)
    played: dict[int, list[int]] = {}  # each table's match: the deal numbers answered as saved
    lock = threading.Lock()
    imported: list[Answer] = []
    moments: dict[str, float] = {}  # when the import's first batch landed, and when it was answered

    with serving_workers(app, 2) as base:
        importer = Phone(base)  # the server machine: the site manager imports
        token = importer.hidden_fields("/import")["csrf_token"]
        phones = [wifi_phone(base, f"192.168.1.{40 + n}") for n in range(len(TABLES))]
        current = [new_match(phone, names) for phone, names in zip(phones, TABLES, strict=True)]
        played.update({match_id: [] for match_id in current})
        done = threading.Event()

        def run_import() -> None:
            try:
                imported.append(upload(importer, "/import", "club.json", content, {"csrf_token": token}))
            finally:
                moments["answered"] = time.monotonic()
                done.set()

        def watch() -> None:
            """The moment the import's first batch is in the database (matches that are no table's)."""
            with closing(sqlite3.connect(path, timeout=30)) as connection:
                while not done.is_set():
                    with lock:
                        tables = sorted(played)
                    others = connection.execute(f"SELECT count(*) FROM matches WHERE id NOT IN ({','.join('?' * len(tables))})",
                                                tables).fetchone()[0]
                    if others >= 10:  # (a table's new match may not be in ``played`` yet)
                        moments["storing"] = time.monotonic()
                        return
                    time.sleep(0.02)

        def table(index: int) -> None:
            phone, names = phones[index], TABLES[index]
            match_id, number = current[index], 1
            while not done.is_set():
                sent = time.monotonic()
                answer = save_deal(phone, match_id, number, LEVEL)
                with lock:
                    saves.append((match_id, number, answer.status, sent, time.monotonic(), answer.text[-500:]))
                    if answer.status == 303:
                        played[match_id].append(number)
                if answer.status != 303:
                    return
                number += 1
                if number > 8:  # a new match before this one could end
                    match_id, number = new_match(phone, names), 1
                    with lock:
                        played[match_id] = []
                time.sleep(PACE)

        threads = [threading.Thread(target=run_import), threading.Thread(target=watch),
                   *(threading.Thread(target=table, args=(index,)) for index in range(len(TABLES)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert imported and imported[0].status == 303, imported[0].text[-2000:] if imported else "no answer"
        assert f"Imported {IMPORT_SIZE} matches." in importer.flashes(imported[0])
    problems = [(status, body) for _, _, status, _, _, body in saves if status != 303 or "database is locked" in body]
    assert problems == []
    assert matches(app) == IMPORT_SIZE + len(played)  # the import whole, and the tables' matches
    with app.app_context():
        for match_id, numbers in played.items():
            rows = db.session.execute(select(Deal.number, Deal.bids, Deal.tricks).where(Deal.match_id == match_id)
                                      .order_by(Deal.number)).all()
            assert [tuple(row) for row in rows] == [(number, *LEVEL) for number in numbers]  # each save stored once
            assert numbers == list(range(1, len(numbers) + 1))
    assert "storing" in moments, "the import's batches were never seen"
    storing, answered = moments["storing"], moments["answered"]
    between = [save for save in saves if storing <= save[3] and save[4] <= answered]
    slowest = max(save[4] - save[3] for save in saves)
    print(f"{len(saves)} saves on three tables while the import of {IMPORT_SIZE} matches ran, {len(between)} of them "
          f"sent and answered in the {answered - storing:.2f} s it stored; the slowest took {slowest:.2f} s")
    assert len(between) >= 6, "the saves waited for the import's batches"
