"""The statistics summaries (records/summaries.py): kept in step with every save, edit, delete,
match deleted and import, equal to what `flask stats rebuild` writes and to a GROUP BY over the
results cache for any period, written by the migration, and checked by `flask check`."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa
from flask_migrate import upgrade
from migrationhelpers import build_old, old_documents
from recordhelpers import add_documents, play_known_match, sample
from sqlalchemy import case, func, select
from webhelpers import post_deal, start_match

from scorer import create_app
from scorer.web.data import figures as read
from scorer.web.data import results, summaries, summary_upkeep
from scorer.web.data.models import Match, Player, PlayerSummary, SeatResult
from scorer.web.extensions import db
from scorer.web.records import check


def stored(app):
    with app.app_context():
        return {key: summary.as_row() for key, summary in summary_upkeep.stored().items()}


def rebuilt(app):
    """What `flask stats rebuild` writes, from the results cache."""
    with app.app_context():
        summary_upkeep.rebuild()
        db.session.commit()
    return stored(app)


def comparable(rows):
    return {key: {name: results.comparable(value) for name, value in row.items()} for key, row in rows.items()}


def check_lines(app):
    with app.app_context():
        return check.check_all()[1]


def spread_documents(count: int = 14) -> list[dict]:
    """Matches of the same four people across months, some on the same day, every ruleset."""
    docs = []
    start = datetime(2026, 1, 30, 22, 0, tzinfo=UTC)
    for i in range(count):
        ruleset = ("jokerless", "four-partners", "classic", "two-dummy")[i % 4]
        doc = sample(100 + i, ruleset, played_at=start + timedelta(days=11 * (i // 2), hours=i % 2), max_deals=10,
                     unfinished=i % 3 == 0)
        docs.append(doc)
    return docs


def test_saves_edits_deletes_keep_the_summaries_as_a_rebuild_writes_them(client, app):
    match_id = play_known_match(client)
    assert post_deal(client, match_id, 4, [2, 3, 4], [2, 3, 4]).status_code == 303
    after_saves = stored(app)
    keys = {(key[2], key[1]) for key in after_saves}
    assert keys == {("day", "jokerless"), ("month", "jokerless"), ("all", "jokerless")}
    assert after_saves == rebuilt(app)
    # An edit that lowers the best deal and breaks a run: maxima are recomputed, not kept.
    assert client.post(f"/matches/{match_id}/deals/1/edit",
                       data={"number": "1", "seats-0-bid": "0", "seats-0-tricks": "4", "seats-1-bid": "2",
                             "seats-1-tricks": "2", "seats-2-bid": "hidden", "seats-2-tricks": "3"}).status_code == 303
    edited = stored(app)
    assert edited != after_saves and edited == rebuilt(app)
    assert client.post(f"/matches/{match_id}/deals/4/delete", data={}).status_code == 303
    assert stored(app) == rebuilt(app)
    other = start_match(client, ["Ann", "Dee", "Eve"])
    assert post_deal(client, other, 1, [3, 3, 3], [3, 3, 3]).status_code == 303
    assert stored(app) == rebuilt(app)
    assert check_lines(app) == []
    # Deleting a match takes it out of its players' figures.
    assert client.post(f"/matches/{match_id}/delete", data={}).status_code == 302
    left = stored(app)
    assert left == rebuilt(app)
    with app.app_context():
        assert {name for name, in db.session.execute(select(Player.name).where(
            Player.id.in_({key[0] for key in left})))} == {"Ann", "Dee", "Eve"}
    assert check_lines(app) == []


def test_imports_across_months_and_days_match_a_rebuild(app):
    add_documents(app, spread_documents())
    found = stored(app)
    assert {span for _, _, span, _ in found} == {"day", "month", "all"}
    assert len({start for _, _, span, start in found if span == "month"}) >= 3
    # A page without a period reads one all-time row per player and ruleset, however many months.
    with app.app_context():
        read = db.session.scalars(select(PlayerSummary).where(summaries.period_rows(None, None))).all()
    assert len(read) == len({(player, ruleset) for player, ruleset, _, _ in found})
    assert comparable(found) == comparable(rebuilt(app))
    assert check_lines(app) == []


def group_by_figures(app, start, end, ruleset=None):
    """The figures the pages showed before the summaries: a GROUP BY over every deal."""
    s = SeatResult.__table__.c
    conditions = []
    if start is not None:
        conditions.append(s.played_at >= start)
    if end is not None:
        conditions.append(s.played_at < end)
    if ruleset:
        conditions.append(s.ruleset == ruleset)
    with app.app_context():
        rows = db.session.execute(select(
            s.player_id, func.count(), func.sum(case((s.made.is_(True), 1), else_=0)), func.count(s.bid),
            func.max(s.run), func.max(case((s.ruleset.not_in(tuple(summaries.SIDE_RULESETS)), s.points))),
        ).where(s.player_id.is_not(None), *conditions).group_by(s.player_id)).all()
    return {row[0]: tuple(row[1:]) for row in rows}


@pytest.mark.parametrize("first, last, ruleset", [
    (None, None, None),
    (date(2026, 2, 1), date(2026, 3, 31), None),      # whole months only
    (date(2026, 1, 31), date(2026, 3, 5), None),      # cuts two months
    (date(2026, 2, 10), date(2026, 2, 21), None),     # inside one month
    (date(2026, 2, 21), None, "jokerless"),           # from a day on
    (None, date(2026, 2, 10), "four-partners"),       # up to a day
    (date(2026, 3, 1), date(2026, 3, 1), None),       # one day
])
def test_every_period_adds_up_to_a_group_by_over_every_deal(app, first, last, ruleset):
    add_documents(app, spread_documents())
    with app.test_request_context():
        start = None if first is None else stats_midnight(first)
        end = None if last is None else stats_midnight(last + timedelta(days=1))
        figures = {f.key: (f.deals, f.made, f.shown, f.longest_run, f.best)
                   for f in read.everyone(read.Scope(ruleset=ruleset, start=start, end=end))}
    expected = group_by_figures(app, start, end, ruleset)
    assert figures == expected
    with app.test_request_context():  # the page of everyone (added up in SQL) agrees with a player's page
        added_in_sql = summaries.standings(ruleset, start, end)
        one_by_one = summaries.totals(ruleset, start, end)
    assert {key: [getattr(s, name) for name in (*summaries.FIGURES, "longest_run", "best")] for key, s in added_in_sql.items()} \
        == {key: [getattr(s, name) for name in (*summaries.FIGURES, "longest_run", "best")] for key, s in one_by_one.items()}
    assert figures or first == last  # the periods chosen hold deals


def stats_midnight(day):
    from scorer.web import clock
    return clock.midnight(day)


def test_check_reports_a_summary_that_disagrees_with_the_core(app):
    add_documents(app, [sample(3, "jokerless", max_deals=6, unfinished=0)])
    with app.app_context():
        row = db.session.scalars(select(PlayerSummary).where(PlayerSummary.span == "month")).first()
        row.deals += 1
        db.session.commit()
    lines = check_lines(app)
    assert any("player_summaries" in line and "deals is" in line for line in lines), lines
    result = app.test_cli_runner().invoke(args=["stats", "rebuild"])
    assert result.exit_code == 0, result.output
    assert check_lines(app) == []


def test_the_migration_fills_the_summaries_as_a_rebuild_writes_them(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only-key", "TIMEZONE": "UTC",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"})
    build_old(app, old_documents(seed=7))
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            assert connection.execute(sa.text("SELECT count(*) FROM player_summaries")).scalar() > 0
        db.session.remove()
    migrated = stored(app)
    assert comparable(migrated) == comparable(rebuilt(app))
    assert check_lines(app) == []
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) > 0


def test_patched_summaries_stay_equal_to_a_rebuild_through_random_changes(client, app, monkeypatch):
    """Saves patch the summaries (subtract what a change took out, add what it wrote); edits and
    deletes that may lower a maximum add them up again. Either way: what a rebuild writes."""
    import random
    rng = random.Random(7)
    patched: list[bool] = []
    original = summary_upkeep.patch
    monkeypatch.setattr(summary_upkeep, "patch", lambda *args: patched.append(original(*args)) or patched[-1])
    plays = [([2, 3, 4], [2, 3, 4]), ([1, 1, 1], [3, 3, 3]), ([9, 0, 0], [9, 0, 0]), ([0, 5, 4], [1, 4, 4]),
             ([0, 0, 0], [3, 3, 3])]
    matches = [start_match(client, ["Ann", "Bob", "Cy"]), start_match(client, ["Ann", "Dee", "Eve"])]
    deals = dict.fromkeys(matches, 0)
    for step in range(40):
        match_id = rng.choice(matches)
        bids, tricks = rng.choice(plays)
        action = rng.random()
        if deals[match_id] and action < 0.25:
            number = rng.randint(1, deals[match_id])
            response = client.post(f"/matches/{match_id}/deals/{number}/edit",
                                   data=deal_form_data(number, bids, tricks))
        elif deals[match_id] and action < 0.35:
            response = client.post(f"/matches/{match_id}/deals/{deals[match_id]}/delete", data={})
            deals[match_id] -= response.status_code == 303
        else:
            response = post_deal(client, match_id, deals[match_id] + 1, bids, tricks)
            deals[match_id] += response.status_code == 303
        assert response.status_code in (303, 409), (step, response.status_code)
        assert stored(app) == rebuilt(app), step
    assert check_lines(app) == []
    assert True in patched and False in patched  # both ways were taken


def deal_form_data(number, bids, tricks):
    from webhelpers import deal_form
    return deal_form(number, bids, tricks)


def test_forgetting_a_match_by_id_takes_it_out_of_the_summaries_and_refresh_puts_it_back(app):
    kept, dropped = add_documents(app, [sample(31, "jokerless", max_deals=6, unfinished=0),
                                        sample(32, "jokerless", max_deals=6, unfinished=0)])
    before = stored(app)
    with app.app_context():
        results.forget(dropped)  # a match set aside (Recently deleted): by its id
        db.session.commit()
    without = stored(app)
    assert without != before and without == rebuilt(app)
    with app.app_context():
        results.refresh(db.session.get_one(Match, dropped))  # restored
        db.session.commit()
    assert stored(app) == before
