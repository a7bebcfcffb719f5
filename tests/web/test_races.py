"""Two phones at once, with real threads against a real server on a file SQLite database.

Each scenario plays dozens of rounds of two POSTs sent in the same instant (racehelpers.py), checks
each round's outcome (one winner; the loser told what happened), then runs `flask check` over every
match and opens every page of every match. `make soak` runs the same with many more rounds.
"""

from __future__ import annotations

import pytest
from racehelpers import SCENARIOS, run_and_check

# CSRF on: each phone reads its token from the form it opened, as a browser does. A generous busy
# timeout: the machine running the tests may be slow, and a wait is not what is being tested.
CONFIG = {"WTF_CSRF_ENABLED": True, "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"timeout": 30}}}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match(app_factory, scenario):
    run_and_check(app_factory(**CONFIG), scenario)
