"""The races of tests/web/test_races.py on PostgreSQL: real threads, a real server, the app migrated
as `make run` migrates it. No 500 for any of it (a double submit once gave one in 29 of 30 tries)."""

from __future__ import annotations

import pytest
from racehelpers import SCENARIOS, run_and_check


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match_on_postgres(postgres_app, postgres_url, scenario):
    run_and_check(postgres_app(postgres_url, WTF_CSRF_ENABLED=True), scenario)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match_across_two_worker_processes_on_postgres(postgres_app, postgres_url, scenario):
    """Issue 33: the production server with two worker processes on one PostgreSQL database."""
    run_and_check(postgres_app(postgres_url, WTF_CSRF_ENABLED=True), scenario, workers=2)
