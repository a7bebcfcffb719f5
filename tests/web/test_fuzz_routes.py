"""Odd requests get 400/404/422 with a message, never a 500, and a refused request writes nothing.

Every route of ``app.url_map`` is driven with odd values in its path arguments, its query string
and its form fields (the names read from the route's own GET page, plus the query names the
views read): first a fixed list of the values that used to break it (ids beyond 64 bits, Unicode
digits, 5,000-digit numbers, the calendar's edges, NUL, text-direction overrides), then random
ones from hypothesis, a bounded number per route so that the run stays within seconds.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event, text
from webhelpers import post_deal, start_match

from scorer.web.extensions import db

ODD = [
    "99999999999999999999", "2147483648", "2147483647", "9223372036854775808", "-1", "0", "1e20", "1.5",
    "²", "①", "١٢", "٣", "9" * 5000, "", " ", "\x00", "a\x00b", "NaN", "inf", "0001-01-01", "9999-12-31",
    "1-01-01", "9999-12-31T23:59:59+14:00", "\u202eevil", "\u200b", "%", "../../etc/passwd", "<script>", "ÿ" * 300,
    "true", "[]", "{}", "hidden", "DSC", "Joker", "AS",
]
# In a path argument: the numbers and the characters that matter there.
ODD_PATH = [*ODD[:13], "\x00", "%", "../../etc/passwd", "\u202eevil", "<script>"]
# Query names the views read besides the fields of their pages.
QUERY_NAMES = ["page", "player", "ruleset", "start", "end", "state", "paper", "deals", "deal_set", "number",
               "change", "seed", "players", "format", "action"]
SKIP = {"static"}


class WriteCounter:
    """Counts commits that followed an INSERT, UPDATE or DELETE on any connection of the app:
    unchanged across a request means the request stored nothing (a write rolled back is fine)."""

    def __init__(self, engine: Any) -> None:
        self.commits = 0
        self.pending: set[int] = set()
        event.listen(engine, "before_cursor_execute", self.executed)
        event.listen(engine, "commit", self.committed)
        event.listen(engine, "rollback", self.rolled_back)

    def executed(self, conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        words = statement.split()
        if words[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            self.pending.add(id(conn.connection))

    def committed(self, conn: Any) -> None:
        if id(conn.connection) in self.pending:
            self.pending.discard(id(conn.connection))
            self.commits += 1

    def rolled_back(self, conn: Any) -> None:
        self.pending.discard(id(conn.connection))


@pytest.fixture
def world(app_factory) -> dict[str, Any]:
    """An app with a bit of everything: a table match with deals, an app-dealt match, a deal set."""
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    table = start_match(client, ["Ann", "Bob", "Cy"])
    assert post_deal(client, table, 1, [4, 3, 2], [4, 3, 2]).status_code == 303
    dealt = start_match(client, ["Di", "Ed", "Flo"], "classic", cards="app", seed="7")
    client.post("/deal-sets/new", data={"name": "Set", "ruleset": "classic", "count": "3", "first_dealer": "0",
                                        "trump": "turn-up"})
    with app.app_context():
        token = db.session.execute(text("SELECT token FROM hand_links LIMIT 1")).scalar()
        key = db.session.execute(text("SELECT key FROM deal_sets LIMIT 1")).scalar()
        player = db.session.execute(text("SELECT id FROM players LIMIT 1")).scalar()
    with app.app_context():
        counter = WriteCounter(db.engine)
    ids = {"match_id": str(dealt), "number": "1", "player_id": str(player), "set_id": "1", "seat": "0", "keeper_id": "1",
           "token": token or "x", "key": key or "x", "change_id": "1", "change": "admit"}
    return {"app": app, "client": client, "ids": ids, "table": table, "writes": counter}


def routes(app: Flask) -> list[tuple[str, str, list[str]]]:
    """(endpoint, method, argument names) of every route but the static files."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in SKIP:
            continue
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            found.append((rule.rule, method, sorted(rule.arguments)))
    return found


def build(rule: str, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: quote(values[m.group(1)], safe=""), rule)


def field_names(client: FlaskClient, url: str) -> list[str]:
    page = client.get(url)
    names = set(re.findall(r'name="([^"]+)"', page.text)) if page.mimetype == "text/html" else set()
    return sorted((names - {"csrf_token"}) | set(QUERY_NAMES))


def send(world: dict[str, Any], rule: str, method: str, path: dict[str, str], fields: dict[str, str]) -> None:
    client = world["client"]
    url = build(rule, {**world["ids"], **path})
    before = world["writes"].commits
    response = client.get(url, query_string=fields) if method == "GET" else client.post(url, data=fields)
    assert response.status_code < 500, (method, url, fields, response.status_code)
    if response.status_code >= 400:
        assert world["writes"].commits == before, f"{method} {url} {fields!r} was refused ({response.status_code}) but wrote"
        if response.mimetype == "text/html":
            assert "<h1" in response.text or "error" in response.text  # a page that says what is wrong


def test_fixed_odd_values_in_every_slot(world):
    """Each odd value in each path argument of every route, and in every field of it at once."""
    app, client = world["app"], world["client"]
    for rule, method, arguments in routes(app):
        names = field_names(client, build(rule, world["ids"])) if method == "GET" else QUERY_NAMES
        for value in ODD_PATH:
            for argument in arguments:
                send(world, rule, method, {argument: value}, {})
        for value in ODD:
            send(world, rule, method, {}, dict.fromkeys(names, value))


@st.composite
def requests(draw: st.DrawFn, world: dict[str, Any]) -> tuple[str, str, dict[str, str], dict[str, str]]:
    rule, method, arguments = draw(st.sampled_from(routes(world["app"])))
    value = st.one_of(st.sampled_from(ODD), st.text(max_size=40), st.integers().map(str),
                      st.integers(min_value=0, max_value=20).map(str))
    path = {argument: draw(value) for argument in arguments if draw(st.booleans())}
    fields = draw(st.dictionaries(st.sampled_from(world["fields"][rule]), value, max_size=8))
    return rule, method, path, fields


def test_random_values_in_every_route(world):
    """Random values into random path arguments and fields (those of the route's own page, with
    the deal form's for the routes that only take a POST): a bounded run, seconds long."""
    app, client = world["app"], world["client"]
    deal_fields = field_names(client, f"/matches/{world['table']}/deals/new")
    world["fields"] = {rule: sorted(set(field_names(client, build(rule, world["ids"]))) | set(deal_fields))
                       for rule in {rule for rule, _, _ in routes(app)}}

    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(requests(world))
    def check(request: tuple[str, str, dict[str, str], dict[str, str]]) -> None:
        rule, method, path, fields = request
        send(world, rule, method, path, fields)

    check()
