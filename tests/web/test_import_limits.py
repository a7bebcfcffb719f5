"""An import reads nothing unbounded: zips are unpacked under a running limit, JSON is measured
before it is parsed (values, depth, strings, numbers), and anything over a limit gets a 413 or
422 naming it with nothing stored. A match without ``played_at`` is recognised by its content;
a stored batch is never doubled by a retry; the calendar's edges are refused, not a 500."""

from __future__ import annotations

import io
import json
import time
import zipfile
from datetime import UTC, datetime

import pytest
from recordhelpers import sample
from sqlalchemy import select, update
from webhelpers import count

from scorer.web.data import match_files
from scorer.web.data.models import Deal, Match, Player
from scorer.web.extensions import db
from scorer.web.writes import imports


def upload(client, body: bytes, filename: str = "m.json"):
    return client.post("/import", data={"file": (io.BytesIO(body), filename)}, content_type="multipart/form-data")


def zipped(members: dict[str, bytes], declared: dict[str, int] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in members.items():
            archive.writestr(name, body)
    data = buffer.getvalue()
    for name, size in (declared or {}).items():  # a zip that lies about a member's size
        real = len(members[name]).to_bytes(4, "little")
        data = data.replace(real, size.to_bytes(4, "little"))
    return data


def text_of(response) -> str:
    return response.text.replace("&#39;", "'").replace("&#34;", '"')


def test_a_decompression_bomb_is_refused_by_its_declared_size_at_once(app, client):
    bomb = zipped({"bomb.json": b"[" + b"{}," * 20_000_000 + b"{}]"})  # 60 MB of JSON in about 60 KB
    assert len(bomb) < 100_000
    started = time.monotonic()
    response = upload(client, bomb, "bomb.zip")
    assert time.monotonic() - started < 5  # the machine is shared: a generous bound, never 33 s
    assert response.status_code == 413
    assert "unpacked; the limit is 24 MB" in text_of(response)
    assert count(app, Match) == 0


def test_a_zip_lying_about_its_sizes_is_stopped_while_it_unpacks(app, client, monkeypatch):
    monkeypatch.setattr(match_files, "UNPACKED_MAX_BYTES", 1_000_000)
    body = b"[" + b"{}," * 600_000 + b"{}]"
    response = upload(client, zipped({"a.json": body}, declared={"a.json": 1000}), "liar.zip")
    assert response.status_code in (413, 422)
    assert "more than" in text_of(response) or "cannot be read" in text_of(response) or "zip file" in text_of(response)
    assert count(app, Match) == 0


def test_the_running_limit_counts_every_member(app, client, monkeypatch):
    monkeypatch.setattr(match_files, "UNPACKED_MAX_BYTES", 10_000)
    doc = json.dumps(sample(1, "jokerless", max_deals=9)).encode()
    members = {f"m{i}.json": doc for i in range(10_000 // len(doc) + 2)}
    response = upload(client, zipped(members), "many.zip")
    assert response.status_code == 413 and "the limit is 9.77 KB" in text_of(response)


def test_a_zip_inside_a_zip_is_refused(app, client):
    inner = zipped({"m.json": json.dumps(sample(1)).encode()})
    response = upload(client, zipped({"inner.zip": inner, "m.json": json.dumps(sample(2)).encode()}), "outer.zip")
    assert response.status_code == 422 and "holds another archive (inner.zip)" in text_of(response)
    assert count(app, Match) == 0


def test_too_many_values_in_one_line_is_refused_before_parsing(app, client, monkeypatch):
    monkeypatch.setattr(match_files, "MAX_VALUES", 100_000)  # and the upload under 500 KB, kept in memory by the test client
    body = b"[" + b"0," * 120_000 + b"0]"  # one line
    started = time.monotonic()
    response = upload(client, body, "line.json")
    assert time.monotonic() - started < 5
    assert response.status_code == 413 and "the limit is 100,000" in text_of(response)


@pytest.mark.parametrize("body, words", [
    (b"[" * 40 + b"]" * 40, "nested too deeply (40 levels; the limit is 16)"),
    (b'{"players": [' + b"9" * 5000 + b"]}", "a number more than 20 digits long"),
    (b'{"first_dealer": 1' + b"0" * 25 + b"}", "a number more than 20 digits long"),
    (b'{"players": ["' + b"x" * 5000 + b'"]}', "a text in it is 5,000 bytes long; the limit is 1,000"),
    (b'{"first_dealer": NaN}', "NaN is not a number a match document holds"),
])
def test_limits_inside_the_json_are_named(app, client, body, words):
    response = upload(client, body)
    assert response.status_code == 422 and words in text_of(response)
    assert count(app, Match) == 0


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00",
                                    "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00",
                                    "1899-12-31T23:59:59+00:00", "2101-01-01T00:00:00+00:00"])
@pytest.mark.parametrize("zone", ["UTC", "America/New_York", "Pacific/Kiritimati"])
def test_an_import_dated_out_of_range_is_refused_in_words(app_factory, moment, zone):
    """Issue 27's probe: on a server with TIMEZONE=America/New_York, a match played 0001-01-01 got
    a bare 500 (the table's clock overflowed). An import's dates are bounded: refused, named."""
    app = app_factory(WTF_CSRF_ENABLED=False, TIMEZONE=zone)
    client = app.test_client()
    doc = {**sample(4, "jokerless", max_deals=2), "played_at": moment}
    response = upload(client, json.dumps(doc).encode())
    assert response.status_code == 422, response.text
    assert "The time it was played must be a date from 1900 to 2100" in text_of(response)
    assert count(app, Match) == 0
    updated = {**sample(4, "jokerless", max_deals=2), "played_at": "2026-11-21T20:15:00+00:00", "updated_at": moment}
    assert "The time it was last changed must be a date from 1900 to 2100" in text_of(upload(client, json.dumps(updated).encode()))


@pytest.mark.parametrize("moment", ["1900-01-01T00:00:00+00:00", "2100-12-31T23:59:59+00:00"])
def test_the_ends_of_the_range_are_dates(app_factory, moment):
    app = app_factory(WTF_CSRF_ENABLED=False, TIMEZONE="America/New_York")
    client = app.test_client()
    response = upload(client, json.dumps({**sample(4, "jokerless", max_deals=2), "played_at": moment}).encode())
    assert response.status_code == 303
    assert client.get(response.headers["Location"]).status_code == 200 and client.get("/history/").status_code == 200


def test_a_match_stored_at_the_calendars_edge_before_the_bound_is_shown(app_factory):
    """A match imported before the bound with such a date: its pages show it (in UTC), not a 500."""
    app = app_factory(WTF_CSRF_ENABLED=False, TIMEZONE="America/New_York")
    client = app.test_client()
    response = upload(client, json.dumps(sample(4, "jokerless", max_deals=2)).encode())
    assert response.status_code == 303
    with app.app_context():
        db.session.execute(update(Match).values(created_at=datetime(1, 1, 1, tzinfo=UTC),
                                                updated_at=datetime(1, 1, 1, tzinfo=UTC)))
        db.session.commit()
        match_id = db.session.scalar(select(Match.id))
    for path in (f"/matches/{match_id}", f"/history/{match_id}", "/history/", "/", f"/matches/{match_id}/export.csv"):
        assert client.get(path).status_code == 200, path


def test_a_match_without_played_at_is_recognised_by_its_content(app, client):
    docs = [sample(i, max_deals=5) for i in range(3)]
    for doc in docs:
        doc.pop("played_at", None)
    body = json.dumps(docs).encode()
    assert upload(client, body).status_code == 303
    again = upload(client, body)
    assert again.status_code == 303
    assert count(app, Match) == 3
    assert "3 were already here" in client.get("/history/").text


def test_a_match_recognised_by_content_follows_its_edits(app, client):
    doc = sample(8, "jokerless", max_deals=4, unfinished=0)
    doc.pop("played_at", None)
    assert len(doc["deals"]) >= 2
    assert upload(client, json.dumps(doc).encode()).status_code == 303
    with app.app_context():
        from scorer.web.extensions import db
        match = db.session.scalar(db.select(Match))
        before = match.content_hash
    deals = len(doc["deals"])
    assert client.post(f"/matches/{match.id}/take-over").status_code == 303  # an imported match has no scorekeeper
    assert client.post(f"/matches/{match.id}/deals/{deals}/delete").status_code in (302, 303)
    with app.app_context():
        assert db.session.get(Match, match.id).content_hash != before
    shorter = {**doc, "deals": doc["deals"][:-1]}
    assert upload(client, json.dumps(shorter).encode()).status_code == 303
    assert count(app, Match) == 1


def test_a_retry_after_a_failure_part_way_doubles_nothing(app, client, monkeypatch):
    """Storing fails after the first batch: that batch stays, the message says so, and importing
    the same file again stores the rest only."""
    monkeypatch.setattr(imports, "BATCH_MATCHES", 2)
    monkeypatch.setattr(imports, "BATCH_SECONDS", 600.0)  # batches by count alone: a slow machine (CI) cut them by time
    docs = [sample(20 + i, max_deals=3) for i in range(5)]
    for doc in docs:
        doc.pop("played_at", None)
    real_store, calls = imports.store, []

    def failing_store(checked, players=None):
        calls.append(1)
        if len(calls) == 3:
            from sqlalchemy.exc import OperationalError
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))
        return real_store(checked, players)

    monkeypatch.setattr(imports, "store", failing_store)
    response = upload(client, json.dumps(docs).encode())
    assert response.status_code == 409
    assert "after 2 of 5 were stored. Import the same file again" in text_of(response)
    assert count(app, Match) == 2
    monkeypatch.setattr(imports, "store", real_store)
    assert upload(client, json.dumps(docs).encode()).status_code == 303
    assert count(app, Match) == 5 and count(app, Player) <= 15
    assert count(app, Deal) == sum(len(doc["deals"]) for doc in docs)
