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
3. Changes that mark the ratings stale, made on both processes at once: both processes' catch-up
   threads wake, one of them holds a kind at a time (the claim is a row), and what is left is
   what a rebuild from scratch stores, with nothing left claimed or marked.
4. A big import on one process while phones save deals on both: every save answered is stored
   once, the import lands whole, and the saves go in while it runs, not after it.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading
import time
import urllib.parse
import urllib.request
import uuid
from typing import Any

import pytest
from racehelpers import Answer, Phone, at_once, deal_data, serving_workers
from ratinghelpers import documents, expected, stored
from recordhelpers import add_documents
from sqlalchemy import func, select
from webhelpers import match_form

from scorer.core.samples import random_document
from scorer.web.data import rating_reads
from scorer.web.data.models import Deal, Match, MatchKeeper, PlayerRating, RatingState, SignInAttempt
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
    app = app_factory(**CONFIG)
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
            answers = at_once(*(lambda phone=phone, token=token: phone.post(f"/matches/{old}/rematch", {"csrf_token": token})
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
    app = app_factory(**CONFIG, SCORER_PASSCODE=PASSCODE)
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
    with sqlite3.connect(path, timeout=30) as connection:
        return connection.execute("SELECT kind, stale_at, folding_at, claimed_by, claimed_until FROM rating_state "
                                  "ORDER BY kind").fetchall()


def standings(app) -> dict[tuple[str, int], tuple[Any, ...]]:
    with app.app_context():
        return {(row.kind, row.player_id): (row.match_id, row.mu_before, row.sigma_before, row.mu, row.sigma, row.played)
                for row in db.session.scalars(select(PlayerRating))}


def test_both_processes_catch_up_the_ratings_one_at_a_time_and_store_what_a_rebuild_does(app_factory):
    """Old matches of every kind deleted on both processes at once, twice, the second time while
    the first catch-up runs, and a match finished meanwhile: each process's catch-up thread is
    woken (the production setting, ``RATINGS_CATCH_UP = "thread"``, which serve.worker_app starts).
    A claim never passes from one catch-up to another while it holds (watched in the database as
    they run); once settled, nothing is marked or claimed, and the ratings stored are those of a
    fold from scratch, as ``flask stats rebuild`` stores them."""
    app = app_factory(**CONFIG)
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    ids = add_documents(app, documents(31, 60))  # ratings up to date (this process folds inline)
    with app.app_context():
        oldest = db.session.scalars(select(Match.id).where(Match.id.in_(ids), Match.finished.is_(True))
                                    .order_by(Match.finished_at)).all()
    assert len(oldest) >= 8
    assert stored(app) == expected(app) != {}
    handovers: list[tuple[str, str, str]] = []
    claimers: set[str] = set()
    watching = threading.Event()

    def watch() -> None:
        """Each kind's claim as the catch-ups take it: it goes back to nobody before another takes it."""
        held: dict[str, str | None] = {}
        while not watching.is_set():
            for kind, _stale, _folding, claimed_by, _until in rating_states(path):
                if claimed_by is not None:
                    claimers.add(claimed_by)
                    if held.get(kind) not in (None, claimed_by):
                        handovers.append((kind, str(held[kind]), claimed_by))
                held[kind] = claimed_by
            time.sleep(0.005)

    def deletion(phone: Phone, match_id: int):
        token = phone.hidden_fields(f"/matches/{match_id}/delete")["csrf_token"]
        return lambda: phone.post(f"/matches/{match_id}/delete", {"csrf_token": token})

    watcher = threading.Thread(target=watch, daemon=True)
    with serving_workers(app, 2) as base:
        time.sleep(0.5)  # each worker's catch-up thread takes its first look at start: nothing is stale
        watcher.start()
        try:
            # The server machine (the site manager) deletes without taking the matches over.
            managers = [Phone(base) for _ in range(4)]
            first_wave = [deletion(phone, match_id) for phone, match_id in zip(managers, oldest[0:4], strict=True)]
            answers = at_once(*first_wave)
            assert all(answer.status in (302, 303) for answer in answers), [(a.status, a.text[:300]) for a in answers]
            table = wifi_phone(base, "192.168.1.30")
            finishing = new_match(table, NAMES, match="deals", deals="1")
            finish_fields = table.hidden_fields(f"/matches/{finishing}/deals/new")
            second_wave = [deletion(phone, match_id) for phone, match_id in zip(managers, oldest[4:8], strict=True)]
            time.sleep(0.3)  # the catch-up threads' quiet time: they fold now
            answers = at_once(*second_wave, lambda: table.post(f"/matches/{finishing}/deals/new",
                                                               deal_data(finish_fields, 1, ([3, 3, 3], [3, 4, 2]))))
            assert all(answer.status in (302, 303) for answer in answers), [(a.status, a.text[:300]) for a in answers]
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and any(row[1:] != (None,) * 4 for row in rating_states(path)):
                time.sleep(0.05)
        finally:
            watching.set()
            if watcher.is_alive():
                watcher.join(10)
        left = rating_states(path)
    assert all(row[1:] == (None,) * 4 for row in left), left  # nothing marked, nothing claimed
    assert claimers, "no catch-up ran on the server"
    assert handovers == [], handovers
    with app.app_context():
        assert db.session.get_one(Match, finishing).finished
        assert rating_reads.standing_problems() == []
    caught_up, standing = stored(app), standings(app)
    assert caught_up == expected(app)
    with app.app_context():
        rating_writes.rebuild()  # every kind folded from scratch and stored, as `flask stats rebuild`
    assert stored(app) == caught_up and standings(app) == standing
    print(f"catch-ups by {sorted(claimers)}")


# ---------------------------------------------------------------------------- 4. an import while tables save


IMPORT_SIZE = 300
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
    is locked"), every save answered as saved is stored once, the import lands whole, and the
    saves go in while it runs (the same bound as the one-process test: six at least)."""
    app = app_factory(**CONFIG)
    rng = random.Random(5)
    content = json.dumps([random_document(rng, "jokerless", max_deals=9) for _ in range(IMPORT_SIZE)]).encode()
    saves: list[tuple[int, int, int, float, str]] = []  # (match, number, status, seconds taken, body's end)
    played: dict[int, list[int]] = {}  # each table's match: the deal numbers answered as saved
    with serving_workers(app, 2) as base:
        importer = Phone(base)  # the server machine: the site manager imports
        token = importer.hidden_fields("/import")["csrf_token"]
        phones = [wifi_phone(base, f"192.168.1.{40 + n}") for n in range(len(TABLES))]
        current = [new_match(phone, names) for phone, names in zip(phones, TABLES, strict=True)]
        for match_id in current:
            played[match_id] = []
        imported: list[Answer] = []
        running = threading.Event()
        lock = threading.Lock()

        def run_import() -> None:
            running.set()
            imported.append(upload(importer, "/import", "club.json", content, {"csrf_token": token}))

        def table(index: int) -> None:
            phone, names = phones[index], TABLES[index]
            match_id, number = current[index], 1
            running.wait()
            while importing.is_alive():
                sent = time.monotonic()
                answer = save_deal(phone, match_id, number, LEVEL)
                with lock:
                    saves.append((match_id, number, answer.status, time.monotonic() - sent, answer.text[-500:]))
                    if answer.status == 303:
                        played[match_id].append(number)
                if answer.status != 303:
                    return
                number += 1
                if number > 8:  # a new match before this one could end
                    match_id, number = new_match(phone, names), 1
                    with lock:
                        played[match_id] = []

        importing = threading.Thread(target=run_import)
        tables = [threading.Thread(target=table, args=(index,)) for index in range(len(TABLES))]
        importing.start()
        for thread in tables:
            thread.start()
        importing.join(120)
        for thread in tables:
            thread.join(120)
        assert imported and imported[0].status == 303, imported[0].text[-2000:] if imported else "no answer"
        assert f"Imported {IMPORT_SIZE} matches." in importer.flashes(imported[0])
    problems = [(status, body) for _, _, status, _, body in saves if status != 303 or "database is locked" in body]
    assert problems == []
    assert matches(app) == IMPORT_SIZE + len(played)  # the import whole, and the tables' matches
    with app.app_context():
        for match_id, numbers in played.items():
            rows = db.session.execute(select(Deal.number, Deal.bids, Deal.tricks).where(Deal.match_id == match_id)
                                      .order_by(Deal.number)).all()
            assert [tuple(row) for row in rows] == [(number, *LEVEL) for number in numbers]  # each save stored once
            assert numbers == list(range(1, len(numbers) + 1))
    assert len(saves) >= 6, "the saves waited for most of the import"
    slowest = max(seconds for *_, seconds, _ in saves)
    print(f"{len(saves)} saves on three tables while the import of {IMPORT_SIZE} matches ran; the slowest took {slowest:.2f} s")
