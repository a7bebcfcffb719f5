"""Exporting every match streams: the zip (and the JSON list) is sent a match at a time, read in
batches of matches, valid and complete, with matches played at the same moment neither lost nor
sent twice across a batch's edge."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime

import pytest
from recordhelpers import add_documents, sample

from scorer.web.records import exports


@pytest.fixture
def stored(app, monkeypatch):
    monkeypatch.setattr(exports, "BATCH", 3)  # 11 matches: four batches, the last one short
    same = datetime(2026, 5, 1, 20, tzinfo=UTC)
    docs = [sample(i, max_deals=5, played_at=same if i in (2, 3, 4) else None) for i in range(11)]
    return add_documents(app, docs)


def test_the_zip_of_every_match_is_streamed_valid_and_complete(client, stored):
    response = client.get("/export/matches.zip")
    assert response.status_code == 200 and response.is_streamed
    assert response.headers["Content-Type"] == "application/zip"
    assert "attachment" in response.headers["Content-Disposition"]
    pieces = [piece for piece in response.response if piece]
    assert len(pieces) >= len(stored)  # a piece per match, sent as each is written
    archive = zipfile.ZipFile(io.BytesIO(b"".join(pieces)))
    assert archive.testzip() is None
    names = archive.namelist()
    assert len(names) == len(set(names)) == len(stored)
    assert {f"match-{match_id:04d}" for match_id in stored} == {name.split("-20", 1)[0] for name in names}
    for name in names:
        document = json.loads(archive.read(name))
        match_id = int(name.split("-")[1])
        assert document == json.loads(client.get(f"/matches/{match_id}/export.json").data)


def test_the_json_list_is_streamed_oldest_first(client, stored):
    response = client.get("/export/matches.json")
    assert response.is_streamed
    listed = json.loads(response.get_data())
    assert len(listed) == len(stored)
    assert [doc["played_at"] for doc in listed] == sorted(doc["played_at"] for doc in listed)


def test_an_empty_export_is_an_empty_zip(client):
    archive = zipfile.ZipFile(io.BytesIO(client.get("/export/matches.zip").get_data()))
    assert archive.namelist() == [] and json.loads(client.get("/export/matches.json").get_data()) == []
