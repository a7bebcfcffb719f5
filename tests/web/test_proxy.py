"""Behind a reverse proxy (``SCORER_BEHIND_PROXY``): the client's address and scheme come from the
proxy's X-Forwarded-For/-Proto, only when the request came from the proxy on this machine; without
the setting those headers are ignored, and a request carrying them is never the server machine."""

from __future__ import annotations

import pytest
from webhelpers import start_match


def rename(app, address: str, headers: dict[str, str]) -> int:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client.post("/players/1/rename", data={"name": "Annie"}, headers=headers).status_code


@pytest.fixture
def direct(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False)
    start_match(app.test_client(), ["Ann", "Bob", "Cy"])
    return app


@pytest.fixture
def proxied(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, SCORER_BEHIND_PROXY=True)
    start_match(app.test_client(), ["Ann", "Bob", "Cy"])
    return app


def test_without_the_setting_a_forged_forwarded_for_makes_no_server_machine(direct):
    assert rename(direct, "198.51.100.7", {"X-Forwarded-For": "127.0.0.1"}) == 403
    # A proxy on this machine set up without SCORER_BEHIND_PROXY: its visitors are not the server.
    assert rename(direct, "127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}) == 403
    assert rename(direct, "127.0.0.1", {}) in (302, 303)


def test_without_the_setting_forwarded_proto_is_ignored(app_factory):
    answer = app_factory().test_client().get("/matches/new", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in answer.headers["Set-Cookie"]


def test_behind_the_proxy_the_client_is_judged_never_the_proxy(proxied):
    # Through the proxy (which is on 127.0.0.1) from the internet: not the server machine.
    assert rename(proxied, "127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}) == 403
    # Straight to the app's port from elsewhere, forging the header: its own address counts.
    assert rename(proxied, "198.51.100.7", {"X-Forwarded-For": "127.0.0.1"}) == 403
    # Through the proxy from the server machine itself.
    assert rename(proxied, "127.0.0.1", {"X-Forwarded-For": "127.0.0.1"}) in (302, 303)


def test_behind_the_proxy_https_makes_the_cookies_secure(app_factory):
    proxied = app_factory(SCORER_BEHIND_PROXY=True)  # CSRF on: the form's token sets the session cookie
    client = proxied.test_client()
    answer = client.get("/matches/new", headers={"X-Forwarded-For": "203.0.113.5", "X-Forwarded-Proto": "https"})
    assert "Secure" in answer.headers["Set-Cookie"]
    forged = proxied.test_client()
    forged.environ_base["REMOTE_ADDR"] = "198.51.100.7"
    answer = forged.get("/matches/new", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in answer.headers["Set-Cookie"]


def test_the_setting_is_read_from_the_environment(app_factory, monkeypatch, tmp_path):
    from scorer import create_app

    monkeypatch.setenv("SCORER_BEHIND_PROXY", "yes")
    monkeypatch.setenv("SCORER_PASSCODE", "from the environment")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "x")
    app = create_app()
    assert app.config["SCORER_BEHIND_PROXY"] is True and app.config["SCORER_PASSCODE"] == "from the environment"
