"""The races of tests/web/test_races.py on PostgreSQL: real threads, a real server, the app migrated
as `make run` migrates it. No 500 for any of it (a double submit once gave one in 29 of 30 tries)."""

from __future__ import annotations

import pytest
from racehelpers import SCENARIOS, run_and_check
from test_worker_races import PASSCODE, guesses_at_once, rematch_pressed_twice


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match_on_postgres(postgres_app, postgres_url, scenario):
    run_and_check(postgres_app(postgres_url, WTF_CSRF_ENABLED=True), scenario)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match_across_two_worker_processes_on_postgres(postgres_app, postgres_url, scenario):
    """Issue 33: the production server with two worker processes on one PostgreSQL database."""
    run_and_check(postgres_app(postgres_url, WTF_CSRF_ENABLED=True), scenario, workers=2)


def test_the_rematch_pressed_twice_on_two_processes_starts_one_match_on_postgres(postgres_app, postgres_url):
    """tests/web/test_worker_races.py's rematch race, on PostgreSQL (issue 33)."""
    rematch_pressed_twice(postgres_app(postgres_url, WTF_CSRF_ENABLED=True))


def test_wrong_passcodes_sent_at_once_to_two_processes_are_counted_together_on_postgres(postgres_app, postgres_url,
                                                                                         monkeypatch):
    """tests/web/test_worker_races.py's passcode race, on PostgreSQL (issue 33)."""
    monkeypatch.setenv("SCORER_PASSCODE", PASSCODE)
    monkeypatch.setenv("SCORER_BEHIND_PROXY", "1")
    guesses_at_once(postgres_app(postgres_url, WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE))
