"""Two phones at once against a real server: the race scenarios of tests/web/test_races.py (SQLite)
and tests/postgres/test_races_postgres.py (PostgreSQL), written once.

The app is served by werkzeug's threaded server on 127.0.0.1 in a thread; each "phone" is a
urllib opener with its own cookies that reads the CSRF token and the match version from the
form it opened, as a browser would, and follows no redirect by itself but a deal form's back to
its own page (the form drawn again after a refusal, as a browser shows it). A Barrier makes the
two phones send their POSTs at the same instant. After the rounds, every match is checked by
`flask check` and every page of it must answer 200.

``RACE_ROUNDS`` (rounds per scenario) and ``RACE_SECONDS`` (no new round starts after that long)
bound a run; `make soak` raises both.
"""

from __future__ import annotations

import html
import os
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from http.cookiejar import CookieJar
from typing import Any

from flask import Flask
from sqlalchemy import select
from werkzeug.serving import make_server

from scorer.core import parse_match
from scorer.web.data import documents, results
from scorer.web.data.models import Deal, Match, MatchSeat, Player
from scorer.web.extensions import db

# How the rounds ended, for a look with `pytest -s` (which phone wins is up to the scheduler).
OUTCOMES: Counter[str] = Counter()
ROUNDS = int(os.environ.get("RACE_ROUNDS", "24"))
SECONDS = float(os.environ.get("RACE_SECONDS", "60"))

NAMES = ["Ann", "Bob", "Cy"]
# jokerless, one game to 50. Deal 1 gives Ann 34; deal 2 as first recorded (every bid made)
# leaves her at 47; deal 2 changed to LIFT gives her 68, which ends the match after deal 2.
FIRST = ([4, 1, 2], [4, 2, 3])
LEVEL = ([3, 3, 3], [3, 3, 3])
LIFT = ([4, 1, 2], [4, 2, 3])
OTHER = ([0, 1, 2], [0, 6, 3])


@dataclass
class Answer:
    status: int
    text: str
    location: str | None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Phone:
    """One phone at the table: its own cookies, forms read from the pages it opens."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), _NoRedirect)

    def request(self, path: str, data: dict[str, Any] | None = None) -> Answer:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(self.base + path, data=body, timeout=60) as response:
                return Answer(response.status, response.read().decode(), response.headers.get("Location"))
        except urllib.error.HTTPError as error:
            with error:
                return Answer(error.code, error.read().decode(), error.headers.get("Location"))

    def get(self, path: str) -> Answer:
        return self.request(path)

    def post(self, path: str, data: dict[str, Any]) -> Answer:
        """Send a form; a deal form that comes back (303 to its own page: play/refused.py) is
        followed to the page that draws it, as a browser does. Other redirects are left."""
        answer = self.request(path, data)
        location = urllib.parse.urlsplit(answer.location or "").path
        if answer.status == 303 and re.search(r"/matches/\d+/deals/(new|\d+/edit)$", location):
            return self.get(location)
        return answer

    def keep_score(self, match_id: int) -> None:
        """Become a scorekeeper of a match written straight to the database (it has none): the
        test server is this machine, so the phone may take the match over (access.py)."""
        fields = self.hidden_fields(f"/matches/{match_id}")
        answer = self.post(f"/matches/{match_id}/take-over", {"csrf_token": fields["csrf_token"]})
        assert answer.status == 303, (answer.status, answer.text[:500])

    def hidden_fields(self, path: str) -> dict[str, str]:
        """The hidden inputs (CSRF token, deal number, match version) of the form at ``path``."""
        page = self.get(path)
        assert page.status == 200, (path, page.status, page.text[:500])
        fields = {}
        for tag in re.findall(r"<input[^>]*>", page.text):
            if 'type="hidden"' not in tag:
                continue
            name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
            if name:
                fields.setdefault(name.group(1), html.unescape(value.group(1)) if value else "")
        return fields

    def flashes(self, answer: Answer) -> str:
        """The page a redirect leads to (where the flashed message is shown)."""
        assert answer.status == 303 and answer.location, (answer.status, answer.text[:500])
        return self.get(urllib.parse.urlsplit(answer.location).path).text


def deal_data(fields: dict[str, str], number: int, figures: tuple[list[int], list[int]]) -> dict[str, Any]:
    bids, tricks = figures
    data: dict[str, Any] = {key: value for key, value in fields.items() if key in ("csrf_token", "version")}
    data.update({"number": str(number), "action": "save"})
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        data.update({f"seats-{seat}-bid": str(bid), f"seats-{seat}-tricks": str(took), f"seats-{seat}-offer": ""})
    return data


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """The app on a real threaded server on 127.0.0.1; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextmanager
def serving_workers(app: Flask, workers: int) -> Iterator[str]:
    """The production server as ``make run`` starts it (granian), with ``workers`` worker processes
    on the app's database, on 127.0.0.1; yields its base URL. Two phones' requests sent at once
    land in two processes, which share nothing but the database."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    from scorer.web.serving.serve import free_port, wait_until_listening
    root = Path(__file__).resolve().parents[2]
    port = free_port()
    own_folder = tempfile.TemporaryDirectory(prefix="ninety-nine-workers-")
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "SECRET_KEY": "race-key",
           "SCORER_BACKUPS": "off", "PYTHONPATH": str(root),
           # its instance beside the test's files (the kept pages' folder), never the project's instance/
           "SCORER_INSTANCE": str(Path(app.config["KEPT_PAGES_FOLDER"]).parent) if app.config.get("KEPT_PAGES_FOLDER")
           else own_folder.name}
    process = subprocess.Popen([sys.executable, "-m", "scorer.web.serving.serve", "--host", "127.0.0.1", "--port", str(port),
                                "--workers", str(workers)], cwd=root, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        assert wait_until_listening(port, process), "the production server did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)
        own_folder.cleanup()


def at_once(*sends: Callable[[], Answer]) -> list[Answer]:
    """Run the sends in threads that start together (a Barrier), and return their answers in order."""
    barrier = threading.Barrier(len(sends))

    def run(send: Callable[[], Answer]) -> Answer:
        barrier.wait()
        return send()

    with ThreadPoolExecutor(len(sends)) as pool:
        return [future.result() for future in [pool.submit(run, send) for send in sends]]


def start_match(app: Flask, deals: list[tuple[list[int], list[int]]]) -> int:
    """A jokerless match to 50 (one game) with ``deals`` recorded; returns its id.

    Written straight to the database, as the app writes a match and its deals (the core's options
    and score, the results cache), to keep the rounds quick: the races are what is tested here.
    """
    with app.app_context():
        header = {"ruleset": "jokerless", "options": {"match": "target", "target": 50}, "players": NAMES, "deals": []}
        match = Match(ruleset="jokerless", options=parse_match(header).setup.options_json(), first_dealer=0)
        match.seats = [MatchSeat(seat=seat, player=Player.named(name)) for seat, name in enumerate(NAMES)]
        match.deals = [Deal(number=number, bids=bids, tricks=tricks, premiums=[])
                       for number, (bids, tricks) in enumerate(deals, start=1)]
        db.session.add(match)
        db.session.flush()
        scored = documents.score(match)
        match.finished = scored.finished
        results.refresh(match, scored)
        db.session.commit()
        return match.id


def kept_match(app: Flask, deals: list[tuple[list[int], list[int]]], *phones: Phone) -> int:
    """``start_match``, with every one of ``phones`` made a scorekeeper of it."""
    match_id = start_match(app, deals)
    for phone in phones:
        phone.keep_score(match_id)
    return match_id


def stored(app: Flask, match_id: int) -> list[tuple[int, list[Any], list[int]]]:
    with app.app_context():
        rows = db.session.scalars(select(Deal).where(Deal.match_id == match_id).order_by(Deal.number)).all()
        return [(row.number, row.bids, row.tricks) for row in rows]


def rounds() -> Iterator[int]:
    """Round numbers, up to ROUNDS and for no longer than SECONDS."""
    deadline = time.monotonic() + SECONDS
    for number in range(ROUNDS):
        if number and time.monotonic() > deadline:
            return
        yield number


def says(answer: Answer, *phrases: str) -> bool:
    text = html.unescape(answer.text)
    return all(phrase in text for phrase in phrases)


# ---------------------------------------------------------------------------- the scenarios


def edit_to_end_versus_record_next(app: Flask, base: str) -> list[int]:
    """(a) Deal 2 is changed so that the match ends with it, while another phone records deal 3."""
    editor, recorder = Phone(base), Phone(base)
    matches = []
    for _ in rounds():
        match_id = kept_match(app, [FIRST, LEVEL], editor, recorder)
        matches.append(match_id)
        edit_fields = editor.hidden_fields(f"/matches/{match_id}/deals/2/edit")
        new_fields = recorder.hidden_fields(f"/matches/{match_id}/deals/new")
        edit, record = at_once(
            lambda: editor.post(f"/matches/{match_id}/deals/2/edit", deal_data(edit_fields, 2, LIFT)),  # noqa: B023
            lambda: recorder.post(f"/matches/{match_id}/deals/new", deal_data(new_fields, 3, LEVEL)),  # noqa: B023
        )
        assert sorted([edit.status, record.status]) == [303, 409], (edit.status, edit.text[:600], record.status, record.text[:600])
        deals = stored(app, match_id)
        if edit.status == 303:
            OUTCOMES["(a) the edit won"] += 1
            assert says(record, "This match is over", "Nothing was saved"), record.text
            assert [(n, b, t) for n, b, t in deals] == [(1, *FIRST), (2, *LIFT)]
            assert "Deal 2 changed" in editor.flashes(edit)
        else:
            OUTCOMES["(a) the new deal won"] += 1
            assert says(edit, "Deal 2 was not changed", "another phone"), edit.text
            assert [(n, b, t) for n, b, t in deals] == [(1, *FIRST), (2, *LEVEL), (3, *LEVEL)]
            assert "Deal 3 saved" in recorder.flashes(record)
    return matches


def same_deal_two_figures(app: Flask, base: str) -> list[int]:
    """(b) Two phones save deal 1 at once with different figures: one wins, the other is told."""
    first, second = Phone(base), Phone(base)
    matches = []
    for _ in rounds():
        match_id = kept_match(app, [], first, second)
        matches.append(match_id)
        one = first.hidden_fields(f"/matches/{match_id}/deals/new")
        two = second.hidden_fields(f"/matches/{match_id}/deals/new")
        a, b = at_once(
            lambda: first.post(f"/matches/{match_id}/deals/new", deal_data(one, 1, FIRST)),  # noqa: B023
            lambda: second.post(f"/matches/{match_id}/deals/new", deal_data(two, 1, OTHER)),  # noqa: B023
        )
        assert sorted([a.status, b.status]) == [303, 409], (a.status, a.text[:600], b.status, b.text[:600])
        winner, loser, figures, theirs = (a, b, FIRST, OTHER) if a.status == 303 else (b, a, OTHER, FIRST)
        OUTCOMES[f"(b) the {'first' if winner is a else 'second'} phone won"] += 1
        assert stored(app, match_id) == [(1, *figures)]
        # The loser is told what happened, shown the deal as saved, and keeps its own figures.
        assert says(loser, "Deal 1 has already been saved with other figures", "Deal 1 as it was saved"), loser.text
        for seat, took in enumerate(theirs[1]):
            assert re.search(rf'name="seats-{seat}-tricks"[^>]*value="{took}"', loser.text), loser.text
        phone = first if winner is a else second
        assert "Deal 1 saved" in phone.flashes(winner)
    return matches


def same_figures_twice(app: Flask, base: str) -> list[int]:
    """(c) The same form sent twice at once (a double tap, a resend): recorded once, both told so."""
    first, second = Phone(base), Phone(base)
    matches = []
    for _ in rounds():
        match_id = kept_match(app, [FIRST], first, second)
        matches.append(match_id)
        one = first.hidden_fields(f"/matches/{match_id}/deals/new")
        two = second.hidden_fields(f"/matches/{match_id}/deals/new")
        a, b = at_once(
            lambda: first.post(f"/matches/{match_id}/deals/new", deal_data(one, 2, LEVEL)),  # noqa: B023
            lambda: second.post(f"/matches/{match_id}/deals/new", deal_data(two, 2, LEVEL)),  # noqa: B023
        )
        assert a.status == b.status == 303, (a.status, a.text[:600], b.status, b.text[:600])
        assert stored(app, match_id) == [(1, *FIRST), (2, *LEVEL)]
        pages = [first.flashes(a), second.flashes(b)]
        assert sorted("Deal 2 was already saved" in page for page in pages) == [False, True], pages
    return matches


def delete_last_versus_record_next(app: Flask, base: str) -> list[int]:
    """(d) Deal 2 (the last) is deleted while another phone records deal 3."""
    deleter, recorder = Phone(base), Phone(base)
    matches = []
    for _ in rounds():
        match_id = kept_match(app, [FIRST, LEVEL], deleter, recorder)
        matches.append(match_id)
        confirm = deleter.hidden_fields(f"/matches/{match_id}/deals/2/delete")
        new_fields = recorder.hidden_fields(f"/matches/{match_id}/deals/new")
        delete, record = at_once(
            lambda: deleter.post(f"/matches/{match_id}/deals/2/delete",  # noqa: B023
                                 {k: v for k, v in confirm.items() if k in ("csrf_token", "version")}),  # noqa: B023
            lambda: recorder.post(f"/matches/{match_id}/deals/new", deal_data(new_fields, 3, LEVEL)),  # noqa: B023
        )
        assert sorted([delete.status, record.status]) == [303, 409], (delete.status, delete.text[:600], record.status, record.text[:600])
        deals = stored(app, match_id)
        OUTCOMES[f"(d) the {'delete' if delete.status == 303 else 'new deal'} won"] += 1
        if delete.status == 303:
            assert deals == [(1, *FIRST)]
            assert says(record, "This form was for deal 3, not deal 2"), record.text
            assert "Deal 2 was deleted" in deleter.flashes(delete)
        else:
            assert deals == [(1, *FIRST), (2, *LEVEL), (3, *LEVEL)]
            assert says(delete, "Deal 2 was not deleted", "deal 3 was recorded"), delete.text
    return matches


def same_players_two_matches(app: Flask, base: str) -> list[int]:
    """(e) Two matches of the same players, a deal saved in each at once: both are saved. Each save
    writes results rows (whose foreign keys lock the players' rows for key share) and then locks
    the players to patch their statistics summaries; asking FOR UPDATE there deadlocked two such
    saves on PostgreSQL (found by `make load`; summary_upkeep.follow asks FOR NO KEY UPDATE)."""
    first, second = Phone(base), Phone(base)
    matches = []
    for _ in rounds():
        one_id, two_id = kept_match(app, [FIRST], first), kept_match(app, [FIRST], second)
        matches += [one_id, two_id]
        one = first.hidden_fields(f"/matches/{one_id}/deals/new")
        two = second.hidden_fields(f"/matches/{two_id}/deals/new")
        a, b = at_once(
            lambda: first.post(f"/matches/{one_id}/deals/new", deal_data(one, 2, LEVEL)),  # noqa: B023
            lambda: second.post(f"/matches/{two_id}/deals/new", deal_data(two, 2, LEVEL)),  # noqa: B023
        )
        assert a.status == b.status == 303, (a.status, a.text[:600], b.status, b.text[:600])
        assert stored(app, one_id) == stored(app, two_id) == [(1, *FIRST), (2, *LEVEL)]
    return matches


SCENARIOS = {
    "edit-to-end-vs-record-next": edit_to_end_versus_record_next,
    "same-deal-two-figures": same_deal_two_figures,
    "same-figures-twice": same_figures_twice,
    "delete-last-vs-record-next": delete_last_versus_record_next,
    "same-players-two-matches": same_players_two_matches,
}


def run_and_check(app: Flask, scenario: str, workers: int = 0) -> None:
    """Serve ``app`` (in this process, or with ``workers`` worker processes of the production
    server), run one scenario, then check the database and every page of every match."""
    OUTCOMES.clear()
    with (serving_workers(app, workers) if workers else serving(app)) as base:
        matches = SCENARIOS[scenario](app, base)
    assert matches
    every_match_holds(app)
    print(f"{scenario}: {len(matches)} rounds; {dict(OUTCOMES)}")


def every_match_holds(app: Flask) -> None:
    """`flask check` finds nothing, and every page of every match answers 200."""
    result = app.test_cli_runner().invoke(args=["check"])
    assert result.exit_code == 0, result.output
    client = app.test_client()
    with app.app_context():
        ids = db.session.scalars(select(Match.id).order_by(Match.id)).all()
    for match_id in ids:
        for path in (f"/matches/{match_id}", f"/history/{match_id}", f"/matches/{match_id}/export.csv",
                     f"/matches/{match_id}/sheet", f"/matches/{match_id}/export.json"):
            assert client.get(path).status_code == 200, path
    assert client.get("/export/matches.json").status_code == 200
