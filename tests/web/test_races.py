"""Two phones at once never break a match, and each phone is told what happened.

The first test plays dozens of rounds of two POSTs sent in the same instant, with real threads
against a real server on a file SQLite database (racehelpers.py): each round's outcome is checked
(one winner; the loser told what happened), then `flask check` runs over every match and every
page of every match is opened. `make soak` runs the same with many more rounds. The tests after
it replay each outcome one request after the other, and check `flask check` and `stats rebuild`.
"""

from __future__ import annotations

import html
import re
import sqlite3
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from racehelpers import ROUNDS, SCENARIOS, Phone, at_once, run_and_check, serving, serving_workers
from recordhelpers import play_known_match
from sqlalchemy import select, update
from webhelpers import deal_form, post_deal, post_form, start_match, stored_deals

from scorer.web.data.models import Deal, Match, SeatHolder, SeatResult
from scorer.web.extensions import db

# CSRF on: each phone reads its token from the form it opened, as a browser does. A generous busy
# timeout: the machine running the tests may be slow, and a wait is not what is being tested.
CONFIG = {"WTF_CSRF_ENABLED": True, "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"timeout": 30}}}
THREE = ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match(app_factory, scenario):
    run_and_check(app_factory(**CONFIG), scenario)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_phones_at_once_never_break_a_match_across_two_worker_processes(app_factory, scenario):
    """Issue 33: the same races against the production server with two worker processes sharing
    one SQLite file, as `make run` serves on a two-core machine."""
    run_and_check(app_factory(**CONFIG), scenario, workers=2)


def version_in(page: str) -> str:
    found = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    assert found, "the form carries no match version"
    return found.group(1)


def text(response) -> str:
    return html.unescape(response.text)


@pytest.fixture
def match_id(client) -> int:
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    assert post_deal(client, match_id, 2, [3, 3, 3], [3, 3, 3]).status_code == 303
    return match_id


# ---------------------------------------------------------------------------- the outcomes, one by one


def test_an_edit_of_an_out_of_date_view_is_refused_with_the_match_as_it_is(client, app, match_id):
    seen = version_in(client.get(f"/matches/{match_id}/deals/1/edit").text)
    assert post_deal(client, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303  # another phone
    mine = deal_form(1, [0, 1, 2], [0, 6, 3], version=seen)
    refused = post_form(client, f"/matches/{match_id}/deals/1/edit", mine)
    assert refused.status_code == 409
    assert "Deal 1 was not changed: the match was changed from another phone" in text(refused)
    assert "Deal 1 as it was saved" in text(refused)  # the deal as stored now, beside my figures
    assert re.search(r'name="seats-1-tricks"[^>]*value="6"', refused.text)  # my figures are kept
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]
    # Sent again from that page (which carries the version now), the change is made.
    again = client.post(f"/matches/{match_id}/deals/1/edit", data={**mine, "version": version_in(refused.text)})
    assert again.status_code == 303
    assert stored_deals(app, match_id)[0]["bids"] == [0, 1, 2]


def test_an_edit_sent_twice_is_made_once(client, app, match_id):
    seen = version_in(client.get(f"/matches/{match_id}/deals/2/edit").text)
    change = deal_form(2, [4, 1, 2], [4, 2, 3], version=seen)
    assert client.post(f"/matches/{match_id}/deals/2/edit", data=change).status_code == 303
    again = client.post(f"/matches/{match_id}/deals/2/edit", data=change)
    assert again.status_code == 303
    assert "Deal 2 was already changed to these figures" in text(client.get(f"/matches/{match_id}"))
    assert stored_deals(app, match_id)[1]["bids"] == [4, 1, 2]


def second_phone(app, client, match_id: int):
    """Another phone keeping the same match's score (its own session, the keeper's capability)."""
    keeper = client.get_cookie(f"ninety-nine-keeper-{match_id}", path=f"/matches/{match_id}")
    other = app.test_client()
    other.set_cookie(keeper.key, keeper.value, path=keeper.path)
    return other


def test_a_save_that_lost_is_shown_the_deal_as_saved_and_can_apply_its_own_figures(client, app, match_id):
    faster = second_phone(app, client, match_id)
    assert post_deal(faster, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303  # the faster phone
    lost = post_deal(client, match_id, 3, [0, 1, 2], [0, 6, 3])
    assert lost.status_code == 409
    assert "Deal 3 has already been saved with other figures" in text(lost)
    assert "from another phone a moment before yours" in text(lost) and "Deal 3 as it was saved" in text(lost)
    # The page is now an edit of deal 3 with this phone's figures in it: sending it applies them.
    assert f'action="/matches/{match_id}/deals/3/edit"' in lost.text
    applied = client.post(f"/matches/{match_id}/deals/3/edit",
                          data=deal_form(3, [0, 1, 2], [0, 6, 3], version=version_in(lost.text)))
    assert applied.status_code == 303
    assert stored_deals(app, match_id)[2]["tricks"] == [0, 6, 3]


def test_a_deal_this_phone_saved_is_never_blamed_on_another_phone(client, app, match_id):
    """Issue 29: an old page of this phone (another tab, a form sent again) sends other figures for
    a deal this phone saved: the refusal says it was this phone's own save."""
    assert post_deal(client, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303
    again = post_deal(client, match_id, 3, [0, 1, 2], [0, 6, 3])
    assert again.status_code == 409
    assert "Deal 3 has already been saved with other figures, from this phone already" in text(again)
    assert "another phone" not in text(again)
    assert stored_deals(app, match_id)[2]["tricks"] == [3, 3, 3]


def test_a_version_that_is_not_one_is_refused_as_out_of_date(client, app, match_id):
    response = post_form(client, f"/matches/{match_id}/deals/1/edit", deal_form(1, [0, 1, 2], [0, 6, 3], version="①"))
    assert response.status_code == 409
    assert stored_deals(app, match_id)[0]["bids"] == [4, 1, 2]


def test_a_delete_asked_on_an_out_of_date_page_deletes_nothing(client, app, match_id):
    seen = version_in(client.get(f"/matches/{match_id}/deals/2/delete").text)
    edit = client.get(f"/matches/{match_id}/deals/2/edit").text
    assert client.post(f"/matches/{match_id}/deals/2/edit",
                       data=deal_form(2, [4, 1, 2], [4, 2, 3], version=version_in(edit))).status_code == 303
    refused = client.post(f"/matches/{match_id}/deals/2/delete", data={"version": seen})
    assert refused.status_code == 409
    assert "Deal 2 was not deleted: the match was changed from another phone" in text(refused)
    assert len(stored_deals(app, match_id)) == 2


def test_a_delete_sent_twice_deletes_one_deal(client, app, match_id):
    seen = version_in(client.get(f"/matches/{match_id}/deals/2/delete").text)
    assert client.post(f"/matches/{match_id}/deals/2/delete", data={"version": seen}).status_code == 303
    again = client.post(f"/matches/{match_id}/deals/2/delete", data={"version": seen})
    assert again.status_code == 303
    assert "Deal 2 was already deleted" in text(client.get(f"/matches/{match_id}"))
    assert len(stored_deals(app, match_id)) == 1


def test_a_refused_save_leaves_the_version_as_it_was(client, app, match_id):
    with app.app_context():
        before = db.session.get(Match, match_id).version
    assert post_deal(client, match_id, 3, [4, 1, 2], [9, 9, 9]).status_code == 422  # tricks do not add up
    assert post_deal(client, match_id, 2, [0, 1, 2], [0, 6, 3]).status_code == 409  # lost
    with app.app_context():
        assert db.session.get(Match, match_id).version == before


# ---------------------------------------------------------------------------- flask check, stats rebuild


def test_check_finds_nothing_in_a_clean_database(client, app):
    play_known_match(client)
    result = app.test_cli_runner().invoke(args=["check"])
    assert result.exit_code == 0, result.output
    assert "Checked 1 match: every match scores and every cached figure agrees with the core." in result.output


def test_check_reports_a_match_the_core_refuses_and_a_cache_row_that_disagrees(client, app):
    broken = play_known_match(client)
    stale = play_known_match(client)
    with app.app_context():
        # By hand, behind the app's back: a deal whose tricks no longer add up, a cached figure changed.
        db.session.execute(update(Deal).where(Deal.match_id == broken, Deal.number == 2).values(tricks=[3, 3, 4]))
        db.session.execute(update(SeatResult).where(SeatResult.match_id == stale, SeatResult.deal == 3,
                                                    SeatResult.seat == 2).values(points=93))
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["check"])
    assert result.exit_code == 1
    assert f"match {broken} (Ann, Bob, Cy; jokerless): the scoring core refuses it: deal 2: tricks add up to 10" in result.output
    assert f"match {stale} (Ann, Bob, Cy; jokerless): seat_results deal 3 seat 2: points is 93, the core says 94" in result.output
    assert "Checked 2 matches: 2 problems found." in result.output


def test_check_reports_a_deal_after_the_end_and_missing_cache_rows(client, app):
    match_id = start_match(client, THREE, match="deals", deals="1")
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    with app.app_context():
        db.session.add(Deal(match_id=match_id, number=2, bids=[3, 3, 3], tricks=[3, 3, 3], premiums=[]))
        db.session.commit()
    other = start_match(client, ["Di", "Ed", "Flo"])
    assert post_deal(client, other, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    with app.app_context():
        db.session.execute(SeatResult.__table__.delete().where(SeatResult.match_id == other))
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["check"])
    assert result.exit_code == 1
    assert f"match {match_id} (Ann, Bob, Cy; jokerless): the scoring core refuses it: deal 2:" in result.output
    for seat in range(3):
        assert f"match {other} (Di, Ed, Flo; jokerless): seat_results deal 1 seat {seat}: missing" in result.output


def test_stats_rebuild_reports_the_matches_it_could_not_rebuild(client, app):
    broken = play_known_match(client)
    fine = play_known_match(client)
    with app.app_context():
        db.session.execute(update(Deal).where(Deal.match_id == broken, Deal.number == 2).values(tricks=[3, 3, 4]))
        db.session.execute(SeatResult.__table__.delete().where(SeatResult.match_id == fine))
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["stats", "rebuild"])
    assert result.exit_code == 1
    assert "Statistics and ratings rebuilt for 1 match." in result.output
    assert "Could not rebuild 1 match" in result.output
    assert f"match {broken} (Ann, Bob, Cy): deal 2: tricks add up to 10" in result.output
    with app.app_context():
        assert db.session.scalars(select(SeatResult.match_id).where(SeatResult.match_id == fine)).first() == fine


def test_a_save_that_cannot_get_the_lock_in_time_says_so_and_saves_nothing(app_factory, tmp_path):
    app = app_factory(WTF_CSRF_ENABLED=False, SQLITE_BUSY_TIMEOUT_MS=200)  # the setting, not the 30 s default
    client = app.test_client()
    match_id = start_match(client, THREE)
    other = sqlite3.connect(tmp_path / "scorer.sqlite", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the database longer than the busy timeout
        response = post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3])
        assert response.status_code == 503
        assert "Deal 1 was not saved: the scorer was busy" in text(response)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert stored_deals(app, match_id) == []
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303


def test_show_points_on_an_out_of_date_edit_form_shows_the_points(client, match_id):
    # Without JavaScript, "Show points" posts the whole form: a preview writes nothing, so the
    # version it was read at does not matter.
    seen = version_in(client.get(f"/matches/{match_id}/deals/1/edit").text)
    assert post_deal(client, match_id, 3, [3, 3, 3], [3, 3, 3]).status_code == 303
    response = post_form(client, f"/matches/{match_id}/deals/1/edit",
                         deal_form(1, [4, 1, 2], [4, 2, 3], version=seen, action="preview"))
    assert response.status_code == 200
    assert 'data-points="34"' in response.text


# ---------------------------------------------------------------------------- one phone, one seat


@pytest.mark.parametrize("workers", [0, 2], ids=["one process", "two worker processes"])
def test_one_phone_sending_two_takes_at_once_holds_one_seat(app_factory, workers):
    """Issue 27's probe: a phone that opened Ann's and Bob's links sent both takes in the same
    instant, and both won (20 of 20 rounds), so it read both hands. Each round now: one take wins,
    the other is refused (409), and the phone sees one hand only; with the production server's two
    worker processes too (issue 33)."""
    app = app_factory(**CONFIG)
    with serving_workers(app, workers) if workers else serving(app) as base:
        keeper = Phone(base)
        fields = keeper.hidden_fields("/matches/new")
        rounds = min(ROUNDS, 20)
        for _ in range(rounds):
            started = keeper.post("/matches/new", {
                "csrf_token": fields["csrf_token"], "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
                "ruleset": "classic", "first_dealer": "0", "match": "usual", "trump": "turn-up", "cards": "app"})
            assert started.status == 302, started.text[:500]
            match_id = int(started.location.rsplit("/", 1)[1])
            board = keeper.get(f"/matches/{match_id}").text
            tokens = list(dict.fromkeys(re.findall(r'href="[^"]*/hand/([\w-]+)"', board)))[:2]
            assert len(tokens) == 2
            probe = Phone(base)
            forms = [probe.hidden_fields(f"/hand/{token}") for token in tokens]  # both pages opened first
            answers = at_once(*(lambda token=token, form=form, probe=probe: probe.post(
                f"/hand/{token}/take", {"csrf_token": form["csrf_token"]}) for token, form in zip(tokens, forms, strict=True)))
            assert sorted(answer.status for answer in answers) == [303, 409], [a.status for a in answers]
            with app.app_context():
                holders = db.session.scalars(select(SeatHolder).where(SeatHolder.match_id == match_id)).all()
                assert len(holders) == 1
            # Its own hand, and the other seat's page, still free, with no card: only the way to take it.
            offers = ["take the seat" in probe.get(f"/hand/{token}").text for token in tokens]
            assert sorted(offers) == [False, True]


# ---------------------------------------------------------------------------- kept boards, two processes


def test_two_worker_processes_never_send_a_board_the_night_has_moved_past(app_factory):
    """A club night's board as the phones outside a table see it is made once on the server and
    kept a moment (serving/kept_pages.py), shared by the worker processes through the instance's
    folder. After the slowest table's save publishes a deal, no phone, on either process, is sent
    the board from before it (issue 33)."""
    from cardhelpers import join_set, new_set
    from webhelpers import phone as test_phone
    from webhelpers import post_deal as test_post_deal

    app = app_factory(WTF_CSRF_ENABLED=False, SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"timeout": 30}})
    keeper_a, keeper_b = test_phone(app, "192.168.1.7"), test_phone(app, "192.168.1.6")
    set_id = new_set(keeper_b)
    a, b = join_set(keeper_a, ["Ann", "Bob", "Cy"], set_id), join_set(keeper_b, ["Dee", "Eve", "Fay"], set_id)
    for keeper, match_id, number in ((keeper_a, a, 1), (keeper_b, b, 1), (keeper_a, a, 2)):
        assert test_post_deal(keeper, match_id, number, ["hidden"] * 3, [3, 3, 3]).status_code == 303

    def boards(base: str, count: int) -> list[str]:
        """A's board from ``count`` phones on the Wi-Fi, each on a new connection (so on either process)."""
        def one(n: int) -> str:
            request = urllib.request.Request(f"{base}/matches/{a}", headers={"X-Forwarded-For": f"192.168.2.{n}"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.read().decode()
        with ThreadPoolExecutor(8) as pool:
            return list(pool.map(one, range(count)))

    with serving_workers(app, 2) as base:
        before = boards(base, 24)
        assert all('id="deal-1"' in page and 'id="deal-2"' not in page for page in before)
        assert len(set(before)) == 1  # the same board for every phone, on both processes
        assert test_post_deal(keeper_b, b, 2, ["hidden"] * 3, [3, 3, 3]).status_code == 303  # deal 2 published
        after = boards(base, 24)
        assert all('id="deal-2"' in page for page in after), "a process sent the board from before deal 2"
