"""The site passcode (passcode.py): what is reachable without it, signing in, the rate limit kept in
the database, the session cookie's flags, and what a passcode holder may do (access.py)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update
from webhelpers import count, csrf_token, deal_form, start_match

from scorer.web.data.models import HandLink, KnownBrowser, Match, Player, SignInAttempt, SiteSession, now_utc
from scorer.web.extensions import db
from scorer.web.policy import passcode

PASSCODE = "green baize 42"
OPEN_GETS = ["/sign-in", "/static/app.css", "/manifest.webmanifest", "/sw.js", "/offline"]


def phone(app: Flask, address: str = "198.51.100.7") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def sign_in(client: FlaskClient, code: str = PASSCODE, next_page: str = "", base: str = "http://localhost"):
    page = client.get("/sign-in", base_url=base)
    assert page.status_code == 200
    query = f"?next={next_page}" if next_page else ""
    return client.post(f"/sign-in{query}", data={"passcode": code, "csrf_token": csrf_token(page.text)}, base_url=base,
                       headers={"Referer": f"{base}/sign-in"})  # Flask-WTF checks it over HTTPS


@pytest.fixture
def locked(app_factory) -> Flask:
    return app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE)


@pytest.fixture
def world(locked) -> dict:
    """An app-dealt match started by a signed-in phone, so there are hand pages and ids to try."""
    keeper = phone(locked, "198.51.100.20")
    assert sign_in(keeper).status_code == 303
    token = csrf_token(keeper.get("/matches/new").text)
    match_id = start_match(keeper, ["Ann", "Bob", "Cy"], "classic", cards="app", seed="3", csrf_token=token)
    keeper.get(f"/matches/{match_id}")
    with locked.app_context():
        hand = db.session.scalars(select(HandLink.token)).first()
        player = db.session.scalar(select(Player.id))
    return {"match_id": match_id, "hand": hand, "player": player, "keeper": keeper, "csrf": token}


def every_get_path(app: Flask, world: dict) -> list[tuple[str, str]]:
    values = {"match_id": world["match_id"], "number": 1, "player_id": world["player"], "set_id": 1, "seat": 0,
              "token": world["hand"], "key": "x", "filename": "app.css", "keeper_id": 1,
              "change_id": 1}
    found = []
    for rule in app.url_map.iter_rules():
        if "GET" in (rule.methods or set()):
            path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: str(values[m.group(1)]), rule.rule)
            found.append((rule.endpoint, path))
    return found


def test_without_the_passcode_every_page_but_the_open_ones_sends_to_sign_in(locked, world):
    for address in ("198.51.100.7", "127.0.0.1"):  # the server machine signs in too
        stranger = phone(locked, address)
        for endpoint, path in every_get_path(locked, world):
            answer = stranger.get(path)
            answer.close()  # a static file's response holds the file open
            if endpoint in passcode.OPEN:
                assert answer.status_code in (200, 403), (path, answer.status_code)  # a hand not yet taken: 403 page
                continue
            assert answer.status_code == 303, (path, answer.status_code)
            assert answer.headers["Location"].startswith("/sign-in"), path
    for path in OPEN_GETS:
        with phone(locked).get(path) as answer:
            assert answer.status_code == 200, path
    # The private hand page opens without the passcode (it carries its own token).
    hand = phone(locked).get(f"/hand/{world['hand']}")
    assert hand.status_code == 200 and "take the seat" in hand.text


def test_a_post_without_the_passcode_writes_nothing(locked, world):
    stranger = phone(locked)
    token = csrf_token(stranger.get("/sign-in").text)
    before = count(locked, Match)
    answer = stranger.post("/matches/new", data={"players-0": "X", "players-1": "Y", "players-2": "Z", "ruleset": "jokerless",
                                                 "first_dealer": "0", "match": "usual", "trump": "turn-up", "csrf_token": token})
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/sign-in")
    assert count(locked, Match) == before
    answer = stranger.post(f"/matches/{world['match_id']}/deals/new", data={**deal_form(1, [3, 3, 3], [3, 3, 3]),
                                                                              "csrf_token": token})
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/sign-in")


def test_signing_in_opens_the_site_and_makes_a_site_manager(locked, world):
    visitor = phone(locked)
    assert visitor.get("/history/").status_code == 303
    wrong = sign_in(visitor, "green baize 41")
    assert wrong.status_code == 422 and "That is not the site passcode." in wrong.text
    assert visitor.get("/history/").status_code == 303
    right = sign_in(visitor, next_page="/history/")
    assert right.status_code == 303 and right.headers["Location"] == "/history/"
    assert visitor.get("/history/").status_code == 200
    # A passcode holder may rename a player everywhere, from any address (access.py).
    page = visitor.get(f"/players/{world['player']}/rename")
    assert page.status_code == 200
    renamed = visitor.post(f"/players/{world['player']}/rename", data={"name": "Annie", "csrf_token": csrf_token(page.text)})
    assert renamed.status_code in (302, 303)
    with locked.app_context():
        assert db.session.get(Player, world["player"]).name == "Annie"
    # ... and is not a scorekeeper of a match until taking it over.
    match_id = world["match_id"]
    token = csrf_token(visitor.get("/matches/new").text)
    assert "Take over this match" in visitor.get(f"/matches/{match_id}").text
    assert visitor.post(f"/matches/{match_id}/deals/new", data={**deal_form(1, [3, 3, 3], [3, 3, 3]),
                                                                 "csrf_token": token}).status_code == 403
    assert visitor.post(f"/matches/{match_id}/take-over", data={"csrf_token": token}).status_code == 303
    assert "You keep this match's score" in visitor.get(f"/matches/{match_id}").text
    # Signing out closes the site again.
    assert visitor.post("/sign-out", data={"csrf_token": token}).status_code == 303
    assert visitor.get("/history/").status_code == 303


def test_a_new_passcode_signs_everybody_out(locked):
    visitor = phone(locked)
    assert sign_in(visitor).status_code == 303
    locked.config["SCORER_PASSCODE"] = "another one"
    assert visitor.get("/history/").status_code == 303


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])
def test_sign_in_never_sends_elsewhere(locked, target):
    answer = sign_in(phone(locked), next_page=target)
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_five_wrong_passcodes_lock_that_address_out_for_ten_minutes(locked):
    guesser, neighbour = phone(locked, "198.51.100.66"), phone(locked, "198.51.100.67")
    for attempt in range(passcode.MAX_FAILURES):
        assert sign_in(guesser, f"guess {attempt}").status_code == 422
    # Locked out: even the right passcode is not looked at.
    locked_out = sign_in(guesser)
    assert locked_out.status_code == 429 and "wait 10 minutes" in locked_out.text
    assert guesser.get("/history/").status_code == 303
    # Counted in the database, by address: another address is not held up.
    with locked.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(SignInAttempt)
                                 .where(SignInAttempt.address == "198.51.100.66")) == passcode.MAX_FAILURES
    assert sign_in(neighbour).status_code == 303
    # Ten minutes later the address may try again.
    with locked.app_context():
        db.session.execute(update(SignInAttempt).values(at=now_utc() - timedelta(minutes=11)))
        db.session.commit()
    assert sign_in(guesser).status_code == 303


def test_the_signed_in_cookie_is_httponly_lax_and_secure_over_https(locked):
    plain = sign_in(phone(locked))
    cookie = plain.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    answer = sign_in(phone(locked), base="https://localhost")
    assert answer.status_code == 303
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" in cookie


def test_without_a_passcode_nothing_changes(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False)
    visitor = phone(app)
    assert visitor.get("/history/").status_code == 200
    assert visitor.get("/sign-in").status_code == 303
    # A phone on the Wi-Fi is no site manager then: renaming is for the server machine.
    start_match(app.test_client(), ["Ann", "Bob", "Cy"])
    assert visitor.post("/players/1/rename", data={"name": "Annie"}).status_code == 403
    assert app.test_client().post("/players/1/rename", data={"name": "Annie"}).status_code in (302, 303)


def test_guesses_sent_at_once_are_each_counted_before_any_is_checked(locked):
    """40 wrong guesses from one address at the same moment: each is recorded before it is checked
    and checked only within the limit, so no more than ``MAX_FAILURES`` are looked at."""
    import threading

    guessers = [phone(locked, "198.51.100.80") for _ in range(40)]
    pages = [g.get("/sign-in").text for g in guessers]
    start, statuses = threading.Barrier(len(guessers)), []

    def guess(client: FlaskClient, page: str, number: int) -> None:
        start.wait()
        answer = client.post("/sign-in", data={"passcode": f"guess {number}", "csrf_token": csrf_token(page)},
                             headers={"Referer": "http://localhost/sign-in"})
        statuses.append(answer.status_code)

    threads = [threading.Thread(target=guess, args=(g, p, n)) for n, (g, p) in enumerate(zip(guessers, pages))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(set(statuses)) == [422, 429] and statuses.count(422) <= passcode.MAX_FAILURES


def test_guesses_from_many_addresses_meet_a_site_wide_limit_that_spares_known_browsers(locked):
    """Each address may make ``MAX_FAILURES`` wrong guesses, but all addresses together only
    ``SITE_MAX_FAILURES``: then a new browser is not even checked, whatever it sends. A browser that
    signed in here before, and the server machine, still sign in, so the owner is not locked out."""
    owner = phone(locked, "198.51.100.5")
    assert sign_in(owner).status_code == 303  # some day before: this browser is known now
    assert owner.post("/sign-out", data={"csrf_token": csrf_token(owner.get("/matches/new").text)}).status_code == 303
    for address in range(passcode.SITE_MAX_FAILURES // passcode.MAX_FAILURES):
        guesser = phone(locked, f"203.0.113.{address}")
        for attempt in range(passcode.MAX_FAILURES):
            assert sign_in(guesser, f"guess {attempt}").status_code == 422
    refused = sign_in(phone(locked, "203.0.113.200"))  # a new address with the right passcode
    assert refused.status_code == 429 and "from many addresses" in refused.text
    owner.environ_base["REMOTE_ADDR"] = "198.51.100.99"  # the owner's phone, from another network
    assert sign_in(owner).status_code == 303
    assert sign_in(phone(locked, "127.0.0.1")).status_code == 303  # the server machine itself


def test_signing_out_ends_the_session_for_every_copy_of_its_cookie(locked):
    """Issue 21: signing out used to drop the browser's cookie only, and a copy of it still opened
    the site from another address until the passcode was changed. The server now ends the session."""
    owner = phone(locked, "198.51.100.30")
    assert sign_in(owner).status_code == 303
    cookie = owner.get_cookie("session")
    assert cookie is not None
    thief = phone(locked, "203.0.113.9")
    thief.set_cookie("session", cookie.value)
    assert thief.get("/history/").status_code == 200  # the copy works while the session lasts
    token = csrf_token(owner.get("/matches/new").text)
    assert owner.post("/sign-out", data={"csrf_token": token}).status_code == 303
    assert thief.get("/history/").status_code == 303  # ended on the server: the copy opens nothing
    assert owner.get("/history/").status_code == 303
    # Another browser's session is its own: it stays signed in.
    other = phone(locked, "198.51.100.31")
    assert sign_in(other).status_code == 303
    assert sign_in(owner).status_code == 303
    assert owner.post("/sign-out", data={"csrf_token": csrf_token(owner.get("/matches/new").text)}).status_code == 303
    assert other.get("/history/").status_code == 200


def test_a_session_older_than_its_days_is_over(locked):
    visitor = phone(locked)
    assert sign_in(visitor).status_code == 303
    with locked.app_context():
        db.session.execute(update(SiteSession).values(created_at=now_utc() - timedelta(days=passcode.SESSION_DAYS + 1)))
        db.session.commit()
    assert visitor.get("/history/").status_code == 303


def flooded(app: Flask) -> None:
    """Strangers from many addresses use up the site-wide limit."""
    for address in range(passcode.SITE_MAX_FAILURES // passcode.MAX_FAILURES + 1):
        guesser = phone(app, f"203.0.113.{address}")
        for attempt in range(passcode.MAX_FAILURES):
            sign_in(guesser, f"guess {attempt}")
    assert sign_in(phone(app, "203.0.113.200")).status_code == 429


def known_owner(app: Flask) -> FlaskClient:
    owner = phone(app, "198.51.100.5")
    assert sign_in(owner).status_code == 303
    assert owner.post("/sign-out", data={"csrf_token": csrf_token(owner.get("/matches/new").text)}).status_code == 303
    return owner


def test_a_known_browsers_cookie_copied_to_many_addresses_gets_a_few_guesses_not_more(locked):
    """Issue 27's probe: the known-browser cookie, copied to 4 addresses, kept 20 of 20 guesses
    checked after the site-wide limit had closed for everyone else. Its own guesses now count from
    every address together: ``MAX_FAILURES`` checked, then it waits like everyone."""
    owner = known_owner(locked)
    cookie = owner.get_cookie(passcode.KNOWN_COOKIE)
    assert cookie is not None and len(cookie.value) >= 32
    with locked.app_context():  # the server keeps its hash, not the token
        stored = db.session.scalars(select(KnownBrowser.token_hash)).all()
    assert stored and cookie.value not in stored
    flooded(locked)
    statuses = []
    for address in range(4):
        copy = phone(locked, f"192.0.2.{address}")
        copy.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
        statuses += [sign_in(copy, f"try {address}-{n}").status_code for n in range(5)]
    assert statuses.count(422) == passcode.MAX_FAILURES and statuses.count(429) == 20 - passcode.MAX_FAILURES


def test_a_known_browser_is_known_for_the_passcode_it_signed_in_with_and_for_a_while(app_factory):
    first = app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE)
    owner = known_owner(first)
    cookie = owner.get_cookie(passcode.KNOWN_COOKIE)
    # A new passcode on the same database: the browser is no longer known.
    changed = app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE="a new passcode")
    flooded(changed)
    moved = phone(changed, "198.51.100.99")
    moved.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
    assert sign_in(moved, "a new passcode").status_code == 429
    # Back to the passcode it signed in with: known again, until its row's time is up.
    again = app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE)
    back = phone(again, "198.51.100.98")
    back.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
    with again.app_context():
        row = db.session.scalars(select(KnownBrowser)).one()
        left = row.expires_at.replace(tzinfo=None) - row.created_at.replace(tzinfo=None)
        assert left == timedelta(days=passcode.KNOWN_DAYS)
        db.session.execute(update(KnownBrowser).values(expires_at=now_utc() - timedelta(seconds=1)))
        db.session.commit()
    assert sign_in(back).status_code == 429
    # A cookie the server never gave is no known browser, whatever it looks like.
    forged = phone(again, "198.51.100.97")
    forged.set_cookie(passcode.KNOWN_COOKIE, "x" * 43)
    assert sign_in(forged).status_code == 429


# ---------------------------------------------------------------------------- the site manager's passcode

MANAGER = "only the organisers 7"


@pytest.fixture
def club(app_factory) -> Flask:
    """A club's server: members hold the site passcode, the organisers the site manager's."""
    return app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE, SCORER_MANAGER_PASSCODE=MANAGER)


def post_with_token(client: FlaskClient, path: str, data: dict) -> int:
    token = csrf_token(client.get("/matches/new").text)
    return client.post(path, data={**data, "csrf_token": token}).status_code


def ladder_rule(app: Flask) -> str:
    from scorer.web.data import ratings
    with app.app_context():
        return ratings.ladder_rule()


def test_with_a_managers_passcode_a_member_only_opens_the_site(club):
    """A member who holds the site passcode (to watch from home) cannot change what the ladder
    counts, confirm matches, rename or import: the site manager's passcode does, and opens the site too."""
    member, organiser = phone(club, "198.51.100.30"), phone(club, "198.51.100.31")
    assert sign_in(member).status_code == 303 and member.get("/history/").status_code == 200
    before = ladder_rule(club)
    assert post_with_token(member, "/stats/ratings/rule", {"rule": "confirmed"}) == 403
    refused = member.get("/stats/ratings/manage")
    assert refused.status_code == 403 and "Sign in as the site manager" in refused.text
    assert member.get("/import").status_code == 403
    assert ladder_rule(club) == before
    signed = sign_in(organiser, MANAGER)
    assert signed.status_code == 303
    assert organiser.get("/history/").status_code == 200  # the manager's passcode opens the site too
    assert organiser.get("/stats/ratings/manage").status_code == 200
    assert post_with_token(organiser, "/stats/ratings/rule", {"rule": "confirmed"}) == 303
    assert ladder_rule(club) != before
    # A new manager's passcode ends the manager's sign-in (back to the sign-in page: it held no
    # other passcode); the member's is untouched.
    club.config["SCORER_MANAGER_PASSCODE"] = "a new one"
    assert organiser.get("/stats/ratings/manage").status_code == 303
    assert member.get("/history/").status_code == 200


def test_a_managers_passcode_alone_leaves_the_site_open_and_guards_the_managers_rights(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True, SCORER_MANAGER_PASSCODE=MANAGER)
    stranger = phone(app, "198.51.100.40")
    assert stranger.get("/history/").status_code == 200  # no site passcode: the site is open
    assert stranger.get("/stats/ratings/manage").status_code == 403
    page = stranger.get("/sign-in")
    assert page.status_code == 200 and "Site manager's passcode" in page.text
    wrong = sign_in(stranger, PASSCODE)
    assert wrong.status_code == 422 and "That is not the site manager" in wrong.text
    with app.app_context():
        assert db.session.scalar(select(SignInAttempt.id)) is not None  # a wrong guess is counted
    assert sign_in(stranger, MANAGER).status_code == 303
    assert stranger.get("/stats/ratings/manage").status_code == 200


def test_with_the_managers_passcode_alone_a_new_one_forgets_the_browsers_known_under_the_old(app_factory):
    """Issue 32: with only the site manager's passcode set, a browser was known under the mark of
    the (unset) site passcode, which never changes: a former manager's browser, after the passcode
    was replaced, still had its guesses checked while the site-wide limit was closed. A browser is
    now known under the passcode it signed in with, the site manager's as the site's."""
    first = app_factory(WTF_CSRF_ENABLED=True, SCORER_MANAGER_PASSCODE=MANAGER)
    former = phone(first, "198.51.100.5")
    assert sign_in(former, MANAGER).status_code == 303
    cookie = former.get_cookie(passcode.KNOWN_COOKIE)
    assert cookie is not None
    changed = app_factory(WTF_CSRF_ENABLED=True, SCORER_MANAGER_PASSCODE="a new one")
    flooded(changed)
    moved = phone(changed, "198.51.100.99")
    moved.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
    refused = sign_in(moved, "a new one")
    assert refused.status_code == 429 and "from many addresses" in refused.text
    # Under the passcode it signed in with it is known again: its guesses are checked.
    again = app_factory(WTF_CSRF_ENABLED=True, SCORER_MANAGER_PASSCODE=MANAGER)
    back = phone(again, "198.51.100.98")
    back.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
    assert sign_in(back, MANAGER).status_code == 303
    # With both passcodes set, a browser known under one is not known under a new one of the other.
    both = app_factory(WTF_CSRF_ENABLED=True, SCORER_PASSCODE=PASSCODE, SCORER_MANAGER_PASSCODE="a new one")
    member = phone(both, "198.51.100.97")
    member.set_cookie(passcode.KNOWN_COOKIE, cookie.value)
    assert sign_in(member).status_code == 429

def test_without_a_managers_passcode_the_site_passcode_makes_the_site_manager(locked):
    member = phone(locked, "198.51.100.50")
    assert sign_in(member).status_code == 303
    assert member.get("/stats/ratings/manage").status_code == 200
