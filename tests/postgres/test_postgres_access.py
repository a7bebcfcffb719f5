"""Two app processes on one PostgreSQL database share who may write and the sign-in's rate limit:
nothing of either lives in one process's memory (access.py, passcode.py)."""

from __future__ import annotations

from webhelpers import deal_form, start_match

from scorer.web.policy import passcode

PASSCODE = "shared table"


def test_keepers_and_failed_sign_ins_live_in_the_database(postgres_app, postgres_url):
    one = postgres_app(postgres_url, SCORER_PASSCODE=PASSCODE)
    two = postgres_app(postgres_url, SCORER_PASSCODE=PASSCODE)
    # A phone signs in on process one and starts a match there: its keeper row is in the database.
    keeper = one.test_client()
    keeper.environ_base["REMOTE_ADDR"] = "192.168.1.10"
    assert keeper.post("/sign-in", data={"passcode": PASSCODE}).status_code == 303
    match_id = start_match(keeper, ["Ann", "Bob", "Cy"])
    # The same phone's next request reaches process two (same cookies): still signed in, still the keeper.
    moved = two.test_client()
    moved.environ_base["REMOTE_ADDR"] = "192.168.1.10"
    for cookie in keeper._cookies.values():
        moved.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)
    saved = moved.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [4, 3, 2], [4, 3, 2]))
    assert saved.status_code == 303, saved.text
    # A signed-in phone that is no keeper is refused on both.
    other = two.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.11"
    assert other.post("/sign-in", data={"passcode": PASSCODE}).status_code == 303
    assert other.post(f"/matches/{match_id}/deals/new", data=deal_form(2, [3, 3, 3], [4, 3, 2])).status_code == 403
    # Wrong passcodes from one address, split between the processes, count together.
    guessers = [app.test_client() for app in (one, two)]
    for guesser in guessers:
        guesser.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    for attempt in range(passcode.MAX_FAILURES):
        assert guessers[attempt % 2].post("/sign-in", data={"passcode": f"guess {attempt}"}).status_code == 422
    for guesser in guessers:
        assert guesser.post("/sign-in", data={"passcode": PASSCODE}).status_code == 429
