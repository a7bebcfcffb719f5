"""Times where the table is: stored in UTC, shown on every screen, on paper and in the export's
file name in the zone of the ``TIMEZONE`` setting, and the history and statistics filters cut
days at that zone's midnight."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from recordhelpers import add_documents, sample

from scorer.web import clock, config

# A game at 00:30 on 22 November in Berlin is 23:30 UTC on the 21st; a game at 23:30 on
# 21 November in New York is 04:30 UTC on the 22nd. Shown in UTC, or cut at UTC's midnight,
# each lands on the wrong day.
CASES = [
    ("Europe/Berlin", datetime(2026, 11, 21, 23, 30, tzinfo=UTC), "22 Nov 2026, 00:30", "2026-11-22", "2026-11-21"),
    ("America/New_York", datetime(2026, 11, 22, 4, 30, tzinfo=UTC), "21 Nov 2026, 23:30", "2026-11-21", "2026-11-22"),
]


@pytest.fixture(params=CASES, ids=[case[0] for case in CASES])
def evening(request, app_factory):
    zone, played_at, shown, day, other_day = request.param
    app = app_factory(WTF_CSRF_ENABLED=False, TIMEZONE=zone)
    (match_id,) = add_documents(app, [sample(5, "jokerless", max_deals=3, played_at=played_at)])
    return app.test_client(), match_id, shown, day, other_day


def test_screens_and_paper_show_the_tables_day_and_time(evening):
    client, match_id, shown, _day, _other = evening
    for url in ("/history/", f"/history/{match_id}", f"/matches/{match_id}/sheet"):
        page = client.get(url)
        assert page.status_code == 200, url
        assert shown in page.text, url
        assert "UTC" not in page.text, url


def test_the_exports_file_names_carry_the_tables_date(evening):
    client, match_id, _shown, day, _other = evening
    for kind in ("csv", "json"):
        response = client.get(f"/matches/{match_id}/export.{kind}")
        assert f"match-{match_id:04d}-{day}.{kind}" in response.headers["Content-Disposition"]
    # The document itself keeps the moment in UTC, as MATCH-FORMAT.md stores it.
    assert client.get(f"/matches/{match_id}/export.json").json["played_at"].endswith("+00:00")


def test_history_and_stats_filters_cut_days_in_the_tables_zone(evening):
    client, match_id, _shown, day, other_day = evening
    record = f'href="/history/{match_id}"'
    assert record in client.get(f"/history/?start={day}&end={day}").text
    assert record not in client.get(f"/history/?start={other_day}&end={other_day}").text
    with_day = client.get(f"/stats/?start={day}&end={day}").text
    without = client.get(f"/stats/?start={other_day}&end={other_day}").text
    assert "/stats/players/" in with_day
    assert "/stats/players/" not in without


def test_the_first_day_of_the_calendar_east_of_utc_is_no_error(app_factory):
    client = app_factory(TIMEZONE="Asia/Tokyo").test_client()
    assert client.get("/history/?start=0001-01-01&end=9999-12-31").status_code == 200
    assert client.get("/stats/?start=0001-01-01&end=9999-12-31").status_code == 200


def test_the_setting_comes_from_the_environment_and_defaults_to_the_servers_zone(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("TIMEZONE", "Pacific/Auckland")
    app = Flask("scorer", instance_path=str(tmp_path))
    config.configure(app, None)
    assert app.extensions["scorer.timezone"] == ZoneInfo("Pacific/Auckland")
    monkeypatch.delenv("TIMEZONE")
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    config.configure(app, None)
    assert app.extensions["scorer.timezone"] == ZoneInfo("Asia/Kolkata")


def test_an_unknown_zone_is_named_at_start(app_factory):
    with pytest.raises(ValueError, match="TIMEZONE='Mars/Olympus' is not a time zone"):
        app_factory(TIMEZONE="Mars/Olympus")
    assert clock.zone_named("  ") == clock.server_zone()
