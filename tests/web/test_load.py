"""`make load`'s database check (load/check.py) finds what it is there to find, on crafted
databases; and what the load test found: two phones starting matches with the same new player
at the same moment both get their match (no 500 on the players' unique name)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from webhelpers import match_form, post_deal, start_match

from scorer.web.data.models import Match, Player
from scorer.web.extensions import db

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "load"))
from check import check  # noqa: E402


@pytest.fixture
def played(app, client):
    """A match with two deals saved, and what the keeper was told (as load/locustfile.py writes it)."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    figures = [([4, 3, 2], [4, 2, 3]), ([3, 3, 3], [3, 3, 3])]
    for number, (bids, tricks) in enumerate(figures, start=1):
        assert post_deal(client, match_id, number, bids, tricks).status_code == 303
    told = [{"match": match_id, "number": n, "bids": b, "tricks": t} for n, (b, t) in enumerate(figures, start=1)]
    return match_id, told, app.config["SQLALCHEMY_DATABASE_URI"]


def test_a_clean_run_passes(played):
    _, told, url = played
    assert check(url, told) == []


def test_a_deal_stored_twice_is_found(app, played):
    match_id, told, url = played
    with app.app_context():  # the second deal sent again and stored as deal 3
        db.session.execute(sa.text("INSERT INTO deals (match_id, number, bids, tricks, premiums, created_at, updated_at) "
                                   "SELECT match_id, 3, bids, tricks, premiums, created_at, updated_at FROM deals "
                                   "WHERE match_id = :m AND number = 2"), {"m": match_id})
        db.session.commit()
    assert check(url, told) == [f"match {match_id}, deal 3: in the database, but no keeper was told it was saved (doubled?)"]


def test_two_successes_for_one_deal_are_found(played):
    match_id, told, url = played
    assert check(url, [*told, told[1]]) == [f"match {match_id}, deal 2: 2 saves answered success for the same deal"]


def test_a_lost_or_changed_deal_is_found(app, played):
    match_id, told, url = played
    with app.app_context():
        db.session.execute(sa.text("UPDATE deals SET tricks = '[9, 0, 0]' WHERE match_id = :m AND number = 1"), {"m": match_id})
        db.session.execute(sa.text("DELETE FROM deals WHERE match_id = :m AND number = 2"), {"m": match_id})
        db.session.commit()
    problems = check(url, told)
    assert problems == [f"match {match_id}, deal 1: stored as ([4, 3, 2], [9, 0, 0]), but the keeper sent ([4, 3, 2], [4, 2, 3])",
                        f"match {match_id}, deal 2: answered success but not in the database (lost)"]


def test_a_new_player_added_by_another_phone_meanwhile(app, client):
    """Between this request's look-up of "Zed" (none) and its insert, another phone's match adds Zed."""
    with app.app_context():
        engine = db.engine
    other = sa.create_engine(app.config["SQLALCHEMY_DATABASE_URI"], poolclass=sa.pool.NullPool)
    done: list[bool] = []

    def another_phone_first(conn, cursor, statement, parameters, context, executemany):
        if statement.startswith("INSERT INTO players") and not done:
            done.append(True)
            with other.begin() as second:
                second.execute(sa.text("INSERT INTO players (name, name_key, created_at) VALUES ('Zed', 'zed', '2026-01-01')"))

    sa.event.listen(engine, "before_cursor_execute", another_phone_first)
    try:
        response = client.post("/matches/new", data=match_form(["Zed", "Ann", "Bob"]))
    finally:
        sa.event.remove(engine, "before_cursor_execute", another_phone_first)
        other.dispose()
    assert done, "the player's insert was never reached"
    assert response.status_code == 302
    with app.app_context():
        assert db.session.scalars(sa.select(Player.name).order_by(Player.name)).all() == ["Ann", "Bob", "Zed"]
        assert [m.player_names for m in db.session.scalars(sa.select(Match))] == [["Zed", "Ann", "Bob"]]


def test_the_settled_figures_leave_the_start_out_and_take_each_requests_worst_window(tmp_path):
    """load/run.py reports, beside the whole run's p99, each request's worst 10-s window once the
    first 20 s (every phone arriving, the tables joining) are over."""
    from run import SETTLING, WINDOW, settled_p99
    history = tmp_path / "locust_stats_history.csv"
    lines = ["Timestamp,Name,99%"]
    for second in range(0, 90):
        lines.append(f"{1000 + second},version poll,{2500 if second < SETTLING + WINDOW - 1 else 40 + second % 7}")
        lines.append(f"{1000 + second},save,{'N/A' if second < 40 else 120}")
    history.write_text("\n".join(lines) + "\n")
    lines.append(f"{1000 + 60},join,0")
    lines.append(f"{1000 + 60},Aggregated,400")
    history.write_text("\n".join(lines) + "\n")
    assert settled_p99(history) == {"version poll": 46, "save": 120}
    assert settled_p99(tmp_path / "none.csv") == {}
